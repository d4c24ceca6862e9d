#pragma once
// The tests' own signed distance to a 3D obstacle (pbd/obstacle3.h), computed from the shapes'
// definitions rather than by the core: shared by the world's property test and the 3D scenes'
// tests.

#include <algorithm>
#include <cmath>
#include <numbers>

#include "pbd/obstacle3.h"

namespace pbd::test {

using V3 = pbd::Vec<3>;

inline double length(V3 v) { return std::sqrt(pbd::squaredLength(v)); }

/// p turned by the inverse of R = Rz(az) Ry(ay) Rx(ax) (degrees): the box's own frame.
inline V3 intoBox(V3 p, V3 angles)
{
    const double k = std::numbers::pi / 180.0;
    auto turn = [](double& a, double& b, double angle) { // by -angle in the (a, b) plane
        const double c = std::cos(angle), s = std::sin(angle);
        const double a2 = c * a + s * b;
        b = -s * a + c * b;
        a = a2;
    };
    turn(p.x, p.y, angles.z * k); // undo Rz first, then Ry, then Rx
    turn(p.z, p.x, angles.y * k);
    turn(p.y, p.z, angles.x * k);
    return p;
}

/// The signed distance from p to the obstacle's surface (negative inside).
inline double signedDistance(const pbd::Obstacle3& o, V3 p)
{
    switch (o.shape) {
    case pbd::Obstacle3Shape::Sphere:
        return length(p - o.a) - o.radius;
    case pbd::Obstacle3Shape::Capsule: {
        const V3 d = o.b - o.a;
        const double t = std::clamp(pbd::dot(V3(p - o.a), d) / pbd::dot(d, d), 0.0, 1.0);
        return length(p - (o.a + t * d)) - o.radius;
    }
    case pbd::Obstacle3Shape::Box: {
        const V3 q = intoBox(p - o.a, o.angles);
        const V3 e = V3(std::abs(q.x), std::abs(q.y), std::abs(q.z)) - 0.5 * o.size;
        const V3 out(std::max(e.x, 0.0), std::max(e.y, 0.0), std::max(e.z, 0.0));
        return length(out) + std::min(std::max(e.x, std::max(e.y, e.z)), 0.0);
    }
    case pbd::Obstacle3Shape::Ground:
        return p.y - o.a.y;
    case pbd::Obstacle3Shape::Plane:
        return pbd::dot(V3(p - o.a), o.normal) / length(o.normal);
    }
    return 0.0;
}

} // namespace pbd::test
