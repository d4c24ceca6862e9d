#pragma once
/// \file
/// The cloth's filled mesh and its level of detail, on the GPU: the cells' triangles (built by
/// logic/cloth_mesh.h from the live constraints, so a cut shows as a gap) drawn from the same
/// position buffer as the lines (uploaded, or the GPU solver's own), shaded front and back and
/// coloured by a per-vertex value through the strain or speed table; and the decimated lines
/// that the renderer draws instead of every constraint when cells are too small to tell apart.
/// The renderer's cloth mesh pass (drawCloth).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include <glad/gl.h>
#include <glm/vec2.hpp>

#include "logic/cloth_mesh.h"
#include "render/gl_program.h"
#include "render/program_cache.h"
#include "render/render_types.h"

namespace pbd::app {

/// The view as the shaders take it: window pixels of world (0, 0), pixels per metre, and the
/// window's size in window pixels.
struct ViewTransform {
    glm::vec2 origin{0.0f};
    float zoom = 1.0f;
    glm::vec2 windowSize{1.0f};
};

/// How the filled mesh is coloured: by a value per particle through a colour table.
struct MeshColoring {
    enum class Map { Strain, Speed };
    Map map = Map::Strain;
    std::span<const float> values; ///< one per particle: mean signed strain, or speed in m/s
    GLuint table = 0;              ///< the map's 1D texture (the renderer's)
    double scale = 1.0;            ///< the value at which the colour saturates, > 0
};

/// The filled mesh's colouring this frame, as the lines' (by strain: each vertex the mean
/// strain of the lines in `lines` that touch it, into `vertexStrains`, `counts` scratch) or
/// the discs' (by speed: one per particle), else nothing (the cloth's own colours);
/// `strainTable` and `speedTable` the cache's colour tables. The 2D mesh's and the 3D one's.
std::optional<MeshColoring> meshColoringOf(const LineSet& lines, std::size_t particles,
                                           const LineColoring* coloring,
                                           const ParticleColoring* particleColoring,
                                           GLuint strainTable, GLuint speedTable,
                                           std::vector<float>& vertexStrains,
                                           std::vector<std::uint16_t>& counts);

/// Owns its vertex array, triangle indices and per-vertex values; its program and colour
/// tables are the cache's. Needs a current OpenGL 3.3 core context for its whole life.
class MeshRenderer {
public:
    explicit MeshRenderer(ProgramCache& programs);
    ~MeshRenderer();
    MeshRenderer(const MeshRenderer&) = delete;
    MeshRenderer& operator=(const MeshRenderer&) = delete;

    /// Points the triangles' positions at `buffer` (float x, y pairs in world metres).
    void pointAt(GLuint buffer);
    /// The cloth's grid and live constraints changed (restart, tear, cut): the triangles and
    /// decimated lines are rebuilt when next asked for.
    void setGrid(int width, int height, std::span<const DistanceConstraint> constraints,
                 std::span<const std::uint8_t> alive);
    /// The grid as last set (empty for a cloth that is not a grid of at least 2 x 2).
    const GridEdges& edges() const { return edges_; }
    /// The decimated lines for `step` >= 2, rebuilt only when the step or the grid changed.
    const LineSet& decimatedLines(int step);
    /// Draws the triangles for `step` (1: every cell) with the view `view`, shaded by how far
    /// each is stretched from its rest spacing (`spacing`: across and down, metres);
    /// `coloring` null: the cloth colour. Leaves its program in use.
    void draw(int step, const ViewTransform& view, glm::vec2 spacing,
              const MeshColoring* coloring);
    /// The pass: the triangles for `step` in `viewport`, coloured as the lines (by strain:
    /// each vertex the mean strain of its lines in `lines`, the live constraints) or the discs
    /// (by speed), else the cloth colour; `particles`: the particles drawn.
    void drawCloth(const Camera& camera, const Viewport& viewport, int step, glm::dvec2 spacing,
                   const LineSet& lines, std::size_t particles, const LineColoring* coloring,
                   const ParticleColoring* particleColoring);
    /// Triangles drawn by the last draw().
    std::size_t triangles() const { return triangles_.size() / 3; }

private:
    const GlProgram& program_;
    GLuint strainTable_ = 0, speedTable_ = 0; ///< the cache's colour tables
    GLint origin_ = -1, zoom_ = -1, windowSize_ = -1, mode_ = -1, color_ = -1, map_ = -1,
          scale_ = -1, backShade_ = -1, gridWidth_ = -1, spacing_ = -1, stretchShade_ = -1;
    GLuint vao_ = 0, indexBuffer_ = 0, valueBuffer_ = 0;
    std::size_t valueCapacity_ = 0; ///< bytes
    GridEdges edges_;
    std::uint64_t gridVersion_ = 1;     ///< changes with setGrid
    std::uint64_t trianglesVersion_ = 0; ///< the grid version the uploaded triangles are of
    int trianglesStep_ = 0;
    std::vector<std::uint32_t> triangles_;
    std::uint64_t linesVersion_ = 0;
    int linesStep_ = 0;
    LineSet lines_;
    std::vector<float> vertexStrains_;        ///< filled by strain: each particle's mean
    std::vector<std::uint16_t> strainCounts_; ///< scratch for vertexStrains_
};

} // namespace pbd::app
