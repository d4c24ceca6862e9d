#pragma once
// What the two searches by patches share (the particles' in self_collision.cpp, the
// elements' in element_contact.cpp): a patch's affine map of the rest grid through its
// corners, and the blocks of 2 x 2 patches holding two patches. docs/physics.md says why a
// flat block holds no pair. Private to the core.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace pbd::detail {

/// The map of a rectangle of the grid (rows j0..j1, columns i0..i1 of particles, `width` a
/// row) through its corners: their mean at the middle, the mean of its sides' slopes along
/// each axis. Map has origin, u, v (of x's vector type) and ci, cj.
template <typename Map, typename V>
Map cornerMap(const V* x, std::size_t width, int i0, int i1, int j0, int j1)
{
    auto at = [&](int i, int j) {
        return x[static_cast<std::size_t>(i) + width * static_cast<std::size_t>(j)];
    };
    const V c00 = at(i0, j0), c10 = at(i1, j0), c01 = at(i0, j1), c11 = at(i1, j1);
    Map map;
    map.origin = 0.25 * (c00 + c10 + c01 + c11);
    map.u = ((c10 + c11) - (c00 + c01)) / (2.0 * (i1 - i0));
    map.v = ((c01 + c11) - (c00 + c10)) / (2.0 * (j1 - j0));
    map.ci = 0.5 * (i0 + i1);
    map.cj = 0.5 * (j0 + j1);
    return map;
}

/// Whether a flat block holds both patches p and q of a sheet `wide` patches wide (neighbours
/// or the same; flatBlock per block, indexed by its first patch).
inline bool flatBlockHolds(const std::vector<std::uint8_t>& flatBlock, std::size_t wide,
                           std::size_t p, std::size_t q)
{
    const std::size_t pi = p % wide, pj = p / wide, qi = q % wide, qj = q / wide;
    if (std::max(pi, qi) - std::min(pi, qi) > 1 || std::max(pj, qj) - std::min(pj, qj) > 1)
        return false;
    // The blocks holding both: first patch (ai, aj) with ai <= both <= ai + 1.
    for (std::size_t aj = std::max(pj, qj) > 0 ? std::max(pj, qj) - 1 : 0;
         aj <= std::min(pj, qj); ++aj)
        for (std::size_t ai = std::max(pi, qi) > 0 ? std::max(pi, qi) - 1 : 0;
             ai <= std::min(pi, qi); ++ai)
            if (flatBlock[ai + wide * aj] != 0)
                return true;
    return false;
}

} // namespace pbd::detail
