#pragma once
/// \file
/// Runs that outlive the window, free of OpenGL: recording (Ctrl+R, --record), playback in the
/// window (--replay, the panel's Replay), and saving and loading the whole state (Ctrl+S,
/// Ctrl+O). It watches every command the controller applies (FilesHost::setCommandObserver):
/// the recorder writes them down, a playback advances with each step.
///
/// During a playback the view, Space, S, the stepping choice and the speed work as always;
/// anything that changes the cloth (a grab, a pin, a cut, a restart, a settings commit, a
/// load) stops the playback with a message, and the cloth carries on live from there. At the
/// end line the playback stops, the app pauses and says so. Recording and playback exclude
/// each other: starting one stops the other. A step running off the window's thread is
/// finished (and observed) before a recording or playback starts or stops, a save or a load.

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "logic/files_actions.h"
#include "logic/files_host.h"
#include "logic/keys.h"
#include "io/recorder.h"
#include "io/replayer.h"

namespace pbd::app {

/// The outcome line of a save or load (`verb`: "Saved", "Loaded") of `simulation` at `path`:
/// "Saved F: step N, W x H", in 2D and 3D alike.
template <glm::length_t D>
std::string stateOutcome(const char* verb, const std::string& path,
                         const SimulationOf<D>& simulation)
{
    const Settings& s = simulation.settings();
    return std::string(verb) + " " + path + ": step " + std::to_string(simulation.stepCount()) +
           ", " + std::to_string(s.width) + " x " + std::to_string(s.height);
}

class RunFiles {
public:
    /// Default file of Ctrl+S and Ctrl+O, in the working directory.
    static constexpr const char* kDefaultStatePath = "pbd-cloth-state.json";
    /// Default file of Ctrl+R, in the working directory.
    static constexpr const char* kDefaultRecordingPath = "pbd-cloth-recording.txt";

    /// Watches `host` (the app's Controller, which must outlive this) through its command
    /// observer.
    explicit RunFiles(FilesHost& host);
    ~RunFiles();
    RunFiles(const RunFiles&) = delete;
    RunFiles& operator=(const RunFiles&) = delete;

    /// Ctrl+R (start / stop recording to the recording field's file), Ctrl+S (save to the
    /// state field's file), Ctrl+O (load it). Returns true when the key was one of these.
    bool key(Key key, bool repeat, Modifiers modifiers);
    /// The panel section's requests of this frame.
    void panel(const FilesActions& actions);

    /// Restarts the cloth (FilesHost::restartForRecording) and records from there into
    /// `path`; with `fromState`, records from the state as it is instead (the start of a run
    /// given --load: the state is written beside the recording). False (with the message)
    /// when a file cannot be written: the cloth does not change when the recording's own
    /// cannot (a file beside it that cannot be written is found after the restart).
    bool startRecording(const std::string& path, bool fromState = false);
    /// Ends the recording (end line, hash comment). False when the file could not be written.
    bool stopRecording();
    /// Plays the script in `path` from its first line. False (with the message) when it
    /// cannot be read or parsed; nothing changes then.
    bool startReplay(const std::string& path);
    /// Plays events already read from `path` (--replay, checked before the window opened).
    void startReplay(std::vector<DragEvent> events, const std::string& path);
    /// Writes the whole state to `path` (temporary file, then rename: a failure keeps the old
    /// file). False with the reason in the message.
    bool save(const std::string& path);
    /// Loads the state in `path`: the cloth and the panel's fields take it. A bad file changes
    /// nothing; the message names the field. A recording or playback stops first.
    bool load(const std::string& path);
    /// Once per frame, also while idle: the recording's lines reach the file within
    /// Recorder::kFlushSeconds.
    void tick();
    /// At exit: ends a recording.
    void finish();

    /// Shows `message` in the panel's message place as the last outcome (the autosave's).
    void report(std::string message, bool failed) { say(std::move(message), failed); }
    /// Counts what changed the cloth so far: every command applied (steps too) and every
    /// load; the autosave saves when it moved.
    std::uint64_t changes() const { return changes_; }

    /// What the panel section shows now.
    FilesView view() const;
    bool recording() const { return recorder_.active(); }
    bool replaying() const { return replay_.has_value(); }
    const Recorder& recorder() const { return recorder_; }
    /// The playback in progress, if any.
    const std::optional<Replayer>& replay() const { return replay_; }
    /// The last outcome (see FilesView::message) and whether it is a failure.
    const std::string& message() const { return message_; }
    bool failed() const { return failed_; }
    const std::string& statePath() const { return statePath_; }
    const std::string& recordingPath() const { return recordingPath_; }

private:
    void onCommand(const Command& command);
    void playDue();
    void stopReplay(const std::string& why);
    void say(std::string message, bool failed);
    /// When `path` is empty, says so ("<refusal>: the <kind> file name is empty; ...") and
    /// returns true: the refused action must then change nothing.
    bool refuseEmptyName(const std::string& path, const char* refusal, const char* kind);

    FilesHost& host_;
    Recorder recorder_;
    std::optional<Replayer> replay_;
    bool ownCommand_ = false; ///< the command being applied is the playback's or ours
    std::string statePath_ = kDefaultStatePath;
    std::string recordingPath_ = kDefaultRecordingPath;
    std::string message_;
    bool failed_ = false;
    std::uint64_t changes_ = 0;
};

} // namespace pbd::app
