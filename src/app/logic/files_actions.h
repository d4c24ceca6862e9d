#pragma once
/// \file
/// The panel's "Record and save" section, without drawing: what it shows (FilesView) and what
/// the user asked of it in a frame (FilesActions). RunFiles fills the one and acts on the other.

#include <optional>
#include <string>

namespace pbd::app {

/// What the section shows.
struct FilesView {
    std::string statePath;      ///< the state file field (Ctrl+S / Ctrl+O)
    std::string recordingPath;  ///< the recording file field (Ctrl+R, Replay)
    bool recording = false;     ///< a recording is running
    bool replaying = false;     ///< a playback is running
    /// "Recording to F: step N", "Replaying F: step N of M", or empty.
    std::string status;
    /// The last outcome ("Saved F ...", "Not saved: ..."), shown in the panel's fixed place
    /// for messages; empty when none.
    std::string message;
    bool failed = false;        ///< the message reports a failure (shown red)
};

/// What the user asked of the section this frame.
struct FilesActions {
    std::optional<std::string> statePath;     ///< the state file field was edited
    std::optional<std::string> recordingPath; ///< the recording file field was edited
    bool toggleRecording = false;             ///< "Record" / "Stop recording"
    bool toggleReplay = false;                ///< "Replay" / "Stop replay"
    bool save = false;                        ///< "Save"
    bool load = false;                        ///< "Load"
    bool restoreSession = false;              ///< "Restore" of a left-over autosave's offer
    bool discardSession = false;              ///< "Discard" of that offer
};

} // namespace pbd::app
