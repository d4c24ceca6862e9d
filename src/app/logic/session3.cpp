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
        if (!followFirstFit_)
            rest_.stop();
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
    selected_.reset();
    fitView();
    return std::nullopt;
}

void Session3::clothChanged()
{
    driver_.clothRebuilt();
    hand_.clothRebuilt();
    trianglesFor_.reset();
    linesFor_.reset();
    hovered_.reset();
}

void Session3::mouseButton(MouseButton button, bool pressed, Modifiers modifiers,
                           PanelFocus focus)
{
    if (!pressed) { // a release ends what its press started, over the panel too
        if (button == MouseButton::Left && !touchDrag_)
            hand_.release();
        gestures_.release(button);
        return;
    }
    if (focus.mouse || !cursor_)
        return;
    if (button == MouseButton::Left && modifiers.control)
        hand_.startKnife(*cursor_);
    else if (button == MouseButton::Left)
        pressLeft(*cursor_, modifiers);
    else if (gestures_.press(button, modifiers, *cursor_))
        userMovedCamera();
}

void Session3::pressLeft(glm::dvec2 point, Modifiers modifiers)
{
    hand_.press(point, modifiers, triangles());
    if (hand_.pressedSolid()) // selected as a 2D click selects it
        selected_ = hand_.pressedSolid();
}

std::vector<PanelPointer> Session3::touch(const TouchEvent& event)
{
    std::vector<PanelPointer> taps;
    for (const TouchAction& a : touchRouter_.route(event, camera_.canvasSize())) {
        switch (a.kind) {
        case TouchAction::Kind::PanelPress:
        case TouchAction::Kind::PanelRelease:
            taps.push_back({a.point, a.kind == TouchAction::Kind::PanelPress});
            break;
        case TouchAction::Kind::PointerDown:
            touchDrag_ = true;
            pressLeft(a.point, {});
            break;
        case TouchAction::Kind::PointerMove:
            if (touchDrag_)
                hand_.move(a.point);
            break;
        case TouchAction::Kind::PointerUp:
            if (touchDrag_) {
                touchDrag_ = false;
                hand_.release();
            }
            break;
        case TouchAction::Kind::Zoom:
            camera_.zoomAt(a.factor, a.point);
            userMovedCamera();
            if (!touchDrag_ && cursor_)
                hand_.move(*cursor_); // a mouse-held grab stays under the cursor
            break;
        }
    }
    return taps;
}

void Session3::mouseMove(glm::dvec2 point)
{
    cursor_ = point;
    if (gestures_.move(point))
        userMovedCamera();
    hand_.move(point);
}

void Session3::scroll(double yOffset, PanelFocus focus)
{
    if (!focus.mouse && cursor_) {
        gestures_.wheel(yOffset, *cursor_);
        userMovedCamera();
    }
}

void Session3::focusLost()
{
    gestures_.cancel();
    hand_.cancel();
    touchRouter_.reset(); // touches in flight will not finish here (the hand let go above)
    touchDrag_ = false;
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
    if (actions.follow) {
        preferences_.follow = *actions.follow;
        if (preferences_.follow)
            follow(); // at once, also while paused
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
    selected_.reset();
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
    followCloth();
}

void Session3::followCloth()
{
    if (clothMeasure_) {
        const DeviceMeasure<Box3> measure = clothMeasure_(preferences_.follow || rest_.active());
        measuredOnDevice_ = measure.measures;
        if (measure.measures) { // the measurer's latest answer: nothing read back
            measured_ = measure.latest;
            clothOutOfView_ = false;
            if (measured_) {
                followBox(measured_->box, measured_->time);
                clothOutOfView_ = outOfView(measured_->box);
            }
            return;
        }
    }
    const bool following = preferences_.follow || rest_.active();
    if (following)
        simulation_.sync(); // a read-back per frame with the GPU solver, only while following
    if (following)
        followBox(clothBox(), simulation_.time());
    // Read where the positions are on the CPU already (the GPU's only while followed).
    clothOutOfView_ = false;
    if (!simulation_.stateOnDevice() || following)
        clothOutOfView_ = outOfView(clothBox());
}

void Session3::followBox(const Box3& box, double time)
{
    if (preferences_.follow && !hand_.holding()) {
        followTo(box); // a held particle's plane stays where the pointer put it
    } else if (rest_.active()) {
        // How far the box's corners moved, in pixels at the depth of its centre.
        const double depth = glm::dot(box.centre() - camera_.eye(), camera_.forward());
        const double scale = camera_.focalPixels() / std::max(depth, 1e-9);
        const auto moved = [&](const Box3& a, const Box3& b) {
            const glm::dvec3 low = glm::abs(a.min - b.min);
            const glm::dvec3 high = glm::abs(a.max - b.max);
            return scale * std::max({low.x, low.y, low.z, high.x, high.y, high.z});
        };
        const bool held = hand_.holding();
        if (rest_.moving(box, time, held, moved) && !held)
            followTo(box);
    }
}

bool Session3::outOfView(const Box3& box) const
{
    const auto rect = camera_.screenRect(box.min, box.max);
    const glm::dvec2 low = camera_.canvasOffset();
    const glm::dvec2 high = low + camera_.canvasSize();
    return !simulation_.particles().position.empty() &&
           (!rect || rect->second.x < low.x || rect->second.y < low.y || rect->first.x > high.x ||
            rect->first.y > high.y);
}

bool Session3::follow()
{
    if (measuredOnDevice_ && measured_)
        return followTo(measured_->box); // the measurer's latest answer (as of the last advance)
    return followTo(clothBox());
}

bool Session3::followTo(const Box3& box)
{
    const glm::dvec2 canvas = camera_.canvasSize();
    if (simulation_.particles().position.empty() || canvas.x <= 0.0 || canvas.y <= 0.0)
        return false;
    const double margin = kFitMarginPixels;
    const auto rect = camera_.screenRect(box.min, box.max);
    if (!rect || rect->second.x - rect->first.x > canvas.x - 2.0 * margin ||
        rect->second.y - rect->first.y > canvas.y - 2.0 * margin) {
        const OrbitCamera before = camera_;
        camera_.fit(box.min, box.max, margin); // too large at this distance
        return camera_.target() != before.target() || camera_.distance() != before.distance();
    }
    const glm::dvec2 delta = leastPan(rect->first - camera_.canvasOffset(),
                                      rect->second - camera_.canvasOffset(), canvas, margin);
    if (delta == glm::dvec2(0.0))
        return false;
    // A pan moves what lies at the target's depth by `delta`: scaled, the box's centre.
    const double depth = glm::dot(box.centre() - camera_.eye(), camera_.forward());
    camera_.pan(delta * (depth / camera_.distance()));
    return true;
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
    rest_.start(); // a falling cloth stays in view
    clothOutOfView_ = false;
}

void Session3::resetView()
{
    camera_.setAngles(kStartYaw, kStartPitch);
    fitView();
    rest_.stop();
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
        ++trianglesBuilt_;
    }
    return triangles_;
}

const LineSet& Session3::liveLines()
{
    if (linesFor_ != simulation_.constraintsVersion()) {
        lines_.pairs.clear();
        lines_.constraints.clear();
        const std::span<const DistanceConstraint> constraints = simulation_.constraints();
        const std::span<const std::uint8_t> alive = simulation_.alive();
        for (std::size_t k = 0; k < constraints.size(); ++k) {
            if (k < alive.size() && alive[k] == 0)
                continue;
            lines_.pairs.push_back(static_cast<std::uint32_t>(constraints[k].a));
            lines_.pairs.push_back(static_cast<std::uint32_t>(constraints[k].b));
            lines_.constraints.push_back(static_cast<std::uint32_t>(k));
        }
        linesFor_ = simulation_.constraintsVersion();
    }
    return lines_;
}

void Session3::updateHover(PanelFocus focus)
{
    hovered_.reset();
    hoverPoint_.reset();
    if (focus.mouse || !cursor_ || hand_.holding() || hand_.knife() || gestures_.dragging())
        return;
    const std::optional<MeshHit> hit = castRay(camera_.ray(*cursor_),
                                               simulation_.particles().position,
                                               triangles(lodStep()));
    if (hit) {
        hovered_ = hit->nearest;
        hoverPoint_ = hit->point;
    }
}

std::optional<glm::dvec3> Session3::reachCentre() const
{
    if (preferences_.grabRadius <= 0.0)
        return std::nullopt;
    if (hand_.holding() && simulation_.areaGrab())
        return simulation_.areaGrab()->point;
    return hand_.holding() ? std::nullopt : hoverPoint_;
}

std::optional<WorldItem> Session3::selected() const
{
    if (selected_ && exists(*selected_, simulation_.obstacles(), simulation_.balls()))
        return selected_;
    return std::nullopt;
}

std::string Session3::title() const
{
    const Settings& s = simulation_.settings();
    return "pbd-cloth: " + std::to_string(s.width) + " x " + std::to_string(s.height) +
           " particles, 3D" + (paused() ? " (paused)" : "");
}

} // namespace pbd::app
