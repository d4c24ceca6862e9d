#pragma once
/// \file
/// The positions format of `pbd-sim run` and `pbd-cloth --state-out`: one line "x y" per
/// particle ("x y z" in 3D) in index order, each number printed with 17 significant digits (%.17g), which
/// round-trips a double exactly.

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pbd/vec.h"

namespace pbd {

/// Writes the positions to `out`. Returns false on an output error.
template <glm::length_t D>
bool writePositions(std::FILE* out, const std::vector<Vec<D>>& positions);

/// Writes the positions to the file at `path`. Returns an error message on failure.
template <glm::length_t D>
std::optional<std::string> writePositionsFile(const std::string& path,
                                              const std::vector<Vec<D>>& positions);

/// 64-bit FNV-1a (offset 0xcbf29ce484222325, prime 0x100000001b3) of the positions' IEEE-754
/// bytes, little-endian, x then y (then z in 3D) per particle in index order: equal hashes mean (all but
/// certainly) bit-identical runs. Printed as 16 lowercase hex digits by formatHash().
template <glm::length_t D>
std::uint64_t positionsHash(const std::vector<Vec<D>>& positions);
/// The hash as 16 lowercase hex digits.
std::string formatHash(std::uint64_t hash);

/// Reads text in that format. Returns nothing when a line is not D finite numbers.
template <glm::length_t D = 2>
std::optional<std::vector<Vec<D>>> parsePositions(std::string_view text);

} // namespace pbd
