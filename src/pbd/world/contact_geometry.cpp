// The geometry of the contact phase: signed distances to the grown shapes and the first
// entry of a segment into one. Every shape is a core (point, segment, rectangle, half-plane)
// grown by a radius, so a capsule is two discs and a rectangle, and a grown box two
// rectangles and four discs; a segment enters the union first where it enters one of them.

#include <algorithm>
#include <cmath>
#include <limits>

#include "pbd/device/contacts.h"

namespace pbd::detail {
namespace {

double dot(glm::dvec2 a, glm::dvec2 b) { return a.x * b.x + a.y * b.y; }

/// Distance from p to the point c grown by r.
SurfaceDistance fromPoint(glm::dvec2 c, double r, glm::dvec2 p)
{
    const glm::dvec2 v = p - c;
    const double length = std::sqrt(dot(v, v));
    if (length == 0.0) // at the centre every direction is as near: up, by convention
        return {-r, {0.0, 1.0}};
    return {length - r, v / length};
}

/// First fraction in [0, 1] at which s + t (e - s) enters the disc (c, r), or -1.
double enterDisc(glm::dvec2 s, glm::dvec2 e, glm::dvec2 c, double r)
{
    const glm::dvec2 f = s - c;
    const glm::dvec2 u = e - s;
    const double a = dot(u, u);
    const double b = dot(f, u);
    const double k = dot(f, f) - r * r;
    if (k <= 0.0) // on or in the disc: it enters at once when it goes further in
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

/// First fraction at which the segment enters the rectangle of centre c, unit x axis ux and
/// half extents `half`, or -1 (slabs).
double enterRectangle(glm::dvec2 s, glm::dvec2 e, glm::dvec2 c, glm::dvec2 ux, glm::dvec2 half)
{
    const glm::dvec2 uy(-ux.y, ux.x);
    const glm::dvec2 f = s - c;
    const glm::dvec2 u = e - s;
    const double from[2] = {dot(f, ux), dot(f, uy)};
    const double along[2] = {dot(u, ux), dot(u, uy)};
    const double extent[2] = {half.x, half.y};
    double enter = -std::numeric_limits<double>::infinity();
    double exit = std::numeric_limits<double>::infinity();
    for (int k = 0; k < 2; ++k) {
        if (along[k] == 0.0) {
            if (std::abs(from[k]) > extent[k])
                return -1.0;
            continue;
        }
        double t1 = (-extent[k] - from[k]) / along[k];
        double t2 = (extent[k] - from[k]) / along[k];
        if (t1 > t2)
            std::swap(t1, t2);
        enter = std::max(enter, t1);
        exit = std::min(exit, t2);
    }
    if (enter > exit || exit <= 0.0 || enter > 1.0)
        return -1.0;
    return std::max(enter, 0.0);
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

} // namespace

SurfaceDistance surfaceDistance(const ContactShape& shape, glm::dvec2 p)
{
    switch (shape.core) {
    case ContactShape::Core::Point:
        return fromPoint(shape.a, shape.r, p);
    case ContactShape::Core::Segment: {
        const glm::dvec2 ab = shape.b - shape.a;
        const double ab2 = dot(ab, ab);
        const double t = ab2 > 0.0 ? std::clamp(dot(p - shape.a, ab) / ab2, 0.0, 1.0) : 0.0;
        return fromPoint(shape.a + t * ab, shape.r, p);
    }
    case ContactShape::Core::Rectangle: {
        const glm::dvec2 uy(-shape.u.y, shape.u.x);
        const glm::dvec2 f = p - shape.a;
        const glm::dvec2 l(dot(f, shape.u), dot(f, uy));
        const glm::dvec2 q(std::abs(l.x) - shape.half.x, std::abs(l.y) - shape.half.y);
        if (q.x > 0.0 || q.y > 0.0) { // outside the core: from its nearest point
            const glm::dvec2 out(std::max(q.x, 0.0), std::max(q.y, 0.0));
            const double length = std::sqrt(dot(out, out));
            const glm::dvec2 nl(std::copysign(out.x, l.x) / length,
                                std::copysign(out.y, l.y) / length);
            return {length - shape.r, nl.x * shape.u + nl.y * uy};
        }
        // Inside the core: out through the nearest side.
        if (q.x >= q.y)
            return {q.x - shape.r, (l.x >= 0.0 ? 1.0 : -1.0) * shape.u};
        return {q.y - shape.r, (l.y >= 0.0 ? 1.0 : -1.0) * uy};
    }
    case ContactShape::Core::HalfPlane:
        break;
    }
    return {dot(p - shape.a, shape.u) - shape.r, shape.u};
}

double exitDistance(const ContactShape& shape, glm::dvec2 p, glm::dvec2 n)
{
    if (shape.core == ContactShape::Core::HalfPlane) {
        const double along = dot(n, shape.u);
        const double d = dot(p - shape.a, shape.u) - shape.r;
        if (d >= 0.0)
            return 0.0;
        return along > 0.0 ? -d / along : std::numeric_limits<double>::infinity();
    }
    // A bounded shape: come back from a point beyond it along the ray, and enter it there.
    const glm::dvec2 size = shape.hi - shape.lo;
    const glm::dvec2 from = p - shape.lo;
    const double far = 2.0 * (std::abs(size.x) + std::abs(size.y) + std::abs(from.x) +
                              std::abs(from.y)) + 1.0;
    const double t = entryFraction(shape, p + far * n, p);
    return t < 0.0 ? 0.0 : far * (1.0 - t);
}

double entryFraction(const ContactShape& shape, glm::dvec2 s, glm::dvec2 e)
{
    const double r = shape.r;
    switch (shape.core) {
    case ContactShape::Core::Point:
        return enterDisc(s, e, shape.a, r);
    case ContactShape::Core::Segment: {
        const glm::dvec2 ab = shape.b - shape.a;
        const double length = std::sqrt(dot(ab, ab));
        double t = earlier(enterDisc(s, e, shape.a, r), enterDisc(s, e, shape.b, r));
        if (length > 0.0)
            t = earlier(t, enterRectangle(s, e, 0.5 * (shape.a + shape.b), ab / length,
                                          {0.5 * length, r}));
        return t;
    }
    case ContactShape::Core::Rectangle: {
        const glm::dvec2 h = shape.half;
        double t = earlier(enterRectangle(s, e, shape.a, shape.u, {h.x + r, h.y}),
                           enterRectangle(s, e, shape.a, shape.u, {h.x, h.y + r}));
        if (r > 0.0) {
            const glm::dvec2 uy(-shape.u.y, shape.u.x);
            for (double sx : {-1.0, 1.0})
                for (double sy : {-1.0, 1.0})
                    t = earlier(t, enterDisc(s, e, shape.a + sx * h.x * shape.u + sy * h.y * uy,
                                             r));
        }
        return t;
    }
    case ContactShape::Core::HalfPlane:
        break;
    }
    const double ds = dot(s - shape.a, shape.u) - r;
    const double de = dot(e - shape.a, shape.u) - r;
    if (ds <= 0.0)
        return de < ds ? 0.0 : -1.0;
    if (de >= 0.0)
        return -1.0;
    return ds / (ds - de);
}

} // namespace pbd::detail
