// Undo and redo (pbd/history.h): each action goes back to the exact state before it and
// forward to the exact state after it; what is one action; the limit; and event scripts'
// undo and redo lines, which replay the app's history in pbd-sim.

#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "pbd/drag_script.h"
#include "pbd/history.h"
#include "pbd/simulation.h"
#include "history_play.h"
#include "sim_builders.h"
#include "solver_loop.h"

using pbd::Command;
using pbd::History;
using pbd::Settings;
using pbd::Simulation;
using pbd::SimulationState;
using pbd::Solver;
using pbd::test::clothSettings;
using pbd::test::play;
using pbd::test::steps;


TEST_CASE("undo restores the exact state before a cut, redo the exact state after it",
          "[history]")
{
    for (Solver solver : {Solver::Sequential, Solver::Colored}) {
        Settings settings = clothSettings(20, 15);
        settings.solver = solver;
        Simulation sim(settings);
        History history;
        steps(history, sim, 100);
        const SimulationState before = sim.state();
        REQUIRE_FALSE(history.apply(sim, pbd::CutCommand{{1.9, 1.0}, {1.9, -5.0}}));
        REQUIRE(sim.liveConstraintCount() < before.position.size() * 4);
        const SimulationState after = sim.state();
        steps(history, sim, 150); // the halves fall apart
        REQUIRE_FALSE(history.apply(sim, pbd::UndoCommand{}));
        CHECK(sim.state() == before);
        CHECK(sim.liveConstraintCount() == pbd::clothConstraintCount(20, 15));
        CHECK(sim.time() == before.time);
        steps(history, sim, 20);
        REQUIRE_FALSE(history.apply(sim, pbd::RedoCommand{}));
        CHECK(sim.state() == after); // the moment the cut was made, not the moment of the undo
        pbd::test::requireSolver(sim, solver);
        CHECK(history.undoCount() == 1);
        CHECK(history.redoCount() == 0);
    }
}

TEST_CASE("after an undo the cloth carries on bit for bit as from the moment it went back to",
          "[history]")
{
    Settings settings = clothSettings(16, 12);
    settings.tearStrain = 0.3;
    Simulation sim(settings);
    History history;
    steps(history, sim, 40);
    Simulation reference = sim; // the moment before the pin
    REQUIRE_FALSE(history.apply(sim, pbd::PinCommand{100}));
    steps(history, sim, 80);
    REQUIRE_FALSE(history.apply(sim, pbd::UndoCommand{}));
    for (int i = 0; i < 200; ++i) {
        sim.step();
        reference.step();
    }
    CHECK(pbd::test::samePositions(sim, reference));
    CHECK(sim.liveConstraintCount() == reference.liveConstraintCount());
}

TEST_CASE("a whole grab from press to release is one action, whatever steps and moves come "
          "between",
          "[history]")
{
    Simulation sim(clothSettings(12, 10));
    History history;
    steps(history, sim, 10);
    const SimulationState beforeGrab = sim.state();
    play(history, sim, {pbd::GrabCommand{119}, pbd::MoveCommand{{3.0, -1.0}}});
    CHECK(history.grabOpen());
    for (int i = 0; i < 30; ++i)
        play(history, sim, {pbd::MoveCommand{{3.0 + 0.05 * i, -1.0}}, pbd::StepCommand{}});
    play(history, sim, {pbd::GrabCommand{119}}); // the same particle: the same grab
    play(history, sim, {pbd::ReleaseCommand{glm::dvec2(4.0, 0.0)}});
    CHECK_FALSE(history.grabOpen());
    CHECK(history.undoCount() == 1);
    const SimulationState released = sim.state();
    steps(history, sim, 50);
    REQUIRE_FALSE(history.apply(sim, pbd::UndoCommand{}));
    CHECK(sim.state() == beforeGrab);
    REQUIRE_FALSE(history.apply(sim, pbd::RedoCommand{}));
    CHECK(sim.state() == released);

    // An area grab too; a new grab while holding ends one action and starts the next.
    play(history, sim, {pbd::AreaGrabCommand{{1.0, -1.0}, 0.3}, pbd::StepCommand{}});
    const SimulationState second = sim.state();
    play(history, sim, {pbd::AreaGrabCommand{{1.5, -1.5}, 0.3}, pbd::StepCommand{},
                        pbd::ReleaseCommand{}});
    CHECK(history.undoCount() == 3);
    REQUIRE_FALSE(history.apply(sim, pbd::UndoCommand{}));
    CHECK(sim.state() == second);
}

TEST_CASE("undo during a grab ends it there and takes it back, redo gives the moment of the "
          "undo",
          "[history]")
{
    Simulation sim(clothSettings(12, 10));
    History history;
    const SimulationState start = sim.state();
    play(history, sim, {pbd::AreaGrabCommand{{2.2, -1.8}, 0.5}});
    for (int i = 0; i < 20; ++i)
        play(history, sim, {pbd::MoveCommand{{2.2, -1.8 - 0.1 * i}}, pbd::StepCommand{}});
    const SimulationState held = sim.state();
    REQUIRE(held.areaGrab);
    REQUIRE_FALSE(history.apply(sim, pbd::UndoCommand{}));
    CHECK(sim.state() == start);
    CHECK_FALSE(sim.holding());
    REQUIRE_FALSE(history.apply(sim, pbd::RedoCommand{}));
    CHECK(sim.state() == held); // still holding, as then
    CHECK(sim.holding());
}

TEST_CASE("a new action clears what could be redone", "[history]")
{
    Simulation sim(clothSettings(8, 6));
    History history;
    play(history, sim, {pbd::PinCommand{20}, pbd::StepCommand{}, pbd::PinCommand{21},
                        pbd::StepCommand{}, pbd::PinCommand{22}});
    REQUIRE(history.undoCount() == 3);
    play(history, sim, {pbd::UndoCommand{}, pbd::UndoCommand{}});
    CHECK(history.redoCount() == 2);
    CHECK(sim.particles().pinned(20));
    CHECK_FALSE(sim.particles().pinned(21));
    play(history, sim, {pbd::CutCommand{{0.3, 1.0}, {0.3, -2.0}}});
    CHECK(history.redoCount() == 0);
    CHECK(history.undoCount() == 2);
    const auto error = history.apply(sim, pbd::RedoCommand{});
    REQUIRE(error);
    CHECK(error->message == "redo: nothing to redo");
    play(history, sim, {pbd::UndoCommand{}, pbd::UndoCommand{}});
    const auto nothing = history.apply(sim, pbd::UndoCommand{});
    REQUIRE(nothing);
    CHECK(nothing->message == "undo: nothing to undo");
    CHECK_FALSE(sim.particles().pinned(20));
}

TEST_CASE("the history's position numbers its actions: undo and redo go back to theirs, "
          "merged parts share one, the limit's dropped ones are forgotten",
          "[history]")
{
    Simulation sim(clothSettings(8, 6));
    History history;
    CHECK(history.position() == 0);
    play(history, sim, {pbd::PinCommand{20}, pbd::StepCommand{}});
    CHECK(history.position() == 1);
    play(history, sim, {pbd::PinCommand{21}, pbd::PinCommand{22}}); // one action
    CHECK(history.position() == 2);
    play(history, sim, {pbd::UndoCommand{}});
    CHECK(history.position() == 1);
    play(history, sim, {pbd::RedoCommand{}});
    CHECK(history.position() == 2);
    play(history, sim, {pbd::UndoCommand{}, pbd::UndoCommand{}});
    CHECK(history.position() == 0);
    play(history, sim, {pbd::PinCommand{23}}); // a new action: a new number, 2 is gone
    CHECK(history.position() == 3);
    CHECK(history.firstPosition() == 0);
    for (int i = 0; i < 70; ++i)
        play(history, sim, {pbd::StepCommand{}, pbd::PinCommand{static_cast<pbd::Index>(i % 6)},
                            pbd::StepCommand{}, pbd::UnpinCommand{static_cast<pbd::Index>(i % 6)}});
    CHECK(history.position() == 3 + 140);
    CHECK(history.firstPosition() == 3 + 140 - pbd::kMaxHistoryActions);
    while (history.undoCount() > 0)
        play(history, sim, {pbd::UndoCommand{}});
    CHECK(history.position() == history.firstPosition());
}

TEST_CASE("pins, unpins and setting changes with no step between them are one action, a step "
          "or another kind between parts them",
          "[history]")
{
    Simulation sim(clothSettings(8, 6, 4));
    History history;
    // "Unpin all": one unpin per pin, no step between.
    play(history, sim, {pbd::UnpinCommand{0}, pbd::UnpinCommand{7}, pbd::UnpinCommand{40},
                        pbd::UnpinCommand{47}});
    CHECK(history.undoCount() == 1);
    Settings s = sim.settings();
    s.iterations = 5;
    play(history, sim, {pbd::SetCommand{s}});
    s.gravity = -3.0;
    play(history, sim, {pbd::SetCommand{s}});
    CHECK(history.undoCount() == 2);
    play(history, sim, {pbd::StepCommand{}});
    s.damping = 1.0;
    play(history, sim, {pbd::SetCommand{s}});
    CHECK(history.undoCount() == 3);
    play(history, sim, {pbd::SetCommand{s}}); // no change: no action
    play(history, sim, {pbd::CutCommand{{50.0, 50.0}, {51.0, 51.0}}}); // removes nothing
    CHECK(history.undoCount() == 3);
    play(history, sim, {pbd::UndoCommand{}, pbd::UndoCommand{}});
    CHECK(sim.settings().iterations == 2);
    CHECK(sim.settings().gravity == Settings{}.gravity);
    CHECK_FALSE(sim.particles().pinned(0));
    play(history, sim, {pbd::UndoCommand{}});
    for (pbd::Index corner : {0u, 7u, 40u, 47u})
        CHECK(sim.particles().pinned(corner));
}

TEST_CASE("the history keeps the newest 64 actions of a small cloth", "[history]")
{
    Simulation sim(clothSettings(40, 30));
    History history;
    for (int i = 0; i < 70; ++i)
        play(history, sim, {pbd::PinCommand{static_cast<pbd::Index>(100 + i)},
                            pbd::StepCommand{}});
    CHECK(history.undoCount() == pbd::kMaxHistoryActions);
    while (history.undoCount() > 0)
        play(history, sim, {pbd::UndoCommand{}});
    // Back to just before pin 6 (pins 0 to 5 were dropped with their actions).
    for (int i = 0; i < 70; ++i)
        CHECK(sim.particles().pinned(static_cast<pbd::Index>(100 + i)) == (i < 6));
}

TEST_CASE("the history of a big cloth keeps what 256 MiB of states hold: 37 actions at "
          "300 x 300",
          "[history]")
{
    Simulation sim(clothSettings(300, 300));
    History history;
    const std::size_t perState = pbd::snapshotBytes(sim.state());
    CHECK(perState == 300 * 300 * 40 + 2 * 4); // 40 bytes per particle, 4 per pin
    for (int i = 0; i < 45; ++i) {
        play(history, sim, {pbd::PinCommand{static_cast<pbd::Index>(1000 + i)}});
        play(history, sim, {pbd::StepCommand{}});
    }
    CHECK(history.undoCount() == 37);
    CHECK(history.bytes() <= pbd::kHistoryBudgetBytes);
    CHECK(history.bytes() + 2 * perState > pbd::kHistoryBudgetBytes);
}

TEST_CASE("an event script's undo and redo lines replay the app's actions in pbd-sim",
          "[history][script]")
{
    const std::string script = "0 cut 3.9 1 3.9 -9\n"
                               "40 grab 7.6 -5.6 0.5\n"
                               "41 move 8 -5\n"
                               "60 move 9 -4\n"
                               "80 release 2 0\n"
                               "100 undo\n"
                               "120 undo\n"
                               "140 redo\n"
                               "160 pin 600\n"
                               "160 redo\n"
                               "200 end\n";
    const auto events = pbd::parseEventScript(script, Settings{});
    pbd::DragPlayer player(events);
    Simulation sim;
    for (std::uint64_t step = 0; step < 200; ++step) {
        player.applyBefore(step, sim);
        sim.step();
    }
    // By hand: the redo at step 140 went back to just after the cut (time 0), the pin came
    // 20 steps later and cleared the grab's redo, so the last redo had nothing to redo.
    Simulation expected;
    expected.cut({3.9, 1.0}, {3.9, -9.0});
    pbd::test::run(expected, 20);
    expected.pin(600);
    pbd::test::run(expected, 40);
    CHECK(pbd::test::samePositions(sim, expected));
    CHECK(player.history().undoCount() == 2);
    CHECK(player.history().redoCount() == 0);
    CHECK(sim.liveConstraintCount() == expected.liveConstraintCount());
    CHECK(sim.time() == expected.time());
    CHECK(sim.stepCount() == 60);
}

TEST_CASE("after undo and redo a script's indices are bounded by the largest cloth seen",
          "[history][script]")
{
    // The undo takes the width back to 40: particle 1000 exists again.
    const std::string script = "0 set width 10\n1 undo\n2 drag 1000 1 1\n3 release\n";
    const auto events = pbd::parseEventScript(script, Settings{});
    REQUIRE(events.size() == 4);
    pbd::DragPlayer player(events);
    Simulation sim;
    for (std::uint64_t step = 0; step < 3; ++step) {
        player.applyBefore(step, sim);
        sim.step();
    }
    CHECK(sim.settings().width == 40);
    CHECK(sim.grabbed() == pbd::Index{1000});
    CHECK_THROWS_AS(pbd::parseEventScript("0 set width 10\n1 drag 1000 1 1\n", Settings{}),
                    pbd::DragScriptError);
}
