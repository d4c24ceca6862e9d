#include "io/autosave.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <system_error>
#include <utility>

namespace pbd::app {

class Autosave::RunFilesHost final : public AutosaveHost {
public:
    RunFilesHost(SimulationSource& source, RunFiles& files) : source_(source), files_(files) {}
    AnySimulationState snapshot() override { return source_.syncedSimulation().state(); }
    void finishOffThreadStep() override { source_.finishOffThreadStep(); }
    std::uint64_t changes() const override { return files_.changes(); }
    bool load(const std::string& path) override { return files_.load(path); }
    const std::string& message() const override { return files_.message(); }
    void report(std::string message, bool failed) override
    {
        files_.report(std::move(message), failed);
    }

private:
    SimulationSource& source_;
    RunFiles& files_;
};

Autosave::Autosave(AutosaveHost& host, const AutosaveOptions& options,
                   std::optional<std::string> folder, pid_t self, Clock clock,
                   std::function<bool(pid_t)> running)
    : Autosave(nullptr, &host, options, std::move(folder), self, std::move(clock),
               std::move(running))
{
}

Autosave::Autosave(SimulationSource& source, RunFiles& files, const AutosaveOptions& options,
                   std::optional<std::string> folder, pid_t self, Clock clock,
                   std::function<bool(pid_t)> running)
    : Autosave(std::make_unique<RunFilesHost>(source, files), nullptr, options,
               std::move(folder), self, std::move(clock), std::move(running))
{
}

Autosave::Autosave(std::unique_ptr<RunFilesHost> own, AutosaveHost* host,
                   const AutosaveOptions& options, std::optional<std::string> folder, pid_t self,
                   Clock clock, std::function<bool(pid_t)> running)
    : ownHost_(std::move(own)), host_(host ? *host : *ownHost_), options_(options),
      folder_(std::move(folder)), self_(self), clock_(std::move(clock)),
      running_(std::move(running)), schedule_(options.intervalSeconds, clock_()),
      seenChanges_(host_.changes())
{
    if (options_.enabled && folder_)
        writer_ = std::make_unique<AutosaveWriter>(*folder_, autosaveFileName(self_));
}

Autosave::~Autosave() = default;

std::string Autosave::start()
{
    if (!folder_) {
        if (options_.enabled || options_.restore)
            return "pbd-cloth: no autosave: neither XDG_STATE_HOME nor HOME names a folder\n";
        return {};
    }
    if (!options_.enabled && !options_.restore)
        return {}; // --no-autosave: the folder is not even read
    leftOvers_ = findLeftOvers(*folder_, self_, running_);
    if (options_.restore) {
        if (leftOvers_.empty())
            return "pbd-cloth: --restore: no session to restore in " + *folder_ +
                   "; starting normally\n";
        const LeftOver newest = leftOvers_.front();
        leftOvers_.erase(leftOvers_.begin());
        if (!restore(newest)) {
            offered_ = newest; // the panel still offers Discard for a file that does not load
            return "pbd-cloth: --restore: " + host_.message() + "\n";
        }
        offerNext();
        return "pbd-cloth: restored the session of " + clockText(newest.modified) + " from " +
               newest.path + "\n";
    }
    offerNext();
    if (!offered_)
        return {};
    return "pbd-cloth: the session of " + clockText(offered_->modified) + " was not ended by "
           "quitting (" + offered_->path + "): the panel offers to restore it; --restore "
           "restores it at once\n";
}

void Autosave::offerNext()
{
    offered_.reset();
    if (!options_.enabled || leftOvers_.empty())
        return;
    offered_ = leftOvers_.front();
    leftOvers_.erase(leftOvers_.begin());
}

bool Autosave::restore(const LeftOver& leftOver)
{
    const std::string when = clockText(leftOver.modified);
    if (!host_.load(leftOver.path)) {
        host_.report("Session of " + when + " not restored: " + host_.message(), true);
        return false;
    }
    std::string text = "Restored the session of " + when + " (" + host_.message() + ")";
    if (writer_) {
        // Its file becomes this run's autosave: kept until this run quits, so that the
        // restored session survives a second crash before the next snapshot.
        if (auto error = writer_->adopt(leftOver.path)) {
            text += "; " + *error;
            schedule_.changed();
        } else {
            schedule_.upToDate();
        }
    }
    seenChanges_ = host_.changes();
    host_.report(text, false);
    return true;
}

void Autosave::panel(const FilesActions& actions)
{
    if (!offered_ || (!actions.restoreSession && !actions.discardSession))
        return;
    const LeftOver chosen = *offered_;
    if (actions.restoreSession) {
        if (!restore(chosen))
            return; // still offered, so that Discard can remove it
    } else {
        std::error_code error;
        std::filesystem::remove(chosen.path, error);
        host_.report(error ? "Session of " + clockText(chosen.modified) + " not discarded: "
                                  "cannot remove " + chosen.path + ": " + error.message()
                            : "Discarded the session of " + clockText(chosen.modified),
                      static_cast<bool>(error));
    }
    offerNext();
}

std::string Autosave::offer() const
{
    return offered_ ? "Restore the session of " + clockText(offered_->modified) + "?"
                    : std::string();
}

std::string Autosave::path() const
{
    return writer_ ? writer_->path() : std::string();
}

AutosaveWriteTimes Autosave::writeTimes() const
{
    return writer_ ? writer_->times() : AutosaveWriteTimes{};
}

void Autosave::tick()
{
    if (!writer_)
        return;
    if (auto failure = writer_->takeFailure()) {
        const std::string text = "Autosave failed (the simulation runs on; it tries again in " +
                                 std::to_string(static_cast<long long>(schedule_.interval())) +
                                 " s): " + *failure;
        std::fprintf(stderr, "pbd-cloth: %s\n", text.c_str());
        host_.report(text, true);
    }
    if (const std::uint64_t changes = host_.changes(); changes != seenChanges_) {
        seenChanges_ = changes;
        schedule_.changed();
    }
    const double now = clock_();
    if (schedule_.due(now) && snapshot())
        schedule_.taken(now);
}

bool Autosave::snapshot()
{
    if (writer_->busy())
        return false; // a slow disk: the next turn tries again, the frame never waits for it
    const auto start = std::chrono::steady_clock::now();
    // The last finished state (a step running off the thread works on a copy of its own);
    // the GPU's is read back first.
    AnySimulationState state = host_.snapshot();
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
            .count();
    ++snapshotTimes_.snapshots;
    snapshotTimes_.milliseconds += ms;
    snapshotTimes_.maxMilliseconds = std::max(snapshotTimes_.maxMilliseconds, ms);
    return writer_->submit(std::move(state));
}

std::string Autosave::finish(AutosaveEnd end)
{
    if (!writer_)
        return {};
    switch (end) {
    case AutosaveEnd::Quit:
        if (auto error = writer_->remove())
            return "pbd-cloth: autosave: " + *error + "\n";
        return {};
    case AutosaveEnd::StateLost:
        writer_->wait();
        return writer_->exists() ? "pbd-cloth: the last autosave is kept in " + writer_->path() +
                                       " (the GPU's state was lost)\n"
                                 : std::string();
    case AutosaveEnd::Interrupted:
        break;
    }
    host_.finishOffThreadStep(); // the state with the step on its way
    writer_->wait();
    snapshot();
    writer_->wait();
    if (auto failure = writer_->lastFailure())
        return "pbd-cloth: autosave failed: " + *failure + "\n";
    return "pbd-cloth: session autosaved to " + writer_->path() +
           " (kept: the next launch offers it, --restore restores it)\n";
}

} // namespace pbd::app
