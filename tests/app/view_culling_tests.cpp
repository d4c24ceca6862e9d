#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <vector>

#include "page_camera.h"
#include "logic/view_culling.h"

using namespace pbd::app;
using pbd::app::test::pageCamera;
using Indices = std::vector<std::uint32_t>;

TEST_CASE("the visible world of the page's view is the canvas mapped back, plus the margin",
          "[culling]")
{
    // Page view of 1050 x 960: window (x, y) is world ((x - 525) / 50, (280 - y) / 50).
    const WorldRect r = visibleWorld(pageCamera(), {1050.0, 960.0}, 10.0);
    CHECK(r.min.x == Approx(-535.0 / 50.0));
    CHECK(r.max.x == Approx(535.0 / 50.0));
    CHECK(r.max.y == Approx(290.0 / 50.0));
    CHECK(r.min.y == Approx(-690.0 / 50.0));
}

TEST_CASE("visible particles are those inside the rectangle, edges included, in order",
          "[culling]")
{
    const std::vector<glm::dvec2> positions{{0.0, 0.0}, {2.0, 0.0}, {1.0, 1.0}, {-0.1, 0.5},
                                            {1.0, std::numeric_limits<double>::quiet_NaN()}};
    Indices out{99};
    visibleParticles(positions, {{0.0, 0.0}, {1.0, 1.0}}, out);
    CHECK(out == Indices{0, 2});
}

TEST_CASE("a line is kept when its box meets the rectangle: inside, crossing, or through it",
          "[culling]")
{
    const std::vector<glm::dvec2> positions{
        {0.5, 0.5},  // 0 inside
        {0.6, 0.6},  // 1 inside
        {-5.0, 0.5}, // 2 left
        {5.0, 0.5},  // 3 right: 2-3 passes through with both ends outside
        {3.0, 3.0},  // 4 far corner
        {4.0, 3.0},  // 5 far corner
        {-1.0, 2.0}, // 6
    };
    const Indices pairs{0, 1, 2, 3, 4, 5, 0, 4, 6, 4};
    Indices out, kept{7};
    visibleLines(positions, pairs, {{0.0, 0.0}, {1.0, 1.0}}, out, &kept);
    CHECK(out == Indices{0, 1, 2, 3, 0, 4});
    CHECK(kept == Indices{0, 1, 3}); // the pairs' numbers, for their colours
}

TEST_CASE("pairs naming particles that do not exist are dropped", "[culling]")
{
    const std::vector<glm::dvec2> positions{{0.5, 0.5}};
    Indices out;
    visibleLines(positions, Indices{0, 1, 0, 0, 0}, {{0.0, 0.0}, {1.0, 1.0}}, out);
    CHECK(out == Indices{0, 0}); // the odd last index is no pair
}

TEST_CASE("the bounds skip non-finite positions and are empty without any", "[culling]")
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const std::vector<glm::dvec2> positions{{1.0, -2.0}, {nan, 0.0}, {-3.0, 4.0}};
    const WorldRect box = boundsOf(positions);
    CHECK(box.min == glm::dvec2(-3.0, -2.0));
    CHECK(box.max == glm::dvec2(1.0, 4.0));
    const WorldRect none = boundsOf(std::vector<glm::dvec2>{{nan, nan}});
    CHECK(none.min.x > none.max.x);
}

TEST_CASE("discs are drawn from 2 framebuffer pixels across", "[culling]")
{
    CHECK(discsVisible(0.025, 50.0, 1.0));        // the page: 2.5 px
    CHECK_FALSE(discsVisible(0.025, 39.0, 1.0));  // 1.95 px
    CHECK(discsVisible(0.025, 39.0, 2.0));        // HiDPI framebuffer: 3.9 px
    CHECK(discsVisible(0.025, 40.0, 1.0));        // exactly 2 px
    CHECK_FALSE(discsVisible(0.025, 920.0 / 59.8, 1.0)); // a fitted 300 x 300 cloth
}
