#include <cmath>
#include <set>

#include <catch2/catch.hpp>

#include "pbd/cloth.h"

using pbd::buildClothGrid;
using pbd::fixedCorners;

TEST_CASE("the page's 40x30 cloth has 1200 particles and 4592 constraints", "[cloth]")
{
    const auto grid = buildClothGrid(40, 30);
    CHECK(grid.positions.size() == 1200);
    // 30*39 horizontal + 29*40 vertical + 2*29*39 diagonal = 1170 + 1160 + 2262.
    CHECK(grid.constraints.size() == 4592);
    CHECK(pbd::clothConstraintCount(40, 30) == 4592);
    CHECK(pbd::clothConstraintCount(300, 300) == 358202);
}

TEST_CASE("particle (row i, column j) sits at (0.2 j, -0.2 i) with index i*width + j", "[cloth]")
{
    const int w = 7, h = 5;
    const auto grid = buildClothGrid(w, h);
    for (int i = 0; i < h; ++i) {
        for (int j = 0; j < w; ++j) {
            const auto p = grid.positions[static_cast<std::size_t>(i * w + j)];
            CHECK(p.x == Approx(0.2 * j).margin(1e-15));
            CHECK(p.y == Approx(-0.2 * i).margin(1e-15));
        }
    }
}

TEST_CASE("constraints come in the page's order with rest lengths 0.2 and 0.1*sqrt(8)", "[cloth]")
{
    const int w = 3, h = 2;
    const auto c = buildClothGrid(w, h).constraints;
    REQUIRE(c.size() == 2 * 2 + 1 * 3 + 2 * 1 * 2);
    // Horizontal: (0,1) (1,2) (3,4) (4,5); vertical: (0,3) (1,4) (2,5);
    // per cell: diagonal (i*w+j, +w+1) then anti-diagonal (i*w+j+1, +w).
    const std::pair<unsigned, unsigned> expected[] = {{0, 1}, {1, 2}, {3, 4}, {4, 5}, {0, 3}, {1, 4},
                                                      {2, 5}, {0, 4}, {1, 3}, {1, 5}, {2, 4}};
    for (std::size_t k = 0; k < c.size(); ++k) {
        INFO("constraint " << k);
        CHECK(c[k].a == expected[k].first);
        CHECK(c[k].b == expected[k].second);
        CHECK(c[k].restLength == Approx(k < 7 ? 0.2 : std::sqrt(0.08)).epsilon(1e-15));
    }
}

TEST_CASE("every rest length equals the distance of its particles in the grid", "[cloth]")
{
    const auto grid = buildClothGrid(9, 6);
    for (const auto& c : grid.constraints) {
        const auto d = grid.positions[c.a] - grid.positions[c.b];
        CHECK(std::sqrt(d.x * d.x + d.y * d.y) == Approx(c.restLength).epsilon(1e-14));
    }
}

TEST_CASE("degenerate cloths: a single particle has no constraints, a row only horizontal ones", "[cloth]")
{
    CHECK(buildClothGrid(1, 1).constraints.empty());
    CHECK(buildClothGrid(5, 1).constraints.size() == 4);
    CHECK(buildClothGrid(1, 5).constraints.size() == 4);
}

TEST_CASE("fixed masks: 1 -> particle 0, 2 -> the top corners, 4 -> all four corners", "[cloth]")
{
    using V = std::vector<pbd::Index>;
    CHECK(fixedCorners(40, 30, 1) == V{0});
    CHECK(fixedCorners(40, 30, 2) == V{0, 39});
    CHECK(fixedCorners(40, 30, 4) == V{0, 39, 1160, 1199});
    // On a one-particle-wide cloth the two top corners are one particle.
    CHECK(fixedCorners(1, 10, 2) == V{0});
    CHECK(fixedCorners(1, 10, 4) == V{0, 9});
    CHECK(fixedCorners(1, 1, 4) == V{0});
}
