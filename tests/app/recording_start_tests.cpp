// A recording rebuilds its own start: from each way a session can start (the plain cloth,
// --scene, --obstacle, --ball, --load, a scene chosen in the panel, a restored autosave), the
// recording played as pbd-sim plays it, and replayed in an app that started elsewhere, gives
// the recording controller's positions bit for bit, a restart in the middle included.

#include <catch2/catch.hpp>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <unistd.h>

#include "io/recording_start.h"
#include "io/run_files.h"
#include "logic/controller.h"
#include "pbd/drag_script.h"
#include "pbd/run_start.h"
#include "pbd/scene.h"
#include "pbd/state_file.h"
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

/// A fresh folder for one test's files.
fs::path scratchFolder(const std::string& name)
{
    const fs::path folder = fs::temp_directory_path() / ("pbd-recording-start-" + name + "-" +
                                                         std::to_string(::getpid()));
    fs::remove_all(folder);
    fs::create_directories(folder);
    return folder;
}

Settings settingsOf(const RunStart& start)
{
    Settings settings;
    REQUIRE_FALSE(startSettings(start, settings));
    return settings;
}

/// A controller set up as the app sets itself up from its command line (setUpStart), with
/// RunFiles watching it; each frame takes the page's 8 steps.
struct StartRig {
    explicit StartRig(const RunStart& start)
        : simulation(settingsOf(start)), controller(simulation, [this] { return now; }),
          files(controller)
    {
        REQUIRE_FALSE(setUpStart(simulation, start));
        controller.resize({1400.0, 960.0}, 1.0, 1.0);
        // Every frame its 8 steps, however loaded the machine (as PBD_STEP_BUDGET_MS does).
        controller.driver().setFixedBudget(60.0);
    }
    void frames(int n)
    {
        for (int k = 0; k < n; ++k) {
            now += 1.0 / 60.0;
            controller.advance();
            files.tick();
        }
    }
    double now = 0.0;
    Simulation simulation;
    Controller controller;
    RunFiles files;
};

/// A drag of the last particle with a throw, a ball (the first, if any) held, moved and
/// thrown, R, and steps between them.
void session(StartRig& rig)
{
    rig.frames(6);
    const Index last = static_cast<Index>(rig.simulation.particles().size() - 1);
    rig.controller.issue(GrabCommand{last});
    rig.frames(2);
    rig.controller.issue(MoveCommand{rig.simulation.particles().position[last] +
                                     glm::dvec2(0.3, 0.2)});
    rig.frames(2);
    rig.controller.issue(ReleaseCommand{glm::dvec2(1.5, 0.5)});
    if (!rig.simulation.balls().empty()) {
        BallCommand grab;
        grab.action = BallCommand::Action::Grab;
        grab.position = rig.simulation.balls()[0].position + glm::dvec2(0.2, 0.3);
        REQUIRE_FALSE(rig.controller.issue(grab));
        rig.frames(3);
        BallCommand release;
        release.action = BallCommand::Action::Release;
        release.velocity = glm::dvec2(-1.0, 2.0);
        REQUIRE_FALSE(rig.controller.issue(release));
    }
    rig.frames(6);
    rig.controller.restart(); // R: the start comes back, in the player too
    rig.frames(8);
}

/// Records `rig` from its start (`fromState`: the loaded state as it is, as --record with
/// --load), plays the recording as pbd-sim does and in an app started elsewhere (the table
/// scene), and checks both against the recording controller. Returns the script.
std::string recordAndReplay(StartRig& rig, const fs::path& folder, bool fromState = false)
{
    const std::string path = (folder / "rec.txt").string();
    REQUIRE(rig.files.startRecording(path, fromState));
    const SimulationState atStart = rig.simulation.state();
    session(rig);
    REQUIRE(rig.files.stopRecording());
    const std::string script = readText(path);
    INFO(script.substr(0, 3000));

    // Its start (the lines at step 0) is the world the recording began with.
    Simulation started{Settings{}};
    DragPlayer start(parseEventScript(script, started.settings(), 0, 0, folder.string()));
    start.applyBefore(0, started);
    const SimulationState begun = started.state();
    CHECK(begun.settings == atStart.settings);
    CHECK(begun.position == atStart.position);
    CHECK(begun.pinned == atStart.pinned);
    CHECK(begun.obstacles.size() == atStart.obstacles.size());
    CHECK(begun.balls.size() == atStart.balls.size());

    const Simulation played = playAsPbdSim(script, folder.string());
    CHECK(played.stepCount() == rig.simulation.stepCount());
    CHECK(played.obstacles().size() == rig.simulation.obstacles().size());
    CHECK(played.balls().size() == rig.simulation.balls().size());
    CHECK(samePositions(played, rig.simulation));

    RunStart elsewhere;
    elsewhere.scene = builtInScene("table");
    StartRig player(elsewhere);
    player.frames(3);
    REQUIRE(player.files.startReplay(path));
    for (int k = 0; k < 2000 && player.files.replaying(); ++k)
        player.frames(1);
    CHECK_FALSE(player.files.replaying());
    CHECK(player.simulation.obstacles().size() == rig.simulation.obstacles().size());
    CHECK(player.simulation.balls().size() == rig.simulation.balls().size());
    CHECK(samePositions(player.simulation, rig.simulation));
    return script;
}

Ball ballOf(const char* spec)
{
    std::string error;
    const auto ball = parseBallSpec(spec, error);
    REQUIRE(ball);
    return *ball;
}

Obstacle obstacleOf(const char* spec)
{
    std::string error;
    const auto obstacle = parseObstacleSpec(spec, error);
    REQUIRE(obstacle);
    return *obstacle;
}

} // namespace

TEST_CASE("a recording of the plain cloth names the page scene and replays anywhere",
          "[run-files][record][start]")
{
    const fs::path folder = scratchFolder("plain");
    RunStart start;
    start.settings = [](Settings& s) {
        s.width = 24;
        s.height = 16;
        return validate(s) ? std::optional<std::string>("invalid") : std::nullopt;
    };
    StartRig rig(start);
    const std::string script = recordAndReplay(rig, folder);
    CHECK_THAT(script, Contains("\n0 scene page\n0 set width 24\n") &&
                           Contains("\n0 restart\n"));
    CHECK_FALSE(fs::exists(folder / "rec.scene.json"));
    fs::remove_all(folder);
}

TEST_CASE("a recording of a built-in scene as it is names it", "[run-files][record][start]")
{
    const fs::path folder = scratchFolder("builtin");
    RunStart start;
    start.scene = builtInScene("hammock");
    StartRig rig(start);
    const std::string script = recordAndReplay(rig, folder);
    CHECK_THAT(script, Contains("\n0 scene hammock\n"));
    CHECK_FALSE(fs::exists(folder / "rec.scene.json"));
    fs::remove_all(folder);
}

TEST_CASE("a recording of --scene with --ball writes its start beside it as a scene file",
          "[run-files][record][start]")
{
    // The issue's case: pegs and a ball; pbd-sim ran 80 x 2 without either.
    const fs::path folder = scratchFolder("scene-ball");
    RunStart start;
    start.scene = builtInScene("pegs");
    start.balls = std::vector<Ball>{ballOf("3,2,0.3,1")};
    StartRig rig(start);
    REQUIRE(rig.simulation.balls().size() == 1);
    const std::string script = recordAndReplay(rig, folder);
    CHECK_THAT(script, Contains("\n0 scene rec.scene.json\n") && Contains(" grab-ball 0 "));
    std::string error;
    const auto written = loadScene((folder / "rec.scene.json").string(), error);
    REQUIRE(written);
    CHECK(written->balls.size() == 1);
    CHECK(written->obstacles.size() == rig.simulation.obstacles().size());
    fs::remove_all(folder);
}

TEST_CASE("a recording of --obstacle and of a scene with other settings replays with them",
          "[run-files][record][start]")
{
    const fs::path folder = scratchFolder("obstacle");
    RunStart start;
    if (GENERATE(false, true)) {
        start.obstacles = std::vector<Obstacle>{obstacleOf("circle:4,-7,1.5"),
                                                obstacleOf("box:2,-8,2,0.5,-20")};
    } else {
        start.scene = builtInScene("slope");
        start.settings = [](Settings& s) {
            s.iterations = 7;
            return std::optional<std::string>();
        };
    }
    StartRig rig(start);
    const std::string script = recordAndReplay(rig, folder);
    CHECK_THAT(script, Contains("\n0 scene rec.scene.json\n"));
    fs::remove_all(folder);
}

TEST_CASE("a recording of a loaded state writes the state beside it and replays from it",
          "[run-files][record][start]")
{
    const fs::path folder = scratchFolder("load");
    const fs::path saved = folder / "saved.json";
    {
        RunStart scene;
        scene.scene = builtInScene("hammock");
        scene.balls = std::vector<Ball>{ballOf("1,1,0.2,0.5")};
        Simulation earlier(settingsOf(scene));
        REQUIRE_FALSE(setUpStart(earlier, scene));
        for (int k = 0; k < 150; ++k)
            earlier.step();
        REQUIRE_FALSE(saveStateFile(earlier, saved.string()));
    }
    RunStart start;
    start.stateFile = saved.string();
    StartRig rig(start);
    REQUIRE(rig.simulation.stepCount() == 150);
    const std::string script = recordAndReplay(rig, folder, true);
    CHECK_THAT(script, Contains("\n0 load rec.state.json\n"));
    CHECK(fs::exists(folder / "rec.state.json"));
    CHECK_THAT(rig.files.message(), Contains("Recorded"));
    fs::remove_all(folder);
}

TEST_CASE("a recording after a scene chosen in the panel starts from that scene",
          "[run-files][record][start]")
{
    const fs::path folder = scratchFolder("combo");
    StartRig rig(RunStart{});
    rig.frames(4);
    REQUIRE_FALSE(rig.controller.chooseScene("curtain-over-ball"));
    rig.frames(10);
    const std::size_t obstacles = rig.simulation.obstacles().size();
    REQUIRE(obstacles > 0);
    const std::string script = recordAndReplay(rig, folder);
    // The recording's fresh cloth is the chosen scene's, as R gives it.
    CHECK(rig.simulation.obstacles().size() == obstacles);
    CHECK_THAT(script, Contains("\n0 scene "));
    fs::remove_all(folder);
}

TEST_CASE("a recording after a restored autosave starts from the restored session's world",
          "[run-files][record][start]")
{
    // A restore loads the autosave as Load does; its world is what R brings back, as after
    // pbd-sim run --load.
    const fs::path folder = scratchFolder("restored");
    const fs::path autosave = folder / "autosave-1.json";
    {
        RunStart scene;
        scene.scene = builtInScene("pegs");
        scene.balls = std::vector<Ball>{ballOf("2,1,0.3,1")};
        Simulation earlier(settingsOf(scene));
        REQUIRE_FALSE(setUpStart(earlier, scene));
        for (int k = 0; k < 90; ++k)
            earlier.step();
        REQUIRE_FALSE(saveStateFile(earlier, autosave.string()));
    }
    StartRig rig(RunStart{});
    rig.frames(3);
    REQUIRE(rig.files.load(autosave.string()));
    rig.frames(5);
    const std::string script = recordAndReplay(rig, folder);
    CHECK(rig.simulation.balls().size() == 1);
    CHECK_THAT(script, Contains("\n0 scene rec.scene.json\n"));
    fs::remove_all(folder);
}

TEST_CASE("the files beside a recording are named after it", "[run-files][record][start]")
{
    CHECK(recordingSideFile("rec.txt", ".scene.json") == "rec.scene.json");
    CHECK(recordingSideFile("a/b/rec", ".state.json") == "a/b/rec.state.json");
    CHECK(recordingSideFile("a.b/rec.txt", ".state.json") == "a.b/rec.state.json");
    CHECK(recordingSideFile("x.scene.json", ".scene.json") == "x.scene.scene.json");
    CHECK(recordingSideFile(".rec", ".scene.json") == ".rec.scene.json");
}
