#pragma once
// The "settings" object of state and scene files: every setting by name, numbers as numbers,
// choices by their word, on/off as true/false. Private to the core.

#include <optional>

#include <nlohmann/json.hpp>

#include "pbd/settings.h"
#include "pbd/state_file.h"

namespace pbd::detail {

/// Every setting of the table as a JSON object.
nlohmann::json settingsToJson(const Settings& settings);

/// Writes the settings present in `in` (an object, any subset) over `settings`; refusals name
/// the field ("settings.width: ..."). Does not validate() the whole.
std::optional<StateError> settingsFromJson(const nlohmann::json& in, Settings& settings);

} // namespace pbd::detail
