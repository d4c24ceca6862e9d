// pbd-cloth's command line read without a window: the app's own flags into AppOptions, and the
// refusals, with their messages and exit statuses, before any window opens.

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "common/settings_flags.h"
#include "logic/app_command_line.h"
#include "pbd/scene.h"
#include "pbd/simulation.h"
#include "pbd/state_file.h"

using namespace pbd;
using namespace pbd::app;

namespace {

/// One reading of `arguments` (after the program's name): the status, the options and what
/// was said on std::cerr.
struct Reading {
    std::optional<int> status;
    AppOptions options;
    std::string error;
};

Reading read(std::vector<std::string> arguments)
{
    arguments.insert(arguments.begin(), "pbd-cloth");
    std::vector<char*> argv;
    for (std::string& a : arguments)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    Reading r;
    std::ostringstream said;
    std::streambuf* const cerr = std::cerr.rdbuf(said.rdbuf());
    r.status = readAppCommandLine(static_cast<int>(arguments.size()), argv.data(), r.options);
    std::cerr.rdbuf(cerr);
    r.error = said.str();
    return r;
}

} // namespace

TEST_CASE("no flags: the page's settings and the default preferences", "[app][command-line]")
{
    const Reading r = read({});
    CHECK_FALSE(r.status);
    CHECK(r.error.empty());
    CHECK(r.options.settings == Settings{});
    CHECK(r.options.preferences == Preferences{});
    CHECK_FALSE(r.options.frames);
    CHECK_FALSE(r.options.paused);
}

TEST_CASE("the preferences' flags fill AppOptions::preferences", "[app][command-line]")
{
    const Reading r = read({"--stepping", "realtime", "--speed", "0.5", "--color-by", "strain",
                            "--strain-scale", "0.01", "--color-particles", "speed", "--plots",
                            "--on-release", "keep", "--paused", "--frames", "3", "--width",
                            "12", "--draw", "filled"});
    REQUIRE_FALSE(r.status);
    const Preferences& p = r.options.preferences;
    CHECK(p.stepping == SteppingMode::RealTime);
    CHECK(p.speed == 0.5);
    CHECK(p.colorBy == ColorBy::Strain);
    CHECK(p.strainScale == 0.01);
    CHECK(p.particleColorBy == ParticleColorBy::Speed);
    CHECK(p.plots);
    CHECK(p.onRelease == OnRelease::Keep);
    CHECK(p.draw == DrawMode::Filled);
    CHECK(r.options.paused);
    CHECK(r.options.frames == 3);
    CHECK(r.options.settings.width == 12);
}

TEST_CASE("a speed flag is refused as the panel's Speed field refuses it, named as the flag",
          "[app][command-line]")
{
    for (const char* text : {"9", "0.01", "abc", "nan", " "}) {
        const Reading r = read({"--speed", text});
        CHECK(r.status == common::kExitUsage);
        PanelModel panel;
        REQUIRE_FALSE(panel.commitSpeed(text));
        REQUIRE(panel.speedError().rfind("Speed: ", 0) == 0);
        CHECK(r.error == "pbd-cloth: --speed" + panel.speedError().substr(5) + "\n");
    }
    const Reading same = read({"--speed", "1"}); // the default again: no change, no refusal
    CHECK_FALSE(same.status);
    CHECK(same.options.preferences.speed == 1.0);
}

TEST_CASE("the choices, empty file names and --frames are refused with their messages",
          "[app][command-line]")
{
    Reading r = read({"--on-release", "drop"});
    CHECK(r.status == common::kExitUsage);
    CHECK(r.error == "pbd-cloth: --on-release: 'drop' is not a release behaviour; allowed: "
                     "throw or keep\n");
    r = read({"--stepping", "fast"});
    CHECK(r.status == common::kExitUsage);
    CHECK(r.error ==
          "pbd-cloth: --stepping: 'fast' is not a stepping mode; allowed: page or realtime\n");
    r = read({"--draw", "fill"});
    CHECK(r.status == common::kExitUsage);
    CHECK(r.error == "pbd-cloth: --draw: 'fill' is not a draw mode; allowed: lines, filled or "
                     "both\n");
    r = read({"--color-by", "speed"});
    CHECK(r.error == "pbd-cloth: --color-by: 'speed' is not a colouring; allowed: none or "
                     "strain\n");
    r = read({"--color-particles", "strain"});
    CHECK(r.error == "pbd-cloth: --color-particles: 'strain' is not a colouring; allowed: none "
                     "or speed\n");
    r = read({"--strain-scale", "0"});
    CHECK(r.status == common::kExitUsage);
    CHECK(r.error.rfind("pbd-cloth: --strain-scale: '0' is not allowed", 0) == 0);
    r = read({"--record", ""});
    CHECK(r.status == common::kExitUsage);
    CHECK(r.error == "pbd-cloth: --record: '' is not a file name; allowed: a file name\n");
    r = read({"--frames-dir", ""});
    CHECK(r.status == common::kExitUsage);
    CHECK(r.error == "pbd-cloth: --frames-dir: '' is not a folder; allowed: the path of a "
                     "folder that exists or can be created\n");
    r = read({"--frames", "0"});
    CHECK(r.status == common::kExitUsage);
    CHECK(r.error.rfind("pbd-cloth: --frames: '0'", 0) == 0);
    r = read({"--replay", "/nonexistent/recording.txt"});
    CHECK(r.status == common::kExitIo);
    CHECK(r.error.rfind("pbd-cloth: --replay: ", 0) == 0);
    r = read({"--width", "0"});
    CHECK(r.status == common::kExitUsage);
    CHECK(r.error.rfind("pbd-cloth: ", 0) == 0);
}

TEST_CASE("the restore and no-autosave flags, and PBD_AUTOSAVE_SECONDS checked as a flag is",
          "[app][command-line][autosave]")
{
    ::unsetenv("PBD_AUTOSAVE_SECONDS");
    const Reading plain = read({});
    CHECK(plain.options.autosave);
    CHECK_FALSE(plain.options.restore);
    CHECK(plain.options.autosaveSeconds == 30.0);
    const Reading both = read({"--restore", "--no-autosave"});
    CHECK_FALSE(both.status);
    CHECK(both.options.restore);
    CHECK_FALSE(both.options.autosave);

    for (const char* other : {"--record", "--replay"}) // (CLI11 says so on stderr itself)
        CHECK(read({"--restore", other, "x.txt"}).status == common::kExitUsage);

    ::setenv("PBD_AUTOSAVE_SECONDS", "0.5", 1);
    CHECK(read({}).options.autosaveSeconds == 0.5);
    for (const char* bad : {"0", "x", "1e9", "nan", "", "2s"}) {
        ::setenv("PBD_AUTOSAVE_SECONDS", bad, 1);
        const Reading r = read({});
        INFO(bad);
        CHECK(r.status == common::kExitUsage);
        CHECK(r.error == std::string("pbd-cloth: PBD_AUTOSAVE_SECONDS: '") + bad + "' is " +
                             (std::string(bad) == "0" || std::string(bad) == "1e9"
                                  ? "out of range"
                                  : "not a number") +
                             "; allowed: seconds from 0.05 to 86400\n");
    }
    ::unsetenv("PBD_AUTOSAVE_SECONDS");
}

TEST_CASE("PBD_STEP_BUDGET_MS fixes the simulation's budget, checked as a flag is",
          "[app][command-line]")
{
    ::unsetenv("PBD_STEP_BUDGET_MS");
    CHECK(read({}).options.stepBudgetSeconds == 0.0);
    ::setenv("PBD_STEP_BUDGET_MS", "250", 1);
    CHECK(read({}).options.stepBudgetSeconds == Approx(0.25));
    for (const char* bad : {"0", "1e6", "nan", "", "5ms"}) {
        ::setenv("PBD_STEP_BUDGET_MS", bad, 1);
        const Reading r = read({});
        INFO(bad);
        CHECK(r.status == common::kExitUsage);
        CHECK(r.error == std::string("pbd-cloth: PBD_STEP_BUDGET_MS: '") + bad + "' is " +
                             (std::string(bad) == "0" || std::string(bad) == "1e6"
                                  ? "out of range"
                                  : "not a number") +
                             "; allowed: milliseconds from 1 to 60000\n");
    }
    ::unsetenv("PBD_STEP_BUDGET_MS");
}

TEST_CASE("the app's --scene brings the scene's balls before --ball's, as pbd-sim does",
          "[app][command-line]")
{
    const Reading r = read({"--scene", "hammock", "--ball", "3,2,0.2,1"});
    CHECK_FALSE(r.status);
    const Scene hammock = *builtInScene("hammock");
    Simulation simulation(r.options.settings);
    REQUIRE_FALSE(setUpStart(simulation, r.options.start));
    REQUIRE(simulation.balls().size() == hammock.balls.size() + 1);
    CHECK(simulation.balls().front() == hammock.balls.front());
    CHECK(simulation.balls().back().radius == 0.2);
    CHECK(r.options.startBalls == simulation.balls().size());
}

TEST_CASE("a 3D start, --dimensions 3 or a 3D scene, is read with its 3D world",
          "[app][command-line][3d]")
{
    Reading r = read({"--dimensions", "3", "--obstacle", "sphere:1,-2,0.5,0.4", "--ball",
                      "0,1,0.5,0.2,1"});
    REQUIRE_FALSE(r.status);
    CHECK(r.options.settings.dimensions == 3);
    REQUIRE(r.options.start.obstacles3);
    REQUIRE(r.options.start.obstacles3->size() == 1);
    CHECK(r.options.start.obstacles3->front().shape == Obstacle3Shape::Sphere);
    CHECK(r.options.start.obstacles3->front().a.z == 0.5);
    REQUIRE(r.options.start.balls3);
    CHECK(r.options.start.balls3->front().position.z == 0.5);
    CHECK_FALSE(r.options.start.obstacles); // none of the 2D world's
    CHECK(r.options.startObstacles == 1);
    CHECK(r.options.startBalls == 1);

    r = read({"--scene", "drape-3d"});
    REQUIRE_FALSE(r.status);
    CHECK(r.options.settings.dimensions == 3);
    CHECK(r.options.sceneName == "drape-3d");
    CHECK(r.options.startObstacles == builtInScene("drape-3d")->obstacles3.size());
    CHECK(r.options.startedSettings == r.options.settings);
}

TEST_CASE("a 3D start refuses 2D shapes, naming them, and takes --record",
          "[app][command-line][3d]")
{
    Reading r = read({"--dimensions", "3", "--obstacle", "circle:0,0,1"});
    REQUIRE(r.status);
    CHECK(*r.status == 2);
    CHECK_THAT(r.error, Catch::StartsWith("pbd-cloth: --obstacle"));
    r = read({"--scene", "flag-3d", "--record", "anything.txt"});
    CHECK_FALSE(r.status);
    CHECK(r.options.recordFile == "anything.txt");
}

TEST_CASE("a recording made in 3D given to --replay opens the 3D window with the cloth it starts "
          "from, and a state's own dimensions may only be said again",
          "[app][command-line][3d]")
{
    const std::string folder = std::filesystem::temp_directory_path().string() +
                               "/pbd-replay3-flags-" + std::to_string(::getpid());
    std::filesystem::create_directories(folder);
    const std::string rec = folder + "/rec.txt";
    std::ofstream(rec) << "0 scene page\n0 set width 10\n0 set dimensions 3\n"
                          "0 set bending 0.001\n0 restart\n5 drag 3 0.5 0.2 0.3\n40 end\n";
    Reading r = read({"--replay", rec});
    REQUIRE_FALSE(r.status);
    CHECK(r.options.settings.dimensions == 3);
    CHECK(r.options.settings.width == 10); // the settings at its `set dimensions 3`
    CHECK(r.options.replayFile == rec);
    CHECK(r.options.replayEvents.empty());
    CHECK(r.options.replayEvents3.size() == 4); // bending, restart, drag, end
    r = read({"--scene", "flag-3d", "--replay", folder + "/missing.txt"});
    CHECK(r.status == 1);
    CHECK_THAT(r.error, Catch::StartsWith("pbd-cloth: --replay: cannot read"));

    Simulation plane(Settings{});
    const std::string state = folder + "/plane.json";
    REQUIRE_FALSE(saveStateFile(plane, state));
    r = read({"--dimensions", "3", "--load", state});
    CHECK(r.status == 2);
    CHECK_THAT(r.error, Catch::StartsWith("pbd-cloth: --dimensions: '3' is not allowed with "
                                          "--load") &&
                            Catch::Contains("allowed: 2 (or leave --dimensions out)"));
    CHECK_FALSE(read({"--dimensions", "2", "--load", state}).status);
    std::filesystem::remove_all(folder);
}

TEST_CASE("a state, scene or recording file alone opens as --load, --scene or --replay",
          "[app][command-line]")
{
    const std::string folder = std::filesystem::temp_directory_path().string() +
                               "/pbd-opened-file-" + std::to_string(::getpid());
    std::filesystem::create_directories(folder);
    const auto write = [&](const char* name, const std::string& text) {
        const std::string path = folder + "/" + name;
        std::ofstream(path) << text;
        return path;
    };
    Simulation saved(Settings{});
    const std::string state = folder + "/state.json";
    REQUIRE_FALSE(saveStateFile(saved, state));
    const std::string scene = write("scene.json", sceneToJson(*builtInScene("pegs")));
    const std::string recording = write("rec.txt", "0 scene pegs\n0 restart\n10 end\n");

    Reading r = read({state});
    REQUIRE_FALSE(r.status);
    CHECK(r.options.start.stateFile == state);
    CHECK_FALSE(r.options.start.scene);
    r = read({scene});
    REQUIRE_FALSE(r.status);
    CHECK(r.options.start.scene == builtInScene("pegs"));
    CHECK(r.options.sceneName == scene);
    r = read({recording});
    REQUIRE_FALSE(r.status);
    CHECK(r.options.replayFile == recording);
    CHECK(r.options.replayEvents.size() == 3);
    // --load itself, and what is refused.
    r = read({"--load", state, "--width", "12"});
    REQUIRE_FALSE(r.status);
    CHECK(r.options.start.stateFile == state);
    CHECK(r.options.startedSettings.width == 12);
    r = read({write("other.json", "{\"format\": \"pbd-cloth-x\", \"version\": 1}")});
    CHECK(r.status == 2);
    CHECK(r.error.find("format 'pbd-cloth-x' is not one pbd-cloth opens") != std::string::npos);
    r = read({folder + "/missing.json"});
    CHECK(r.status == 1);
    for (const char* flag : {"--scene", "--load", "--replay", "--record", "--restore"}) {
        std::vector<std::string> args{state, flag};
        if (std::string(flag) != "--restore")
            args.push_back(std::string(flag) == "--scene" ? "pegs" : state);
        r = read(args);
        CHECK(r.status == 2);
        CHECK(r.error.find(std::string("cannot be given with ") + flag) != std::string::npos);
    }
    r = read({"--load", state, "--scene", "pegs"});
    CHECK(r.status == 2);
    CHECK(r.error.find("--scene: cannot be given with --load") != std::string::npos);
    std::filesystem::remove_all(folder);
}

TEST_CASE("a 3D state file given to --load opens the 3D window, with the file's settings",
          "[app][command-line][3d]")
{
    Settings settings;
    settings.dimensions = 3;
    settings.width = 7;
    settings.orientation = Orientation::Horizontal;
    Simulation3 saved(settings);
    const std::string state = std::filesystem::temp_directory_path().string() +
                              "/pbd-3d-state-" + std::to_string(::getpid()) + ".json";
    REQUIRE_FALSE(saveStateFile(saved, state));
    const Reading r = read({"--load", state});
    std::filesystem::remove(state);
    REQUIRE_FALSE(r.status);
    CHECK(r.options.settings.dimensions == 3);
    CHECK(r.options.startedSettings.width == 7); // the file's, as set up by the probe
    CHECK(r.options.startedSettings.orientation == Orientation::Horizontal);
    CHECK(read({"--dimensions", "2"}).status == std::nullopt);
}
