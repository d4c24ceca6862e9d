// Steps off the UI thread (issue 9: a step longer than a frame must not stall the window):
// the controller's results with steps on another thread are bit for bit those of steps on
// the caller's, with every command where it takes effect.

#include <catch2/catch.hpp>

#include <variant>
#include <vector>

#include "controller_rig.h"
#include "logic/controller.h"
#include "pbd/command.h"

using namespace pbd;
using namespace pbd::app;

namespace {

using pbd::app::testing::kCanvas;
using pbd::app::testing::kNone;

/// A controller whose clock stands still, on a 1400 x 960 window with the page's view; it
/// records every command the observer sees.
struct BackgroundRig {
    explicit BackgroundRig(const Settings& settings)
        : simulation(settings), controller(simulation, [this] { return now; })
    {
        controller.setCommandObserver([this](const Command& c) { commands.push_back(c); });
        controller.resize({1400.0, 960.0}, 1.0, 1.0);
    }
    double now = 0.0;
    Simulation simulation;
    Controller controller;
    std::vector<Command> commands;
};

/// Plays the observed commands on a fresh simulation, as a recording would be replayed.
Simulation replay(const Settings& settings, const std::vector<Command>& commands)
{
    Simulation simulation(settings);
    for (const Command& command : commands)
        REQUIRE_FALSE(pbd::apply(simulation, command));
    return simulation;
}

bool sameMotion(const Simulation& a, const Simulation& b)
{
    return a.particles().position == b.particles().position &&
           a.particles().velocity == b.particles().velocity;
}

} // namespace

TEST_CASE("steps on another thread give the same cloth as steps on the caller's", "[offthread]")
{
    Settings settings;
    settings.solver = GENERATE(Solver::Sequential, Solver::Colored);
    settings.stiffness = 1000.0;
    BackgroundRig rig(settings);
    rig.controller.driver().setOffThread(OffThread::Always);
    for (int frame = 0; frame < 40; ++frame) {
        rig.controller.advance();
        CHECK(rig.controller.driver().steppingOffThread()); // every running frame hands a step over
    }
    rig.controller.finishOffThreadStep();
    CHECK_FALSE(rig.controller.driver().steppingOffThread());
    const long long steps = rig.controller.driver().steps();
    CHECK(steps >= 1);
    Simulation plain(settings);
    for (long long i = 0; i < steps; ++i)
        plain.step();
    CHECK(sameMotion(rig.simulation, plain));
    CHECK(rig.simulation.time() == plain.time());
    CHECK(rig.commands.size() == static_cast<std::size_t>(steps)); // one Step seen per step
}

TEST_CASE("commands issued while a step runs elsewhere show at once and take effect after it",
          "[offthread]")
{
    Settings settings;
    settings.gravity = -9.81;
    BackgroundRig rig(settings);
    rig.controller.driver().setOffThread(OffThread::Always);
    rig.controller.advance(); // first step handed over
    rig.controller.advance(); // collects it (or waits), hands over the next
    REQUIRE(rig.controller.driver().steppingOffThread());
    const long long stepsBefore = rig.controller.driver().steps();

    // Grab the bottom-right particle and drag it while the step runs.
    const Index corner = 29 * 40 + 39;
    const glm::dvec2 at = rig.controller.view().camera().worldToScreen(
        rig.simulation.particles().position[corner]);
    rig.controller.mouseMove(at);
    rig.controller.mouseButton(MouseButton::Left, true, kNone, kCanvas);
    REQUIRE(rig.simulation.grabbed() == corner); // on screen at once
    rig.controller.mouseMove(at + glm::dvec2(120.0, 40.0));
    const glm::dvec2 target =
        rig.controller.view().camera().screenToWorld(at + glm::dvec2(120.0, 40.0));
    CHECK(rig.simulation.particles().position[corner] == target);
    rig.controller.issue(PinCommand{5});
    CHECK(rig.simulation.particles().pinned(5));
    CHECK(rig.commands.size() == static_cast<std::size_t>(stepsBefore)); // not observed yet

    rig.controller.finishOffThreadStep();
    CHECK(rig.controller.driver().steps() == stepsBefore + 1);
    // After the step: the grab, the move and the pin hold on the stepped state ...
    CHECK(rig.simulation.grabbed() == corner);
    CHECK(rig.simulation.particles().position[corner] == target);
    CHECK(rig.simulation.particles().pinned(5));
    // ... and were observed after it, in order, so a replay of what was observed gives the
    // same cloth bit for bit.
    const auto seen = [&](long long k) { return rig.commands[static_cast<std::size_t>(k)]; };
    REQUIRE(rig.commands.size() == static_cast<std::size_t>(stepsBefore + 1 + 3));
    CHECK(std::holds_alternative<StepCommand>(seen(stepsBefore)));
    CHECK(std::holds_alternative<GrabCommand>(seen(stepsBefore + 1)));
    CHECK(std::holds_alternative<MoveCommand>(seen(stepsBefore + 2)));
    CHECK(std::holds_alternative<PinCommand>(seen(stepsBefore + 3)));
    for (int frame = 0; frame < 10; ++frame)
        rig.controller.advance();
    rig.controller.finishOffThreadStep();
    const Simulation replayed = replay(settings, rig.commands);
    CHECK(sameMotion(rig.simulation, replayed));
}

TEST_CASE("a restart while a step runs elsewhere gives the new cloth once the step is in",
          "[offthread]")
{
    Settings settings;
    BackgroundRig rig(settings);
    rig.controller.driver().setOffThread(OffThread::Always);
    for (int frame = 0; frame < 5; ++frame)
        rig.controller.advance();
    REQUIRE(rig.controller.driver().steppingOffThread());
    rig.controller.issue(RestartCommand{});
    CHECK(rig.simulation.time() == 0.0); // at once on screen
    rig.controller.finishOffThreadStep();
    CHECK(rig.simulation.time() == 0.0); // the stepped state was restarted too
    CHECK(sameMotion(rig.simulation, Simulation(settings)));
}

TEST_CASE("paused, a step running elsewhere is taken in and no new one starts, S takes one",
          "[offthread]")
{
    Settings settings;
    BackgroundRig rig(settings);
    rig.controller.driver().setOffThread(OffThread::Always);
    rig.controller.advance();
    REQUIRE(rig.controller.driver().steppingOffThread());
    rig.controller.key(Key::Space, false, kNone, kCanvas); // pause
    rig.controller.finishOffThreadStep();
    const long long steps = rig.controller.driver().steps();
    for (int frame = 0; frame < 5; ++frame)
        rig.controller.advance();
    CHECK_FALSE(rig.controller.driver().steppingOffThread());
    CHECK(rig.controller.driver().steps() == steps);
    CHECK(rig.controller.idle());
    rig.controller.key(Key::S, false, kNone, kCanvas);
    rig.controller.advance(); // S: one step, handed over
    CHECK(rig.controller.driver().steppingOffThread());
    CHECK_FALSE(rig.controller.idle()); // the window keeps drawing until it is in
    rig.controller.finishOffThreadStep();
    CHECK(rig.controller.driver().steps() == steps + 1);
}

TEST_CASE("Auto moves the steps off the thread only once a step costs more than the budget",
          "[offthread]")
{
    Settings settings;
    BackgroundRig rig(settings);
    // A generous frame (1 s): a 40 x 30 step costs far less than 2/3 s, so frames step here.
    for (int frame = 0; frame < 3; ++frame) {
        rig.controller.advance(1.0);
        CHECK_FALSE(rig.controller.driver().steppingOffThread());
    }
    CHECK(rig.controller.driver().steps() == 3 * Stepping::kPageStepsPerFrame);
    // A frame of a microsecond: any step costs more than its budget; after the first frame's
    // steps measured that, the next frame hands its step over.
    rig.controller.advance(1e-6);
    rig.controller.advance(1e-6);
    CHECK(rig.controller.driver().steppingOffThread());
    rig.controller.finishOffThreadStep();
    // Never keeps them here whatever they cost.
    rig.controller.driver().setOffThread(OffThread::Never);
    const long long steps = rig.controller.driver().steps();
    rig.controller.advance(1e-6);
    CHECK_FALSE(rig.controller.driver().steppingOffThread());
    CHECK(rig.controller.driver().steps() > steps);
}
