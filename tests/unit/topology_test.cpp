// The cloth as a mesh (pbd/topology.h): its triangles cover the sheet, face +z, and are made
// of its constraints; neighbours are exactly the particles a constraint joins.

#include <algorithm>
#include <set>
#include <utility>

#include <catch2/catch.hpp>

#include "cloth/area_constraint.h"
#include "pbd/cloth.h"
#include "pbd/topology.h"

using pbd::ClothTopology;
using pbd::Index;
using pbd::Triangle;

namespace {

/// Twice the signed area of triangle t of the rest grid (positive: counter-clockwise seen
/// from +z).
double twiceSignedArea(const pbd::ClothGrid& grid, const Triangle& t)
{
    const glm::dvec2 u = grid.positions[t.b] - grid.positions[t.a];
    const glm::dvec2 v = grid.positions[t.c] - grid.positions[t.a];
    return u.x * v.y - u.y * v.x;
}

} // namespace

TEST_CASE("the surface's triangles tile the rest sheet, face +z and are made of constraints",
          "[topology]")
{
    for (auto [width, height] : {std::pair{2, 2}, std::pair{5, 3}, std::pair{1, 4},
                                 std::pair{12, 9}}) {
        CAPTURE(width, height);
        const pbd::ClothRestLengths rest = pbd::clothRestLengths();
        const pbd::ClothGrid grid = pbd::buildClothGrid(width, height, rest);
        const ClothTopology topology = pbd::clothTopology(width, height, rest);
        REQUIRE(topology.constraints.size() == grid.constraints.size());
        for (std::size_t c = 0; c < grid.constraints.size(); ++c) {
            CHECK(topology.constraints[c].a == grid.constraints[c].a);
            CHECK(topology.constraints[c].b == grid.constraints[c].b);
            CHECK(topology.constraints[c].restLength == grid.constraints[c].restLength);
        }
        const auto cells = static_cast<std::size_t>(std::max(width - 1, 0)) *
                           static_cast<std::size_t>(std::max(height - 1, 0));
        REQUIRE(topology.cellCount() == cells);
        std::set<std::pair<Index, Index>> joined;
        for (const pbd::DistanceConstraint& c : grid.constraints)
            joined.insert({std::min(c.a, c.b), std::max(c.a, c.b)});
        double area = 0.0;
        for (std::size_t k = 0; k < 2 * topology.cellCount(); ++k) {
            const Triangle t = topology.surfaceTriangle(k);
            CHECK(twiceSignedArea(grid, t) > 0.0);
            area += 0.5 * twiceSignedArea(grid, t);
            for (auto [p, q] : {std::pair{t.a, t.b}, std::pair{t.b, t.c}, std::pair{t.c, t.a}})
                CHECK(joined.count({std::min(p, q), std::max(p, q)}) == 1);
        }
        const double sheet = (width - 1) * rest.horizontal * (height - 1) * rest.vertical;
        CHECK(area == Approx(sheet).margin(1e-12));
        // Neighbours are exactly the pairs a constraint joins.
        for (Index i = 0; i < grid.positions.size(); ++i)
            for (Index j = i + 1; j < grid.positions.size(); ++j)
                CHECK(topology.neighbours(i, j) == (joined.count({i, j}) == 1));
    }
}

TEST_CASE("the topology's area triangles and edge springs are the grid's", "[topology]")
{
    const int width = 7;
    const int height = 4;
    const ClothTopology topology = pbd::clothTopology(width, height, pbd::clothRestLengths());
    std::size_t k = 0;
    for (Index i = 0; i + 1 < height; ++i)
        for (Index j = 0; j + 1 < width; ++j)
            for (int t = 0; t < 2; ++t, ++k) {
                const pbd::detail::CellTriangle cell = pbd::detail::cellTriangle(width, i, j, t);
                CHECK(topology.areaTriangle(k) == Triangle{cell.p0, cell.p1, cell.p2});
            }
    for (std::size_t c = 0; c < topology.constraints.size(); ++c)
        CHECK(topology.edgeSpring(c) == pbd::isEdgeSpring(width, height, c));
}
