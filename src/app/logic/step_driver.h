#pragma once
/// \file
/// The controller's step driver: how many steps each frame takes and where. It keeps the
/// pause and the single step, the frame's budget (page or real-time stepping), the step on
/// another thread and the commands issued while it runs, the plots' samples, and the GPU
/// solver's fallback when the GPU refuses a cloth.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "logic/background_step.h"
#include "logic/input.h"
#include "logic/panel_model.h"
#include "logic/plot_history.h"
#include "logic/preferences.h"
#include "logic/step_timer.h"
#include "logic/stepping.h"
#include "pbd/command.h"
#include "pbd/history.h"
#include "pbd/simulation.h"

namespace pbd::app {

/// Where running frames step the cloth: Auto moves the steps to a thread of their own (see
/// BackgroundStep) while one step costs more than the frame's budget; Always and Never are
/// for tests and measurements.
enum class OffThread { Auto, Always, Never };

/// Steps the simulation frame by frame; written once for the cloth in D dimensions
/// (StepDriver in 2D): it needs only SimulationOf<D>'s stepping, settings and state.
template <glm::length_t D>
class StepDriverOf {
public:
    /// `simulation`, `model` (whose solver choice a refusal changes) and `preferences` (the
    /// stepping mode, speed and plots) must outlive the driver. `clock` (monotonic seconds)
    /// paces real-time stepping; `issue` is the command path every step goes through.
    StepDriverOf(SimulationOf<D>& simulation, PanelModel& model, const Preferences& preferences,
                 Stepping::Clock clock, IssueCommandOf<D> issue);

    /// Takes this frame's steps as the preferences' stepping asks (the page's 8, or real
    /// time), within the budget of a display frame of `framePeriod` seconds; none while paused
    /// (one after requestSingleStep). `resumed`: the window was hidden or idle since the last
    /// frame, which is not owed in real time.
    void advance(double framePeriod, bool resumed);

    bool paused() const { return paused_; }
    /// Pauses or resumes. Pausing during advance() skips the frame's other steps.
    void setPaused(bool paused) { paused_ = paused; }
    /// S: one step in the next frame, while paused (running, nothing extra).
    void requestSingleStep();
    /// Nothing will change until the next input: paused, no single step pending.
    bool idle() const { return paused_ && !singleStep_ && !background_.running(); }

    /// Where running frames take their steps (default Auto).
    void setOffThread(OffThread policy) { offThread_ = policy; }
    /// A step is running on another thread: the simulation shows the last finished state.
    bool steppingOffThread() const { return background_.running(); }
    /// Waits for a step running on another thread and applies it (and the commands issued
    /// meanwhile).
    void finishOffThreadStep();

    /// Applies `command` to the simulation through `history` (undo and redo), or, while a
    /// step runs on another thread, straight to the state shown meanwhile: the controller's
    /// path then brings it here again (applied()) to go through the history on the state that
    /// step reaches. Undo and redo first wait for that step, since the history's states follow
    /// the steps taken. Returns why the command was refused.
    std::optional<CommandError> apply(HistoryOf<D>& history, const CommandOf<D>& command);
    /// Called with every command the controller applied. While a step runs off the thread,
    /// the command is kept, applied again to the stepped state when it arrives and observed
    /// then (after that step, which is where it takes effect); otherwise observed at once.
    void applied(const CommandOf<D>& command);
    /// Called with every command that took effect (for recording and tests).
    void setCommandObserver(std::function<void(const CommandOf<D>&)> observer)
    {
        observer_ = std::move(observer);
    }
    /// The cloth was rebuilt or replaced: the lines change, the step costs start afresh.
    void clothRebuilt();
    /// The preferences' Plots section opened or closed: open, the simulation records its
    /// residuals and each frame that steps adds a sample to plotHistory(), starting afresh;
    /// closed, neither costs anything.
    void plotsChanged();

    const StepTimer& stepTimer() const { return stepTimer_; }
    const Stepping& stepping() const { return stepping_; }
    /// The measured rest of the last frame (drawing, upload, panel, swap) in seconds, which
    /// sets the simulation's budget (Stepping::setDrawCost).
    void setDrawCost(double seconds) { stepping_.setDrawCost(seconds); }
    /// Fixes the simulation's budget per frame (Stepping::setFixedBudget; a test hook).
    void setFixedBudget(double seconds) { stepping_.setFixedBudget(seconds); }
    /// Steps taken by advance() so far (single steps too), for the exit summary.
    long long steps() const { return steps_; }
    /// The plots' history (empty while the Plots section is closed).
    const PlotHistory& plotHistory() const { return plotHistory_; }
    /// Each time the GPU solver could not run (a cloth beyond its buffer limits, a kernel the
    /// driver does not compile) and the driver went back to what ran before: the message.
    const std::vector<std::string>& refusals() const { return refusals_; }
    /// Changes whenever the cloth was rebuilt (restart, new size, a load, a state stepped off
    /// the thread): re-upload its lines.
    std::uint64_t clothVersion() const { return clothVersion_; }

private:
    void timedStep();
    void refuseSolver(const std::string& why);
    void samplePlots(double stepMilliseconds, long long steps);
    /// Running frames should step on another thread now (see OffThread).
    bool stepsOffThread() const;
    /// Takes the finished off-thread step: its state replaces the simulation's, then the
    /// commands issued meanwhile apply again. Returns the steps it took.
    int collectOffThreadStep();

    SimulationOf<D>& simulation_;
    PanelModel& model_;
    const Preferences& preferences_;
    IssueCommandOf<D> issue_;
    std::function<void(const CommandOf<D>&)> observer_;
    StepTimer stepTimer_;
    Stepping stepping_;
    long long steps_ = 0;
    bool paused_ = false;
    bool singleStep_ = false; ///< S while paused: one step in the next frame
    OffThread offThread_ = OffThread::Auto;
    BackgroundStepOf<D> background_;
    std::vector<CommandOf<D>> deferred_; ///< issued while a step ran off the thread, in order
    double stepCost_ = 0.0;         ///< running mean wall-clock cost of a step, s (0: none yet)
    PlotHistory plotHistory_;
    double frameStepMilliseconds_ = 0.0; ///< summed over this frame's steps
    std::vector<std::string> refusals_;
    /// Solver and GPU precision of the last step that ran.
    std::optional<std::pair<Solver, GpuPrecision>> lastStepped_;
    std::uint64_t clothVersion_ = 0;
};

using StepDriver = StepDriverOf<2>;

} // namespace pbd::app
