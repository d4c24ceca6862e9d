#include "logic/controller.h"

#include <type_traits>

#include "files/input_text.h"
#include "logic/panel_preferences.h"
#include "pbd/run_start.h"
#include "pbd/scene.h"
#include "pbd/state_file.h"

namespace pbd::app {

Controller::Controller(Simulation& simulation, Stepping::Clock clock)
    : simulation_(simulation), model_(simulation.settings()),
      driver_(simulation, model_, preferences_, clock,
              [this](const Command& command) { return issue(command); }),
      input_(view_, simulation, preferences_, clock,
             [this](const Command& command) { return issue(command); })
{
}

void Controller::resize(glm::dvec2 windowSize, double contentScale, double logicalScale)
{
    if (view_.resize(windowSize, contentScale, logicalScale)) {
        simulation_.sync(); // where the cloth is now
        view_.frame(simulation_.particles().position, simulation_.obstacles());
        input_.followCursor();
    }
}

std::optional<CommandError> Controller::issue(const Command& command)
{
    const bool travels = std::holds_alternative<UndoCommand>(command) ||
                         std::holds_alternative<RedoCommand>(command);
    // A replay's scene or state: the whole cloth and world replaced.
    const bool replaced = std::holds_alternative<SceneCommand>(command) ||
                          std::holds_alternative<LoadCommand>(command);
    const Settings before = simulation_.settings();
    if (auto error = driver_.apply(history_, command)) {
        lastError_ = error->message;
        return error;
    }
    const bool rebuilt = std::holds_alternative<RestartCommand>(command) ||
                         (std::holds_alternative<SetCommand>(command) &&
                          !sameCloth(before, simulation_.settings()));
    if (rebuilt) {
        driver_.clothRebuilt();
        input_.clothRebuilt();
    }
    if (travels) { // a whole state came back: lines, gestures and the panel follow it
        driver_.clothRebuilt();
        input_.stateReplaced();
        // And the scene chosen then, which a restart replays.
        if (auto kept = scenes_.find(history_.position()); kept != scenes_.end())
            scene_ = kept->second;
    } else {
        if (replaced) {
            driver_.clothRebuilt();
            input_.stateReplaced();
            // No scene of the panel's: the core's restart brings this one back.
            scene_ = std::make_shared<const SceneChoice>();
        }
        keepScene();
    }
    if ((travels || replaced || std::holds_alternative<SetCommand>(command)) &&
        model_.settings() != simulation_.settings())
        model_.showSettings(simulation_.settings()); // a change from elsewhere shows in the panel
    driver_.applied(command);
    return std::nullopt;
}

void Controller::mouseButton(MouseButton button, bool pressed, Modifiers modifiers,
                             PanelFocus focus)
{
    input_.mouseButton(button, pressed, modifiers, focus);
}

void Controller::key(Key key, bool repeat, Modifiers modifiers, PanelFocus focus)
{
    perform(keyAction(key, repeat, modifiers, focus));
}

bool Controller::quitOnSignal(int signal)
{
    if (signal == 0 || quitRequested_)
        return false;
    quitRequested_ = true;
    return true;
}

void Controller::perform(KeyAction action)
{
    switch (action) {
    case KeyAction::None:
        break;
    case KeyAction::Quit:
        quitRequested_ = true;
        break;
    case KeyAction::Screenshot:
        exportRequests_.screenshot = true;
        break;
    case KeyAction::TogglePause:
        setPaused(!paused());
        break;
    case KeyAction::Restart:
        restart();
        break;
    case KeyAction::SingleStep:
        driver_.requestSingleStep();
        break;
    case KeyAction::ResetView:
        resetView();
        break;
    case KeyAction::FitView:
        fitView();
        break;
    case KeyAction::ToggleHelp:
        helpVisible_ = !helpVisible_;
        break;
    case KeyAction::Cancel:
        input_.cancel();
        helpVisible_ = false;
        break;
    case KeyAction::Undo:
        issue(UndoCommand{});
        break;
    case KeyAction::Redo:
        issue(RedoCommand{});
        break;
    }
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
    if (actions.restart)
        restart();
    world(actions.world);
    if (actions.togglePause)
        setPaused(!paused());
    if (actions.fitView)
        fitView();
    if (actions.toggleHelp)
        helpVisible_ = !helpVisible_;
    issuePanelCommands<2>(actions, simulation_,
                           [this](const Command& command) { return issue(command); });
    if (actions.turnOnArea) { // the fold hint's button: a setting change like any other
        model_.commitText(PanelField::AreaStiffness,
                          formatNumber(FoldWatch::kSuggestedAreaStiffness));
        applyModelSettings();
    }
    noteExportRequests(actions, exportRequests_);
    takePanelPreferences(model_, actions, preferences_);
    if (actions.plotsOpen)
        setPlotsOpen(*actions.plotsOpen);
    if (actions.follow) {
        preferences_.follow = *actions.follow;
        followCloth(); // at once, also while paused
    }
}

void Controller::setPreferences(const Preferences& preferences)
{
    const bool plotsWereOpen = preferences_.plots;
    showPreferences(model_, preferences, preferences_);
    if (preferences_.plots != plotsWereOpen)
        driver_.plotsChanged();
}

void Controller::setPlotsOpen(bool open)
{
    if (open == preferences_.plots)
        return;
    preferences_.plots = open;
    driver_.plotsChanged();
}

void Controller::advance(double framePeriod, bool resumed)
{
    const std::size_t refusals = driver_.refusals().size();
    driver_.advance(framePeriod, resumed);
    if (driver_.refusals().size() != refusals)
        lastError_ = driver_.refusals().back();
    foldWatch_.observe(simulation_);
    if (clothMeasure_) {
        const DeviceMeasure<WorldRect> measure =
            clothMeasure_(preferences_.follow || view_.followingUntilRest());
        measuredOnDevice_ = measure.measures;
        if (measure.measures) {
            followMeasured(measure);
            return;
        }
    }
    followCloth();
    if (!preferences_.follow && view_.followingUntilRest()) { // after F or a scene's fit
        simulation_.sync(); // a read-back per frame with the GPU solver until the cloth rests
        if (view_.followWhileMoving(simulation_.particles().position, simulation_.time(),
                                    input_.holding()))
            input_.followCursor();
    }
    // Read where the positions are on the CPU already (the GPU's only while followed).
    clothOutOfView_ = (!simulation_.stateOnDevice() || preferences_.follow ||
                       view_.followingUntilRest()) &&
                      view_.clothOutOfView(simulation_.particles().position);
}

std::optional<std::string> Controller::loadState(const std::string& path)
{
    finishOffThreadStep(); // else the step on its way would replace what is loaded
    simulation_.sync();
    const SimulationState before = simulation_.state();
    if (auto error = loadStateFile(simulation_, path)) {
        lastError_ = *error;
        return error;
    }
    // As --load starts a run: the file's obstacles and balls are what R brings back (with the
    // fixed corners pinned), in pbd-sim as here, so that a recording made after it replays.
    startFromState(simulation_, simulation_.state()); // valid: it was just loaded
    history_.changed(before, simulation_); // a load can be undone
    // The file's cloth and world are no scene of the panel's: R no longer replays one (undo
    // brings the choice back with the state before the load).
    scene_ = std::make_shared<const SceneChoice>();
    keepScene();
    driver_.clothRebuilt();
    input_.stateReplaced();
    model_.showSettings(simulation_.settings());
    fitIfClothOutside();
    return std::nullopt;
}

void Controller::setSceneName(std::string name)
{
    // A built-in scene that places its particles (a validation scene's chain laid in a V) is
    // kept whole: the core's restart would not place them again, restartWorld() does.
    std::optional<Scene> placing = builtInScene(name);
    if (placing && !placing->positions && !placing->velocities)
        placing.reset();
    scene_ = std::make_shared<const SceneChoice>(SceneChoice{std::move(placing), std::move(name)});
    keepScene();
}

void Controller::keepScene()
{
    if (driver_.steppingOffThread())
        return; // the history has not taken the commands yet: they come through issue() again
    scenes_[history_.position()] = scene_;
    // Positions before the first that undo can reach never come back.
    scenes_.erase(scenes_.begin(), scenes_.lower_bound(history_.firstPosition()));
}

void Controller::fitView()
{
    simulation_.sync(); // where the cloth is now
    if (view_.fit(simulation_.particles().position, simulation_.obstacles()))
        input_.followCursor(); // a held particle stays under the cursor
    view_.followUntilRest(); // a falling cloth stays in view
    clothOutOfView_ = false;
}

void Controller::fitScene()
{
    simulation_.sync();
    if (view_.fitScene(simulation_.particles().position, simulation_.obstacles()))
        input_.followCursor();
    view_.followUntilRest(); // a scene's cloth that slides or falls away stays in view
}

void Controller::followMeasured(const DeviceMeasure<WorldRect>& measure)
{
    measured_ = measure.latest;
    clothOutOfView_ = false;
    if (!measured_)
        return; // none yet: the view stays
    if (preferences_.follow && view_.follow(measured_->box))
        input_.followCursor();
    if (!preferences_.follow && view_.followingUntilRest() &&
        view_.followWhileMoving(measured_->box, measured_->time, input_.holding()))
        input_.followCursor();
    clothOutOfView_ = view_.clothOutOfView(measured_->box);
}

void Controller::followCloth()
{
    if (!preferences_.follow)
        return;
    if (measuredOnDevice_) { // the measurer's latest answer (as of the last advance)
        if (measured_ && view_.follow(measured_->box))
            input_.followCursor();
        return;
    }
    simulation_.sync(); // a read-back per frame with the GPU solver, only while following
    if (view_.follow(simulation_.particles().position))
        input_.followCursor();
}

void Controller::fitIfClothOutside()
{
    simulation_.sync();
    if (view_.fitIfOutside(simulation_.particles().position))
        input_.followCursor();
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
           " particles" + (paused() ? " (paused)" : "");
}

} // namespace pbd::app
