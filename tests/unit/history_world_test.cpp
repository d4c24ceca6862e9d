// Undo and redo of the world (pbd/history.h): an obstacle's drag, a ball's grab and throw, a
// clear and a scene change (set, restart, the new world) are each one action.

#include <vector>

#include <catch2/catch.hpp>

#include "pbd/history.h"
#include "pbd/simulation.h"
#include "history_play.h"
#include "sim_builders.h"

using pbd::BallCommand;
using pbd::Command;
using pbd::History;
using pbd::Simulation;
using pbd::SimulationState;
using pbd::test::clothSettings;
using pbd::test::play;
using pbd::test::steps;

namespace {

pbd::Obstacle circle(double x, double y, double r)
{
    pbd::Obstacle o;
    o.a = {x, y};
    o.radius = r;
    pbd::settleObstacle(o);
    return o;
}

BallCommand ballCommand(BallCommand::Action action, glm::dvec2 position = {},
                        std::optional<glm::dvec2> velocity = {})
{
    BallCommand c;
    c.action = action;
    c.position = position;
    c.velocity = velocity;
    return c;
}

} // namespace

TEST_CASE("an obstacle's drag, steps between its moves, is one action", "[history][world]")
{
    Simulation sim(clothSettings(12, 10));
    History history;
    play(history, sim, {pbd::AddObstacleCommand{circle(1.0, -3.0, 0.4)}});
    steps(history, sim, 5);
    const SimulationState beforeDrag = sim.state();
    for (int i = 0; i < 20; ++i) {
        play(history, sim, {pbd::MoveObstacleCommand{0, {1.0 + 0.05 * i, -2.0}, {}}});
        steps(history, sim, 2);
    }
    CHECK(history.undoCount() == 2); // the add, the drag
    REQUIRE_FALSE(history.apply(sim, pbd::UndoCommand{}));
    CHECK(sim.state() == beforeDrag);
    // Another action between two drags keeps them apart.
    REQUIRE_FALSE(history.apply(sim, pbd::RedoCommand{}));
    play(history, sim, {pbd::PinCommand{5}, pbd::MoveObstacleCommand{0, {0.0, -2.0}, {}}});
    CHECK(history.undoCount() == 4);
}

TEST_CASE("a ball's grab, moves and throw are one action", "[history][world]")
{
    Simulation sim(clothSettings(12, 10));
    History history;
    pbd::Ball ball;
    ball.position = {1.0, 2.0};
    ball.radius = 0.2;
    BallCommand add = ballCommand(BallCommand::Action::Add);
    add.ball = ball;
    play(history, sim, {add});
    steps(history, sim, 3);
    const SimulationState beforeGrab = sim.state();
    play(history, sim, {ballCommand(BallCommand::Action::Grab, sim.balls()[0].position)});
    CHECK(history.grabOpen());
    for (int i = 0; i < 10; ++i) {
        play(history, sim, {ballCommand(BallCommand::Action::Move, {1.0 + 0.1 * i, 2.0})});
        steps(history, sim, 1);
    }
    play(history, sim, {ballCommand(BallCommand::Action::Release, {}, glm::dvec2(3.0, 0.0))});
    CHECK_FALSE(history.grabOpen());
    CHECK(history.undoCount() == 2);
    const SimulationState thrown = sim.state();
    steps(history, sim, 10);
    REQUIRE_FALSE(history.apply(sim, pbd::UndoCommand{}));
    CHECK(sim.state() == beforeGrab);
    REQUIRE_FALSE(history.apply(sim, pbd::RedoCommand{}));
    CHECK(sim.state() == thrown);
}

TEST_CASE("removals with no step between are one action, a scene change is one action",
          "[history][world]")
{
    Simulation sim(clothSettings(12, 10));
    History history;
    play(history, sim, {pbd::AddObstacleCommand{circle(1.0, -3.0, 0.4)},
                        pbd::AddObstacleCommand{circle(2.0, -3.0, 0.4)}});
    steps(history, sim, 2);
    CHECK(history.undoCount() == 2); // additions stay one action each
    const SimulationState full = sim.state();
    play(history, sim, {pbd::RemoveObstacleCommand{1}, pbd::RemoveObstacleCommand{0}});
    CHECK(history.undoCount() == 3);
    CHECK(sim.obstacles().empty());
    REQUIRE_FALSE(history.apply(sim, pbd::UndoCommand{}));
    CHECK(sim.state() == full);

    // A scene: its settings, a fresh cloth (with the initial world: none here, so nothing to
    // remove), the new world in, its pins.
    steps(history, sim, 4);
    const SimulationState beforeScene = sim.state();
    pbd::Settings settings = sim.settings();
    settings.friction = 0.5;
    settings.width = 8;
    play(history, sim, {pbd::SetCommand{settings}, pbd::RestartCommand{},
                        pbd::AddObstacleCommand{circle(0.5, -4.0, 1.0)}, pbd::UnpinCommand{0},
                        pbd::UnpinCommand{7}});
    CHECK(history.undoCount() == 3); // the two additions, the scene
    const SimulationState scene = sim.state();
    steps(history, sim, 3);
    REQUIRE_FALSE(history.apply(sim, pbd::UndoCommand{}));
    CHECK(sim.state() == beforeScene);
    REQUIRE_FALSE(history.apply(sim, pbd::RedoCommand{}));
    CHECK(sim.state() == scene);
}
