#pragma once
/// \file
/// The table of `pbd-sim validate`'s cases: each sets a cloth up through the documented
/// interface (a scene file's text: settings, obstacles, pins, positions), runs it to its
/// measurement and returns that with the closed-form law's value (laws.h). A new case (the
/// 3D ones, once the core has them: the heavy elastica, a falling sheet's terminal speed) is
/// one more row of validateCases() and one run function.

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pbd/settings.h"

namespace pbd::cli::validate {

/// What one setting of a case gave.
struct Measurement {
    double simulated = 0.0; ///< what the simulation gave, in the case's unit
    double law = 0.0;       ///< what the law says, in the same unit
};

/// How a case is run: the solver every setting uses.
struct RunContext {
    Solver solver = Solver::Sequential;
    int threads = 0; ///< the colored solver's (0: one per core)
};

/// One case. Its settings are a resolution that refines the simulation as it grows (links of
/// a chain, substeps of the step): the error of a converging case shrinks as
/// setting^-order. The tolerance at a setting is kSafety times the error Richardson's
/// extrapolation of the series predicts for that order (|sim_coarser - sim| / (r^order - 1),
/// r the ratio of the settings), never below `floor`; an exact law (order 0) has `floor`.
/// Above the floor the finest error must also have the sign of that estimate and converge
/// at no less than order - 0.5 (validate.cpp).
struct Case {
    std::string_view name;        ///< `--case NAME`
    std::string_view what;        ///< one line: the set-up and the law
    std::string_view settingName; ///< what the setting counts: "links", "substeps"
    std::string_view unit;        ///< of simulated and law: "m", "s", "1/s", "m/s"
    std::vector<int> settings;    ///< ascending, the full series
    std::vector<int> quick;       ///< ascending, the series of --quick (a subset, two or more)
    int order = 0;                ///< expected order of convergence in 1/setting; 0: exact
    /// The accuracy the measurement itself allows (rounding, settling, the solver's residual),
    /// in `unit`: the tolerance never goes below it. Each row says where its figure comes from.
    double floor = 0.0;
    Measurement (*run)(int setting, const RunContext& context) = nullptr;
};

/// The safety factor over Richardson's error estimate.
inline constexpr double kSafety = 2.0;

/// Every case, in the order `pbd-sim validate` runs them.
std::span<const Case> validateCases();

} // namespace pbd::cli::validate
