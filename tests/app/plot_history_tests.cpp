// The plots' ring buffer and their 10 s history in evenly spaced bins.

#include <catch2/catch.hpp>

#include <limits>
#include <stdexcept>
#include <vector>

#include "logic/plot_history.h"

using namespace pbd::app;

namespace {

PlotSample sampleOf(float value)
{
    PlotSample s;
    s.kinetic = value;
    s.msPerStep = 2.0f * value;
    return s;
}

std::vector<float> kinetic(const PlotHistory& history)
{
    std::vector<float> out;
    history.series(&PlotSample::kinetic, out);
    return out;
}

} // namespace

TEST_CASE("a ring buffer keeps the newest items, oldest first, across wrap-around",
          "[plot-history]")
{
    RingBuffer<int> ring(3);
    CHECK(ring.capacity() == 3);
    CHECK(ring.empty());
    ring.push(1);
    ring.push(2);
    REQUIRE(ring.size() == 2);
    CHECK(ring[0] == 1);
    CHECK(ring[1] == 2);
    CHECK(ring.back() == 2);
    for (int i = 3; i <= 7; ++i) // wraps around more than once
        ring.push(i);
    REQUIRE(ring.size() == 3);
    CHECK(ring[0] == 5);
    CHECK(ring[1] == 6);
    CHECK(ring[2] == 7);
    ring.back() = 70;
    CHECK(ring[2] == 70);
    ring.clear();
    CHECK(ring.empty());
    ring.push(9);
    CHECK(ring[0] == 9);
    CHECK_THROWS_AS(RingBuffer<int>(0), std::invalid_argument);
}

TEST_CASE("the history holds 10 s of simulated time in 200 bins of 0.05 s", "[plot-history]")
{
    CHECK(PlotHistory::kCapacity == 200);
    PlotHistory history;
    // One sample per bin for 15 s: the first 5 s are pushed out, the rest kept in order.
    for (int i = 0; i < 300; ++i)
        history.add(0.05 * i + 0.01, sampleOf(static_cast<float>(i)));
    REQUIRE(history.size() == 200);
    CHECK(history.seconds() == Approx(10.0));
    const std::vector<float> values = kinetic(history);
    for (std::size_t i = 0; i < values.size(); ++i)
        CHECK(values[i] == static_cast<float>(100 + i));
    CHECK(history[199].msPerStep == 598.0f);
}

TEST_CASE("samples in one bin keep the newest, skipped bins repeat the next sample",
          "[plot-history]")
{
    PlotHistory history;
    history.add(0.00, sampleOf(1.0f));
    history.add(0.02, sampleOf(2.0f)); // same bin: replaces
    REQUIRE(history.size() == 1);
    CHECK(history[0].kinetic == 2.0f);
    history.add(0.16, sampleOf(3.0f)); // bins 1 and 2 skipped, bin 3 sampled
    CHECK(kinetic(history) == std::vector<float>{2.0f, 3.0f, 3.0f, 3.0f});
    // A jump longer than the window leaves one window of the new sample.
    history.add(100.0, sampleOf(4.0f));
    REQUIRE(history.size() == PlotHistory::kCapacity);
    CHECK(history[0].kinetic == 4.0f);
}

TEST_CASE("time going backwards (restart) starts the history afresh", "[plot-history]")
{
    PlotHistory history;
    for (int i = 0; i < 50; ++i)
        history.add(0.05 * i, sampleOf(static_cast<float>(i)));
    REQUIRE(history.size() == 50);
    history.add(0.0, sampleOf(-1.0f));
    REQUIRE(history.size() == 1);
    CHECK(history[0].kinetic == -1.0f);
    history.add(std::numeric_limits<double>::quiet_NaN(), sampleOf(5.0f)); // ignored
    CHECK(history.size() == 1);
    history.clear();
    CHECK(history.size() == 0);
}
