#include "logic/step_driver.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>
#include <variant>

#include "pbd/energy.h"

namespace pbd::app {

template <glm::length_t D>
StepDriverOf<D>::StepDriverOf(SimulationOf<D>& simulation, PanelModel& model,
                              const Preferences& preferences, Stepping::Clock clock,
                              IssueCommandOf<D> issue)
    : simulation_(simulation), model_(model), preferences_(preferences), issue_(std::move(issue)),
      stepping_(std::move(clock))
{
}

template <glm::length_t D>
void StepDriverOf<D>::requestSingleStep()
{
    if (paused_)
        singleStep_ = true;
}

template <glm::length_t D>
std::optional<CommandError> StepDriverOf<D>::apply(HistoryOf<D>& history,
                                                   const CommandOf<D>& command)
{
    if (std::holds_alternative<UndoCommand>(command) ||
        std::holds_alternative<RedoCommand>(command))
        finishOffThreadStep();
    return background_.running() ? pbd::apply(simulation_, command)
                                 : history.apply(simulation_, command);
}

template <glm::length_t D>
void StepDriverOf<D>::applied(const CommandOf<D>& command)
{
    if (background_.running())
        deferred_.push_back(command); // takes effect after the running step: observed then
    else if (observer_)
        observer_(command);
}

template <glm::length_t D>
void StepDriverOf<D>::clothRebuilt()
{
    ++clothVersion_;
    stepTimer_.reset();
    stepCost_ = 0.0;
}

template <glm::length_t D>
void StepDriverOf<D>::plotsChanged()
{
    // Recording residuals is observation, not a change of the simulation's state: no command.
    simulation_.recordResiduals(preferences_.plots);
    plotHistory_.clear();
}

template <glm::length_t D>
bool StepDriverOf<D>::stepsOffThread() const
{
    if (simulation_.stateOnDevice()) // its buffers live in the app's context
        return false;
    switch (offThread_) {
    case OffThread::Always:
        return true;
    case OffThread::Never:
        return false;
    case OffThread::Auto:
        break;
    }
    // Before the first step is measured, a guess from its size: about 15 ns per projection
    // (the page's order on a desktop core), so that the first of many slow steps does not
    // stall the window either.
    const Settings& s = simulation_.settings();
    const double guess = 15e-9 * static_cast<double>(simulation_.liveConstraintCount()) *
                         s.iterations * s.substeps;
    return (stepCost_ > 0.0 ? stepCost_ : guess) > stepping_.budget();
}

template <glm::length_t D>
int StepDriverOf<D>::collectOffThreadStep()
{
    typename BackgroundStepOf<D>::Result done = background_.take();
    simulation_ = std::move(done.simulation);
    // The copy recorded residuals as the Plots section was when it started; follow it now.
    simulation_.recordResiduals(preferences_.plots);
    ++clothVersion_; // another object's constraint store: the renderer re-uploads the lines
    const double perStep = done.milliseconds / std::max(done.steps, 1);
    for (int i = 0; i < done.steps; ++i) {
        stepTimer_.add(perStep);
        if (observer_)
            observer_(StepCommand{});
    }
    stepCost_ = 1e-3 * perStep;
    steps_ += done.steps;
    // What the user did meanwhile happened after that step: apply it again on its result.
    std::vector<CommandOf<D>> deferred = std::move(deferred_);
    deferred_.clear();
    for (const CommandOf<D>& command : deferred)
        issue_(command);
    samplePlots(done.milliseconds, done.steps);
    return done.steps;
}

template <glm::length_t D>
void StepDriverOf<D>::finishOffThreadStep()
{
    if (background_.running())
        collectOffThreadStep();
}

template <glm::length_t D>
void StepDriverOf<D>::samplePlots(double stepMilliseconds, long long steps)
{
    if (!preferences_.plots || steps <= 0)
        return;
    simulation_.sync(); // the energies and strains of the state now
    const Energy energy = clothEnergy(simulation_);
    const Strain strain = constraintStrain(simulation_);
    PlotSample sample;
    sample.kinetic = static_cast<float>(energy.kinetic);
    sample.potential = static_cast<float>(energy.potential());
    sample.strainRms = static_cast<float>(strain.rms);
    sample.strainMax = static_cast<float>(strain.max);
    sample.msPerStep = static_cast<float>(stepMilliseconds / static_cast<double>(steps));
    plotHistory_.add(simulation_.time(), sample);
}

template <glm::length_t D>
void StepDriverOf<D>::advance(double framePeriod, bool resumed)
{
    // The stepping preference, within a budget of a part of the display's frame period.
    stepping_.setMode(preferences_.stepping, preferences_.speed);
    if (framePeriod > 0.0 && std::isfinite(framePeriod))
        stepping_.setFramePeriod(framePeriod);
    const double dt = simulation_.settings().timeStep;
    if (background_.running()) {
        // A step runs on another thread: this frame shows the last finished state.
        if (!background_.ready()) {
            if (paused_)
                stepping_.idleFrame();
            else
                stepping_.offThreadFrame(0, dt);
            return;
        }
        const int finished = collectOffThreadStep();
        if (paused_) {
            stepping_.idleFrame();
            return;
        }
        stepping_.offThreadFrame(finished, dt);
        if (stepsOffThread())
            background_.start(simulation_, 1);
        return;
    }
    if (paused_ || resumed) // a pause or a hidden spell is not owed in real time
        stepping_.idleFrame();
    frameStepMilliseconds_ = 0.0;
    if (paused_) {
        if (singleStep_) {
            if (stepsOffThread()) {
                background_.start(simulation_, 1);
            } else {
                timedStep();
                samplePlots(frameStepMilliseconds_, 1);
            }
        }
        singleStep_ = false;
        return;
    }
    if (stepsOffThread()) {
        stepping_.offThreadFrame(0, dt);
        background_.start(simulation_, 1);
        return;
    }
    // A pause during the frame (a replay that reached its end) stops its remaining steps.
    const long long before = steps_;
    stepping_.runFrame(dt, [this] {
        if (!paused_)
            timedStep();
    });
    samplePlots(frameStepMilliseconds_, steps_ - before);
}

template <glm::length_t D>
void StepDriverOf<D>::timedStep()
{
    using Clock = std::chrono::steady_clock;
    const Clock::time_point start = Clock::now();
    try {
        issue_(StepCommand{});
    } catch (const std::runtime_error& e) { // the GPU solver cannot run this cloth here
        refuseSolver(e.what());
        return;
    }
    ++steps_;
    const Settings& now = simulation_.settings();
    lastStepped_ = {now.solver, now.gpuPrecision};
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    stepTimer_.add(ms);
    frameStepMilliseconds_ += ms;
    stepCost_ = stepCost_ > 0.0 ? stepCost_ + 0.25 * (1e-3 * ms - stepCost_) : 1e-3 * ms;
}

template <glm::length_t D>
void StepDriverOf<D>::refuseSolver(const std::string& why)
{
    // Back to what last ran: the other precision when only the precision changed, else the
    // solver before the GPU (the colored one when the GPU was the first). The refused solver
    // is now's: only the GPU refuses a cloth.
    const Settings now = simulation_.settings();
    std::string back;
    if (lastStepped_ && lastStepped_->first == now.solver &&
        lastStepped_->second != now.gpuPrecision) {
        model_.chooseGpuPrecision(lastStepped_->second);
        back = std::string("GPU precision back to ") + gpuPrecisionName(lastStepped_->second);
    } else {
        const Solver solver = lastStepped_ && lastStepped_->first != now.solver
                                  ? lastStepped_->first
                                  : Solver::Colored;
        model_.chooseSolver(solver);
        back = std::string("solver back to ") + solverName(solver);
    }
    if (model_.settings() != simulation_.settings())
        issue_(SetCommand{model_.settings()});
    if (simulation_.settings() == now) { // nothing else takes it (a side beyond the CPU's)
        paused_ = true;
        back = "paused: the CPU solvers take sides up to " + std::to_string(kMaxClothSide) +
               "; choose a smaller cloth";
    }
    const std::string message = "GPU solver refused: " + why + "; " + back;
    model_.setSolverMessage(message);
    refusals_.push_back(message);
}

template class StepDriverOf<2>;
template class StepDriverOf<3>;

} // namespace pbd::app
