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
/// - In 2D and 3D alike (the kernels' DIM, the shapes' layout in contact_geometry.glsl).
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
#include "pbd/obstacle3.h"
#include "pbd/settings.h"
#include "pbd/vec.h"

namespace pbd::gpu {

class GpuSolver;

/// One cloth's contact phase. Needs the GpuSolver's positions bound at binding 0, step
/// starts at 1 and inverse masses at 3 while it dispatches (GpuSolver::step binds them).
class GpuContacts {
public:
    /// Compiles the kernel for a cloth in `dimensions` 2 or 3 (DIM); null with `why` set when
    /// it does not compile.
    static std::unique_ptr<GpuContacts> create(bool doublePrecision, std::string& why,
                                               int dimensions = 2);
    ~GpuContacts();
    GpuContacts(const GpuContacts&) = delete;
    GpuContacts& operator=(const GpuContacts&) = delete;

    /// Takes the next step's world: uploads the obstacles' shapes for each of the settings'
    /// substeps; keeps `balls` and `inverseMass` (1/kg, the host's) for the substeps' ball
    /// phase, so they must outlive the step.
    void prepare(const Settings& settings, std::span<const Obstacle> obstacles,
                 std::span<Ball> balls, std::span<const double> inverseMass);
    /// The same for a 3D cloth's world (create() with dimensions 3).
    void prepare(const Settings& settings, std::span<const Obstacle3> obstacles,
                 std::span<BallOf<3>> balls, std::span<const double> inverseMass);
    /// Substep `substep`'s phase, after the constraints and tethers: the balls (predicted,
    /// their contacts on the host, their velocities), then the obstacles' kernel.
    void substep(GpuSolver& solver, int substep);
    /// Whether the prepared world has obstacles.
    bool hasObstacles() const { return shapeCount_ > 0; }
    /// The obstacles' kernel alone for substep `substep` (between the self-collision phase's
    /// rounds, as the CPU solvers interleave them); nothing without obstacles.
    void resolveObstacles(GpuSolver& solver, int substep);

    /// Whether the prepared world has balls.
    bool hasBalls() const { return dimensions_ == 3 ? !space_.balls.empty() : !plane_.balls.empty(); }
    /// The balls' phase alone for substep `substep`: their prediction, their contacts on the
    /// host and their velocities (which depend on the balls alone); nothing without balls.
    void resolveBalls(GpuSolver& solver, int substep);

    /// Bytes of GPU memory in its buffer.
    std::size_t bufferBytes() const { return shapeBytes_ + listedBytes_ + 16; }


private:
    GpuContacts() = default;

    /// What a world of D dimensions keeps between prepare() and its substeps.
    template <glm::length_t D>
    struct WorldOf {
        std::vector<detail::ContactWorldOf<D>> worlds; ///< per substep, for the balls' obstacles
        std::span<BallOf<D>> balls;
        std::vector<Vec<D>> positions; ///< read back for the balls' phase
        std::vector<Vec<D>> before;    ///< the same before it, to find what moved
        std::vector<Vec<D>> stepStart; ///< the substep's start, read back likewise
    };
    template <glm::length_t D>
    void prepareIn(WorldOf<D>& world, const Settings& settings,
                   std::span<const ObstacleOf<D>> obstacles, std::span<BallOf<D>> balls,
                   std::span<const double> inverseMass);
    template <glm::length_t D>
    void resolveBallsIn(WorldOf<D>& world, GpuSolver& solver, int substep);

    bool double_ = false;
    int dimensions_ = 2;
    unsigned kernels_[3] = {0, 0, 0}; ///< broad phase, dispatch size, resolution
    unsigned shapes_ = 0;   ///< substeps x shapes x the kernel's stride of reals
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
    std::span<const double> inverseMass_;
    WorldOf<2> plane_;      ///< a 2D cloth's
    WorldOf<3> space_;      ///< a 3D cloth's
    std::vector<double> data_;                 ///< the shapes as uploaded, in double
};

} // namespace pbd::gpu
