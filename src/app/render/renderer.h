#pragma once
/// \file
/// Draws the canvas as passes over one program cache (render/program_cache.h) and one source
/// of positions (render/cloth_positions.h), back to front: a light grey (#EEEEEE) background;
/// the world (obstacles and balls, then the axes: render/world_pass.h); the cloth mesh when
/// filled (render/mesh_renderer.h); the cloth lines, grey or coloured by strain
/// (render/cloth_lines_pass.h); the particles as blue discs or coloured by speed, and the
/// pinned, hovered and grabbed markers on top (render/particles_pass.h); the overlays, the
/// canvas's rounded frame (render/overlays_pass.h). The positions are streamed from the CPU
/// once per frame (upload), or read where they already are on the GPU (useGpuPositions: the
/// GPU solver's buffer, nothing copied). When part of the cloth is out of view only what is in
/// view is drawn, and discs under 2 pixels are not drawn at all (a software renderer's cost is
/// per primitive). The cloth is drawn as lines, filled triangles or both (setDrawMode); cells
/// under kLodMinCellPixels are drawn decimated (cloth_mesh.h): lines as every k-th row and
/// column, triangles as cells of k x k.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

#include <glad/gl.h>
#include <glm/vec2.hpp>

#include "logic/camera.h"
#include "logic/cloth_mesh.h"
#include "logic/obstacle_geometry.h"
#include "pbd/cloth.h"
#include "render/cloth_lines_pass.h"
#include "render/cloth_positions.h"
#include "render/mesh_renderer.h"
#include "render/overlays_pass.h"
#include "render/particles_pass.h"
#include "render/program_cache.h"
#include "render/render_types.h"
#include "render/world_pass.h"

namespace pbd::app {

/// Owns the passes and what they share. Needs a current OpenGL 3.3 core context for its whole
/// life; the constructor throws AppError when a shader fails.
class Renderer {
public:
    Renderer();
    ~Renderer() = default;
    Renderer(const Renderer&) = delete;
    Renderer& operator=(const Renderer&) = delete;

    /// Sets the particles' disc radius in metres (> 0; discRadius() of the cloth), from which
    /// the highlight markers are scaled too. ParticlesPass::kParticleRadius until set.
    void setParticleRadius(double metres) { particles_.setRadius(metres); }
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
    void setObstacles(std::span<const Obstacle> obstacles) { world_.setObstacles(obstacles); }
    /// Copies the balls, drawn over the obstacles as discs of their own colours, and the
    /// selected obstacle or ball, drawn highlighted (logic/obstacle_geometry.h).
    void setBalls(std::span<const Ball> balls, std::optional<WorldItem> selected)
    {
        world_.setBalls(balls, selected);
    }

    /// Uploads the index pairs of the live constraints (alive[k] != 0), after every restart,
    /// tear or cut; `width` x `height` is the cloth's grid (particles per row and column), for
    /// the filled mesh and the decimated lines (0 x 0: lines only, never decimated).
    void setConstraints(std::span<const DistanceConstraint> constraints,
                        std::span<const std::uint8_t> alive, int width = 0, int height = 0);
    /// The level-of-detail step of the lines drawn last (1: every constraint).
    int lineStep() const { return lines_.step(); }
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
    bool drawsGpuPositions() const { return positions_.onGpu(); }
    /// Clears the window and draws the canvas with the positions of the last upload (or the
    /// GPU buffer): the passes, back to front. Makes no GL call at all for an empty window or
    /// framebuffer (a minimised window).
    /// `coloring`: colour the lines by strain, or the page's grey when null.
    /// `particleColoring`: colour the particles' discs by speed, or the page's blue when null;
    /// the speeds go to a per-instance attribute buffer of their own, beside the positions.
    void draw(const Highlights& highlights, const Camera& camera, const Viewport& viewport,
              const LineColoring* coloring = nullptr,
              const ParticleColoring* particleColoring = nullptr);

private:
    /// Points every pass's position attributes at `buffer`.
    void pointAt(GLuint buffer);

    // Built in this order (the programs compile as the passes ask for them: axes, lines,
    // discs, frame, mesh) and destroyed in reverse.
    ProgramCache programs_;
    ClothPositions positions_;
    WorldPass world_{programs_};
    ClothLinesPass lines_{programs_, positions_.buffer()};
    ParticlesPass particles_{programs_, positions_.buffer()};
    OverlaysPass overlays_{programs_};
    MeshRenderer mesh_{programs_}; ///< the cloth mesh pass, and the decimated lines
    DrawMode drawMode_ = DrawMode::Lines;
    double cellMetres_ = 0.0;     ///< setCellSize: the smaller side
    glm::dvec2 cellSpacing_{0.0}; ///< setCellSize: across, down
};

} // namespace pbd::app
