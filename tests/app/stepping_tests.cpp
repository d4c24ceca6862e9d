#include <catch2/catch.hpp>

#include <limits>
#include <vector>

#include "logic/stepping.h"

using pbd::app::Stepping;
using pbd::app::SteppingMode;

namespace {

/// A fake wall clock: frames start every `period` seconds (or when the previous frame's steps
/// ended, if later), and every step costs `stepCost` seconds.
struct FakeFrames {
    double now = 0.0;
    double period = 1.0 / 60.0;
    double stepCost = 0.001;
    Stepping stepping{[this] { return now; }};

    FakeFrames() { stepping.setFramePeriod(period); }

    /// Runs `frames` frames; returns the steps taken in each.
    std::vector<int> run(int frames, double dt = 0.005)
    {
        std::vector<int> steps;
        for (int i = 0; i < frames; ++i) {
            const double start = now;
            steps.push_back(stepping.runFrame(dt, [this] { now += stepCost; }));
            now = std::max(now, start + period);
        }
        return steps;
    }
};

int sum(const std::vector<int>& v)
{
    int s = 0;
    for (int x : v)
        s += x;
    return s;
}

} // namespace

TEST_CASE("page stepping takes 8 steps per frame when they fit the budget", "[stepping]")
{
    FakeFrames f;
    const auto steps = f.run(120);
    for (int n : steps)
        CHECK(n == 8);
    // 8 x 0.005 s per 1/60 s: 2.4x real time, as the page at 60 Hz; keeping up.
    CHECK(f.stepping.ratio() == Approx(2.4).epsilon(1e-9));
    CHECK_FALSE(f.stepping.behind());
    CHECK(f.stepping.status().empty());
    CHECK(f.stepping.budget() == Approx(1.0 / 90.0));
}

TEST_CASE("the budget caps the steps of a frame at about 2/3 of the frame period", "[stepping]")
{
    FakeFrames f;
    f.stepCost = 0.005; // 8 steps would take 40 ms of a 16.7 ms frame
    const auto steps = f.run(600);
    // Credit 11.1 ms per frame, spent step by step while positive: 3 then 2 steps, about
    // 11.1 / 5 = 2.22 per frame on average, never more than 3.
    CHECK(steps[0] == 3);
    CHECK(steps[1] == 2);
    for (int n : steps)
        CHECK(n <= 3);
    CHECK(sum(steps) / 600.0 == Approx(1.0 / 90.0 / 0.005).epsilon(0.01));
    // The simulation's share of each frame stays near the budget.
    CHECK(sum(steps) * f.stepCost / (600 * f.period) == Approx(2.0 / 3.0).epsilon(0.01));
    CHECK(f.stepping.behind());
    CHECK(f.stepping.ratio() == Approx(2.22 * 0.005 * 60).epsilon(0.01));
    CHECK_THAT(f.stepping.status(), Catch::StartsWith("running at 0.6") &&
                                        Catch::EndsWith("x real time (2.2 of 8 steps per frame)"));
}

TEST_CASE("a step longer than a frame runs only every few frames", "[stepping]")
{
    FakeFrames f;
    f.stepCost = 0.1; // one step takes six frame periods
    const auto steps = f.run(100);
    // The first frame takes one step; its debt of 88.9 ms skips the next 7 frames at 11.1 ms
    // of credit each (a late start grants no extra credit); a step about every 9 frames.
    CHECK(steps[0] == 1);
    for (int i = 1; i <= 7; ++i)
        CHECK(steps[static_cast<std::size_t>(i)] == 0);
    CHECK(steps[8] + steps[9] == 1);
    const int stepped = sum(steps);
    CHECK(stepped >= 10);
    CHECK(stepped <= 12);
}

TEST_CASE("one step stretched by the system does not cut a frame's steps", "[stepping]")
{
    FakeFrames f;
    f.run(10); // the usual cost: 1 ms
    int calls = 0;
    const double start = f.now;
    // The third step of this frame takes 30 ms (preempted): charged 4 ms, the frame goes on.
    const int taken = f.stepping.runFrame(0.005, [&] { f.now += ++calls == 3 ? 0.030 : 0.001; });
    CHECK(taken == 8);
    f.now = std::max(f.now, start + f.period);
    CHECK(f.run(1)[0] == 8);
    // Steps that stay slow are soon charged in full: the budget cuts again.
    f.stepCost = 0.030;
    f.run(5);
    const auto slow = f.run(60);
    CHECK(sum(slow) <= 60 * (1.0 / 90.0) / 0.030 + 2);
}

TEST_CASE("real-time stepping follows the wall clock times the speed", "[stepping]")
{
    for (double speed : {1.0, 0.5, 0.05, 4.0}) {
        FakeFrames f;
        f.stepCost = 0.0001; // 4x at dt 0.005 is 13.3 steps per frame: cheap ones fit
        f.stepping.setMode(SteppingMode::RealTime, speed);
        const auto steps = f.run(600); // 10 s of wall clock
        INFO("speed " << speed);
        // The first frame has no elapsed time; then speed x 10 s minus at most one step.
        CHECK(sum(steps) * 0.005 == Approx(speed * 599 / 60.0).margin(0.005 + 1e-9));
        // One window of 1 s holds a whole number of steps: within one step of the speed.
        CHECK(f.stepping.ratio() == Approx(speed).margin(0.0051));
        CHECK_FALSE(f.stepping.behind());
        CHECK(f.stepping.simulatedSeconds() == Approx(sum(steps) * 0.005));
        CHECK(f.stepping.wallSeconds() == Approx(599 / 60.0));
    }
    FakeFrames f;
    f.stepping.setMode(SteppingMode::RealTime, 1.0);
    const auto steps = f.run(4);
    // 1/60 s per frame at dt 0.005: 3.33 steps owed per frame, paid as 0, 3, 3, 4.
    CHECK(steps == std::vector<int>{0, 3, 3, 4});
}

TEST_CASE("real time that cannot keep up says so and drops what it could not step",
          "[stepping]")
{
    FakeFrames f;
    f.stepping.setMode(SteppingMode::RealTime, 1.0);
    f.stepCost = 0.01; // 3.33 steps owed per frame, budget 11.1 ms: about 1.1 per frame
    const auto steps = f.run(600);
    CHECK(f.stepping.behind());
    // About 1.1 steps of 5 ms per 1/60 s (a little less: frames with two steps end late).
    CHECK(f.stepping.ratio() == Approx(1.0 / 90.0 / 0.01 * 0.005 * 60).epsilon(0.05));
    CHECK_THAT(f.stepping.status(), Catch::StartsWith("running at 0.3") &&
                                        Catch::EndsWith("x real time (asked 1x)"));
    // Nothing piles up: a frame never takes more than the budget allows.
    for (std::size_t i = 1; i < steps.size(); ++i)
        CHECK(steps[i] <= 2);
    // When the steps are cheap again it keeps up at once, without a burst of catch-up steps.
    f.stepCost = 0.0001;
    const auto after = f.run(120);
    for (int n : after)
        CHECK(n <= 4);
    CHECK_FALSE(f.stepping.behind());
    CHECK(f.stepping.status().empty());
}

TEST_CASE("a long gap between frames or a pause is not caught up", "[stepping]")
{
    FakeFrames f;
    f.stepCost = 0.0001;
    f.stepping.setMode(SteppingMode::RealTime, 1.0);
    f.run(10);
    f.now += 5.0; // the window was hidden, or the machine stalled
    const auto steps = f.run(1);
    // kMaxFrameGap 0.25 s at dt 0.005 (plus what was owed before), not 1000 steps
    CHECK(steps[0] >= 50);
    CHECK(steps[0] <= 51);
    // Paused frames owe nothing.
    for (int i = 0; i < 30; ++i) {
        f.now += f.period;
        f.stepping.idleFrame();
    }
    f.now += f.period;
    CHECK(f.run(1)[0] <= 4);
}

TEST_CASE("the budget follows the measured drawing when drawing is slower than the display",
          "[stepping]")
{
    FakeFrames f; // 60 Hz: 2/3 of 16.7 ms while drawing keeps up
    f.stepping.setDrawCost(0.005);
    CHECK(f.stepping.budget() == Approx(1.0 / 90.0));
    // Under vsync the swap's wait counts as drawing: a frame's rest never beyond the period.
    f.stepping.setDrawCost(1.0 / 60.0);
    CHECK(f.stepping.budget() == Approx(1.0 / 90.0));
    // Drawing takes 175 ms: the simulation gets 175 - 5.6 ms, no longer 11 ms of a 190 ms frame.
    FakeFrames slow;
    slow.stepping.setDrawCost(0.175);
    CHECK(slow.stepping.drawCost() == Approx(0.175));
    CHECK(slow.stepping.budget() == Approx(0.175 - 1.0 / 180.0));
    slow.stepCost = 0.01; // 8 steps are 80 ms: all of them fit now
    slow.period = 0.19;
    for (int n : slow.run(10))
        CHECK(n == 8);
    // A running mean: one frame of 1 ms does not drop the budget to the display's at once.
    slow.stepping.setDrawCost(0.001);
    CHECK(slow.stepping.drawCost() == Approx(0.175 + 0.25 * (0.001 - 0.175)));
    // Nonsense is ignored.
    slow.stepping.setDrawCost(-1.0);
    slow.stepping.setDrawCost(std::numeric_limits<double>::quiet_NaN());
    CHECK(slow.stepping.drawCost() == Approx(0.175 + 0.25 * (0.001 - 0.175)));
}
