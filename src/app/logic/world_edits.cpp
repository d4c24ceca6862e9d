#include "logic/world_edits.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <glm/common.hpp>

#include "logic/controller.h"
#include "logic/free_spot.h"
#include "pbd/run_start.h"

namespace pbd::app {
namespace {

/// `obstacle` as its spec reads back: the event line a recording writes gives the same one.
Obstacle throughSpec(const Obstacle& obstacle)
{
    std::string error;
    const auto back = parseObstacleSpec(formatObstacleSpec(obstacle), error);
    return back ? *back : obstacle;
}

} // namespace

Obstacle newObstacle(ObstacleShape shape, glm::dvec2 centre)
{
    Obstacle o;
    o.shape = shape;
    o.a = centre;
    switch (shape) {
    case ObstacleShape::Circle:
        o.radius = kNewCircleRadius;
        break;
    case ObstacleShape::Box:
        o.width = kNewBoxWidth;
        o.height = kNewBoxHeight;
        break;
    case ObstacleShape::Capsule:
        o.a = centre - glm::dvec2(0.5 * kNewCapsuleLength, 0.0);
        o.b = centre + glm::dvec2(0.5 * kNewCapsuleLength, 0.0);
        o.radius = kNewCapsuleRadius;
        break;
    case ObstacleShape::Ground:
        break;
    }
    settleObstacle(o);
    return throughSpec(o);
}

/// The ball a `ball X Y R MASS` line of `b` adds: the replay adds the very same one.
Ball throughBallSpec(const Ball& b)
{
    std::string error;
    const auto back = parseBallSpec(formatBallSpec(b), error);
    return back ? *back : b;
}

double newReach(ObstacleShape shape)
{
    switch (shape) {
    case ObstacleShape::Circle:
        return kNewCircleRadius;
    case ObstacleShape::Box:
        return 0.5 * std::hypot(kNewBoxWidth, kNewBoxHeight);
    case ObstacleShape::Capsule:
        return 0.5 * kNewCapsuleLength + kNewCapsuleRadius;
    case ObstacleShape::Ground:
        break;
    }
    return 0.0;
}

Ball newBall(glm::dvec2 centre)
{
    Ball b;
    b.position = centre;
    b.radius = kNewBallRadius;
    b.mass = kNewBallMass;
    return throughBallSpec(b);
}

template <glm::length_t D>
void clearWorld(const SimulationOf<D>& simulation,
                const std::type_identity_t<IssueCommandOf<D>>& issue)
{
    for (std::size_t i = simulation.obstacles().size(); i-- > 0;)
        issue(RemoveObstacleCommand{i});
    for (std::size_t i = simulation.balls().size(); i-- > 0;) {
        BallCommandOf<D> remove;
        remove.action = BallAction::Remove;
        remove.index = i;
        issue(remove);
    }
}

template void clearWorld(const SimulationOf<2>&, const IssueCommandOf<2>&);
template void clearWorld(const SimulationOf<3>&, const IssueCommandOf<3>&);

template <glm::length_t D>
void removeWorldItem(const WorldItem& item, const std::type_identity_t<IssueCommandOf<D>>& issue)
{
    if (item.kind == WorldItem::Kind::Obstacle) {
        issue(RemoveObstacleCommand{item.index});
        return;
    }
    BallCommandOf<D> remove;
    remove.action = BallAction::Remove;
    remove.index = item.index;
    issue(remove);
}

template void removeWorldItem<2>(const WorldItem&, const IssueCommandOf<2>&);
template void removeWorldItem<3>(const WorldItem&, const IssueCommandOf<3>&);

void placeScene(const Simulation& simulation, const Scene& scene, const IssueCommand& issue)
{
    clearWorld(simulation, issue);
    for (const Obstacle& o : scene.obstacles)
        issue(AddObstacleCommand{throughSpec(o)});
    // Its balls as `ball X Y R MASS` lines carry them: at rest where the scene puts them.
    for (const Ball& b : scene.balls) {
        BallCommand add;
        add.action = BallCommand::Action::Add;
        add.ball = throughBallSpec(b);
        issue(add);
    }
    const Settings& s = simulation.settings();
    std::vector<Index> pins = scene.pinned ? *scene.pinned
                                           : fixedCorners(s.width, s.height, s.fixedCount);
    std::sort(pins.begin(), pins.end());
    const Particles& particles = simulation.particles();
    for (Index i = 0; i < particles.size(); ++i) {
        const bool wanted = std::binary_search(pins.begin(), pins.end(), i);
        if (particles.pinned(i) && !wanted)
            issue(UnpinCommand{i});
        else if (!particles.pinned(i) && wanted)
            issue(PinCommand{i});
    }
}

Settings sceneSettings(const Scene& scene, const Settings& current)
{
    Settings s = scene.settings;
    s.solver = current.solver;
    s.threads = current.threads;
    s.gpuPrecision = current.gpuPrecision;
    return s;
}

void Controller::world(const WorldActions& actions)
{
    const IssueCommand issuer = [this](const Command& c) { return issue(c); };
    const auto added = [this](WorldItem::Kind kind) {
        const std::size_t count = kind == WorldItem::Kind::Ball ? simulation_.balls().size()
                                                                : simulation_.obstacles().size();
        if (count > 0)
            input_.select(WorldItem{kind, count - 1});
    };
    const std::pair<bool, ObstacleShape> shapes[] = {{actions.addCircle, ObstacleShape::Circle},
                                                     {actions.addBox, ObstacleShape::Box},
                                                     {actions.addCapsule, ObstacleShape::Capsule}};
    for (const auto& [asked, shape] : shapes)
        if (asked && !issue(AddObstacleCommand{newObstacle(shape, placeNew(newReach(shape)))}))
            added(WorldItem::Kind::Obstacle);
    if (actions.addBall) {
        BallCommand add;
        add.action = BallCommand::Action::Add;
        add.ball = newBall(placeNew(kNewBallRadius));
        if (!issue(add))
            added(WorldItem::Kind::Ball);
    }
    if (actions.removeSelected) {
        if (const auto item = input_.selected()) {
            removeWorldItem<2>(*item, issuer);
            input_.select(std::nullopt);
        }
    }
    if (actions.clear) {
        clearWorld(simulation_, issuer);
        input_.select(std::nullopt);
    }
    if (actions.scene)
        chooseScene(*actions.scene);
}

glm::dvec2 Controller::placeNew(double reach)
{
    simulation_.sync(); // where the cloth is now
    const Camera& camera = view_.camera();
    const glm::dvec2 canvas = view_.layout().canvasSize();
    const glm::dvec2 corner = camera.screenToWorld({0.0, 0.0});
    const glm::dvec2 opposite = camera.screenToWorld(canvas);
    const WorldRect shown{glm::min(corner, opposite), glm::max(corner, opposite)};
    const Occupied occupied{
        .particles = simulation_.particles().position,
        .obstacles = simulation_.obstacles(),
        .balls = simulation_.balls(),
        // The cloth's thickness, and a few pixels between the outlines where it is thin.
        .gap = std::max(simulation_.settings().thickness,
                        kNewGapPixels * view_.logicalScale() / camera.zoom()),
    };
    // A spot rounded to the centimetre, where that moves it well within the gap, writes a
    // short `obstacle` or `ball` line into a recording.
    const auto rounded = [&](glm::dvec2 p) {
        return occupied.gap >= 0.02 ? glm::round(p * 100.0) / 100.0 : p;
    };
    if (auto spot = freeSpot(reach, shown, occupied))
        return rounded(*spot);
    // No room in view (the cloth fills it): look around it, then zoom out to show both.
    const glm::dvec2 size = shown.max - shown.min;
    const WorldRect around{shown.min - size, shown.max + size};
    if (auto spot = freeSpot(reach, around, occupied)) {
        view_.include({*spot - glm::dvec2(reach), *spot + glm::dvec2(reach)});
        input_.followCursor();
        return rounded(*spot);
    }
    return 0.5 * (shown.min + shown.max); // a world with no room anywhere near
}

std::optional<std::string> Controller::chooseScene(const std::string& name)
{
    std::string error;
    auto scene = loadScene(name, error);
    if (!scene) {
        lastError_ = error;
        return error;
    }
    if (scene->positions || scene->velocities) {
        // Particles placed by the file (a validation scene's chain laid in a V): the core's
        // scene command places them, as `STEP scene NAME` does; a restart issues it again.
        if (auto refused = issue(SceneCommand{name, *scene}))
            return refused->message;
    } else {
        if (auto refused = issue(SetCommand{sceneSettings(*scene, simulation_.settings())}))
            return refused->message;
        issue(RestartCommand{});
        placeScene(simulation_, *scene, [this](const Command& c) { return issue(c); });
    }
    scene_ = std::make_shared<const SceneChoice>(SceneChoice{std::move(*scene), name});
    keepScene();
    input_.select(std::nullopt);
    fitScene();
    return std::nullopt;
}

void Controller::restartForRecording()
{
    restartWorld();
    if (!scene_->scene)
        return; // the restart brought back the start already
    // Placed by commands: now what a restart (and the recording) starts from.
    finishOffThreadStep();
    simulation_.sync();
    keepWorldAsStart(simulation_);
}

void Controller::restart()
{
    applyModelSettings(); // as the page's restart(): every field's value, then a fresh cloth
    restartWorld();
}

void Controller::restartWorld()
{
    const std::shared_ptr<const SceneChoice> chosen = scene_;
    const Settings panel = simulation_.settings(); // with the panel's values (restart())
    if (chosen->scene && (chosen->scene->positions || chosen->scene->velocities) &&
        sameCloth(panel, chosen->scene->settings)) {
        // Its particles placed again by the scene's command, then the panel's values over
        // the scene's, as R keeps them (the same cloth: nothing rebuilt, nothing moved).
        issue(SceneCommand{chosen->name, *chosen->scene});
        if (simulation_.settings() != panel)
            issue(SetCommand{panel});
        scene_ = chosen; // the command took it for a replay's scene
        keepScene();
    } else {
        issue(RestartCommand{});
        if (chosen->scene) // a scene chosen in the panel comes back whole
            placeScene(simulation_, *chosen->scene, [this](const Command& c) { return issue(c); });
    }
    // A scene's view followed its cloth away: back to the scene's opening view. Else, when
    // the fresh cloth is out of sight (the view followed a fall), fit it.
    simulation_.sync();
    if (view_.mode() == ViewMode::Scene)
        fitScene();
    else if (view_.clothOutOfView(simulation_.particles().position))
        fitView();
}

} // namespace pbd::app
