#pragma once
/// \file
/// The bulk of the cloth: the box the view frames (F, fit at start and on resize, follow).
/// The bounding box of every particle is a poor frame once the cloth has moved: pins left at
/// the top while the cloth fell 3600 m, or a few torn-off particles thrown far away, shrink
/// the cloth itself to nothing. The bulk leaves those out and keeps the whole of a cloth that
/// has merely stretched or swung.

#include <cstddef>
#include <optional>
#include <span>

#include <glm/vec2.hpp>

#include "logic/view_culling.h"

namespace pbd::app {

/// The rule, for a cloth's positions (metres):
///  1. the candidates are the finite positions, pinned or not (a pin holding the cloth is
///     part of it; pins the cloth tore away from are few, and step 5 leaves them out);
///  2. with fewer than kBulkMinParticles candidates, their bounding box;
///  3. else the core: per axis the kBulkQuantile and 1 - kBulkQuantile quantiles of the
///     candidates (of at most kBulkSamples evenly spaced ones, so that a 300 x 300 cloth
///     costs little per frame);
///  4. the reach: the core grown on each side by its own extent on that axis, and by at least
///     half its larger extent (a flat cloth lying on a line keeps a sensible reach);
///  5. the bulk is the bounding box of the candidates inside the reach.
/// For a cloth in one piece every particle lies within the reach, so the bulk is its bounding
/// box; a few particles (under kBulkQuantile of them) farther than the core's size away
/// are left out. An empty box (min > max) when no position is finite.
WorldRect clothBulk(std::span<const glm::dvec2> positions);
/// The rule's reach (step 4): none with fewer than kBulkMinParticles candidates (step 2).
/// What decides which candidates the bulk keeps (tests put particles at its edges).
std::optional<WorldRect> clothBulkReach(std::span<const glm::dvec2> positions);

inline constexpr double kBulkQuantile = 0.05;      ///< the core's quantiles (5% and 95%)
inline constexpr std::size_t kBulkMinParticles = 20; ///< fewer: their bounding box
inline constexpr std::size_t kBulkSamples = 8192;  ///< the most candidates the quantiles read

} // namespace pbd::app
