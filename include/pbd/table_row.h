#pragma once
/// \file
/// A row of a settings table: what a setting is called (name, flag, label), what values it
/// takes (its kind: whole, real, choice by name, on/off) and how it is read and written in a
/// struct. The simulation's table (settings_table.h) and the app's preferences are tables of
/// such rows; reading a typed word or number, checking it, naming the allowed values and
/// writing a value as text all go through the row's kind, so no caller asks a row its name
/// to learn how to treat it.

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

namespace pbd {

/// What values a row takes.
enum class SettingKind {
    Whole,  ///< a whole number from lo to hi
    Real,   ///< a finite number from lo to hi
    Choice, ///< one of a list of words, each standing for an enum value
    OnOff,  ///< "on" or "off" (1 or 0)
};

/// A choice's words with the enum values (as int) they stand for, in the order they are listed.
using ChoiceNames = std::span<const std::pair<int, std::string_view>>;

/// The words of an enum's name table (value, word) with the values as int, for a row:
/// `constexpr auto kSolverChoices = choiceNames(kSolverNames);`.
template <typename T, std::size_t N>
constexpr std::array<std::pair<int, std::string_view>, N>
choiceNames(const std::array<std::pair<T, std::string_view>, N>& names)
{
    std::array<std::pair<int, std::string_view>, N> out{};
    for (std::size_t i = 0; i < N; ++i)
        out[i] = {static_cast<int>(names[i].first), names[i].second};
    return out;
}

/// The words of an on/off row: on is 1, off is 0 ("allowed: on or off", "--tethers on|off").
inline constexpr std::array<std::pair<int, std::string_view>, 2> kOnOffNames{
    {{1, "on"}, {0, "off"}}};

/// What values a setting takes, and how they read and print. Made by whole(), real(),
/// choice() or onOff(); the other members narrow or explain them.
struct ValueRule {
    SettingKind kind = SettingKind::Real;
    double lo = 0.0;       ///< smallest allowed number (whole, real)
    double hi = 0.0;       ///< largest allowed number (whole, real)
    const char* unit = ""; ///< the unit in messages and --help ("s", "m/s^2"), "" for counts
    ChoiceNames names{};   ///< choice, on/off: the words
    const char* what = ""; ///< choice: what a word names, for messages ("a solver")
    /// Said after the range in the allowed text ("0: one per core"), or "".
    const char* note = "";
    /// A word that stands for the value 0, outside [lo, hi], beside the numbers ("auto": the
    /// strain scale chosen automatically), or nullptr.
    const char* autoWord = nullptr;
    /// Extra check beyond [lo, hi] (the fixed count's 1, 2, 4), or nullptr; allowedText then
    /// says which values pass.
    bool (*accepts)(double value) = nullptr;
    const char* allowedText = nullptr; ///< "allowed: 1, 2 or 4" where accepts narrows the range
};

/// A whole number from lo to hi.
constexpr ValueRule whole(double lo, double hi, const char* unit = "")
{
    return {.kind = SettingKind::Whole, .lo = lo, .hi = hi, .unit = unit};
}
/// A finite number from lo to hi.
constexpr ValueRule real(double lo, double hi, const char* unit = "")
{
    return {.kind = SettingKind::Real, .lo = lo, .hi = hi, .unit = unit};
}
/// One of `names` ("sequential", "colored", "gpu"); `what` names what a word is ("a solver").
constexpr ValueRule choice(ChoiceNames names, const char* what)
{
    return {.kind = SettingKind::Choice,
            .lo = 0.0,
            .hi = 0.0,
            .unit = "",
            .names = names,
            .what = what};
}
/// "on" (1) or "off" (0).
constexpr ValueRule onOff()
{
    return {.kind = SettingKind::OnOff,
            .lo = 0.0,
            .hi = 1.0,
            .unit = "",
            .names = kOnOffNames,
            .what = "on or off"};
}

/// True when `value` is one of the rule's values: a finite whole or real number within
/// [lo, hi] that `accepts` takes, one of the choice's values, 0 or 1 for on/off, or 0 when the
/// rule has an autoWord.
bool allowedValue(const ValueRule& rule, double value);

/// "allowed: a whole number from 1 to 2048 particles", "allowed: sequential, colored or gpu",
/// "allowed: on or off", "allowed: auto or a finite number from 1e-06 to 1000", or the rule's
/// own allowedText.
std::string allowedValues(const ValueRule& rule);

/// Reads `text` (all of it: no spaces) as one of the rule's kind of values, without checking
/// the range: a whole number (within int), a number, one of the words (or the autoWord). On
/// failure returns nothing and sets `reason` to "is not a whole number", "is not a number",
/// "is out of range" (beyond int or double), "is not a finite number" (nan, inf), "is not
/// WHAT" (a choice), or "is not allowed" (a typed 0 where 0 stands for the autoWord).
std::optional<double> readValue(const ValueRule& rule, std::string_view text, std::string& reason);

/// The value as text, as readValue reads it back: whole numbers as integers ("40"), real ones
/// as the shortest text that reads back as the same double ("0.005"), choices by their word,
/// 0 by the autoWord.
std::string valueText(const ValueRule& rule, double value);

/// Where the app's panel shows a setting of the simulation's table.
enum class PanelSection {
    Page,        ///< the page's fields, in the order of pbd.html / xpbd.html
    BeyondPage,  ///< the section "Physics beyond the page", below the page's fields
    Performance, ///< the Performance section (solver choice, threads)
    World,       ///< the World section (thickness, friction): the cloth's contacts
    Air,         ///< the Air part of the world: wind, air drag, gusts
    Space,       ///< the third dimension: dimensions, orientation, wind z, bending (the 3D
                 ///< window's)
};

/// One setting of a table over the struct `Target` (Settings, the app's Preferences):
/// everything the tools need to read, check, show and explain it. Rows are written with
/// designated initializers and say only what matters; the rest keeps these defaults.
template <typename Target>
struct TableRow {
    const char* name;           ///< the member ("timeStep"), as SettingsError::field names it
    const char* flag;           ///< the command-line option ("--dt")
    const char* label;          ///< the panel label without units, as messages start
    const char* labelUnit = ""; ///< the unit shown after the panel label ("s", "m/s²")
    ValueRule value;            ///< the kind, range, words and unit of its values
    double step = 1.0;          ///< the panel's +/- step (whole and real rows)
    const char* brief = "";     ///< --help: a short phrase with units ("time step in s")
    const char* help = "";      ///< the panel's tooltip: what the setting does (without range)
    PanelSection section = PanelSection::Page; ///< where the panel shows it (Settings)
    bool rebuildsCloth = false; ///< changing it rebuilds the cloth (width, height, fixed count)
    bool onBench = false;       ///< `pbd-sim bench` takes its flag too
    bool bareFlag = false;      ///< on/off: the flag takes no value, and giving it means on
    /// The value as a double: numbers as they are, a choice's enum value, on/off as 1/0.
    double (*get)(const Target& target) = nullptr;
    /// Stores `value` (one that allowedValue accepts for whole, choice and on/off rows).
    void (*set)(Target& target, double value) = nullptr;
};

/// True when `value` is allowed for the row (see allowedValue(const ValueRule&, double)).
template <typename Target>
bool allowedValue(const TableRow<Target>& row, double value)
{
    return allowedValue(row.value, value);
}

/// The row's allowed values ("allowed: ...").
template <typename Target>
std::string allowedValues(const TableRow<Target>& row)
{
    return allowedValues(row.value);
}

/// The panel label with its unit: "Time step size (s)", "Width".
template <typename Target>
std::string labelWithUnit(const TableRow<Target>& row)
{
    if (!*row.labelUnit)
        return row.label;
    return std::string(row.label) + " (" + row.labelUnit + ")";
}

/// The row's value in `target` as text ("40", "0.005", "colored", "on", "auto").
template <typename Target>
std::string settingText(const TableRow<Target>& row, const Target& target)
{
    return valueText(row.value, row.get(target));
}

/// The row of `rows` whose member is `name`, or nullptr.
template <typename Target>
const TableRow<Target>* findRow(std::span<const TableRow<Target>> rows, std::string_view name)
{
    for (const TableRow<Target>& row : rows)
        if (name == row.name)
            return &row;
    return nullptr;
}

} // namespace pbd
