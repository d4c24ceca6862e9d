#pragma once
/// \file
/// Whether two line segments meet: the knife's test (Simulation::cut).

#include <algorithm>

#include <glm/vec2.hpp>

namespace pbd {

/// Sign of the turn p -> q -> r: +1 counter-clockwise, -1 clockwise, 0 collinear (exact for
/// coordinates whose products and differences are exact, e.g. small binary fractions).
inline int turn(glm::dvec2 p, glm::dvec2 q, glm::dvec2 r)
{
    const double cross = (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);
    return (cross > 0.0) - (cross < 0.0);
}

/// Whether the closed segments [a1, a2] and [b1, b2] share a point: a proper crossing, an
/// endpoint on the other segment, or collinear overlap. A segment may be a single point.
inline bool segmentsIntersect(glm::dvec2 a1, glm::dvec2 a2, glm::dvec2 b1, glm::dvec2 b2)
{
    // r on segment [p, q], given that p, q, r are collinear: inside the bounding box.
    auto within = [](glm::dvec2 p, glm::dvec2 q, glm::dvec2 r) {
        return std::min(p.x, q.x) <= r.x && r.x <= std::max(p.x, q.x) &&
               std::min(p.y, q.y) <= r.y && r.y <= std::max(p.y, q.y);
    };
    const int d1 = turn(b1, b2, a1);
    const int d2 = turn(b1, b2, a2);
    const int d3 = turn(a1, a2, b1);
    const int d4 = turn(a1, a2, b2);
    if (d1 * d2 < 0 && d3 * d4 < 0)
        return true;
    return (d1 == 0 && within(b1, b2, a1)) || (d2 == 0 && within(b1, b2, a2)) ||
           (d3 == 0 && within(a1, a2, b1)) || (d4 == 0 && within(a1, a2, b2));
}

} // namespace pbd
