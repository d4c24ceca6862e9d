// The world through the controller (issue 24, item 4): a left press on an obstacle or ball
// with no particle within reach selects and drags it; the World section's buttons add,
// remove and clear; a scene replaces the cloth and its world; each is one undo step, and a
// recording of it all plays in pbd-sim's player to the controller's positions bit for bit.

#include <catch2/catch.hpp>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <unistd.h>

#include "controller_rig.h"
#include "io/run_files.h"
#include "logic/world_edits.h"
#include "play_as_pbd_sim.h"
#include "../unit/sim_builders.h"

using namespace pbd;
using namespace pbd::app;
using namespace pbd::app::testing;
namespace fs = std::filesystem;

namespace {

using pbd::test::readText;
using pbd::test::sameBits;

std::size_t pinnedCount(const Simulation& simulation)
{
    std::size_t n = 0;
    for (std::size_t i = 0; i < simulation.particles().size(); ++i)
        n += simulation.particles().pinned(i) ? 1 : 0;
    return n;
}

void world(Rig& rig, void (*ask)(WorldActions&))
{
    PanelActions actions;
    ask(actions.world);
    rig.controller.panel(actions);
}

} // namespace

TEST_CASE("a press on an obstacle away from the cloth selects it and drags it, the drag is one "
          "undo step",
          "[controller][world]")
{
    Rig rig;
    // The page's view shows x -10.5 to 10.5 m; the cloth spans 0 to 7.8 m.
    Obstacle circle = newObstacle(ObstacleShape::Circle, {-4.0, -2.0});
    REQUIRE_FALSE(rig.controller.issue(AddObstacleCommand{circle}));
    const std::size_t undoBefore = rig.controller.history().undoCount();
    glm::dvec2 pointer = rig.camera().worldToScreen({-4.1, -2.0}); // off its centre
    rig.press(MouseButton::Left, pointer);
    REQUIRE(rig.controller.input().selected());
    CHECK(rig.controller.input().selected()->kind == WorldItem::Kind::Obstacle);
    for (int k = 0; k < 10; ++k) {
        pointer += glm::dvec2(5.0, 0.0);
        rig.controller.mouseMove(pointer);
        rig.now += 1.0 / 60.0;
        rig.controller.advance();
    }
    rig.releaseButton(MouseButton::Left);
    // 50 pixels at 50 pixels per metre: 1 m to the right, keeping the press's offset.
    requireNear(rig.simulation.obstacles()[0].a, {-3.0, -2.0}, 1e-9);
    CHECK(rig.count<MoveObstacleCommand>() == 10);
    CHECK(rig.controller.history().undoCount() == undoBefore + 1);
    rig.tap(Key::Z, {false, true, false});
    requireNear(rig.simulation.obstacles()[0].a, {-4.0, -2.0}, 0.0);
}

TEST_CASE("a press on a particle grabs it even over an obstacle", "[controller][world]")
{
    Rig rig;
    REQUIRE_FALSE(rig.controller.issue(
        AddObstacleCommand{newObstacle(ObstacleShape::Box, {1.0, -1.0})}));
    rig.press(MouseButton::Left, rig.screenOf(5, 5));
    CHECK(rig.simulation.grabbed() == Index{5 * 40 + 5});
    CHECK_FALSE(rig.controller.input().selected());
}

TEST_CASE("a ball is grabbed, moved and thrown with the pointer's velocity", "[controller][world]")
{
    Rig rig;
    BallCommand add;
    add.action = BallCommand::Action::Add;
    add.ball = newBall({-4.0, -2.0}); // left of the cloth: no particle near
    REQUIRE_FALSE(rig.controller.issue(add));
    const glm::dvec2 centre = rig.simulation.balls()[0].position;
    glm::dvec2 pointer = rig.camera().worldToScreen(centre);
    rig.press(MouseButton::Left, pointer);
    CHECK(rig.controller.input().selected() == WorldItem{WorldItem::Kind::Ball, 0});
    CHECK(rig.simulation.balls()[0].held);
    for (int k = 0; k < 6; ++k) { // 10 pixels (0.2 m) every 10 ms: 20 m/s to the left
        rig.now += 0.01;
        pointer -= glm::dvec2(10.0, 0.0);
        rig.controller.mouseMove(pointer);
    }
    rig.releaseButton(MouseButton::Left);
    CHECK_FALSE(rig.simulation.balls()[0].held);
    CHECK(rig.simulation.balls()[0].velocity.x == Approx(-20.0));
    requireNear(rig.simulation.balls()[0].position, centre - glm::dvec2(1.2, 0.0), 1e-9);
}

TEST_CASE("the World section adds, removes the selected one and clears, each one undo step",
          "[controller][world]")
{
    Rig rig;
    world(rig, [](WorldActions& w) { w.addCircle = true; });
    world(rig, [](WorldActions& w) { w.addBox = true; });
    world(rig, [](WorldActions& w) { w.addCapsule = true; });
    world(rig, [](WorldActions& w) { w.addBall = true; });
    CHECK(rig.controller.input().selected() == WorldItem{WorldItem::Kind::Ball, 0});
    REQUIRE(rig.simulation.obstacles().size() == 3);
    CHECK(rig.simulation.obstacles()[2].shape == ObstacleShape::Capsule);
    world(rig, [](WorldActions& w) { w.removeSelected = true; }); // the ball, added last
    CHECK(rig.simulation.balls().empty());
    CHECK_FALSE(rig.controller.input().selected());
    rig.now += 1.0 / 60.0;
    rig.controller.advance(); // a step: the clear is an action of its own
    const std::size_t actions = rig.controller.history().undoCount();
    world(rig, [](WorldActions& w) { w.clear = true; });
    CHECK(rig.simulation.obstacles().empty());
    CHECK(rig.controller.history().undoCount() == actions + 1);
    rig.tap(Key::Z, {false, true, false});
    CHECK(rig.simulation.obstacles().size() == 3);
}

TEST_CASE("a scene chosen in the panel replaces the cloth and its world, R brings it back, "
          "one undo takes it all back",
          "[controller][world]")
{
    Rig rig;
    rig.now += 1.0 / 60.0;
    rig.controller.advance();
    const SimulationState before = rig.simulation.state();
    PanelActions actions;
    actions.world.scene = "pegs";
    rig.controller.panel(actions);
    const Scene pegs = *builtInScene("pegs");
    CHECK(rig.simulation.settings().width == pegs.settings.width);
    CHECK(rig.simulation.obstacles().size() == pegs.obstacles.size());
    CHECK(pinnedCount(rig.simulation) == 0);
    CHECK(rig.controller.sceneName() == "pegs");
    rig.tap(Key::R);
    CHECK(rig.simulation.obstacles().size() == pegs.obstacles.size());
    CHECK(pinnedCount(rig.simulation) == 0);
    rig.tap(Key::Z, {false, true, false}); // the restart
    rig.tap(Key::Z, {false, true, false}); // the scene
    CHECK(rig.simulation.state() == before);
}

TEST_CASE("undo and redo of a scene choice bring back the scene that R replays and the "
          "combo names",
          "[controller][world]")
{
    Rig rig;
    rig.controller.setSceneName("hammock"); // as the command line's --scene: no world to replay
    PanelActions actions;
    actions.world.scene = "pegs";
    rig.controller.panel(actions);
    const Scene pegs = *builtInScene("pegs");
    REQUIRE(rig.controller.sceneName() == "pegs");
    rig.now += 1.0 / 60.0;
    rig.controller.advance();
    rig.tap(Key::Z, {false, true, false}); // the scene
    CHECK(rig.controller.sceneName() == "hammock");
    CHECK(rig.simulation.obstacles().empty());
    rig.tap(Key::R); // the cloth of before, and not the pegs
    CHECK(rig.simulation.obstacles().empty());
    CHECK(rig.simulation.settings().width != pegs.settings.width);
    // Choose it again, undo and redo: the pegs come back with the name, and R replays them.
    rig.controller.panel(actions);
    rig.tap(Key::Z, {false, true, false});
    CHECK(rig.controller.sceneName() == "hammock");
    rig.tap(Key::Z, {true, true, false});
    CHECK(rig.controller.sceneName() == "pegs");
    rig.now += 1.0 / 60.0;
    rig.controller.advance();
    rig.tap(Key::R);
    CHECK(rig.simulation.obstacles().size() == pegs.obstacles.size());
    CHECK(rig.simulation.settings().width == pegs.settings.width);
}

TEST_CASE("a scene chosen in the panel is framed with the ground it falls onto, also after a "
          "resize",
          "[controller][world]")
{
    Rig rig;
    PanelActions actions;
    actions.world.scene = "drop"; // a 3 m cloth 1 m above a ground tilted by -10 degrees
    rig.controller.panel(actions);
    const auto& view = rig.controller.view();
    const glm::dvec2 below{1.5, -4.3}; // the ground under the cloth's centre
    for (int pass = 0; pass < 2; ++pass) {
        CHECK(view.mode() == ViewMode::Scene);
        CHECK(view.camera().shows({0.0, -3.0}, {3.0, 0.0}, view.layout().canvasSize()));
        CHECK(view.camera().shows(below, below, view.layout().canvasSize()));
        // Room to slide: the drop settles at x 2 to 5.5 m (pbd-sim, 800 steps).
        CHECK(view.camera().shows({2.0, -4.9}, {5.5, -1.4}, view.layout().canvasSize()));
        rig.controller.resize({1000.0, 700.0}, 1.0, 1.0); // a smaller window: framed again
    }
}

TEST_CASE("a scene with a ball brings its ball, at its place, also after R", "[controller][world]")
{
    Rig rig;
    PanelActions actions;
    actions.world.scene = "hammock";
    rig.controller.panel(actions);
    const Scene hammock = *builtInScene("hammock");
    REQUIRE(!hammock.balls.empty());
    for (int pass = 0; pass < 2; ++pass) {
        REQUIRE(rig.simulation.balls().size() == hammock.balls.size());
        CHECK(rig.simulation.balls()[0].position == hammock.balls[0].position);
        CHECK(rig.simulation.balls()[0].radius == hammock.balls[0].radius);
        CHECK(rig.simulation.balls()[0].mass == hammock.balls[0].mass);
        rig.tap(Key::R);
    }
}

TEST_CASE("a recording of world edits, drags, a throw, a scene and undo plays in pbd-sim's "
          "player to the controller's positions bit for bit",
          "[controller][world][record]")
{
    Settings settings; // gravity on: the cloth hangs and the ball falls
    settings.thickness = 0.05;
    settings.friction = 0.3;
    const fs::path path = fs::temp_directory_path() /
                          ("pbd-world-record-" + std::to_string(::getpid()) + ".txt");
    Rig rig(settings);
    RunFiles files(rig.controller);
    REQUIRE(files.startRecording(path.string()));
    const auto frames = [&](int n) {
        for (int i = 0; i < n; ++i) {
            rig.now += 1.0 / 60.0;
            rig.controller.advance();
            files.tick();
        }
    };
    world(rig, [](WorldActions& w) { w.addCircle = true; });
    frames(3);
    // Drag the circle (added at the view's centre) down through the hanging cloth.
    glm::dvec2 pointer = rig.camera().worldToScreen(rig.simulation.obstacles()[0].a);
    rig.press(MouseButton::Left, pointer);
    for (int k = 0; k < 30; ++k) {
        pointer += glm::dvec2(0.0, -8.0);
        rig.controller.mouseMove(pointer);
        frames(1);
    }
    rig.releaseButton(MouseButton::Left);
    frames(3);
    world(rig, [](WorldActions& w) { w.addBall = true; });
    frames(2);
    pointer = rig.camera().worldToScreen(rig.simulation.balls()[0].position);
    rig.press(MouseButton::Left, pointer);
    for (int k = 0; k < 10; ++k) {
        pointer += glm::dvec2(6.0, -10.0);
        rig.controller.mouseMove(pointer);
        frames(1);
    }
    rig.releaseButton(MouseButton::Left);
    frames(20);
    rig.tap(Key::Z, {false, true, false}); // the throw back
    frames(5);
    PanelActions scene;
    scene.world.scene = "table";
    rig.controller.panel(scene);
    frames(10);
    world(rig, [](WorldActions& w) { w.addCapsule = true; });
    frames(5);
    rig.tap(Key::R);
    frames(5);
    REQUIRE(files.stopRecording());
    const std::string script = readText(path);
    INFO(script.substr(0, 3000));
    CHECK(script.find(" move-obstacle 0 ") != std::string::npos);
    CHECK(script.find(" grab-ball 0 ") != std::string::npos);
    CHECK(script.find(" release-ball ") != std::string::npos);
    CHECK(script.find(" obstacle box:") != std::string::npos);
    const Simulation replayed = playAsPbdSim(script);
    CHECK(replayed.obstacles().size() == rig.simulation.obstacles().size());
    CHECK(replayed.balls().size() == rig.simulation.balls().size());
    CHECK(replayed.settings() == rig.simulation.settings());
    CHECK(sameBits(replayed.particles().position, rig.simulation.particles().position));
    fs::remove(path);
}
