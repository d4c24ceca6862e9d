// The 3D obstacles' shapes in one substep (pbd/obstacle3.h): each as the core and radius of
// the contact phase (pbd/device/contacts.h), posed between its start and its place now.

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include <glm/common.hpp>

#include "pbd/device/contacts.h"
#include "pbd/obstacle3.h"
#include "world/obstacle_motion.h"

namespace pbd {
namespace {

constexpr double kDegree = std::numbers::pi / 180.0;

/// The pose at fraction f of the step, on the way from `start` to `end` (each angle by its
/// shorter turn).
Obstacle3Pose poseAt(const Obstacle3Pose& start, const Obstacle3Pose& end, double f)
{
    if (f >= 1.0)
        return end;
    Obstacle3Pose p;
    p.centre = start.centre + f * (end.centre - start.centre);
    for (glm::length_t k = 0; k < 3; ++k)
        p.angles[k] = start.angles[k] + f * detail::shorterTurn(end.angles[k] - start.angles[k]);
    return p;
}

/// The obstacle's core and radius at `pose` (its own when `own`, exactly as given).
detail::ContactShapeOf<3> shapeAt(const Obstacle3& o, const Obstacle3Pose& pose, bool own,
                                  double grow)
{
    using Core = detail::ContactShapeOf<3>::Core;
    constexpr double kInfinity = std::numeric_limits<double>::infinity();
    detail::ContactShapeOf<3> s;
    switch (o.shape) {
    case Obstacle3Shape::Sphere:
        detail::setPointShape(s, own ? o.a : pose.centre, o.radius + grow);
        break;
    case Obstacle3Shape::Capsule: {
        if (own) {
            detail::setSegmentShape(s, o.a, o.b, o.radius + grow);
        } else {
            const Vec<3> half = 0.5 * (o.b - o.a);
            detail::setSegmentShape(s, pose.centre - half, pose.centre + half, o.radius + grow);
        }
        break;
    }
    case Obstacle3Shape::Box: {
        s.core = Core::Box;
        s.a = pose.centre;
        s.axis = rotationColumns(pose.angles);
        s.half = 0.5 * o.size;
        s.r = grow;
        Vec<3> extent(0.0);
        for (std::size_t k = 0; k < 3; ++k)
            extent += glm::abs(s.axis[k]) * s.half[static_cast<glm::length_t>(k)];
        s.lo = s.a - extent - s.r;
        s.hi = s.a + extent + s.r;
        break;
    }
    case Obstacle3Shape::Ground:
    case Obstacle3Shape::Plane:
        s.core = Core::HalfSpace;
        s.a = pose.centre;
        s.normal = o.shape == Obstacle3Shape::Ground
                       ? Vec<3>(0.0, 1.0, 0.0)
                       : o.normal / std::sqrt(squaredLength(o.normal));
        s.r = grow;
        s.lo = Vec<3>(-kInfinity);
        s.hi = Vec<3>(kInfinity);
        break;
    }
    return s;
}

} // namespace

std::array<Vec<3>, 3> rotationColumns(Vec<3> anglesDegrees)
{
    const Vec<3> r = anglesDegrees * kDegree;
    const double cx = std::cos(r.x), sx = std::sin(r.x);
    const double cy = std::cos(r.y), sy = std::sin(r.y);
    const double cz = std::cos(r.z), sz = std::sin(r.z);
    // Rz Ry Rx applied to the unit axes.
    return {Vec<3>(cz * cy, sz * cy, -sy),
            Vec<3>(cz * sy * sx - sz * cx, sz * sy * sx + cz * cx, cy * sx),
            Vec<3>(cz * sy * cx + sz * sx, sz * sy * cx - cz * sx, cy * cx)};
}

Obstacle3Pose obstaclePose(const Obstacle3& o)
{
    switch (o.shape) {
    case Obstacle3Shape::Box:
        return {o.a, o.angles};
    case Obstacle3Shape::Capsule:
        return {0.5 * (o.a + o.b), Vec<3>(0.0)};
    case Obstacle3Shape::Sphere:
    case Obstacle3Shape::Ground:
    case Obstacle3Shape::Plane:
        break;
    }
    return {o.a, Vec<3>(0.0)};
}

namespace detail {

void prepareContacts(std::span<const Obstacle3> obstacles, double thickness, double friction,
                     int substep, int substeps, ContactWorldOf<3>& world)
{
    // The turn from `before` to `at`: R_at R_before^T, as rows.
    auto turn = [](const Obstacle3Pose& before, const Obstacle3Pose& at) {
        const std::array<Vec<3>, 3> now = rotationColumns(at.angles);
        const std::array<Vec<3>, 3> then = rotationColumns(before.angles);
        Turn<3> t;
        for (glm::length_t i = 0; i < 3; ++i)
            for (glm::length_t j = 0; j < 3; ++j) {
                double sum = 0.0;
                for (std::size_t k = 0; k < 3; ++k)
                    sum += now[k][i] * then[k][j];
                t.row[static_cast<std::size_t>(i)][j] = sum;
            }
        return t;
    };
    prepareShapes<3>(obstacles, thickness, friction, substep, substeps, world, poseAt, shapeAt,
                     turn);
}

} // namespace detail
} // namespace pbd
