#pragma once
/// \file
/// Where the autosave lives and which autosaves are left over: one file per running app,
/// `autosave-<pid>.json` in the user's state folder, so that two windows never write the same
/// file; a file whose process is no longer running is a session to offer at the next launch.

#include <ctime>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <sys/types.h>

namespace pbd::app {

/// Reads an environment variable (std::getenv in the app; tests pass a map).
using EnvironmentLookup = std::function<const char*(const char* name)>;

/// The autosave folder: $XDG_STATE_HOME/pbd-cloth when XDG_STATE_HOME is an absolute path
/// (the XDG Base Directory rule: a relative one is ignored), else $HOME/.local/state/pbd-cloth;
/// nothing when neither gives one (no autosave then).
std::optional<std::string> autosaveFolder(const EnvironmentLookup& environment);

/// "autosave-<pid>.json".
std::string autosaveFileName(pid_t pid);
/// The process id in an autosave's file name ("autosave-123.json" -> 123); nothing for any
/// other name (its temporary file "autosave-123.json.tmp", "autosave-x.json", ...).
std::optional<pid_t> autosavePid(std::string_view fileName);

/// Whether process `pid` runs (kill(pid, 0): a process of another user counts too; a zombie,
/// killed and not yet waited for, does not).
bool processRunning(pid_t pid);

/// An autosave that no running process owns.
struct LeftOver {
    std::string path;         ///< FOLDER/autosave-<pid>.json
    pid_t pid = 0;            ///< the process that wrote it
    std::time_t modified = 0; ///< when it was last written (seconds since the epoch)
};

/// The autosaves in `folder` whose process is neither `self` nor `running`, newest first
/// (ties: the higher pid first). A missing or unreadable folder has none. Temporary files of
/// such processes (a write that a kill interrupted) are removed on the way.
std::vector<LeftOver> findLeftOvers(const std::string& folder, pid_t self,
                                    const std::function<bool(pid_t)>& running);

/// "HH:MM" of `when` in local time, as the panel's offer says it.
std::string clockText(std::time_t when);

} // namespace pbd::app
