#pragma once
/// \file
/// Where the World section's Add buttons put a new obstacle or ball: in free space in view,
/// clear of the cloth and of every other shape, so that nothing starts inside anything (a
/// ball added inside a circle is thrown out at once; a box added into the cloth stays
/// embedded with its constraints across it).

#include <optional>
#include <span>

#include <glm/vec2.hpp>

#include "logic/view_culling.h"
#include "pbd/ball.h"
#include "pbd/obstacle.h"

namespace pbd::app {

/// The signed distance in metres from `p` to the obstacle's surface: negative inside (a
/// ground: on its solid side).
double obstacleDistance(const Obstacle& obstacle, glm::dvec2 p);

/// What a new shape must stay clear of.
struct Occupied {
    std::span<const glm::dvec2> particles; ///< the cloth's positions, m
    std::span<const Obstacle> obstacles;
    std::span<const Ball> balls;
    double gap = 0.0; ///< the least clearance wanted, m (beyond the shape's reach)
};

/// The point of `view` (a world rectangle, m) nearest its centre where a shape reaching
/// `reach` metres from its centre (its bounding circle) lies wholly inside `view` and at
/// least `gap` away from every particle, obstacle (a ground's solid side included) and
/// ball. Candidates lie on a grid of about 40 x 40 over the view. Nothing when no such point
/// exists (the cloth or the world fills the view).
std::optional<glm::dvec2> freeSpot(double reach, const WorldRect& view, const Occupied& occupied);

} // namespace pbd::app
