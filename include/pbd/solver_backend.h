#pragma once
/// \file
/// A solver that runs whole steps somewhere else than the core's loops (the GPU solver), as
/// an interface the core declares and a program installs. No graphics API appears here: the
/// core stays free of OpenGL, and programs that link an implementation (pbd-sim, pbd-cloth
/// with pbd_gpu) install it into their Simulation.

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "pbd/ball.h"
#include "pbd/cloth.h"
#include "pbd/obstacle.h"
#include "pbd/obstacle3.h"
#include "pbd/particles.h"
#include "pbd/settings.h"
#include "pbd/tethers.h"

namespace pbd {

/// What a step collides with besides the cloth, for SolverBackend::stepInWorld (2D) and
/// stepInWorld3 (3D).
template <glm::length_t D>
struct BackendWorldOf {
    /// The obstacles, each moving from its start pose to its pose over the step.
    std::span<const ObstacleOf<D>> obstacles;
    /// The balls, stepped in place (they live on the host).
    std::span<BallOf<D>> balls;
    /// The particles' inverse masses as the host has them (1/kg), for the balls' contacts.
    std::span<const double> inverseMass;
};
using BackendWorld = BackendWorldOf<2>;

/// Runs steps on its own copy of the particle state (e.g. in GPU buffers). The Simulation
/// uploads its state before the first step and after any change it makes itself (grab, pin,
/// mass, restart), and downloads it only when told to (Simulation::sync()), so that many
/// steps run without a copy.
class SolverBackend {
public:
    virtual ~SolverBackend() = default;
    /// Replaces the backend's state: positions, step-start positions, velocities (m, m/s)
    /// and inverse masses (1/kg, 0 = does not move) of every particle.
    virtual void upload(const Particles& particles) = 0;
    /// Replaces the constraints' live flags, one per constraint in the page's order
    /// (buildClothGrid): 1 live, 0 removed (torn or cut; projected with a zero correction).
    virtual void uploadAlive(std::span<const std::uint8_t> alive) = 0;
    /// Replaces the tethers that steps with Settings::tethers on project after the sweeps (as
    /// the colored solver: each particle's slots in order). The Simulation uploads them before
    /// the first such step and whenever it recomputed them. A backend that keeps no tethers
    /// ignores them (the default).
    virtual void uploadTethers(const Tethers& /*tethers*/) {}
    /// Queues one step with the settings' time step, iterations, gravity, stiffness,
    /// substeps, damping, area stiffness, tear strain and tethers: exactly the colored order's
    /// arithmetic (see the README for how close each precision comes), tearing after each
    /// substep. May return before the work is done.
    virtual void step(const Settings& settings) = 0;
    /// step() with the world's contacts in each substep, in the colored solver's order
    /// (constraints, tethers, balls, obstacles, velocities). A backend that does not collide
    /// (the default) throws std::runtime_error when there are obstacles or balls.
    virtual void stepInWorld(const Settings& settings, const BackendWorld& world)
    {
        if (!world.obstacles.empty() || !world.balls.empty())
            throw std::runtime_error("obstacles and balls: this solver backend does not "
                                     "collide; allowed: the sequential or colored solver");
        step(settings);
    }
    /// The simulated time in s at the start of the next step() (the gusts' clock, air.h);
    /// a backend without air ignores it (the default).
    virtual void setTime(double /*time*/) {}
    /// Reads the live flags back (constraints torn on the backend become 0) and returns true;
    /// or, when no constraint was torn since the last uploadAlive or read, may return false
    /// and leave `alive` as it is (nothing to read).
    virtual bool downloadAlive(std::vector<std::uint8_t>& alive) = 0;
    /// Writes the backend's positions, step-start positions and velocities into `particles`
    /// (the other fields are the Simulation's own), waiting for queued steps.
    virtual void download(Particles& particles) = 0;
    /// Waits until every queued step is done (for timing).
    virtual void finish() = 0;
    /// Whether writeParticle() works: the Simulation then sends a grab, a drag and a release
    /// to a backend that is ahead as single-particle writes instead of reading its whole state
    /// back and uploading it again.
    virtual bool writesParticles() const { return false; }
    /// Writes the given fields of particle `index` (position in m, velocity in m/s, inverse
    /// mass in 1/kg; null = leave as the backend has it), leaving the rest of its state as
    /// it is. Called only when writesParticles().
    virtual void writeParticle(Index /*index*/, const glm::dvec2* /*position*/,
                               const glm::dvec2* /*velocity*/, const double* /*inverseMass*/)
    {
    }
    /// What runs the steps, e.g. "llvmpipe (LLVM 15.0.6, 256 bits), double".
    virtual std::string description() const = 0;

    /// A 3D cloth's state (Settings::dimensions 3), as upload(), download() and
    /// writeParticle() for 2D: positions, step starts and velocities as x, y, z. A backend
    /// made for a 2D cloth, or one without 3D (the default), throws std::runtime_error.
    virtual void upload3(const ParticlesOf<3>& /*particles*/) { throw noThreeD(); }
    virtual void download3(ParticlesOf<3>& /*particles*/) { throw noThreeD(); }
    virtual void writeParticle3(Index /*index*/, const glm::dvec3* /*position*/,
                                const glm::dvec3* /*velocity*/, const double* /*inverseMass*/)
    {
        throw noThreeD();
    }
    /// stepInWorld() for a 3D cloth (its obstacles and balls). A backend without 3D, or
    /// without contacts in 3D (the default), throws std::runtime_error.
    virtual void stepInWorld3(const Settings& /*settings*/, const BackendWorldOf<3>& /*world*/)
    {
        throw noThreeD();
    }

private:
    static std::runtime_error noThreeD()
    {
        return std::runtime_error("this solver backend does not step a 3D cloth");
    }
};

/// Makes a backend for a cloth of settings.width x settings.height with the settings'
/// precision. Throws std::runtime_error saying why when it cannot (no usable device, sizes
/// beyond its limits, a setting it does not support).
using SolverBackendFactory = std::function<std::unique_ptr<SolverBackend>(const Settings&)>;

} // namespace pbd
