#pragma once
/// \file
/// The GPU solver's contact phase (private to pbd_gpu): the obstacles on the GPU, in
/// shaders/contacts.comp.glsl, and the balls on the host around it.
///
/// Where each part runs, and why:
/// - Obstacles: the host computes each substep's shapes once per step with the CPU's own
///   prepareContacts (so every sine and cosine is the CPU's) and uploads them; a kernel, one
///   invocation per particle, runs the CPU's resolveContacts (continuous collision, push-out
///   of the union, Coulomb friction relative to the obstacle's motion), in float or double.
/// - Balls: their contacts with the cloth are a serial loop in which each particle's
///   correction moves the ball the next particle sees (the CPU's resolveBallContacts, which
///   defines the momentum exchange). The host runs that very function on the positions read
///   back after the sweeps and tethers, and writes back the range of particles it moved, then
///   the obstacles' kernel runs: one read and one small write per substep, and bit for bit the
///   CPU's exchange. Only steps with balls pay it.

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <glm/vec2.hpp>

#include "pbd/device/contacts.h"
#include "pbd/ball.h"
#include "pbd/obstacle.h"
#include "pbd/settings.h"

namespace pbd::gpu {

class GpuSolver;

/// One cloth's contact phase. Needs the GpuSolver's positions bound at binding 0, step
/// starts at 1 and inverse masses at 3 while it dispatches (GpuSolver::step binds them).
class GpuContacts {
public:
    /// Compiles the kernel; null with `why` set when it does not compile.
    static std::unique_ptr<GpuContacts> create(bool doublePrecision, std::string& why);
    ~GpuContacts();
    GpuContacts(const GpuContacts&) = delete;
    GpuContacts& operator=(const GpuContacts&) = delete;

    /// Takes the next step's world: uploads the obstacles' shapes for each of the settings'
    /// substeps; keeps `balls` and `inverseMass` (1/kg, the host's) for the substeps' ball
    /// phase, so they must outlive the step.
    void prepare(const Settings& settings, std::span<const Obstacle> obstacles,
                 std::span<Ball> balls, std::span<const double> inverseMass);
    /// Substep `substep`'s phase, after the constraints and tethers: the balls (predicted,
    /// their contacts on the host, their velocities), then the obstacles' kernel.
    void substep(GpuSolver& solver, int substep);
    /// Whether the prepared world has obstacles.
    bool hasObstacles() const { return shapeCount_ > 0; }
    /// The obstacles' kernel alone for substep `substep` (between the self-collision phase's
    /// rounds, as the CPU solvers interleave them); nothing without obstacles.
    void resolveObstacles(GpuSolver& solver, int substep);

    /// Whether the prepared world has balls.
    bool hasBalls() const { return !balls_.empty(); }
    /// The balls' phase alone for substep `substep`: their prediction, their contacts on the
    /// host and their velocities (which depend on the balls alone); nothing without balls.
    void resolveBalls(GpuSolver& solver, int substep);

    /// Bytes of GPU memory in its buffer.
    std::size_t bufferBytes() const { return shapeBytes_ + listedBytes_ + 16; }


private:
    GpuContacts() = default;

    bool double_ = false;
    unsigned kernels_[3] = {0, 0, 0}; ///< broad phase, dispatch size, resolution
    unsigned shapes_ = 0;   ///< substeps x shapes x 20 reals
    unsigned listed_ = 0;   ///< the broad phase's count and list of particles
    unsigned groups_ = 0;   ///< the resolution's indirect dispatch
    std::size_t listedBytes_ = 0;
    std::size_t shapeBytes_ = 0;
    std::size_t shapeCount_ = 0;
    double friction_ = 0.0;
    double thickness_ = 0.0;
    double h_ = 0.0;        ///< substep, s
    double gravity_ = 0.0;  ///< m/s^2
    double damping_ = 0.0;  ///< 1/s
    std::vector<detail::ContactWorld> worlds_; ///< per substep, for the balls' obstacles
    std::span<Ball> balls_;
    std::span<const double> inverseMass_;
    std::vector<glm::dvec2> positions_;        ///< read back for the balls' phase
    std::vector<glm::dvec2> before_;           ///< the same before it, to find what moved
    std::vector<glm::dvec2> stepStart_;        ///< the substep's start, read back likewise
    std::vector<double> data_;                 ///< the shapes as uploaded, in double
};

} // namespace pbd::gpu
