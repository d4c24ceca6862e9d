#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

#include "logic/camera.h"
#include "page_camera.h"

using pbd::app::Camera;
using pbd::app::test::pageCamera;

namespace {

void requireNearPx(glm::dvec2 actual, glm::dvec2 expected, double margin = 1e-9)
{
    CHECK(actual.x == Approx(expected.x).margin(margin));
    CHECK(actual.y == Approx(expected.y).margin(margin));
}

} // namespace

TEST_CASE("the page view of a 1050x960 canvas puts the world origin at (525, 280) and one metre "
          "at 50 pixels",
          "[camera]")
{
    const Camera camera = pageCamera();
    CHECK(camera.zoom() == 50.0);
    CHECK(camera.origin() == glm::dvec2(525.0, 280.0));
    CHECK(camera.worldToScreen({0.0, 0.0}) == glm::dvec2(525.0, 280.0));
    CHECK(camera.worldToScreen({1.0, 0.0}) == glm::dvec2(575.0, 280.0));
    // World y points up, window y points down.
    CHECK(camera.worldToScreen({0.0, 1.0}) == glm::dvec2(525.0, 230.0));
    CHECK(camera.worldToScreen({-2.0, -3.0}) == glm::dvec2(425.0, 430.0));
    CHECK(camera.screenToWorld({625.0, 180.0}) == glm::dvec2(2.0, 2.0));
}

TEST_CASE("the page view is placed within the window by the canvas offset", "[camera]")
{
    Camera camera;
    camera.resetToPage({1050.0, 960.0}, {10.0, 20.0});
    CHECK(camera.origin() == glm::dvec2(535.0, 300.0));
    // A 400 x 300 canvas: centre (200, 150), lifted by 200 px.
    camera.resetToPage({400.0, 300.0});
    CHECK(camera.origin() == glm::dvec2(200.0, -50.0));
}

TEST_CASE("reset restores the page view after zooming and panning", "[camera]")
{
    Camera camera = pageCamera();
    camera.zoomAt(3.0, {100.0, 100.0});
    camera.pan({40.0, -70.0});
    camera.resetToPage({1050.0, 960.0});
    CHECK(camera.zoom() == 50.0);
    CHECK(camera.origin() == glm::dvec2(525.0, 280.0));
}

TEST_CASE("world to screen to world returns the same point, and screen to world to screen too",
          "[camera]")
{
    Camera camera = pageCamera();
    camera.zoomAt(1.7, {311.0, 95.0});
    camera.pan({-13.25, 41.5});
    for (const glm::dvec2 world : {glm::dvec2(0.0, 0.0), glm::dvec2(7.8, -5.8),
                                   glm::dvec2(-123.456, 0.001), glm::dvec2(1e-3, 42.0)}) {
        requireNearPx(camera.screenToWorld(camera.worldToScreen(world)), world);
    }
    for (const glm::dvec2 screen :
         {glm::dvec2(0.0, 0.0), glm::dvec2(1399.0, 959.0), glm::dvec2(-20.5, 3000.25)}) {
        requireNearPx(camera.worldToScreen(camera.screenToWorld(screen)), screen);
    }
}

TEST_CASE("zooming by 2 about a point doubles the zoom and re-pans around that point",
          "[camera]")
{
    Camera camera = pageCamera();
    camera.zoomAt(2.0, {625.0, 280.0}); // world (2, 0) is under the cursor
    CHECK(camera.zoom() == 100.0);
    // origin' = p - (p - origin) * 2 = 625 - 100 * 2.
    CHECK(camera.origin() == glm::dvec2(425.0, 280.0));
    CHECK(camera.worldToScreen({2.0, 0.0}) == glm::dvec2(625.0, 280.0));
}

TEST_CASE("the world point under the cursor stays under it for any zoom factor and point",
          "[camera]")
{
    const double factors[] = {2.0, 0.5, 1.1, 1.0 / 1.1, 3.7, 0.013, 1.0};
    const glm::dvec2 points[] = {{0.0, 0.0}, {525.0, 280.0}, {800.0, 100.0}, {-50.0, 1200.0}};
    for (const double factor : factors) {
        for (const glm::dvec2 point : points) {
            Camera camera = pageCamera();
            camera.pan({12.0, -7.0});
            const glm::dvec2 worldBefore = camera.screenToWorld(point);
            const double zoomBefore = camera.zoom();
            camera.zoomAt(factor, point);
            INFO("factor " << factor << " at (" << point.x << ", " << point.y << ")");
            const double expectedZoom =
                std::clamp(zoomBefore * factor, Camera::kMinZoom, Camera::kMaxZoom);
            CHECK(camera.zoom() == Approx(expectedZoom));
            requireNearPx(camera.screenToWorld(point), worldBefore);
            requireNearPx(camera.worldToScreen(worldBefore), point);
        }
    }
}

TEST_CASE("a sequence of wheel steps in and back out returns to the same view", "[camera]")
{
    Camera camera = pageCamera();
    const glm::dvec2 cursor(700.0, 400.0);
    for (int i = 0; i < 10; ++i)
        camera.zoomAt(1.1, cursor);
    CHECK(camera.zoom() == Approx(50.0 * std::pow(1.1, 10)));
    for (int i = 0; i < 10; ++i)
        camera.zoomAt(1.0 / 1.1, cursor);
    CHECK(camera.zoom() == Approx(50.0));
    requireNearPx(camera.origin(), {525.0, 280.0}, 1e-9);
}

TEST_CASE("zoom is clamped to its range and still keeps the cursor's world point", "[camera]")
{
    Camera camera = pageCamera();
    const glm::dvec2 cursor(300.0, 600.0);
    const glm::dvec2 world = camera.screenToWorld(cursor); // (-4.5, -6.4)
    requireNearPx(world, {-4.5, -6.4});

    camera.zoomAt(1e9, cursor);
    CHECK(camera.zoom() == Camera::kMaxZoom);
    requireNearPx(camera.worldToScreen(world), cursor, 1e-6);
    camera.zoomAt(2.0, cursor); // already at the maximum: nothing moves
    CHECK(camera.zoom() == Camera::kMaxZoom);
    requireNearPx(camera.worldToScreen(world), cursor, 1e-6);

    camera.zoomAt(1e-12, cursor);
    CHECK(camera.zoom() == Camera::kMinZoom);
    requireNearPx(camera.worldToScreen(world), cursor, 1e-6);
}

TEST_CASE("zero, negative and non-finite zoom factors change nothing", "[camera]")
{
    const double inf = std::numeric_limits<double>::infinity();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (const double factor : {0.0, -2.0, inf, -inf, nan}) {
        Camera camera = pageCamera();
        camera.zoomAt(factor, {100.0, 100.0});
        INFO("factor " << factor);
        CHECK(camera.zoom() == 50.0);
        CHECK(camera.origin() == glm::dvec2(525.0, 280.0));
    }
    Camera camera = pageCamera();
    camera.zoomAt(2.0, {nan, 100.0});
    CHECK(camera.zoom() == 50.0);
    CHECK(camera.origin() == glm::dvec2(525.0, 280.0));
}

TEST_CASE("panning moves the world with the pointer and keeps the zoom", "[camera]")
{
    Camera camera = pageCamera();
    camera.pan({30.0, -40.0});
    CHECK(camera.zoom() == 50.0);
    CHECK(camera.origin() == glm::dvec2(555.0, 240.0));
    CHECK(camera.worldToScreen({1.0, 1.0}) == glm::dvec2(605.0, 190.0));
    camera.pan({-30.0, 40.0});
    CHECK(camera.origin() == glm::dvec2(525.0, 280.0));
}

TEST_CASE("the page view at a logical scale: zoom 50 and lift 200 CSS pixels, times the scale",
          "[camera]")
{
    Camera camera;
    camera.resetToPage({2100.0, 1920.0}, {0.0, 0.0}, 2.0);
    CHECK(camera.zoom() == 100.0);
    CHECK(camera.origin() == glm::dvec2(1050.0, 560.0));
    // One metre is 100 window pixels: 50 CSS pixels at devicePixelRatio 2.
    CHECK(camera.worldToScreen({1.0, -1.0}) == glm::dvec2(1150.0, 660.0));
    camera.resetToPage({1050.0, 960.0}, {10.0, 20.0}, 1.5);
    CHECK(camera.zoom() == 75.0);
    CHECK(camera.origin() == glm::dvec2(535.0, 200.0));
    // Scale 1 is the default; an invalid scale counts as 1.
    for (const double bad : {0.0, -2.0, std::numeric_limits<double>::quiet_NaN(),
                             std::numeric_limits<double>::infinity()}) {
        camera.resetToPage({1050.0, 960.0}, {0.0, 0.0}, bad);
        CHECK(camera.zoom() == 50.0);
        CHECK(camera.origin() == glm::dvec2(525.0, 280.0));
    }
}

TEST_CASE("fit: a wide box in a tall canvas is limited by its width, centred, with the margin",
          "[camera][fit]")
{
    Camera camera;
    camera.fit({-10.0, -1.0}, {10.0, 1.0}, {400.0, 900.0}, 20.0);
    CHECK(camera.zoom() == Approx(360.0 / 20.0));
    requireNearPx(camera.worldToScreen({-10.0, 1.0}), {20.0, 450.0 - 18.0});
    requireNearPx(camera.worldToScreen({10.0, -1.0}), {380.0, 450.0 + 18.0});
    CHECK(camera.shows({-10.0, -1.0}, {10.0, 1.0}, {400.0, 900.0}, 19.999));
    CHECK_FALSE(camera.shows({-10.0, -1.0}, {10.0, 1.0}, {400.0, 900.0}, 20.001));
}

TEST_CASE("fit: a tall box in a wide canvas is limited by its height", "[camera][fit]")
{
    Camera camera;
    camera.fit({2.0, -30.0}, {4.0, 0.0}, {1600.0, 320.0}, 10.0);
    CHECK(camera.zoom() == Approx(300.0 / 30.0));
    requireNearPx(camera.worldToScreen({3.0, -15.0}), {800.0, 160.0}); // the centre at the centre
    requireNearPx(camera.worldToScreen({2.0, 0.0}), {790.0, 10.0});
}

TEST_CASE("fit: one row is fitted by its width, one point keeps the zoom and is centred",
          "[camera][fit]")
{
    Camera camera;
    camera.fit({0.0, -1.0}, {7.8, -1.0}, {1000.0, 500.0}, 50.0);
    CHECK(camera.zoom() == Approx(900.0 / 7.8));
    requireNearPx(camera.worldToScreen({3.9, -1.0}), {500.0, 250.0});
    const double zoom = camera.zoom();
    camera.fit({5.0, 5.0}, {5.0, 5.0}, {1000.0, 500.0}, 50.0);
    CHECK(camera.zoom() == zoom);
    requireNearPx(camera.worldToScreen({5.0, 5.0}), {500.0, 250.0});
}

TEST_CASE("fit: a canvas smaller than two margins still shows the whole box, bad input is "
          "ignored",
          "[camera][fit]")
{
    Camera camera;
    camera.fit({0.0, 0.0}, {1.0, 1.0}, {30.0, 30.0}, 20.0);
    CHECK(camera.shows({0.0, 0.0}, {1.0, 1.0}, {30.0, 30.0}));
    CHECK(camera.zoom() == Approx(15.0)); // margin 7.5 = a quarter of the side
    const Camera before = camera;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    camera.fit({0.0, 0.0}, {nan, 1.0}, {30.0, 30.0}, 20.0);
    camera.fit({1.0, 0.0}, {0.0, 1.0}, {30.0, 30.0}, 20.0); // inverted
    camera.fit({0.0, 0.0}, {1.0, 1.0}, {0.0, 30.0}, 20.0);  // no canvas
    CHECK(camera.zoom() == before.zoom());
    CHECK(camera.origin() == before.origin());
}

TEST_CASE("fit: the zoom stays within its limits", "[camera][fit]")
{
    Camera camera;
    camera.fit({0.0, 0.0}, {1e-9, 1e-9}, {1000.0, 1000.0}, 0.0);
    CHECK(camera.zoom() == Camera::kMaxZoom);
    camera.fit({0.0, 0.0}, {1e6, 1e6}, {1000.0, 1000.0}, 0.0);
    CHECK(camera.zoom() == Camera::kMinZoom);
}
