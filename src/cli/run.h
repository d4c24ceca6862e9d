#pragma once
/// \file
/// `pbd-sim run`.

#include <optional>
#include <string>

#include "settings_flags.h"

namespace pbd::cli {

/// Largest accepted --steps.
inline constexpr long long kMaxRunSteps = 1'000'000'000;

/// What `pbd-sim run` was asked to do, as given on the command line.
struct RunOptions {
    SettingsFlags flags;
    std::optional<std::string> stepsText;
    std::optional<std::string> dragFile;
    std::optional<std::string> outFile;
};

/// Runs the simulation and writes the final positions. Returns the exit status.
int runCommandMain(const RunOptions& options);

} // namespace pbd::cli
