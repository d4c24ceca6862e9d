#pragma once
/// \file
/// The command-line flags of the settings tables, shared by pbd-sim and pbd-cloth, on top of
/// CLI11.

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "pbd/settings.h"
#include "pbd/settings_table.h"

namespace pbd::common {

/// Exit status for invalid usage or values.
inline constexpr int kExitUsage = 2;
/// Exit status for input/output failures.
inline constexpr int kExitIo = 1;

/// The --help text of a row's flag: "BRIEF (default D; allowed: ...)", or BRIEF alone for a
/// bare flag.
std::string flagHelp(const char* brief, const ValueRule& rule, bool bare,
                     const std::string& defaultText);
/// The flag's value placeholder in --help: "N", "X", "sequential|colored|gpu", "auto|X".
std::string flagTypeName(const ValueRule& rule);
/// Reads the text given to `flag` as a value of `rule`. With `checkRange` the value must also
/// be one of the rule's values. On error returns "FLAG: 'TEXT' is not a whole number;
/// allowed: ..." (or "is out of range", "is not a solver", "is not allowed").
std::optional<std::string> readFlag(const char* flag, const ValueRule& rule,
                                    const std::string& text, bool checkRange, double& value);

/// The command-line flags of a table's rows (table_row.h): one flag per row, its help, its
/// value placeholder and its reading derived from the row. Values are taken as text by CLI11
/// and converted strictly here, so that every refusal names the option, the value and what is
/// allowed. Rows with bareFlag take no value (giving the flag means on).
template <typename Target>
class TableFlags {
public:
    explicit TableFlags(std::vector<const TableRow<Target>*> rows)
        : rows_(std::move(rows)), texts_(rows_.size()), bare_(new bool[rows_.size()]())
    {
    }
    /// Every row of `table`.
    explicit TableFlags(std::span<const TableRow<Target>> table) : TableFlags(rowsOf(table)) {}
    TableFlags(const TableFlags&) = delete; // CLI11 keeps pointers into texts_ and bare_
    TableFlags& operator=(const TableFlags&) = delete;

    /// Registers the flags on `app` (or a subcommand); --help shows `defaults`' values.
    void addTo(CLI::App& app, const Target& defaults = {})
    {
        for (std::size_t i = 0; i < rows_.size(); ++i) {
            const TableRow<Target>& row = *rows_[i];
            const std::string help =
                flagHelp(row.brief, row.value, row.bareFlag, settingText(row, defaults));
            if (row.bareFlag)
                app.add_flag(row.flag, bare_[i], help);
            else
                app.add_option(row.flag, texts_[i], help)->type_name(flagTypeName(row.value));
        }
    }
    /// Writes the given flags into `target`; on error returns the message and may have
    /// written some. With `checkRange` every value must be one of its row's; without, the
    /// caller checks the whole (validate() for Settings, whose limits depend on each other).
    std::optional<std::string> applyTo(Target& target, bool checkRange) const
    {
        for (std::size_t i = 0; i < rows_.size(); ++i) {
            const std::optional<std::string> text = given(i);
            if (!text)
                continue;
            double value = 0.0;
            if (auto error = readFlag(rows_[i]->flag, rows_[i]->value, *text, checkRange, value))
                return error;
            rows_[i]->set(target, value);
        }
        return std::nullopt;
    }
    /// Whether the flag of the row whose member is `name` was given.
    bool given(std::string_view name) const
    {
        for (std::size_t i = 0; i < rows_.size(); ++i)
            if (name == rows_[i]->name)
                return given(i).has_value();
        return false;
    }
    /// The text given to the flag of the row whose member is `name` ("" for a bare flag, which
    /// reads "on"), if it was given.
    std::optional<std::string> text(std::string_view name) const
    {
        for (std::size_t i = 0; i < rows_.size(); ++i)
            if (name == rows_[i]->name)
                return given(i);
        return std::nullopt;
    }

private:
    static std::vector<const TableRow<Target>*> rowsOf(std::span<const TableRow<Target>> table)
    {
        std::vector<const TableRow<Target>*> rows;
        for (const TableRow<Target>& row : table)
            rows.push_back(&row);
        return rows;
    }
    std::optional<std::string> given(std::size_t i) const
    {
        if (rows_[i]->bareFlag)
            return bare_[i] ? std::optional<std::string>("on") : std::nullopt;
        return texts_[i];
    }

    std::vector<const TableRow<Target>*> rows_;
    std::vector<std::optional<std::string>> texts_; ///< the values as given, in row order
    std::unique_ptr<bool[]> bare_;                  ///< the bare flags given
};

/// Which parameter flags a command takes.
enum class FlagSet {
    All,   ///< every setting of the table (pbd-sim run, pbd-cloth)
    Bench, ///< the settings marked onBench in the table (pbd-sim bench): all but the
           ///< cloth's size and pins, the time step, gravity and mass
};

/// The parameter flags of Settings, every one derived from the settings table
/// (pbd/settings_table.h): --width, --height, --fixed, --dt, --iterations, --stiffness,
/// --gravity, --mass, --substeps, --damping, --area-stiffness, --tear-strain, --solver,
/// --threads, --gpu-precision (FlagSet::Bench: the onBench ones).
class SettingsFlags {
public:
    explicit SettingsFlags(FlagSet set = FlagSet::All);

    /// Registers the flags on `app` (or a subcommand).
    void addTo(CLI::App& app);
    /// Writes the given flags into `settings` and validates the result. On error returns a
    /// message such as "--width: '40abc' is not a whole number; allowed: ..." and leaves
    /// `settings` unchanged.
    std::optional<std::string> applyTo(Settings& settings) const;
    /// Whether the flag of the setting whose member is `name` was given (bench: --solver).
    bool given(std::string_view name) const { return flags_.given(name); }

private:
    TableFlags<Settings> flags_;
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
