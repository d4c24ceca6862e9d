#pragma once
/// \file
/// Which obstacle or ball lies under a point: what a left press moves when no particle is
/// within reach, and what the World section's "Remove selected" removes.

#include <cstddef>
#include <optional>
#include <span>

#include <glm/vec2.hpp>

#include "pbd/ball.h"
#include "pbd/obstacle.h"
#include "pbd/obstacle3.h"

namespace pbd::app {

/// An obstacle or a ball, by its index in the simulation's list.
struct WorldItem {
    enum class Kind { Obstacle, Ball };
    Kind kind = Kind::Obstacle;
    std::size_t index = 0;
    bool operator==(const WorldItem&) const = default;
};

/// Whether `point` (metres) lies inside `obstacle` grown by `slack` metres (a ground: on its
/// solid side, or within `slack` above its line).
bool insideObstacle(const Obstacle& obstacle, glm::dvec2 point, double slack);

/// The item under `point` (metres), each grown by `slack` metres: the balls first (they move
/// in front of the obstacles), then the circles, boxes and capsules, then the grounds; the
/// last added first within each. Nothing when the point misses them all.
std::optional<WorldItem> pickWorld(std::span<const Obstacle> obstacles,
                                   std::span<const Ball> balls, glm::dvec2 point,
                                   double slack);

/// Whether `item` still names an obstacle or ball of these lists.
bool exists(const WorldItem& item, std::span<const Obstacle> obstacles,
            std::span<const Ball> balls);
/// The same for a 3D world's lists.
bool exists(const WorldItem& item, std::span<const Obstacle3> obstacles,
            std::span<const BallOf<3>> balls);

} // namespace pbd::app
