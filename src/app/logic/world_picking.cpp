#include "logic/world_picking.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include <glm/geometric.hpp>

namespace pbd::app {
namespace {

constexpr double kDegree = std::numbers::pi / 180.0;

/// Distance from `p` to the segment from `a` to `b`.
double segmentDistance(glm::dvec2 p, glm::dvec2 a, glm::dvec2 b)
{
    const glm::dvec2 ab = b - a;
    const double length2 = glm::dot(ab, ab);
    const double t = length2 > 0.0 ? std::clamp(glm::dot(p - a, ab) / length2, 0.0, 1.0) : 0.0;
    return glm::length(p - (a + t * ab));
}

bool indexExists(const WorldItem& item, std::size_t obstacles, std::size_t balls)
{
    return item.index < (item.kind == WorldItem::Kind::Ball ? balls : obstacles);
}

} // namespace

bool insideObstacle(const Obstacle& o, glm::dvec2 p, double slack)
{
    switch (o.shape) {
    case ObstacleShape::Circle:
        return glm::length(p - o.a) <= o.radius + slack;
    case ObstacleShape::Capsule:
        return segmentDistance(p, o.a, o.b) <= o.radius + slack;
    case ObstacleShape::Box: {
        // Into the box's own frame: turned back by its angle about its centre.
        const double c = std::cos(o.angle * kDegree), s = std::sin(o.angle * kDegree);
        const glm::dvec2 d = p - o.a;
        const glm::dvec2 local{c * d.x + s * d.y, -s * d.x + c * d.y};
        return std::abs(local.x) <= 0.5 * o.width + slack &&
               std::abs(local.y) <= 0.5 * o.height + slack;
    }
    case ObstacleShape::Ground: {
        const double t = o.angle * kDegree;
        const glm::dvec2 normal{-std::sin(t), std::cos(t)};
        return glm::dot(p - o.a, normal) <= slack;
    }
    }
    return false;
}

std::optional<WorldItem> pickWorld(std::span<const Obstacle> obstacles,
                                   std::span<const Ball> balls, glm::dvec2 point, double slack)
{
    for (std::size_t i = balls.size(); i-- > 0;)
        if (glm::length(point - balls[i].position) <= balls[i].radius + slack)
            return WorldItem{WorldItem::Kind::Ball, i};
    for (bool grounds : {false, true})
        for (std::size_t i = obstacles.size(); i-- > 0;)
            if ((obstacles[i].shape == ObstacleShape::Ground) == grounds &&
                insideObstacle(obstacles[i], point, slack))
                return WorldItem{WorldItem::Kind::Obstacle, i};
    return std::nullopt;
}

bool exists(const WorldItem& item, std::span<const Obstacle> obstacles,
            std::span<const Ball> balls)
{
    return indexExists(item, obstacles.size(), balls.size());
}

bool exists(const WorldItem& item, std::span<const Obstacle3> obstacles,
            std::span<const BallOf<3>> balls)
{
    return indexExists(item, obstacles.size(), balls.size());
}

} // namespace pbd::app
