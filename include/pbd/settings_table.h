#pragma once
/// \file
/// The one table of the simulation's settings: for every field of Settings its name,
/// command-line flag, panel label, kind and limits (table_row.h), panel step, help text and
/// panel section. validate(), allowedValues(), the command-line flags of pbd-sim and pbd-cloth
/// (solver, threads and GPU precision included), their help, the event scripts' `set`, the
/// state files' settings object, the app's panel rows and the app's view dump are all derived
/// from it, so that adding a setting is one row plus the code that uses its value.

#include <span>
#include <string>
#include <string_view>

#include "pbd/settings.h"
#include "pbd/table_row.h"

namespace pbd {

/// One setting of the simulation: a row of the table over Settings.
using SettingField = TableRow<Settings>;

/// Every setting, in the panel's order (the page's fields, then the ones beyond the page,
/// then solver, threads and GPU precision). validate() checks them in this order.
std::span<const SettingField> settingFields();

/// The setting whose Settings member is `name`, or nullptr.
const SettingField* findSettingField(std::string_view name);

} // namespace pbd
