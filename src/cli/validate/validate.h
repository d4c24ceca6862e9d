#pragma once
/// \file
/// `pbd-sim validate`: the simulation against closed-form laws (validate/cases.h).

#include <optional>
#include <string>

namespace pbd::cli {

/// What `pbd-sim validate` was asked to do, as given on the command line.
struct ValidateOptions {
    bool quick = false;                     ///< --quick: each case's shorter series
    bool json = false;                      ///< --json: one object per line and case
    std::optional<std::string> caseName;    ///< --case NAME: that case alone
    std::optional<std::string> solverText;  ///< --solver sequential|colored
    std::optional<std::string> threadsText; ///< --threads N (colored)
};

/// Runs the cases and prints their table (or JSON). Returns 0 when every case is within its
/// tolerance, 1 when one is not, 2 for a bad option.
int validateCommandMain(const ValidateOptions& options);

} // namespace pbd::cli
