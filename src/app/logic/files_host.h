#pragma once
/// \file
/// What io/ needs of the app's controller, and no more: the run's files (io/run_files.h) take
/// a FilesHost, the autosave (io/autosave.h) a SimulationSource. The Controller implements
/// both; io/ does not include it, and unit tests may drive io/ with a host of their own.

#include <functional>
#include <optional>
#include <string>

#include "pbd/command.h"
#include "pbd/settings.h"
#include "pbd/simulation.h"

namespace pbd::app {

/// The simulation as io/ reads it: to save, snapshot, hash and record.
class SimulationSource {
public:
    /// The simulation as last stepped (a device solver's state as last read back).
    virtual const Simulation& simulation() const = 0;
    /// The simulation with a device solver's state read back first (nothing to read with the
    /// CPU solvers).
    virtual const Simulation& syncedSimulation() = 0;
    /// Waits for a step running on another thread and applies it (and the commands issued
    /// meanwhile).
    virtual void finishOffThreadStep() = 0;

protected:
    SimulationSource() = default;
    SimulationSource(const SimulationSource&) = default;
    SimulationSource& operator=(const SimulationSource&) = default;
    ~SimulationSource() = default;
};

/// What recording, playback, saving and loading change besides reading the simulation.
class FilesHost : public SimulationSource {
public:
    /// Applies one command through the single command path (undo history included); a
    /// refused one changes nothing and says why.
    virtual std::optional<CommandError> issue(const Command& command) = 0;
    virtual void setPaused(bool paused) = 0;
    /// Why `solver` cannot run in this window ("" when it can).
    virtual std::string solverUnavailable(Solver solver) const = 0;
    /// The fresh cloth a recording starts from (Controller::restartForRecording).
    virtual void restartForRecording() = 0;
    /// Forgets every undoable action (a recording or a playback starts afresh).
    virtual void clearHistory() = 0;
    /// Replaces the whole state by the saved one in `path`; the reason when refused.
    virtual std::optional<std::string> loadState(const std::string& path) = 0;
    /// Called with every command that took effect (one observer; empty to stop).
    virtual void setCommandObserver(std::function<void(const Command&)> observer) = 0;

protected:
    FilesHost() = default;
    FilesHost(const FilesHost&) = default;
    FilesHost& operator=(const FilesHost&) = default;
    ~FilesHost() = default;
};

} // namespace pbd::app
