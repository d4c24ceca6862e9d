#pragma once
/// \file
/// Grouping constraints into independent sets ("colors"): within a set no two constraints
/// share a particle, so a set's projections can run in any order, or in parallel, with the
/// same result [BMM17, section on parallel Gauss-Seidel / graph coloring].

#include <cstddef>
#include <span>
#include <vector>

#include "pbd/cloth.h"

namespace pbd {

/// Constraints reordered so that each set is contiguous: set s is
/// constraints[offsets[s] .. offsets[s + 1]). Every input constraint appears exactly once.
struct ConstraintSets {
    std::vector<DistanceConstraint> constraints; ///< all constraints, grouped by set
    std::vector<std::size_t> offsets{0};         ///< setCount() + 1 ascending offsets

    /// Number of sets (some may be empty).
    std::size_t setCount() const { return offsets.size() - 1; }
    /// The constraints of set `s`.
    std::span<const DistanceConstraint> set(std::size_t s) const
    {
        return std::span<const DistanceConstraint>(constraints)
            .subspan(offsets[s], offsets[s + 1] - offsets[s]);
    }
};

/// The eight sets of the page's grid, given the constraints in buildClothGrid()'s order for a
/// width x height cloth: horizontal by even / odd column, vertical by even / odd row, diagonal
/// by even / odd row, anti-diagonal by even / odd row, in that order (close to the page's
/// order: horizontal, vertical, diagonals). Inside a set the constraints keep the page's
/// relative order, so memory is walked row by row. `pageOrder` must have
/// clothConstraintCount(width, height) entries.
ConstraintSets colorClothGrid(std::span<const DistanceConstraint> pageOrder, int width,
                              int height);

/// Greedy graph coloring of any constraint list: each constraint, in order, gets the lowest
/// set that none of the earlier constraints on its two particles uses. At most
/// 2 * (largest particle degree) - 1 sets. Every index must be below `particleCount`.
ConstraintSets colorGreedy(std::span<const DistanceConstraint> constraints,
                           std::size_t particleCount);

} // namespace pbd
