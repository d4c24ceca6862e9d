// The frame loop's clock: the frame period the statistics and the stepping get (none for the
// first frame and after a hidden or idle spell), and when the loop may go idle. Times are
// given, not waited for.

#include <catch2/catch.hpp>

#include <chrono>

#include "logic/frame_pacing.h"

using namespace pbd::app;
using namespace std::chrono_literals;
using Clock = FramePacing::Clock;

TEST_CASE("a frame's period runs from the last frame's start, none after a skipped spell",
          "[frame_pacing]")
{
    FramePacing pacing;
    pacing.start();
    const Clock::time_point t0 = Clock::now();
    CHECK(pacing.beginFrame(t0, true) == 0.0); // the first frame has no period
    CHECK(pacing.beginFrame(t0 + 16ms, false) == Approx(16.0));
    CHECK(pacing.beginFrame(t0 + 50ms, false) == Approx(34.0));
    pacing.skip(); // minimised or idle for a while
    CHECK(pacing.beginFrame(t0 + 3s, false) == 0.0); // the spell is no frame period
    CHECK(pacing.beginFrame(t0 + 3s + 17ms, false) == Approx(17.0)); // and only it
}

TEST_CASE("the loop settles only a while after the last input", "[frame_pacing]")
{
    FramePacing pacing;
    CHECK(pacing.settled()); // no input ever
    pacing.start();          // the start counts as input
    CHECK_FALSE(pacing.settled());
    FramePacing later;
    later.noteActivity();
    CHECK_FALSE(later.settled());
}

TEST_CASE("the loop settles only after a few frames since the last input, however slow",
          "[frame_pacing]")
{
    // A loaded machine: the first frames a second apart. Idling after the time alone would
    // leave two frames drawn, too few for ImGui to take the pointer's place.
    FramePacing pacing;
    pacing.start();
    const Clock::time_point t0 = Clock::now();
    pacing.beginFrame(t0, true);
    pacing.beginFrame(t0 + 1s, false);
    CHECK_FALSE(pacing.settled(t0 + 5s)); // long enough, but two frames
    pacing.beginFrame(t0 + 2s, false);
    CHECK(pacing.settled(t0 + 5s));
    CHECK_FALSE(pacing.settled(t0 + 500ms)); // three frames, but too soon
    pacing.noteActivity();                    // input: the count starts again
    pacing.beginFrame(t0 + 3s, false);
    CHECK_FALSE(pacing.settled(t0 + 9s));
}
