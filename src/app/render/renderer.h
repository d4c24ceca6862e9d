#pragma once
/// \file
/// Draws the canvas: a light grey (#EEEEEE) background, the axes, constraints as smooth grey
/// lines (or coloured by strain), particles as blue discs (or coloured by speed), the grabbed particle red and larger,
/// the particle under the pointer orange, and a rounded frame (the page's picture). Geometry
/// lives in GPU buffers: constraint indices are uploaded when the constraints change, discs
/// instanced, and the positions come from one of two sources: streamed from the CPU once per
/// frame (upload), or read where they already are on the GPU (useGpuPositions: the GPU
/// solver's buffer, nothing copied). When part of the cloth is out of view
/// only what is in view is drawn, and discs under 2 pixels are not drawn at all (a software
/// renderer's cost is per primitive). The cloth is drawn as lines, filled triangles or both
/// (setDrawMode); cells under kLodMinCellPixels are drawn decimated (cloth_mesh.h): lines as
/// every k-th row and column, triangles as cells of k x k.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include <glad/gl.h>
#include <glm/vec2.hpp>

#include "logic/camera.h"
#include "logic/cloth_mesh.h"
#include "logic/obstacle_geometry.h"
#include "render/gl_program.h"
#include "render/mesh_renderer.h"
#include "pbd/cloth.h"

namespace pbd::app {

/// Where to draw, in window coordinates (the camera's) and framebuffer pixels (GL's).
struct Viewport {
    glm::dvec2 windowSize{0.0};        ///< window coordinates
    glm::ivec2 framebufferSize{0};     ///< pixels
    glm::dvec2 canvasOffset{0.0};      ///< top-left of the canvas, window coordinates
    glm::dvec2 canvasSize{0.0};        ///< window coordinates
    double logicalScale = 1.0;         ///< window pixels per CSS pixel of the page
};

/// The particles drawn apart from the others.
struct Highlights {
    std::optional<Index> grabbed; ///< red, larger, on top
    std::optional<Index> hovered; ///< the particle a left click would grab now
    std::span<const Index> pinned; ///< pinned particles (fixed corners too): dark rings
};

/// Lines coloured by strain (see strain_colors.h).
struct LineColoring {
    std::span<const float> strains; ///< signed strain per constraint (all, in core order)
    double scale = 1.0;             ///< strain at which the colour saturates, > 0
};

/// Particles coloured by speed (see speed_colors.h).
struct ParticleColoring {
    std::span<const float> speeds; ///< speed per particle in m/s (all, in core order)
    double scale = 1.0;            ///< speed at which the colour saturates, m/s, > 0
};

/// Owns the programs, vertex arrays and buffers. Needs a current OpenGL 3.3 core context for
/// its whole life; the constructor throws AppError when a shader fails.
class Renderer {
public:
    static constexpr double kParticleRadius = 0.025; ///< metres, as on the page (the default)
    static constexpr double kGrabbedScale = 3.0;     ///< the grabbed disc is this much larger
    /// The grabbed disc's smallest radius in window pixels (6 px across at any zoom).
    static constexpr double kGrabbedMinRadius = 3.0;
    static constexpr double kHoveredScale = 2.0;     ///< the hovered disc is this much larger
    /// The hovered disc's smallest radius in window pixels.
    static constexpr double kHoveredMinRadius = 4.0;
    static constexpr double kPinnedScale = 1.8;      ///< a pinned disc is this much larger
    /// A pinned disc's smallest radius in window pixels.
    static constexpr double kPinnedMinRadius = 3.5;

    Renderer();
    ~Renderer();
    Renderer(const Renderer&) = delete;
    Renderer& operator=(const Renderer&) = delete;

    /// Sets the particles' disc radius in metres (> 0; discRadius() of the cloth), from which
    /// the highlight markers are scaled too. kParticleRadius until set.
    void setParticleRadius(double metres) { particleRadius_ = metres; }
    /// Sets a cell's rest sides in metres (> 0): the level of detail follows the smaller one
    /// and the zoom, the filled mesh's shading compares with both. 0 (the default): never
    /// decimated, never filled.
    void setCellSize(double across, double down)
    {
        cellMetres_ = std::min(across, down);
        cellSpacing_ = {across, down};
    }
    /// Lines (the page's picture), filled triangles or both; Lines until set.
    void setDrawMode(DrawMode mode) { drawMode_ = mode; }
    /// Copies the obstacles to draw beneath the cloth (filled, outlined; a ground as its
    /// half-plane), once per frame beside the positions (they move with scripts and replays).
    void setObstacles(std::span<const Obstacle> obstacles)
    {
        obstacles_.assign(obstacles.begin(), obstacles.end());
    }
    /// Copies the balls, drawn over the obstacles as discs of their own colours, and the
    /// selected obstacle or ball, drawn highlighted (logic/obstacle_geometry.h).
    void setBalls(std::span<const Ball> balls, std::optional<WorldItem> selected)
    {
        balls_.assign(balls.begin(), balls.end());
        selected_ = selected;
    }

    /// Uploads the index pairs of the live constraints (alive[k] != 0), after every restart,
    /// tear or cut; `width` x `height` is the cloth's grid (particles per row and column), for
    /// the filled mesh and the decimated lines (0 x 0: lines only, never decimated).
    void setConstraints(std::span<const DistanceConstraint> constraints,
                        std::span<const std::uint8_t> alive, int width = 0, int height = 0);
    /// The level-of-detail step of the lines drawn last (1: every constraint).
    int lineStep() const { return lineStep_; }
    /// Streams the positions to the GPU, once per frame: converted to float into a buffer kept
    /// from frame to frame (no allocation unless the particle count grows) and uploaded in one
    /// call into storage of the same size. The positions must stay unchanged until draw().
    void upload(std::span<const glm::dvec2> positions);
    /// The other source: draws from `buffer`, `count` float (x, y) pairs in world metres that
    /// stay on the GPU (the GPU solver's positions, on this context), as vertex and instance
    /// attributes; nothing is copied. Nothing is culled then (no positions on the CPU to cull
    /// with; the GPU clips). The buffer must live until the next upload() or
    /// releaseGpuPositions(). Cheap to call every frame: the attributes are re-pointed only
    /// when the buffer changes.
    void useGpuPositions(GLuint buffer, std::size_t count);
    /// Stops reading the GPU buffer (before its owner frees it); the next draw needs upload().
    void releaseGpuPositions();
    /// True while drawing from a GPU buffer (useGpuPositions).
    bool drawsGpuPositions() const { return source_ != positionBuffer_; }
    /// Clears the window and draws the canvas with the positions of the last upload (or the
    /// GPU buffer). Makes no
    /// GL call at all for an empty window or framebuffer (a minimised window).
    /// `coloring`: colour the lines by strain, or the page's grey when null.
    /// `particleColoring`: colour the particles' discs by speed, or the page's blue when null;
    /// the speeds go to a per-instance attribute buffer of their own, beside the positions.
    void draw(const Highlights& highlights, const Camera& camera, const Viewport& viewport,
              const LineColoring* coloring = nullptr,
              const ParticleColoring* particleColoring = nullptr);

private:
    struct ViewUniforms {
        GLint origin = -1, zoom = -1, windowSize = -1;
    };
    void setView(const ViewUniforms& u, const Camera& camera, const Viewport& viewport) const;
    /// One disc on top of the others, read from particle `index`'s slot.
    void drawMarker(Index index, double radius, double minRadius, const std::array<float, 4>& color);

    GlProgram axesProgram_{"axes.vert.glsl", "axes.frag.glsl"};
    GlProgram linesProgram_{"lines.vert.glsl", "lines.frag.glsl"};
    GlProgram discsProgram_{"discs.vert.glsl", "discs.frag.glsl"};
    GlProgram frameProgram_{"frame.vert.glsl", "frame.frag.glsl"};
    ViewUniforms axesView_, linesView_, discsView_;
    GLint linesColor_ = -1, linesByStrain_ = -1, linesStrains_ = -1, linesColorMap_ = -1,
          linesStrainScale_ = -1;
    GLuint strainBuffer_ = 0, strainTexture_ = 0; ///< per drawn line, per frame
    GLuint colorMapTexture_ = 0;                  ///< strainColorTable()
    std::size_t strainCapacity_ = 0;              ///< bytes
    MeshRenderer mesh_;                           ///< the filled mesh, decimated lines
    DrawMode drawMode_ = DrawMode::Lines;
    double cellMetres_ = 0.0;                     ///< setCellSize: the smaller side
    glm::dvec2 cellSpacing_{0.0};                 ///< setCellSize: across, down
    LineSet fullLines_;                           ///< every live constraint, in core order
    const LineSet* lines_ = &fullLines_;          ///< the lines uploaded: full or decimated
    int lineStep_ = 1;                            ///< the level of detail of lines_
    std::vector<float> vertexStrains_;            ///< filled by strain: each particle's mean
    std::vector<std::uint16_t> strainCounts_;     ///< scratch for vertexStrains_
    std::vector<std::uint32_t> culledLineIds_;    ///< uploaded line of each culled line
    std::vector<float> lineStrains_;              ///< strain of each drawn line, this frame
    GLint discsColor_ = -1, discsRadius_ = -1, discsSkip_ = -1, discsPixelScale_ = -1;
    GLint discsMinRadius_ = -1;
    GLint discsBySpeed_ = -1, discsSpeedMap_ = -1, discsSpeedScale_ = -1;
    GLuint speedMapTexture_ = 0;                  ///< speedColorTable()
    GLuint speedBuffer_ = 0;                      ///< per particle, per frame (by speed)
    GLuint culledSpeedBuffer_ = 0;                ///< per disc in view, per frame (by speed)
    std::size_t speedCapacity_ = 0, culledSpeedCapacity_ = 0; ///< bytes
    std::vector<float> culledSpeeds_;             ///< speeds of the discs in view
    struct FrameUniforms {
        GLint rectMin = -1, rectMax = -1, windowSize = -1, inset = -1, radius = -1, border = -1,
              pixelScale = -1, borderColor = -1, outsideColor = -1;
    } frame_;

    void drawLines(bool culled, const LineColoring* coloring);
    void drawDiscs(const Highlights& highlights, bool culled, double pixelScale,
                   const ParticleColoring* coloring);
    void drawFrame(const Viewport& viewport, double pixelScale);
    /// The obstacles (setObstacles) in `view`, with the axes' program (renderer_obstacles.cpp).
    void drawObstacles(const Camera& camera, const WorldRect& view);
    /// Uploads `lines` as the lines drawn (full or decimated).
    void useLines(const LineSet& lines, int step);
    /// The filled mesh with the view, coloured as the lines (by strain) or the discs (speed).
    void drawMesh(const Camera& camera, const Viewport& viewport, double cellPixels,
                  const LineColoring* coloring, const ParticleColoring* particleColoring);
    /// Points the lines' vertex and the discs' instance attributes at `buffer`.
    void pointAt(GLuint buffer);

    GLuint axesVao_ = 0, axesVbo_ = 0;
    GLuint linesVao_ = 0, indexBuffer_ = 0;
    GLuint culledLinesVao_ = 0, culledIndexBuffer_ = 0; ///< the lines in view, per frame
    GLuint discsVao_ = 0, quadVbo_ = 0;
    GLuint culledDiscsVao_ = 0, culledPositionBuffer_ = 0; ///< the discs in view, per frame
    GLuint frameVao_ = 0, frameVbo_ = 0; ///< the frame's band, window pixels, per frame
    GLuint obstaclesVao_ = 0, obstaclesVbo_ = 0; ///< fill then outline, world metres, per frame
    std::vector<Obstacle> obstacles_;            ///< setObstacles
    std::vector<Ball> balls_;                    ///< setBalls
    std::optional<WorldItem> selected_;          ///< setBalls
    ObstacleMesh obstacleMesh_;                  ///< their geometry this frame
    GLuint positionBuffer_ = 0; ///< uploaded positions: lines (vertices), discs (instances)
    GLuint source_ = 0;         ///< what the attributes read: positionBuffer_ or a GPU buffer
    GLsizei indexCount_ = 0;
    std::size_t positionCapacity_ = 0; ///< particles the position buffer can hold
    std::size_t particleCount_ = 0;    ///< particles of the last upload
    double particleRadius_ = kParticleRadius; ///< metres (setParticleRadius)
    std::vector<glm::vec2> scratch_;   ///< positions converted to float for upload
    std::span<const glm::dvec2> positions_; ///< of the last upload (for culling)
    glm::dvec2 boundsMin_{0.0}, boundsMax_{0.0}; ///< box around them (finite ones)
    std::vector<std::uint32_t> culledLines_;  ///< pairs in view, this frame
    std::vector<std::uint32_t> culledDiscs_;  ///< particles in view, this frame
    std::vector<glm::vec2> culledScratch_;    ///< their positions as float
    GLsizei culledIndexCount_ = 0;
    std::size_t culledIndexCapacity_ = 0;    ///< bytes
    std::size_t culledPositionCapacity_ = 0; ///< bytes
    GLsizei culledDiscCount_ = 0;
};

} // namespace pbd::app
