#pragma once
/// \file
/// Playback of an event script (a recording) in the app: the script's events at the steps
/// they name, counted from the start of the playback, as `pbd-sim run --events` applies them.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "pbd/drag_script.h"
#include "pbd/settings.h"

namespace pbd::app {

/// Why an event script could not be played.
struct ScriptFileError {
    std::string message; ///< names the file and the reason (or the line, value and range)
    bool unreadable;     ///< the file could not be read (else: it is not a valid script)
};

/// Reads and parses the event script in `path` for a simulation that starts with `settings`
/// and `obstacleCount` obstacles and `ballCount` balls (what its `0 restart` puts back: the
/// initial ones), which bound the script's obstacle and ball indices.
/// The files its `scene` and `load` lines name are read from the script's folder.
/// Returns the events, or the error. `warning` names the file and the line when a recording's
/// last line, cut short by a kill, was ignored (pbd/drag_script.h: dropCutRecordingLine);
/// else it is empty.
std::optional<ScriptFileError> readEventScriptFile(const std::string& path,
                                                   const Settings& settings,
                                                   std::vector<DragEvent>& events,
                                                   std::string& warning,
                                                   std::size_t obstacleCount = 0,
                                                   std::size_t ballCount = 0);

/// The playback's position in a script.
class Replayer {
public:
    /// Plays `events` of the script read from `path`. The playback ends at the `end` line's
    /// step, or at the last event's step in a script without one.
    Replayer(std::vector<DragEvent> events, std::string path);

    /// The next event due before the step about to be taken, or nothing; each is returned
    /// once. The caller applies it (eventCommands) before asking for the next one, so that a
    /// `set` sees the settings of the `set` before it.
    const DragEvent* nextDue();
    /// A step was taken.
    void stepped() { ++step_; }
    /// Every event is applied and the end step reached: no step may follow.
    bool finished() const;
    /// Steps taken since the playback began, and the end's step.
    std::uint64_t step() const { return step_; }
    std::uint64_t endStep() const { return endStep_; }
    const std::string& path() const { return path_; }

private:
    std::vector<DragEvent> events_;
    std::string path_;
    std::size_t next_ = 0;
    std::uint64_t step_ = 0;
    std::uint64_t endStep_ = 0;
};

} // namespace pbd::app
