#pragma once
// How an obstacle of either dimension moves over a step into the contact phase's shapes
// (pbd/device/contacts.h): from its start pose to its pose evenly over the substeps, each
// angle by its shorter turn. Private to the core; obstacle.cpp (2D) and contacts3.cpp (3D)
// supply the shapes and the turns.

#include <cmath>
#include <cstddef>
#include <span>

#include "pbd/device/contacts.h"

namespace pbd::detail {

/// An angle difference in degrees wrapped into (-180, 180]: the shorter turn.
inline double shorterTurn(double degrees)
{
    const double d = std::remainder(degrees, 360.0);
    return d == -180.0 ? 180.0 : d;
}

/// `s` as a disc's or sphere's shape: the point core at a grown by r, with its bounding box.
template <glm::length_t D>
void setPointShape(ContactShapeOf<D>& s, Vec<D> a, double r)
{
    s.core = ContactShapeOf<D>::Core::Point;
    s.a = a;
    s.r = r;
    s.lo = s.a - s.r;
    s.hi = s.a + s.r;
}

/// `s` as a capsule's shape: the segment core from a to b grown by r, with its bounding box.
template <glm::length_t D>
void setSegmentShape(ContactShapeOf<D>& s, Vec<D> a, Vec<D> b, double r)
{
    s.core = ContactShapeOf<D>::Core::Segment;
    s.a = a;
    s.b = b;
    s.r = r;
    s.lo = lowerOf(s.a, s.b) - s.r;
    s.hi = upperOf(s.a, s.b) + s.r;
}

/// Fills `world` with `obstacles` where they are at the end of substep `substep` of
/// `substeps`, grown by thickness / 2: `poseAt(start, end, f)` the pose at fraction f of the
/// step, `shapeAt(obstacle, pose, own, grow)` its shape there (own: exactly as given, when it
/// does not move or the step ends), `turn(before, at)` the rigid turn between two poses.
template <glm::length_t D, class Obstacle, class PoseAt, class ShapeAt, class TurnOf>
void prepareShapes(std::span<const Obstacle> obstacles, double thickness, double friction,
                   int substep, int substeps, ContactWorldOf<D>& world, PoseAt poseAt,
                   ShapeAt shapeAt, TurnOf turn)
{
    world.friction = friction;
    world.shapes.resize(obstacles.size());
    const double grow = 0.5 * thickness;
    const double f0 = static_cast<double>(substep) / substeps;
    const double f1 = substep + 1 == substeps ? 1.0 : static_cast<double>(substep + 1) / substeps;
    for (std::size_t k = 0; k < obstacles.size(); ++k) {
        const Obstacle& o = obstacles[k];
        const auto end = obstaclePose(o);
        const bool moving = !(o.start == end);
        const auto at = moving ? poseAt(o.start, end, f1) : end;
        ContactShapeOf<D>& s = world.shapes[k];
        s = shapeAt(o, at, !moving || f1 >= 1.0, grow);
        s.moving = moving;
        if (moving) {
            const auto before = poseAt(o.start, end, f0);
            s.from = before.centre;
            s.to = at.centre;
            s.turn = turn(before, at);
        }
    }
}

} // namespace pbd::detail
