#include "pbd/cloth.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace pbd {

std::size_t clothConstraintCount(int width, int height)
{
    const std::size_t w = static_cast<std::size_t>(width);
    const std::size_t h = static_cast<std::size_t>(height);
    return h * (w - 1) + (h - 1) * w + 2 * (h - 1) * (w - 1);
}

bool halvesEdgeSprings(const Settings& settings)
{
    return settings.clothWidth > 0.0 || settings.clothHeight > 0.0;
}

bool isEdgeSpring(int width, int height, std::size_t k)
{
    const std::size_t w = static_cast<std::size_t>(width);
    const std::size_t h = static_cast<std::size_t>(height);
    const std::size_t horizontal = h * (w - 1);
    if (k < horizontal) {
        const std::size_t row = k / (w - 1);
        return h > 1 && (row == 0 || row == h - 1);
    }
    k -= horizontal;
    if (k < (h - 1) * w) {
        const std::size_t column = k % w;
        return w > 1 && (column == 0 || column == w - 1);
    }
    return false;
}

bool isShearSpring(int width, int height, std::size_t k)
{
    const std::size_t w = static_cast<std::size_t>(width);
    const std::size_t h = static_cast<std::size_t>(height);
    return k >= h * (w - 1) + (h - 1) * w;
}

// The page computes with s = 0.1 and multiplies by 2 or sqrt(8); we repeat its arithmetic
// literally so that every coordinate and rest length is bit-identical to the page's.
constexpr double kPageSpacing = 0.1;

ClothRestLengths clothRestLengths()
{
    return {kPageSpacing * 2.0, kPageSpacing * 2.0, kPageSpacing * std::sqrt(8.0)};
}

ClothRestLengths clothRestLengths(const Settings& settings)
{
    if (settings.clothWidth == 0.0 && settings.clothHeight == 0.0)
        return clothRestLengths();
    // validate() refuses a size with a single particle in its direction.
    const double page = kPageSpacing * 2.0;
    const double across =
        settings.clothWidth == 0.0 ? page : settings.clothWidth / (settings.width - 1);
    const double down =
        settings.clothHeight == 0.0 ? page : settings.clothHeight / (settings.height - 1);
    return {across, down, std::sqrt(across * across + down * down)};
}

double cellRestArea(const ClothRestLengths& rest)
{
    return 0.5 * rest.horizontal * rest.vertical;
}

ClothGrid buildClothGrid(int width, int height)
{
    return buildClothGrid(width, height, clothRestLengths());
}

ClothGrid buildClothGrid(const Settings& settings)
{
    return buildClothGrid(settings.width, settings.height, clothRestLengths(settings));
}

ClothGrid buildClothGrid(int width, int height, const ClothRestLengths& rest)
{
    const Index w = static_cast<Index>(width);
    const Index h = static_cast<Index>(height);

    ClothGrid grid;
    grid.positions.reserve(static_cast<std::size_t>(w) * h);
    // The page's (s * 2) * j and (-s * 2) * i, with s * 2 = rest.horizontal = rest.vertical.
    for (Index i = 0; i < h; ++i)
        for (Index j = 0; j < w; ++j)
            grid.positions.emplace_back(rest.horizontal * j, -rest.vertical * i);

    auto& c = grid.constraints;
    c.reserve(clothConstraintCount(width, height));
    for (Index i = 0; i < h; ++i)
        for (Index j = 0; j + 1 < w; ++j)
            c.push_back({i * w + j, i * w + j + 1, rest.horizontal});
    for (Index i = 0; i + 1 < h; ++i)
        for (Index j = 0; j < w; ++j)
            c.push_back({i * w + j, i * w + j + w, rest.vertical});
    for (Index i = 0; i + 1 < h; ++i) {
        for (Index j = 0; j + 1 < w; ++j) {
            c.push_back({i * w + j, i * w + j + w + 1, rest.diagonal});
            c.push_back({i * w + j + 1, i * w + j + w, rest.diagonal});
        }
    }
    return grid;
}

template <glm::length_t D>
ClothGridOf<D> buildClothGridOf(const Settings& settings)
{
    ClothGrid sheet = buildClothGrid(settings);
    if constexpr (D == 2) {
        return sheet;
    } else {
        const bool flat = settings.orientation == Orientation::Horizontal;
        const std::size_t n = sheet.positions.size();
        const double top = n > 0 ? sheet.positions[0].y : 0.0;
        ClothGridOf<D> grid;
        grid.positions.resize(n);
        for (std::size_t i = 0; i < n; ++i) {
            const double x = sheet.positions[i].x;
            const double y = sheet.positions[i].y;
            grid.positions[i] = flat ? Vec<D>(x, top, top - y) : Vec<D>(x, y, 0.0);
        }
        grid.constraints = std::move(sheet.constraints);
        return grid;
    }
}

template ClothGridOf<2> buildClothGridOf<2>(const Settings&);
template ClothGridOf<3> buildClothGridOf<3>(const Settings&);

namespace {

/// The length a particle at position k of n along one direction represents: half the
/// spacing towards each neighbour, or the whole spacing when it has none.
double share(int k, int n, double spacing)
{
    if (n == 1)
        return spacing;
    return k == 0 || k == n - 1 ? 0.5 * spacing : spacing;
}

} // namespace

std::vector<double> clothParticleMasses(const Settings& settings)
{
    const std::size_t n =
        static_cast<std::size_t>(settings.width) * static_cast<std::size_t>(settings.height);
    if (settings.density == 0.0)
        return std::vector<double>(n, settings.mass);
    const ClothRestLengths rest = clothRestLengths(settings);
    std::vector<double> masses;
    masses.reserve(n);
    for (int i = 0; i < settings.height; ++i) {
        const double down = share(i, settings.height, rest.vertical);
        for (int j = 0; j < settings.width; ++j)
            masses.push_back(settings.density * (share(j, settings.width, rest.horizontal) * down));
    }
    return masses;
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
