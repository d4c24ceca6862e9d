// Recording, playback, saving and loading through the controller, with no window: the recorded
// script played as pbd-sim plays it gives the controller's own positions bit for bit; a saved
// state continues exactly; failures keep the old file and change nothing; a playback keeps its
// pace through pauses and single steps and stops when the cloth is changed by hand.

#include <catch2/catch.hpp>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <unistd.h>

#include "controller_rig.h"
#include "logic/controller.h"
#include "pbd/drag_script.h"
#include "pbd/state_io.h"
#include "io/run_files.h"
#include "play_as_pbd_sim.h"
#include "../unit/sim_builders.h"

using namespace pbd;
using namespace pbd::app;
using pbd::app::testing::playAsPbdSim;
using Catch::Matchers::Contains;
namespace fs = std::filesystem;

namespace {

using pbd::test::readText;
using pbd::test::samePositions;

using pbd::app::testing::kCanvas;
using pbd::app::testing::kNone;
constexpr Modifiers kShift{true, false, false};
constexpr Modifiers kCtrl{false, true, false};

/// A fresh folder for one test's files.
fs::path scratchFolder(const std::string& name)
{
    const fs::path folder = fs::temp_directory_path() / ("pbd-run-files-" + name + "-" +
                                                         std::to_string(::getpid()));
    fs::remove_all(folder);
    fs::create_directories(folder);
    return folder;
}

/// A controller on a 1400 x 960 window (the page's view: 50 px per metre) with RunFiles
/// watching it. Its clock moves 1/60 s per frame and not during steps, so each frame takes the
/// page's 8 steps.
struct FilesRig {
    explicit FilesRig(const Settings& settings, OffThread steps = OffThread::Never)
        : simulation(settings), controller(simulation, [this] { return now; }), files(controller)
    {
        controller.resize({1400.0, 960.0}, 1.0, 1.0);
        controller.driver().setOffThread(steps);
    }
    glm::dvec2 screenOf(Index i) const
    {
        return controller.view().camera().worldToScreen(simulation.particles().position[i]);
    }
    void frames(int n)
    {
        for (int k = 0; k < n; ++k) {
            now += 1.0 / 60.0;
            controller.advance();
            files.tick(); // as the app's frame loop
        }
    }
    void click(glm::dvec2 at, Modifiers modifiers)
    {
        controller.mouseMove(at);
        controller.mouseButton(MouseButton::Left, true, modifiers, kCanvas);
        controller.mouseButton(MouseButton::Left, false, modifiers, kCanvas);
    }
    void commit(PanelField field, const char* text)
    {
        PanelActions actions;
        actions.effect = controller.model().commitText(field, text);
        REQUIRE(actions.effect != CommitEffect::None);
        controller.panel(actions);
    }

    double now = 0.0;
    Simulation simulation;
    Controller controller;
    RunFiles files;
};

/// Lines of `text` that start with `prefix`.
std::vector<std::string> linesWith(const std::string& text, const std::string& part)
{
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (line.find(part) != std::string::npos)
            lines.push_back(line);
    return lines;
}

/// Drags, a pin, a cut, a settings change and a throw through the controller, as a person
/// would, then a grab moved while paused (no step follows it).
void interact(FilesRig& rig)
{
    const Index corner = 29 * 40; // bottom-left
    rig.frames(3);
    rig.controller.mouseMove(rig.screenOf(corner));
    rig.controller.mouseButton(MouseButton::Left, true, kNone, kCanvas);
    REQUIRE(rig.simulation.grabbed() == corner);
    glm::dvec2 pointer = rig.screenOf(corner);
    for (int k = 0; k < 12; ++k) { // a move every frame, two in some
        pointer += glm::dvec2(7.0, -3.0);
        rig.controller.mouseMove(pointer);
        if (k % 3 == 0)
            rig.controller.mouseMove(pointer + glm::dvec2(1.5, 0.5));
        rig.frames(1);
    }
    rig.controller.mouseMove(pointer + glm::dvec2(9.0, -2.0));
    rig.controller.mouseButton(MouseButton::Left, false, kNone, kCanvas); // a throw
    REQUIRE_FALSE(rig.simulation.grabbed());
    rig.frames(2);
    const Index middle = 15 * 40 + 20;
    rig.click(rig.screenOf(middle), kShift);
    REQUIRE(rig.simulation.particles().pinned(middle));
    rig.frames(2);
    // The knife from above the cloth to below it, between columns 9 and 10.
    const double x = 0.5 * (rig.simulation.particles().position[9].x +
                            rig.simulation.particles().position[10].x);
    const glm::dvec2 top = rig.controller.view().camera().worldToScreen({x, 0.5});
    const glm::dvec2 bottom = rig.controller.view().camera().worldToScreen({x, -3.0});
    rig.controller.mouseMove(top);
    rig.controller.mouseButton(MouseButton::Left, true, kCtrl, kCanvas);
    rig.controller.mouseMove(bottom);
    rig.controller.mouseButton(MouseButton::Left, false, kCtrl, kCanvas);
    REQUIRE(rig.simulation.liveConstraintCount() < rig.simulation.constraints().size());
    rig.frames(2);
    rig.commit(PanelField::Iterations, "5");
    rig.commit(PanelField::Damping, "0.5");
    rig.frames(3);
    // Paused: a grab and moves with no step after them.
    rig.controller.key(Key::Space, false, kNone, kCanvas);
    rig.frames(1);
    const Index other = 20 * 40 + 30;
    rig.controller.mouseMove(rig.screenOf(other));
    rig.controller.mouseButton(MouseButton::Left, true, kNone, kCanvas);
    rig.controller.mouseMove(rig.screenOf(other) + glm::dvec2(20.0, 10.0));
    rig.frames(1);
    REQUIRE(rig.simulation.grabbed() == other);
}

} // namespace

TEST_CASE("a recording played as pbd-sim plays it gives the controller's positions bit for bit",
          "[run-files][record]")
{
    Settings settings; // the page's, gravity and all
    settings.solver = GENERATE(Solver::Sequential, Solver::Colored);
    settings.threads = 3;
    settings.width = 40;
    // Steps on the frame's thread, or each on a thread of its own while the input goes on
    // (commands then apply on screen at once and are observed after the step).
    const OffThread steps = GENERATE(OffThread::Never, OffThread::Always);
    const fs::path folder = scratchFolder("record");
    const std::string path = (folder / "rec.txt").string();
    FilesRig rig(settings, steps);
    REQUIRE(rig.files.startRecording(path));
    interact(rig);
    REQUIRE(rig.files.stopRecording());
    const auto stepCount = rig.simulation.stepCount();
    CHECK(rig.simulation.grabbed()); // stopping the recording changes nothing

    const std::string script = readText(path);
    INFO(script.substr(0, 2000));
    // The settings first, the solver among them; then what happened at its step.
    CHECK(script.find(std::string("0 set solver ") + solverName(settings.solver) + "\n") !=
          std::string::npos);
    CHECK(script.find("0 set threads 3\n") != std::string::npos);
    CHECK(linesWith(script, " set iterations 5").size() == 1);
    CHECK(linesWith(script, " set damping 0.5").size() == 1);
    CHECK(linesWith(script, " pin 620").size() == 1);
    CHECK(linesWith(script, " cut ").size() == 1);
    const auto throws = linesWith(script, " release ");
    REQUIRE(throws.size() == 1);
    CHECK(throws[0].find(" release 0 0") == std::string::npos); // a real throw velocity
    if (steps == OffThread::Never) // (off the thread, how many frames step depends on timing)
        CHECK(linesWith(script, " drag 1160 ").size() >= 12); // a move every frame
    CHECK(script.find(std::to_string(stepCount) + " end\n") != std::string::npos);
    CHECK(script.find("# final positions hash " +
                      formatHash(positionsHash(rig.simulation.particles().position))) !=
          std::string::npos);

    const Simulation replayed = playAsPbdSim(script);
    CHECK(replayed.stepCount() == stepCount);
    CHECK(replayed.settings() == rig.simulation.settings());
    CHECK(replayed.liveConstraintCount() == rig.simulation.liveConstraintCount());
    CHECK(replayed.grabbed() == rig.simulation.grabbed());
    CHECK(samePositions(replayed, rig.simulation));
    fs::remove_all(folder);
}

TEST_CASE("a recording starts from a fresh cloth, writes its header at once and nothing for a "
          "step, and a settings "
          "change from another size is in a valid order",
          "[run-files][record]")
{
    const fs::path folder = scratchFolder("fresh");
    const std::string path = (folder / "rec.txt").string();
    FilesRig rig(Settings{});
    rig.frames(5); // the cloth has fallen a little
    REQUIRE(rig.simulation.stepCount() == 40);
    REQUIRE(rig.files.startRecording(path));
    CHECK(rig.simulation.stepCount() == 0);
    CHECK(rig.simulation.particles().position == Simulation(Settings{}).particles().position);
    const std::string header = readText(path); // on disk at once, up to `0 restart`
    CHECK(header.ends_with("\n0 restart\n"));
    rig.frames(100);
    // 800 steps and nothing more on disk: a step writes nothing.
    CHECK(readText(path) == header);
    CHECK(rig.files.view().status == "Recording to " + path + ": step 800");
    // A narrower cloth with the colored solver, committed at once (width rebuilds).
    PanelActions actions;
    REQUIRE(rig.controller.model().commitText(PanelField::Width, "12") == CommitEffect::Restart);
    REQUIRE(rig.controller.model().chooseSolver(Solver::Colored) == CommitEffect::Live);
    actions.effect = CommitEffect::Restart;
    rig.controller.panel(actions);
    rig.frames(10);
    // Ctrl+R stops (a repeat does nothing).
    CHECK(rig.files.key(Key::R, true, kCtrl));
    CHECK(rig.files.recording());
    CHECK(rig.files.key(Key::R, false, kCtrl));
    CHECK_FALSE(rig.files.recording());
    CHECK_THAT(rig.files.message(), Contains("Recorded 880 steps"));
    const std::string script = readText(path);
    CHECK(script.find("800 set width 12\n") != std::string::npos);
    CHECK(script.find("800 set solver colored\n") != std::string::npos);
    CHECK(samePositions(playAsPbdSim(script), rig.simulation));
    fs::remove_all(folder);
}

TEST_CASE("recording refuses a file it cannot write and changes nothing", "[run-files][record]")
{
    const fs::path folder = scratchFolder("norecord");
    FilesRig rig(Settings{});
    rig.frames(2);
    CHECK_FALSE(rig.files.startRecording(folder.string())); // a folder
    CHECK(rig.files.failed());
    CHECK_THAT(rig.files.message(), Contains("Not recording") && Contains(folder.string()) &&
                                        Contains("Is a directory"));
    CHECK_FALSE(rig.files.startRecording((folder / "missing" / "rec.txt").string()));
    CHECK_THAT(rig.files.message(), Contains("No such file"));
    CHECK(rig.simulation.stepCount() == 16); // not restarted
    CHECK_FALSE(rig.files.recording());
    fs::remove_all(folder);
}

TEST_CASE("an empty file name is refused by name for every file action and changes nothing",
          "[run-files]")
{
    FilesRig rig(Settings{});
    rig.frames(2);
    const std::uint64_t hash = positionsHash(rig.simulation.particles().position);
    CHECK_FALSE(rig.files.startRecording(""));
    CHECK(rig.files.failed());
    CHECK(rig.files.message() ==
          "Not recording: the recording file name is empty; allowed: a file name");
    CHECK_FALSE(rig.files.recording());
    CHECK_FALSE(rig.files.startReplay(""));
    CHECK(rig.files.message() ==
          "Not replaying: the recording file name is empty; allowed: a file name");
    CHECK_FALSE(rig.files.save(""));
    CHECK(rig.files.message() == "Not saved: the state file name is empty; allowed: a file name");
    CHECK_FALSE(rig.files.load(""));
    CHECK(rig.files.message() == "Not loaded: the state file name is empty; allowed: a file name");
    CHECK(rig.files.failed());
    CHECK_FALSE(rig.files.replaying());
    CHECK(rig.simulation.stepCount() == 16); // not restarted, not loaded
    CHECK(positionsHash(rig.simulation.particles().position) == hash);
}

TEST_CASE("a saved state loaded through the controller continues bit for bit, on both solvers, "
          "with pins, cuts and a grab in progress, the panel shows its settings",
          "[run-files][state]")
{
    Settings settings;
    settings.solver = GENERATE(Solver::Sequential, Solver::Colored);
    settings.tearStrain = 0.4;
    const fs::path folder = scratchFolder("save");
    const std::string path = (folder / "state.json").string();
    FilesRig rig(settings);
    rig.commit(PanelField::Iterations, "4");
    rig.frames(3);
    rig.click(rig.screenOf(15 * 40 + 20), kShift); // a pin
    const glm::dvec2 top = rig.controller.view().camera().worldToScreen({3.9, 0.5});
    const glm::dvec2 bottom = rig.controller.view().camera().worldToScreen({3.9, -2.0});
    rig.controller.mouseMove(top);
    rig.controller.mouseButton(MouseButton::Left, true, kCtrl, kCanvas);
    rig.controller.mouseMove(bottom);
    rig.controller.mouseButton(MouseButton::Left, false, kCtrl, kCanvas); // a cut
    rig.frames(2);
    const Index held = 29 * 40 + 39;
    rig.controller.mouseMove(rig.screenOf(held));
    rig.controller.mouseButton(MouseButton::Left, true, kNone, kCanvas);
    rig.controller.mouseMove(rig.screenOf(held) + glm::dvec2(40.0, 30.0)); // held there
    REQUIRE(rig.simulation.grabbed() == held);
    REQUIRE(rig.simulation.liveConstraintCount() < rig.simulation.constraints().size());

    // Ctrl+S to the state field's file.
    FilesActions name;
    name.statePath = path;
    rig.files.panel(name);
    REQUIRE(rig.files.key(Key::S, false, kCtrl));
    REQUIRE_FALSE(rig.files.failed());
    CHECK_THAT(rig.files.message(), Contains("Saved " + path));
    const Simulation atSave = rig.simulation;
    rig.frames(20);
    const Simulation straight = rig.simulation;

    // Other settings in the panel, then Ctrl+O: the state and the fields come back.
    rig.commit(PanelField::Iterations, "9");
    rig.commit(PanelField::Width, "10");
    REQUIRE(rig.simulation.particles().size() == 300);
    REQUIRE(rig.files.key(Key::O, false, kCtrl));
    REQUIRE_FALSE(rig.files.failed());
    CHECK(rig.controller.model().settings() == atSave.settings());
    CHECK(rig.controller.model().settings().iterations == 4);
    CHECK(samePositions(rig.simulation, atSave));
    CHECK(rig.simulation.grabbed() == held);
    rig.frames(20);
    CHECK(samePositions(rig.simulation, straight));
    CHECK(rig.simulation.liveConstraintCount() == straight.liveConstraintCount());
    CHECK(rig.simulation.time() == straight.time());
    fs::remove_all(folder);
}

TEST_CASE("a loaded state forgets the scene chosen in the panel, undo brings it back",
          "[run-files][state]")
{
    const fs::path folder = scratchFolder("scene");
    const std::string path = (folder / "state.json").string();
    FilesRig rig(Settings{});
    FilesActions name;
    name.statePath = path;
    rig.files.panel(name);
    REQUIRE(rig.files.key(Key::S, false, kCtrl)); // the page's cloth, no world
    PanelActions scene;
    scene.world.scene = "pegs";
    rig.controller.panel(scene);
    REQUIRE(rig.controller.sceneName() == "pegs");
    rig.frames(2);
    REQUIRE(rig.files.key(Key::O, false, kCtrl));
    CHECK(rig.controller.sceneName().empty());
    CHECK(rig.simulation.obstacles().empty());
    rig.controller.key(Key::R, false, kNone, kCanvas); // a fresh page cloth, not the pegs
    CHECK(rig.simulation.obstacles().empty());
    rig.controller.key(Key::Z, false, kCtrl, kCanvas); // the restart
    rig.controller.key(Key::Z, false, kCtrl, kCanvas); // the load
    CHECK(rig.controller.sceneName() == "pegs");
    CHECK_FALSE(rig.simulation.obstacles().empty());
    fs::remove_all(folder);
}

TEST_CASE("a failed save keeps the old file and says why, a bad file loads nothing and names "
          "the field",
          "[run-files][state]")
{
    const fs::path folder = scratchFolder("fail");
    const std::string path = (folder / "state.json").string();
    FilesRig rig(Settings{});
    rig.frames(2);
    REQUIRE(rig.files.save(path));
    const std::string saved = readText(path);
    rig.frames(2);

    // The temporary file cannot be made (a folder in its place): the old file stays.
    fs::create_directory(path + ".tmp");
    CHECK_FALSE(rig.files.save(path));
    CHECK(rig.files.failed());
    CHECK_THAT(rig.files.message(), Contains("Not saved") && Contains(path));
    CHECK(readText(path) == saved);
    fs::remove(path + ".tmp");
    // The path is a folder.
    CHECK_FALSE(rig.files.save(folder.string()));
    CHECK_THAT(rig.files.message(), Contains("Not saved") && Contains("directory"));
    CHECK(fs::is_directory(folder));

    // Bad files: a wrong version, a wrong type; nothing changes, the message names the field.
    const Simulation before = rig.simulation;
    const Settings panelBefore = rig.controller.model().settings();
    std::string wrongVersion = saved;
    wrongVersion.replace(wrongVersion.find("\"version\": 1"), 12, "\"version\": 7");
    std::ofstream(folder / "v.json") << wrongVersion;
    CHECK_FALSE(rig.files.load((folder / "v.json").string()));
    CHECK_THAT(rig.files.message(), Contains("Not loaded") && Contains("version"));
    std::string wrongType = saved;
    const std::size_t width = wrongType.find("\"width\": 40");
    REQUIRE(width != std::string::npos);
    wrongType.replace(width, 11, "\"width\": \"forty\"");
    std::ofstream(folder / "t.json") << wrongType;
    CHECK_FALSE(rig.files.load((folder / "t.json").string()));
    CHECK_THAT(rig.files.message(), Contains("width"));
    CHECK_FALSE(rig.files.load((folder / "missing.json").string()));
    CHECK_THAT(rig.files.message(), Contains("missing.json"));
    CHECK(samePositions(rig.simulation, before));
    CHECK(rig.simulation.stepCount() == before.stepCount());
    CHECK(rig.controller.model().settings() == panelBefore);
    fs::remove_all(folder);
}

TEST_CASE("a playback applies each event before its step through pauses and single steps, and "
          "pauses at its end",
          "[run-files][replay]")
{
    const fs::path folder = scratchFolder("replay");
    const std::string path = (folder / "rec.txt").string();
    const std::string script = "0 set width 20\n0 set height 10\n0 set iterations 3\n0 restart\n"
                               "3 pin 105\n5 drag 199 2 -3\n9 drag 199 2.5 -3.5\n12 release 4 1\n"
                               "17 cut 1.9 1 1.9 -5\n19 set gravity -5\n22 unpin 0\n24 end\n";
    std::ofstream(path) << script;
    FilesRig rig(Settings{});
    rig.frames(1);
    REQUIRE(rig.files.startReplay(path));
    CHECK(rig.controller.model().settings().width == 20); // the step-0 lines at once
    CHECK(rig.simulation.stepCount() == 0);
    CHECK(rig.files.view().status == "Replaying " + path + ": step 0 of 24");

    rig.controller.key(Key::Space, false, kNone, kCanvas); // paused: no step
    rig.frames(3);
    CHECK(rig.files.replay()->step() == 0);
    for (int k = 0; k < 6; ++k) { // S: one step each
        rig.controller.key(Key::S, false, kNone, kCanvas);
        rig.frames(1);
    }
    CHECK(rig.files.replay()->step() == 6);
    CHECK(rig.simulation.particles().pinned(105));
    CHECK(rig.simulation.grabbed() == 199);
    // View changes do not stop it.
    rig.controller.mouseMove({300.0, 300.0});
    rig.controller.scroll(2.0, kCanvas);
    rig.controller.key(Key::Home, false, kNone, kCanvas);
    rig.controller.key(Key::Space, false, kNone, kCanvas); // runs on: 8 per frame
    rig.frames(2);
    CHECK(rig.files.replay()->step() == 22);
    rig.frames(1); // two more steps, then the end: paused there
    CHECK_FALSE(rig.files.replaying());
    CHECK(rig.controller.paused());
    CHECK(rig.simulation.stepCount() == 24);
    CHECK_THAT(rig.files.message(), Contains("finished at step 24") && Contains("paused"));
    CHECK(samePositions(rig.simulation, playAsPbdSim(script)));
    rig.frames(3);
    CHECK(rig.simulation.stepCount() == 24);
    fs::remove_all(folder);
}

TEST_CASE("changing the cloth by hand stops a playback with a message, the cloth carries on",
          "[run-files][replay]")
{
    const fs::path folder = scratchFolder("takeover");
    const std::string path = (folder / "rec.txt").string();
    std::ofstream(path) << "0 set iterations 3\n0 restart\n40 pin 5\n400 end\n";
    FilesRig rig(Settings{});
    REQUIRE(rig.files.startReplay(path));
    rig.frames(2);
    REQUIRE(rig.files.replaying());
    rig.controller.key(Key::R, false, kNone, kCanvas); // a restart by hand
    CHECK_FALSE(rig.files.replaying());
    CHECK_THAT(rig.files.message(), Contains("stopped at step 16 of 400") && Contains("restart"));
    rig.frames(10);
    CHECK_FALSE(rig.simulation.particles().pinned(5)); // the script's step 40 never came
    CHECK(rig.simulation.stepCount() == 80);

    // A bad script is refused with its line; nothing starts.
    std::ofstream(path) << "0 set iterations 3\n5 shake 2\n";
    CHECK_FALSE(rig.files.startReplay(path));
    CHECK_THAT(rig.files.message(), Contains("line 2") && Contains("'shake'"));
    CHECK_FALSE(rig.files.replaying());
    fs::remove_all(folder);
}

TEST_CASE("a recording replayed in the app ends with the recorded positions", "[run-files][replay]")
{
    const fs::path folder = scratchFolder("roundtrip");
    const std::string path = (folder / "rec.txt").string();
    Settings settings;
    settings.solver = Solver::Colored;
    FilesRig recorder(settings);
    REQUIRE(recorder.files.startRecording(path));
    interact(recorder);
    REQUIRE(recorder.files.stopRecording());

    FilesRig player(Settings{});
    REQUIRE(player.files.startReplay(path));
    player.frames(60);
    CHECK_FALSE(player.files.replaying());
    CHECK(player.simulation.stepCount() == recorder.simulation.stepCount());
    CHECK(samePositions(player.simulation, recorder.simulation));
    fs::remove_all(folder);
}

// Not run by default (hidden, and left out of ctest): `pbd_app_logic_tests "measure: a rec*"`
// prints the mean step time of the controller with and without a recording, alternating.
TEST_CASE("measure: a recording adds nothing measurable to a step", "[.][measure]")
{
    const fs::path folder = scratchFolder("measure");
    Settings settings;
    settings.width = 100;
    settings.height = 100;
    double milliseconds[2] = {0.0, 0.0};
    long long steps[2] = {0, 0};
    for (int round = 0; round < 6; ++round) {
        const int recording = round % 2;
        FilesRig rig(settings);
        if (recording)
            REQUIRE(rig.files.startRecording((folder / "rec.txt").string()));
        const auto start = std::chrono::steady_clock::now();
        rig.frames(100);
        milliseconds[recording] +=
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count();
        steps[recording] += static_cast<long long>(rig.simulation.stepCount());
        if (recording)
            REQUIRE(rig.files.stopRecording());
    }
    std::printf("100 x 100, sequential: %.4f ms per step without recording, %.4f ms with "
                "(%lld steps each)\n",
                milliseconds[0] / static_cast<double>(steps[0]),
                milliseconds[1] / static_cast<double>(steps[1]), steps[0]);
    CHECK(steps[0] == steps[1]);
    fs::remove_all(folder);
}

// Not run by default: `pbd_app_logic_tests "measure: saving*"` times Ctrl+S and Ctrl+O of a
// 1000 x 1000 cloth through RunFiles (the app's path), for the README.
TEST_CASE("measure: saving and loading a 1000 x 1000 state through the app", "[.][measure]")
{
    const fs::path folder = scratchFolder("measure-state");
    const std::string path = (folder / "state.json").string();
    Settings settings;
    settings.width = 1000;
    settings.height = 1000;
    FilesRig rig(settings);
    rig.frames(1);
    // Wall-clock and processor time (this process's, all threads): on a shared machine the
    // wall clock includes the time other jobs held the cores.
    using Clock = std::chrono::steady_clock;
    const auto t0 = Clock::now();
    const std::clock_t c0 = std::clock();
    REQUIRE(rig.files.save(path));
    const auto t1 = Clock::now();
    const std::clock_t c1 = std::clock();
    REQUIRE(rig.files.load(path));
    const auto t2 = Clock::now();
    const std::clock_t c2 = std::clock();
    const auto ms = [](std::clock_t a, std::clock_t b) {
        return 1000.0 * static_cast<double>(b - a) / CLOCKS_PER_SEC;
    };
    std::printf("1000 x 1000 through RunFiles: save %.0f ms (%.0f ms of processor time, %.0f MB), "
                "load %.0f ms (%.0f ms of processor time)\n",
                std::chrono::duration<double, std::milli>(t1 - t0).count(), ms(c0, c1),
                static_cast<double>(fs::file_size(path)) / 1e6,
                std::chrono::duration<double, std::milli>(t2 - t1).count(), ms(c1, c2));
    fs::remove_all(folder);
}
