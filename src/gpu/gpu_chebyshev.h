#pragma once
/// \file
/// The GPU solver's Chebyshev weights over the sweeps (Settings::chebyshev), on the kernels of
/// shaders/chebyshev.comp.glsl: the CPU's include/pbd/device/chebyshev.h with its guard decided on the
/// GPU, so that nothing is read back (private to pbd_gpu).

#include <cstddef>
#include <memory>
#include <string>

namespace pbd::gpu {

/// Kernels and buffers for one cloth's Chebyshev weights. Needs the GpuSolver's positions
/// bound at binding 0 and inverse masses at binding 3 while it dispatches.
class GpuChebyshev {
public:
    /// Compiles the kernels and makes the buffers for `count` particles of a cloth in
    /// `dimensions` 2 or 3; null with `why` set when a kernel does not compile or a buffer
    /// does not fit (`maxBlockBytes`).
    static std::unique_ptr<GpuChebyshev> create(std::size_t count, bool doublePrecision,
                                                long long maxBlockBytes, std::string& why,
                                                int dimensions = 2);
    ~GpuChebyshev();
    GpuChebyshev(const GpuChebyshev&) = delete;
    GpuChebyshev& operator=(const GpuChebyshev&) = delete;

    /// Bytes of GPU memory in its buffers.
    std::size_t bufferBytes() const { return bytes_; }
    /// The names of its buffers (to check that they are freed).
    unsigned bufferName(std::size_t k) const { return k < 4 ? buffers_[k] : 0u; }

    /// Starts a substep of `iterations` sweeps with spectral radius estimate rho.
    void startSubstep(double rho, int iterations);
    /// Queues what follows sweep `iteration` (0-based) of the substep: the guard and the
    /// weights from the fourth sweep, the kept iterates from the second.
    void afterSweep(int iteration);

private:
    GpuChebyshev() = default;

    std::size_t count_ = 0;
    bool double_ = false;
    std::size_t groups_ = 0; ///< work groups of a dispatch over the particles
    unsigned measure_ = 0;   ///< stage 0
    unsigned decide_ = 0;    ///< stage 1
    unsigned weigh_ = 0;     ///< stage 2
    unsigned buffers_[4] = {0, 0, 0, 0}; ///< previous, current, group largest, guard
    std::size_t bytes_ = 0;
    double rho_ = 0.0;
    int iterations_ = 0;
    double omega_ = 1.0; ///< the last weighted sweep's, were the guard not to fire
};

} // namespace pbd::gpu
