#pragma once
/// \file
/// The GPU solver's self-collision phases in 3D (Settings::selfCollision with dimensions 3;
/// private to pbd_gpu). The SelfCollision phase: first the particles' self-collision on the
/// GPU (the CPU's SelfCollision::resolve(), with resolveWithContacts()' rounds of the
/// obstacles' kernel when there are obstacles): pairs found by GpuParticlePairs, rounds and
/// passes in shaders/self_collision.comp.glsl (stages 2 to 4), every decision (a pass that
/// moved nothing, a round that settled, a set of rounds that ran out, the particles an
/// obstacle holds) taken on the GPU, so nothing is read for it; then the elements' proximity
/// contacts: on the GPU (GpuElementContact, the capsules' axes and a torn sheet's live surface
/// too; its buffers sized by budgets that grow, GpuElementContact), or with the test hook
/// below the core's SelfContact3::resolveElements() on the host, on the positions read back
/// for it. The SelfContactBound phase runs on the GPU (shaders/self_contact_bound.comp.glsl)
/// from the limits and guards that the elements' part left.
/// All give the CPU solvers' bits in double.
///
/// What is read back: where the elements' contacts run on the GPU, nothing but, where a
/// budget can be exceeded (the particles' pairs past 1448 particles, the elements' buffers
/// while they hold fewer than every pair), the status of the steps before (Status): 8 bytes
/// at most once a step, read once the GPU has passed a fence, so never waiting; after an
/// overflow the counts needed (24 bytes), and the buffers grow. On the host's path also the
/// inverse masses when they were written since
/// the last read (a pin, a grab, a release, an upload), and per substep the positions and the
/// substep's start positions (and the live flags once some constraint may have gone), written
/// back after it with the bound's inputs.

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include <glm/vec3.hpp>

#include "pbd/device/self_contact3.h"

namespace pbd::gpu {

class GpuContacts;
class GpuElementContact;
class GpuParticlePairs;
class GpuSolver;

/// One 3D cloth's self-collision phases on the GPU solver's state.
class GpuSelfContact3 {
public:
    GpuSelfContact3();
    ~GpuSelfContact3();
    GpuSelfContact3(const GpuSelfContact3&) = delete;
    GpuSelfContact3& operator=(const GpuSelfContact3&) = delete;

    /// Takes the next step's settings and obstacles (kept until the step is queued: the
    /// caller's) and reads the solver's inverse masses when they changed.
    void prepare(const GpuSolver& solver, const Settings& settings,
                 std::span<const Obstacle3> obstacles);
    /// SubstepPhase::SelfCollision of substep `substep`; `contacts` the step's (null: none).
    void resolve(GpuSolver& solver, GpuContacts* contacts, int substep);
    /// SubstepPhase::SelfContactBound, queued on the GPU.
    void bound(GpuSolver& solver);

    /// Sweeps of the bound's guards queued in parallel form per substep (the rest run on one
    /// invocation: shaders/self_contact_bound.comp.glsl).
    static constexpr unsigned kSweeps = 3;
    /// Guards one invocation walks per dispatch (within llvmpipe's 65535 loop iterations).
    static constexpr std::size_t kWalk = 4096;
    /// Test hook PBD_GPU_SELF_CONTACT_BOUND=S,W stands in for kSweeps (S, 0 too) and kWalk
    /// (W >= 1), read when the phase is made. PBD_GPU_ELEMENTS_ON_HOST=1 keeps the elements'
    /// contacts on the host's path (to compare the two). PBD_GPU_ELEMENT_BUDGET=C,K stands in
    /// for the elements' first budgets (GpuElementContact::kCandidatesPerQuery and
    /// kKeptPerQuery, both >= 1).

    /// The status the steps left (whether a budget was exceeded: the particles' pairs, the
    /// elements' candidates, kept pairs or table entries), read a step or more late, once the
    /// GPU has passed the fence put after it, so that no read waits: what was read so far.
    struct Status {
        std::size_t reads = 0;     ///< status reads (8 bytes: the particles' word, the bits)
        std::size_t countReads = 0; ///< reads of the needed counts after an overflow
        std::size_t overflows = 0; ///< reads that found a budget exceeded (inexact steps)
        std::size_t grown = 0;     ///< times the buffers grew after one
        unsigned lastBits = 0;     ///< the last bits read (bit 0: the particles' pairs)
        unsigned bits = 0;         ///< every bit read so far
        /// The largest counts read after the elements' overflows (GpuElementContact's
        /// status words after the bits).
        std::array<std::uint32_t, 6> needed{};
    };
    const Status& status() const { return status_; }
    /// The elements' contacts on the GPU, once made (tests: their budgets).
    const GpuElementContact* elements() const { return elements_.get(); }

private:
    /// Takes the status of the steps before if the GPU has passed its fence (then grows what
    /// overflowed), and queues the next snapshot and fence when none is pending; reads only
    /// while something can overflow.
    void pollStatus();
    /// Writes the bound's inputs of the last host resolve() to the GPU.
    void uploadBound(const GpuSolver& solver);
    /// The particles' self-collision of substep `substep`, queued on the GPU.
    void resolveParticles(GpuSolver& solver, GpuContacts* contacts, int substep);
    /// The CPU's SelfCollision::resolve(): kSelfCollisionRounds rounds of the search and the
    /// passes, those after one that settled doing nothing; `held`: with the held particles
    /// unless the set of rounds before ran out.
    void particleRounds(const GpuSolver& solver, bool held);
    /// Copies the solver's positions to copy_.
    void copyPositions(const GpuSolver& solver);
    /// Whether the elements' contacts of this step run on the GPU (GpuElementContact: a
    /// sheet whose pairs all fit), else on the host.
    bool elementsOnDevice(const GpuSolver& solver) const;
    /// The host's elements' contacts on the positions read back, the bound's inputs written.
    void resolveOnHost(GpuSolver& solver, int substep);

    // The particles' self-collision on the GPU: the search, self_collision.comp.glsl's stages
    // 2 (a round), 3 (the rounds' end) and 4 (the held particles), a copy of the positions
    // (at a round's search, before the obstacles' contacts) and the held flags.
    std::unique_ptr<GpuParticlePairs> pairs_;
    std::array<unsigned, 3> particleKernels_{};
    unsigned copy_ = 0;
    unsigned held_ = 0;
    std::size_t copyBytes_ = 0;
    std::size_t heldBytes_ = 0;

    // The bound on the GPU: its four stages, its buffers (limits and bounds, the guards'
    // particles and reals, the particles sent back, each queued sweep's first guard).
    std::array<unsigned, 5> kernels_{};
    bool double_ = false;
    enum { kLimits, kGuardParticles, kGuardReals, kBack, kFirst, kBuffers };
    std::array<unsigned, kBuffers> buffers_{};
    std::array<std::size_t, kBuffers> capacity_{}; ///< bytes of each buffer
    unsigned sweeps_ = kSweeps;
    std::size_t walk_ = kWalk;
    bool boundActive_ = false;
    std::size_t guards_ = 0;
    bool guardsOnDevice_ = false; ///< the guards' count in elements_'s word, not guards_
    std::unique_ptr<GpuElementContact> elements_; ///< the elements' contacts on the GPU
    std::size_t candidatesPerQuery_, keptPerQuery_; ///< the elements' first budgets
    bool elementsRan_ = false;    ///< the elements' kernels ran since the last snapshot
    unsigned snapshot_ = 0;       ///< the status words copied at the fence
    void* fence_ = nullptr;       ///< GLsync after the snapshot's copy; null: none pending
    Status status_;
    bool sheetStale_ = true;      ///< topology_ changed since elements_ took it
    bool elementsOnHost_ = false; ///< PBD_GPU_ELEMENTS_ON_HOST=1
    std::vector<double> realScratch_;
    std::vector<float> floatScratch_;
    std::vector<std::uint32_t> guardScratch_;

    std::unique_ptr<detail::SelfContact3> host_;
    int threads_ = -1;               ///< Settings::threads host_ was made for
    Settings settings_;
    std::span<const Obstacle3> obstacles_;
    ClothTopology topology_;         ///< the grid's, for its rest lengths
    ClothRestLengths rest_{};        ///< what topology_ was built with
    std::vector<double> inverseMass_;
    std::optional<std::uint64_t> massVersion_; ///< the solver's inverseMassVersion() read
    std::vector<glm::dvec3> positions_, stepStart_;
    std::vector<detail::CapsuleAxis> axes_; ///< the substep's capsules' axes
    std::vector<std::uint8_t> alive_;
};

} // namespace pbd::gpu
