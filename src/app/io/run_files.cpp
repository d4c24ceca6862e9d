#include "io/run_files.h"

#include <variant>

#include "io/recording_start.h"
#include "pbd/state_file.h"
#include "pbd/state_io.h"

namespace pbd::app {
namespace {

std::string hashOf(FilesHost& host)
{
    return formatHash(positionsHash(host.syncedSimulation().particles().position));
}

} // namespace

RunFiles::RunFiles(FilesHost& host) : host_(host)
{
    host_.setCommandObserver([this](const Command& command) { onCommand(command); });
}

RunFiles::~RunFiles()
{
    host_.setCommandObserver({});
}

void RunFiles::say(std::string message, bool failed)
{
    message_ = std::move(message);
    failed_ = failed;
}

bool RunFiles::key(Key key, bool repeat, Modifiers modifiers)
{
    if (!modifiers.control || modifiers.alt)
        return false;
    switch (key) {
    case Key::R:
        if (!repeat) {
            if (recording())
                stopRecording();
            else
                startRecording(recordingPath_);
        }
        return true;
    case Key::S:
        if (!repeat)
            save(statePath_);
        return true;
    case Key::O:
        if (!repeat)
            load(statePath_);
        return true;
    default:
        return false;
    }
}

void RunFiles::panel(const FilesActions& actions)
{
    if (actions.statePath)
        statePath_ = *actions.statePath;
    if (actions.recordingPath)
        recordingPath_ = *actions.recordingPath;
    if (actions.toggleRecording) {
        if (recording())
            stopRecording();
        else
            startRecording(recordingPath_);
    }
    if (actions.toggleReplay) {
        if (replaying())
            stopReplay("Replay of " + replay_->path() + " stopped at step " +
                       std::to_string(replay_->step()) + " of " +
                       std::to_string(replay_->endStep()));
        else
            startReplay(recordingPath_);
    }
    if (actions.save)
        save(statePath_);
    if (actions.load)
        load(statePath_);
}

void RunFiles::onCommand(const Command& command)
{
    ++changes_;
    if (recorder_.active() && !ownCommand_) // (recording and playback exclude each other)
        recorder_.note(command, std::holds_alternative<GrabCommand>(command)
                                    ? host_.syncedSimulation() // where it was grabbed
                                    : host_.simulation());
    if (!replay_)
        return;
    if (std::holds_alternative<StepCommand>(command)) {
        replay_->stepped();
        playDue(); // the events before the next step, now: nothing else can come between
    } else if (!ownCommand_) {
        stopReplay(std::string("Replay of ") + replay_->path() + " stopped at step " +
                   std::to_string(replay_->step()) + " of " + std::to_string(replay_->endStep()) +
                   ": the cloth was changed by hand (" + commandName(command) +
                   "); it carries on live");
    }
}

void RunFiles::playDue()
{
    if (!replay_)
        return;
    ownCommand_ = true;
    const ReplayTarget<2> target{
        [this]() -> const Settings& { return host_.simulation().settings(); },
        [this](Solver solver) { return host_.solverUnavailable(solver); },
        [this](const Command& command) { host_.issue(command); }};
    const std::optional<std::string> over =
        playTurn(*replay_, target, [this] { return hashOf(host_); });
    ownCommand_ = false;
    if (over) {
        replay_.reset();
        host_.setPaused(true);
        say(*over, false);
    }
}

void RunFiles::stopReplay(const std::string& why)
{
    replay_.reset();
    say(why, false);
}

bool RunFiles::refuseEmptyName(const std::string& path, const char* refusal, const char* kind)
{
    if (!path.empty())
        return false;
    say(std::string(refusal) + ": the " + kind + " file name is empty; allowed: a file name",
        true);
    return true;
}

bool RunFiles::startRecording(const std::string& path, bool fromState)
{
    if (refuseEmptyName(path, "Not recording", "recording"))
        return false;
    host_.finishOffThreadStep(); // a step on its way belongs before the recording
    if (replay_)
        stopReplay("");
    if (recorder_.active())
        stopRecording();
    // The file first, so that a failure changes nothing; then the fresh cloth (or the state)
    // that the script's start describes.
    if (auto error = recorder_.open(path)) {
        say("Not recording: " + *error, true);
        return false;
    }
    if (!fromState) {
        ownCommand_ = true; // the start's `0 scene` and `0 restart` already say it
        host_.restartForRecording();
        ownCommand_ = false;
    }
    if (auto error = recorder_.begin(host_.syncedSimulation(), fromState)) {
        say("Not recording: " + *error, true);
        return false;
    }
    host_.clearHistory(); // an undo in the recording goes back no further than its start
    say(fromState ? "Started recording from the loaded state (written beside the recording as " +
                        recordingSideFile(path, ".state.json") + "); Ctrl+R stops"
                  : "Started recording from a fresh cloth (the cloth restarted); Ctrl+R stops",
        false);
    return true;
}

bool RunFiles::stopRecording()
{
    if (!recorder_.active())
        return true;
    // The step on its way, and what was done meanwhile, are observed (recorded) now.
    host_.finishOffThreadStep();
    const std::uint64_t steps = recorder_.steps();
    const std::string path = recorder_.path();
    if (auto error = recorder_.stop(host_.syncedSimulation())) { // the final hash
        say("Recording incomplete: " + *error, true);
        return false;
    }
    say("Recorded " + std::to_string(steps) + " steps to " + path + "; positions hash " +
            hashOf(host_),
        false);
    return true;
}

bool RunFiles::startReplay(const std::string& path)
{
    if (refuseEmptyName(path, "Not replaying", "recording"))
        return false;
    std::vector<DragEvent> events;
    std::string warning;
    if (auto error =
            readEventScriptFile(path, host_.simulation().settings(), events, warning,
                                host_.simulation().initialObstacles().size(),
                                host_.simulation().initialBalls().size())) {
        say("Not replaying: " + error->message, true);
        return false;
    }
    startReplay(std::move(events), path);
    if (!warning.empty() && message_.empty()) // (a replay that ended at once says so instead)
        say("Replaying up to the cut: " + warning, false);
    return true;
}

void RunFiles::startReplay(std::vector<DragEvent> events, const std::string& path)
{
    host_.finishOffThreadStep(); // its step is not the playback's
    if (recorder_.active())
        stopRecording();
    replay_.emplace(std::move(events), path);
    host_.clearHistory(); // the recording's undo lines undo its own actions, as in pbd-sim
    say("", false);
    playDue(); // the events before step 0: the recording's settings and fresh cloth
}

bool RunFiles::save(const std::string& path)
{
    if (refuseEmptyName(path, "Not saved", "state"))
        return false;
    host_.finishOffThreadStep(); // the state with what was done meanwhile
    if (auto error = saveStateFile(host_.syncedSimulation(), path)) {
        say("Not saved: " + *error + " (an existing file is kept as it was)", true);
        return false;
    }
    say(stateOutcome("Saved", path, host_.simulation()), false);
    return true;
}

bool RunFiles::load(const std::string& path)
{
    if (refuseEmptyName(path, "Not loaded", "state"))
        return false;
    host_.finishOffThreadStep();
    if (recorder_.active() || replay_) {
        // A load cannot be part of a recording or a playback: they stop, but only for a file
        // that will load (a bad one changes nothing at all).
        Simulation probe(Settings{});
        if (auto error = loadStateFile(probe, path)) {
            say("Not loaded (nothing changed): " + *error, true);
            return false;
        }
        if (recorder_.active())
            stopRecording();
        replay_.reset();
    }
    if (auto error = host_.loadState(path)) {
        say("Not loaded (nothing changed): " + *error, true);
        return false;
    }
    ++changes_;
    const Simulation& s = host_.simulation();
    std::string text = stateOutcome("Loaded", path, s);
    if (const std::string why = host_.solverUnavailable(s.settings().solver);
        !why.empty()) {
        Settings colored = s.settings();
        colored.solver = Solver::Colored;
        host_.issue(SetCommand{colored});
        text += "; the colored solver instead of the GPU's (" + why + ")";
    }
    say(text, false);
    return true;
}

void RunFiles::tick()
{
    recorder_.tick();
}

void RunFiles::finish()
{
    stopRecording();
}

FilesView RunFiles::view() const
{
    FilesView v;
    v.statePath = statePath_;
    v.recordingPath = recordingPath_;
    v.recording = recorder_.active();
    v.replaying = replay_.has_value();
    if (recorder_.active())
        v.status = "Recording to " + recorder_.path() + ": step " +
                   std::to_string(recorder_.steps());
    else if (replay_)
        v.status = "Replaying " + replay_->path() + ": step " + std::to_string(replay_->step()) +
                   " of " + std::to_string(replay_->endStep());
    v.message = message_;
    v.failed = failed_;
    return v;
}

} // namespace pbd::app
