#pragma once
/// \file
/// A session to restore: while something changes (steps taken, edits), the app's whole state
/// is autosaved at most every AutosaveSchedule::kDefaultSeconds of wall-clock time into
/// FOLDER/autosave-<pid>.json (autosave_files.h), the snapshot taken on the frame thread and
/// written on AutosaveWriter's thread. Quitting (Ctrl+Q, closing the window, --frames)
/// removes the file; a quit signal or a lost window writes it once more and keeps it; a kill
/// leaves the last one. At the next launch a left-over autosave is offered in the panel
/// ("Restore the session of HH:MM?", Restore / Discard), or restored at once with --restore;
/// it is never loaded silently. A restored session's file becomes this run's autosave.
///
/// Free of OpenGL: the unit tests drive it with a fake clock and a controller of their own.
/// It reads and loads the cloth through an AutosaveHost: the app's serves the 2D controller or
/// the 3D session, whichever runs (a 3D session autosaves as a 2D one, and a left-over of
/// either space restores in its own space); RunFiles over a SimulationSource serves the 2D
/// cloth alone.

#include <ctime>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <sys/types.h>

#include "io/autosave_files.h"
#include "io/autosave_schedule.h"
#include "io/autosave_writer.h"
#include "logic/files_actions.h"
#include "io/run_files.h"
#include "logic/files_host.h"

namespace pbd::app {

/// What the autosave reads and changes: the window's cloth, in the plane or in space.
class AutosaveHost {
public:
    /// The last finished state, a device solver's read back first.
    virtual AnySimulationState snapshot() = 0;
    /// Waits for a step running on another thread and applies it.
    virtual void finishOffThreadStep() = 0;
    /// Counts what changed the cloth so far (commands, steps, loads): a snapshot is due when
    /// it moved.
    virtual std::uint64_t changes() const = 0;
    /// Loads the state file `path` of either dimension count; false when it did not load
    /// (nothing changed; message() says why).
    virtual bool load(const std::string& path) = 0;
    /// The last outcome shown in the panel's message place.
    virtual const std::string& message() const = 0;
    /// Shows `message` there (a failure when `failed`).
    virtual void report(std::string message, bool failed) = 0;

protected:
    AutosaveHost() = default;
    AutosaveHost(const AutosaveHost&) = default;
    AutosaveHost& operator=(const AutosaveHost&) = default;
    ~AutosaveHost() = default;
};

/// The command line's say.
struct AutosaveOptions {
    bool enabled = true;  ///< false: --no-autosave (nothing written, nothing offered)
    bool restore = false; ///< --restore: restore the newest left-over at once
    /// Seconds between snapshots (PBD_AUTOSAVE_SECONDS, for tests)
    double intervalSeconds = AutosaveSchedule::kDefaultSeconds;
};

/// How the run ended, for finish().
enum class AutosaveEnd {
    Quit,        ///< the user quit (Ctrl+Q, the window closed, --frames): the file goes
    Interrupted, ///< a quit signal or the window destroyed: written once more, kept
    StateLost,   ///< the GPU's state was lost with the context: the last file is kept as it is
};

/// The frame thread's cost of the snapshots so far.
struct AutosaveSnapshotTimes {
    long long snapshots = 0;
    double milliseconds = 0.0; ///< summed: reading a device's state back, copying it
    double maxMilliseconds = 0.0;
};

class Autosave {
public:
    /// Monotonic seconds; tests pass a fake one.
    using Clock = std::function<double()>;

    /// `folder`: autosaveFolder()'s (nothing: no autosave, said once on stderr by start());
    /// `self`: this process's id; `running`: whether a process still runs (processRunning).
    /// `host` must outlive this.
    Autosave(AutosaveHost& host, const AutosaveOptions& options,
             std::optional<std::string> folder, pid_t self, Clock clock,
             std::function<bool(pid_t)> running = processRunning);
    /// The 2D cloth alone: `source` (a Controller) and `files` must outlive this.
    Autosave(SimulationSource& source, RunFiles& files, const AutosaveOptions& options,
             std::optional<std::string> folder, pid_t self, Clock clock,
             std::function<bool(pid_t)> running = processRunning);
    ~Autosave();
    Autosave(const Autosave&) = delete;
    Autosave& operator=(const Autosave&) = delete;

    /// At launch: finds the left-overs and offers the newest, or with --restore restores it.
    /// Returns what to print on stdout ("" for nothing).
    std::string start();
    /// Once per frame loop turn, also while idle: notes changes, hands a snapshot to the
    /// writer when one is due, and shows a write's failure once in the message place.
    void tick();
    /// The panel's Restore and Discard.
    void panel(const FilesActions& actions);
    /// Ends the run (see AutosaveEnd). Returns what to print on stderr ("" for nothing).
    std::string finish(AutosaveEnd end);

    /// Waits until the snapshot handed to the writer last is on disk (tests; finish()).
    void waitForWriter()
    {
        if (writer_)
            writer_->wait();
    }

    /// The panel's question, "Restore the session of HH:MM?", or "" when nothing is offered.
    std::string offer() const;
    /// The session on offer.
    const std::optional<LeftOver>& offered() const { return offered_; }
    /// This run's autosave file ("" without autosave).
    std::string path() const;
    const AutosaveSnapshotTimes& snapshotTimes() const { return snapshotTimes_; }
    AutosaveWriteTimes writeTimes() const;

private:
    /// The 2D constructor's host: the controller's simulation, RunFiles' loads and messages.
    class RunFilesHost;
    /// `host`, or when null the one `own` holds.
    Autosave(std::unique_ptr<RunFilesHost> own, AutosaveHost* host,
             const AutosaveOptions& options, std::optional<std::string> folder, pid_t self,
             Clock clock, std::function<bool(pid_t)> running);
    /// Restores `leftOver`; false (said in the message place) when it did not load.
    bool restore(const LeftOver& leftOver);
    /// Offers the next left-over, if any.
    void offerNext();
    /// Takes a snapshot and hands it to the writer; false when the writer was still busy.
    bool snapshot();

    std::unique_ptr<RunFilesHost> ownHost_; ///< the 2D constructor's
    AutosaveHost& host_;
    AutosaveOptions options_;
    std::optional<std::string> folder_;
    pid_t self_;
    Clock clock_;
    std::function<bool(pid_t)> running_;
    AutosaveSchedule schedule_;
    std::unique_ptr<AutosaveWriter> writer_; ///< null without autosave
    std::uint64_t seenChanges_ = 0;          ///< RunFiles::changes() at the last look
    std::vector<LeftOver> leftOvers_;        ///< not yet offered, newest first
    std::optional<LeftOver> offered_;
    AutosaveSnapshotTimes snapshotTimes_;
};

} // namespace pbd::app
