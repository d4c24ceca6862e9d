#pragma once
// Writing a whole file so that a failed write leaves an existing one as it was: the state
// files and the OBJ export. Private to the core.

#include <optional>
#include <string>
#include <string_view>

namespace pbd {

/// Writes `text` to `path` + ".tmp" and renames it over `path` only when complete. Returns
/// the reason on failure ("cannot write PATH: the system's message"), leaving no temporary.
std::optional<std::string> replaceFileWith(const std::string& path, std::string_view text);

} // namespace pbd
