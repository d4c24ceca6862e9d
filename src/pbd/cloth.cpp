#include "pbd/cloth.h"

#include <algorithm>
#include <cmath>

namespace pbd {

std::size_t clothConstraintCount(int width, int height)
{
    const std::size_t w = static_cast<std::size_t>(width);
    const std::size_t h = static_cast<std::size_t>(height);
    return h * (w - 1) + (h - 1) * w + 2 * (h - 1) * (w - 1);
}

// The page computes with s = 0.1 and multiplies by 2 or sqrt(8); we repeat its arithmetic
// literally so that every coordinate and rest length is bit-identical to the page's.
constexpr double kPageSpacing = 0.1;

ClothRestLengths clothRestLengths()
{
    return {kPageSpacing * 2.0, kPageSpacing * std::sqrt(8.0)};
}

ClothGrid buildClothGrid(int width, int height)
{
    const double s = kPageSpacing;
    const auto [straight, diagonal] = clothRestLengths();
    const Index w = static_cast<Index>(width);
    const Index h = static_cast<Index>(height);

    ClothGrid grid;
    grid.positions.reserve(static_cast<std::size_t>(w) * h);
    for (Index i = 0; i < h; ++i)
        for (Index j = 0; j < w; ++j)
            grid.positions.emplace_back(s * 2 * j, -s * 2 * i);

    auto& c = grid.constraints;
    c.reserve(clothConstraintCount(width, height));
    for (Index i = 0; i < h; ++i)
        for (Index j = 0; j + 1 < w; ++j)
            c.push_back({i * w + j, i * w + j + 1, straight});
    for (Index i = 0; i + 1 < h; ++i)
        for (Index j = 0; j < w; ++j)
            c.push_back({i * w + j, i * w + j + w, straight});
    for (Index i = 0; i + 1 < h; ++i) {
        for (Index j = 0; j + 1 < w; ++j) {
            c.push_back({i * w + j, i * w + j + w + 1, diagonal});
            c.push_back({i * w + j + 1, i * w + j + w, diagonal});
        }
    }
    return grid;
}

std::vector<Index> fixedCorners(int width, int height, int fixedCount)
{
    const Index w = static_cast<Index>(width);
    const Index h = static_cast<Index>(height);
    std::vector<Index> fixed{0};
    if (fixedCount >= 2)
        fixed.push_back(w - 1);
    if (fixedCount >= 4) {
        fixed.push_back((h - 1) * w);
        fixed.push_back(h * w - 1);
    }
    std::sort(fixed.begin(), fixed.end());
    fixed.erase(std::unique(fixed.begin(), fixed.end()), fixed.end());
    return fixed;
}

} // namespace pbd
