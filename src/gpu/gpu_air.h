#pragma once
/// \file
/// The GPU solver's air (Settings::airDrag, windX, windY, gusts) on the kernels of
/// shaders/air.comp.glsl: the CPU's src/pbd/air/air.h per particle, the gust winds and then each
/// particle's gather over its grid constraints, into an acceleration buffer that the
/// prediction adds (private to pbd_gpu).

#include <cstddef>
#include <memory>
#include <string>

#include <glm/vec2.hpp>

namespace pbd::gpu {

/// The shader storage binding of the air's accelerations, which the predict kernel reads.
inline constexpr unsigned kAirAccelBinding = 15;

/// What one substep's air needs.
struct GpuAirStep {
    glm::dvec2 wind{0.0}; ///< m/s
    double drag = 0.0;    ///< c, N s/m^2
    double gusts = 0.0;   ///< 0 to 1
    double time = 0.0;    ///< the substep's start, s
    bool masked = false;  ///< some constraint may be removed: read the live bits
    double h = 0.0;       ///< the substep, s (the cap on c l, air.h)
};

/// Kernels and buffers for one width x height cloth's air. Needs the GpuSolver's positions,
/// velocities, inverse masses and live bits bound (bindings 0, 2, 3, 5) while it dispatches.
class GpuAir {
public:
    /// Compiles the kernels and makes the buffers; null with `why` set when a kernel does
    /// not compile or a buffer does not fit (`maxBlockBytes`).
    static std::unique_ptr<GpuAir> create(int width, int height, bool doublePrecision,
                                          long long maxBlockBytes, std::string& why);
    ~GpuAir();
    GpuAir(const GpuAir&) = delete;
    GpuAir& operator=(const GpuAir&) = delete;

    /// create(), adding its bytes to `bytes`; throws std::runtime_error saying why it cannot.
    static std::unique_ptr<GpuAir> make(int width, int height, bool doublePrecision,
                                        long long maxBlockBytes, std::size_t& bytes);

    /// Bytes of GPU memory in its buffers.
    std::size_t bufferBytes() const { return bytes_; }
    /// The names of its buffers (to check that they are freed).
    unsigned bufferName(std::size_t k) const { return k < 2 ? buffers_[k] : 0u; }

    /// Queues the accelerations of one substep and binds them at kAirAccelBinding.
    void blow(const GpuAirStep& step);

private:
    GpuAir() = default;

    int width_ = 0;
    int height_ = 0;
    std::size_t count_ = 0;
    bool double_ = false;
    unsigned gust_ = 0;  ///< stage 0
    unsigned gather_ = 0; ///< stage 1
    unsigned buffers_[2] = {0, 0}; ///< wind per particle, acceleration per particle
    std::size_t bytes_ = 0;
};

} // namespace pbd::gpu
