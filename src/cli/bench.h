#pragma once
/// \file
/// `pbd-sim bench`.

#include <optional>
#include <string>

#include "common/ball_flags.h"
#include "common/obstacle_flags.h"
#include "common/settings_flags.h"

namespace pbd::cli {

/// What `pbd-sim bench` was asked to do, as given on the command line.
struct BenchOptions {
    std::optional<std::string> sizesText;
    std::optional<std::string> stepsText;
    std::optional<std::string> settleText;
    std::optional<std::string> removeText; ///< --remove FRACTION[,FRACTION...]
    /// The table's onBench settings, each with its row's range: --iterations, --stiffness,
    /// --substeps, --damping, --area-stiffness, --tear-strain, --cloth-width, --cloth-height,
    /// --density, --tethers (on: each cloth also without, timed in turns), --chebyshev,
    /// --solver (none: both CPU solvers), --threads, --gpu-precision, and the world's and the
    /// air's settings
    common::SettingsFlags physicsFlags{common::FlagSet::Bench};
    common::ObstacleFlags obstacles; ///< --obstacle, --scene: every cloth gets them
    common::BallFlags balls;         ///< --ball: every cloth gets them (after the scene's)
    bool json = false;
};

/// Steps from rest before the strain is measured (and the timing starts), by default: 1 s of
/// simulated time at the default dt of 0.005 s.
inline constexpr long long kDefaultSettleSteps = 200;

/// Benchmarks each size with each solver and prints one row (or JSON object) per size,
/// solver and --remove fraction (and, with --tethers on, without and with tethers). For each size and solver: per fraction a fresh cloth less
/// that fraction of its constraints, `settle` steps from rest, its strain (largest and RMS of
/// |length - rest| / rest) and 3 warm-up steps; then the median over the timed steps, the
/// cloths taking turns step by step (the GPU's one after the other, in batches). Returns the
/// exit status.
int benchCommandMain(const BenchOptions& options);

} // namespace pbd::cli
