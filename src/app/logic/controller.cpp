#include "logic/controller.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>
#include <type_traits>

#include "pbd/state_file.h"
#include "pbd/energy.h"
#include "logic/picking.h"
#include "logic/view_culling.h"

namespace pbd::app {

Controller::Controller(Simulation& simulation, Stepping::Clock clock)
    : simulation_(simulation), model_(simulation.settings()), stepping_(clock),
      clock_(std::move(clock))
{
}

void Controller::resize(glm::dvec2 windowSize, double contentScale, double logicalScale)
{
    logicalScale_ = std::isfinite(logicalScale) && logicalScale > 0.0 ? logicalScale : 1.0;
    layout_.update(windowSize, contentScale, camera_, logicalScale_);
}

double Controller::pickRadius() const
{
    return kPickRadiusPixels * logicalScale_;
}

bool Controller::inCanvas(glm::dvec2 p) const
{
    return p.x >= 0.0 && p.y >= 0.0 && p.x < layout_.canvasSize().x &&
           p.y < layout_.canvasSize().y;
}

std::optional<CommandError> Controller::issue(const Command& command)
{
    const Settings before = simulation_.settings();
    if (auto error = pbd::apply(simulation_, command)) {
        lastError_ = error->message;
        return error;
    }
    const bool rebuilt = std::holds_alternative<RestartCommand>(command) ||
                         (std::holds_alternative<SetCommand>(command) &&
                          !sameCloth(before, simulation_.settings()));
    if (rebuilt) {
        ++clothVersion_;
        stepTimer_.reset();
        stepCost_ = 0.0;
        dragging_ = false; // the core dropped the grab with the old cloth
        touchDrag_ = false;
        hovered_.reset();
    }
    if (std::holds_alternative<SetCommand>(command) && model_.settings() != simulation_.settings())
        model_.showSettings(simulation_.settings()); // a change from elsewhere shows in the panel
    if (background_.running())
        deferred_.push_back(command); // takes effect after the running step: observed then
    else if (observer_)
        observer_(command);
    return std::nullopt;
}

bool Controller::stepsOffThread() const
{
    if (simulation_.settings().solver == Solver::Gpu) // its buffers live in the app's context
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

int Controller::collectOffThreadStep()
{
    BackgroundStep::Result done = background_.take();
    simulation_ = std::move(done.simulation);
    // The copy recorded residuals as the Plots section was when it started; follow it now.
    simulation_.recordResiduals(plotsOpen_);
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
    std::vector<Command> deferred = std::move(deferred_);
    deferred_.clear();
    for (const Command& command : deferred)
        issue(command);
    samplePlots(done.milliseconds, done.steps);
    return done.steps;
}

void Controller::finishOffThreadStep()
{
    if (background_.running())
        collectOffThreadStep();
}

void Controller::mouseButton(MouseButton button, bool pressed, Modifiers modifiers,
                             PanelFocus focus)
{
    const bool pans = button == MouseButton::Right || button == MouseButton::Middle;
    if (!pressed) {
        if (button == MouseButton::Left && knife_) {
            const auto [from, to] = *knife_;
            knife_.reset();
            issue(CutCommand{from, to});
        } else if (button == MouseButton::Left && !touchDrag_) {
            pointerUp(); // always: a drag may end over the panel
        }
        else if (pans)
            panFrom_.reset();
        return;
    }
    // Where the pointer was when the button went down: the last motion event before it.
    if (!cursor_ || focus.mouse || !inCanvas(*cursor_))
        return;
    if (button == MouseButton::Left)
        pointerDown(*cursor_, modifiers);
    else if (pans)
        panFrom_ = *cursor_;
}

void Controller::mouseMove(glm::dvec2 p)
{
    if (!std::isfinite(p.x) || !std::isfinite(p.y))
        return;
    cursor_ = p;
    if (panFrom_) {
        camera_.pan(p - *panFrom_);
        panFrom_ = p;
    }
    if (knife_)
        knife_->second = camera_.screenToWorld(p);
    pointerMove(p);
}

void Controller::scroll(double yOffset, PanelFocus focus)
{
    // Wheel notches give +-1, touchpads fractions, Ctrl+wheel (a Windows precision-touchpad
    // pinch) the same: all zoom smoothly about the cursor.
    if (!cursor_ || focus.mouse || !inCanvas(*cursor_) || !std::isfinite(yOffset))
        return;
    camera_.zoomAt(std::pow(kWheelZoomBase, yOffset), *cursor_);
    pointerMove(*cursor_); // a held particle stays under the cursor
}

void Controller::key(Key key, bool repeat, Modifiers modifiers, PanelFocus focus)
{
    if (modifiers.control) {
        if (key == Key::Q && !repeat)
            quitRequested_ = true; // even while typing in a field
        return;                    // other Ctrl combinations are not ours (yet)
    }
    if (key == Key::F12) {
        if (!repeat)
            exportRequests_.screenshot = true; // even while typing: F12 types nothing
        return;
    }
    if (focus.keyboard)
        return; // typing into a field: the field has the keys (Esc cancels the edit there)
    switch (key) {
    case Key::Space:
        if (!repeat)
            paused_ = !paused_;
        break;
    case Key::R:
        if (!repeat) {
            applyModelSettings(); // as the page's restart(): every field's value, then a fresh cloth
            issue(RestartCommand{});
        }
        break;
    case Key::S:
        if (paused_)
            singleStep_ = true;
        break;
    case Key::Home:
        resetView();
        break;
    case Key::F:
        fitView();
        break;
    case Key::F1:
        if (!repeat)
            helpVisible_ = !helpVisible_;
        break;
    case Key::Escape:
        cancelDrag();
        helpVisible_ = false;
        break;
    case Key::Q:
    case Key::O: // Ctrl+O is RunFiles'
    case Key::F12:
    case Key::Other:
        break;
    }
}

std::vector<PanelPointer> Controller::touch(const TouchEvent& e)
{
    return perform(touchRouter_.route(e, layout_.canvasSize()));
}

std::vector<PanelPointer> Controller::perform(const std::vector<TouchAction>& actions)
{
    std::vector<PanelPointer> taps;
    for (const TouchAction& a : actions) {
        switch (a.kind) {
        case TouchAction::Kind::PanelPress:
            taps.push_back({a.point, true});
            break;
        case TouchAction::Kind::PanelRelease:
            taps.push_back({a.point, false});
            break;
        case TouchAction::Kind::PointerDown:
            touchDrag_ = true;
            pointerDown(a.point, {});
            break;
        case TouchAction::Kind::PointerMove:
            if (touchDrag_)
                pointerMove(a.point);
            break;
        case TouchAction::Kind::PointerUp:
            if (touchDrag_) {
                touchDrag_ = false;
                pointerUp();
            }
            break;
        case TouchAction::Kind::Zoom:
            camera_.zoomAt(a.factor, a.point);
            if (dragging_ && cursor_ && !touchDrag_)
                pointerMove(*cursor_); // a mouse-held particle stays under the cursor
            break;
        }
    }
    return taps;
}

void Controller::focusLost()
{
    // A mouse drag will finish (X sends the button release to the window that got the press);
    // touches in flight will not.
    perform(touchRouter_.reset());
}

void Controller::panel(const PanelActions& actions)
{
    if (actions.effect != CommitEffect::None) {
        const Settings before = simulation_.settings();
        applyModelSettings();
        const Settings& now = simulation_.settings();
        if (now.width != before.width || now.height != before.height)
            fitIfClothOutside();
    }
    if (actions.restart) {
        applyModelSettings();
        issue(RestartCommand{});
    }
    if (actions.togglePause)
        paused_ = !paused_;
    if (actions.fitView)
        fitView();
    if (actions.toggleHelp)
        helpVisible_ = !helpVisible_;
    if (actions.unpinAll) // one command per pin, so that a recording replays it
        for (Index i = 0; i < simulation_.particles().size(); ++i)
            if (simulation_.particles().pinned(i))
                issue(UnpinCommand{i});
    if (actions.pinCorners) {
        const Settings& s = simulation_.settings();
        for (Index i : fixedCorners(s.width, s.height, s.fixedCount))
            if (!simulation_.particles().pinned(i))
                issue(PinCommand{i});
    }
    if (actions.screenshot)
        exportRequests_.screenshot = true;
    if (actions.toggleVideo)
        exportRequests_.toggleVideo = !exportRequests_.toggleVideo; // two toggles cancel
    if (actions.colorBy)
        colorBy_ = *actions.colorBy;
    if (actions.throwOnRelease)
        throwOnRelease_ = *actions.throwOnRelease;
    if (actions.particleColorBy)
        particleColorBy_ = *actions.particleColorBy;
    if (actions.plotsOpen)
        setPlotsOpen(*actions.plotsOpen);
}

void Controller::setPlotsOpen(bool open)
{
    if (open == plotsOpen_)
        return;
    plotsOpen_ = open;
    // Recording residuals is observation, not a change of the simulation's state: no command.
    simulation_.recordResiduals(open);
    plotHistory_.clear();
}

void Controller::samplePlots(double stepMilliseconds, long long steps)
{
    if (!plotsOpen_ || steps <= 0)
        return;
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

void Controller::advance(double framePeriod, bool resumed)
{
    // The panel's stepping choice, within a budget of a part of the display's frame period.
    stepping_.setMode(model_.stepping(), model_.speed());
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

void Controller::timedStep()
{
    using Clock = std::chrono::steady_clock;
    const Clock::time_point start = Clock::now();
    try {
        issue(StepCommand{});
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

void Controller::refuseSolver(const std::string& why)
{
    // Back to what last ran: the other precision when only the precision changed, else the
    // solver before the GPU (the colored one when the GPU was the first).
    const Settings now = simulation_.settings();
    std::string back;
    if (lastStepped_ && lastStepped_->first == Solver::Gpu &&
        lastStepped_->second != now.gpuPrecision) {
        model_.chooseGpuPrecision(lastStepped_->second);
        back = std::string("GPU precision back to ") + gpuPrecisionName(lastStepped_->second);
    } else {
        const Solver solver = lastStepped_ && lastStepped_->first != Solver::Gpu
                                  ? lastStepped_->first
                                  : Solver::Colored;
        model_.chooseSolver(solver);
        back = std::string("solver back to ") + solverName(solver);
    }
    applyModelSettings();
    if (simulation_.settings() == now) { // nothing else takes it (a side beyond the CPU's)
        paused_ = true;
        back = "paused: the CPU solvers take sides up to " + std::to_string(kMaxClothSide) +
               "; choose a smaller cloth";
    }
    const std::string message = "GPU solver refused: " + why + "; " + back;
    model_.setSolverMessage(message);
    lastError_ = message;
    refusals_.push_back(message);
}

std::optional<std::string> Controller::loadState(const std::string& path)
{
    finishOffThreadStep(); // else the step on its way would replace what is loaded
    if (auto error = loadStateFile(simulation_, path)) {
        lastError_ = *error;
        return error;
    }
    ++clothVersion_;
    stepTimer_.reset();
    stepCost_ = 0.0;
    dragging_ = false;
    touchDrag_ = false;
    knife_.reset();
    trail_.clear();
    hovered_.reset();
    model_.showSettings(simulation_.settings());
    fitIfClothOutside();
    return std::nullopt;
}

void Controller::updateHover(PanelFocus focus)
{
    hovered_.reset();
    if (dragging_ || touchDrag_ || panFrom_ || !cursor_ || focus.mouse || !inCanvas(*cursor_))
        return;
    hovered_ = hoverPicker_
                   ? hoverPicker_(camera_, *cursor_, pickRadius())
                   : pickParticle(camera_, simulation_.particles().position, *cursor_, pickRadius());
}

void Controller::resetView()
{
    camera_.resetToPage(layout_.canvasSize(), glm::dvec2(0.0), logicalScale_);
}

void Controller::fitView()
{
    const WorldRect box = boundsOf(simulation_.particles().position);
    if (box.min.x > box.max.x || layout_.canvasSize().x <= 0.0)
        return; // no finite particle, or no canvas yet
    camera_.fit(box.min, box.max, layout_.canvasSize(), kFitMarginPixels * logicalScale_);
    if (cursor_)
        pointerMove(*cursor_); // a held particle stays under the cursor
}

void Controller::fitIfClothOutside()
{
    const WorldRect box = boundsOf(simulation_.particles().position);
    if (box.min.x <= box.max.x && layout_.canvasSize().x > 0.0 &&
        !camera_.shows(box.min, box.max, layout_.canvasSize()))
        fitView();
}

void Controller::pointerDown(glm::dvec2 p, Modifiers modifiers)
{
    if (modifiers.control) { // the knife: cuts from here to where the button goes up
        knife_ = {camera_.screenToWorld(p), camera_.screenToWorld(p)};
        return;
    }
    const auto picked = pickParticle(camera_, simulation_.particles().position, p, pickRadius());
    if (!picked)
        return;
    if (modifiers.shift) { // toggles a pin, corners too
        if (simulation_.particles().pinned(*picked))
            issue(UnpinCommand{*picked});
        else
            issue(PinCommand{*picked});
        return;
    }
    // The page's mouseDown: select the particle, move it only when the pointer moves.
    if (!issue(GrabCommand{*picked})) {
        dragging_ = true;
        trail_.clear();
        noteTrail(simulation_.particles().position[*picked]);
    }
}

void Controller::pointerMove(glm::dvec2 p)
{
    if (dragging_ && simulation_.grabbed()) {
        const glm::dvec2 world = camera_.screenToWorld(p);
        issue(MoveCommand{world});
        noteTrail(world);
    }
}

void Controller::noteTrail(glm::dvec2 world)
{
    const double now = clock_();
    // Keep what the throw window needs: the samples inside it and the last one before it.
    while (trail_.size() >= 2 && trail_[1].first < now - kThrowWindow)
        trail_.erase(trail_.begin());
    trail_.emplace_back(now, world);
}

glm::dvec2 Controller::throwVelocity() const
{
    // The pointer's mean velocity over the last kThrowWindow seconds: from the sample at or
    // just before the window's start to the newest one. A pointer that rested for the whole
    // window throws nothing.
    if (trail_.size() < 2)
        return glm::dvec2(0.0);
    const double now = clock_();
    const auto& [t1, p1] = trail_.back();
    if (t1 < now - kThrowWindow)
        return glm::dvec2(0.0);
    std::size_t first = 0;
    while (first + 1 < trail_.size() && trail_[first + 1].first <= now - kThrowWindow)
        ++first;
    const auto& [t0, p0] = trail_[first];
    const double dt = std::max(now, t1) - t0;
    return dt > 0.0 ? (p1 - p0) / dt : glm::dvec2(0.0);
}

void Controller::pointerUp()
{
    if (!dragging_)
        return;
    dragging_ = false;
    if (throwOnRelease_)
        issue(ReleaseCommand{throwVelocity()});
    else
        issue(ReleaseCommand{});
    trail_.clear();
}

void Controller::cancelDrag()
{
    touchDrag_ = false;
    panFrom_.reset();
    knife_.reset();
    // Esc: the particle is let go where it is, without a throw.
    if (dragging_) {
        dragging_ = false;
        trail_.clear();
        issue(ReleaseCommand{});
    }
}

void Controller::applyModelSettings()
{
    if (model_.settings() != simulation_.settings())
        issue(SetCommand{model_.settings()});
}

std::string Controller::title() const
{
    const Settings& s = simulation_.settings();
    return "pbd-cloth: " + std::to_string(s.width) + " x " + std::to_string(s.height) +
           " particles" + (paused_ ? " (paused)" : "");
}

} // namespace pbd::app
