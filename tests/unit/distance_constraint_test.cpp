#include <catch2/catch.hpp>

#include <cstring>

#include <glm/geometric.hpp>

#include "pbd/distance_constraint.h"

using pbd::projectDistance;

TEST_CASE("equal masses share the correction equally", "[projection]")
{
    // |xa - xb| = 1, rest 0.5: C = 0.5, each particle moves 0.25 towards the other.
    const auto d = projectDistance<2>({1.0, 0.0}, {0.0, 0.0}, 2.0, 2.0, 0.5);
    CHECK(d.da.x == Approx(-0.25));
    CHECK(d.da.y == Approx(0.0).margin(1e-15));
    CHECK(d.db.x == Approx(0.25));
    CHECK(d.db.y == Approx(0.0).margin(1e-15));
}

TEST_CASE("unequal masses: the heavier particle moves less, by the ratio of inverse masses", "[projection]")
{
    // 3-4-5 triangle: |xa - xb| = 5, rest 2, C = 3, n = (0.6, 0.8).
    // w_a = 1 (1 kg), w_b = 3 (1/3 kg): dx_a = -1/4 * 3 * n, dx_b = +3/4 * 3 * n.
    const auto d = projectDistance<2>({3.0, 4.0}, {0.0, 0.0}, 1.0, 3.0, 2.0);
    CHECK(d.da.x == Approx(-0.45));
    CHECK(d.da.y == Approx(-0.6));
    CHECK(d.db.x == Approx(1.35));
    CHECK(d.db.y == Approx(1.8));
}

TEST_CASE("after one projection of two free particles the constraint is satisfied", "[projection]")
{
    const glm::dvec2 xa{0.3, -1.1}, xb{-0.7, 0.4};
    const auto d = projectDistance(xa, xb, 0.7, 1.9, 0.25);
    const glm::dvec2 a = xa + d.da, b = xb + d.db;
    CHECK(std::sqrt((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)) == Approx(0.25).epsilon(1e-12));
    // The mass-weighted centre does not move: m_a dx_a + m_b dx_b = 0.
    CHECK(d.da.x / 0.7 + d.db.x / 1.9 == Approx(0.0).margin(1e-12));
    CHECK(d.da.y / 0.7 + d.db.y / 1.9 == Approx(0.0).margin(1e-12));
}

TEST_CASE("a particle with inverse mass 0 never moves, the other takes the whole correction", "[projection]")
{
    const auto d = projectDistance<2>({0.0, -2.0}, {0.0, 0.0}, 2.0, 0.0, 0.5);
    CHECK(d.db.x == 0.0);
    CHECK(d.db.y == 0.0);
    CHECK(d.da.x == Approx(0.0).margin(1e-15));
    CHECK(d.da.y == Approx(1.5));
}

TEST_CASE("projection is skipped below the page's 0.001 guard and when both are immovable", "[projection]")
{
    const auto close = projectDistance<2>({0.0005, 0.0}, {0.0, 0.0}, 2.0, 2.0, 0.2);
    CHECK(close.da == glm::dvec2(0.0));
    CHECK(close.db == glm::dvec2(0.0));
    const auto pinned = projectDistance<2>({1.0, 0.0}, {0.0, 0.0}, 0.0, 0.0, 0.2);
    CHECK(pinned.da == glm::dvec2(0.0));
    CHECK(pinned.db == glm::dvec2(0.0));
}

TEST_CASE("the projection written once for a vector type: in 3D it gives the 2D bits in the "
          "plane z = 0 and satisfies the constraint out of it",
          "[projection][dimensions]")
{
    const glm::dvec2 xa{0.3, -1.1}, xb{-0.7, 0.4};
    double lambda2 = 0.01;
    double lambda3 = 0.01;
    const auto d2 = pbd::projectDistanceXpbd(xa, xb, 0.7, 1.9, 0.25, 3e-4, lambda2);
    const auto d3 = pbd::projectDistanceXpbd(glm::dvec3{xa, 0.0}, glm::dvec3{xb, 0.0}, 0.7, 1.9,
                                             0.25, 3e-4, lambda3);
    CHECK(std::memcmp(&d2.da, &d3.da, sizeof d2.da) == 0); // x and y, bit for bit
    CHECK(std::memcmp(&d2.db, &d3.db, sizeof d2.db) == 0);
    CHECK(std::memcmp(&lambda2, &lambda3, sizeof lambda2) == 0);
    CHECK(d3.da.z == 0.0);
    CHECK(d3.db.z == 0.0);
    // Along z alone it is the x-axis case turned: the same corrections, moved to z.
    const auto alongX = projectDistance<3>({1.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, 2.0, 1.0, 0.4);
    const auto alongZ = projectDistance<3>({0.0, 0.0, 1.0}, {0.0, 0.0, 0.0}, 2.0, 1.0, 0.4);
    CHECK(alongZ.da.z == alongX.da.x);
    CHECK(alongZ.db.z == alongX.db.x);
    // A general pair ends at its rest length with its weighted centre in place.
    const glm::dvec3 a{0.3, -1.1, 0.8}, b{-0.7, 0.4, -0.2};
    const auto d = projectDistance(a, b, 0.7, 1.9, 0.25);
    CHECK(glm::length((a + d.da) - (b + d.db)) == Approx(0.25).epsilon(1e-12));
    const glm::dvec3 moment = d.da / 0.7 + d.db / 1.9;
    CHECK(glm::length(moment) == Approx(0.0).margin(1e-12));
}
