#pragma once
// The grid's implicit constraint sets written out as lists, and the colored kernel's sweep
// over such a list written plainly, for the colored solver's tests.

#include <cmath>
#include <cstdint>
#include <vector>

#include <glm/vec2.hpp>

#include "constraint_coloring.h"
#include "pbd/distance_constraint.h"

namespace pbd::test {

/// clothGridSets(width, height) expanded by following GridSet's definition literally: set s
/// of the result is GridSet s, its constraints row by row, column by column.
inline ConstraintSets expandGridSets(int width, int height)
{
    ConstraintSets sets;
    for (const GridSet& g : clothGridSets(width, height)) {
        for (int i = g.firstRow; i < g.rowEnd; i += g.rowStep) {
            for (int k = 0; k < g.columnCount; ++k) {
                const Index base = Index(i * width + g.firstColumn + k * g.columnStep);
                sets.constraints.push_back({base + g.aOffset, base + g.bOffset, g.restLength});
            }
        }
        sets.offsets.push_back(sets.constraints.size());
    }
    return sets;
}

/// One sweep over `sets`, each constraint in list order with the colored kernel's arithmetic
/// (docs/core-api.md, the colored form): PBD's s when `at` (compliance / h^2) is 0, else
/// XPBD's with the multipliers `lambda` (one per listed constraint); constraints whose `live`
/// flag is 0 are skipped.
inline void referenceSweep(std::vector<glm::dvec2>& x, const std::vector<double>& w,
                           const ConstraintSets& sets, double at, std::vector<double>& lambda,
                           const std::vector<std::uint8_t>* live = nullptr)
{
    for (std::size_t k = 0; k < sets.constraints.size(); ++k) {
        if (live != nullptr && (*live)[k] == 0)
            continue;
        const DistanceConstraint& c = sets.constraints[k];
        const double dx = x[c.a].x - x[c.b].x;
        const double dy = x[c.a].y - x[c.b].y;
        const double length = std::sqrt(dx * dx + dy * dy);
        const double wSum = w[c.a] + w[c.b];
        if (!(length > kMinConstraintLength) || wSum == 0.0)
            continue;
        double s;
        if (at != 0.0) {
            s = ((c.restLength - length) - at * lambda[k]) / (length * (wSum + at));
            lambda[k] = lambda[k] + s * length;
        } else {
            s = (c.restLength - length) / (length * wSum);
        }
        const double sa = w[c.a] * s;
        const double sb = w[c.b] * s;
        x[c.a] = glm::dvec2(x[c.a].x + sa * dx, x[c.a].y + sa * dy);
        x[c.b] = glm::dvec2(x[c.b].x - sb * dx, x[c.b].y - sb * dy);
    }
}

} // namespace pbd::test
