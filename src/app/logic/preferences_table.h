#pragma once
/// \file
/// The table of the app's preferences (preferences.h): for every member its name, flag, label,
/// kind (pbd/table_row.h), range or words and help. pbd-cloth's flags for them (--stepping,
/// --speed, --color-by, --strain-scale, --color-particles, --plots, --on-release,
/// --grab-radius, --follow, --png-canvas-only, --video-with-panel, --export-hover-ring) and
/// the panel's Speed and Grab radius fields are derived from it.

#include <span>
#include <string_view>

#include "logic/preferences.h"
#include "pbd/table_row.h"

namespace pbd::app {

/// One preference: a row of the table over Preferences.
using PreferenceField = TableRow<Preferences>;

/// Every preference, in the order of pbd-cloth's --help.
std::span<const PreferenceField> preferenceFields();

/// The preference whose member is `name` ("speed"), or nullptr.
const PreferenceField* findPreferenceField(std::string_view name);

} // namespace pbd::app
