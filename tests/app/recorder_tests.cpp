// The recorder writes as it goes (issue 23): every line reaches the file within
// Recorder::kFlushSeconds of its command on the recorder's clock (a fake one here, so nothing
// sleeps), the file read back mid-recording is always a valid script, and it is the same file,
// however often it was flushed, as the one a recording never flushed until its end writes.

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <unistd.h>

#include "io/recorder.h"
#include "pbd/command.h"
#include "pbd/drag_script.h"
#include "pbd/simulation.h"
#include "../unit/sim_builders.h"

using namespace pbd;
using namespace pbd::app;
using Catch::Matchers::Contains;
namespace fs = std::filesystem;

namespace {

using pbd::test::readText;

fs::path scratchFile(const std::string& name)
{
    return fs::temp_directory_path() /
           ("pbd-recorder-" + name + "-" + std::to_string(::getpid()) + ".txt");
}

/// The page's cloth without gravity: particle 1199 rests at (7.8, -5.8).
Settings restingCloth()
{
    Settings settings;
    settings.gravity = 0.0;
    return settings;
}

/// A simulation and a recorder of it on a clock that moves only when told.
struct Recording {
    explicit Recording(const fs::path& file) : path(file), recorder([this] { return now; })
    {
        REQUIRE_FALSE(recorder.start(path.string(), simulation));
    }
    void issue(const Command& command)
    {
        REQUIRE_FALSE(pbd::apply(simulation, command));
        recorder.note(command, simulation);
    }
    void steps(int count)
    {
        for (int i = 0; i < count; ++i)
            issue(StepCommand{});
    }
    std::string file() const { return readText(path); }

    double now = 100.0; ///< seconds
    fs::path path;
    Simulation simulation{restingCloth()};
    Recorder recorder;
};

/// A drag of particle 1199 that moves twice in each of `frames` frames of 8 steps; the clock
/// moves `secondsPerFrame` and the recorder ticks after each frame.
void dragFrames(Recording& r, int frames, double secondsPerFrame, bool tick)
{
    for (int f = 0; f < frames; ++f) {
        r.issue(MoveCommand{{0.1 * f, -6.0}});
        r.issue(MoveCommand{{0.1 * f + 0.05, -6.0}});
        r.steps(8);
        r.now += secondsPerFrame;
        if (tick)
            r.recorder.tick();
    }
}

} // namespace

TEST_CASE("a recording reaches the file within a second of each command, as whole lines that "
          "replay",
          "[record]")
{
    const fs::path path = scratchFile("flush");
    Recording r(path);
    const std::string header = r.file();
    CHECK(header.starts_with(std::string(kRecordingHeader) + "\n")); // written at start
    CHECK(header.ends_with("0 restart\n"));

    r.steps(10);
    r.issue(GrabCommand{1199});
    r.recorder.tick();
    CHECK(r.file() == header); // noted, but less than a second ago
    r.now += 0.5;
    r.recorder.tick();
    CHECK(r.file() == header);
    r.now += 0.5; // a second after the last flush (the header's)
    r.recorder.tick();
    const std::string grabbed = r.file();
    CHECK(grabbed.starts_with(header + "10 drag 1199 "));
    CHECK(grabbed.find('\n', header.size()) == grabbed.size() - 1); // one whole line more

    // Frames of 0.25 s (exact in binary, as the positions are), 8 steps each, two moves a
    // frame (the second replaces the first) and a tick: a flush each fourth frame.
    for (int f = 0; f < 8; ++f) {
        r.issue(MoveCommand{{0.25 * f, -6.0}});
        r.issue(MoveCommand{{0.25 * f + 0.125, -6.0}});
        r.steps(8);
        r.now += 0.25;
        r.recorder.tick();
        const std::string file = r.file();
        INFO("frame " << f << ":\n" << file);
        CHECK(file.back() == '\n');
        CHECK_NOTHROW(pbd::parseEventScript(file, r.simulation.settings())); // valid as it is
        if (f == 4) { // flushed at frame 3 (a second after the grab's flush), not since
            CHECK_THAT(file, Contains("\n34 drag 1199 0.875 -6\n") && !Contains("\n42 drag"));
            CHECK_THAT(file, Contains("\n10 drag 1199 0.125 -6\n") &&
                                 !Contains("\n10 drag 1199 0 -6\n")); // replaced: no line
        }
        if (f == 7) // flushed again, with this frame's move (no later one can replace it)
            CHECK(file.ends_with("\n58 drag 1199 1.625 -6\n66 drag 1199 1.875 -6\n"));
    }

    // A release at step 74, a second after the last flush on the clock.
    const std::string before = r.file();
    r.issue(ReleaseCommand{});
    r.now += 0.75;
    r.recorder.tick();
    CHECK(r.file() == before);
    r.now += 0.25;
    r.recorder.tick();
    CHECK(r.file() == before + "74 release\n");
    REQUIRE_FALSE(r.recorder.stop(r.simulation));
    CHECK(r.file().starts_with(before + "74 release\n74 end\n# final positions hash "));
    fs::remove(path);
}

TEST_CASE("a move waits in memory only while a later one could replace it, the file is the same "
          "however often it was flushed",
          "[record]")
{
    const fs::path flushed = scratchFile("often");
    const fs::path once = scratchFile("once");
    Recording a(flushed);
    Recording b(once);
    for (Recording* r : {&a, &b}) {
        r->issue(GrabCommand{1199});
        r->steps(3);
    }
    // A move at step 3, replaced at once by another at the same step: only the last is a line.
    for (Recording* r : {&a, &b}) {
        r->issue(MoveCommand{{1.0, -1.0}});
        r->issue(MoveCommand{{2.0, -2.0}});
    }
    a.now += 5.0;
    a.recorder.tick(); // due, but the move could still be replaced: it stays in memory
    CHECK_THAT(a.file(), !Contains("3 drag 1199 2 -2"));
    a.issue(MoveCommand{{3.0, -3.0}}); // replaces it
    a.now += 5.0;
    a.recorder.tick();
    b.issue(MoveCommand{{3.0, -3.0}});
    CHECK_THAT(a.file(), !Contains("3 drag 1199 2 -2") && !Contains("3 drag 1199 3 -3"));
    a.steps(1);
    b.steps(1);
    a.now += 5.0;
    a.recorder.tick(); // a step has passed: nothing can replace it now
    CHECK_THAT(a.file(), Contains("\n3 drag 1199 3 -3\n"));
    // The same drag, with a tick and a second every frame in one and no tick in the other.
    dragFrames(a, 30, 1.0, true);
    dragFrames(b, 30, 0.0, false);
    CHECK(b.file().ends_with("0 restart\n")); // b never flushed after the header
    REQUIRE_FALSE(a.recorder.stop(a.simulation));
    REQUIRE_FALSE(b.recorder.stop(b.simulation));
    CHECK(a.file() == b.file());
    fs::remove(flushed);
    fs::remove(once);
}
