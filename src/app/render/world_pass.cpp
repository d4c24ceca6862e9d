// The world pass: the obstacles and balls beneath the cloth, each frame their fills
// (triangles) and outlines (lines) built for the view (logic/obstacle_geometry.h) and streamed
// into one buffer, then the axes; all with the axes' program (position and colour per vertex).

#include "render/world_pass.h"

#include <array>

namespace pbd::app {
namespace {

constexpr GLuint kPositionAttribute = 0;
constexpr GLuint kColorAttribute = 1;

/// Axes: x red, y green, one metre long from the world origin. x y r g b per vertex.
constexpr std::array<float, 20> kAxes{
    0.0f, 0.0f, 1.0f, 0.0f, 0.0f, 1.0f, 0.0f, 1.0f, 0.0f, 0.0f,
    0.0f, 0.0f, 0.0f, 1.0f, 0.0f, 0.0f, 1.0f, 0.0f, 1.0f, 0.0f,
};

} // namespace

WorldPass::WorldPass(ProgramCache& programs)
    : program_(programs.program("axes.vert.glsl", "axes.frag.glsl"))
{
    view_ = {program_.uniform("uOrigin"), program_.uniform("uZoom"),
             program_.uniform("uWindowSize")};
    glGenVertexArrays(1, &axesVao_);
    glBindVertexArray(axesVao_);
    glGenBuffers(1, &axesVbo_);
    glBindBuffer(GL_ARRAY_BUFFER, axesVbo_);
    glBufferData(GL_ARRAY_BUFFER, sizeof(kAxes), kAxes.data(), GL_STATIC_DRAW);
    glEnableVertexAttribArray(kPositionAttribute);
    glVertexAttribPointer(kPositionAttribute, 2, GL_FLOAT, GL_FALSE, 5 * sizeof(float), nullptr);
    glEnableVertexAttribArray(kColorAttribute);
    glVertexAttribPointer(kColorAttribute, 3, GL_FLOAT, GL_FALSE, 5 * sizeof(float),
                          reinterpret_cast<const void*>(2 * sizeof(float)));
    glBindVertexArray(0);
}

WorldPass::~WorldPass()
{
    const std::array<GLuint, 2> arrays{axesVao_, obstaclesVao_};
    glDeleteVertexArrays(static_cast<GLsizei>(arrays.size()), arrays.data());
    const std::array<GLuint, 2> buffers{axesVbo_, obstaclesVbo_};
    glDeleteBuffers(static_cast<GLsizei>(buffers.size()), buffers.data());
}

void WorldPass::draw(const Camera& camera, const Viewport& viewport, const WorldRect& view)
{
    program_.use();
    view_.set(camera, viewport);
    drawObstacles(camera, view); // beneath the axes and the cloth
    glBindVertexArray(axesVao_);
    glDrawArrays(GL_LINES, 0, 4);
}

void WorldPass::drawObstacles(const Camera& camera, const WorldRect& view)
{
    if (obstacles_.empty() && balls_.empty())
        return;
    // The view widened by a tenth on each side: the ground's fill reaches past the canvas's
    // edge wherever the canvas sits in the window (the scissor trims it).
    const glm::dvec2 pad = 0.1 * (view.max - view.min);
    buildWorldMesh(obstacles_, balls_, selected_, {view.min - pad, view.max + pad},
                   camera.zoom(), mesh_);
    const std::size_t fill = mesh_.fill.size(), lines = mesh_.outline.size();
    if (fill + lines == 0)
        return;
    if (obstaclesVao_ == 0) {
        glGenVertexArrays(1, &obstaclesVao_);
        glBindVertexArray(obstaclesVao_);
        glGenBuffers(1, &obstaclesVbo_);
        glBindBuffer(GL_ARRAY_BUFFER, obstaclesVbo_);
        glEnableVertexAttribArray(kPositionAttribute);
        glVertexAttribPointer(kPositionAttribute, 2, GL_FLOAT, GL_FALSE, sizeof(ObstacleVertex),
                              nullptr);
        glEnableVertexAttribArray(kColorAttribute);
        glVertexAttribPointer(kColorAttribute, 3, GL_FLOAT, GL_FALSE, sizeof(ObstacleVertex),
                              reinterpret_cast<const void*>(2 * sizeof(float)));
    }
    glBindVertexArray(obstaclesVao_);
    glBindBuffer(GL_ARRAY_BUFFER, obstaclesVbo_);
    glBufferData(GL_ARRAY_BUFFER,
                 static_cast<GLsizeiptr>((fill + lines) * sizeof(ObstacleVertex)), nullptr,
                 GL_STREAM_DRAW);
    glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(fill * sizeof(ObstacleVertex)),
                    mesh_.fill.data());
    glBufferSubData(GL_ARRAY_BUFFER, static_cast<GLintptr>(fill * sizeof(ObstacleVertex)),
                    static_cast<GLsizeiptr>(lines * sizeof(ObstacleVertex)),
                    mesh_.outline.data());
    glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(fill));
    glDrawArrays(GL_LINES, static_cast<GLsizei>(fill), static_cast<GLsizei>(lines));
}

} // namespace pbd::app
