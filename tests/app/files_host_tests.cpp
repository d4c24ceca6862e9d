// io/ through the narrow interfaces of logic/files_host.h, with a host that is not the
// controller: what the run's files and the autosave ask of it, and when. The controller-backed
// behaviour is in run_files_tests.cpp and autosave_tests.cpp.

#include <catch2/catch.hpp>

#include <cstring>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <unistd.h>

#include "io/autosave.h"
#include "io/run_files.h"
#include "logic/files_host.h"
#include "pbd/state_file.h"
#include "../unit/sim_builders.h"

using namespace pbd;
using namespace pbd::app;
namespace fs = std::filesystem;

namespace {

using pbd::test::samePositions;

/// A host of its own: a simulation, and a count of what the files asked.
class CountingHost final : public FilesHost {
public:
    explicit CountingHost(const Settings& settings) : simulation_(settings) {}

    const Simulation& simulation() const override { return simulation_; }
    const Simulation& syncedSimulation() override
    {
        ++synced;
        return simulation_;
    }
    void finishOffThreadStep() override
    {
        ++finished;
        simulation_.step(); // the step that was on its way
    }
    std::optional<CommandError> issue(const Command&) override
    {
        ++issued;
        return std::nullopt;
    }
    void setPaused(bool paused) override { this->paused = paused; }
    std::string solverUnavailable(Solver) const override { return {}; }
    void restartForRecording() override { ++restarts; }
    void clearHistory() override { ++historyCleared; }
    std::optional<std::string> loadState(const std::string& path) override
    {
        return loadStateFile(simulation_, path);
    }
    void setCommandObserver(std::function<void(const Command&)> observer) override
    {
        this->observer = std::move(observer);
    }

    int synced = 0, finished = 0, issued = 0, restarts = 0, historyCleared = 0;
    bool paused = false;
    std::function<void(const Command&)> observer;

private:
    Simulation simulation_;
};

/// A fresh folder for one test, removed after it.
struct FilesDir {
    fs::path path;
    FilesDir()
    {
        std::string pattern = (fs::temp_directory_path() / "pbd-files-host-XXXXXX").string();
        REQUIRE(::mkdtemp(pattern.data()) != nullptr);
        path = pattern;
    }
    ~FilesDir()
    {
        std::error_code ignored;
        fs::remove_all(path, ignored);
    }
};

Simulation loaded(const std::string& path)
{
    Simulation s{Settings{}};
    const auto error = loadStateFile(s, path);
    INFO(error.value_or(""));
    REQUIRE_FALSE(error);
    return s;
}

} // namespace

TEST_CASE("the run files watch their host's commands only while they live", "[files_host]")
{
    CountingHost host{Settings{}};
    {
        RunFiles files{host};
        CHECK(static_cast<bool>(host.observer)); // the recorder and playback see every command
    }
    CHECK_FALSE(static_cast<bool>(host.observer)); // no call into a destroyed RunFiles
}

TEST_CASE("a save holds the step that was on its way, read back from the host", "[files_host]")
{
    FilesDir dir;
    CountingHost host{Settings{}};
    RunFiles files{host};
    const std::string path = (dir.path / "state.json").string();
    REQUIRE(files.save(path));
    CHECK(host.finished == 1); // the step on its way, finished before the state was read
    CHECK(host.synced >= 1);   // and the device's state read back
    // The file holds the state after that step, not the one before it.
    Simulation oneStep{Settings{}};
    oneStep.step();
    const Simulation saved = loaded(path);
    CHECK(samePositions(saved, oneStep));
    CHECK_FALSE(samePositions(saved, Simulation{Settings{}}));
}

TEST_CASE("an interrupted run's last autosave holds the step that was on its way",
          "[files_host]")
{
    FilesDir dir;
    CountingHost host{Settings{}};
    RunFiles files{host};
    double now = 0.0;
    Autosave autosave(host, files, AutosaveOptions{}, dir.path.string(), ::getpid(),
                      [&now] { return now; }, [](pid_t) { return false; });
    const int finishedBefore = host.finished;
    const std::string said = autosave.finish(AutosaveEnd::Interrupted);
    INFO(said);
    CHECK(host.finished == finishedBefore + 1);
    REQUIRE(fs::exists(autosave.path()));
    Simulation oneStep{Settings{}}; // the state with that step
    for (int i = 0; i < host.finished; ++i)
        oneStep.step();
    CHECK(samePositions(loaded(autosave.path()), oneStep));
}
