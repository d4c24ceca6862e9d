#pragma once
/// \file
/// How many simulation steps a frame takes: the page's 8 per frame, or as many as keep the
/// simulated time on the wall clock (times a speed factor), always within a time budget per
/// frame so that the window stays responsive; and how fast simulated time actually runs.

#include <functional>
#include <string>

#include "logic/panel_model.h"

namespace pbd::app {

/// Plans and runs each frame's steps. The clock is injected (seconds, monotonic), so tests can
/// drive it; the app passes std::chrono::steady_clock.
///
/// Budget: each frame grants kBudgetFraction of the display's frame period, or, when the
/// measured rest of the frame (drawing, upload, panel and swap: setDrawCost) is longer than
/// a display period, that rest less a third of the period: max(2/3 P, R - P/3). While drawing
/// keeps up with the display (R <= P, always under vsync, where the swap's wait counts in R)
/// that is the 2/3 P of old; when drawing is slow the simulation gets about as long as
/// drawing takes, half of each frame, instead of a sliver of it. Steps run while
/// the frame's credit is positive; a step that overruns leaves a debt that later frames pay
/// by stepping less (a step of 0.5 s at 60 Hz runs about every 45 frames), and unused credit
/// is not saved up. Real time: the wall-clock time between frames (at most kMaxFrameGap)
/// times the speed goes into an accumulator that pays for steps of dt; steps the budget cut
/// are dropped, not caught up later (no spiral of death). A step is charged at most
/// kOutlierFactor times the running mean cost: a preempted step does not cut a frame.
class Stepping {
public:
    using Clock = std::function<double()>;
    static constexpr int kPageStepsPerFrame = 8;         ///< as the page's mainLoop
    static constexpr double kBudgetFraction = 2.0 / 3.0; ///< of the display's frame period
    static constexpr int kMaxStepsPerFrame = 1000;       ///< real time: at most, per frame
    static constexpr double kMaxFrameGap = 0.25;         ///< s of wall clock a frame may add
    static constexpr double kWindowSeconds = 1.0;        ///< of wall clock per published ratio
    /// A step is charged at most this many times the usual (running mean) step cost.
    static constexpr double kOutlierFactor = 4.0;

    explicit Stepping(Clock clock);

    /// Page or real time, and the real-time speed factor (kMinSpeed to kMaxSpeed).
    void setMode(SteppingMode mode, double speed);
    /// The display's frame period in seconds (positive); the budget is kBudgetFraction of it.
    void setFramePeriod(double seconds);
    /// The measured rest of one frame in seconds (drawing, upload, panel, swap), once per
    /// frame; a running mean of it sets the budget. Ignored when not positive or not finite.
    void setDrawCost(double seconds);
    /// The running mean of setDrawCost's measurements in seconds (0 before the first).
    double drawCost() const { return drawCost_; }
    /// The budget per frame in seconds: max(kBudgetFraction P, drawCost() - P / 3), P the
    /// display's frame period.
    double budget() const;

    /// One running frame: calls `step` once per step (each advancing dt simulated seconds) as
    /// the mode asks and the budget allows. Returns the steps taken.
    int runFrame(double dt, const std::function<void()>& step);
    /// A frame without steps (paused): the wall clock moves on, nothing is owed for it.
    void idleFrame();
    /// A running frame whose steps run on another thread (see BackgroundStep): `finished`
    /// steps of dt were completed since the last frame (often 0). Counts toward the ratio and
    /// always reports falling behind.
    void offThreadFrame(int finished, double dt);

    /// Simulated seconds per wall-clock second over the last completed window (0 before).
    double ratio() const { return ratio_; }
    /// The steps the mode asked for in the last window were not all taken: the budget cut.
    bool behind() const { return behind_; }
    /// Empty while keeping up; otherwise e.g. "running at 0.4x real time (asked 1x)".
    std::string status() const;
    /// Totals over every running frame, for the exit summary.
    double simulatedSeconds() const { return totalSimulated_; }
    double wallSeconds() const { return totalWall_; }
    /// The mean steps per frame over the last completed window.
    double stepsPerFrame() const { return stepsPerFrame_; }

private:
    double wallSinceLastFrame();
    /// Adds one frame (wall seconds, steps taken of dt, whether the budget cut it) to the
    /// totals and the ratio's window.
    void account(double wall, int taken, double dt, bool cut);

    Clock clock_;
    SteppingMode mode_ = SteppingMode::Page;
    double speed_ = 1.0;
    double framePeriod_ = 1.0 / 60.0;
    double drawCost_ = 0.0; ///< running mean of the measured rest of a frame, s
    double credit_ = 0.0;
    double typicalCost_ = 0.0; ///< running mean of the step cost in s (0: none measured yet)
    double owed_ = 0.0; ///< real time: simulated seconds not yet stepped
    bool started_ = false;
    double lastFrame_ = 0.0;

    double windowSimulated_ = 0.0, windowWall_ = 0.0;
    long long windowSteps_ = 0, windowFrames_ = 0;
    bool windowCut_ = false;
    double ratio_ = 0.0;
    double stepsPerFrame_ = 0.0;
    bool behind_ = false;
    double totalSimulated_ = 0.0, totalWall_ = 0.0;
};

} // namespace pbd::app
