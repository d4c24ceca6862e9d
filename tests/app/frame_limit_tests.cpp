#include <catch2/catch.hpp>

#include "logic/frame_limit.h"

using namespace pbd::app;

namespace {
constexpr double kPeriod = 1000.0 / 60.0;
}

TEST_CASE("frames that fit the display's period are limited by the display", "[frame-limit]")
{
    const FrameTimes quick{.simulation = 2.0, .upload = 0.1, .draw = 1.0, .interface = 1.5,
                           .swap = 0.4};
    CHECK(frameLimit(quick, kPeriod) == FrameLimit::Display);
    CHECK(frameLimitText(quick, kPeriod) == "display: 5 of 16.7 ms used");
    // Under vsync the swap waits out the period: still the display.
    const FrameTimes vsync{.simulation = 2.0, .draw = 1.0, .interface = 1.5, .swap = 12.2};
    CHECK(frameLimit(vsync, kPeriod) == FrameLimit::Display);
}

TEST_CASE("the largest part of an overrunning frame names the limit", "[frame-limit]")
{
    // The 300 x 300 lines: 13 ms of simulation, 175 ms of drawing and swap.
    const FrameTimes slowDraw{.simulation = 13.0, .upload = 1.0, .draw = 4.0, .interface = 2.0,
                              .swap = 170.0};
    CHECK(frameLimit(slowDraw, kPeriod) == FrameLimit::Drawing);
    CHECK(frameLimitText(slowDraw, kPeriod) == "drawing: 175 of 190 ms");
    const FrameTimes slowSim{.simulation = 40.0, .upload = 1.0, .draw = 2.0, .interface = 2.0,
                             .swap = 3.0};
    CHECK(frameLimit(slowSim, kPeriod) == FrameLimit::Simulation);
    CHECK(frameLimitText(slowSim, kPeriod) == "simulation: 40 of 48 ms");
    const FrameTimes slowPanel{.simulation = 1.0, .draw = 2.0, .interface = 30.0, .swap = 1.0};
    CHECK(frameLimit(slowPanel, kPeriod) == FrameLimit::Panel);
    // Upload and swap count as drawing: the driver finishes the draw calls in the swap.
    const FrameTimes split{.simulation = 10.0, .upload = 4.0, .draw = 4.0, .swap = 4.0};
    CHECK(frameLimit(split, kPeriod) == FrameLimit::Drawing);
}

TEST_CASE("nothing measured yet reads as a dash", "[frame-limit]")
{
    CHECK(frameLimitText(FrameTimes{}, kPeriod) == "-");
}
