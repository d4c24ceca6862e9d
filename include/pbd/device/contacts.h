#pragma once
// The contact phase of a substep: every movable particle that ends inside an obstacle grown by
// thickness / 2 is put back on the surface of their union, a particle whose path crossed one
// ends on the near side (continuous collision), and Coulomb friction holds back its motion
// relative to the obstacle's surface; docs/physics.md says how.
// Part of the device contract (pbd/device/): a device backend (src/gpu) reuses or repeats it;
// namespace detail: not for users of the library.

#include <cstddef>
#include <span>
#include <vector>

#include <glm/vec2.hpp>

#include "pbd/obstacle.h"

namespace pbd::detail {

/// An obstacle where it is in one substep, as the points within `r` of a core: a point (a
/// circle), a segment (a capsule), a rectangle (a box) or a half-plane (the ground), in world
/// coordinates, with the rigid motion that took it there during the substep.
struct ContactShape {
    enum class Core { Point, Segment, Rectangle, HalfPlane };
    Core core = Core::Point;
    glm::dvec2 a{0.0};    ///< point; segment's first end; rectangle's centre; plane's point
    glm::dvec2 b{0.0};    ///< segment's second end
    glm::dvec2 u{1, 0};   ///< rectangle: its unit x axis; half-plane: its outward normal
    glm::dvec2 half{0.0}; ///< rectangle: half width, half height
    double r = 0.0;       ///< grown by (own radius + thickness / 2), m
    glm::dvec2 lo{0.0};   ///< bounding box of the grown shape (half-plane: unbounded)
    glm::dvec2 hi{0.0};
    /// Moving: a point attached to the obstacle went from p at the substep's start to
    /// to + R (p - from), R the rotation by (cosTurn, sinTurn).
    bool moving = false;
    glm::dvec2 from{0.0};
    glm::dvec2 to{0.0};
    double cosTurn = 1.0;
    double sinTurn = 0.0;
};

/// Signed distance of a point to a shape's grown surface (negative inside), in metres, and the
/// outward unit normal there: the point's nearest surface point is p - d n.
struct SurfaceDistance {
    double d = 0.0;
    glm::dvec2 n{0.0, 1.0};
};
SurfaceDistance surfaceDistance(const ContactShape& shape, glm::dvec2 p);

/// The first fraction t in [0, 1] at which the segment from s to e enters the grown shape,
/// or a negative number when it does not (s already inside counts as t = 0 when the segment
/// goes further in).
double entryFraction(const ContactShape& shape, glm::dvec2 s, glm::dvec2 e);

/// How far from p, inside the grown shape, the ray p + t n (n a unit vector) leaves it, m:
/// 0 when p is not inside, infinity when it never does (a half-plane, n pointing in).
double exitDistance(const ContactShape& shape, glm::dvec2 p, glm::dvec2 n);

/// Where a particle that was at p at the substep's start would be now had it been carried by
/// the shape's motion.
inline glm::dvec2 carried(const ContactShape& shape, glm::dvec2 p)
{
    if (!shape.moving)
        return p;
    const glm::dvec2 q = p - shape.from;
    return shape.to + glm::dvec2(shape.cosTurn * q.x - shape.sinTurn * q.y,
                                 shape.sinTurn * q.x + shape.cosTurn * q.y);
}

/// The obstacles of one substep, ready for resolveContacts.
struct ContactWorld {
    std::vector<ContactShape> shapes;
    double friction = 0.0; ///< Coulomb coefficient mu
};

/// Fills `world` with the obstacles where they are at the end of substep `substep` of
/// `substeps` (each moves from its start pose to its pose evenly over the step), grown by
/// thickness / 2.
void prepareContacts(std::span<const Obstacle> obstacles, double thickness, double friction,
                     int substep, int substeps, ContactWorld& world);

/// The contact phase for particles [begin, end): x their positions after the constraints, x0
/// their positions at the substep's start, w their inverse masses (0: left alone). Touches
/// only those particles, so chunks of them may run in parallel.
void resolveContacts(const ContactWorld& world, glm::dvec2* x, const glm::dvec2* x0,
                     const double* w, std::size_t begin, std::size_t end);

} // namespace pbd::detail
