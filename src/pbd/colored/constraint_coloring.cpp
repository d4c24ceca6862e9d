#include "pbd/device/constraint_coloring.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <stdexcept>

namespace pbd {
namespace {

/// Builds the grouped array from one set number per constraint (a counting sort, stable, so
/// each set keeps the input's relative order).
ConstraintSets groupBySet(std::span<const DistanceConstraint> constraints,
                          const std::vector<std::uint32_t>& setOf, std::size_t setCount)
{
    ConstraintSets sets;
    sets.offsets.assign(setCount + 1, 0);
    for (std::uint32_t s : setOf)
        ++sets.offsets[s + 1];
    for (std::size_t s = 0; s < setCount; ++s)
        sets.offsets[s + 1] += sets.offsets[s];
    std::vector<std::size_t> next(sets.offsets.begin(), sets.offsets.end() - 1);
    sets.constraints.resize(constraints.size());
    for (std::size_t k = 0; k < constraints.size(); ++k)
        sets.constraints[next[setOf[k]]++] = constraints[k];
    return sets;
}

} // namespace

std::array<GridSet, 8> clothGridSets(int width, int height, const ClothRestLengths& rest)
{
    const auto [horizontal, vertical, diagonal] = rest;
    const Index w = static_cast<Index>(width);
    const int edgeRows = height - 1; // rows i with a row i + 1 below
    const int cells = width - 1;     // columns j with a column j + 1 to the right
    //        first row, step, end,  first col, step, count,        a, b,     rest
    return {{{0, 1, height, 0, 2, width / 2, 0, 1, horizontal},               // (i, j)-(i, j+1)
             {0, 1, height, 1, 2, (width - 1) / 2, 0, 1, horizontal},
             {0, 2, edgeRows, 0, 1, width, 0, w, vertical},                   // (i, j)-(i+1, j)
             {1, 2, edgeRows, 0, 1, width, 0, w, vertical},
             {0, 2, edgeRows, 0, 1, cells, 0, w + 1, diagonal},               // (i, j)-(i+1, j+1)
             {1, 2, edgeRows, 0, 1, cells, 0, w + 1, diagonal},
             {0, 2, edgeRows, 0, 1, cells, 1, w, diagonal},                   // (i, j+1)-(i+1, j)
             {1, 2, edgeRows, 0, 1, cells, 1, w, diagonal}}};
}

ConstraintSets colorGreedy(std::span<const DistanceConstraint> constraints,
                           std::size_t particleCount)
{
    std::vector<std::uint32_t> degree(particleCount, 0);
    for (const DistanceConstraint& c : constraints) {
        if (c.a >= particleCount || c.b >= particleCount)
            throw std::invalid_argument("colorGreedy: a constraint's particle index is out of range");
        ++degree[c.a];
        if (c.b != c.a)
            ++degree[c.b];
    }
    const std::size_t maxDegree =
        degree.empty() ? 0 : *std::max_element(degree.begin(), degree.end());
    // Sets used so far by each particle's constraints, as a bit mask of `words` words.
    const std::size_t words = std::max<std::size_t>(1, (2 * maxDegree + 63) / 64);
    std::vector<std::uint64_t> used(particleCount * words, 0);

    std::vector<std::uint32_t> setOf(constraints.size());
    std::size_t setCount = 0;
    for (std::size_t k = 0; k < constraints.size(); ++k) {
        std::uint64_t* ua = &used[constraints[k].a * words];
        std::uint64_t* ub = &used[constraints[k].b * words];
        std::size_t color = 0;
        for (std::size_t word = 0; word < words; ++word) {
            const std::uint64_t taken = ua[word] | ub[word];
            if (taken != ~std::uint64_t{0}) {
                color = word * 64 + static_cast<std::size_t>(std::countr_one(taken));
                break;
            }
        }
        // A free bit always exists: the two particles have at most 2 * maxDegree - 2 other
        // constraints between them.
        const std::uint64_t bit = std::uint64_t{1} << (color % 64);
        ua[color / 64] |= bit;
        ub[color / 64] |= bit;
        setOf[k] = static_cast<std::uint32_t>(color);
        setCount = std::max(setCount, color + 1);
    }
    return groupBySet(constraints, setOf, setCount);
}

} // namespace pbd
