// The plots' vertical axes: round linear ticks, whole decades for log-scale plots.

#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <limits>
#include <span>
#include <vector>

#include "logic/chart_axis.h"

using namespace pbd::app;

TEST_CASE("a linear axis widens to round steps and ticks every step", "[chart-axis]")
{
    const ChartAxis a = linearAxis(0.13, 0.87);
    CHECK_FALSE(a.decades);
    CHECK(a.lo == Approx(0.0).margin(1e-12));
    CHECK(a.hi == Approx(1.0));
    REQUIRE(a.ticks.size() == 6);
    CHECK(a.ticks[1] == Approx(0.2));
    CHECK(tickLabel(a, a.ticks[0]) == "0");
    CHECK(tickLabel(a, a.ticks[3]) == "0.6");

    const ChartAxis energy = linearAxis(-17123.0, -16950.0); // step 50: -17150 .. -16950
    CHECK(energy.lo == Approx(-17150.0));
    CHECK(energy.hi == Approx(-16950.0));
    CHECK(energy.ticks.size() == 5);
    CHECK(tickLabel(energy, energy.ticks[0]) == "-1.715e+04"); // not "-1.72e+04" twice
    CHECK(tickLabel(energy, energy.ticks[1]) == "-1.71e+04");
}

TEST_CASE("a flat or empty series still gets an axis around its value", "[chart-axis]")
{
    const ChartAxis flat = linearAxis(2.0, 2.0);
    CHECK(flat.lo < 2.0);
    CHECK(flat.hi > 2.0);
    CHECK(flat.ticks.size() >= 2);
    const ChartAxis zero = linearAxis(0.0, 0.0);
    CHECK(zero.lo < 0.0);
    CHECK(zero.hi > 0.0);
    const ChartAxis bad = linearAxis(std::nan(""), 1.0);
    CHECK(bad.hi > bad.lo);
}

TEST_CASE("a decade axis spans whole decades with at most 6 labelled ticks", "[chart-axis]")
{
    const ChartAxis a = decadeAxis(-5.3, -1.2);
    CHECK(a.decades);
    CHECK(a.lo == -6.0);
    CHECK(a.hi == -1.0);
    CHECK(a.ticks == std::vector<double>{-6, -5, -4, -3, -2, -1});
    CHECK(tickLabel(a, -6.0) == "1e-06");
    CHECK(tickLabel(a, 0.0) == "1");
    CHECK(tickLabel(a, 2.0) == "1e+02");

    const ChartAxis wide = decadeAxis(-15.0, 0.0); // 15 decades: every third
    CHECK(wide.ticks.size() <= 6);
    CHECK(wide.ticks.front() == -15.0);
    CHECK(wide.ticks[1] - wide.ticks[0] == 3.0);

    const ChartAxis one = decadeAxis(-3.0, -3.0);
    CHECK(one.hi - one.lo == 1.0);
}

TEST_CASE("the range of several series skips non-finite values, log10 has a floor",
          "[chart-axis]")
{
    const std::vector<float> a{1.0f, std::numeric_limits<float>::infinity(), -2.0f};
    const std::vector<float> b{std::nanf(""), 5.0f};
    const std::array<std::span<const float>, 2> both{a, b};
    const auto [lo, hi] = finiteRange(both);
    CHECK(lo == -2.0);
    CHECK(hi == 5.0);
    const std::array<std::span<const float>, 1> none{std::span<const float>{}};
    CHECK(finiteRange(none) == std::pair{0.0, 0.0});
    CHECK(log10AtLeast(1e-3, 1e-15) == Approx(-3.0f));
    CHECK(log10AtLeast(0.0, 1e-15) == Approx(-15.0f));
}

TEST_CASE("convergence series become ratios to iteration 0, in decades when they fall far",
          "[chart-axis]")
{
    std::vector<float> rms{1e-2f, 1e-3f, 1e-4f}, max{2e-2f, 1e-2f, 0.0f};
    std::array<std::vector<float>*, 2> both{&rms, &max};
    const ChartAxis far = relativeErrorAxis(both, 1e-15);
    CHECK(far.decades);
    CHECK(rms[0] == Approx(0.0f).margin(1e-6)); // log10(1)
    CHECK(rms[2] == Approx(-2.0f));              // log10(1e-4 / 1e-2)
    CHECK(max[1] == Approx(std::log10(0.5f)));
    CHECK(max[2] == Approx(std::log10(1e-15 / 2e-2))); // 0 counts as the floor
    CHECK(far.lo <= max[2]);
    CHECK(far.hi >= 0.0);

    // A few percent per step (a long cloth's Gauss-Seidel): plain ratios on a linear axis.
    std::vector<float> slow{2.674e-3f, 2.61e-3f, 2.419e-3f}, flat{0.0f, 0.0f};
    std::array<std::vector<float>*, 2> near{&slow, &flat};
    const ChartAxis close = relativeErrorAxis(near, 1e-15);
    CHECK_FALSE(close.decades);
    CHECK(slow[0] == 1.0f);
    CHECK(slow[2] == Approx(2.419 / 2.674).epsilon(1e-5));
    CHECK(flat == std::vector<float>{1.0f, 1.0f}); // a first error of 0: all ones
    CHECK(close.lo <= slow[2]);
    CHECK(close.hi >= 1.0);
    CHECK(close.hi - close.lo < 0.5); // tight enough to show a 10% fall
}
