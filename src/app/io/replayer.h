#pragma once
/// \file
/// Playback of an event script (a recording) in the app: the script's events at the steps
/// they name, counted from the start of the playback, as `pbd-sim run --events` applies them.

#include <cstdint>
#include <functional>
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

/// The same for a recording of a 3D cloth (`pbd-cloth --replay` of a recording made in 3D):
/// the script's piece in 3D after its `set dimensions 3` line, which must come at step 0 (a
/// recording of the 3D window writes it among the start's lines), parsed for a new cloth of
/// the settings that line gives, which go to `settings`, and no obstacles or balls, as
/// `pbd-sim run` restarts the cloth there. Nothing with `notThreeD` true for a script that is
/// no such recording (events untouched: the 2D reading says what it is).
std::optional<ScriptFileError> readEventScriptFile3(const std::string& path,
                                                    const Settings& start, Settings& settings,
                                                    std::vector<DragEvent3>& events,
                                                    std::string& warning, bool& notThreeD);

/// The playback's position in a script of a cloth in D dimensions (Replayer in 2D).
template <glm::length_t D>
class ReplayerOf {
public:
    /// Plays `events` of the script read from `path`. The playback ends at the `end` line's
    /// step, or at the last event's step in a script without one.
    ReplayerOf(std::vector<DragEventOf<D>> events, std::string path);

    /// The next event due before the step about to be taken, or nothing; each is returned
    /// once. The caller applies it (eventCommands) before asking for the next one, so that a
    /// `set` sees the settings of the `set` before it.
    const DragEventOf<D>* nextDue();
    /// A step was taken.
    void stepped() { ++step_; }
    /// Every event is applied and the end step reached: no step may follow.
    bool finished() const;
    /// Steps taken since the playback began, and the end's step.
    std::uint64_t step() const { return step_; }
    std::uint64_t endStep() const { return endStep_; }
    const std::string& path() const { return path_; }

private:
    std::vector<DragEventOf<D>> events_;
    std::string path_;
    std::size_t next_ = 0;
    std::uint64_t step_ = 0;
    std::uint64_t endStep_ = 0;
};

/// The message of a playback that reached its end step `end`, where the positions' hash is
/// `hash` (the app pauses there).
std::string replayFinished(const std::string& path, std::uint64_t end, const std::string& hash);

using Replayer = ReplayerOf<2>;
using Replayer3 = ReplayerOf<3>;

/// What a playback needs of the cloth it plays on.
template <glm::length_t D>
struct ReplayTarget {
    std::function<const Settings&()> settings;        ///< the settings now
    std::function<std::string(Solver)> unavailable;   ///< why a solver cannot run ("": it can)
    std::function<void(const CommandOf<D>&)> issue;   ///< applies a command (the single path)
};

/// Applies the events of `replay` due before its next step, in order (a refused one changes
/// nothing and is skipped, as pbd-sim's player does). Returns why it stopped before an event
/// that chooses a solver the window cannot run (the playback cannot go on), else nothing.
template <glm::length_t D>
std::optional<std::string> playDueEvents(ReplayerOf<D>& replay, const ReplayTarget<D>& target);
/// A playback's turn before a step: playDueEvents(), then whether the playback is over. Returns
/// nothing while it plays on; else the message to show, where the caller ends the playback and
/// pauses: stopped by a solver the window cannot run, or finished (replayFinished(), with the
/// positions' `hash` of the cloth as it ends).
template <glm::length_t D>
std::optional<std::string> playTurn(ReplayerOf<D>& replay, const ReplayTarget<D>& target,
                                    const std::function<std::string()>& hash);

} // namespace pbd::app
