#pragma once
// The grid's implicit constraint sets written out as lists, and the colored kernel's sweep
// over such a list written plainly, for the colored solver's tests.

#include <cmath>
#include <cstdint>
#include <vector>

#include <glm/vec2.hpp>

#include "pbd/device/constraint_coloring.h"
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

/// Each listed constraint's compliance / h^2 on a sized cloth: `edgeAt` for an edge spring
/// (a horizontal one, same row, of the first or last row when height > 1; a vertical one of
/// the first or last column when width > 1; told apart by their particles, as
/// pbd::isEdgeSpring() tells them by their page-order index), `at` for the others.
inline std::vector<double> edgeCompliances(const ConstraintSets& sets, int width, int height,
                                           double at, double edgeAt)
{
    const Index w = Index(width);
    const Index h = Index(height);
    std::vector<double> ats;
    for (const DistanceConstraint& c : sets.constraints) {
        const bool vertical = c.b == c.a + w;
        const bool horizontal = !vertical && c.b == c.a + 1 && c.a / w == c.b / w;
        const bool edge = (vertical && w > 1 && (c.a % w == 0 || c.a % w == w - 1)) ||
                          (horizontal && h > 1 && (c.a / w == 0 || c.a / w == h - 1));
        ats.push_back(edge ? edgeAt : at);
    }
    return ats;
}

/// One sweep over `sets`, each constraint in list order with the colored kernel's arithmetic
/// (docs/core-api.md, the colored form): PBD's s when `at` (compliance / h^2) is 0, else
/// XPBD's with the multipliers `lambda` (one per listed constraint), each constraint with
/// its own compliance `(*ats)[k]` when `ats` is given (edgeCompliances()); constraints whose
/// `live` flag is 0 are skipped. In 3D the length is sqrt((dx dx + dy dy) + dz dz).
template <glm::length_t D>
inline void referenceSweep(std::vector<glm::vec<D, double>>& x, const std::vector<double>& w,
                           const ConstraintSets& sets, double at, std::vector<double>& lambda,
                           const std::vector<std::uint8_t>* live = nullptr,
                           const std::vector<double>* ats = nullptr)
{
    const double common = at;
    for (std::size_t k = 0; k < sets.constraints.size(); ++k) {
        if (live != nullptr && (*live)[k] == 0)
            continue;
        at = ats != nullptr ? (*ats)[k] : common;
        const DistanceConstraint& c = sets.constraints[k];
        double d[D];
        for (glm::length_t i = 0; i < D; ++i)
            d[i] = x[c.a][i] - x[c.b][i];
        double squared = d[0] * d[0] + d[1] * d[1];
        if constexpr (D == 3)
            squared = squared + d[2] * d[2];
        const double length = std::sqrt(squared);
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
        for (glm::length_t i = 0; i < D; ++i) {
            x[c.a][i] = x[c.a][i] + sa * d[i];
            x[c.b][i] = x[c.b][i] - sb * d[i];
        }
    }
}

} // namespace pbd::test
