// The colored solver's view of removed constraints: the live flags in its own per-set layout,
// which rows are torn, and the torn rows' lists for the AVX2 kernels (colored_kernels.h says
// why a horizontal set lists live constraints and the other sets windows of four).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "colored/colored_kernels.h"
#include "colored/colored_solver.h"
#include "colored/colored_sweep.h"

namespace pbd {
namespace {

/// Appends the list of a torn row of `count` constraints, whose live flags are `flags`, to
/// `entries`, and returns its length: for a horizontal set 4k for each live constraint k
/// (see projectPairListAvx2), else its windows (see projectRowWindowsAvx2; count >= 4).
std::uint32_t appendRowList(const LiveFlag* flags, std::size_t count, bool horizontal,
                            std::vector<std::uint32_t>& entries)
{
    std::uint32_t length = 0;
    if (horizontal) {
        for (std::size_t k = 0; k < count; ++k)
            if (isLive(flags + k)) {
                entries.push_back(static_cast<std::uint32_t>(4 * k));
                ++length;
            }
        return length;
    }
    for (std::size_t k = 0; k < count;) {
        if (!isLive(flags + k)) {
            ++k;
            continue;
        }
        // A window from the first live constraint k not yet covered; the last one ends at the
        // row's end, its lanes before k then being removed ones or the previous window's.
        const std::size_t start = std::min(k, count - 4);
        std::uint32_t pattern = 0;
        for (std::size_t q = k; q < start + 4; ++q)
            if (isLive(flags + q))
                pattern |= 1u << (q - start);
        entries.push_back(static_cast<std::uint32_t>(2 * start));
        entries.push_back(pattern * static_cast<std::uint32_t>(sizeof(LaneMasks)));
        ++length;
        k = start + 4;
    }
    return length;
}

} // namespace

template <glm::length_t D>
void ColoredSolverOf<D>::setLive(std::span<const std::uint8_t> alive, std::uint64_t version)
{
    if (version == liveVersion_)
        return;
    liveVersion_ = version;
    lists_.clear();
    listEntries_.clear();
    if (std::find(alive.begin(), alive.end(), std::uint8_t{0}) == alive.end()) {
        mask_.clear();
        rowDead_.clear();
        return;
    }
    // The constraint index of (set, row i, column j) in the page's order (buildClothGrid):
    // all horizontal, then all vertical, then per cell the diagonal and the anti-diagonal.
    const std::size_t w = static_cast<std::size_t>(width_);
    const std::size_t h = static_cast<std::size_t>(height_);
    const std::size_t verticalBase = h * (w - 1);
    const std::size_t diagonalBase = verticalBase + (h - 1) * w;
    mask_.assign(lambdaOffset_[sets_.size()], 1);
    rowDead_.assign(rowOffset_[sets_.size()], 0);
    if (avx2_)
        lists_.resize(rowOffset_[sets_.size()]);
    for (std::size_t s = 0; s < sets_.size(); ++s) {
        const GridSet& set = sets_[s];
        std::size_t row = 0;
        for (int i = set.firstRow; i < set.rowEnd; i += set.rowStep, ++row)
            for (int k = 0; k < set.columnCount; ++k) {
                const std::size_t ii = static_cast<std::size_t>(i);
                const std::size_t j = static_cast<std::size_t>(set.firstColumn + k * set.columnStep);
                std::size_t index;
                if (s < 2)
                    index = ii * (w - 1) + j;
                else if (s < 4)
                    index = verticalBase + ii * w + j;
                else
                    index = diagonalBase + 2 * (ii * (w - 1) + j) + (s < 6 ? 0 : 1);
                if (alive[index] == 0) {
                    mask_[lambdaOffset_[s] + row * static_cast<std::size_t>(set.columnCount) +
                          static_cast<std::size_t>(k)] = 0;
                    rowDead_[rowOffset_[s] + row] = 1;
                }
            }
        if (!listed(s))
            continue;
        const auto count = static_cast<std::size_t>(set.columnCount);
        for (std::size_t r = 0; r < row; ++r) {
            if (rowDead_[rowOffset_[s] + r] == 0)
                continue;
            const auto begin = static_cast<std::uint32_t>(listEntries_.size());
            lists_[rowOffset_[s] + r] = {
                begin, appendRowList(mask_.data() + lambdaOffset_[s] + r * count, count,
                                     pairSet(set), listEntries_)};
        }
    }
}

template <glm::length_t D>
bool ColoredSolverOf<D>::listed(std::size_t s) const
{
    // The 3D kernels mask torn rows: listed() is the 2D AVX2 kernels' way.
    return D == 2 && avx2_ && (pairSet(sets_[s]) || sets_[s].columnCount >= 4);
}

template void ColoredSolverOf<2>::setLive(std::span<const std::uint8_t>, std::uint64_t);
template void ColoredSolverOf<3>::setLive(std::span<const std::uint8_t>, std::uint64_t);
template bool ColoredSolverOf<2>::listed(std::size_t) const;
template bool ColoredSolverOf<3>::listed(std::size_t) const;

} // namespace pbd
