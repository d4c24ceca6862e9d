#pragma once
/// \file
/// pbd-sim's command line: the CLI11 app with its run, bench and scenes subcommands, built
/// without running anything, so that main() and the command-line fuzzer share it.

#include <CLI/CLI.hpp>

#include "bench.h"
#include "run.h"
#include "scenes.h"
#include "validate/validate.h"

namespace pbd::cli {

/// The parsed command line of pbd-sim. Holds the CLI11 app and the option values it writes
/// into; not copyable or movable, because the app keeps pointers to those values.
struct CommandLine {
    /// Registers --version and the run, bench and scenes subcommands with all their options.
    CommandLine();
    CommandLine(const CommandLine&) = delete;
    CommandLine& operator=(const CommandLine&) = delete;

    CLI::App app;
    RunOptions run;
    BenchOptions bench;
    ValidateOptions validate;
    CLI::App* runCommand = nullptr;
    CLI::App* benchCommand = nullptr;
    CLI::App* scenesCommand = nullptr; ///< `pbd-sim scenes`: lists the built-in scenes
    CLI::App* validateCommand = nullptr; ///< `pbd-sim validate`: the simulation against laws
};

} // namespace pbd::cli
