#pragma once
// The 3D cloth's self-collision phases, as the CPU solvers run them, behind one interface
// that a device backend calls (src/gpu). Part of the device contract (pbd/device/);
// namespace detail: not for users of the library. docs/physics.md ("Self-contact between
// elements in 3D") says what the phases do; docs/gpu.md what the GPU reads back for them.

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "pbd/obstacle3.h"
#include "pbd/settings.h"
#include "pbd/topology.h"
#include "pbd/vec.h"

namespace pbd::detail {

/// One check of the SelfContactBound phase, as the CPU's ElementContact::bound() makes it: a
/// close pair of the last resolve() as a separating direction, or an edge near a capsule's
/// axis. Apart while the lowest height along `normal` of v[0, split) less the highest of
/// v[split, 4) (split 4: less `high`, the axis's highest end) is at least `margin`; split -1:
/// never apart. When not apart, each of v[0..3] in turn that has not gone back yet goes back
/// to its bound. (An edge a, b near an axis is v = {a, b, a, b}, split 4.)
struct SelfContactGuard {
    std::array<Index, 4> v{};
    int split = -1;
    Vec<3> normal{0.0};
    double margin = 0.0; ///< m
    double high = 0.0;   ///< m, split 4 only
};

/// A capsule's axis in a substep, as the elements' contacts meet it (a thin obstacle that the
/// cloth's edges are kept from): its ends at the substep's start (a0, b0) and end (a1, b1),
/// and its radius (m).
struct CapsuleAxis {
    Vec<3> a0, b0, a1, b1;
    double radius;
};

/// The axes of the capsules among `obstacles` in substep `substep` of `substeps`, in the
/// obstacles' order, written to `out`: where the contact phase puts each capsule (its midpoint
/// moved linearly from its start pose to its pose now over the step, its own ends at the
/// step's end). The CPU's ElementContact::setCapsules() and a device backend both take them
/// from here, so the two meet the same axes.
void capsuleAxes(std::span<const Obstacle3> obstacles, int substep, int substeps,
                 std::vector<CapsuleAxis>& out);

/// What the SelfContactBound phase needs, as the last resolve() left it (valid until the next
/// resolve()): a device backend runs the bound from these. In that order: every movable
/// particle i farther than speedLimit[i] from its substep start plus `common` (relative
/// motion, m) goes back along its path to it; then, in sweeps until one changes nothing, the
/// guards in order, each failing one sending its particles back to bound[i].
struct SelfContactBoundInputs {
    bool active = false;            ///< false: the bound does nothing
    Vec<3> common{0.0};             ///< the substep's common motion (m)
    std::span<const double> speedLimit; ///< per particle (m)
    std::span<const double> bound;      ///< per particle (m)
    std::span<const SelfContactGuard> guards;
};

/// SubstepPhase::SelfCollision and SubstepPhase::SelfContactBound of a 3D substep
/// (pbd/substep_pipeline.h). makeHostSelfContact3() is the CPU solvers' own arithmetic, so a
/// backend that hands it its positions gets the CPU's bits; a device implementation can take
/// its place, giving the same pairs in the same order (ElementContact's pair order: see
/// element_contact.h).
class SelfContact3 {
public:
    virtual ~SelfContact3() = default;
    /// The SelfCollision phase of substep `substep` (of settings.substeps): the particles'
    /// self-collision (with the obstacles' contacts interleaved when there are obstacles, as
    /// the CPU's resolveWithContacts), then the elements' proximity contacts, on positions
    /// `x` (m), substep starts `x0` (m) and inverse masses `w` (1/kg) of `n` particles of
    /// `topology`; `alive` one flag per constraint (null: every one live). Reads
    /// settings.width, thickness, friction and substeps.
    virtual void resolve(Vec<3>* x, const Vec<3>* x0, const double* w, std::size_t n,
                         const ClothTopology& topology, const std::uint8_t* alive,
                         const Settings& settings, std::span<const Obstacle3> obstacles,
                         int substep) = 0;
    /// resolve() less the particles' self-collision: the elements' proximity contacts alone,
    /// for a backend that ran the particles' part (and its obstacles' rounds) itself first.
    virtual void resolveElements(Vec<3>* x, const Vec<3>* x0, const double* w, std::size_t n,
                                 const ClothTopology& topology, const std::uint8_t* alive,
                                 const Settings& settings, std::span<const Obstacle3> obstacles,
                                 int substep) = 0;
    /// The SelfContactBound phase, after every contact of the substep: each particle's motion
    /// bounded as the last resolve() found.
    virtual void bound(Vec<3>* x, const double* w, std::size_t n) = 0;
    /// bound()'s inputs for `n` particles, as the last resolve() left them.
    virtual SelfContactBoundInputs boundInputs(std::size_t n) = 0;
};

/// The CPU solvers' phases (SelfCollision::resolve on `threads` threads, Settings::threads: 0,
/// one per core, the same bits for any count; ElementContact serially).
std::unique_ptr<SelfContact3> makeHostSelfContact3(int threads);

} // namespace pbd::detail
