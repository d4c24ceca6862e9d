// The world's obstacles and balls beneath the cloth: each frame their fills (triangles) and outlines
// (lines) are built for the view (logic/obstacle_geometry.h) and streamed into one buffer,
// drawn with the axes' program (position and colour per vertex).

#include "render/renderer.h"

namespace pbd::app {
namespace {

constexpr GLuint kPositionAttribute = 0; // as the axes' vertex array
constexpr GLuint kColorAttribute = 1;

} // namespace

void Renderer::drawObstacles(const Camera& camera, const WorldRect& view)
{
    if (obstacles_.empty() && balls_.empty())
        return;
    // The view widened by a tenth on each side: the ground's fill reaches past the canvas's
    // edge wherever the canvas sits in the window (the scissor trims it).
    const glm::dvec2 pad = 0.1 * (view.max - view.min);
    buildWorldMesh(obstacles_, balls_, selected_, {view.min - pad, view.max + pad},
                   camera.zoom(), obstacleMesh_);
    const std::size_t fill = obstacleMesh_.fill.size(), lines = obstacleMesh_.outline.size();
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
                    obstacleMesh_.fill.data());
    glBufferSubData(GL_ARRAY_BUFFER, static_cast<GLintptr>(fill * sizeof(ObstacleVertex)),
                    static_cast<GLsizeiptr>(lines * sizeof(ObstacleVertex)),
                    obstacleMesh_.outline.data());
    glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(fill));
    glDrawArrays(GL_LINES, static_cast<GLsizei>(fill), static_cast<GLsizei>(lines));
}

} // namespace pbd::app
