#pragma once
// The bending constraints of a 3D cloth (Settings::bending) as flat arrays, and the ten sets
// in which the colored solver projects them: what a device backend (src/gpu) needs to run
// the same constraints in the same order. The projections themselves are the core's
// (src/pbd/cloth/bending.h, which says the model: isometric bending [BWH+06] on the grid's
// discrete Hessian).
// Part of the device contract (pbd/device/); namespace detail: not for users of the library.

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "pbd/cloth.h"

namespace pbd::detail {

/// A bend: three particles along a row or a column, C = x_a - 2 x_b + x_c.
struct Bend {
    Index a;
    Index b;
    Index c;
    std::uint32_t edgeAb;  ///< the constraint joining a and b (for cuts and tears)
    std::uint32_t edgeBc;  ///< the constraint joining b and c
    double compliance;     ///< alpha in 1/(N m): (spacing^4) / (B A)
};

/// A twist: the four corners of a cell, C = x_a - x_b - x_c + x_d (a = k, b = k + 1,
/// c = k + width, d = k + width + 1).
struct Twist {
    Index a;
    Index b;
    Index c;
    Index d;
    std::uint32_t diagonal; ///< the cell's first diagonal constraint (the second follows it)
    double compliance;      ///< alpha in 1/(N m): du dv / (2 B)
};

/// The bending constraints of a width x height grid, flat arrays built once per cloth.
struct BendingConstraints {
    int width = 0;
    int height = 0;
    double across = 0.0;  ///< du, m
    double down = 0.0;    ///< dv, m
    double rigidity = 0.0; ///< B, N m
    std::vector<Bend> bends;   ///< the rows' bends, then the columns'
    std::vector<Twist> twists; ///< one per cell, row by row

    /// Whether they are those of this cloth and rigidity.
    bool matches(int w, int h, double du, double dv, double b) const
    {
        return width == w && height == h && across == du && down == dv && rigidity == b;
    }
    std::size_t size() const { return bends.size() + twists.size(); }
};

/// The bending constraints of a width x height grid of spacing du x dv (m) with rigidity B
/// (N m, > 0). Width and height at least 2; constraint indices as buildClothGrid() orders
/// them.
BendingConstraints buildBending(int width, int height, double du, double dv, double rigidity);

/// The bending's sets: no two constraints of a set share a particle.
inline constexpr std::size_t kBendingSets = 10;

/// The ten sets of a cloth's bending constraints, in the order the colored solver projects
/// them: a row's bends (x[j-1], x[j], x[j+1]) by their middle column j mod 3 (sets 0 to 2),
/// a column's by their first row mod 3 (3 to 5), the cells' twists by row and column parity
/// (6 to 9). A constraint is numbered k < bends.size() for bends[k], bends.size() + t for
/// twists[t].
struct BendingSetOrder {
    /// The constraints, set after set, each set's by its first row.
    std::vector<std::uint32_t> order;
    /// Per set, height + 1 positions in `order`: set s's constraints of first row i are at
    /// [start[s][i], start[s][i + 1]); the sets follow one another (start[s + 1][0] ==
    /// start[s][height]).
    std::array<std::vector<std::uint32_t>, kBendingSets> start;
};

/// The sets of `bending`'s constraints (they depend on the grid alone).
BendingSetOrder orderBendingSets(const BendingConstraints& bending);

} // namespace pbd::detail
