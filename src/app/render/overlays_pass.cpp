// The overlays pass: the canvas's rounded frame, as the page's CSS draws it: a black border
// inset from the canvas's edge with rounded corners, white outside it. Only the band the
// border can touch is drawn (a software renderer's cost is per pixel shaded).

#include "render/overlays_pass.h"

#include <algorithm>
#include <array>

#include <glm/vec2.hpp>

namespace pbd::app {
namespace {

constexpr std::array<float, 4> kFrameColor{0.0f, 0.0f, 0.0f, 1.0f};   // the page's border
constexpr std::array<float, 4> kOutsideColor{1.0f, 1.0f, 1.0f, 1.0f}; // the page's body

// The page's canvas frame in CSS pixels (times the logical scale in window pixels).
constexpr double kFrameInset = 4.0;
constexpr double kFrameBorder = 2.0;
constexpr double kFrameRadius = 20.0;

constexpr GLuint kPositionAttribute = 0;

} // namespace

OverlaysPass::OverlaysPass(ProgramCache& programs)
    : program_(programs.program("frame.vert.glsl", "frame.frag.glsl"))
{
    uniforms_ = {program_.uniform("uRectMin"),    program_.uniform("uRectMax"),
                 program_.uniform("uWindowSize"), program_.uniform("uInset"),
                 program_.uniform("uRadius"),     program_.uniform("uBorder"),
                 program_.uniform("uPixelScale"), program_.uniform("uBorderColor"),
                 program_.uniform("uOutsideColor")};
    glGenVertexArrays(1, &vao_);
    glBindVertexArray(vao_);
    glGenBuffers(1, &vbo_);
    glBindBuffer(GL_ARRAY_BUFFER, vbo_);
    glEnableVertexAttribArray(kPositionAttribute);
    glVertexAttribPointer(kPositionAttribute, 2, GL_FLOAT, GL_FALSE, sizeof(glm::vec2), nullptr);
    glBindVertexArray(0);
}

OverlaysPass::~OverlaysPass()
{
    glDeleteVertexArrays(1, &vao_);
    glDeleteBuffers(1, &vbo_);
}

void OverlaysPass::draw(const Viewport& viewport, double pixelScale)
{
    const double s = viewport.logicalScale > 0.0 ? viewport.logicalScale : 1.0;
    program_.use();
    const glm::dvec2 lo = viewport.canvasOffset, hi = viewport.canvasOffset + viewport.canvasSize;
    glUniform2f(uniforms_.rectMin, static_cast<float>(lo.x), static_cast<float>(lo.y));
    glUniform2f(uniforms_.rectMax, static_cast<float>(hi.x), static_cast<float>(hi.y));
    glUniform2f(uniforms_.windowSize, static_cast<float>(viewport.windowSize.x),
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
    glBindVertexArray(vao_);
    glBindBuffer(GL_ARRAY_BUFFER, vbo_);
    glBufferData(GL_ARRAY_BUFFER, sizeof(vertices), vertices.data(), GL_STREAM_DRAW);
    glUniform1f(uniforms_.inset, static_cast<float>(kFrameInset * s));
    glUniform1f(uniforms_.radius, static_cast<float>(kFrameRadius * s));
    glUniform1f(uniforms_.border, static_cast<float>(kFrameBorder * s));
    glUniform1f(uniforms_.pixelScale, static_cast<float>(pixelScale));
    glUniform4fv(uniforms_.borderColor, 1, kFrameColor.data());
    glUniform4fv(uniforms_.outsideColor, 1, kOutsideColor.data());
    glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(vertices.size()));
}

} // namespace pbd::app
