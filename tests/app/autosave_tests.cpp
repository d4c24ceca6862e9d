// The autosave without a window: where it goes and what counts as left over, when it writes
// (a fake clock: no test waits 30 s), that its writer reports a folder it cannot write once
// and goes on, and the session's life: offered, never loaded silently, restored exactly or
// discarded, removed on quitting, kept when interrupted.

#include <catch2/catch.hpp>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <string>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utime.h>

#include "io/autosave.h"
#include "io/autosave_files.h"
#include "io/autosave_schedule.h"
#include "io/autosave_writer.h"
#include "io/run_files.h"
#include "logic/controller.h"
#include "pbd/state_file.h"
#include "../unit/sim_builders.h"

using namespace pbd;
using namespace pbd::app;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
namespace fs = std::filesystem;

namespace {

using pbd::test::samePositions;

/// A fresh folder for one test, removed after it.
struct AutosaveDir {
    fs::path path;
    AutosaveDir()
    {
        std::string pattern = (fs::temp_directory_path() / "pbd-autosave-test-XXXXXX").string();
        REQUIRE(::mkdtemp(pattern.data()) != nullptr);
        path = pattern;
    }
    ~AutosaveDir()
    {
        std::error_code ignored;
        fs::permissions(path, fs::perms::owner_all, ignored);
        fs::remove_all(path, ignored);
    }
    std::string operator/(const std::string& name) const { return (path / name).string(); }
};

void touch(const std::string& path, std::time_t modified)
{
    std::ofstream(path) << "{}";
    const utimbuf times{modified, modified};
    REQUIRE(::utime(path.c_str(), &times) == 0);
}

Settings restingCloth()
{
    Settings s;
    s.gravity = 0.0;
    return s;
}

/// The state in `path` as a simulation.
Simulation loaded(const std::string& path)
{
    Simulation s{Settings{}};
    const auto error = loadStateFile(s, path);
    INFO(error.value_or(""));
    REQUIRE_FALSE(error);
    return s;
}

/// A controller and RunFiles as the app has them, and an autosave into `folder` for the
/// process `pid`, all on one fake clock (seconds) that moves a quarter second per frame (the
/// autosave's times are tens of seconds: fewer frames keep the test short).
struct AutosaveRig {
    AutosaveRig(const std::string& folder, AutosaveOptions options = {}, pid_t pid = 4242,
        std::set<pid_t> alive = {})
        : simulation(restingCloth()), controller(simulation, [this] { return now; }),
          files(controller),
          autosave(controller, files, options, folder, pid, [this] { return now; },
                   [alive](pid_t p) { return alive.count(p) > 0; })
    {
        controller.resize({1400.0, 960.0}, 1.0, 1.0);
        controller.driver().setOffThread(OffThread::Never);
    }
    /// `seconds` of frames, each with the app's per-frame calls.
    void run(double seconds)
    {
        for (double t = 0.0; t < seconds; t += 0.25) {
            now += 0.25;
            controller.advance();
            files.tick();
            autosave.tick();
        }
        autosave.waitForWriter();
    }

    double now = 100.0;
    Simulation simulation;
    Controller controller;
    RunFiles files;
    Autosave autosave;
};

} // namespace

TEST_CASE("the autosave folder is $XDG_STATE_HOME/pbd-cloth, else ~/.local/state/pbd-cloth",
          "[autosave]")
{
    std::map<std::string, std::string> env;
    const EnvironmentLookup lookup = [&env](const char* name) -> const char* {
        const auto it = env.find(name);
        return it == env.end() ? nullptr : it->second.c_str();
    };
    CHECK_FALSE(autosaveFolder(lookup)); // neither: no autosave
    env["HOME"] = "/home/ada";
    CHECK(autosaveFolder(lookup) == "/home/ada/.local/state/pbd-cloth");
    env["XDG_STATE_HOME"] = "relative/state"; // the XDG rule: a relative path is ignored
    CHECK(autosaveFolder(lookup) == "/home/ada/.local/state/pbd-cloth");
    env["XDG_STATE_HOME"] = "/tmp/state";
    CHECK(autosaveFolder(lookup) == "/tmp/state/pbd-cloth");
    env.erase("HOME");
    CHECK(autosaveFolder(lookup) == "/tmp/state/pbd-cloth");
}

TEST_CASE("an autosave is named after its process, and only such names count", "[autosave]")
{
    CHECK(autosaveFileName(123) == "autosave-123.json");
    CHECK(autosavePid("autosave-123.json") == 123);
    CHECK(autosavePid(autosaveFileName(2147483647)) == 2147483647);
    for (const char* other : {"autosave-123.json.tmp", "autosave-.json", "autosave-0123.json",
                              "autosave--5.json", "autosave-12a.json", "autosave-99999999999.json",
                              "autosave-1.jsonx", "pbd-cloth-state.json", "autosave-1"})
        CHECK_FALSE(autosavePid(other));
    CHECK(processRunning(::getpid()));
    CHECK_FALSE(processRunning(0));
}

TEST_CASE("a process killed and not yet waited for runs no more: its autosave is left over at "
          "once",
          "[autosave]")
{
    // As after `kill -9` from a script or launcher that has not reaped it yet: a zombie.
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0)
        ::_exit(0);
    // Until the kernel has made it a zombie it may still run for a moment.
    bool zombie = false;
    for (int tries = 0; tries < 2000 && !zombie; ++tries) {
        char path[32];
        std::snprintf(path, sizeof path, "/proc/%d/stat", static_cast<int>(child));
        std::ifstream stat(path);
        std::string all((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
        const std::size_t close = all.rfind(')');
        zombie = close != std::string::npos && close + 2 < all.size() && all[close + 2] == 'Z';
        if (!zombie)
            ::usleep(1000);
    }
    REQUIRE(zombie);
    CHECK(::kill(child, 0) == 0); // it still answers: what the old check went by
    CHECK_FALSE(processRunning(child));
    ::waitpid(child, nullptr, 0);
    CHECK_FALSE(processRunning(child));
}

TEST_CASE("left-over autosaves are those of processes no longer running, newest first",
          "[autosave]")
{
    AutosaveDir dir;
    touch(dir / "autosave-10.json", 1000);  // gone
    touch(dir / "autosave-11.json", 3000);  // gone, newest
    touch(dir / "autosave-12.json", 2000);  // gone
    touch(dir / "autosave-20.json", 4000);  // still running: another window's
    touch(dir / "autosave-30.json", 5000);  // our own
    touch(dir / "autosave-10.json.tmp", 1000); // a write a kill cut short: removed
    touch(dir / "autosave-20.json.tmp", 4000); // the running one's write under way: kept
    touch(dir / "notes.json", 6000);
    fs::create_directory(dir / "autosave-13.json"); // not a file
    const auto running = [](pid_t pid) { return pid == 20; };
    const std::vector<LeftOver> found = findLeftOvers(dir.path.string(), 30, running);
    REQUIRE(found.size() == 3);
    CHECK(found[0].pid == 11);
    CHECK(found[0].path == dir / "autosave-11.json");
    CHECK(found[0].modified == 3000);
    CHECK(found[1].pid == 12);
    CHECK(found[2].pid == 10);
    CHECK_FALSE(fs::exists(dir / "autosave-10.json.tmp"));
    CHECK(fs::exists(dir / "autosave-20.json.tmp"));
    CHECK(findLeftOvers(dir / "missing", 30, running).empty());
}

TEST_CASE("the panel's time is the left-over's HH:MM in local time", "[autosave]")
{
    std::tm local{};
    local.tm_year = 126;
    local.tm_mon = 10;
    local.tm_mday = 30;
    local.tm_hour = 7;
    local.tm_min = 5;
    local.tm_isdst = -1;
    CHECK(clockText(std::mktime(&local)) == "07:05");
}

TEST_CASE("a snapshot is due an interval after the last one, and only after a change",
          "[autosave]")
{
    AutosaveSchedule schedule(30.0, 100.0); // launched at 100 s
    CHECK_FALSE(schedule.due(1000.0));      // nothing changed: never
    schedule.changed();
    CHECK_FALSE(schedule.due(129.9)); // an interval after the launch at the earliest
    CHECK(schedule.due(130.0));
    schedule.taken(130.0);
    CHECK_FALSE(schedule.pending());
    CHECK_FALSE(schedule.due(500.0)); // a quiet spell writes nothing
    schedule.changed();
    CHECK(schedule.due(500.0)); // a change after it is saved at once
    schedule.taken(500.0);
    schedule.changed();
    CHECK_FALSE(schedule.due(529.0));
    CHECK(schedule.due(530.0));
    schedule.upToDate(); // a restored session is on disk already
    CHECK_FALSE(schedule.due(600.0));
}

TEST_CASE("the autosave writer reports a folder it cannot write once and goes on",
          "[autosave]")
{
    AutosaveDir dir;
    // A folder that cannot be made: its parent is a file (unwritable for root too, unlike a
    // folder without write permission).
    std::ofstream(dir / "blocker") << "a file";
    AutosaveWriter writer(dir / "blocker/pbd-cloth", "autosave-7.json");
    const SimulationState state = Simulation(restingCloth()).state();
    REQUIRE(writer.submit(state));
    writer.wait();
    const auto first = writer.takeFailure();
    REQUIRE(first);
    CHECK_THAT(*first, Contains("blocker/pbd-cloth"));
    CHECK_FALSE(writer.takeFailure()); // once
    REQUIRE(writer.submit(state));     // goes on
    writer.wait();
    CHECK_FALSE(writer.takeFailure()); // the same failure again says nothing
    CHECK(writer.lastFailure());
    CHECK(writer.times().failures == 2);
    CHECK_FALSE(writer.exists());

    fs::remove(dir / "blocker"); // the disk is fine again: the next snapshot is written
    REQUIRE(writer.submit(state));
    writer.wait();
    CHECK_FALSE(writer.lastFailure());
    CHECK(writer.exists());
    CHECK(samePositions(loaded(dir / "blocker/pbd-cloth/autosave-7.json"),
                        Simulation(restingCloth())));
    CHECK(writer.times().writes == 1);

    if (::geteuid() != 0) { // a read-only folder (root writes into it anyway)
        fs::permissions(dir / "blocker/pbd-cloth", fs::perms::owner_read | fs::perms::owner_exec);
        REQUIRE(writer.submit(state));
        writer.wait();
        CHECK(writer.takeFailure()); // news again after a success
        CHECK_FALSE(writer.takeFailure());
        fs::permissions(dir / "blocker/pbd-cloth", fs::perms::owner_all);
    }
    CHECK_FALSE(writer.remove());
    CHECK_FALSE(fs::exists(dir / "blocker/pbd-cloth/autosave-7.json"));
}

TEST_CASE("a running app autosaves every interval while it changes, never while untouched",
          "[autosave]")
{
    AutosaveDir dir;
    const std::string folder = dir / "pbd-cloth";
    AutosaveRig rig(folder);
    CHECK(rig.autosave.start().empty()); // nothing left over, nothing to say
    const std::string file = folder + "/autosave-4242.json";
    CHECK(rig.autosave.path() == file);
    rig.run(29.0);
    CHECK_FALSE(fs::exists(folder)); // not before an interval (nor the folder)
    rig.run(1.5);
    REQUIRE(fs::exists(file));
    CHECK(rig.autosave.writeTimes().writes == 1);
    CHECK(rig.autosave.snapshotTimes().snapshots == 1);
    CHECK((fs::status(folder).permissions() & fs::perms::all) == fs::perms::owner_all);
    // Exactly the state of a frame around then: the steps continue from it.
    CHECK(loaded(file).stepCount() > 0);

    rig.controller.setPaused(true);
    rig.run(0.1);
    rig.run(60.0); // paused and untouched: nothing to save once the pause's state is
    const long long writes = rig.autosave.writeTimes().writes;
    rig.run(60.0);
    CHECK(rig.autosave.writeTimes().writes == writes);
    rig.controller.issue(PinCommand{5}); // an edit while paused is saved at the next turn
    rig.run(0.25);
    CHECK(rig.autosave.writeTimes().writes == writes + 1);
    rig.simulation.sync();
    CHECK(loaded(file).particles().pinned(5));
    CHECK(samePositions(loaded(file), rig.simulation));
}

TEST_CASE("quitting removes the autosave, an interruption writes it once more and keeps it",
          "[autosave]")
{
    AutosaveDir dir;
    const std::string folder = dir / "pbd-cloth";
    {
        AutosaveRig rig(folder);
        rig.run(31.0);
        REQUIRE(fs::exists(folder + "/autosave-4242.json"));
        CHECK(rig.autosave.finish(AutosaveEnd::Quit).empty());
        CHECK_FALSE(fs::exists(folder + "/autosave-4242.json"));
    }
    {
        AutosaveRig rig(folder);
        rig.run(1.0); // before the first autosave: the signal's one is the only one
        rig.controller.issue(PinCommand{7});
        const std::string said = rig.autosave.finish(AutosaveEnd::Interrupted);
        CHECK_THAT(said, Contains("session autosaved to " + folder + "/autosave-4242.json"));
        rig.simulation.sync();
        const Simulation kept = loaded(folder + "/autosave-4242.json");
        CHECK(kept.particles().pinned(7));
        CHECK(samePositions(kept, rig.simulation));
    }
}

TEST_CASE("a left-over session is offered, never loaded silently, and Restore gives it exactly",
          "[autosave]")
{
    AutosaveDir dir;
    const std::string folder = dir / "pbd-cloth";
    fs::create_directories(folder);
    // The session of a run that was killed (process 77, gone): pins, a cut, a setting.
    Simulation old(restingCloth());
    for (int i = 0; i < 50; ++i)
        old.step();
    old.pin(600);
    old.cut({1.1, 0.5}, {1.1, -7.0});
    Settings settings = old.settings();
    settings.iterations = 7;
    REQUIRE_FALSE(old.apply(settings));
    REQUIRE_FALSE(saveStateFile(old, folder + "/autosave-77.json"));

    AutosaveRig rig(folder);
    const std::string said = rig.autosave.start();
    CHECK_THAT(said, Contains("the panel offers to restore it"));
    CHECK_THAT(rig.autosave.offer(), StartsWith("Restore the session of "));
    CHECK(rig.autosave.offer().size() == std::string("Restore the session of HH:MM?").size());
    rig.run(0.5);
    CHECK_FALSE(samePositions(rig.simulation, old)); // not loaded by itself
    CHECK(rig.simulation.settings().iterations == 2);

    rig.controller.setPaused(true);
    FilesActions restore;
    restore.restoreSession = true;
    rig.autosave.panel(restore);
    CHECK(rig.autosave.offer().empty());
    CHECK(samePositions(rig.simulation, old));
    CHECK(rig.simulation.particles().pinned(600));
    CHECK(rig.simulation.liveConstraintCount() == old.liveConstraintCount());
    CHECK(rig.simulation.settings().iterations == 7);
    CHECK(rig.controller.model().settings().iterations == 7); // the panel shows it
    CHECK_THAT(rig.files.message(), StartsWith("Restored the session of "));
    // Its file is now this run's autosave: the next launch does not offer it again, and it
    // goes when this run quits.
    CHECK_FALSE(fs::exists(folder + "/autosave-77.json"));
    CHECK(samePositions(loaded(folder + "/autosave-4242.json"), old));
    rig.autosave.finish(AutosaveEnd::Quit);
    CHECK(fs::is_empty(folder));
}

TEST_CASE("Discard removes the left-over session and the next older one is offered then",
          "[autosave]")
{
    AutosaveDir dir;
    const std::string folder = dir / "pbd-cloth";
    fs::create_directories(folder);
    REQUIRE_FALSE(saveStateFile(Simulation(restingCloth()), folder + "/autosave-77.json"));
    REQUIRE_FALSE(saveStateFile(Simulation(restingCloth()), folder + "/autosave-78.json"));
    const utimbuf older{1000, 1000};
    REQUIRE(::utime((folder + "/autosave-77.json").c_str(), &older) == 0);
    AutosaveRig rig(folder);
    rig.autosave.start();
    REQUIRE(rig.autosave.offered());
    CHECK(rig.autosave.offered()->pid == 78);
    FilesActions discard;
    discard.discardSession = true;
    rig.autosave.panel(discard);
    CHECK_FALSE(fs::exists(folder + "/autosave-78.json"));
    CHECK_THAT(rig.files.message(), StartsWith("Discarded the session of "));
    REQUIRE(rig.autosave.offered());
    CHECK(rig.autosave.offered()->pid == 77);
    rig.autosave.panel(discard);
    CHECK(rig.autosave.offer().empty());
    CHECK(fs::is_empty(folder));
}

TEST_CASE("restoring at launch takes the left-over at once and says so, or says there is none",
          "[autosave]")
{
    AutosaveDir dir;
    const std::string folder = dir / "pbd-cloth";
    {
        AutosaveRig rig(folder, {.restore = true});
        CHECK_THAT(rig.autosave.start(),
                   Contains("--restore: no session to restore in " + folder +
                            "; starting normally"));
        CHECK(rig.autosave.offer().empty());
    }
    fs::create_directories(folder);
    Simulation old(restingCloth());
    old.pin(3);
    for (int i = 0; i < 20; ++i)
        old.step();
    REQUIRE_FALSE(saveStateFile(old, folder + "/autosave-77.json"));
    // A running process's autosave is another window's: never offered, never restored.
    REQUIRE_FALSE(saveStateFile(Simulation(restingCloth()), folder + "/autosave-99.json"));
    AutosaveRig rig(folder, {.restore = true}, 4242, {99});
    CHECK_THAT(rig.autosave.start(), StartsWith("pbd-cloth: restored the session of "));
    CHECK(rig.autosave.offer().empty()); // no question
    CHECK(samePositions(rig.simulation, old));
    CHECK(fs::exists(folder + "/autosave-99.json"));
}

TEST_CASE("without autosave nothing is written and nothing offered", "[autosave]")
{
    AutosaveDir dir;
    const std::string folder = dir / "pbd-cloth";
    fs::create_directories(folder);
    REQUIRE_FALSE(saveStateFile(Simulation(restingCloth()), folder + "/autosave-77.json"));
    AutosaveRig rig(folder, {.enabled = false});
    CHECK(rig.autosave.start().empty());
    CHECK(rig.autosave.offer().empty());
    rig.run(61.0);
    CHECK(rig.autosave.path().empty());
    CHECK(rig.autosave.finish(AutosaveEnd::Interrupted).empty());
    CHECK(std::distance(fs::directory_iterator(folder), fs::directory_iterator()) == 1);
}

TEST_CASE("a failed autosave shows once in the message place and the simulation runs on",
          "[autosave]")
{
    AutosaveDir dir;
    std::ofstream(dir / "blocker") << "a file";
    AutosaveRig rig(dir / "blocker/pbd-cloth");
    rig.run(31.0);
    // The writer fails on its own thread; the app's next frame reports what it found, however
    // slowly the write went (run() has waited for it).
    rig.autosave.tick();
    CHECK(rig.files.failed());
    CHECK_THAT(rig.files.message(), StartsWith("Autosave failed (the simulation runs on"));
    rig.files.report("", false); // the message place moved on
    const std::uint64_t steps = rig.simulation.stepCount();
    rig.run(61.0);
    CHECK(rig.simulation.stepCount() > steps);
    CHECK(rig.autosave.writeTimes().failures >= 2);
    CHECK(rig.files.message().empty()); // not again
}
