#pragma once
/// \file
/// `pbd-sim bench`.

#include <optional>
#include <string>

namespace pbd::cli {

/// What `pbd-sim bench` was asked to do, as given on the command line.
struct BenchOptions {
    std::optional<std::string> sizesText;
    std::optional<std::string> stepsText;
    std::optional<std::string> iterationsText;
    bool json = false;
};

/// Benchmarks each size and prints one row (or JSON object) per size. Returns the exit status.
int benchCommandMain(const BenchOptions& options);

} // namespace pbd::cli
