#pragma once
/// \file
/// The renderer's world pass, beneath the cloth: the obstacles and balls (their fills and
/// outlines built for the view each frame by logic/obstacle_geometry.h and streamed into one
/// buffer), then the axes (x red, y green, one metre from the world origin); both with the
/// axes' program (position and colour per vertex).

#include <optional>
#include <span>
#include <vector>

#include <glad/gl.h>

#include "logic/obstacle_geometry.h"
#include "logic/view_culling.h"
#include "render/program_cache.h"
#include "render/render_types.h"

namespace pbd::app {

/// Needs a current OpenGL 3.3 core context for its whole life.
class WorldPass {
public:
    explicit WorldPass(ProgramCache& programs);
    ~WorldPass();
    WorldPass(const WorldPass&) = delete;
    WorldPass& operator=(const WorldPass&) = delete;

    /// Copies the obstacles to draw (filled, outlined; a ground as its half-plane).
    void setObstacles(std::span<const Obstacle> obstacles)
    {
        obstacles_.assign(obstacles.begin(), obstacles.end());
    }
    /// Copies the balls, drawn over the obstacles, and the selected obstacle or ball.
    void setBalls(std::span<const Ball> balls, std::optional<WorldItem> selected)
    {
        balls_.assign(balls.begin(), balls.end());
        selected_ = selected;
    }
    /// Draws the obstacles in `view` (world metres in the canvas) and the axes.
    void draw(const Camera& camera, const Viewport& viewport, const WorldRect& view);

private:
    void drawObstacles(const Camera& camera, const WorldRect& view);

    const GlProgram& program_;
    ViewUniforms view_;
    GLuint axesVao_ = 0, axesVbo_ = 0;
    GLuint obstaclesVao_ = 0, obstaclesVbo_ = 0; ///< fill then outline, world metres, per frame
    std::vector<Obstacle> obstacles_;
    std::vector<Ball> balls_;
    std::optional<WorldItem> selected_;
    ObstacleMesh mesh_; ///< their geometry this frame
};

} // namespace pbd::app
