#pragma once
/// \file
/// The autosave's writer thread: turns a snapshot of the state (taken on the frame thread)
/// into the state file format and writes it atomically (pbd/state_file.h: a temporary file
/// renamed over the autosave), so that the frame loop pays only for the snapshot's copy. A
/// failure (folder not writable, disk full) is reported once and never stops anything: the
/// next snapshot is written as if nothing had happened.

#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <variant>

#include "pbd/simulation.h"

namespace pbd::app {

/// A snapshot of the window's cloth, in the plane or in space (the state file says which).
using AnySimulationState = std::variant<SimulationState, SimulationState3>;

/// What the writes cost so far, on the writer thread.
struct AutosaveWriteTimes {
    long long writes = 0;      ///< writes that succeeded
    long long failures = 0;    ///< writes that failed
    double milliseconds = 0.0; ///< summed over all writes: JSON, file, rename
    double maxMilliseconds = 0.0;
};

class AutosaveWriter {
public:
    /// Writes FOLDER/FILE; the folder (and its parents) is made on the first write.
    AutosaveWriter(std::string folder, const std::string& fileName);
    /// Finishes the write under way and joins the thread (the file stays).
    ~AutosaveWriter();
    AutosaveWriter(const AutosaveWriter&) = delete;
    AutosaveWriter& operator=(const AutosaveWriter&) = delete;

    /// Hands `state` to the writer thread and returns at once. False while the previous
    /// snapshot is still being written: `state` is dropped (the caller tries again later).
    bool submit(AnySimulationState state);
    /// Waits until the snapshot handed over last is written (or failed).
    void wait();
    /// The reason the last write failed, the first time it is asked after a failure: later
    /// failures say nothing until a write has succeeded again.
    std::optional<std::string> takeFailure();
    /// The reason the last write failed, every time it is asked (nothing after a success).
    std::optional<std::string> lastFailure() const;
    /// A snapshot is handed over or being written: submit() would refuse it.
    bool busy() const;
    /// Moves the complete autosave `from` (a left-over being restored) to this writer's path,
    /// after the write under way. Returns the reason on failure.
    std::optional<std::string> adopt(const std::string& from);
    /// Removes the autosave, after the write under way (a missing file is no failure).
    /// Returns the reason on failure.
    std::optional<std::string> remove();

    /// FOLDER/FILE.
    const std::string& path() const { return path_; }
    /// The file holds a snapshot of this run (written, or adopted).
    bool exists() const;
    AutosaveWriteTimes times() const;

private:
    void loop();
    std::optional<std::string> write(const AnySimulationState& state);

    std::string folder_;
    std::string path_;
    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::optional<AnySimulationState> job_; ///< handed over, not yet taken by the thread
    bool busy_ = false;                  ///< a job is handed over or being written
    bool stop_ = false;
    bool exists_ = false;
    std::optional<std::string> failure_; ///< the last write's failure
    bool failureTold_ = false;           ///< takeFailure() gave it out
    AutosaveWriteTimes times_;
    std::thread thread_; ///< last: started once the members above exist
};

} // namespace pbd::app
