// The geometry of the contact phase: signed distances to the grown shapes and the first
// entry of a segment into one, written once for D dimensions. Every shape is a core (point,
// segment, box, half-space) grown by a radius. A segment enters the union first where it
// enters one of its pieces: a capsule is two balls and, around its axis, a rectangle (2D) or
// a cylinder (3D); a grown box is D boxes, each grown along one axis, and balls at its
// corners (2D) or capsules along its edges (3D).

#include <algorithm>
#include <cmath>
#include <limits>

#include "pbd/device/contacts.h"

namespace pbd::detail {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

/// Distance from p to the point c grown by r.
template <glm::length_t D>
SurfaceDistanceOf<D> fromPoint(Vec<D> c, double r, Vec<D> p)
{
    const Vec<D> v = p - c;
    const double length = std::sqrt(dot(v, v));
    if (length == 0.0) // at the centre every direction is as near: up, by convention
        return {-r, upVector<D>()};
    return {length - r, v / length};
}

/// First fraction in [0, 1] at which s + t (e - s) enters the ball (c, r), or -1.
template <glm::length_t D>
double enterBall(Vec<D> s, Vec<D> e, Vec<D> c, double r)
{
    const Vec<D> f = s - c;
    const Vec<D> u = e - s;
    const double a = dot(u, u);
    const double b = dot(f, u);
    const double k = dot(f, f) - r * r;
    if (k <= 0.0) // on or in the ball: it enters at once when it goes further in
        return b < 0.0 ? 0.0 : -1.0;
    if (b >= 0.0 || a == 0.0)
        return -1.0;
    const double disc = b * b - a * k;
    if (disc < 0.0)
        return -1.0;
    // The smaller root, written without the cancellation of -b - sqrt(disc) when a k is small.
    const double t = k / (-b + std::sqrt(disc));
    return t <= 1.0 ? t : -1.0;
}

/// Narrows [enter, exit] to the fractions at which s + t u lies within `extent` of 0 along
/// one axis (`from` the start's coordinate along it, `along` u's). Returns false when the
/// line never does.
bool slab(double from, double along, double extent, double& enter, double& exit)
{
    if (along == 0.0)
        return !(std::abs(from) > extent);
    double t1 = (-extent - from) / along;
    double t2 = (extent - from) / along;
    if (t1 > t2)
        std::swap(t1, t2);
    enter = std::max(enter, t1);
    exit = std::min(exit, t2);
    return true;
}

/// The entry fraction of the interval [enter, exit] of a convex piece: -1 when the segment
/// [0, 1] misses it, 0 when it starts inside.
double entryOf(double enter, double exit)
{
    if (enter > exit || exit <= 0.0 || enter > 1.0)
        return -1.0;
    return std::max(enter, 0.0);
}

/// First fraction at which the segment enters the box of centre c, unit axes `axis` and
/// half extents `half`, or -1 (slabs).
template <glm::length_t D>
double enterBox(Vec<D> s, Vec<D> e, Vec<D> c, const std::array<Vec<D>, D>& axis, Vec<D> half)
{
    const Vec<D> f = s - c;
    const Vec<D> u = e - s;
    double from[D];
    double along[D];
    for (glm::length_t k = 0; k < D; ++k) {
        from[k] = dot(f, axis[static_cast<std::size_t>(k)]);
        along[k] = dot(u, axis[static_cast<std::size_t>(k)]);
    }
    double enter = -kInfinity;
    double exit = kInfinity;
    for (glm::length_t k = 0; k < D; ++k)
        if (!slab(from[k], along[k], half[k], enter, exit))
            return -1.0;
    return entryOf(enter, exit);
}

/// First fraction at which the segment enters the cylinder of radius r around the segment
/// from a to b (length > 0), ends excluded (3D), or -1.
double enterCylinder(Vec<3> s, Vec<3> e, Vec<3> a, Vec<3> b, double r)
{
    const Vec<3> ab = b - a;
    const double length = std::sqrt(dot(ab, ab));
    const Vec<3> d = ab / length;
    const Vec<3> f = s - a;
    const Vec<3> u = e - s;
    double enter = -kInfinity;
    double exit = kInfinity;
    if (!slab(dot(f, d) - 0.5 * length, dot(u, d), 0.5 * length, enter, exit))
        return -1.0;
    // Across the axis: |fp + t up|^2 <= r^2.
    const Vec<3> fp = f - dot(f, d) * d;
    const Vec<3> up = u - dot(u, d) * d;
    const double qa = dot(up, up);
    const double qb = dot(fp, up);
    const double qc = dot(fp, fp) - r * r;
    if (qa == 0.0) {
        if (qc > 0.0)
            return -1.0;
    } else {
        const double disc = qb * qb - qa * qc;
        if (disc < 0.0)
            return -1.0;
        const double root = std::sqrt(disc);
        enter = std::max(enter, (-qb - root) / qa);
        exit = std::min(exit, (-qb + root) / qa);
    }
    return entryOf(enter, exit);
}

/// The smaller of two entries, either of which may be -1 (none).
double earlier(double a, double b)
{
    if (a < 0.0)
        return b;
    if (b < 0.0)
        return a;
    return std::min(a, b);
}

/// First fraction at which the segment enters the capsule of radius r around a to b.
template <glm::length_t D>
double enterCapsule(Vec<D> s, Vec<D> e, Vec<D> a, Vec<D> b, double r)
{
    const Vec<D> ab = b - a;
    const double length = std::sqrt(dot(ab, ab));
    double t = earlier(enterBall(s, e, a, r), enterBall(s, e, b, r));
    if (length > 0.0) {
        if constexpr (D == 2)
            t = earlier(t, enterBox<2>(s, e, 0.5 * (a + b), {ab / length,
                                                             Vec<2>(-ab.y, ab.x) / length},
                                       {0.5 * length, r}));
        else
            t = earlier(t, enterCylinder(s, e, a, b, r));
    }
    return t;
}

/// The corner of a box at the signs `sign` (+-1 per axis).
template <glm::length_t D>
Vec<D> corner(const ContactShapeOf<D>& shape, const double* sign)
{
    Vec<D> c = shape.a;
    for (glm::length_t k = 0; k < D; ++k)
        c = c + sign[k] * shape.half[k] * shape.axis[static_cast<std::size_t>(k)];
    return c;
}

/// First fraction at which the segment enters the grown box.
template <glm::length_t D>
double enterGrownBox(const ContactShapeOf<D>& shape, Vec<D> s, Vec<D> e)
{
    const double r = shape.r;
    double t = -1.0;
    for (glm::length_t k = 0; k < D; ++k) { // grown along one axis at a time
        Vec<D> grown = shape.half;
        grown[k] = grown[k] + r;
        t = earlier(t, enterBox<D>(s, e, shape.a, shape.axis, grown));
    }
    if (!(r > 0.0))
        return t;
    if constexpr (D == 2) {
        for (double sx : {-1.0, 1.0})
            for (double sy : {-1.0, 1.0}) {
                const double sign[2] = {sx, sy};
                t = earlier(t, enterBall(s, e, corner(shape, sign), r));
            }
    } else {
        // The 12 edges, each from a corner along one axis to the next corner.
        for (int along = 0; along < 3; ++along)
            for (double s1 : {-1.0, 1.0})
                for (double s2 : {-1.0, 1.0}) {
                    double sign[3];
                    sign[(along + 1) % 3] = s1;
                    sign[(along + 2) % 3] = s2;
                    sign[along] = -1.0;
                    const Vec<3> from = corner(shape, sign);
                    sign[along] = 1.0;
                    t = earlier(t, enterCapsule<3>(s, e, from, corner(shape, sign), r));
                }
    }
    return t;
}

/// The signed distance of p to the half-space's grown boundary.
template <glm::length_t D>
double aboveHalfSpace(const ContactShapeOf<D>& shape, Vec<D> p)
{
    return dot(p - shape.a, shape.normal) - shape.r;
}

} // namespace

template <glm::length_t D>
SurfaceDistanceOf<D> surfaceDistance(const ContactShapeOf<D>& shape, Vec<D> p)
{
    using Core = typename ContactShapeOf<D>::Core;
    switch (shape.core) {
    case Core::Point:
        return fromPoint(shape.a, shape.r, p);
    case Core::Segment: {
        const Vec<D> ab = shape.b - shape.a;
        const double ab2 = dot(ab, ab);
        const double t = ab2 > 0.0 ? std::clamp(dot(p - shape.a, ab) / ab2, 0.0, 1.0) : 0.0;
        return fromPoint<D>(shape.a + t * ab, shape.r, p);
    }
    case Core::Box: {
        const Vec<D> f = p - shape.a;
        Vec<D> l;
        Vec<D> q;
        bool outside = false;
        for (glm::length_t k = 0; k < D; ++k) {
            l[k] = dot(f, shape.axis[static_cast<std::size_t>(k)]);
            q[k] = std::abs(l[k]) - shape.half[k];
            outside = outside || q[k] > 0.0;
        }
        if (outside) { // outside the core: from its nearest point
            Vec<D> out;
            for (glm::length_t k = 0; k < D; ++k)
                out[k] = std::max(q[k], 0.0);
            const double length = std::sqrt(dot(out, out));
            Vec<D> n = std::copysign(out[0], l[0]) / length * shape.axis[0];
            for (glm::length_t k = 1; k < D; ++k)
                n = n + std::copysign(out[k], l[k]) / length *
                            shape.axis[static_cast<std::size_t>(k)];
            return {length - shape.r, n};
        }
        // Inside the core: out through the nearest side.
        glm::length_t side = 0;
        for (glm::length_t k = 1; k < D; ++k)
            if (q[k] > q[side])
                side = k;
        return {q[side] - shape.r,
                (l[side] >= 0.0 ? 1.0 : -1.0) * shape.axis[static_cast<std::size_t>(side)]};
    }
    case Core::HalfSpace:
        break;
    }
    return {aboveHalfSpace(shape, p), shape.normal};
}

template <glm::length_t D>
double exitDistance(const ContactShapeOf<D>& shape, Vec<D> p, Vec<D> n)
{
    if (shape.core == ContactShapeOf<D>::Core::HalfSpace) {
        const double along = dot(n, shape.normal);
        const double d = aboveHalfSpace(shape, p);
        if (d >= 0.0)
            return 0.0;
        return along > 0.0 ? -d / along : kInfinity;
    }
    // A bounded shape: come back from a point beyond it along the ray, and enter it there.
    const Vec<D> size = shape.hi - shape.lo;
    const Vec<D> from = p - shape.lo;
    double reach = std::abs(size[0]);
    for (glm::length_t k = 1; k < D; ++k)
        reach = reach + std::abs(size[k]);
    for (glm::length_t k = 0; k < D; ++k)
        reach = reach + std::abs(from[k]);
    const double far = 2.0 * reach + 1.0;
    const double t = entryFraction(shape, p + far * n, p);
    return t < 0.0 ? 0.0 : far * (1.0 - t);
}

template <glm::length_t D>
double entryFraction(const ContactShapeOf<D>& shape, Vec<D> s, Vec<D> e)
{
    using Core = typename ContactShapeOf<D>::Core;
    switch (shape.core) {
    case Core::Point:
        return enterBall(s, e, shape.a, shape.r);
    case Core::Segment:
        return enterCapsule(s, e, shape.a, shape.b, shape.r);
    case Core::Box:
        return enterGrownBox(shape, s, e);
    case Core::HalfSpace:
        break;
    }
    const double ds = aboveHalfSpace(shape, s);
    const double de = aboveHalfSpace(shape, e);
    if (ds <= 0.0)
        return de < ds ? 0.0 : -1.0;
    if (de >= 0.0)
        return -1.0;
    return ds / (ds - de);
}

template SurfaceDistanceOf<2> surfaceDistance(const ContactShapeOf<2>&, Vec<2>);
template SurfaceDistanceOf<3> surfaceDistance(const ContactShapeOf<3>&, Vec<3>);
template double exitDistance(const ContactShapeOf<2>&, Vec<2>, Vec<2>);
template double exitDistance(const ContactShapeOf<3>&, Vec<3>, Vec<3>);
template double entryFraction(const ContactShapeOf<2>&, Vec<2>, Vec<2>);
template double entryFraction(const ContactShapeOf<3>&, Vec<3>, Vec<3>);

} // namespace pbd::detail
