#pragma once
/// \file
/// pbd-cloth's command line: the parameter flags shared with `pbd-sim run` and the app's own,
/// read and checked into AppOptions before any window opens.

#include <functional>
#include <optional>
#include <string>

#include "logic/app_options.h"

namespace CLI {
class App;
}

namespace pbd::app {

/// Reads pbd-cloth's command line into `options`. Returns nothing when the app should run,
/// else the exit status to end with at once, having printed why on std::cerr (help and the
/// version on std::cout): 0 after --help or --version, common::kExitUsage for a refused flag
/// or value, common::kExitIo for a --replay file that cannot be read or a --frames-dir that
/// cannot be written.
std::optional<int> readAppCommandLine(int argc, char** argv, AppOptions& options);

/// What a file given as pbd-cloth's only argument is, by its content: a JSON object whose
/// "format" is "pbd-cloth-state" (opened as --load) or "pbd-cloth-scene" (as --scene), else
/// an event script (as --replay).
enum class OpenedFile { State, Scene, Recording };
/// Why a file given as the only argument cannot be opened: the message (naming the file and
/// the reason) and whether it could not be read (else it is of another format).
struct OpenedFileError {
    std::string message;
    bool unreadable = false;
};
/// Tells what the file at `path` is (see OpenedFile) into `kind`.
std::optional<OpenedFileError> classifyOpenedFile(const std::string& path, OpenedFile& kind);

/// Calls `visit` with pbd-cloth's CLI11 app, every flag registered as readAppCommandLine
/// reads them, nothing parsed: for the man page (src/man), which lists its options.
void describeAppCommandLine(const std::function<void(const CLI::App&)>& visit);

} // namespace pbd::app
