#pragma once
// The tests' own signed distance to an obstacle grown by a radius, written apart from the
// core's contact geometry so that the two check each other.

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>

#include "pbd/obstacle.h"

namespace pbd::test {

/// The obstacle a spec describes ("circle:1,2,0.5"); throws on a bad spec.
inline Obstacle obstacle(const std::string& spec)
{
    std::string error;
    const auto parsed = parseObstacleSpec(spec, error);
    if (!parsed)
        throw std::invalid_argument(error);
    return *parsed;
}

/// Signed distance in metres from p to `o` grown by `grow` (negative inside).
inline double distanceToObstacle(const Obstacle& o, glm::dvec2 p, double grow)
{
    const double rad = std::numbers::pi / 180.0;
    auto length = [](glm::dvec2 v) { return std::hypot(v.x, v.y); };
    switch (o.shape) {
    case ObstacleShape::Circle:
        return length(p - o.a) - o.radius - grow;
    case ObstacleShape::Capsule: {
        const glm::dvec2 d = o.b - o.a;
        const double dd = d.x * d.x + d.y * d.y;
        double t = dd > 0 ? ((p.x - o.a.x) * d.x + (p.y - o.a.y) * d.y) / dd : 0.0;
        t = std::clamp(t, 0.0, 1.0);
        return length(p - (o.a + t * d)) - o.radius - grow;
    }
    case ObstacleShape::Box: {
        const double c = std::cos(o.angle * rad), s = std::sin(o.angle * rad);
        const glm::dvec2 f = p - o.a;
        const double qx = std::abs(c * f.x + s * f.y) - 0.5 * o.width;
        const double qy = std::abs(-s * f.x + c * f.y) - 0.5 * o.height;
        const double outside = std::hypot(std::max(qx, 0.0), std::max(qy, 0.0));
        return outside + std::min(std::max(qx, qy), 0.0) - grow;
    }
    case ObstacleShape::Ground:
        break;
    }
    const glm::dvec2 n(-std::sin(o.angle * rad), std::cos(o.angle * rad));
    return (p.x - o.a.x) * n.x + (p.y - o.a.y) * n.y - grow;
}

} // namespace pbd::test
