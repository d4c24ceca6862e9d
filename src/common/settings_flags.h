#pragma once
/// \file
/// The simulation parameter flags shared by pbd-sim and pbd-cloth, on top of CLI11.

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "pbd/settings.h"
#include "pbd/settings_table.h"

namespace pbd::common {

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

/// Which parameter flags a command takes.
enum class FlagSet {
    All,   ///< every setting of the table (pbd-sim run, pbd-cloth), solver and threads included
    Bench, ///< the settings marked onBench in the table (pbd-sim bench; it has its own
           ///< --iterations and SolverFlags)
};

/// The parameter flags derived from the settings table (pbd/settings_table.h): --width,
/// --height, --fixed, --dt, --iterations, --stiffness, --gravity, --mass, --substeps,
/// --damping, --area-stiffness, and with FlagSet::All also --solver and --threads. Values are
/// taken as text by CLI11 and converted strictly here, so that every refusal names the
/// option, the value and the allowed range.
class SettingsFlags {
public:
    explicit SettingsFlags(FlagSet set = FlagSet::All);
    SettingsFlags(const SettingsFlags&) = delete; // CLI11 keeps pointers into values_
    SettingsFlags& operator=(const SettingsFlags&) = delete;

    /// Registers the flags on `app` (or a subcommand).
    void addTo(CLI::App& app);
    /// Writes the given flags into `settings` and validates the result. On error returns a
    /// message such as "--width: '40abc' is not a whole number; allowed: ..." and leaves
    /// `settings` unchanged.
    std::optional<std::string> applyTo(Settings& settings) const;

private:
    FlagSet set_;
    std::vector<const SettingField*> fields_;           ///< the numeric flags, in table order
    std::vector<std::optional<std::string>> values_;    ///< their text as given, same order
    SolverFlags solverFlags_;                           ///< FlagSet::All only
};

/// Strict whole-number conversion of an option value: the whole text must be a number in
/// [lo, hi]. On error returns "OPTION: 'TEXT' is not ...; allowed: ...".
std::optional<std::string> parseWholeOption(const std::string& option, const std::string& text,
                                            long long lo, long long hi, long long& value);

/// Runs app.parse and maps CLI11's outcome onto our exit statuses. Returns nothing when
/// parsing succeeded and the program should go on, otherwise the status to exit with
/// (0 after --help or --version, kExitUsage for a usage error, after printing the message).
std::optional<int> parseCommandLine(CLI::App& app, int argc, char** argv);

} // namespace pbd::common
