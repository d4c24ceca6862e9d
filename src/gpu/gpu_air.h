#pragma once
/// \file
/// The GPU solver's air (Settings::airDrag, windX, windY, windZ, gusts) on the kernels of
/// shaders/air.comp.glsl: the gust winds per particle, then in 2D the CPU's
/// src/pbd/air/air.h per particle (each particle's gather over its grid constraints), in 3D
/// its air_triangles.h (a force per surface triangle, then each particle's shares of its
/// triangles' forces, pbd/device/air_triangles.h), into an acceleration buffer that the
/// prediction adds (private to pbd_gpu).

#include <array>
#include <cstddef>
#include <memory>
#include <string>

#include <glm/vec3.hpp>

namespace pbd::gpu {

/// The shader storage binding of the air's accelerations, which the predict kernel reads.
inline constexpr unsigned kAirAccelBinding = 15;

/// What one substep's air needs.
struct GpuAirStep {
    glm::dvec3 wind{0.0}; ///< m/s (z: 3D only)
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
    /// Compiles the kernels and makes the buffers for a cloth in `dimensions` 2 or 3; null
    /// with `why` set when a kernel does not compile or a buffer does not fit
    /// (`maxBlockBytes`).
    static std::unique_ptr<GpuAir> create(int width, int height, bool doublePrecision,
                                          long long maxBlockBytes, std::string& why,
                                          int dimensions = 2);
    ~GpuAir();
    GpuAir(const GpuAir&) = delete;
    GpuAir& operator=(const GpuAir&) = delete;

    /// create(), adding its bytes to `bytes`; throws std::runtime_error saying why it cannot.
    static std::unique_ptr<GpuAir> make(int width, int height, bool doublePrecision,
                                        long long maxBlockBytes, std::size_t& bytes,
                                        int dimensions = 2);

    /// Bytes of GPU memory in its buffers.
    std::size_t bufferBytes() const { return bytes_; }
    /// The names of its buffers (to check that they are freed).
    unsigned bufferName(std::size_t k) const { return k < kBuffers ? buffers_[k] : 0u; }
    /// How many bufferName() has (some 0 in 2D).
    static constexpr std::size_t kBuffers = 7;

    /// Queues the accelerations of one substep and binds them at kAirAccelBinding.
    void blow(const GpuAirStep& step);

private:
    GpuAir() = default;

    /// The 3D cloth's triangles, their forces and the gather (stages 2 and 3).
    void makeTriangles(std::string& why, long long maxBlockBytes);

    int width_ = 0;
    int height_ = 0;
    int dimensions_ = 2;
    std::size_t count_ = 0;
    std::size_t triangles_ = 0; ///< surface triangles (3D)
    bool double_ = false;
    unsigned gust_ = 0;  ///< stage 0
    unsigned gather_ = 0; ///< stage 1 (2D), 3 (3D)
    unsigned force_ = 0;  ///< stage 2 (3D)
    /// Wind per particle, acceleration per particle; in 3D also the triangles (corners and
    /// edges), their forces, and the gather's starts, entries and shares.
    std::array<unsigned, kBuffers> buffers_{};
    std::size_t bytes_ = 0;
};

} // namespace pbd::gpu
