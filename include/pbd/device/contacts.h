#pragma once
// The contact phase of a substep: every movable particle that ends inside an obstacle grown by
// thickness / 2 is put back on the surface of their union, a particle whose path crossed one
// ends on the near side (continuous collision), and Coulomb friction holds back its motion
// relative to the obstacle's surface; docs/physics.md says how.
// Part of the device contract (pbd/device/): a device backend (src/gpu) reuses or repeats it;
// namespace detail: not for users of the library.

#include <array>
#include <cstddef>
#include <span>
#include <vector>

#include "pbd/obstacle.h"
#include "pbd/obstacle3.h"
#include "pbd/vec.h"

namespace pbd::detail {

/// The rigid turn of a moving obstacle over one substep: in 2D its cosine and sine, in 3D
/// the rows of its rotation matrix.
template <glm::length_t D>
struct Turn;
template <>
struct Turn<2> {
    double cos = 1.0;
    double sin = 0.0;
};
template <>
struct Turn<3> {
    std::array<Vec<3>, 3> row{Vec<3>(1, 0, 0), Vec<3>(0, 1, 0), Vec<3>(0, 0, 1)};
};

/// q turned by `turn`: in 2D (c q.x - s q.y, s q.x + c q.y), in 3D each row . q.
inline Vec<2> turned(const Turn<2>& turn, Vec<2> q)
{
    return {turn.cos * q.x - turn.sin * q.y, turn.sin * q.x + turn.cos * q.y};
}
inline Vec<3> turned(const Turn<3>& turn, Vec<3> q)
{
    return {dot(turn.row[0], q), dot(turn.row[1], q), dot(turn.row[2], q)};
}

/// The axes of a frame: the identity's in D dimensions.
template <glm::length_t D>
inline std::array<Vec<D>, D> identityAxes()
{
    std::array<Vec<D>, D> axes;
    for (glm::length_t k = 0; k < D; ++k) {
        axes[static_cast<std::size_t>(k)] = Vec<D>(0.0);
        axes[static_cast<std::size_t>(k)][k] = 1.0;
    }
    return axes;
}

/// An obstacle where it is in one substep, as the points within `r` of a core: a point (a
/// disc, a sphere), a segment (a capsule), a box (a rectangle in 2D) or a half-space (the
/// ground, a plane), in world coordinates, with the rigid motion that took it there during
/// the substep. Written once for D dimensions.
template <glm::length_t D>
struct ContactShapeOf {
    enum class Core { Point, Segment, Box, HalfSpace };
    Core core = Core::Point;
    Vec<D> a{0.0};    ///< point; segment's first end; box's centre; a point of the plane
    Vec<D> b{0.0};    ///< segment's second end
    /// Box: its unit axes, a right-handed frame (in 2D the second is the first turned by 90
    /// degrees).
    std::array<Vec<D>, D> axis = identityAxes<D>();
    Vec<D> normal = upVector<D>(); ///< half-space: its outward unit normal
    Vec<D> half{0.0}; ///< box: its half extents along its axes
    double r = 0.0;   ///< grown by (own radius + thickness / 2), m
    Vec<D> lo{0.0};   ///< bounding box of the grown shape (half-space: unbounded)
    Vec<D> hi{0.0};
    /// Moving: a point attached to the obstacle went from p at the substep's start to
    /// to + turned(turn, p - from).
    bool moving = false;
    Vec<D> from{0.0};
    Vec<D> to{0.0};
    Turn<D> turn{};
};
using ContactShape = ContactShapeOf<2>;

/// Signed distance of a point to a shape's grown surface (negative inside), in metres, and the
/// outward unit normal there: the point's nearest surface point is p - d n.
template <glm::length_t D>
struct SurfaceDistanceOf {
    double d = 0.0;
    Vec<D> n = upVector<D>();
};
using SurfaceDistance = SurfaceDistanceOf<2>;

template <glm::length_t D>
SurfaceDistanceOf<D> surfaceDistance(const ContactShapeOf<D>& shape, Vec<D> p);

/// The first fraction t in [0, 1] at which the segment from s to e enters the grown shape,
/// or a negative number when it does not (s already inside counts as t = 0 when the segment
/// goes further in).
template <glm::length_t D>
double entryFraction(const ContactShapeOf<D>& shape, Vec<D> s, Vec<D> e);

/// How far from p, inside the grown shape, the ray p + t n (n a unit vector) leaves it, m:
/// 0 when p is not inside, infinity when it never does (a half-space, n pointing in).
template <glm::length_t D>
double exitDistance(const ContactShapeOf<D>& shape, Vec<D> p, Vec<D> n);

/// Where a particle that was at p at the substep's start would be now had it been carried by
/// the shape's motion.
template <glm::length_t D>
inline Vec<D> carried(const ContactShapeOf<D>& shape, Vec<D> p)
{
    if (!shape.moving)
        return p;
    return shape.to + turned(shape.turn, p - shape.from);
}

/// The obstacles of one substep, ready for resolveContacts.
template <glm::length_t D>
struct ContactWorldOf {
    std::vector<ContactShapeOf<D>> shapes;
    double friction = 0.0; ///< Coulomb coefficient mu
};
using ContactWorld = ContactWorldOf<2>;

/// Fills `world` with the obstacles where they are at the end of substep `substep` of
/// `substeps` (each moves from its start pose to its pose evenly over the step), grown by
/// thickness / 2.
void prepareContacts(std::span<const Obstacle> obstacles, double thickness, double friction,
                     int substep, int substeps, ContactWorld& world);
/// The same for 3D obstacles.
void prepareContacts(std::span<const Obstacle3> obstacles, double thickness, double friction,
                     int substep, int substeps, ContactWorldOf<3>& world);

/// The contact phase for particles [begin, end): x their positions after the constraints, x0
/// their positions at the substep's start, w their inverse masses (0: left alone). Touches
/// only those particles, so chunks of them may run in parallel.
template <glm::length_t D>
void resolveContacts(const ContactWorldOf<D>& world, Vec<D>* x, const Vec<D>* x0,
                     const double* w, std::size_t begin, std::size_t end);

} // namespace pbd::detail
