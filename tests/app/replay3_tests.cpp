// Recordings of a 3D cloth read back for the window's playback (readEventScriptFile3) and
// played through playDueEvents as the app plays them: the recorded positions bit for bit.

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "io/recorder.h"
#include "io/replayer.h"
#include "pbd/command.h"
#include "pbd/drag_script.h"
#include "pbd/simulation.h"

using namespace pbd;
using namespace pbd::app;
namespace fs = std::filesystem;

namespace {

fs::path scratch(const std::string& name)
{
    const fs::path folder =
        fs::temp_directory_path() / ("pbd-replay3-" + std::to_string(::getpid()) + "-" + name);
    fs::remove_all(folder);
    fs::create_directories(folder);
    return folder;
}

/// Applies `command` to `simulation` and shows it to `recorder`, as the window's single
/// command path does.
void issue(Simulation3& simulation, Recorder3& recorder, const Command3& command)
{
    REQUIRE_FALSE(apply(simulation, command));
    recorder.note(command, simulation);
}

/// Records 40 steps of `simulation` (fresh) into `path`: a grab dragged for 20 steps, released.
void record(Simulation3& simulation, const std::string& path)
{
    Recorder3 recorder;
    REQUIRE_FALSE(recorder.start(path, simulation));
    for (int step = 0; step < 40; ++step) {
        if (step == 5)
            issue(simulation, recorder, GrabCommand{7});
        if (step >= 5 && step < 25)
            issue(simulation, recorder,
                  MoveCommandOf<3>{simulation.particles().position[7] +
                                   glm::dvec3(0.01, 0.02, 0.03)});
        if (step == 25)
            issue(simulation, recorder, ReleaseCommandOf<3>{});
        issue(simulation, recorder, StepCommand{});
    }
    REQUIRE_FALSE(recorder.stop(simulation));
}

/// Plays `events` on a cloth of `settings` as the app does: the events due before each step
/// (playDueEvents), a step, until the playback's end.
Simulation3 play(const Settings& settings, std::vector<DragEvent3> events)
{
    Simulation3 simulation(settings);
    Replayer3 replay(std::move(events), "rec.txt");
    const ReplayTarget<3> target{
        [&simulation]() -> const Settings& { return simulation.settings(); },
        [](Solver) { return std::string(); },
        [&simulation](const Command3& command) { apply(simulation, command); }};
    while (true) {
        REQUIRE_FALSE(playDueEvents(replay, target));
        if (replay.finished())
            break;
        simulation.step();
        replay.stepped();
    }
    return simulation;
}

} // namespace

TEST_CASE("a recording of the page's cloth in 3D is read in 3D and plays back bit for bit",
          "[replay3]")
{
    const fs::path folder = scratch("page");
    const std::string path = (folder / "rec.txt").string();
    Settings settings;
    settings.dimensions = 3;
    settings.width = 8;
    settings.height = 6;
    Simulation3 recorded(settings);
    record(recorded, path);

    // Read from the page's 2D settings, as pbd-cloth --replay reads it: the script's
    // `0 set dimensions 3` starts its 3D part at step 0.
    Settings read;
    std::vector<DragEvent3> events;
    std::string warning;
    bool notThreeD = true;
    REQUIRE_FALSE(readEventScriptFile3(path, Settings{}, read, events, warning, notThreeD));
    CHECK_FALSE(notThreeD);
    CHECK(warning.empty());
    CHECK(read.dimensions == 3);
    CHECK(read.width == 8); // the settings before the change: the cloth the 3D part starts on
    const Simulation3 replayed = play(read, std::move(events));
    CHECK(replayed.stepCount() == 40);
    CHECK(replayed.particles().position == recorded.particles().position);
}

TEST_CASE("a recording of a 3D scene is read in 3D from the page's settings, as pbd-sim "
          "--dimensions 3 reads it, and a 2D script is no 3D recording",
          "[replay3]")
{
    const fs::path folder = scratch("scene");
    const std::string path = (folder / "rec.txt").string();
    {
        std::ofstream script(path);
        script << "0 scene cantilever-3d\n0 restart\n3 drag 5 0.1 0.2 0.3\n9 release\n12 end\n";
    }
    Settings read;
    std::vector<DragEvent3> events;
    std::string warning;
    bool notThreeD = true;
    REQUIRE_FALSE(readEventScriptFile3(path, Settings{}, read, events, warning, notThreeD));
    CHECK_FALSE(notThreeD);
    Settings expected;
    expected.dimensions = 3;
    CHECK(read == expected);
    // As pbd-sim run --dimensions 3 --events plays it (its DragPlayer, the last step's events
    // after it).
    Simulation3 sim(expected);
    DragPlayer3 player(events);
    for (std::uint64_t step = 0; step < 12; ++step) {
        player.applyBefore(step, sim);
        sim.step();
    }
    player.applyBefore(12, sim);
    const Simulation3 replayed = play(read, std::move(events));
    CHECK(replayed.stepCount() == 12);
    CHECK(replayed.settings().clothWidth > 0.0); // the scene's cloth, not the page's
    CHECK(replayed.particles().position == sim.particles().position);

    const std::string plane = (folder / "plane.txt").string();
    {
        std::ofstream script(plane);
        script << "0 set width 10\n0 restart\n3 drag 5 0.1 0.2\n12 end\n";
    }
    REQUIRE_FALSE(readEventScriptFile3(plane, Settings{}, read, events, warning, notThreeD));
    CHECK(notThreeD);
}
