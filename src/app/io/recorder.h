#pragma once
/// \file
/// Recording: the commands applied to a simulation written down as an event script
/// (pbd/drag_script.h) that `pbd-sim run --events FILE` and `pbd-cloth --replay FILE` play
/// back bit for bit.
///
/// A recording starts with its start, whatever the player started from (io/recording_start.h):
/// `0 scene NAME|FILE` (the world a restart brings back), every setting as `0 set FLAG VALUE`
/// and `0 restart`; or `0 load FILE` for a loaded state. Then each command at the step it
/// took effect, STEP being the number of steps taken since the recording began, which is the
/// step before which the event player applies it; then `STEP end` and a comment with the
/// final positions' hash. A grab is written as a drag to where the particle is (the move
/// changes nothing), a move as a drag of the grabbed particle to where it was put; an area
/// grab as `grab X Y R` and its moves as `move X Y`; consecutive moves between the same two
/// steps are written once, as the last (a move only replaces the position). Undo and redo
/// are `undo` and `redo` lines.
///
/// Lines reach the file as they happen, whole and in order: appended and flushed (no fsync)
/// within kFlushSeconds of being noted, so that a killed app leaves a valid prefix of the
/// recording (pbd/drag_script.h: dropCutRecordingLine ignores a line a kill cut short). A
/// move waits in memory while a later move could still replace it (until the next step or
/// the next event); then it is written as the next event would have written it, so the file
/// is the same whenever it was flushed.

#include <cstdint>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "pbd/command.h"
#include "pbd/drag_script.h"
#include "pbd/settings.h"
#include "pbd/settings_table.h"
#include "pbd/simulation.h"

namespace pbd::app {

/// The settings fields that change `from` into `to` (all of them when `everyField`), in an
/// order in which applying them one by one never leaves invalid settings where that is
/// possible (a cloth wider than the CPU solvers allow needs the GPU solver first). Fields are
/// compared by their bits, so that -0 and 0 differ as they do in the arithmetic.
std::vector<const SettingField*> settingsChangeOrder(const Settings& from, const Settings& to,
                                                     bool everyField);

/// Writes the commands it is shown to a file as an event script. Lines go to a memory buffer
/// and the file at least every kFlushSeconds: a step costs one counter increment. Written
/// once for the cloth in D dimensions (Recorder in 2D, Recorder3 in 3D).
template <glm::length_t D>
class RecorderOf {
public:
    /// Monotonic seconds; tests pass a fake one.
    using Clock = std::function<double()>;
    /// Bytes buffered before they are written to the file, whatever the clock says.
    static constexpr std::size_t kFlushBytes = std::size_t{1} << 20;
    /// Longest time a noted line waits in memory, in seconds of `clock` (checked on each
    /// note() but a step's, and on each tick()).
    static constexpr double kFlushSeconds = 1.0;

    /// A recorder on the steady clock.
    RecorderOf();
    explicit RecorderOf(Clock clock);
    ~RecorderOf();
    RecorderOf(const RecorderOf&) = delete;
    RecorderOf& operator=(const RecorderOf&) = delete;

    /// Starts a recording of `simulation` into `path` (created or truncated): open() then
    /// begin(). Returns the reason (naming the path) when a file cannot be written; nothing is
    /// recorded then.
    std::optional<std::string> start(const std::string& path, const SimulationOf<D>& simulation,
                                     bool fromState = false);
    /// Creates (or truncates) the recording's file; nothing is written to it until begin().
    std::optional<std::string> open(const std::string& path);
    /// Writes the start of `simulation` into the file open() opened: with `fromState` the
    /// state as it is (written beside, `0 load`), else the start a fresh cloth (just
    /// restarted) came from (startScene(): `0 scene`, the settings, `0 restart`). Returns the
    /// reason when the file beside cannot be written; the recording is closed then.
    std::optional<std::string> begin(const SimulationOf<D>& simulation, bool fromState = false);
    /// Notes a command that was just applied to `simulation` (the one given to start()).
    void note(const CommandOf<D>& command, const SimulationOf<D>& simulation);
    /// Once per frame (also while idle): writes a move that nothing can replace any more and
    /// flushes the lines noted kFlushSeconds or more after the last flush.
    void tick();
    /// Ends the recording: `STEP end`, the hash comment, the file closed. Returns the reason
    /// when the file could not be written completely.
    std::optional<std::string> stop(const SimulationOf<D>& simulation);

    bool active() const { return file_ != nullptr; }
    /// Steps taken since the recording began.
    std::uint64_t steps() const { return steps_; }
    const std::string& path() const { return path_; }

private:
    void write(const DragEventOf<D>& event);
    void flushPending();
    void flushBuffer();
    /// What tick() does, also after each note.
    void writeDue();

    Clock clock_;
    double lastFlush_ = 0.0; ///< clock_() at the last flush
    std::FILE* file_ = nullptr;
    std::string path_;
    std::string buffer_;
    bool writeFailed_ = false;
    int writeErrno_ = 0;
    std::uint64_t steps_ = 0;
    Settings settings_;                 ///< as the script has set them so far
    std::optional<DragEventOf<D>> pendingMove_; ///< the last move, not yet written
};

using Recorder = RecorderOf<2>;
using Recorder3 = RecorderOf<3>;

} // namespace pbd::app
