#pragma once
/// \file
/// Tethers (long-range attachments [KCM12]): every movable particle is kept within its rest
/// distance through the cloth of each of its nearest anchors (the pinned particles), a
/// one-sided limit that only pulls a particle that is farther. This header holds what the
/// tethers are and how their lengths are found; the solvers project them.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "pbd/cloth.h"

namespace pbd {

/// Anchors a particle is tied to at most: its nearest ones by tether length. Four covers the
/// page's 1, 2 and 4 fixed corners (every anchor); with more pins the nearest are the ones
/// that bind (docs/physics.md, "Tethers").
inline constexpr int kTetherSlots = 4;

/// The length of an empty slot, in metres: longer than any distance a particle can reach, so
/// that projecting it changes nothing (the solvers need no test for empty slots).
inline constexpr double kNoTether = 1e30;

/// The tethers of a cloth: `slots` per particle, nearest anchor first, stored slot by slot
/// (slot s of particle i at s * particles + i, so that neighbouring particles' tethers lie
/// side by side for the SIMD and GPU kernels); a slot without a tether has length kNoTether.
struct Tethers {
    int slots = 0;               ///< per particle: min(kTetherSlots, anchors.size())
    std::size_t particles = 0;   ///< particles of the cloth
    std::vector<Index> anchors;  ///< the anchors (pinned particles), ascending
    /// Per slot: the index into `anchors` of the slot's anchor (0 for an empty slot).
    std::vector<std::uint32_t> anchorOf;
    std::vector<double> length;  ///< per slot: the tether length in metres, or kNoTether

    /// Tethers that are not empty.
    std::size_t count() const;
    /// The length of particle `particle`'s tether to the pinned particle `anchor`, if it has
    /// one.
    std::optional<double> lengthTo(Index particle, Index anchor) const;
};

/// What the tether lengths depend on: the rest grid, its live constraints and its pins.
struct TetherCloth {
    int width = 0;            ///< particles per row
    int height = 0;           ///< particles per column
    double spacingX = kGridSpacing; ///< rest distance between neighbouring columns, m
    double spacingY = kGridSpacing; ///< rest distance between neighbouring rows, m
    std::span<const std::uint8_t> alive; ///< per constraint in buildClothGrid's order: 1 live
    std::span<const std::uint8_t> flags; ///< per particle: ParticleFlag bits (kPinned: anchor)
};

/// The TetherCloth of the settings' grid (its size and rest spacing, clothRestLengths) with
/// these live constraints and particle flags.
TetherCloth tetherClothOf(const Settings& settings, std::span<const std::uint8_t> alive,
                          std::span<const std::uint8_t> flags);

/// The tethers of `cloth`. A tether's length is the shortest path from the anchor to the
/// particle through the cloth at rest: the region covered by the triangles whose three sides
/// are live constraints (a cell of the grid is four such triangles, two per diagonal) and by
/// the live constraints themselves. On an intact cloth that is the straight rest distance;
/// around cuts and tears it bends at their corners. Found by a visibility pass from each anchor
/// and, in its shadow, a Dijkstra search whose paths may bend at particles and cell centres
/// (any-angle, as Theta* [NDKF07]): every length is that of a path in the cloth, never
/// shorter than the true shortest one; against a brute force exact to rounding around cuts,
/// at most 0.55% longer where holes are everywhere (docs/physics.md). Particles without a
/// path to any anchor get no tether; pinned ones get none.
Tethers computeTethers(const TetherCloth& cloth);

} // namespace pbd
