#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "logic/canvas_layout.h"

using pbd::app::CanvasLayout;
using pbd::app::Camera;

namespace {

bool finite(glm::dvec2 v) { return std::isfinite(v.x) && std::isfinite(v.y); }

} // namespace

TEST_CASE("the first window size gives the page's columns and the page's view", "[layout]")
{
    CanvasLayout layout;
    Camera camera;
    CHECK(layout.update({1400.0, 960.0}, 1.0, camera));
    CHECK(layout.canvasSize() == glm::dvec2(1050.0, 960.0));
    CHECK(layout.panelWidth() == 350.0);
    CHECK(camera.zoom() == 50.0);
    CHECK(camera.origin() == glm::dvec2(525.0, 280.0));
}

TEST_CASE("a minimised window (zero or non-finite size) changes nothing", "[layout]")
{
    CanvasLayout layout;
    Camera camera;
    CHECK_FALSE(layout.update({0.0, 0.0}, 1.0, camera));
    CHECK(layout.windowSize() == glm::dvec2(0.0));
    layout.update({1400.0, 960.0}, 1.0, camera);
    const glm::dvec2 origin = camera.origin();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (glm::dvec2 size : {glm::dvec2(0.0, 0.0), glm::dvec2(0.0, 960.0), glm::dvec2(1400.0, 0.0),
                            glm::dvec2(-5.0, 10.0), glm::dvec2(nan, 10.0)}) {
        CHECK_FALSE(layout.update(size, 1.0, camera));
        CHECK(layout.windowSize() == glm::dvec2(1400.0, 960.0));
        CHECK(camera.origin() == origin);
    }
}

TEST_CASE("a window of a few pixels keeps a positive canvas and a finite view", "[layout]")
{
    CanvasLayout layout;
    Camera camera;
    layout.update({1400.0, 960.0}, 1.0, camera);
    for (glm::dvec2 size : {glm::dvec2(1.0, 1.0), glm::dvec2(2.0, 3.0), glm::dvec2(7.0, 1.0)}) {
        CHECK(layout.update(size, 2.0, camera));
        CHECK(layout.canvasSize().x > 0.0);
        CHECK(layout.canvasSize().y == size.y);
        CHECK(layout.panelWidth() >= 0.0);
        CHECK(layout.panelWidth() <= 0.5 * size.x);
        CHECK(finite(camera.origin()));
    }
}

TEST_CASE("a window far larger than the screen keeps the page's columns", "[layout]")
{
    CanvasLayout layout;
    Camera camera;
    CHECK(layout.update({32767.0, 32767.0}, 1.0, camera));
    CHECK(layout.panelWidth() == std::round(0.25 * 32767.0));
    CHECK(finite(camera.origin()));
}

TEST_CASE("shrinking to a few pixels and growing back returns the view", "[layout]")
{
    CanvasLayout layout;
    Camera camera;
    layout.update({1400.0, 960.0}, 1.0, camera);
    camera.zoomAt(1.7, {300.0, 200.0});
    const glm::dvec2 origin = camera.origin();
    for (glm::dvec2 size : {glm::dvec2(3.0, 3.0), glm::dvec2(1.0, 1.0), glm::dvec2(5000.0, 4000.0),
                            glm::dvec2(641.0, 479.0), glm::dvec2(1400.0, 960.0)})
        layout.update(size, 1.0, camera);
    CHECK(camera.origin().x == Approx(origin.x).margin(1e-9));
    CHECK(camera.origin().y == Approx(origin.y).margin(1e-9));
    CHECK(camera.zoom() == Approx(50.0 * 1.7));
}

TEST_CASE("the panel is never narrower than its minimum unless the window is", "[layout]")
{
    CanvasLayout layout;
    Camera camera;
    layout.update({800.0, 600.0}, 1.0, camera);
    CHECK(layout.panelWidth() == 260.0);
    layout.update({800.0, 600.0 + 1.0}, 2.0, camera); // content scale 2: 520, capped at half
    CHECK(layout.panelWidth() == 400.0);
}

TEST_CASE("the logical pixel scale: window pixels per CSS pixel", "[layout]")
{
    using pbd::app::logicalPixelScale;
    // A standard display: scale 1, framebuffer as large as the window.
    CHECK(logicalPixelScale(1.0, 1400.0, 1400.0) == 1.0);
    // X11 (and Windows) at 192 dpi: window coordinates are physical pixels.
    CHECK(logicalPixelScale(2.0, 2800.0, 2800.0) == 2.0);
    CHECK(logicalPixelScale(1.5, 2100.0, 2100.0) == 1.5);
    // macOS Retina: window coordinates are points, the framebuffer twice as wide.
    CHECK(logicalPixelScale(2.0, 1400.0, 2800.0) == 1.0);
    // Zero, negative or non-finite inputs (a minimised window) give 1.
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    CHECK(logicalPixelScale(2.0, 0.0, 0.0) == 1.0);
    CHECK(logicalPixelScale(2.0, 1400.0, 0.0) == 1.0);
    CHECK(logicalPixelScale(2.0, 0.0, 2800.0) == 1.0);
    CHECK(logicalPixelScale(0.0, 1400.0, 1400.0) == 1.0);
    CHECK(logicalPixelScale(-2.0, 1400.0, 1400.0) == 1.0);
    CHECK(logicalPixelScale(nan, 1400.0, 1400.0) == 1.0);
    CHECK(logicalPixelScale(2.0, inf, 1400.0) == 1.0);
    CHECK(logicalPixelScale(2.0, 1400.0, nan) == 1.0);
    CHECK(logicalPixelScale(1e300, 1e300, 1e-300) == 1.0); // overflows to infinity
}

TEST_CASE("at logical scale 2 the first size gives the page's view in CSS pixels", "[layout]")
{
    CanvasLayout layout;
    Camera camera;
    CHECK(layout.update({2800.0, 1920.0}, 2.0, camera, 2.0));
    CHECK(layout.canvasSize() == glm::dvec2(2100.0, 1920.0));
    CHECK(camera.zoom() == 100.0);
    CHECK(camera.origin() == glm::dvec2(1050.0, 960.0 - 400.0));
    // Later sizes pan as before (panel at least 2 * 260, canvas 1480): the zoom stays.
    CHECK(layout.update({2000.0, 1920.0}, 2.0, camera, 2.0));
    CHECK(layout.canvasSize() == glm::dvec2(1480.0, 1920.0));
    CHECK(camera.zoom() == 100.0);
    CHECK(camera.origin() == glm::dvec2(740.0, 560.0));
}
