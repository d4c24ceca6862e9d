// The hand-sized grab, undo and redo through the controller (issue 22): a press with a grab
// radius holds the particles within it; Ctrl+Z and Ctrl+Shift+Z (and the panel's buttons) go
// back and forth between exact states; a recording with area grabs, undo and redo plays in
// pbd-sim's player to the controller's positions bit for bit; an autosave holds an area grab.

#include <catch2/catch.hpp>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <unistd.h>

#include "controller_rig.h"
#include "io/autosave.h"
#include "io/run_files.h"
#include "play_as_pbd_sim.h"
#include "pbd/drag_script.h"
#include "pbd/state_file.h"
#include "../unit/sim_builders.h"

using namespace pbd;
using namespace pbd::app;
using namespace pbd::app::testing;
namespace fs = std::filesystem;

namespace {

using pbd::test::readText;
using pbd::test::sameBits;

constexpr Modifiers kCtrlShift{true, true, false};

void withGrabRadius(Rig& rig, double radius)
{
    Preferences p = rig.controller.preferences();
    p.grabRadius = radius;
    rig.controller.setPreferences(p);
}

} // namespace

TEST_CASE("with a grab radius a left press holds every particle within it, the drag carries "
          "them at their offsets and the release throws them all",
          "[controller][grab]")
{
    Rig rig;
    withGrabRadius(rig, 0.45);
    const glm::dvec2 at = rig.screenOf(29, 39) + glm::dvec2(-5.0, -5.0); // near the corner
    rig.press(MouseButton::Left, at);
    REQUIRE(rig.simulation.areaGrab());
    const AreaGrab grab = *rig.simulation.areaGrab();
    CHECK(std::get<AreaGrabCommand>(rig.commands.back()).radius == 0.45);
    CHECK(grab.point == rig.camera().screenToWorld(at));
    CHECK(grab.particles.size() == 9); // a 3 x 3 block of the grid, the corner in it
    CHECK(rig.controller.input().reachCentre() == grab.point);
    rig.now += 0.01;
    rig.controller.mouseMove(at + glm::dvec2(50.0, 0.0)); // 1 m right
    const glm::dvec2 point = rig.camera().screenToWorld(at + glm::dvec2(50.0, 0.0));
    for (std::size_t k = 0; k < grab.particles.size(); ++k)
        CHECK(rig.simulation.particles().position[grab.particles[k]] == point + grab.offsets[k]);
    rig.releaseButton(MouseButton::Left);
    CHECK_FALSE(rig.simulation.holding());
    const auto release = std::get<ReleaseCommand>(rig.commands.back());
    REQUIRE(release.velocity);
    CHECK(release.velocity->x == Approx(1.0 / 0.01));
    for (Index i : grab.particles)
        CHECK(rig.simulation.particles().velocity[i] == *release.velocity);
}

TEST_CASE("with a grab radius a press with nothing in reach holds nothing and issues nothing",
          "[controller][grab]")
{
    Rig rig;
    withGrabRadius(rig, 0.3);
    rig.press(MouseButton::Left, rig.screenOf(29, 39) + glm::dvec2(40.0, 40.0)); // 1.1 m off
    rig.controller.mouseMove({600.0, 600.0});
    rig.releaseButton(MouseButton::Left);
    CHECK(rig.commands.empty());
    CHECK_FALSE(rig.simulation.holding());
    // Shift+click still pins the one particle under the pointer.
    rig.controller.mouseMove(rig.screenOf(10, 10));
    rig.controller.mouseButton(MouseButton::Left, true, {true, false, false}, kCanvas);
    CHECK(rig.simulation.particles().pinned(10 * 40 + 10));
    CHECK(rig.count<PinCommand>() == 1);
}

TEST_CASE("cut, then Ctrl+Z restores the constraint count and the exact positions, "
          "Ctrl+Shift+Z redoes the cut",
          "[controller][history]")
{
    Rig rig(Settings{}); // the page's, with gravity
    for (int i = 0; i < 10; ++i)
        rig.controller.advance();
    const SimulationState before = rig.simulation.state();
    const glm::dvec2 top = rig.camera().worldToScreen({3.9, 1.0});
    const glm::dvec2 bottom = rig.camera().worldToScreen({3.9, -9.0});
    rig.controller.mouseMove(top);
    rig.controller.mouseButton(MouseButton::Left, true, kCtrl, kCanvas);
    rig.controller.mouseMove(bottom);
    rig.controller.mouseButton(MouseButton::Left, false, kCtrl, kCanvas);
    const SimulationState cut = rig.simulation.state();
    REQUIRE(rig.simulation.liveConstraintCount() == 4592 - 88); // the constraints across x = 3.9
    for (int i = 0; i < 20; ++i)
        rig.controller.advance();
    rig.tap(Key::Z, kCtrl);
    CHECK(rig.simulation.liveConstraintCount() == 4592);
    CHECK(sameBits(rig.simulation.particles().position, before.position));
    CHECK(rig.simulation.state() == before);
    CHECK(std::holds_alternative<UndoCommand>(rig.commands.back()));
    rig.tap(Key::Z, kCtrlShift);
    CHECK(rig.simulation.state() == cut);
    CHECK(std::holds_alternative<RedoCommand>(rig.commands.back()));
    // The panel's buttons do the same.
    PanelActions undo;
    undo.undo = true;
    rig.controller.panel(undo);
    CHECK(rig.simulation.state() == before);
    PanelActions redo;
    redo.redo = true;
    rig.controller.panel(redo);
    CHECK(rig.simulation.state() == cut);
    // Nothing more to redo: refused with a message, and nothing is observed.
    const std::size_t observed = rig.commands.size();
    rig.tap(Key::Z, kCtrlShift);
    CHECK(rig.controller.lastError() == "redo: nothing to redo");
    CHECK(rig.commands.size() == observed);
}

TEST_CASE("Ctrl+Z is the field's own undo while typing, Ctrl+Z and Ctrl+Shift+Z repeat",
          "[controller][history]")
{
    CHECK(keyAction(Key::Z, false, kCtrl, kTyping) == KeyAction::None);
    CHECK(keyAction(Key::Z, false, kCtrl, kOverPanel) == KeyAction::Undo);
    CHECK(keyAction(Key::Z, true, kCtrl, {}) == KeyAction::Undo);
    CHECK(keyAction(Key::Z, true, kCtrlShift, {}) == KeyAction::Redo);
    CHECK(keyAction(Key::Z, false, kNone, {}) == KeyAction::None);
}

TEST_CASE("an undo during a drag ends the drag and takes the whole grab back", "[controller][history]")
{
    Rig rig;
    const SimulationState start = rig.simulation.state();
    rig.press(MouseButton::Left, rig.screenOf(29, 5));
    rig.controller.mouseMove({600.0, 700.0});
    rig.controller.advance();
    rig.tap(Key::Z, kCtrl);
    CHECK(rig.simulation.state() == start);
    const std::size_t issued = rig.commands.size();
    rig.controller.mouseMove({650.0, 720.0}); // the drag is over: nothing follows the pointer
    rig.releaseButton(MouseButton::Left);
    CHECK(rig.commands.size() == issued);
}

TEST_CASE("undo waits for a step running on another thread and goes back from the state it "
          "reached",
          "[controller][history]")
{
    Rig rig(Settings{});
    rig.controller.driver().setOffThread(OffThread::Always);
    rig.controller.advance(); // starts a step off the thread
    REQUIRE(rig.controller.driver().steppingOffThread());
    const glm::dvec2 corner = rig.camera().worldToScreen(rig.simulation.particles().position[0]);
    rig.controller.mouseMove(corner);
    rig.controller.mouseButton(MouseButton::Left, true, {true, false, false}, kCanvas); // unpin
    rig.controller.finishOffThreadStep();
    const std::size_t steps = rig.simulation.stepCount();
    REQUIRE_FALSE(rig.simulation.particles().pinned(0));
    rig.controller.advance();
    rig.tap(Key::Z, kCtrl);
    CHECK_FALSE(rig.controller.driver().steppingOffThread());
    CHECK(rig.simulation.particles().pinned(0));
    CHECK(rig.simulation.stepCount() == steps); // just before the unpin: after that step
}

TEST_CASE("a recording with area grabs, undo and redo plays in pbd-sim's player to the "
          "controller's positions bit for bit",
          "[controller][history][record]")
{
    Settings settings;
    settings.tearStrain = 0.3;
    settings.solver = GENERATE(Solver::Sequential, Solver::Colored);
    const OffThread offThread = GENERATE(OffThread::Never, OffThread::Always);
    const fs::path path = fs::temp_directory_path() /
                          ("pbd-undo-record-" + std::to_string(::getpid()) + ".txt");
    Rig rig(settings);
    rig.controller.driver().setOffThread(offThread);
    RunFiles files(rig.controller);
    REQUIRE(files.startRecording(path.string()));
    withGrabRadius(rig, 0.5);
    const auto frames = [&](int n) {
        for (int i = 0; i < n; ++i) {
            rig.now += 1.0 / 60.0;
            rig.controller.advance();
            files.tick();
        }
    };
    frames(5);
    glm::dvec2 pointer = rig.camera().worldToScreen(rig.simulation.particles().position[1199]);
    rig.press(MouseButton::Left, pointer);
    for (int k = 0; k < 20; ++k) {
        pointer += glm::dvec2(25.0, 2.0);
        rig.controller.mouseMove(pointer);
        frames(1);
    }
    rig.releaseButton(MouseButton::Left);
    frames(4);
    rig.tap(Key::Z, kCtrl); // the whole grab back
    frames(3);
    rig.tap(Key::Z, kCtrlShift); // and forward, to the moment of its release
    frames(3);
    withGrabRadius(rig, 0.0);
    rig.controller.mouseMove(rig.camera().worldToScreen(rig.simulation.particles().position[600]));
    rig.controller.mouseButton(MouseButton::Left, true, {true, false, false}, kCanvas); // a pin
    frames(2);
    rig.tap(Key::Z, kCtrl);
    frames(2);
    // A setting changed, undone and changed again to the same value: the recording must say
    // it twice (the undo took the first one back).
    const auto commit = [&](const char* text) {
        PanelActions actions;
        actions.effect = rig.controller.model().commitText(PanelField::Iterations, text);
        REQUIRE(actions.effect != CommitEffect::None);
        rig.controller.panel(actions);
    };
    commit("6");
    frames(2);
    rig.tap(Key::Z, kCtrl);
    CHECK(rig.simulation.settings().iterations == 2);
    CHECK(rig.controller.model().settings().iterations == 2); // the panel follows the undo
    frames(1);
    commit("6");
    frames(2);
    REQUIRE(files.stopRecording());
    const std::string script = readText(path);
    INFO(script.substr(0, 3000));
    CHECK(script.find(" grab ") != std::string::npos);
    CHECK(script.find(" move ") != std::string::npos);
    CHECK(script.find(" undo\n") != std::string::npos);
    CHECK(script.find(" redo\n") != std::string::npos);
    const Simulation replayed = playAsPbdSim(script);
    CHECK(replayed.liveConstraintCount() == rig.simulation.liveConstraintCount());
    CHECK(replayed.settings() == rig.simulation.settings());
    CHECK(replayed.time() == rig.simulation.time());
    CHECK(sameBits(replayed.particles().position, rig.simulation.particles().position));
    fs::remove(path);
}

TEST_CASE("an undo right after a recording starts goes back no further than its fresh cloth",
          "[controller][history][record]")
{
    const fs::path path = fs::temp_directory_path() /
                          ("pbd-undo-start-" + std::to_string(::getpid()) + ".txt");
    Rig rig(Settings{});
    RunFiles files(rig.controller);
    REQUIRE_FALSE(rig.controller.issue(CutCommand{{3.9, 1.0}, {3.9, -9.0}}));
    REQUIRE_FALSE(rig.controller.issue(PinCommand{600}));
    REQUIRE(files.startRecording(path.string()));
    rig.controller.advance();
    rig.tap(Key::Z, kCtrl); // nothing of the recording to undo: refused, not recorded
    CHECK(rig.controller.lastError() == "undo: nothing to undo");
    CHECK(rig.simulation.liveConstraintCount() == 4592);
    rig.controller.advance();
    REQUIRE(files.stopRecording());
    const std::string script = readText(path);
    CHECK(script.find("undo") == std::string::npos);
    CHECK(sameBits(playAsPbdSim(script).particles().position, rig.simulation.particles().position));
    fs::remove(path);
}

TEST_CASE("the panel's Grab radius field takes metres from 0 to 100 and refuses the rest, "
          "naming them",
          "[panel][grab]")
{
    PanelModel model;
    CHECK(model.grabRadius() == 0.0);
    CHECK(model.grabRadiusLabel() == "Grab radius (m)");
    CHECK(model.commitGrabRadius("0.5"));
    CHECK(model.grabRadiusText() == "0.5");
    CHECK_FALSE(model.commitGrabRadius("-1"));
    CHECK(model.grabRadiusError() ==
          "Grab radius: '-1' is not allowed; allowed: a finite number from 0 to 100 m");
    CHECK(model.grabRadius() == 0.5); // the last valid value
    CHECK_FALSE(model.commitGrabRadius("nan"));
    CHECK(model.errors().back().find("Grab radius: 'nan'") == 0);
    CHECK(model.stepGrabRadius(+1));
    CHECK(model.grabRadius() == 0.6);
    CHECK(model.grabRadiusError().empty());
    for (int i = 0; i < 10; ++i)
        model.stepGrabRadius(-1);
    CHECK(model.grabRadius() == 0.0);
    Rig rig;
    PanelActions actions;
    rig.controller.model().commitGrabRadius("0.25");
    rig.controller.panel(actions);
    CHECK(rig.controller.preferences().grabRadius == 0.25);
}

TEST_CASE("an autosave written during an area grab holds it, and restoring it holds on",
          "[controller][grab][autosave]")
{
    const fs::path folder = fs::temp_directory_path() /
                            ("pbd-undo-autosave-" + std::to_string(::getpid()));
    fs::remove_all(folder);
    Rig rig;
    RunFiles files(rig.controller);
    Autosave autosave(rig.controller, files, AutosaveOptions{}, folder.string(), 4343,
                      [&rig] { return rig.now; }, [](pid_t) { return false; });
    autosave.start();
    withGrabRadius(rig, 0.5);
    const glm::dvec2 at = rig.screenOf(29, 39);
    rig.press(MouseButton::Left, at);
    rig.controller.mouseMove(at + glm::dvec2(60.0, -20.0));
    rig.controller.advance();
    REQUIRE(rig.simulation.areaGrab());
    autosave.finish(AutosaveEnd::Interrupted); // written once more, and kept
    Simulation restored{Settings{}};
    REQUIRE_FALSE(loadStateFile(restored, (folder / "autosave-4343.json").string()));
    CHECK(restored.areaGrab() == rig.simulation.areaGrab());
    CHECK(restored.state() == rig.simulation.state());
    fs::remove_all(folder);
}
