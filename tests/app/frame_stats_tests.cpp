#include <catch2/catch.hpp>

#include "logic/frame_stats.h"

using pbd::app::FrameStats;
using pbd::app::FrameTimes;

TEST_CASE("frame phases add up to the frame's total", "[frame]")
{
    const FrameTimes t{4.0, 0.5, 0.25, 1.0, 2.0};
    CHECK(t.total() == 7.75);
    FrameTimes sum = t;
    sum += t;
    CHECK(sum.simulation == 8.0);
    CHECK(sum.swap == 4.0);
    CHECK(t.scaled(2.0).total() == 15.5);
}

TEST_CASE("nothing is published before a full window of frames", "[frame]")
{
    FrameStats stats;
    for (std::size_t i = 0; i + 1 < FrameStats::kWindow; ++i)
        stats.add({1.0, 0.0, 0.0, 0.0, 0.0}, 16.0);
    CHECK(stats.mean().total() == 0.0);
    CHECK(stats.framesPerSecond() == 0.0);
    CHECK(stats.overallFramesPerSecond() == Approx(62.5));
    CHECK(stats.frames() == static_cast<long long>(FrameStats::kWindow) - 1);
}

TEST_CASE("a full window publishes the mean phases and the frame rate", "[frame]")
{
    FrameStats stats;
    for (std::size_t i = 0; i < FrameStats::kWindow; ++i)
        stats.add({i % 2 == 0 ? 2.0 : 4.0, 0.5, 0.25, 1.0, 0.0}, 20.0); // 50 frames per second
    CHECK(stats.mean().simulation == Approx(3.0));
    CHECK(stats.mean().upload == Approx(0.5));
    CHECK(stats.mean().interface == Approx(1.0));
    CHECK(stats.framesPerSecond() == Approx(50.0));
    // The next window replaces it only when complete.
    stats.add({100.0, 0.0, 0.0, 0.0, 0.0}, 100.0);
    CHECK(stats.mean().simulation == Approx(3.0));
    CHECK(stats.sum().simulation == Approx(3.0 * FrameStats::kWindow + 100.0));
}

TEST_CASE("a restarted window forgets the hidden time but keeps the sums", "[frame]")
{
    FrameStats stats;
    stats.add({1.0, 0.0, 0.0, 0.0, 0.0}, 5000.0); // a long pause before this frame
    stats.restartWindow();
    for (std::size_t i = 0; i < FrameStats::kWindow; ++i)
        stats.add({1.0, 0.0, 0.0, 0.0, 0.0}, 10.0);
    CHECK(stats.framesPerSecond() == Approx(100.0));
    CHECK(stats.overallFramesPerSecond() == Approx(1000.0 * 31.0 / (5000.0 + 300.0)));
    CHECK(stats.sum().simulation == Approx(FrameStats::kWindow + 1.0));
    CHECK(stats.frames() == static_cast<long long>(FrameStats::kWindow) + 1);
}
