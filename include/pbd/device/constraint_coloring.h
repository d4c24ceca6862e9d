#pragma once
/// \file
/// Grouping constraints into independent sets ("colors"): within a set no two constraints
/// share a particle, so a set's projections can run in any order, or in parallel, with the
/// same result [BMM17, section on parallel Gauss-Seidel / graph coloring]. The page's grid has
/// eight regular sets (clothGridSets); any other constraint list can be colored greedily.
/// Part of the device contract (pbd/device/): the GPU solver projects the same sets.

#include <array>
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

/// One of the page's grid's independent sets, described by its pattern instead of a list, so
/// that a solver walks it by index arithmetic and reads no constraint array. The set holds,
/// for every row i = firstRow, firstRow + rowStep, ... below rowEnd and every k in
/// 0 .. columnCount - 1, the constraint between particles
///   a = i * width + firstColumn + k * columnStep + aOffset   and   b = (the same) + bOffset
/// with rest length restLength, exactly as buildClothGrid() makes it (same a, b and rest).
struct GridSet {
    int firstRow;      ///< first row of the set's constraints (0 or 1)
    int rowStep;       ///< 1: every row; 2: every other row
    int rowEnd;        ///< rows i < rowEnd
    int firstColumn;   ///< column j of the first constraint in a row (0 or 1)
    int columnStep;    ///< columns between consecutive constraints of a row (1 or 2)
    int columnCount;   ///< constraints per row (>= 0)
    Index aOffset;     ///< particle a relative to particle (i, j)
    Index bOffset;     ///< particle b relative to particle (i, j)
    double restLength; ///< metres, one of the grid's ClothRestLengths
};

/// The eight sets of a width x height page grid, in projection order: horizontal by even /
/// odd column, vertical by even / odd row, diagonal (i, j)-(i+1, j+1) by even / odd row,
/// anti-diagonal (i, j+1)-(i+1, j) by even / odd row. No two constraints of a set share a
/// particle, and together the sets hold each of buildClothGrid()'s constraints exactly once,
/// with its rest length (`rest`: the page's by default, or a sized cloth's).
std::array<GridSet, 8> clothGridSets(int width, int height,
                                     const ClothRestLengths& rest = clothRestLengths());

/// Greedy graph coloring of any constraint list: each constraint, in order, gets the lowest
/// set that none of the earlier constraints on its two particles uses. At most
/// 2 * (largest particle degree) - 1 sets. Every index must be below `particleCount`.
/// Simulation builds only the page's grid, whose sets the colored solver walks implicitly
/// (clothGridSets); this is the coloring for any other constraint list.
ConstraintSets colorGreedy(std::span<const DistanceConstraint> constraints,
                           std::size_t particleCount);

} // namespace pbd
