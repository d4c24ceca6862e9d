// The exports' timing and options (issue 22, item 7): a video frame every 1/30 s of simulated
// time, the canvas-only pixels and the hover ring left out of exported frames.

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "io/video_clock.h"
#include "logic/export_options.h"
#include "logic/preferences_table.h"

using namespace pbd::app;

TEST_CASE("page stepping at 60 Hz: 0.04 s per drawn frame gives 1.2 video frames per frame, "
          "frames / 30 fps = the simulated time covered",
          "[export][video]")
{
    VideoClock clock;
    clock.start(1.0);
    long long frames = 0;
    double t = 1.0;
    for (int frame = 0; frame < 141; ++frame) { // the 141 frames
        frames += clock.framesFor(t);
        t += 8 * 0.005;
    }
    // The last drawn frame showed 1 + 140 x 0.04 s: 5.6 s covered, frames 0 .. 168 due.
    CHECK(clock.covered() == Approx(5.6));
    CHECK(frames == 169);
    CHECK(clock.frames() == frames);
    // The file plays frames / fps seconds: the time covered, to within one frame.
    CHECK(std::abs(static_cast<double>(frames) / kVideoFps - clock.covered()) <=
          kVideoFrameSeconds + 1e-12);
}

TEST_CASE("the video clock adds nothing while paused, repeats a frame that steps over several "
          "intervals, and counts on after time goes back",
          "[export][video]")
{
    VideoClock clock;
    CHECK(clock.framesFor(0.0) == 1); // the first frame, starting on its own
    CHECK(clock.framesFor(0.0) == 0); // paused
    CHECK(clock.framesFor(0.01) == 0); // real time at 100 Hz: under an interval
    CHECK(clock.framesFor(0.04) == 1); // 1/30 s passed
    CHECK(clock.framesFor(0.2) == 5);  // 0.2 s: frames 0..6 due, 2 given before
    CHECK(clock.framesFor(0.0) == 0);  // a restart: time goes back, nothing covered
    CHECK(clock.framesFor(0.1) == 3);  // 0.3 s covered: frames 0..9
    CHECK(clock.covered() == Approx(0.3));
    CHECK(clock.framesFor(std::numeric_limits<double>::quiet_NaN()) == 0);
    CHECK(clock.frames() == 10);
}

TEST_CASE("canvas-only exports read the canvas's columns of the framebuffer", "[export]")
{
    // 1400 x 960 window, canvas 1050 wide; at 192 dpi the framebuffer is twice as large.
    CHECK(exportedPixels(false, {1400, 960}, 1050.0, 1400.0) == glm::ivec2(1400, 960));
    CHECK(exportedPixels(true, {1400, 960}, 1050.0, 1400.0) == glm::ivec2(1050, 960));
    CHECK(exportedPixels(true, {2800, 1920}, 1050.0, 1400.0) == glm::ivec2(2100, 1920));
    CHECK(exportedPixels(true, {1400, 960}, 0.0, 1400.0) == glm::ivec2(1400, 960));
    CHECK(exportedPixels(true, {1400, 960}, 5000.0, 1400.0) == glm::ivec2(1400, 960));
    CHECK(exportedPixels(true, {1400, 960}, 0.1, 1400.0) == glm::ivec2(1, 960));
}

TEST_CASE("the hover ring is left out of exported frames unless asked for, the defaults are "
          "PNG of the window, video of the canvas",
          "[export]")
{
    const ExportOptions defaults;
    CHECK_FALSE(defaults.pngCanvasOnly);
    CHECK(defaults.videoCanvasOnly);
    CHECK_FALSE(defaults.hoverRing);
    CHECK(drawsHoverRing(defaults, false));
    CHECK_FALSE(drawsHoverRing(defaults, true));
    ExportOptions ring;
    ring.hoverRing = true;
    CHECK(drawsHoverRing(ring, true));
}

TEST_CASE("the export options and follow are preferences with flags", "[export][follow]")
{
    Preferences p;
    for (const char* name : {"follow", "pngCanvasOnly", "videoWithPanel", "exportHoverRing"}) {
        const PreferenceField* row = findPreferenceField(name);
        REQUIRE(row != nullptr);
        CHECK(row->bareFlag);
        CHECK(row->get(p) == 0.0);
        row->set(p, 1.0);
    }
    CHECK(p.follow);
    CHECK(p.exports.pngCanvasOnly);
    CHECK_FALSE(p.exports.videoCanvasOnly);
    CHECK(p.exports.hoverRing);
}
