#pragma once
/// \file
/// The GPU solver's self-collision phases in 3D (Settings::selfCollision with dimensions 3;
/// private to pbd_gpu): the core's SelfContact3 (pbd/device/self_contact3.h) on the host, on
/// the positions read back for it, which gives the CPU solvers' bits in double.
///
/// What is read back: the inverse masses when they were written since the last read (a pin,
/// a grab, a release, an upload); per substep, for the SelfCollision phase the positions and the substep's start positions
/// (and the live flags once some constraint may have gone), written back after it; for the
/// SelfContactBound phase the positions again (the balls and obstacles moved them on the
/// GPU), written back after it. A device pair search and kernels in their place are the next
/// step (docs/gpu.md).

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
    GpuSelfContact3() = default;
    GpuSelfContact3(const GpuSelfContact3&) = delete;
    GpuSelfContact3& operator=(const GpuSelfContact3&) = delete;

    /// Takes the next step's settings and obstacles (kept until the step is queued: the
    /// caller's) and reads the solver's inverse masses when they changed.
    void prepare(const GpuSolver& solver, const Settings& settings,
                 std::span<const Obstacle3> obstacles);
    /// SubstepPhase::SelfCollision of substep `substep`.
    void resolve(GpuSolver& solver, int substep);
    /// SubstepPhase::SelfContactBound.
    void bound(GpuSolver& solver);

private:
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
