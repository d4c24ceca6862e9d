#pragma once
/// \file
/// The simulation parameter flags shared by pbd-sim and pbd-cloth, on top of CLI11.

#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "pbd/settings.h"

namespace pbd::cli {

/// Exit status for invalid usage or values.
inline constexpr int kExitUsage = 2;
/// Exit status for input/output failures.
inline constexpr int kExitIo = 1;

/// --solver sequential|colored|gpu, --threads N (1 to kMaxThreads) and --gpu-precision
/// float|double. pbd-sim bench uses these alone; SettingsFlags includes them for pbd-sim run
/// and pbd-cloth.
class SolverFlags {
public:
    /// Registers the two flags on `app` (or a subcommand).
    void addTo(CLI::App& app);
    /// Checks the given flags; on error returns a message naming the option, the value and
    /// what is allowed.
    std::optional<std::string> check() const;
    /// Writes the given flags into `settings` (solver, threads, GPU precision); assumes
    /// check() passed.
    void applyTo(Settings& settings) const;
    /// The --solver given, if any (after check()).
    std::optional<Solver> solver() const;
    /// The --threads given, if any (after check()); nothing means one per core.
    std::optional<int> threads() const;
    /// The --gpu-precision given, if any (after check()).
    std::optional<GpuPrecision> gpuPrecision() const;

private:
    std::optional<std::string> solver_, threads_, gpuPrecision_;
};

/// --width, --height, --fixed, --dt, --iterations, --gravity, --mass, --solver and --threads.
/// Values are taken as
/// text by CLI11 and converted strictly here, so that every refusal names the option, the
/// value and the allowed range.
class SettingsFlags {
public:
    /// Registers the flags on `app` (or a subcommand).
    void addTo(CLI::App& app);
    /// Writes the given flags into `settings` and validates the result. On error returns a
    /// message such as "--width: '40abc' is not a whole number; allowed: ..." and leaves
    /// `settings` unchanged.
    std::optional<std::string> applyTo(Settings& settings) const;

private:
    std::optional<std::string> width_, height_, fixed_, dt_, iterations_, gravity_, mass_;
    SolverFlags solverFlags_;
};

/// Strict whole-number conversion of an option value: the whole text must be a number in
/// [lo, hi]. On error returns "OPTION: 'TEXT' is not ...; allowed: ...".
std::optional<std::string> parseWholeOption(const std::string& option, const std::string& text,
                                            long long lo, long long hi, long long& value);

/// Runs app.parse and maps CLI11's outcome onto our exit statuses. Returns nothing when
/// parsing succeeded and the program should go on, otherwise the status to exit with
/// (0 after --help or --version, kExitUsage for a usage error, after printing the message).
std::optional<int> parseCommandLine(CLI::App& app, int argc, char** argv);

} // namespace pbd::cli
