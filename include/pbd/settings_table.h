#pragma once
/// \file
/// The one table of settings: for every field of Settings its name, command-line flag, panel
/// label, units, limits, panel step, help text and panel section. validate(), allowedValues(),
/// the command-line flags of pbd-sim and pbd-cloth, their help, the app's panel rows and the
/// app's view dump are all derived from it, so that adding a setting touches one place.

#include <span>
#include <string>
#include <string_view>

#include "pbd/settings.h"

namespace pbd {

/// Where the app's panel shows a setting.
enum class PanelSection {
    Page,        ///< the page's fields, in the order of pbd.html / xpbd.html
    BeyondPage,  ///< the section "Physics beyond the page", below the page's fields
    Performance, ///< the Performance section (solver choice, threads)
};

/// One setting: everything the tools need to read, check, show and explain it.
struct SettingField {
    const char* name;      ///< the Settings member ("timeStep"), as SettingsError::field names it
    const char* flag;      ///< the command-line option ("--dt")
    const char* label;     ///< the panel label without units, as messages start ("Time step size")
    const char* labelUnit; ///< the unit shown after the panel label ("s", "m/s²"), "" for none
    const char* unit;      ///< the unit in messages and --help ("s", "m/s^2"), "" for counts
    bool whole;            ///< whole numbers only
    double lo;             ///< smallest allowed value
    double hi;             ///< largest allowed value
    double step;           ///< the panel's +/- step
    /// The allowed values when they are not simply "lo to hi" (e.g. "allowed: 1, 2 or 4"), or
    /// nullptr for the generated range text.
    const char* allowedText;
    /// Extra check beyond [lo, hi] (the fixed count's 1, 2, 4), or nullptr.
    bool (*accepts)(double value);
    const char* brief;     ///< --help: a short phrase with units ("time step in s")
    const char* help;      ///< the panel's tooltip: what the setting does (without its range)
    PanelSection section;  ///< where the panel shows it
    bool rebuildsCloth;    ///< changing it rebuilds the cloth (width, height, fixed count)
    bool onBench;          ///< `pbd-sim bench` takes its flag too
    double (*get)(const Settings& settings); ///< the value as a double (solver: its enum value)
    /// Stores `value`; for whole fields it must be whole and within int's range.
    void (*set)(Settings& settings, double value);
};

/// Every setting, in the panel's order (the page's fields, then the ones beyond the page,
/// then solver and threads). validate() checks them in this order.
std::span<const SettingField> settingFields();

/// The setting whose Settings member is `name`, or nullptr.
const SettingField* findSettingField(std::string_view name);

/// True when `value` is allowed for the field (finite, within [lo, hi], accepted).
bool allowedValue(const SettingField& field, double value);

/// "allowed: a whole number from 1 to 2048 particles", or the field's own allowedText.
std::string allowedValues(const SettingField& field);

/// The panel label with its unit: "Time step size (s)", "Width".
std::string labelWithUnit(const SettingField& field);

/// The field's value in `settings` as text: whole fields as integers ("40"), real ones as the
/// shortest text that reads back as the same double ("0.005"), the solver by name.
std::string settingText(const SettingField& field, const Settings& settings);

} // namespace pbd
