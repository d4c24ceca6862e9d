#pragma once
/// \file
/// The cloth simulation: particles, constraints, the PBD step, and grabbing.
///
/// "The page", here and throughout the project, is the web page this simulator reproduces:
/// pbd.html ("Position-Based Dynamics"), one HTML file whose JavaScript simulates a 40 x 30
/// cloth beside a Controls panel. It is not in this repository; its copy lives beside it at
/// ../shared/seed/pbd.html. Comments say what the behaviour is; "as the page" names its origin.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include <glm/vec2.hpp>

#include "pbd/cloth.h"
#include "pbd/settings.h"

namespace pbd {

/// Particle state, one array per attribute, all of the same length.
struct Particles {
    std::vector<glm::dvec2> position;  ///< current positions x in metres
    std::vector<glm::dvec2> stepStart; ///< positions at the start of the last step
    std::vector<glm::dvec2> velocity;  ///< velocities in m/s
    std::vector<double> inverseMass;   ///< 1/m in 1/kg; 0 = does not move (fixed or grabbed)

    std::size_t size() const { return position.size(); }
};

class ColoredSolver;

/// Largest |x| or |y| accepted for a grabbed particle's position, in metres.
inline constexpr double kMaxGrabCoordinate = 1e6;

/// A cloth simulated with position-based dynamics exactly as the page does it [MHHR06]:
/// each step predicts positions with symplectic Euler, projects every distance constraint
/// in array order for `iterations` Gauss-Seidel sweeps, and derives velocities from the
/// displacement. Particles with inverse mass 0 are neither predicted, corrected nor given a
/// new velocity. With Settings::solver = Solver::Colored the sweeps go set by set over
/// independent constraint sets instead, in parallel (see Solver).
class Simulation {
public:
    /// Builds the cloth. Throws std::invalid_argument with validate()'s message when the
    /// settings are invalid.
    explicit Simulation(const Settings& settings = {});
    ~Simulation();
    /// Copies the state; the copy starts its own worker threads when it first steps.
    Simulation(const Simulation& other);
    Simulation& operator=(const Simulation& other);
    Simulation(Simulation&&) noexcept;
    Simulation& operator=(Simulation&&) noexcept;

    /// Applies new settings. Time step, iterations, gravity and mass take effect from the next
    /// step; a different width, height or fixed count rebuilds the cloth (as restart()).
    /// Invalid settings are refused: the error is returned and nothing changes.
    std::optional<SettingsError> apply(const Settings& settings);

    /// Rebuilds the cloth from the current settings: time 0, particles at rest on the grid,
    /// no grab.
    void restart();

    /// Advances the simulation by one time step with the settings' solver. The Colored
    /// solver's worker threads start on its first step and persist until the solver, the
    /// thread count or the cloth changes.
    void step();

    /// Threads a step uses, the calling thread included: 1 for Solver::Sequential; for
    /// Solver::Colored, requestedThreadCount() but at most chunkCount(), since a chunk of rows
    /// is the unit of work (so 1 for a cloth of one chunk, such as the page's 40 x 30).
    unsigned threadCount() const;
    /// Threads asked for: 1 for Solver::Sequential; for Solver::Colored, Settings::threads
    /// (0 resolved to the number of hardware cores).
    unsigned requestedThreadCount() const;
    /// Chunks of rows the colored solver cuts the cloth into (at least about 2048 particles
    /// each); 1 for Solver::Sequential.
    std::size_t chunkCount() const;

    /// Makes particle `index` the grabbed one: it stops moving by itself (inverse mass 0) and
    /// keeps its velocity until released. A previously grabbed particle is released first.
    /// Any particle may be grabbed, fixed ones included. Returns false (and changes nothing)
    /// when the index is out of range.
    bool grab(Index index);
    /// Places the grabbed particle at `position` (metres, each coordinate finite and within
    /// +-kMaxGrabCoordinate). Returns false and changes nothing without a grab or for a
    /// position out of range.
    bool moveGrabbed(glm::dvec2 position);
    /// Releases the grabbed particle, restoring its inverse mass. Does nothing without a grab.
    void release();
    /// The grabbed particle, if any.
    std::optional<Index> grabbed() const { return grabbed_; }

    /// Sets one particle's inverse mass (1/kg, finite and >= 0; 0 pins it). Returns false and
    /// changes nothing when the index or value is invalid. For the grabbed particle the value
    /// takes effect on release.
    bool setInverseMass(Index index, double inverseMass);
    /// Pins a particle in place (inverse mass 0).
    bool pin(Index index) { return setInverseMass(index, 0.0); }

    const Settings& settings() const { return settings_; }
    const Particles& particles() const { return particles_; }
    std::span<const DistanceConstraint> constraints() const { return constraints_; }
    /// Simulated time in seconds since the last restart.
    double time() const { return time_; }
    /// Steps taken since the last restart.
    std::uint64_t stepCount() const { return stepCount_; }

private:
    void build();
    void setUniformMass(double mass);
    void stepSequential();

    Settings settings_;
    Particles particles_;
    std::vector<DistanceConstraint> constraints_;
    double time_ = 0.0;
    std::uint64_t stepCount_ = 0;
    std::optional<Index> grabbed_;
    double grabbedInverseMass_ = 0.0; ///< restored on release
    std::unique_ptr<ColoredSolver> colored_; ///< made on the first colored step
};

/// Largest |length - rest length| over all constraints, in metres.
double maxConstraintViolation(const Simulation& simulation);

/// Relative stretch of the constraints, |length - rest| / rest (dimensionless).
struct Strain {
    double max = 0.0; ///< largest over all constraints
    double rms = 0.0; ///< root mean square over all constraints
};
/// The cloth's strain now; zero for a cloth without constraints.
Strain constraintStrain(const Simulation& simulation);

} // namespace pbd
