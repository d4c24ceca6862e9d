#pragma once
// The one interface behind which the Simulation's solvers step (sequential, colored, GPU),
// and the one place that chooses among them. Private to the core.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "pbd/distance_constraint.h"
#include "pbd/obstacle3.h"
#include "pbd/particles.h"
#include "pbd/settings.h"
#include "pbd/simulation.h"
#include "pbd/solver_backend.h"
#include "pbd/substep_pipeline.h"
#include "pbd/topology.h"
#include "step/step_phases.h"
#include "world/element_contact.h"

namespace pbd::detail {

/// What a step works on: the Simulation's own (CPU) copy of the state, by reference, in D
/// dimensions.
template <glm::length_t D>
struct StepStateOf {
    const Settings& settings;
    ParticlesOf<D>& particles;
    std::span<const DistanceConstraint> constraints;
    std::vector<double>& lambda;            ///< XPBD multipliers, one per constraint
    std::vector<double>& areaLambda;        ///< one per cell triangle, when area is on
    std::vector<std::uint8_t>& alive;       ///< one per constraint: 1 live, 0 removed
    std::size_t& liveCount;                 ///< live constraints
    std::uint64_t& constraintsVersion;      ///< changes whenever a constraint is removed
    bool recordResiduals;                   ///< the last substep records residuals
    std::vector<Residual>& residuals;       ///< what it recorded
    /// The tethers to project after the sweeps, or null (Settings::tethers off).
    const Tethers* tethers;
    std::uint64_t tethersVersion;           ///< changes whenever the tethers are recomputed
    /// The obstacles of the contact phase (empty: no phase), each moving from its start pose
    /// to its pose over the step.
    std::span<const ObstacleOf<D>> obstacles;
    /// The balls (empty: no ball phase), stepped in place beside the particles.
    std::span<BallOf<D>> balls;
    /// Simulated time at the step's start in s (the gusts' clock).
    double time = 0.0;
    /// The cloth as a mesh (its constraints are `constraints`).
    const ClothTopology* topology = nullptr;
};
/// The 2D cloth's.
using StepState = StepStateOf<2>;

/// Runs the steps of one Settings::solver in D dimensions. The CPU solvers step the StepState
/// in place; a device solver (the GPU) keeps a copy of its own, takes the StepState's before
/// its first step and after the Simulation changed it (particlesChanged()), and gives its own
/// back only when asked (sync()).
template <glm::length_t D>
class StepSolverOf {
public:
    virtual ~StepSolverOf() = default;

    /// The solver this is.
    virtual Solver kind() const = 0;
    /// Whether it can step with `settings` as it is (else the Simulation makes a new one):
    /// the same solver, and for the colored one the same threads, for the GPU the same
    /// precision.
    virtual bool suits(const Settings& settings) const = 0;
    /// One step of state.settings.timeStep (Settings::substeps substeps). A device solver
    /// may return before the work is done; the state's particles then lag its own.
    virtual void step(StepStateOf<D>& state) = 0;

    /// Whether the particle state lives elsewhere (on a device) between steps.
    virtual bool onDevice() const { return false; }
    /// Brings `state` up to date with the solver's own copy: the constraints it removed and,
    /// when `particles`, the positions, step starts and velocities. Nothing for CPU solvers.
    virtual void sync(StepStateOf<D>& /*state*/, bool /*particles*/) {}
    /// The Simulation changed the particles of its state (after sync()): a device solver
    /// takes the whole state again before its next step.
    virtual void particlesChanged() {}
    /// The solver's own copy is the current state (it has every change made since): true
    /// only for a device solver that has stepped and not been made stale since.
    virtual bool current() const { return false; }
    /// Whether writeParticle() can take the next single-particle change: the solver is
    /// current() and can write one particle.
    virtual bool takesParticleWrites() const { return false; }
    /// Writes the given fields of particle `index` (null: unchanged) into its own copy.
    virtual void writeParticle(Index /*index*/, const Vec<D>* /*position*/,
                               const Vec<D>* /*velocity*/, const double* /*inverseMass*/)
    {
    }
    /// Waits until every queued step is done (for timing).
    virtual void finish() {}
    /// What runs the steps (a device, a precision), or "" for the CPU solvers.
    virtual std::string description() const { return ""; }
    /// The device's backend, or null for the CPU solvers.
    virtual SolverBackend* backend() { return nullptr; }
    /// Turns parts of the 3D self-contact off (tests only: the programs never call it).
    virtual void setSelfContactSwitches(SelfContactSwitches /*switches*/) {}
};
using StepSolver = StepSolverOf<2>;

/// The one place that maps Settings::solver to its implementation: the sequential (page's)
/// order, the colored order on Settings::threads threads, or the GPU through a backend that
/// `gpu` makes. Throws std::runtime_error for the GPU without a factory, or with the
/// factory's message when it cannot make one.
template <glm::length_t D = 2>
std::unique_ptr<StepSolverOf<D>> makeStepSolver(const Settings& settings,
                                                const SolverBackendFactory& gpu);

/// Whether `solver` keeps the particle state on a device between steps.
bool keepsStateOnDevice(Solver solver);

/// Threads and chunks of rows a step of `settings` uses (Simulation::threadCount() and
/// friends): 1, 1, 1 for all but the colored solver.
struct SolverThreads {
    unsigned requested = 1;
    unsigned used = 1;
    std::size_t chunks = 1;
};
SolverThreads solverThreads(const Settings& settings);

/// What decides which phases of the pipeline (pbd/substep_pipeline.h) a step of `state` runs.
template <glm::length_t D>
PhaseInputs phaseInputs(const StepStateOf<D>& state);

/// A substep's parameters from the settings; sizes state.areaLambda when area is on.
template <glm::length_t D>
SubstepParams substepParams(StepStateOf<D>& state);
/// Marks constraint `k` removed. Returns false when it is out of range or already removed.
template <glm::length_t D>
bool removeConstraint(StepStateOf<D>& state, std::size_t k);
/// After a substep: removes every live constraint strained beyond `strain`, all judged on
/// the same positions.
template <glm::length_t D>
void tear(StepStateOf<D>& state, double strain);
/// The residual of the live constraints on the state's positions.
template <glm::length_t D>
Residual measureResidual(const StepStateOf<D>& state);

/// The solvers makeStepSolver chooses from.
template <glm::length_t D = 2>
std::unique_ptr<StepSolverOf<D>> makeSequentialSolver();
template <glm::length_t D = 2>
std::unique_ptr<StepSolverOf<D>> makeColoredSolver(const Settings& settings);
template <glm::length_t D = 2>
std::unique_ptr<StepSolverOf<D>> makeDeviceSolver(std::unique_ptr<SolverBackend> backend,
                                                  const Settings& settings);

} // namespace pbd::detail
