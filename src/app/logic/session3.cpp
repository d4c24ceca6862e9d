#include "logic/session3.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <variant>

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include "logic/panel_preferences.h"
#include "logic/world_edits.h"
#include "pbd/scene.h"
#include "pbd/state_file.h"

namespace pbd::app {
namespace {

bool finite(glm::dvec3 v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

/// Grows `box` by the sphere of `radius` around `centre`.
void include(Box3& box, glm::dvec3 centre, double radius)
{
    box.min = glm::min(box.min, centre - glm::dvec3(radius));
    box.max = glm::max(box.max, centre + glm::dvec3(radius));
}

/// The smaller rest spacing of the cloth's particles (m): across and down.
double restSpacing(const Settings& s)
{
    const double across = s.clothWidth > 0.0 && s.width > 1 ? s.clothWidth / (s.width - 1) : 0.2;
    const double down = s.clothHeight > 0.0 && s.height > 1 ? s.clothHeight / (s.height - 1) : 0.2;
    return std::min(across, down);
}

} // namespace

double Box3::radius() const
{
    return 0.5 * glm::length(max - min);
}

Session3::Session3(const Settings& settings, Stepping::Clock clock)
    : simulation_(settings), model_(simulation_.settings()),
      driver_(simulation_, model_, preferences_, clock,
              [this](const Command3& command) { return issue(command); }),
      hand_(camera_, simulation_, preferences_, clock,
            [this](const Command3& command) { return issue(command); })
{
    camera_.setAngles(kStartYaw, kStartPitch);
}

void Session3::resize(glm::dvec2 canvasOffset, glm::dvec2 canvasSize)
{
    camera_.setCanvas(canvasSize, canvasOffset);
    if (!framed_ && canvasSize.x > 0.0 && canvasSize.y > 0.0) {
        framed_ = true;
        fitView();
    }
}

std::optional<CommandError> Session3::issue(const Command3& command)
{
    const Settings before = simulation_.settings();
    if (auto error = driver_.apply(history_, command)) {
        lastError_ = error->message;
        return error;
    }
    const bool replaced = std::holds_alternative<UndoCommand>(command) ||
                          std::holds_alternative<RedoCommand>(command) ||
                          std::holds_alternative<RestartCommand>(command) ||
                          std::holds_alternative<SceneCommand>(command) ||
                          std::holds_alternative<LoadCommandOf<3>>(command) ||
                          (std::holds_alternative<SetCommand>(command) &&
                           !sameCloth(before, simulation_.settings()));
    if (replaced)
        clothChanged();
    if (model_.settings() != simulation_.settings())
        model_.showSettings(simulation_.settings()); // a change from elsewhere shows
    driver_.applied(command);
    return std::nullopt;
}

std::optional<std::string> Session3::chooseScene(const std::string& name)
{
    std::string error;
    std::optional<Scene> scene = loadScene(name, error);
    if (!scene) {
        lastError_ = error;
        return error;
    }
    scene->settings = sceneSettings(*scene, simulation_.settings()); // the machine's solver
    if (auto refused = issue(SceneCommand{name, std::move(*scene)}))
        return refused->message;
    sceneName_ = name;
    fitView();
    return std::nullopt;
}

void Session3::clothChanged()
{
    driver_.clothRebuilt();
    hand_.clothRebuilt();
    trianglesFor_.reset();
}

void Session3::mouseButton(MouseButton button, bool pressed, Modifiers modifiers,
                           PanelFocus focus)
{
    if (!pressed) { // a release ends what its press started, over the panel too
        if (button == MouseButton::Left)
            hand_.release();
        gestures_.release(button);
        return;
    }
    if (focus.mouse || !cursor_)
        return;
    if (button == MouseButton::Left && modifiers.control)
        hand_.startKnife(*cursor_);
    else if (button == MouseButton::Left)
        hand_.press(*cursor_, modifiers, triangles());
    else
        gestures_.press(button, modifiers, *cursor_);
}

void Session3::mouseMove(glm::dvec2 point)
{
    cursor_ = point;
    gestures_.move(point);
    hand_.move(point);
}

void Session3::scroll(double yOffset, PanelFocus focus)
{
    if (!focus.mouse && cursor_)
        gestures_.wheel(yOffset, *cursor_);
}

void Session3::focusLost()
{
    gestures_.cancel();
    hand_.cancel();
}

void Session3::key(Key key, bool repeat, Modifiers modifiers, PanelFocus focus)
{
    perform(keyAction(key, repeat, modifiers, focus)); // the same keys as in 2D
}

void Session3::perform(KeyAction action)
{
    if (action == KeyAction::Quit)
        quitRequested_ = true;
    else if (action == KeyAction::Screenshot)
        exportRequests_.screenshot = true;
    else if (action == KeyAction::TogglePause)
        setPaused(!paused());
    else if (action == KeyAction::Restart)
        restart();
    else if (action == KeyAction::SingleStep)
        driver_.requestSingleStep();
    else if (action == KeyAction::ResetView)
        resetView();
    else if (action == KeyAction::FitView)
        fitView();
    else if (action == KeyAction::ToggleHelp)
        helpVisible_ = !helpVisible_;
    else if (action == KeyAction::Cancel) {
        focusLost();
        helpVisible_ = false;
    } else if (action == KeyAction::Undo || action == KeyAction::Redo) {
        issue(action == KeyAction::Undo ? Command3{UndoCommand{}} : Command3{RedoCommand{}});
    }
}

void Session3::panel(const PanelActions& actions)
{
    if (actions.effect != CommitEffect::None && model_.settings() != simulation_.settings())
        issue(SetCommand{model_.settings()});
    // The buttons that do what a key does, as the key does it.
    const std::pair<bool, KeyAction> buttons[] = {{actions.restart, KeyAction::Restart},
                                                  {actions.togglePause, KeyAction::TogglePause},
                                                  {actions.fitView, KeyAction::FitView},
                                                  {actions.toggleHelp, KeyAction::ToggleHelp}};
    for (const auto& [asked, action] : buttons)
        if (asked)
            perform(action);
    issuePanelCommands<3>(actions, simulation_,
                           [this](const Command3& command) { return issue(command); });
    noteExportRequests(actions, exportRequests_);
    takePanelPreferences(model_, actions, preferences_);
    if (actions.plotsOpen && *actions.plotsOpen != preferences_.plots) {
        preferences_.plots = *actions.plotsOpen;
        driver_.plotsChanged();
    }
}

void Session3::setPreferences(const Preferences& preferences)
{
    const bool plotsWereOpen = preferences_.plots;
    showPreferences(model_, preferences, preferences_);
    if (preferences_.plots != plotsWereOpen)
        driver_.plotsChanged();
}

void Session3::restart()
{
    // As the page's restart: every field's value, then a fresh cloth.
    if (model_.settings() != simulation_.settings())
        issue(SetCommand{model_.settings()});
    issue(RestartCommand{});
}

std::optional<std::string> Session3::loadState(const std::string& path)
{
    driver_.finishOffThreadStep(); // else the step on its way would replace what is loaded
    Simulation3 probe(Simulation3::defaultSettings()); // read and checked whole first
    if (auto error = loadStateFile(probe, path)) {
        lastError_ = *error;
        return error;
    }
    const auto state = std::make_shared<const SimulationState3>(probe.state());
    if (auto refused = issue(LoadCommandOf<3>{path, state}))
        return refused->message;
    sceneName_.clear(); // the file's cloth and world are no scene's
    fitView();
    return std::nullopt;
}

void Session3::restartForRecording()
{
    driver_.finishOffThreadStep();
    restart();
    history_.clear();
}

void Session3::advance(double framePeriod, bool resumed)
{
    const std::size_t refusals = driver_.refusals().size();
    driver_.advance(framePeriod, resumed);
    if (driver_.refusals().size() != refusals)
        lastError_ = driver_.refusals().back();
}

Box3 Session3::clothBox() const
{
    Box3 box{glm::dvec3(std::numeric_limits<double>::infinity()),
             glm::dvec3(-std::numeric_limits<double>::infinity())};
    for (const glm::dvec3& p : simulation_.particles().position)
        if (finite(p))
            include(box, p, 0.0);
    if (!(box.min.x <= box.max.x))
        return {};
    return box;
}

Box3 Session3::sceneBox() const
{
    Box3 box = clothBox();
    for (const Obstacle3& o : simulation_.obstacles()) {
        switch (o.shape) {
        case Obstacle3Shape::Sphere:
            include(box, o.a, o.radius);
            break;
        case Obstacle3Shape::Capsule:
            include(box, o.a, o.radius);
            include(box, o.b, o.radius);
            break;
        case Obstacle3Shape::Box: // its sphere: every turn inside
            include(box, o.a, 0.5 * glm::length(o.size));
            break;
        case Obstacle3Shape::Ground:
        case Obstacle3Shape::Plane: // endless: never framed
            break;
        }
    }
    for (const BallOf<3>& b : simulation_.balls())
        include(box, b.position, b.radius);
    return box;
}

void Session3::fitView()
{
    simulation_.sync(); // where the cloth is now
    const Box3 box = sceneBox();
    camera_.fit(box.min, box.max, kFitMarginPixels);
}

void Session3::resetView()
{
    camera_.setAngles(kStartYaw, kStartPitch);
    fitView();
}

int Session3::lodStep() const
{
    const double cellPixels = restSpacing(simulation_.settings()) * camera_.focalPixels() /
                              camera_.distance();
    return app::lodStep(cellPixels);
}

std::span<const std::uint32_t> Session3::triangles(int step)
{
    const std::pair<std::uint64_t, int> key{simulation_.constraintsVersion(), step};
    if (trianglesFor_ != key) {
        const Settings& s = simulation_.settings();
        meshTriangles(gridEdges(s.width, s.height, simulation_.constraints(), simulation_.alive()),
                      step, triangles_);
        trianglesFor_ = key;
    }
    return triangles_;
}

std::string Session3::title() const
{
    const Settings& s = simulation_.settings();
    return "pbd-cloth: " + std::to_string(s.width) + " x " + std::to_string(s.height) +
           " particles, 3D" + (paused() ? " (paused)" : "");
}

} // namespace pbd::app
