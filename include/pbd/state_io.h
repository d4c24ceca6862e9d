#pragma once
/// \file
/// The positions format of `pbd-sim run` and `pbd-cloth --state-out`: one line "x y" per
/// particle in index order, each number printed with 17 significant digits (%.17g), which
/// round-trips a double exactly.

#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <glm/vec2.hpp>

namespace pbd {

/// Writes the positions to `out`. Returns false on an output error.
bool writePositions(std::FILE* out, const std::vector<glm::dvec2>& positions);

/// Writes the positions to the file at `path`. Returns an error message on failure.
std::optional<std::string> writePositionsFile(const std::string& path,
                                              const std::vector<glm::dvec2>& positions);

/// Reads text in that format. Returns nothing when a line is not two finite numbers.
std::optional<std::vector<glm::dvec2>> parsePositions(std::string_view text);

} // namespace pbd
