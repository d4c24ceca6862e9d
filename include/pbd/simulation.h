#pragma once
/// \file
/// The cloth simulation: particles, constraints, the PBD step, and grabbing.
///
/// "The page", here and throughout the project, is the web page this simulator reproduces:
/// pbd.html ("Position-Based Dynamics"), one HTML file whose JavaScript simulates a 40 x 30
/// cloth beside a Controls panel. "The XPBD page" is its compliant sibling, xpbd.html. Neither
/// is in this repository; their copies live beside it, in ../shared/seed/. Comments say what
/// the behaviour is; "as the page" only names its origin.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include <glm/vec2.hpp>

#include "pbd/cloth.h"
#include "pbd/ball.h"
#include "pbd/obstacle.h"
#include "pbd/obstacle3.h"
#include "pbd/particles.h"
#include "pbd/settings.h"
#include "pbd/simulation_fwd.h"
#include "pbd/solver_backend.h"
#include "pbd/tethers.h"
#include "pbd/topology.h"

namespace pbd {

/// Root mean square and largest |C| = | |x_a - x_b| - rest | over the distance constraints,
/// in metres: how far a sweep left the cloth from satisfying them.
struct Residual {
    double rms = 0.0;
    double max = 0.0;
};

/// Largest grab radius (Simulation::grabArea), in metres.
inline constexpr double kMaxGrabRadius = 100.0;

/// An area grab (Simulation::grabArea): every particle that was within `radius` of the press,
/// each held at its offset from the grab point, in D dimensions.
template <glm::length_t D>
struct AreaGrabOf {
    Vec<D> point{0.0};               ///< the grab point now, metres
    double radius = 0.0;             ///< metres, > 0 and at most kMaxGrabRadius
    std::vector<Index> particles;    ///< the held particles, ascending
    std::vector<Vec<D>> offsets;     ///< each held particle's place minus `point`, metres
    bool operator==(const AreaGrabOf&) const = default;
};
using AreaGrab = AreaGrabOf<2>;

/// Everything that defines where a simulation stands, for saving and loading: continuing
/// from a restored state gives bit for bit the steps the original would have taken. (The
/// multipliers and step-start positions are not part of it: each substep begins them anew.)
template <glm::length_t D>
struct SimulationStateOf {
    Settings settings;
    double time = 0.0;           ///< simulated seconds since the last restart
    std::uint64_t steps = 0;     ///< steps since the last restart
    std::vector<Vec<D>> position;     ///< metres, width x height of them
    std::vector<Vec<D>> velocity;     ///< m/s
    std::vector<double> mass;         ///< kg, kMinMass to kMaxMass
    std::vector<Index> pinned;        ///< pinned particles, ascending
    std::optional<Index> grabbed;     ///< the grabbed particle, if any
    std::optional<AreaGrabOf<D>> areaGrab; ///< the area grab, if any (never with `grabbed`)
    std::vector<std::size_t> removed; ///< removed (torn or cut) constraints, ascending
    std::vector<ObstacleOf<D>> obstacles; ///< the obstacles now, at most kMaxObstacles
    std::vector<BallOf<D>> balls;     ///< the balls now, at most kMaxBalls (at most one held)
    /// The substeps the next step under the strain budget (Settings::maxStrain) takes first,
    /// as the last step chose them; 0 with the budget off or before its first step.
    int budgetSubsteps = 0;
    /// The largest strain of the strain budget's window so far (0 to its end).
    double budgetPeak = 0.0;
    bool operator==(const SimulationStateOf&) const = default;
};

namespace detail {
template <glm::length_t D>
class StepSolverOf;
template <glm::length_t D>
struct StepStateOf;
} // namespace detail

/// Largest |x|, |y| or |z| accepted for a grabbed particle's position, in metres.
inline constexpr double kMaxGrabCoordinate = 1e6;

/// A cloth simulated with position-based dynamics [MHHR06] and its compliant form XPBD
/// [MMC16]. A step is Settings::substeps substeps of h = dt / substeps, each of which
/// predicts positions with symplectic Euler, resets the constraints' multipliers, projects
/// the constraints in Settings::iterations Gauss-Seidel sweeps, derives velocities from the
/// displacement and damps them. Pinned and grabbed particles are neither predicted, corrected
/// nor given a new velocity. With stiffness 0, one substep, no damping and the sequential
/// solver this is exactly the PBD page's step (../shared/seed/pbd.html, see the README); with
/// stiffness k it is the XPBD page's (../shared/seed/xpbd.html). Settings::solver chooses the
/// order of the sweeps (see Solver).
///
/// The Simulation holds the state on the CPU, and its const getters (particles(), alive(),
/// liveConstraintCount(), constraintsVersion(), state()) return that CPU copy and never read
/// anything back. With a solver that keeps the state on a device (stateOnDevice(): the GPU)
/// the copy lags the device's steps until sync() reads them back; what changes the state
/// here (grab, pin, cut, ...) brings the copy up to date first by itself.
///
/// The same class simulates the cloth in D = 2 (Simulation, the page's plane) or D = 3
/// (Simulation3: x right, y up, z towards the viewer) dimensions; Settings::dimensions must
/// be D. With the 3D cloth in its vertical orientation and nothing leaving the plane, its x
/// and y are the 2D cloth's bit for bit and z stays 0.
template <glm::length_t D>
class SimulationOf {
public:
    using Vector = Vec<D>;
    using ParticlesType = ParticlesOf<D>;
    using ObstacleType = ObstacleOf<D>;
    using BallType = BallOf<D>;
    using AreaGrabType = AreaGrabOf<D>;
    using StateType = SimulationStateOf<D>;
    static constexpr glm::length_t kDimensions = D;

    /// Builds the cloth. Throws std::invalid_argument with validate()'s message when the
    /// settings are invalid.
    explicit SimulationOf(const Settings& settings = defaultSettings());
    ~SimulationOf();
    /// Copies the CPU copy of the state (sync() first to copy a device's); the copy starts its
    /// own worker threads, or device buffers, when it first steps.
    SimulationOf(const SimulationOf& other);
    SimulationOf& operator=(const SimulationOf& other);
    SimulationOf(SimulationOf&&) noexcept;
    SimulationOf& operator=(SimulationOf&&) noexcept;

    /// The default settings in D dimensions: the page's (with dimensions = D).
    static Settings defaultSettings();

    /// Applies new settings. Time step, iterations, gravity, mass, density, stiffness,
    /// substeps, damping, area stiffness and solver take effect from the next step (a new mass
    /// or density replaces every particle's mass, as clothParticleMasses() says); a different
    /// width, height, fixed count, cloth width or cloth height rebuilds the cloth (as
    /// restart()). Invalid settings are refused: the error is returned and nothing changes.
    std::optional<SettingsError> apply(const Settings& settings);

    /// Rebuilds the cloth from the current settings: time 0, particles at rest on the grid,
    /// the fixed corners pinned and no other pin, no grab; the obstacles become the initial
    /// ones again (setInitialObstacles()). (A new size through apply() keeps the obstacles.)
    void restart();

    /// Advances the simulation by one time step (Settings::substeps substeps, or with a strain
    /// budget those it chooses: substepsInUse()) with the
    /// settings' solver, which the first step makes (one factory maps Settings::solver to
    /// it) and which persists until the solver, the thread count, the GPU precision or the
    /// cloth changes: the Colored solver's worker threads, the GPU's buffers.
    void step();

    /// The substeps of the last step: Settings::substeps, or with a strain budget
    /// (Settings::maxStrain > 0) the ones it chose, those of the attempt it kept. A budget
    /// starts at max(Settings::substeps, 32); each step takes the count the last one chose
    /// (at most max(Settings::substeps, kStrainBudgetSubstepCap)) and is done again from its
    /// start with more substeps when it ends with a largest strain beyond the budget, until
    /// it holds or reaches the cap; the next count is raised as soon as a step ends above 90%
    /// of the budget, and lowered (at least to Settings::substeps, at most halved) after 32
    /// steps whose largest strain stayed below 75% (docs/physics.md "The strain budget").
    /// Under a budget a step whose grab moved since the last step carries the held particles
    /// over its substeps in equal parts instead of in one jump.
    int substepsInUse() const;
    /// Substeps computed since the last restart or restore, the strain budget's redone
    /// attempts included: the work the steps cost.
    std::uint64_t substepsTaken() const { return substepsTaken_; }

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

    /// Makes particle `index` the grabbed one: it stops moving by itself and keeps its
    /// velocity until released. A previously grabbed particle is released first. Any particle
    /// may be grabbed, pinned ones included. Returns false (and changes nothing) when the
    /// index is out of range.
    bool grab(Index index);
    /// Places the grabbed particle at `position` (metres, each coordinate finite and within
    /// +-kMaxGrabCoordinate); with an area grab, moves its grab point there and each held
    /// particle to the point plus its offset. Returns false and changes nothing without a grab
    /// or for a position out of range.
    bool moveGrabbed(Vector position);
    /// Releases the grabbed particle, or every particle of an area grab; each keeps the
    /// velocity it had when grabbed (the page's behaviour). Does nothing without a grab.
    void release();
    /// Releases as release() and gives each released particle that is not pinned `velocity`
    /// (m/s; finite, else ignored and the page's behaviour kept). Does nothing without a grab.
    void release(Vector velocity);
    /// The grabbed particle, if any (a single-particle grab; see areaGrab()).
    std::optional<Index> grabbed() const { return grabbed_; }

    /// Holds every particle, movable or pinned, within `radius` metres of `point` (distance
    /// <= radius, where the cloth is now): each stops moving by itself, keeps its velocity
    /// until released and keeps its offset from the grab point, which moveGrabbed() moves.
    /// The current grab, of either kind, is released first. Returns how many particles are
    /// held: 0 (and no grab) when none is in reach or for a point or radius out of range
    /// (finite, |coordinates| <= kMaxGrabCoordinate, 0 < radius <= kMaxGrabRadius).
    std::size_t grabArea(Vector point, double radius);
    /// The area grab, if any.
    const std::optional<AreaGrabType>& areaGrab() const { return areaGrab_; }
    /// Whether a grab of either kind holds particles.
    bool holding() const { return grabbed_.has_value() || areaGrab_.has_value(); }

    /// Pins particle `index` where it is: it no longer moves by itself and its velocity is
    /// zeroed. Returns false when the index is out of range.
    bool pin(Index index);
    /// Unpins particle `index` (a fixed corner too): it moves again from rest. Returns false
    /// when the index is out of range.
    bool unpin(Index index);
    /// Unpins every particle.
    void unpinAll();
    /// Pins the fixed corners of Settings::fixedCount again (other pins stay).
    void pinCorners();

    /// Sets one particle's mass in kg (kMinMass to kMaxMass). Returns false and changes
    /// nothing when the index or value is invalid. A new Settings::mass replaces it.
    bool setMass(Index index, double mass);

    /// Removes every live constraint whose segment x_a x_b crosses the segment from `from` to
    /// `to` (metres; closed segments: touching or overlapping counts), as a knife would, where
    /// the cloth is now (it syncs first, as every change made here does when it must).
    /// Removed constraints stay removed until restart. Returns how many were removed.
    std::size_t cut(Vector from, Vector to)
        requires(D == 2);
    /// The 3D knife: removes every live constraint whose segment crosses the strip of the
    /// plane through the segment from `from` to `to` that extends along `direction` both
    /// ways without end (every layer under a stroke seen along `direction`). A direction of
    /// length 0 or along the stroke cuts nothing. Returns how many were removed.
    std::size_t cut(Vector from, Vector to, Vector direction)
        requires(D == 3);
    /// Removes constraint `index` (in constraints() order) until restart. Returns false when
    /// the index is out of range or the constraint was already removed.
    bool removeConstraint(std::size_t index);
    /// One flag per constraint of constraints(): 1 live, 0 removed (torn or cut), as the CPU
    /// copy holds them (constraints a device tore arrive with sync() or syncConstraints()).
    std::span<const std::uint8_t> alive() const { return alive_; }
    /// Number of live constraints, as alive().
    std::size_t liveConstraintCount() const { return liveCount_; }
    /// Changes whenever a constraint is removed or the cloth is rebuilt (never repeats within
    /// a Simulation's life): a renderer re-uploads its line indices only when it changes. As
    /// alive(), it sees a device's tears after sync() or syncConstraints().
    std::uint64_t constraintsVersion() const { return constraintsVersion_; }

    /// The state as the CPU copy holds it (see SimulationState; sync() first with a device).
    StateType state() const;
    /// Replaces the whole state by `state`. Everything is checked first (valid settings,
    /// arrays of width x height finite values, masses in range, indices in range and
    /// ascending); on a refusal nothing changes and the message names the field, the value
    /// and what is allowed.
    std::optional<std::string> restore(const StateType& state);

    /// When on, each step records the residual after the prediction and after each sweep of
    /// its last substep (residuals()); costs one pass over the constraints per sweep. Off by
    /// default: then a step does no extra work.
    void recordResiduals(bool on);
    /// Iterations + 1 residuals of the last substep of the last step while recording is on
    /// (index 0: after the prediction, k: after sweep k); empty otherwise.
    const std::vector<Residual>& residuals() const { return residuals_; }

    /// Brings the CPU copy up to date with a solver that keeps the state on a device
    /// (stateOnDevice()): reads back the positions, step starts and velocities when it has
    /// stepped since the last read (the whole state: costly on the GPU), and the constraints
    /// it tore (as syncConstraints()). Nothing to do for the CPU solvers or when nothing
    /// changed. Call it before reading particles() or state() when they must be the current
    /// ones (saving, picking, the final positions).
    void sync();
    /// Reads back only the constraints a device solver tore since the last read into alive():
    /// on the GPU four bytes that say whether any did, then the live flags only when some did.
    /// Nothing for the CPU solvers or when the steps since the last read did not tear.
    void syncConstraints();
    /// Whether Settings::solver keeps the particle state on a device between steps (the GPU):
    /// its steps then leave the CPU copy behind until sync(), and record no residuals.
    bool stateOnDevice() const;

    /// Installs what runs Solver::Gpu steps (pbd_gpu's factory, from pbd-sim or the app).
    /// The backend is made on the first Gpu step and again after a restart or a change of
    /// solver or precision; without a factory a Gpu step throws std::runtime_error, as it
    /// does when the factory cannot make one (the message says why). A backend that runs now
    /// is synced and dropped (so installBackend({}) frees it, its state read back first).
    void installBackend(SolverBackendFactory factory);
    /// Waits until the backend has done every queued step (for timing); nothing otherwise.
    void finishBackend();
    /// What runs the Gpu steps (device, precision), or "" before the first Gpu step.
    std::string backendDescription() const;
    /// The backend that runs the Gpu steps, or null (none made yet, or dropped by a restart,
    /// a new size, solver or precision). The app draws from its buffers.
    SolverBackend* backend() const;
    /// The backend holds the current particle state (no change made here since its last
    /// upload): drawing and picking may use its buffers instead of the CPU copy.
    bool backendCurrent() const;

    /// The tethers the next step projects when Settings::tethers is on (empty when off):
    /// recomputed here when pins, cuts, tears or a restart changed the cloth since they were
    /// last computed. A step recomputes them the same way before it starts, so that a change
    /// always takes effect at the next step.
    const Tethers& tethers();

    /// The obstacles now, in index order (pbd/obstacle.h): each substep's contact phase puts
    /// every movable particle back outside them (grown by Settings::thickness / 2).
    std::span<const ObstacleType> obstacles() const { return obstacles_; }
    /// Adds an obstacle as the next index. Returns why it was refused (checkObstacle(), or
    /// more than kMaxObstacles), changing nothing.
    std::optional<std::string> addObstacle(const ObstacleType& obstacle);
    /// Moves obstacle `index`'s pose centre to `centre` (m) and, when given, turns it to
    /// `angle` degrees (movedObstacle()): it travels there over the next step. Returns why it
    /// was refused (no such index, a value out of range), changing nothing.
    std::optional<std::string> moveObstacle(std::size_t index, Vector centre,
                                            std::optional<ObstacleAngleOf<D>> angle);
    /// Removes obstacle `index`; later ones shift down by one. Returns false when there is none.
    bool removeObstacle(std::size_t index);
    /// Makes `obstacles` (each checked, at most kMaxObstacles) both the obstacles now and the
    /// ones restart() puts back: what the command line or a scene made. Returns why they were
    /// refused, changing nothing.
    std::optional<std::string> setInitialObstacles(std::vector<ObstacleType> obstacles);
    /// What restart() puts back (setInitialObstacles()).
    std::span<const ObstacleType> initialObstacles() const { return initialObstacles_; }
    /// Makes `pins` (particle indices) what restart() pins instead of the fixed corners (a
    /// scene's "pinned"); nothing = the fixed corners. Indices out of range are skipped.
    void setInitialPins(std::optional<std::vector<Index>> pins) { initialPins_ = std::move(pins); }
    /// What restart() pins (setInitialPins()); nothing = the fixed corners.
    const std::optional<std::vector<Index>>& initialPins() const { return initialPins_; }

    /// The balls now, in index order (pbd/ball.h), stepped with the cloth (ball_contacts.h).
    std::span<const BallType> balls() const { return balls_; }
    /// Adds a ball as the next index. Returns why it was refused (checkBall(), or more than
    /// kMaxBalls), changing nothing.
    std::optional<std::string> addBall(const BallType& ball);
    /// Removes ball `index`; later ones shift down by one (a held one lets go). Returns false
    /// when there is none.
    bool removeBall(std::size_t index);
    /// Holds ball `index` at `centre` (m): kinematic until releaseBall(); one ball at a time.
    /// Returns why it was refused (no such index, a value out of range).
    std::optional<std::string> grabBall(std::size_t index, Vector centre);
    /// Moves the held ball to `centre` (m). Returns why it was refused (none held, range).
    std::optional<std::string> moveBall(Vector centre);
    /// Lets the held ball go with `velocity` (m/s), or its own when not given.
    std::optional<std::string> releaseBall(std::optional<Vector> velocity);
    /// Makes `balls` (checked, at most kMaxBalls) both the balls now and the ones restart()
    /// puts back. Returns why they were refused, changing nothing.
    std::optional<std::string> setInitialBalls(std::vector<BallType> balls);
    /// What restart() puts back (setInitialBalls()).
    std::span<const BallType> initialBalls() const { return initialBalls_; }

    const Settings& settings() const { return settings_; }
    /// The particles as the CPU copy holds them: masses, flags and inverse masses are always
    /// current; with a device solver positions, step starts and velocities lag its steps
    /// until sync().
    const ParticlesType& particles() const { return particles_; }
    std::span<const DistanceConstraint> constraints() const { return topology_.constraints; }
    /// The cloth as a mesh: its constraints, edge springs, triangles (pbd/topology.h).
    const ClothTopology& topology() const { return topology_; }
    /// Simulated time in seconds since the last restart.
    double time() const { return time_; }
    /// Steps taken since the last restart.
    std::uint64_t stepCount() const { return stepCount_; }

private:
    void build();
    detail::StepStateOf<D> stepState();
    detail::StepStateOf<D> stepState(const Settings& settings);
    /// One step under the strain budget (Settings::maxStrain > 0), redone with more substeps
    /// while it ends beyond the budget (strain_budget.cpp).
    void stepWithinBudget();
    /// One attempt of stepWithinBudget() with `substeps`, its held particles carried from
    /// heldFrom_ to where the grab put them in equal parts, one per substep.
    void stepSpreadingMove(int substeps);
    /// Under a strain budget, before held particles move: remembers where they are.
    void keepHeldFrom();
    /// Before particles_ is changed here: brings it up to date and has the solver take it
    /// again before its next step.
    void editParticles();
    /// Before one particle is changed here: true when the change can go straight to the
    /// solver afterwards (StepSolver::writeParticle), else the same as editParticles() and
    /// false.
    bool editParticleDirectly();
    void refreshInverseMass(Index index);
    /// Holds (or lets go of, when !hold) particle `index` by the pointer: kGrabbed and its
    /// inverse mass, written through to the solver when `direct`.
    void setHeld(Index index, bool hold, bool direct);

    Settings settings_;
    ParticlesType particles_; ///< the CPU copy: behind a device solver until sync()
    SolverBackendFactory backendFactory_;
    std::unique_ptr<detail::StepSolverOf<D>> solver_; ///< made on the first step (makeStepSolver)
    ClothTopology topology_; ///< the cloth's constraints, triangles and neighbours
    std::vector<double> lambda_;                 ///< XPBD multipliers, one per constraint
    std::vector<double> areaLambda_;             ///< one per cell triangle, when area is on
    std::vector<std::uint8_t> alive_;            ///< one per constraint: 1 live, 0 removed
    std::size_t liveCount_ = 0;
    std::uint64_t constraintsVersion_ = 0;
    double time_ = 0.0;
    std::uint64_t stepCount_ = 0;
    std::optional<Index> grabbed_;
    std::optional<AreaGrabType> areaGrab_;
    bool recordResiduals_ = false;
    std::vector<Residual> residuals_;
    Tethers tethers_;                 ///< what the next step projects (settings_.tethers)
    bool tethersStale_ = true;        ///< pins changed since tethers_ was computed
    std::uint64_t tethersConstraints_ = 0; ///< constraintsVersion_ tethers_ was computed for
    std::uint64_t tethersVersion_ = 0;     ///< changes whenever tethers_ is recomputed
    std::vector<ObstacleType> obstacles_;        ///< the obstacles now
    std::vector<ObstacleType> initialObstacles_; ///< what restart() puts back
    std::optional<std::vector<Index>> initialPins_; ///< restart()'s pins, if not the corners
    std::vector<BallType> balls_;                ///< the balls now
    std::vector<BallType> initialBalls_;         ///< what restart() puts back
    int budgetSubsteps_ = 0;          ///< the budget's next count (0: off, none yet)
    int lastSubsteps_ = 0;            ///< the substeps the last step kept (0: none yet)
    double budgetPeak_ = 0.0;         ///< the budget window's largest strain so far
    /// Under a strain budget: each held particle's place before the first move since the
    /// last step, so that the step spreads the move over its substeps (strain_budget.cpp);
    /// empty when nothing held has moved (or the budget is off).
    std::vector<std::pair<Index, Vector>> heldFrom_;
    std::uint64_t substepsTaken_ = 0; ///< substeps computed since restart, redos included
};

/// Largest |length - rest length| over the live constraints, in metres, of the CPU copy
/// (Simulation::sync() first with a device solver).
template <glm::length_t D>
double maxConstraintViolation(const SimulationOf<D>& simulation);

/// Relative stretch of the constraints, |length - rest| / rest (dimensionless).
struct Strain {
    double max = 0.0; ///< largest over all constraints
    double rms = 0.0; ///< root mean square over all constraints
};
/// The cloth's strain as the CPU copy holds it (as maxConstraintViolation); zero for a cloth
/// without constraints.
template <glm::length_t D>
Strain constraintStrain(const SimulationOf<D>& simulation);

extern template class SimulationOf<2>;
extern template class SimulationOf<3>;

} // namespace pbd
