// The canvas's rounded frame, as the page's CSS draws it: a black border inset from the
// canvas's edge with rounded corners, white outside it. Only the band the border can touch is
// drawn (a software renderer's cost is per pixel shaded).

#include <algorithm>
#include <array>

#include "render/renderer.h"

namespace pbd::app {
namespace {

constexpr std::array<float, 4> kFrameColor{0.0f, 0.0f, 0.0f, 1.0f};   // the page's border
constexpr std::array<float, 4> kOutsideColor{1.0f, 1.0f, 1.0f, 1.0f}; // the page's body

// The page's canvas frame in CSS pixels (times the logical scale in window pixels).
constexpr double kFrameInset = 4.0;
constexpr double kFrameBorder = 2.0;
constexpr double kFrameRadius = 20.0;

} // namespace

void Renderer::drawFrame(const Viewport& viewport, double pixelScale)
{
    const double s = viewport.logicalScale > 0.0 ? viewport.logicalScale : 1.0;
    frameProgram_.use();
    const glm::dvec2 lo = viewport.canvasOffset, hi = viewport.canvasOffset + viewport.canvasSize;
    glUniform2f(frame_.rectMin, static_cast<float>(lo.x), static_cast<float>(lo.y));
    glUniform2f(frame_.rectMax, static_cast<float>(hi.x), static_cast<float>(hi.y));
    glUniform2f(frame_.windowSize, static_cast<float>(viewport.windowSize.x),
                static_cast<float>(viewport.windowSize.y));
    // Only the band the border can touch: four corner squares and four edge strips.
    const double corner = std::min((kFrameInset + kFrameRadius) * s + 1.0,
                                   0.5 * std::min(viewport.canvasSize.x, viewport.canvasSize.y));
    const double edge = std::min((kFrameInset + kFrameBorder) * s + 1.0, corner);
    const std::array<std::array<double, 4>, 8> rects{{
        {lo.x, lo.y, lo.x + corner, lo.y + corner},
        {hi.x - corner, lo.y, hi.x, lo.y + corner},
        {lo.x, hi.y - corner, lo.x + corner, hi.y},
        {hi.x - corner, hi.y - corner, hi.x, hi.y},
        {lo.x + corner, lo.y, hi.x - corner, lo.y + edge},
        {lo.x + corner, hi.y - edge, hi.x - corner, hi.y},
        {lo.x, lo.y + corner, lo.x + edge, hi.y - corner},
        {hi.x - edge, lo.y + corner, hi.x, hi.y - corner},
    }};
    std::array<glm::vec2, 6 * rects.size()> vertices{};
    for (std::size_t r = 0; r < rects.size(); ++r) {
        const auto [x0, y0, x1, y1] = rects[r];
        const glm::vec2 a(x0, y0), b(x1, y0), c(x0, y1), d(x1, y1);
        const std::array<glm::vec2, 6> quad{a, b, c, c, b, d};
        std::copy(quad.begin(), quad.end(), vertices.begin() + static_cast<std::ptrdiff_t>(6 * r));
    }
    glBindVertexArray(frameVao_);
    glBindBuffer(GL_ARRAY_BUFFER, frameVbo_);
    glBufferData(GL_ARRAY_BUFFER, sizeof(vertices), vertices.data(), GL_STREAM_DRAW);
    glUniform1f(frame_.inset, static_cast<float>(kFrameInset * s));
    glUniform1f(frame_.radius, static_cast<float>(kFrameRadius * s));
    glUniform1f(frame_.border, static_cast<float>(kFrameBorder * s));
    glUniform1f(frame_.pixelScale, static_cast<float>(pixelScale));
    glUniform4fv(frame_.borderColor, 1, kFrameColor.data());
    glUniform4fv(frame_.outsideColor, 1, kOutsideColor.data());
    glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(vertices.size()));
}

} // namespace pbd::app
