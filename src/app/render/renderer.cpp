#include "render/renderer.h"

#include <array>

#include "logic/view_culling.h"

namespace pbd::app {
namespace {

// Background #EEEEEE, as the page.
constexpr std::array<float, 4> kBackground{0xEE / 255.0f, 0xEE / 255.0f, 0xEE / 255.0f, 1.0f};

/// Window pixels kept around the view when culling: discs and lines partly in view stay.
constexpr double kCullMarginPixels = 16.0;

} // namespace

Renderer::Renderer()
{
    mesh_.pointAt(positions_.buffer());
}

void Renderer::pointAt(GLuint buffer)
{
    mesh_.pointAt(buffer);
    lines_.pointAt(buffer);
    particles_.pointAt(buffer);
}

void Renderer::setConstraints(std::span<const DistanceConstraint> constraints,
                              std::span<const std::uint8_t> alive, int width, int height)
{
    mesh_.setGrid(width, height, constraints, alive);
    lines_.setConstraints(constraints, alive); // draw() decimates again when the zoom asks
}

void Renderer::useGpuPositions(GLuint buffer, std::size_t count)
{
    if (positions_.source() != buffer)
        pointAt(buffer);
    positions_.useGpu(buffer, count);
}

void Renderer::releaseGpuPositions()
{
    if (positions_.onGpu())
        pointAt(positions_.buffer());
    positions_.releaseGpu();
}

void Renderer::upload(std::span<const glm::dvec2> positions)
{
    if (positions_.onGpu())
        pointAt(positions_.buffer());
    positions_.upload(positions);
}

void Renderer::draw(const Highlights& highlights, const Camera& camera, const Viewport& viewport,
                    const LineColoring* coloring, const ParticleColoring* particleColoring)
{
    if (viewport.framebufferSize.x <= 0 || viewport.framebufferSize.y <= 0 ||
        !(viewport.windowSize.x > 0.0 && viewport.windowSize.y > 0.0))
        return; // minimised: no zero viewport, no division by a zero window size
    glViewport(0, 0, viewport.framebufferSize.x, viewport.framebufferSize.y);
    glDisable(GL_SCISSOR_TEST);
    glClearColor(kBackground[0], kBackground[1], kBackground[2], kBackground[3]);
    glClear(GL_COLOR_BUFFER_BIT);

    // Only the canvas: the panel is drawn over the rest. Scissor works in framebuffer pixels
    // with y up.
    const glm::dvec2 scale = glm::dvec2(viewport.framebufferSize) / viewport.windowSize;
    glEnable(GL_SCISSOR_TEST);
    glScissor(static_cast<GLint>(viewport.canvasOffset.x * scale.x),
              static_cast<GLint>((viewport.windowSize.y - viewport.canvasOffset.y -
                                  viewport.canvasSize.y) * scale.y),
              static_cast<GLsizei>(viewport.canvasSize.x * scale.x),
              static_cast<GLsizei>(viewport.canvasSize.y * scale.y));
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);

    // What is in view: everything (the usual case: draw the stored buffers), or a part of a
    // cloth larger than the canvas (draw only that part).
    const WorldRect view = visibleWorld(camera, viewport.canvasSize, kCullMarginPixels);
    const bool culled = !positions_.onGpu() && !(view.contains(positions_.boundsMin()) &&
                                                 view.contains(positions_.boundsMax()));
    const bool discs = discsVisible(particles_.radius(), camera.zoom(), scale.x);
    const bool lines = drawMode_ != DrawMode::Filled;
    // The grid's mesh and level of detail only for a grid of these particles (not between a
    // new cloth's constraints and its first positions).
    const GridEdges& grid = mesh_.edges();
    const bool gridded = !grid.empty() && cellMetres_ > 0.0 &&
                         static_cast<std::size_t>(grid.width) *
                                 static_cast<std::size_t>(grid.height) == positions_.count();
    const double cellPixels = cellMetres_ * camera.zoom() * scale.x;
    if (lines) // the level of detail: every constraint, or the decimated grid
        lines_.useStep(gridded ? lodStep(cellPixels) : 1, mesh_);

    // Back to front: the world, the cloth, the particles, the frame. Smooth lines
    // (coverage-blended edges), as the page's canvas draws them.
    glEnable(GL_LINE_SMOOTH);
    glHint(GL_LINE_SMOOTH_HINT, GL_NICEST);
    world_.draw(camera, viewport, view);
    if (drawMode_ != DrawMode::Lines && gridded) {
        glDisable(GL_BLEND); // opaque cells: no blending, no smoothing, less work
        mesh_.drawCloth(camera, viewport, lodStep(cellPixels), cellSpacing_,
                        lines_.fullLines(), positions_.count(), coloring, particleColoring);
        glEnable(GL_BLEND);
    }
    if (lines)
        lines_.draw(camera, viewport, positions_, culled, view, coloring);
    glDisable(GL_LINE_SMOOTH);
    particles_.draw(camera, viewport, highlights, positions_, culled, view, discs, scale.x,
                    particleColoring);
    overlays_.draw(viewport, scale.x);
    glBindVertexArray(0);
    glDisable(GL_BLEND);
    glDisable(GL_SCISSOR_TEST);
}

} // namespace pbd::app
