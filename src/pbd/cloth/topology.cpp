#include "pbd/topology.h"

#include <cstdlib>
#include <utility>

namespace pbd {

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
    topology.edgeSpring.resize(topology.constraints.size());
    for (std::size_t k = 0; k < topology.constraints.size(); ++k)
        topology.edgeSpring[k] = isEdgeSpring(width, height, k) ? 1 : 0;
    const auto w = static_cast<Index>(width);
    for (Index i = 0; i + 1 < static_cast<Index>(height); ++i)
        for (Index j = 0; j + 1 < w; ++j) {
            const Index k = i * w + j;
            topology.surface.push_back({k, k + w + 1, k + 1});
            topology.surface.push_back({k, k + w, k + w + 1});
            topology.areaTriangles.push_back({k, k + w, k + 1});
            topology.areaTriangles.push_back({k + 1, k + w, k + w + 1});
        }
    return topology;
}

} // namespace pbd
