#pragma once
/// \file
/// The GPU solver's self-collision phase (Settings::selfCollision; private to pbd_gpu): the
/// CPU's SelfCollision (src/pbd/world/self_collision.h) with its projection passes in
/// shaders/self_collision.comp.glsl.
///
/// Where each part runs, and why:
/// - Finding and colouring the pairs: the host runs the CPU's own SelfCollision::find() on the
///   positions read back at the start of each round, so the pairs, their order and their
///   colours are exactly the CPU's; it uploads them in colour order.
/// - Projection, with the CPU's arithmetic in its order (double gives the CPU's bits): up to
///   8192 pairs, one dispatch of one work group runs every pass and colour, barriers between
///   the colours (dispatches, not projections, were the cost); more pairs, a dispatch per
///   colour and pass, one invocation per pair (the serial colour on one), the passes queued in
///   growing batches (1, 1, 2, 4, ...), each doing nothing once the pass before it moved
///   nothing. Either way the passes end exactly where the CPU's do, and the host reads one
///   flag per pass.
/// - The rounds' test (a pass moved nothing and no particle moved more than the margin): on
///   the host, on the positions read back after the passes, in double as the CPU computes it.
/// - With obstacles, the CPU's interleaving: kSelfContactRounds rounds of the obstacles'
///   kernel (from the second on) and the whole phase, before the contact phase proper.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <glm/vec2.hpp>

#include "pbd/device/self_collision_pairs.h"

namespace pbd::gpu {

class GpuContacts;
class GpuSolver;

/// In float, what rounding leaves of a pair just put at the thickness is some 1e-6 m (the
/// positions' last bits), not the double's 1e-9 thickness: a pair short by less than this
/// counts as apart there (as the contacts' kFloatSlop), else the passes would never settle.
inline constexpr double kSelfCollisionFloatSettled = 4e-6; // m

/// One cloth's self-collision phase. Needs the GpuSolver's positions bound at binding 0, step
/// starts at 1 and inverse masses at 3 while it dispatches (GpuSolver::step binds them).
class GpuSelfCollision {
public:
    /// Compiles the kernel; null with `why` set when it does not compile.
    static std::unique_ptr<GpuSelfCollision> create(bool doublePrecision, std::string& why);
    ~GpuSelfCollision();
    GpuSelfCollision(const GpuSelfCollision&) = delete;
    GpuSelfCollision& operator=(const GpuSelfCollision&) = delete;

    /// Takes the next step's settings: `thickness` (m, > 0), `friction` (Coulomb
    /// coefficient) and `threads` for the host's find (Settings::threads: 0 one per core; the
    /// pairs are the same for any count); reads the solver's inverse masses (they change only
    /// between steps).
    void prepare(const GpuSolver& solver, double thickness, double friction, int threads);
    /// One substep's phase, after the sweeps and tethers and before the contact phase: with
    /// `contacts` that have obstacles, kSelfContactRounds rounds of their obstacles' kernel
    /// (from the second round on) and the phase; else the phase once.
    void substep(GpuSolver& solver, GpuContacts* contacts, int substep);

    /// Bytes of GPU memory in its buffers.
    std::size_t bufferBytes() const { return pairBytes_ + kMovedBytes; }

private:
    GpuSelfCollision() = default;
    /// The CPU's SelfCollision::resolve(): rounds of find() and the passes; `held`: with the
    /// held flags uploaded by substep(); `current`: positions_ holds the GPU's positions.
    /// False when the rounds ran out first, as the CPU's.
    bool resolve(GpuSolver& solver, bool held, bool current);
    /// The passes over the found pairs: whether one moved nothing (the CPU's `settled`).
    bool projectPasses();

    static constexpr std::size_t kMovedBytes = 4 * detail::kSelfCollisionPasses;

    bool double_ = false;
    std::size_t oneGroupPairs_ = 0; ///< up to this many pairs, stage 1
    unsigned kernel_ = 0; ///< stage 0: one colour of one pass
    unsigned group_ = 0;  ///< stage 1: every pass, one work group
    unsigned pairs_ = 0;  ///< the pairs, (i, j) as two uints, in colour order
    unsigned moved_ = 0;  ///< per pass: 1 when it moved a pair
    unsigned held_buffer_ = 0; ///< per particle: 1 when an obstacle's contact holds it
    bool held_on_ = false;     ///< the passes read held_buffer_
    std::size_t pairBytes_ = 0;
    double thickness_ = 0.0;
    double friction_ = 0.0;
    int width_ = 1;
    /// The pairs and their colours of each round, from prepare()
    std::unique_ptr<detail::SelfCollisionPairSearch> search_;
    int threads_ = -1; ///< Settings::threads search_ was made for
    std::vector<double> inverseMass_;          ///< read back in prepare()
    std::vector<glm::dvec2> positions_;        ///< read back each round
    std::vector<glm::dvec2> before_;           ///< read back before the obstacles' contacts
    std::vector<std::uint32_t> held_;          ///< per particle, as uploaded
    std::vector<std::uint32_t> uploaded_;      ///< the pairs as uploaded
    std::vector<glm::dvec2> startOf_;          ///< per pair, its particles at the find()
};

} // namespace pbd::gpu
