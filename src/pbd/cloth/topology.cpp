#include "pbd/topology.h"

#include <cstdlib>
#include <utility>

namespace pbd {

std::size_t ClothTopology::cellCount() const
{
    if (width < 2 || height < 2)
        return 0;
    return static_cast<std::size_t>(width - 1) * static_cast<std::size_t>(height - 1);
}

namespace {

/// The top-left particle of cell c of a grid `width` particles wide.
Index cellCorner(std::size_t c, int width)
{
    const auto cellsPerRow = static_cast<std::size_t>(width - 1);
    return static_cast<Index>((c / cellsPerRow) * static_cast<std::size_t>(width) +
                              c % cellsPerRow);
}

} // namespace

Triangle ClothTopology::surfaceTriangle(std::size_t t) const
{
    const Index k = cellCorner(t / 2, width);
    const auto w = static_cast<Index>(width);
    if (t % 2 == 0)
        return {k, k + w + 1, k + 1};
    return {k, k + w, k + w + 1};
}

Triangle ClothTopology::areaTriangle(std::size_t t) const
{
    const Index k = cellCorner(t / 2, width);
    const auto w = static_cast<Index>(width);
    if (t % 2 == 0)
        return {k, k + w, k + 1};
    return {k + 1, k + w, k + w + 1};
}

bool ClothTopology::neighbours(Index i, Index j) const
{
    const auto w = static_cast<Index>(width);
    const long rows = static_cast<long>(i / w) - static_cast<long>(j / w);
    const long columns = static_cast<long>(i % w) - static_cast<long>(j % w);
    return std::labs(rows) <= 1 && std::labs(columns) <= 1;
}

ClothTopology clothTopology(int width, int height, const ClothRestLengths& rest)
{
    return clothTopology(width, height, buildClothGrid(width, height, rest).constraints);
}

ClothTopology clothTopology(int width, int height, std::vector<DistanceConstraint> constraints)
{
    ClothTopology topology;
    topology.width = width;
    topology.height = height;
    topology.constraints = std::move(constraints);
    return topology;
}

} // namespace pbd
