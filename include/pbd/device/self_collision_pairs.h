#pragma once
// The self-collision phase's limits and its pairs, and the search a device backend takes
// them from (src/gpu projects them; docs/physics.md#self-collision says how the phase works).
// Part of the device contract (pbd/device/): a device backend (src/gpu) reuses or repeats it;
// namespace detail: not for users of the library.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

#include "pbd/vec.h"

namespace pbd::detail {

/// Passes of projection over the found pairs per round at most: each pass projects every pair
/// once (colour by colour), and a pass that moves nothing ends them early. Jammed folds of a
/// flung cloth need up to a few dozen (random flings in self_collision_test.cpp failed with
/// 16); a cloth that touches nothing needs none.
inline constexpr int kSelfCollisionPasses = 64;
/// Rounds of find() and solve() per substep at most: another round follows while a pass
/// still moved something or a particle moved so far that a pair not found may have come
/// within the thickness.
inline constexpr int kSelfCollisionRounds = 8;
/// With obstacles, rounds of the obstacles' contacts and the whole self-collision phase
/// before the contact phase proper: a layer that the contacts push back out of an obstacle
/// pushes the layers on it away in the same round, so that both hold at the end.
inline constexpr int kSelfContactRounds = 6;
/// Pairs are found within this many thicknesses, so that a pair that a first projection
/// brings closer is projected in the later passes; the grid's cells are this wide.
inline constexpr double kSelfCollisionReach = 1.5;
/// A pair short of the thickness by less than this fraction of it counts as apart (a push
/// that small does not count as moving in solve()).
inline constexpr double kSelfCollisionSettled = 1e-9;
/// Colours 0 to this - 1 are independent sets; a pair that finds none of them free (a
/// particle in more than 63 pairs) goes to this one, projected in order on one thread.
inline constexpr std::uint8_t kSelfCollisionSerialColour = 63;

/// A pair of particles (i < j) closer than kSelfCollisionReach thicknesses that no constraint
/// of the rest cloth joins.
struct SelfCollisionPair {
    std::uint32_t i;
    std::uint32_t j;
};

/// Where a device backend takes each round's self-collision pairs from: a search over the
/// positions that finds the pairs per particle in index order and colours them greedily in
/// that order (the pairs of one colour share no particle). makeHostPairSearch() is the CPU
/// solvers' own (SelfCollision::find()); a search on the device can take its place, giving the
/// same pairs in the same order so that the device's double precision keeps the CPU's bits.
template <glm::length_t D>
class SelfCollisionPairSearchOf {
public:
    virtual ~SelfCollisionPairSearchOf() = default;
    /// Finds the pairs of `n` particles at `x` (m) with inverse masses `w` (1/kg; pairs of two
    /// immovable ones are left out) of a cloth `width` particles wide, `thickness` m thick.
    virtual void find(const Vec<D>* x, const double* w, std::size_t n, int width,
                      double thickness) = 0;
    /// The pairs of the last find(), in colour order.
    virtual std::span<const SelfCollisionPair> pairs() const = 0;
    /// Colour c's pairs in pairs(): [start c, start c + 1); colour kSelfCollisionSerialColour
    /// shares particles among its pairs (projected one after the other, in order).
    virtual std::span<const std::size_t> colourStarts() const = 0;
};

/// The 2D cloth's.
using SelfCollisionPairSearch = SelfCollisionPairSearchOf<2>;

/// The host's search, SelfCollision::find() on `threads` threads (Settings::threads: 0, one
/// per core); the same pairs for any thread count.
template <glm::length_t D = 2>
std::unique_ptr<SelfCollisionPairSearchOf<D>> makeHostPairSearch(int threads);

} // namespace pbd::detail
