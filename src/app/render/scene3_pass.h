#pragma once
/// \file
/// The 3D view's shaded picture: the cloth as a lit mesh whose two sides differ, the
/// obstacles and balls as shaded solids, the ground and planes with a faint metre grid, all in
/// the shadow of the cloth and the world (one shadow-map pass from a directional light, then
/// one lit pass). GL-free builders make the geometry (logic/cloth_mesh.h: the triangles and
/// their normals; logic/solid_meshes.h: the world); this pass uploads and draws it.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include <glad/gl.h>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "logic/orbit_camera.h"
#include "logic/solid_meshes.h"
#include "render/mesh_renderer.h"
#include "render/program_cache.h"
#include "render/render_types.h"

namespace pbd::app {

/// How the 3D picture is lit and coloured.
struct Shading3 {
    glm::dvec3 toLight{0.35, 1.0, 0.45};   ///< towards the light (normalised when drawn)
    glm::vec3 clothFront{0.80f, 0.38f, 0.30f};
    glm::vec3 clothBack{0.45f, 0.55f, 0.75f};
    glm::vec3 solid{0.62f, 0.66f, 0.72f};  ///< obstacles and balls
    glm::vec3 ground{0.80f, 0.80f, 0.78f}; ///< the ground and planes
    glm::vec3 background{0.93f, 0.93f, 0.93f};
    float ambient = 0.35f;
    float specular = 0.25f;
    bool shadows = true;
    /// The cloth coloured by a value per particle (strain or speed); null: its two colours.
    const MeshColoring* coloring = nullptr;
    /// The cloth's triangles' edges drawn over it (--wireframe), in this colour.
    bool wireframe = false;
    glm::vec3 wire{0.18f, 0.18f, 0.22f};
};

/// One mesh on the GPU: positions, normals and values as floats, triangles as indices.
class SurfaceBuffers {
public:
    SurfaceBuffers();
    ~SurfaceBuffers();
    SurfaceBuffers(const SurfaceBuffers&) = delete;
    SurfaceBuffers& operator=(const SurfaceBuffers&) = delete;

    /// Uploads the mesh (values: one per vertex, or empty for zeros); the indices only when
    /// `indicesVersion` differs from the last upload's (0: always), as they change seldom.
    void upload(std::span<const glm::vec3> positions, std::span<const glm::vec3> normals,
                std::span<const float> values, std::span<const std::uint32_t> indices,
                std::uint64_t indicesVersion = 0);
    /// Draws `indices` (uploaded as upload() does, by `indicesVersion`) over vertices in other
    /// buffers: float x, y, z positions and normals per vertex (a GPU solver's), values 0.
    /// The next upload() takes its own back.
    void pointAt(GLuint positions, GLuint normals, std::span<const std::uint32_t> indices,
                 std::uint64_t indicesVersion = 0);
    /// Draws its triangles with the program in use.
    void draw() const;
    std::size_t triangles() const { return indexCount_ / 3; }

private:
    GLuint vao_ = 0, positions_ = 0, normals_ = 0, values_ = 0, indices_ = 0;
    GLsizei indexCount_ = 0;
    std::uint64_t indicesVersion_ = 0; ///< of the indices uploaded (0: none kept)
    /// Points the vertex array's attributes at these buffers (0: a constant 0 value).
    void attach(GLuint positions, GLuint normals, GLuint values);
    /// Sends `indices` when `indicesVersion` differs from the last one sent (0: always).
    void uploadIndices(std::span<const std::uint32_t> indices, std::uint64_t indicesVersion);
};

/// Needs a current OpenGL 3.3 core context for its whole life.
class Scene3Pass {
public:
    static constexpr int kShadowMapSize = 2048; ///< texels a side, by default

    /// `shadowMapSize`: texels a side of the shadow map (a software renderer pays for each).
    explicit Scene3Pass(ProgramCache& programs, int shadowMapSize = kShadowMapSize);
    ~Scene3Pass();
    Scene3Pass(const Scene3Pass&) = delete;
    Scene3Pass& operator=(const Scene3Pass&) = delete;

    /// The cloth this frame: its particles' positions and the triangles to draw (three
    /// indices each, logic/cloth_mesh.h's meshTriangles), sent to the GPU only when
    /// `trianglesVersion` changed (0: every time); its normals are computed here without a
    /// per-frame allocation; `values` one per particle when coloured by a map.
    void setCloth(std::span<const glm::dvec3> positions, std::span<const std::uint32_t> triangles,
                  std::uint64_t trianglesVersion = 0, std::span<const float> values = {});
    /// The cloth this frame from a GPU solver's buffers (GpuSolver::renderSurface3: float
    /// positions and normals per particle), nothing read back; releaseGpuCloth() or the next
    /// setCloth() lets go of them. The triangles as setCloth() takes them.
    void setGpuCloth(GLuint positions, GLuint normals, std::span<const std::uint32_t> triangles,
                     std::uint64_t trianglesVersion = 0);
    /// Lets go of the GPU solver's buffers (before they are freed).
    void releaseGpuCloth();
    /// The world: its obstacles and balls; the ground and planes drawn as squares of side
    /// 2 `planeHalfSide` at least around `focus`. Built and sent only when the obstacles or
    /// balls changed, or the squares no longer cover what they must (the focus moved a
    /// quarter of their half side, or they must grow, or are four times too large).
    void setWorld(std::span<const Obstacle3> obstacles, std::span<const BallOf<3>> balls,
                  glm::dvec3 focus, double planeHalfSide);
    /// How many times setWorld() built the world's meshes (for tests).
    std::size_t worldBuilds() const { return worldBuilds_; }
    /// Draws the canvas of `viewport` (cleared to the background) as `camera` sees it. The
    /// shadow map covers the sphere of `shadowRadius` m around `shadowCentre` (the cloth and
    /// the world it touches).
    void draw(const OrbitCamera& camera, const Viewport& viewport, const Shading3& shading,
              glm::dvec3 shadowCentre, double shadowRadius);

    std::size_t clothTriangles() const { return cloth_.triangles(); }
    std::size_t worldTriangles() const { return solids_.triangles() + planes_.triangles(); }
    /// The light's projection * view of the last draw (for tests).
    const glm::mat4& lightViewProjection() const { return lightViewProjection_; }

private:
    void drawShadowMap(const Shading3& shading);

    const GlProgram& shaded_;
    const GlProgram& shadow_;
    GLint uViewProjection_ = -1, uLightViewProjection_ = -1, uFront_ = -1, uBack_ = -1,
          uToLight_ = -1, uEye_ = -1, uAmbient_ = -1, uSpecular_ = -1, uShadowMap_ = -1,
          uMode_ = -1, uColorMap_ = -1, uScale_ = -1, uGrid_ = -1, uShadowLight_ = -1;
    SurfaceBuffers cloth_, solids_, planes_;
    std::vector<glm::vec3> clothPositions_, clothNormals_;
    SolidMesh world_, worldPlanes_;
    std::vector<Obstacle3> worldObstacles_; ///< what world_ and worldPlanes_ were built from
    std::vector<BallOf<3>> worldBalls_;
    glm::dvec3 planeFocus_{0.0};
    double planeHalfSide_ = 0.0; ///< 0: not built yet
    std::size_t worldBuilds_ = 0;
    int shadowMapSize_ = kShadowMapSize;
    GLuint shadowTexture_ = 0, shadowFramebuffer_ = 0;
    glm::mat4 lightViewProjection_{1.0f};
};

} // namespace pbd::app
