#pragma once
/// \file
/// The GPU solver's bending phase in 3D (Settings::bending): the device contract's constraints
/// in the colored solver's ten sets (pbd/device/bending.h), one dispatch per set and pass of
/// stage 9 of shaders/cloth_solver.comp.glsl (private to pbd_gpu).

#include <array>
#include <cstddef>
#include <memory>
#include <string>

#include "pbd/device/bending.h"

namespace pbd::gpu {

/// Kernels and buffers for one cloth's bending. Needs the GpuSolver's positions, inverse
/// masses, live bits and step block bound while it dispatches (GpuSolver::step binds them).
class GpuBending {
public:
    /// Compiles the kernel; throws std::runtime_error with the info log when it does not.
    explicit GpuBending(bool doublePrecision);
    ~GpuBending();
    GpuBending(const GpuBending&) = delete;
    GpuBending& operator=(const GpuBending&) = delete;

    /// Takes the bending of a width x height cloth of spacing du x dv (m) and rigidity B (N m)
    /// for the next step: builds and uploads its constraints when any of these changed.
    /// `maxBlockBytes` bounds each buffer (GL_MAX_SHADER_STORAGE_BLOCK_SIZE); throws
    /// std::runtime_error naming the cloth when they do not fit.
    void prepare(int width, int height, double du, double dv, double rigidity,
                 long long maxBlockBytes);
    /// The multipliers back to 0 (at each substep's prediction, as the CPU's).
    void resetMultipliers();
    /// The Bending phase of a substep of length h (s): `passes` passes over the ten sets.
    void project(int passes, double h);

    /// Bytes of GPU memory in its buffers.
    std::size_t bufferBytes() const { return bytes_; }
    /// The names of its buffers (to check that they are freed).
    std::array<unsigned, 3> bufferNames() const { return buffers_; }

private:
    bool double_ = false;
    unsigned kernel_ = 0;
    std::array<unsigned, 3> buffers_{}; ///< particles and edges, compliances, multipliers
    std::array<std::size_t, detail::kBendingSets> first_{}; ///< each set's first entry
    std::array<std::size_t, detail::kBendingSets> count_{}; ///< each set's entries
    detail::BendingConstraints bending_;   ///< what the buffers hold
    std::size_t bytes_ = 0;
};

} // namespace pbd::gpu
