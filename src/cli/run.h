#pragma once
/// \file
/// `pbd-sim run`.

#include <optional>
#include <string>
#include <vector>

#include "common/ball_flags.h"
#include "common/obstacle_flags.h"
#include "common/settings_flags.h"

namespace pbd::cli {

/// Largest accepted --steps.
inline constexpr long long kMaxRunSteps = 1'000'000'000;

/// What `pbd-sim run` was asked to do, as given on the command line.
struct RunOptions {
    common::SettingsFlags flags;
    common::ObstacleFlags obstacles; ///< --obstacle, repeatable
    common::BallFlags balls;         ///< --ball, repeatable
    std::optional<std::string> stepsText;
    std::optional<std::string> dragFile;
    std::optional<std::string> outFile;
    std::optional<std::string> loadFile; ///< start from this saved state (--load)
    std::optional<std::string> saveFile; ///< save the final state here (--save)
    std::optional<std::string> saveObjFile; ///< the final surface as OBJ here (--save-obj)
    std::optional<std::string> traceFile; ///< --trace FILE: a CSV row per step (trace.h)
    std::optional<std::string> traceEveryText; ///< --trace-every N: a row every N steps
    std::vector<std::string> traceParticleTexts; ///< --trace-particle I, repeatable
};

/// Converts and validates the settings flags and --steps without running anything. On error
/// returns a message naming the option, the value and what is allowed (exit status kExitUsage),
/// and leaves `settings` and `steps` unchanged.
std::optional<std::string> checkRunOptions(const RunOptions& options, Settings& settings,
                                           long long& steps);

/// Runs the simulation and writes the final positions. Returns the exit status.
int runCommandMain(const RunOptions& options);

} // namespace pbd::cli
