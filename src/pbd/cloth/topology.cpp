#include "pbd/topology.h"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
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

std::vector<std::array<std::uint32_t, 3>> surfaceTriangleEdges(const ClothTopology& topology)
{
    struct Edge {
        Index a, b;
        std::uint32_t k;
    };
    std::vector<Edge> byEnds;
    byEnds.reserve(topology.constraints.size());
    for (std::size_t k = 0; k < topology.constraints.size(); ++k) {
        const DistanceConstraint& c = topology.constraints[k];
        byEnds.push_back({std::min(c.a, c.b), std::max(c.a, c.b), static_cast<std::uint32_t>(k)});
    }
    auto less = [](const Edge& p, const Edge& q) { return p.a < q.a || (p.a == q.a && p.b < q.b); };
    std::sort(byEnds.begin(), byEnds.end(), less);
    auto edge = [&](Index a, Index b) {
        const Edge key{std::min(a, b), std::max(a, b), 0};
        const auto at = std::lower_bound(byEnds.begin(), byEnds.end(), key, less);
        if (at == byEnds.end() || at->a != key.a || at->b != key.b)
            throw std::logic_error("a surface triangle's edge is not a constraint");
        return at->k;
    };
    std::vector<std::array<std::uint32_t, 3>> edges(2 * topology.cellCount());
    for (std::size_t t = 0; t < edges.size(); ++t) {
        const Triangle tri = topology.surfaceTriangle(t);
        edges[t] = {edge(tri.a, tri.b), edge(tri.b, tri.c), edge(tri.c, tri.a)};
    }
    return edges;
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
