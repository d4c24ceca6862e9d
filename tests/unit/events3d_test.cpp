// Event scripts, commands and undo in 3D: every line that takes a point takes X Y Z, a script
// plays what the same calls of Simulation3's API do, undo and redo restore the exact states,
// a History's commands written back as lines replay to the same positions, and a line of the
// other dimensions' form is refused naming the line, the verb and both counts.

#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include <catch2/catch.hpp>

#include "pbd/command.h"
#include "pbd/drag_script.h"
#include "pbd/history.h"
#include "pbd/obstacle3.h"
#include "pbd/simulation.h"
#include "pbd/state_io.h"
#include "sim_builders.h"

using Catch::Matchers::Contains;
using pbd::Command3;
using pbd::DragEvent3;
using pbd::DragScriptError;
using pbd::History3;
using pbd::Settings;
using pbd::Simulation3;
using pbd::SimulationState3;
using pbd::Vec;

namespace {

/// A small 3D cloth, the vertical sheet in the x-y plane.
Settings cloth3(int width = 6, int height = 5)
{
    Settings s = pbd::test::clothSettings(width, height);
    s.dimensions = 3;
    return s;
}

template <glm::length_t D>
std::string errorOf(const std::string& script, const Settings& settings)
{
    try {
        pbd::parseEventScript<D>(script, settings);
    } catch (const DragScriptError& e) {
        return e.what();
    }
    return "";
}

bool sameBits(const std::vector<Vec<3>>& a, const std::vector<Vec<3>>& b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof a[0]) == 0;
}

/// Plays `events` on `sim` for `steps` steps, each command through a History, every one
/// taken (a refusal fails the test, naming it).
void playTaken(const std::vector<DragEvent3>& events, Simulation3& sim, int steps)
{
    History3 history;
    std::size_t next = 0;
    for (int step = 0; step <= steps; ++step) {
        for (; next < events.size() && events[next].step <= static_cast<std::uint64_t>(step);
             ++next)
            for (const Command3& command : pbd::eventCommands(events[next], sim.settings())) {
                const auto error = history.apply(sim, command);
                INFO(pbd::formatEvent(events[next]));
                REQUIRE_FALSE(error);
            }
        if (step < steps)
            sim.step();
    }
}

// Every verb that takes a point, in its 3D form, and the others.
const std::string kEveryVerb3 = "0 obstacle sphere:0.5,-1.5,0.4,0.3\n"
                                "0 ball 0.4 -2.5 0.5 0.2 0.3\n"
                                "1 drag 5 1 0.1 0.25\n"
                                "3 drag 5 1.1 0.05 0.5\n"
                                "4 release 0.5 -1 2\n"
                                "5 grab 0.4 -0.4 0 0.25\n"
                                "6 move 0.5 -0.3 0.3\n"
                                "8 release\n"
                                "9 pin 7\n"
                                "9 unpin 0\n"
                                "10 cut 0.3 0.1 -1 0.3 -0.5 -1 0 0 1\n"
                                "11 move-obstacle 0 0.5 -1.4 0.35\n"
                                "12 obstacle box:0,-3,0,4,0.2,4,0,0,10\n"
                                "13 move-obstacle 1 0 -3.1 0 0 5 10\n"
                                "14 grab-ball 0 0.4 -2.4 0.45\n"
                                "15 move-ball 0.3 -2.3 0.4\n"
                                "16 release-ball 0 0 -1\n"
                                "17 ball -0.5 -2 0 0.1 0.1\n"
                                "17 grab-ball 1 -0.5 -2 0\n"
                                "18 release-ball\n"
                                "19 remove-ball 1\n"
                                "19 remove-obstacle 1\n"
                                "20 set damping 0.1\n"
                                "21 pin-row 1\n"
                                "22 undo\n"
                                "23 redo\n"
                                "24 restart\n"
                                "25 end\n";

} // namespace

TEST_CASE("a 3D script of every verb parses, is written back exactly and plays", "[events][3d]")
{
    const auto events = pbd::parseEventScript<3>(kEveryVerb3, cloth3());
    std::istringstream lines(kEveryVerb3);
    std::string line;
    for (const DragEvent3& event : events) {
        REQUIRE(std::getline(lines, line));
        CHECK(pbd::formatEvent(event) == line);
    }
    // The points kept their z (a 2D parse would have taken no z at all).
    CHECK(events[2].position == Vec<3>(1.0, 0.1, 0.25));
    CHECK(events[4].velocity == Vec<3>(0.5, -1.0, 2.0));
    CHECK(events[10].direction == Vec<3>(0.0, 0.0, 1.0));
    REQUIRE(events[13].angle);
    CHECK(*events[13].angle == Vec<3>(0.0, 5.0, 10.0));

    // Played step by step, each command is taken, and each line did what it says.
    Simulation3 sim(cloth3());
    const std::size_t constraints = sim.liveConstraintCount();
    History3 history;
    std::size_t next = 0;
    auto playUntil = [&](std::uint64_t step) {
        for (; next < events.size() && events[next].step <= step; ++next)
            for (const Command3& command : pbd::eventCommands(events[next], sim.settings())) {
                INFO(pbd::formatEvent(events[next]));
                REQUIRE_FALSE(history.apply(sim, command));
            }
    };
    for (std::uint64_t step = 0; step < 25; ++step) {
        playUntil(step);
        if (step == 1) // drag: the particle is where the line put it, z included
            CHECK(sim.particles().position[5] == Vec<3>(1.0, 0.1, 0.25));
        if (step == 6) { // the area grab's point moved to X Y Z
            REQUIRE(sim.areaGrab());
            CHECK(sim.areaGrab()->point == Vec<3>(0.5, -0.3, 0.3));
        }
        if (step == 10) // the knife cut through the sheet
            CHECK(sim.liveConstraintCount() < constraints);
        if (step == 14) {
            REQUIRE(sim.balls().size() == 1);
            CHECK(sim.balls()[0].held);
            CHECK(sim.balls()[0].position == Vec<3>(0.4, -2.4, 0.45));
        }
        if (step == 19) {
            CHECK(sim.balls().size() == 1);
            CHECK(sim.obstacles().size() == 1);
        }
        sim.step();
    }
    playUntil(25);
    CHECK(sim.stepCount() == 1); // the restart at 24, then one step
    for (const Vec<3>& p : sim.particles().position)
        REQUIRE((std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z)));
}

TEST_CASE("a 3D script moves particles out of the plane as Simulation3's own calls do",
          "[events][3d]")
{
    const std::string script = "0 obstacle sphere:0.5,-1.2,0.3,0.3\n"
                               "0 ball 0.6 -2 0.2 0.2 0.5\n"
                               "2 drag 4 0.9 0.1 0.4\n"
                               "6 release 0 0 -1.5\n"
                               "8 grab 0.3 -0.5 0 0.3\n"
                               "9 move 0.3 -0.4 0.35\n"
                               "12 release\n"
                               "14 cut 0.1 -0.1 -1 0.1 -0.7 -1 0 0 1\n"
                               "15 move-obstacle 0 0.5 -1.1 0.4\n"
                               "16 grab-ball 0 0.6 -1.9 0.3\n"
                               "18 release-ball 0 0.5 0\n"
                               "30 end\n";
    Simulation3 scripted(cloth3());
    playTaken(pbd::parseEventScript<3>(script, cloth3()), scripted, 30);

    Simulation3 direct(cloth3());
    REQUIRE_FALSE(direct.addObstacle(*[] {
        std::string error;
        return pbd::parseObstacle3Spec("sphere:0.5,-1.2,0.3,0.3", error);
    }()));
    pbd::BallOf<3> ball;
    ball.position = {0.6, -2.0, 0.2};
    ball.radius = 0.2;
    ball.mass = 0.5;
    REQUIRE_FALSE(direct.addBall(ball));
    for (int step = 0; step < 30; ++step) {
        if (step == 2) {
            direct.grab(4);
            direct.moveGrabbed({0.9, 0.1, 0.4});
        }
        if (step == 6)
            direct.release(Vec<3>(0.0, 0.0, -1.5));
        if (step == 8)
            direct.grabArea({0.3, -0.5, 0.0}, 0.3);
        if (step == 9)
            direct.moveGrabbed({0.3, -0.4, 0.35});
        if (step == 12)
            direct.release();
        if (step == 14)
            direct.cut({0.1, -0.1, -1.0}, {0.1, -0.7, -1.0}, {0.0, 0.0, 1.0});
        if (step == 15)
            REQUIRE_FALSE(direct.moveObstacle(0, {0.5, -1.1, 0.4}, std::nullopt));
        if (step == 16)
            REQUIRE_FALSE(direct.grabBall(0, {0.6, -1.9, 0.3}));
        if (step == 18)
            REQUIRE_FALSE(direct.releaseBall(Vec<3>(0.0, 0.5, 0.0)));
        direct.step();
    }
    // The script left the plane (z moved) and matches the direct calls bit for bit.
    double largestZ = 0.0;
    for (const Vec<3>& p : scripted.particles().position)
        largestZ = std::max(largestZ, std::abs(p.z));
    CHECK(largestZ > 0.05);
    CHECK(scripted.liveConstraintCount() == direct.liveConstraintCount());
    CHECK(sameBits(scripted.particles().position, direct.particles().position));
    CHECK(pbd::positionsHash(scripted.particles().position) ==
          pbd::positionsHash(direct.particles().position));
    CHECK(scripted.balls()[0].position == direct.balls()[0].position);
}

TEST_CASE("undo and redo in 3D restore the exact states before and after an action",
          "[history][3d]")
{
    Simulation3 sim(cloth3(8, 6));
    History3 history;
    for (int i = 0; i < 20; ++i)
        REQUIRE_FALSE(history.apply(sim, pbd::StepCommand{}));
    // A grab that pulls the sheet out of its plane, over a few steps: one action.
    const SimulationState3 beforeGrab = sim.state();
    REQUIRE_FALSE(history.apply(sim, pbd::GrabCommand{3}));
    for (int i = 0; i < 10; ++i) {
        REQUIRE_FALSE(history.apply(sim, pbd::MoveCommandOf<3>{{0.6, 0.1, 0.05 * i}}));
        REQUIRE_FALSE(history.apply(sim, pbd::StepCommand{}));
    }
    REQUIRE_FALSE(history.apply(sim, pbd::ReleaseCommandOf<3>{Vec<3>(0.0, 0.0, 2.0)}));
    const SimulationState3 afterGrab = sim.state();
    REQUIRE(history.undoCount() == 1);
    for (int i = 0; i < 5; ++i)
        REQUIRE_FALSE(history.apply(sim, pbd::StepCommand{}));
    // A 3D cut: a second action.
    const SimulationState3 beforeCut = sim.state();
    REQUIRE_FALSE(history.apply(
        sim, pbd::CutCommandOf<3>{{0.5, 0.1, -2.0}, {0.5, -2.0, -2.0}, {0.0, 0.0, 1.0}}));
    REQUIRE(sim.liveConstraintCount() < beforeCut.position.size() * 4);
    const SimulationState3 afterCut = sim.state();
    double largestZ = 0.0;
    for (const Vec<3>& p : afterCut.position)
        largestZ = std::max(largestZ, std::abs(p.z));
    REQUIRE(largestZ > 0.1); // the states differ in z, so that z is what undo restores

    REQUIRE_FALSE(history.apply(sim, pbd::UndoCommand{}));
    CHECK(sim.state() == beforeCut);
    REQUIRE_FALSE(history.apply(sim, pbd::UndoCommand{}));
    CHECK(sim.state() == beforeGrab);
    CHECK(sameBits(sim.particles().position, beforeGrab.position));
    REQUIRE_FALSE(history.apply(sim, pbd::RedoCommand{}));
    CHECK(sim.state() == afterGrab);
    REQUIRE_FALSE(history.apply(sim, pbd::RedoCommand{}));
    CHECK(sim.state() == afterCut);
    CHECK(history.apply(sim, pbd::RedoCommand{})->message == "redo: nothing to redo");
    // 24 bytes per position and velocity in 3D.
    CHECK(pbd::snapshotBytes(afterCut) >= 56 * afterCut.position.size());
}

TEST_CASE("a 3D History's commands written as event lines replay to the same positions",
          "[events][history][3d]")
{
    Simulation3 sim(cloth3(7, 5));
    History3 history;
    std::string script;
    std::uint64_t steps = 0;
    auto give = [&](const Command3& command) {
        const Settings before = sim.settings();
        REQUIRE_FALSE(history.apply(sim, command));
        if (std::holds_alternative<pbd::StepCommand>(command)) {
            ++steps;
            return;
        }
        for (const DragEvent3& event : pbd::commandEvents(command, steps, sim, before))
            script += pbd::formatEvent(event) + "\n";
    };
    auto run = [&](int n) {
        for (int i = 0; i < n; ++i)
            give(pbd::StepCommand{});
    };
    std::string error;
    give(pbd::AddObstacleCommandOf<3>{*pbd::parseObstacle3Spec("sphere:0.6,-1.3,0.2,0.25", error)});
    run(3);
    give(pbd::GrabCommand{6});
    for (int i = 1; i <= 6; ++i) {
        give(pbd::MoveCommandOf<3>{{1.2 + 0.01 * i, 0.05, 0.07 * i}});
        run(1);
    }
    give(pbd::ReleaseCommandOf<3>{Vec<3>(0.1, 0.0, -0.7)});
    run(4);
    Settings damped = sim.settings();
    damped.damping = 0.05;
    damped.substeps = 3;
    give(pbd::SetCommand{damped});
    give(pbd::AreaGrabCommandOf<3>{{0.4, -0.4, 0.0}, 0.25});
    give(pbd::MoveCommandOf<3>{{0.45, -0.35, 0.3}});
    run(5);
    give(pbd::ReleaseCommandOf<3>{});
    give(pbd::CutCommandOf<3>{{0.3, 0.1, -1.0}, {0.3, -0.3, -1.0}, {0.0, 0.0, 1.0}});
    run(3);
    give(pbd::UndoCommand{});
    run(2);
    give(pbd::RedoCommand{});
    give(pbd::MoveObstacleCommandOf<3>{0, {0.6, -1.2, 0.3}, std::nullopt});
    pbd::BallOf<3> ball;
    ball.position = {0.2, -2.0, 0.3};
    ball.radius = 0.15;
    ball.mass = 0.4;
    pbd::BallCommandOf<3> addBall;
    addBall.ball = ball;
    give(addBall);
    run(6);
    give(pbd::PinCommand{9});
    run(5);
    script += std::to_string(steps) + " end\n";
    INFO(script);

    Simulation3 replayed(cloth3(7, 5));
    pbd::DragPlayer3 player(pbd::parseEventScript<3>(script, replayed.settings()));
    for (std::uint64_t step = 0; step < steps; ++step) {
        player.applyBefore(step, replayed);
        replayed.step();
    }
    player.applyBefore(steps, replayed);
    CHECK(replayed.stepCount() == sim.stepCount());
    CHECK(replayed.settings() == sim.settings());
    CHECK(player.history().undoCount() == history.undoCount());
    CHECK(sameBits(replayed.particles().position, sim.particles().position));
    CHECK(replayed.balls() .size() == 1);
}

TEST_CASE("a line with the other dimensions' count is refused naming the line, the verb and "
          "both counts", "[events][3d]")
{
    const Settings s3 = cloth3();
    const Settings s2 = pbd::test::clothSettings(6, 5);
    // 2D lines in a 3D run.
    CHECK_THAT(errorOf<3>("0 drag 5 1 2\n", s3),
               Contains("line 1: 'drag' takes 4 values, got 3") &&
                   Contains("'STEP drag INDEX X Y Z'") &&
                   Contains("the form of dimensions = 2 ('STEP drag INDEX X Y')") &&
                   Contains("this run has dimensions = 3"));
    CHECK_THAT(errorOf<3>("0 pin 1\n1 grab 1 2 0.5\n", s3),
               Contains("line 2: 'grab' takes 4 values, got 3") &&
                   Contains("this run has dimensions = 3"));
    CHECK_THAT(errorOf<3>("0 move 1 2\n", s3), Contains("'move' takes 3 values, got 2") &&
                                                   Contains("dimensions = 2"));
    CHECK_THAT(errorOf<3>("0 release 1 2\n", s3),
               Contains("'release' takes no values or 3 (VX VY VZ), got 2") &&
                   Contains("dimensions = 2"));
    CHECK_THAT(errorOf<3>("0 cut 0 0 1 1\n", s3),
               Contains("'cut' takes 9 values, got 4") &&
                   Contains("'STEP cut X1 Y1 Z1 X2 Y2 Z2 DX DY DZ'") &&
                   Contains("dimensions = 2"));
    CHECK(errorOf<3>("0 obstacle sphere:0,0,0,1\n0 move-obstacle 0 1 2 30\n", s3).empty());
    CHECK_THAT(errorOf<3>("0 obstacle sphere:0,0,0,1\n0 move-obstacle 0 1 2\n", s3),
               Contains("line 2: 'move-obstacle' takes 4 or 7 values, got 3") &&
                   Contains("dimensions = 2"));
    CHECK_THAT(errorOf<3>("0 ball 1 2 0.3 1\n", s3),
               Contains("'ball' takes 5 values, got 4") && Contains("dimensions = 2"));
    CHECK_THAT(errorOf<3>("0 ball 1 2 0 0.3 1\n0 grab-ball 0 1 2\n", s3),
               Contains("line 2: 'grab-ball' takes 4 values, got 3") &&
                   Contains("dimensions = 2"));
    CHECK_THAT(errorOf<3>("0 move-ball 1 2\n", s3),
               Contains("'move-ball' takes 3 values, got 2") && Contains("dimensions = 2"));
    CHECK_THAT(errorOf<3>("0 release-ball 1 2\n", s3),
               Contains("'release-ball' takes 0 or 3 values, got 2") &&
                   Contains("dimensions = 2"));
    CHECK_THAT(errorOf<3>("0 obstacle circle:0,0,1\n", s3), Contains("line 1") &&
                                                                Contains("circle"));
    // 3D lines in a 2D run.
    CHECK_THAT(errorOf<2>("0 drag 5 1 2 3\n", s2),
               Contains("line 1: 'drag' takes 3 values, got 4") &&
                   Contains("the form of dimensions = 3 ('STEP drag INDEX X Y Z')") &&
                   Contains("this run has dimensions = 2"));
    CHECK_THAT(errorOf<2>("0 cut 0 0 0 1 1 1 0 0 1\n", s2),
               Contains("'cut' takes 4 values, got 9") && Contains("dimensions = 3"));
    CHECK_THAT(errorOf<2>("0 release 1 2 3\n", s2),
               Contains("'release' takes no values or 2") && Contains("dimensions = 3"));
    // A count of neither form has no note.
    CHECK_THAT(errorOf<3>("0 drag 5 1\n", s3), !Contains("dimensions"));
    // NaN is refused naming the field, z too.
    CHECK_THAT(errorOf<3>("0 drag 5 1 2 nan\n", s3), Contains("line 1: Z 'nan'"));
    CHECK_THAT(errorOf<3>("0 cut 0 0 0 1 1 1 0 nan 1\n", s3), Contains("DY 'nan'"));
    CHECK_THAT(errorOf<3>("0 release 0 0 inf\n", s3), Contains("VZ 'inf'"));
    CHECK_THAT(errorOf<3>("0 obstacle sphere:0,0,0,1\n0 move-obstacle 0 1 2 3 0 nan 0\n", s3),
               Contains("line 2: AY 'nan'"));
    CHECK_THAT(errorOf<3>("0 ball 1 2 0 0.3 1\n0 grab-ball 0 1 2 nan\n", s3),
               Contains("line 2: Z 'nan'"));
    // A script of one dimensions keeps them (parseScriptPieces() cuts it there instead); a
    // scene of the other dimensions is refused naming both.
    CHECK_THAT(errorOf<3>("0 set dimensions 2\n", s3),
               Contains("line 1: set dimensions '2' is not allowed in a run of dimensions = 3"));
    CHECK_THAT(errorOf<3>("0 pin 1\n0 scene page\n", s3),
               Contains("line 2: scene 'page': a scene of dimensions = 2 is not allowed in a "
                        "run of dimensions = 3"));
}

TEST_CASE("a 3D command with a non-finite point is refused naming it, changing nothing",
          "[command][3d]")
{
    Simulation3 sim(cloth3());
    const double nan = std::numeric_limits<double>::quiet_NaN();
    REQUIRE_FALSE(pbd::apply(sim, Command3{pbd::GrabCommand{3}}));
    const SimulationState3 before = sim.state();
    auto error = pbd::apply(sim, Command3{pbd::MoveCommandOf<3>{{0.0, 1.0, nan}}});
    REQUIRE(error);
    CHECK_THAT(error->message, Contains("move: position (0, 1, nan)"));
    error = pbd::apply(sim, Command3{pbd::CutCommandOf<3>{{0.0, 0.0, 0.0}, {1.0, 1.0, 0.0},
                                                         {0.0, nan, 1.0}}});
    REQUIRE(error);
    CHECK_THAT(error->message, Contains("cut: direction (0, nan, 1)"));
    CHECK(sim.state() == before);
    CHECK(std::string(pbd::commandName(Command3{pbd::CutCommandOf<3>{}})) == "cut");
    CHECK(std::string(pbd::commandName(Command3{pbd::SceneCommand{}})) == "scene");
    CHECK_THAT(pbd::apply(sim, Command3{pbd::SceneCommand{"page", {}}})->message,
               Contains("dimensions = 3"));
}

TEST_CASE("a 3D script's scene line replaces the cloth and world by a 3D scene's, and a "
          "restart brings that scene back",
          "[events][3d][scenes]")
{
    const Settings s3 = cloth3();
    const std::vector<DragEvent3> events =
        pbd::parseEventScript<3>("0 pin 29\n10 scene drape-3d\n10 pin 960\n30 restart\n", s3);
    REQUIRE(events.size() == 4);
    CHECK(events[1].kind == pbd::DragEventKind::Scene);
    CHECK(pbd::formatEvent(events[1]) == "10 scene drape-3d");
    // Indices after the line are the scene's cloth's (31 x 31), its obstacles' and balls'.
    CHECK_THAT(errorOf<3>("0 scene drape-3d\n1 pin 961\n", s3),
               Contains("line 2: particle index '961' is not allowed; allowed: 0 to 960"));
    CHECK_THAT(errorOf<3>("0 scene drape-3d\n1 remove-obstacle 2\n", s3), Contains("line 2"));
    CHECK(errorOf<3>("0 scene drape-3d\n1 remove-obstacle 1\n", s3).empty());

    // What --scene starts: the scene applied to a fresh 3D cloth.
    Simulation3 scene(pbd::Simulation3::defaultSettings());
    REQUIRE_FALSE(pbd::applyScene(scene, *pbd::builtInScene("drape-3d")));

    Simulation3 sim(s3);
    playTaken(events, sim, 10);
    CHECK(sim.settings().width == 31);
    CHECK(sim.obstacles().size() == 2);
    CHECK(sim.particles().pinned(960));
    sim.unpin(960);
    CHECK(sameBits(sim.particles().position, scene.particles().position));
    // Stepped apart, then restarted: the scene comes back, not the script's first cloth.
    for (int i = 0; i < 20; ++i)
        sim.step();
    CHECK_FALSE(sameBits(sim.particles().position, scene.particles().position));
    History3 history;
    REQUIRE_FALSE(history.apply(sim, Command3{pbd::RestartCommand{}}));
    CHECK(sim.settings().width == 31);
    CHECK(sim.obstacles().size() == 2);
    CHECK(sameBits(sim.particles().position, scene.particles().position));
}

TEST_CASE("a script is cut into pieces at its changes of dimensions, each parsed in its own",
          "[events][3d]")
{
    Settings s2 = pbd::test::clothSettings(6, 5);
    const std::vector<pbd::ScriptPiece> pieces =
        pbd::parseScriptPieces("0 drag 5 1 2\n"
                               "10 set width 7\n"
                               "10 set dimensions 3\n"
                               "10 drag 34 1 2 3\n"
                               "# a comment\n"
                               "20 set dimensions 2\n"
                               "20 set dimensions 2\n"
                               "30 drag 34 1 2\n",
                               s2);
    REQUIRE(pieces.size() == 3);
    REQUIRE(pieces[0].index() == 0);
    REQUIRE(pieces[1].index() == 1);
    REQUIRE(pieces[2].index() == 0);
    const auto& first = std::get<pbd::ScriptPieceOf<2>>(pieces[0]);
    const auto& second = std::get<pbd::ScriptPieceOf<3>>(pieces[1]);
    const auto& third = std::get<pbd::ScriptPieceOf<2>>(pieces[2]);
    CHECK_FALSE(first.start);
    CHECK(first.events.size() == 2); // the drag and the width
    REQUIRE(second.start);
    CHECK(second.start->step == 10);
    CHECK(second.start->line == 3);
    CHECK(second.start->dimensions == 3);
    CHECK(second.start->settings.dimensions == 3);
    CHECK(second.start->settings.width == 7); // the settings so far
    REQUIRE(second.events.size() == 1);
    CHECK(second.events[0].position == Vec<3>(1.0, 2.0, 3.0));
    REQUIRE(third.start);
    CHECK(third.start->line == 6);
    CHECK(third.start->settings.dimensions == 2);
    CHECK(third.events.size() == 2); // a `set dimensions` to the same count is a plain set
    // Without a change: one piece, the events parseEventScript() gives.
    const auto one = pbd::parseScriptPieces("0 drag 5 1 2\n3 release\n", s2);
    REQUIRE(one.size() == 1);
    const auto& alone = std::get<pbd::ScriptPieceOf<2>>(one[0]).events;
    const auto plain = pbd::parseEventScript<2>("0 drag 5 1 2\n3 release\n", s2);
    REQUIRE(alone.size() == plain.size());
    for (std::size_t i = 0; i < plain.size(); ++i)
        CHECK(pbd::formatEvent(alone[i]) == pbd::formatEvent(plain[i]));

    auto pieceError = [](const std::string& script, const Settings& settings) -> std::string {
        try {
            pbd::parseScriptPieces(script, settings);
        } catch (const DragScriptError& e) {
            return e.what();
        }
        return "";
    };
    // After the change the lines are the new dimensions', counted from the script's start.
    CHECK_THAT(pieceError("0 pin 1\n5 set dimensions 3\n6 drag 5 1 2\n", s2),
               Contains("line 3: 'drag' takes 4 values, got 3") &&
                   Contains("this run has dimensions = 3"));
    CHECK_THAT(pieceError("5 set dimensions 3\n4 pin 1\n", s2),
               Contains("line 2: step 4 comes after step 5"));
    CHECK_THAT(pieceError("0 set dimensions 3\n0 obstacle circle:0,0,1\n", s2),
               Contains("line 2") && Contains("circle"));
    // Indices against the new cloth, which has no obstacles (the old world's dimensions).
    CHECK(pieceError("0 obstacle circle:0,0,1\n1 remove-obstacle 0\n", s2).empty());
    CHECK_THAT(pieceError("0 obstacle circle:0,0,1\n1 set dimensions 3\n1 remove-obstacle 0\n", s2),
               Contains("line 3"));
    CHECK_THAT(pieceError("0 set width 3\n1 set dimensions 3\n1 pin 15\n", s2),
               Contains("line 3: particle index '15' is not allowed; allowed: 0 to 14"));
    // Settings the other dimensions refuse, named with the line.
    Settings bent = cloth3();
    bent.bending = 0.001;
    CHECK_THAT(pieceError("0 set dimensions 2\n", bent),
               Contains("line 1") && Contains("bending") && Contains("dimensions = 2"));
    // After an undo the settings are not known: refused.
    CHECK_THAT(pieceError("0 pin 1\n1 undo\n2 set dimensions 3\n", s2),
               Contains("line 3: set dimensions '3' after an undo or redo line is not allowed"));
    // An undo after the change is the new piece's (a history of its own).
    CHECK(pieceError("0 set dimensions 3\n1 undo\n2 pin 1\n", s2).empty());
}
