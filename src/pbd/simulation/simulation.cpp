#include "pbd/simulation.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <glm/geometric.hpp>
#include <glm/vec3.hpp>

#include "files/input_text.h"
#include "pbd/distance_constraint.h"
#include "pbd/segment.h"
#include "simulation/grab_rules.h"
#include "step/step_solver.h"

namespace pbd {

namespace {

/// Why settings for `D` dimensions cannot be this Simulation's, or nothing.
template <glm::length_t D>
std::optional<SettingsError> validateFor(const Settings& settings)
{
    if (auto error = validate(settings))
        return error;
    if (settings.dimensions != static_cast<int>(D))
        return SettingsError{"dimensions",
                             "dimensions = " + std::to_string(settings.dimensions) +
                                 " is not allowed for this " + std::to_string(D) +
                                 "D simulation; allowed: " + std::to_string(D) +
                                 " (a new simulation takes the other)"};
    return std::nullopt;
}

} // namespace

template <glm::length_t D>
Settings SimulationOf<D>::defaultSettings()
{
    Settings settings;
    settings.dimensions = static_cast<int>(D);
    return settings;
}

template <glm::length_t D>
SimulationOf<D>::SimulationOf(const Settings& settings)
    : settings_(settings)
{
    if (auto error = validateFor<D>(settings))
        throw std::invalid_argument(error->message);
    build();
}

template <glm::length_t D>
SimulationOf<D>::~SimulationOf() = default;
template <glm::length_t D>
SimulationOf<D>::SimulationOf(SimulationOf&&) noexcept = default;
template <glm::length_t D>
SimulationOf<D>& SimulationOf<D>::operator=(SimulationOf&&) noexcept = default;

template <glm::length_t D>
SimulationOf<D>::SimulationOf(const SimulationOf& other)
    : settings_(other.settings_), particles_(other.particles_),
      backendFactory_(other.backendFactory_),
      topology_(other.topology_), lambda_(other.lambda_), areaLambda_(other.areaLambda_),
      alive_(other.alive_), liveCount_(other.liveCount_),
      constraintsVersion_(other.constraintsVersion_),
      time_(other.time_), stepCount_(other.stepCount_), grabbed_(other.grabbed_),
      areaGrab_(other.areaGrab_), recordResiduals_(other.recordResiduals_),
      residuals_(other.residuals_), tethers_(other.tethers_), tethersStale_(other.tethersStale_),
      tethersConstraints_(other.tethersConstraints_), tethersVersion_(other.tethersVersion_),
      obstacles_(other.obstacles_), initialObstacles_(other.initialObstacles_),
      balls_(other.balls_), initialBalls_(other.initialBalls_),
      budgetSubsteps_(other.budgetSubsteps_), lastSubsteps_(other.lastSubsteps_),
      budgetPeak_(other.budgetPeak_), heldFrom_(other.heldFrom_),
      substepsTaken_(other.substepsTaken_)
{
}

template <glm::length_t D>
SimulationOf<D>& SimulationOf<D>::operator=(const SimulationOf& other)
{
    if (this != &other) {
        SimulationOf copy(other);
        *this = std::move(copy);
    }
    return *this;
}

template <glm::length_t D>
std::optional<SettingsError> SimulationOf<D>::apply(const Settings& settings)
{
    if (auto error = validateFor<D>(settings))
        return error;
    const bool rebuild = !sameCloth(settings, settings_);
    const bool massChanged =
        settings.mass != settings_.mass || settings.density != settings_.density;
    if (solver_ && !solver_->suits(settings)) {
        sync();          // what a device has, before it goes
        solver_.reset(); // joins workers, frees buffers; the next step makes the new one
    }
    if (massChanged)
        editParticles();
    settings_ = settings;
    if (rebuild) {
        build(); // the cloth anew; the obstacles stay
    } else if (massChanged) {
        particles_.mass = clothParticleMasses(settings);
        for (Index i = 0; i < particles_.size(); ++i)
            refreshInverseMass(i);
    }
    return std::nullopt;
}

template <glm::length_t D>
void SimulationOf<D>::restart()
{
    build();
    obstacles_ = initialObstacles_;
    if (initialPins_) {
        unpinAll();
        for (const Index i : *initialPins_)
            pin(i);
    }
    balls_ = initialBalls_;
}

template <glm::length_t D>
void SimulationOf<D>::build()
{
    ClothGridOf<D> grid = buildClothGridOf<D>(settings_);
    const std::size_t n = grid.positions.size();
    particles_.position = std::move(grid.positions);
    particles_.stepStart = particles_.position;
    particles_.velocity.assign(n, Vector(0.0));
    particles_.mass = clothParticleMasses(settings_);
    particles_.flags.assign(n, 0);
    for (Index i : fixedCorners(settings_.width, settings_.height, settings_.fixedCount))
        particles_.flags[i] = kPinned;
    particles_.inverseMass.resize(n);
    for (Index i = 0; i < n; ++i)
        refreshInverseMass(i);
    topology_ = clothTopology(settings_.width, settings_.height, std::move(grid.constraints));
    lambda_.assign(topology_.constraints.size(), 0.0);
    areaLambda_.clear();
    alive_.assign(topology_.constraints.size(), 1);
    liveCount_ = topology_.constraints.size();
    ++constraintsVersion_;
    time_ = 0.0;
    stepCount_ = 0;
    grabbed_.reset();
    areaGrab_.reset();
    residuals_.clear();
    solver_.reset();
    tethersStale_ = true;
    budgetSubsteps_ = 0;
    lastSubsteps_ = 0;
    budgetPeak_ = 0.0;
    heldFrom_.clear();
    substepsTaken_ = 0;
}

template <glm::length_t D>
void SimulationOf<D>::refreshInverseMass(Index i)
{
    particles_.inverseMass[i] = particles_.flags[i] != 0 ? 0.0 : 1.0 / particles_.mass[i];
}

template <glm::length_t D>
int SimulationOf<D>::substepsInUse() const
{
    if (settings_.maxStrain > 0.0 && lastSubsteps_ > 0)
        return lastSubsteps_;
    if (settings_.maxStrain > 0.0 && budgetSubsteps_ > 0) // restored: what the next step takes
        return budgetSubsteps_;
    return settings_.substeps;
}

template <glm::length_t D>
unsigned SimulationOf<D>::threadCount() const
{
    return detail::solverThreads(settings_).used;
}

template <glm::length_t D>
unsigned SimulationOf<D>::requestedThreadCount() const
{
    return detail::solverThreads(settings_).requested;
}

template <glm::length_t D>
std::size_t SimulationOf<D>::chunkCount() const
{
    return detail::solverThreads(settings_).chunks;
}

template <glm::length_t D>
typename SimulationOf<D>::StateType SimulationOf<D>::state() const
{
    StateType state;
    state.settings = settings_;
    state.time = time_;
    state.steps = stepCount_;
    state.position = particles_.position;
    state.velocity = particles_.velocity;
    state.mass = particles_.mass;
    for (Index i = 0; i < particles_.size(); ++i)
        if (particles_.pinned(i))
            state.pinned.push_back(i);
    state.grabbed = grabbed_;
    state.areaGrab = areaGrab_;
    for (std::size_t k = 0; k < alive_.size(); ++k)
        if (alive_[k] == 0)
            state.removed.push_back(k);
    state.obstacles = obstacles_;
    state.balls = balls_;
    for (BallType& ball : state.balls)
        ball.start = ball.position; // each substep begins it anew
    state.budgetSubsteps = budgetSubsteps_;
    state.budgetPeak = budgetPeak_;
    return state;
}

template <glm::length_t D>
std::optional<std::string> SimulationOf<D>::restore(const StateType& state)
{
    if (auto error = validateFor<D>(state.settings))
        return "settings: " + error->message;
    const std::size_t n = static_cast<std::size_t>(state.settings.width) *
                          static_cast<std::size_t>(state.settings.height);
    const std::size_t m = clothConstraintCount(state.settings.width, state.settings.height);
    auto count = [n](const char* field, std::size_t size) -> std::optional<std::string> {
        if (size == n)
            return std::nullopt;
        return std::string(field) + ": " + std::to_string(size) +
               " values for a cloth of " + std::to_string(n) + " particles; allowed: exactly " +
               std::to_string(n);
    };
    if (auto e = count("position", state.position.size()))
        return e;
    if (auto e = count("velocity", state.velocity.size()))
        return e;
    if (auto e = count("mass", state.mass.size()))
        return e;
    if (!std::isfinite(state.time) || state.time < 0.0)
        return "time = " + formatNumber(state.time) +
               " is not allowed; allowed: a finite number >= 0 s";
    for (std::size_t i = 0; i < n; ++i) {
        const Vector p = state.position[i];
        const Vector v = state.velocity[i];
        if (!detail::finiteVector(p))
            return "position[" + std::to_string(i) + "] is not finite; allowed: finite numbers";
        if (!detail::finiteVector(v))
            return "velocity[" + std::to_string(i) + "] is not finite; allowed: finite numbers";
        if (!(state.mass[i] >= kMinMass && state.mass[i] <= kMaxMass))
            return "mass[" + std::to_string(i) + "] = " + formatNumber(state.mass[i]) +
                   " is not allowed; " + allowedValues("mass");
    }
    auto ascending = [](const char* field, const auto& indices,
                        std::size_t limit) -> std::optional<std::string> {
        for (std::size_t k = 0; k < indices.size(); ++k)
            if (indices[k] >= limit || (k > 0 && indices[k] <= indices[k - 1]))
                return std::string(field) + "[" + std::to_string(k) + "] = " +
                       std::to_string(indices[k]) + " is not allowed; allowed: ascending indices below " +
                       std::to_string(limit);
        return std::nullopt;
    };
    if (auto e = ascending("pinned", state.pinned, n))
        return e;
    if (auto e = ascending("removed", state.removed, m))
        return e;
    if (state.grabbed && *state.grabbed >= n)
        return "grabbed = " + std::to_string(*state.grabbed) +
               " is not allowed; allowed: a particle index below " + std::to_string(n);
    if (state.areaGrab)
        if (auto e = detail::checkAreaGrab(*state.areaGrab, n, state.grabbed.has_value()))
            return e;
    if (state.budgetSubsteps < 0 || state.budgetSubsteps > kMaxSubsteps)
        return "budgetSubsteps = " + std::to_string(state.budgetSubsteps) +
               " is not allowed; allowed: a whole number from 0 to " +
               std::to_string(kMaxSubsteps);
    if (!(state.budgetPeak >= 0.0 && state.budgetPeak <= kMaxTearStrain))
        return "budgetPeak = " + formatNumber(state.budgetPeak) +
               " is not allowed; allowed: a finite number from 0 to " +
               formatNumber(kMaxTearStrain);

    if (auto e = checkObstacles(std::span<const ObstacleType>(state.obstacles)))
        return e;
    if (auto e = checkBalls(std::span<const BallType>(state.balls)))
        return e;

    settings_ = state.settings;
    build();
    obstacles_ = state.obstacles;
    balls_ = state.balls;
    for (BallType& ball : balls_)
        ball.start = ball.position;
    time_ = state.time;
    stepCount_ = state.steps;
    particles_.position = state.position;
    particles_.stepStart = state.position;
    particles_.velocity = state.velocity;
    particles_.mass = state.mass;
    std::fill(particles_.flags.begin(), particles_.flags.end(), std::uint8_t{0});
    for (Index i : state.pinned)
        particles_.flags[i] |= kPinned;
    if (state.grabbed) {
        grabbed_ = *state.grabbed;
        particles_.flags[*state.grabbed] |= kGrabbed;
    }
    if (state.areaGrab) {
        areaGrab_ = state.areaGrab;
        for (Index i : areaGrab_->particles)
            particles_.flags[i] |= kGrabbed;
    }
    for (Index i = 0; i < n; ++i)
        refreshInverseMass(i);
    for (std::size_t k : state.removed)
        removeConstraint(k);
    budgetSubsteps_ = state.budgetSubsteps;
    budgetPeak_ = state.budgetPeak;
    heldFrom_.clear();
    return std::nullopt;
}

template <glm::length_t D>
void SimulationOf<D>::recordResiduals(bool on)
{
    recordResiduals_ = on;
    if (!on)
        residuals_.clear();
}

template <glm::length_t D>
detail::StepStateOf<D> SimulationOf<D>::stepState()
{
    return stepState(settings_);
}

template <glm::length_t D>
detail::StepStateOf<D> SimulationOf<D>::stepState(const Settings& settings)
{
    return {settings,    particles_, topology_.constraints, lambda_,          areaLambda_,
            alive_,      liveCount_, constraintsVersion_,   recordResiduals_, residuals_,
            settings_.tethers ? &tethers_ : nullptr,        tethersVersion_,
            obstacles_,  balls_,     time_,                 &topology_};
}

template <glm::length_t D>
const Tethers& SimulationOf<D>::tethers()
{
    static const Tethers none;
    if (!settings_.tethers)
        return none;
    if (solver_ && solver_->onDevice() && settings_.tearStrain > 0.0)
        syncConstraints(); // what the device tore counts too
    if (tethersStale_ || tethersConstraints_ != constraintsVersion_) {
        tethers_ = computeTethers(tetherClothOf(settings_, alive_, particles_.flags));
        tethersStale_ = false;
        tethersConstraints_ = constraintsVersion_;
        ++tethersVersion_;
    }
    return tethers_;
}

template <glm::length_t D>
void SimulationOf<D>::installBackend(SolverBackendFactory factory)
{
    if (solver_ && solver_->onDevice()) {
        sync();
        solver_.reset();
    }
    backendFactory_ = std::move(factory);
}

template <glm::length_t D>
void SimulationOf<D>::finishBackend()
{
    if (solver_)
        solver_->finish();
}

template <glm::length_t D>
std::string SimulationOf<D>::backendDescription() const
{
    return solver_ ? solver_->description() : std::string();
}

template <glm::length_t D>
SolverBackend* SimulationOf<D>::backend() const
{
    return solver_ ? solver_->backend() : nullptr;
}

template <glm::length_t D>
bool SimulationOf<D>::backendCurrent() const
{
    return solver_ && solver_->current();
}

template <glm::length_t D>
bool SimulationOf<D>::stateOnDevice() const
{
    return detail::keepsStateOnDevice(settings_.solver);
}

template <glm::length_t D>
void SimulationOf<D>::sync()
{
    if (!solver_)
        return;
    detail::StepStateOf<D> state = stepState();
    solver_->sync(state, true);
}

template <glm::length_t D>
void SimulationOf<D>::syncConstraints()
{
    if (!solver_)
        return;
    detail::StepStateOf<D> state = stepState();
    solver_->sync(state, false);
}

template <glm::length_t D>
void SimulationOf<D>::editParticles()
{
    sync();
    if (solver_)
        solver_->particlesChanged();
}

template <glm::length_t D>
bool SimulationOf<D>::editParticleDirectly()
{
    if (solver_ && solver_->takesParticleWrites())
        return true;
    editParticles();
    return false;
}

template <glm::length_t D>
void SimulationOf<D>::step()
{
    if (!solver_)
        solver_ = detail::makeStepSolver<D>(settings_, backendFactory_);
    if (settings_.tethers)
        tethers(); // brought up to date with pins, cuts and tears before the step
    for (ObstacleType& obstacle : obstacles_)
        if (obstacle.velocity != Vector(0.0)) // scripted motion: a move over this step
            obstacle = movedObstacle(obstacle,
                                     obstaclePose(obstacle).centre +
                                         settings_.timeStep * obstacle.velocity,
                                     std::nullopt);
    if (settings_.maxStrain > 0.0) {
        stepWithinBudget();
    } else {
        detail::StepStateOf<D> state = stepState();
        solver_->step(state);
        substepsTaken_ += static_cast<std::uint64_t>(settings_.substeps);
        budgetSubsteps_ = 0;
        lastSubsteps_ = 0;
        budgetPeak_ = 0.0;
    }
    heldFrom_.clear(); // the grab's moves took effect over this step
    for (ObstacleType& obstacle : obstacles_)
        settleObstacle(obstacle); // each move took effect over this step
    time_ = time_ + settings_.timeStep;
    ++stepCount_;
}

template <glm::length_t D>
bool SimulationOf<D>::removeConstraint(std::size_t index)
{
    syncConstraints(); // a device may have torn it, or others
    detail::StepStateOf<D> state = stepState();
    return detail::removeConstraint(state, index);
}

template <glm::length_t D>
std::size_t SimulationOf<D>::cut(Vector from, Vector to)
    requires(D == 2)
{
    sync(); // the segments where they are now
    const auto& x = particles_.position;
    std::size_t removed = 0;
    const std::vector<DistanceConstraint>& constraints = topology_.constraints;
    for (std::size_t k = 0; k < constraints.size(); ++k)
        if (alive_[k] != 0 && segmentsIntersect(from, to, x[constraints[k].a], x[constraints[k].b]))
            removed += removeConstraint(k) ? 1 : 0;
    return removed;
}

template <glm::length_t D>
std::size_t SimulationOf<D>::cut(Vector from, Vector to, Vector direction)
    requires(D == 3)
{
    // The strip is {from + a (to - from) + b direction : 0 <= a <= 1}: a segment crosses it
    // where it crosses the strip's plane (normal n = stroke x direction) at a point whose a,
    // measured along the stroke's part across the direction (u), lies in [0, 1]. (Written
    // for D = 3 alone: clang 14 instantiates a constrained member with its class.)
    if constexpr (D != 3) {
        return 0;
    } else {
        const Vector stroke = to - from;
        const Vector n = glm::cross(stroke, direction);
        const Vector u = stroke - (dot(stroke, direction) / dot(direction, direction)) * direction;
        const double uu = dot(u, u);
        if (!(squaredLength(n) > 0.0) || !(uu > 0.0) || !detail::finiteVector(n))
            return 0;
        sync(); // the segments where they are now
        const auto& x = particles_.position;
        std::size_t removed = 0;
        const std::vector<DistanceConstraint>& constraints = topology_.constraints;
        for (std::size_t k = 0; k < constraints.size(); ++k) {
            if (alive_[k] == 0)
                continue;
            const Vector p = x[constraints[k].a];
            const Vector q = x[constraints[k].b];
            const double dp = dot(Vector(p - from), n);
            const double dq = dot(Vector(q - from), n);
            if ((dp > 0.0 && dq > 0.0) || (dp < 0.0 && dq < 0.0) || (dp == 0.0 && dq == 0.0))
                continue; // one side, or lying in the plane (no crossing)
            const Vector hit = p + (dp / (dp - dq)) * (q - p);
            const double along = dot(Vector(hit - from), u) / uu;
            if (along >= 0.0 && along <= 1.0)
                removed += removeConstraint(k) ? 1 : 0;
        }
        return removed;
    }
}

template <glm::length_t D>
bool SimulationOf<D>::pin(Index index)
{
    if (index >= particles_.size())
        return false;
    editParticles();
    particles_.flags[index] |= kPinned;
    particles_.velocity[index] = Vector(0.0);
    refreshInverseMass(index);
    tethersStale_ = true;
    return true;
}

template <glm::length_t D>
bool SimulationOf<D>::unpin(Index index)
{
    if (index >= particles_.size())
        return false;
    editParticles();
    particles_.flags[index] &= static_cast<std::uint8_t>(~kPinned);
    refreshInverseMass(index);
    tethersStale_ = true;
    return true;
}

template <glm::length_t D>
void SimulationOf<D>::unpinAll()
{
    for (Index i = 0; i < particles_.size(); ++i)
        unpin(i);
}

template <glm::length_t D>
void SimulationOf<D>::pinCorners()
{
    for (Index i : fixedCorners(settings_.width, settings_.height, settings_.fixedCount))
        pin(i);
}

template <glm::length_t D>
bool SimulationOf<D>::setMass(Index index, double mass)
{
    if (index >= particles_.size() || !std::isfinite(mass) || mass < kMinMass || mass > kMaxMass)
        return false;
    editParticles();
    particles_.mass[index] = mass;
    refreshInverseMass(index);
    return true;
}

template <glm::length_t D>
double maxConstraintViolation(const SimulationOf<D>& simulation)
{
    const auto& x = simulation.particles().position;
    const auto constraints = simulation.constraints();
    const auto alive = simulation.alive();
    double worst = 0.0;
    for (std::size_t k = 0; k < constraints.size(); ++k)
        if (alive[k] != 0)
            worst = std::max(worst, std::abs(glm::distance(x[constraints[k].a], x[constraints[k].b]) -
                                             constraints[k].restLength));
    return worst;
}

template <glm::length_t D>
Strain constraintStrain(const SimulationOf<D>& simulation)
{
    const auto& x = simulation.particles().position;
    const auto constraints = simulation.constraints();
    const auto alive = simulation.alive();
    Strain strain;
    double sumSquares = 0.0;
    for (std::size_t k = 0; k < constraints.size(); ++k) {
        if (alive[k] == 0)
            continue;
        const DistanceConstraint& c = constraints[k];
        const double e = std::abs(glm::distance(x[c.a], x[c.b]) - c.restLength) / c.restLength;
        strain.max = std::max(strain.max, e);
        sumSquares += e * e;
    }
    if (simulation.liveConstraintCount() != 0)
        strain.rms = std::sqrt(sumSquares / static_cast<double>(simulation.liveConstraintCount()));
    return strain;
}

template class SimulationOf<2>;
template class SimulationOf<3>;
template double maxConstraintViolation(const SimulationOf<2>&);
template double maxConstraintViolation(const SimulationOf<3>&);
template Strain constraintStrain(const SimulationOf<2>&);
template Strain constraintStrain(const SimulationOf<3>&);

} // namespace pbd
