#pragma once
// Closest points between a cloth's elements in 3D, for the self-contact between elements
// (element_contact.h): a point and a triangle, two segments. Private to the core.

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

#include "pbd/vec.h"

namespace pbd::detail {

/// The point of triangle (a, b, c) nearest p, as barycentric weights (wa + wb + wc = 1, each
/// in [0, 1]) and the point itself.
struct TriangleClosest {
    double wa = 1.0, wb = 0.0, wc = 0.0;
    Vec<3> point{0.0};
};

/// The nearest point on segment [a, b] to p, as the fraction t in [0, 1] along it.
inline double closestOnSegment(const Vec<3>& p, const Vec<3>& a, const Vec<3>& b)
{
    const Vec<3> ab = b - a;
    const double len2 = dot(ab, ab);
    if (!(len2 > 0.0))
        return 0.0;
    return std::clamp(dot(Vec<3>(p - a), ab) / len2, 0.0, 1.0);
}

/// The point of triangle (a, b, c) nearest p. The plane's foot when it falls inside, else the
/// nearest of the three edges' nearest points; a degenerate (zero-area) triangle takes the
/// edges' only.
inline TriangleClosest closestOnTriangle(const Vec<3>& p, const Vec<3>& a, const Vec<3>& b,
                                         const Vec<3>& c)
{
    const Vec<3> ab = b - a;
    const Vec<3> ac = c - a;
    const Vec<3> n = glm::cross(ab, ac);
    const double n2 = dot(n, n);
    const double scale2 = std::max(dot(ab, ab), dot(ac, ac));
    if (n2 > 1e-24 * scale2 * scale2) {
        // The foot's barycentric weights from the sub-triangles' signed areas along n.
        const Vec<3> ap = p - a;
        const double wb = dot(glm::cross(ap, ac), n) / n2;
        const double wc = dot(glm::cross(ab, ap), n) / n2;
        const double wa = 1.0 - wb - wc;
        if (wa >= 0.0 && wb >= 0.0 && wc >= 0.0)
            return {wa, wb, wc, wa * a + wb * b + wc * c};
    }
    // Outside (or degenerate): the nearest of the edges' nearest points.
    TriangleClosest best;
    double bestD2 = -1.0;
    auto tryEdge = [&](const Vec<3>& u, const Vec<3>& v, int iu, int iv) {
        const double t = closestOnSegment(p, u, v);
        const Vec<3> q = u + t * (v - u);
        const double d2 = squaredLength(Vec<3>(p - q));
        if (bestD2 < 0.0 || d2 < bestD2) {
            bestD2 = d2;
            double wts[3] = {0.0, 0.0, 0.0};
            wts[iu] = 1.0 - t;
            wts[iv] = t;
            best = {wts[0], wts[1], wts[2], q};
        }
    };
    tryEdge(a, b, 0, 1);
    tryEdge(b, c, 1, 2);
    tryEdge(c, a, 2, 0);
    return best;
}

/// The nearest points of segments [p0, p1] and [q0, q1]: p0 + s (p1 - p0) and
/// q0 + t (q1 - q0), s and t in [0, 1]; for parallel segments one of the nearest pairs.
struct SegmentsClosest {
    double s = 0.0, t = 0.0;
};
inline SegmentsClosest closestOnSegments(const Vec<3>& p0, const Vec<3>& p1, const Vec<3>& q0,
                                         const Vec<3>& q1)
{
    const Vec<3> u = p1 - p0;
    const Vec<3> v = q1 - q0;
    const Vec<3> r = p0 - q0;
    const double uu = dot(u, u);
    const double vv = dot(v, v);
    const double vr = dot(v, r);
    if (!(uu > 0.0) && !(vv > 0.0))
        return {0.0, 0.0};
    if (!(uu > 0.0))
        return {0.0, std::clamp(vr / vv, 0.0, 1.0)};
    const double ur = dot(u, r);
    if (!(vv > 0.0))
        return {std::clamp(-ur / uu, 0.0, 1.0), 0.0};
    const double uv = dot(u, v);
    const double denom = uu * vv - uv * uv; // >= 0, 0 when parallel
    // The lines' nearest s, clamped (any s for parallel lines: 0), then t for it, clamped,
    // then s again for the clamped t: the segments' nearest pair (the distance is convex).
    double s = denom > 1e-14 * uu * vv ? std::clamp((uv * vr - ur * vv) / denom, 0.0, 1.0) : 0.0;
    double t = (uv * s + vr) / vv;
    if (t < 0.0) {
        t = 0.0;
        s = std::clamp(-ur / uu, 0.0, 1.0);
    } else if (t > 1.0) {
        t = 1.0;
        s = std::clamp((uv - ur) / uu, 0.0, 1.0);
    }
    return {s, t};
}

} // namespace pbd::detail
