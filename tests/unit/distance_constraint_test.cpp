#include <catch2/catch.hpp>

#include "pbd/distance_constraint.h"

using pbd::projectDistance;

TEST_CASE("equal masses share the correction equally", "[projection]")
{
    // |xa - xb| = 1, rest 0.5: C = 0.5, each particle moves 0.25 towards the other.
    const auto d = projectDistance({1.0, 0.0}, {0.0, 0.0}, 2.0, 2.0, 0.5);
    CHECK(d.da.x == Approx(-0.25));
    CHECK(d.da.y == Approx(0.0).margin(1e-15));
    CHECK(d.db.x == Approx(0.25));
    CHECK(d.db.y == Approx(0.0).margin(1e-15));
}

TEST_CASE("unequal masses: the heavier particle moves less, by the ratio of inverse masses", "[projection]")
{
    // 3-4-5 triangle: |xa - xb| = 5, rest 2, C = 3, n = (0.6, 0.8).
    // w_a = 1 (1 kg), w_b = 3 (1/3 kg): dx_a = -1/4 * 3 * n, dx_b = +3/4 * 3 * n.
    const auto d = projectDistance({3.0, 4.0}, {0.0, 0.0}, 1.0, 3.0, 2.0);
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

TEST_CASE("a particle with inverse mass 0 never moves; the other takes the whole correction", "[projection]")
{
    const auto d = projectDistance({0.0, -2.0}, {0.0, 0.0}, 2.0, 0.0, 0.5);
    CHECK(d.db.x == 0.0);
    CHECK(d.db.y == 0.0);
    CHECK(d.da.x == Approx(0.0).margin(1e-15));
    CHECK(d.da.y == Approx(1.5));
}

TEST_CASE("projection is skipped below the page's 0.001 guard and when both are immovable", "[projection]")
{
    const auto close = projectDistance({0.0005, 0.0}, {0.0, 0.0}, 2.0, 2.0, 0.2);
    CHECK(close.da == glm::dvec2(0.0));
    CHECK(close.db == glm::dvec2(0.0));
    const auto pinned = projectDistance({1.0, 0.0}, {0.0, 0.0}, 0.0, 0.0, 0.2);
    CHECK(pinned.da == glm::dvec2(0.0));
    CHECK(pinned.db == glm::dvec2(0.0));
}
