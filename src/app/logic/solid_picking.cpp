#include "logic/solid_picking.h"

#include <algorithm>
#include <array>

#include <glm/common.hpp>
#include <glm/geometric.hpp>

namespace pbd::app {
namespace {

/// Steps of the sphere tracing; a grazing ray that has not arrived by then misses.
constexpr int kMaxSteps = 256;
/// Beyond this distance along the ray (m) nothing is picked.
constexpr double kMaxDistance = 1e5;

double sphereDistance(glm::dvec3 p, glm::dvec3 centre, double radius)
{
    return glm::length(p - centre) - radius;
}

/// The first t at which `distance(origin + t direction)` reaches the surface, if any.
template <class Distance>
std::optional<double> trace(const Ray3& ray, Distance distance)
{
    double t = 0.0;
    if (distance(ray.origin) <= 0.0)
        return std::nullopt; // the eye inside the solid: never picked from within
    for (int step = 0; step < kMaxSteps && t < kMaxDistance; ++step) {
        const double d = distance(ray.origin + t * ray.direction);
        if (d < 1e-6 * std::max(1.0, t))
            return t;
        t += d;
    }
    return std::nullopt;
}

} // namespace

double solidDistance(const Obstacle3& o, glm::dvec3 p)
{
    switch (o.shape) {
    case Obstacle3Shape::Sphere:
        return sphereDistance(p, o.a, o.radius);
    case Obstacle3Shape::Capsule: {
        const glm::dvec3 ab = o.b - o.a;
        const double length2 = glm::dot(ab, ab);
        const double s = length2 > 0.0 ? std::clamp(glm::dot(p - o.a, ab) / length2, 0.0, 1.0)
                                        : 0.0;
        return sphereDistance(p, o.a + s * ab, o.radius);
    }
    case Obstacle3Shape::Box: {
        const std::array<Vec<3>, 3> axes = rotationColumns(o.angles);
        const glm::dvec3 d = p - o.a;
        const glm::dvec3 q = glm::abs(glm::dvec3(glm::dot(axes[0], d), glm::dot(axes[1], d),
                                                 glm::dot(axes[2], d))) -
                             0.5 * o.size;
        return glm::length(glm::max(q, glm::dvec3(0.0))) +
               std::min(std::max({q.x, q.y, q.z}), 0.0);
    }
    case Obstacle3Shape::Ground:
        return p.y - o.a.y;
    case Obstacle3Shape::Plane:
        return glm::dot(p - o.a, glm::normalize(o.normal));
    }
    return 0.0;
}

std::optional<SolidHit> castRaySolids(const Ray3& ray, std::span<const Obstacle3> obstacles,
                                      std::span<const BallOf<3>> balls)
{
    std::optional<SolidHit> best;
    const auto consider = [&](WorldItem item, std::optional<double> t) {
        if (t && (!best || *t < best->distance))
            best = SolidHit{item, *t, ray.origin + *t * ray.direction};
    };
    for (std::size_t i = 0; i < obstacles.size(); ++i) {
        const Obstacle3& o = obstacles[i];
        if (o.shape == Obstacle3Shape::Ground || o.shape == Obstacle3Shape::Plane)
            continue;
        consider({WorldItem::Kind::Obstacle, i},
                 trace(ray, [&](glm::dvec3 p) { return solidDistance(o, p); }));
    }
    for (std::size_t i = 0; i < balls.size(); ++i)
        consider({WorldItem::Kind::Ball, i}, trace(ray, [&](glm::dvec3 p) {
                     return sphereDistance(p, balls[i].position, balls[i].radius);
                 }));
    return best;
}

} // namespace pbd::app
