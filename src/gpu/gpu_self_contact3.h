#pragma once
/// \file
/// The GPU solver's self-collision phases in 3D (Settings::selfCollision with dimensions 3;
/// private to pbd_gpu): the SelfCollision phase is the core's SelfContact3
/// (pbd/device/self_contact3.h) on the host, on the positions read back for it; the
/// SelfContactBound phase runs on the GPU (shaders/self_contact_bound.comp.glsl) from the
/// limits and guards that the host's phase left. Both give the CPU solvers' bits in double.
///
/// What is read back: the inverse masses when they were written since the last read (a pin,
/// a grab, a release, an upload); per substep, for the SelfCollision phase the positions and
/// the substep's start positions (and the live flags once some constraint may have gone),
/// written back after it with the bound's inputs. Nothing for the bound. A device pair search
/// and kernels in the SelfCollision phase's place are the next step (docs/gpu.md).

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
    /// SubstepPhase::SelfCollision of substep `substep`.
    void resolve(GpuSolver& solver, int substep);
    /// SubstepPhase::SelfContactBound, queued on the GPU.
    void bound(GpuSolver& solver);

    /// Sweeps of the bound's guards queued in parallel form per substep (the rest run on one
    /// invocation: shaders/self_contact_bound.comp.glsl).
    static constexpr unsigned kSweeps = 3;
    /// Guards one invocation walks per dispatch (within llvmpipe's 65535 loop iterations).
    static constexpr std::size_t kWalk = 4096;
    /// Test hook PBD_GPU_SELF_CONTACT_BOUND=S,W stands in for kSweeps (S, 0 too) and kWalk
    /// (W >= 1), read when the phase is made.

private:
    /// Writes the bound's inputs of the last host resolve() to the GPU.
    void uploadBound(const GpuSolver& solver);

    // The bound on the GPU: its four stages, its buffers (limits and bounds, the guards'
    // particles and reals, the particles sent back, each queued sweep's first guard).
    std::array<unsigned, 4> kernels_{};
    bool double_ = false;
    enum { kLimits, kGuardParticles, kGuardReals, kBack, kFirst, kBuffers };
    std::array<unsigned, kBuffers> buffers_{};
    std::array<std::size_t, kBuffers> capacity_{}; ///< bytes of each buffer
    unsigned sweeps_ = kSweeps;
    std::size_t walk_ = kWalk;
    bool boundActive_ = false;
    std::size_t guards_ = 0;
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
    std::vector<std::uint8_t> alive_;
};

} // namespace pbd::gpu
