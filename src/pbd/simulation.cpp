#include "pbd/simulation.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <stdexcept>

#include <glm/geometric.hpp>

#include "area_constraint.h"
#include "colored_solver.h"
#include "input_text.h"
#include "pbd/distance_constraint.h"
#include "pbd/segment.h"
#include "step_phases.h"

namespace pbd {

Simulation::Simulation(const Settings& settings)
    : settings_(settings)
{
    if (auto error = validate(settings))
        throw std::invalid_argument(error->message);
    build();
}

Simulation::~Simulation() = default;
Simulation::Simulation(Simulation&&) noexcept = default;
Simulation& Simulation::operator=(Simulation&&) noexcept = default;

Simulation::Simulation(const Simulation& other)
    : settings_(other.settings_), particles_(other.particles()),
      backendFactory_(other.backendFactory_),
      constraints_(other.constraints_), lambda_(other.lambda_), areaLambda_(other.areaLambda_),
      alive_(other.alive_), liveCount_(other.liveCount_),
      constraintsVersion_(other.constraintsVersion_),
      time_(other.time_), stepCount_(other.stepCount_), grabbed_(other.grabbed_),
      recordResiduals_(other.recordResiduals_), residuals_(other.residuals_)
{
}

Simulation& Simulation::operator=(const Simulation& other)
{
    if (this != &other) {
        Simulation copy(other);
        *this = std::move(copy);
    }
    return *this;
}

std::optional<SettingsError> Simulation::apply(const Settings& settings)
{
    if (auto error = validate(settings))
        return error;
    const bool rebuild = !sameCloth(settings, settings_);
    const bool massChanged = settings.mass != settings_.mass;
    if (settings.solver != settings_.solver || settings.threads != settings_.threads)
        colored_.reset(); // joins the old workers; the next colored step makes new ones
    if (settings.solver != settings_.solver || settings.gpuPrecision != settings_.gpuPrecision) {
        editParticles();
        backend_.reset(); // the next Gpu step makes one with the new precision
    }
    if (massChanged)
        editParticles();
    settings_ = settings;
    if (rebuild) {
        restart();
    } else if (massChanged) {
        particles_.mass.assign(particles_.size(), settings.mass);
        for (Index i = 0; i < particles_.size(); ++i)
            refreshInverseMass(i);
    }
    return std::nullopt;
}

void Simulation::restart()
{
    build();
}

void Simulation::build()
{
    ClothGrid grid = buildClothGrid(settings_.width, settings_.height);
    const std::size_t n = grid.positions.size();
    particles_.position = std::move(grid.positions);
    particles_.stepStart = particles_.position;
    particles_.velocity.assign(n, glm::dvec2(0.0));
    particles_.mass.assign(n, settings_.mass);
    particles_.flags.assign(n, 0);
    particles_.inverseMass.assign(n, 1.0 / settings_.mass);
    for (Index i : fixedCorners(settings_.width, settings_.height, settings_.fixedCount)) {
        particles_.flags[i] = kPinned;
        particles_.inverseMass[i] = 0.0;
    }
    constraints_ = std::move(grid.constraints);
    lambda_.assign(constraints_.size(), 0.0);
    areaLambda_.clear();
    alive_.assign(constraints_.size(), 1);
    liveCount_ = constraints_.size();
    ++constraintsVersion_;
    time_ = 0.0;
    stepCount_ = 0;
    grabbed_.reset();
    residuals_.clear();
    colored_.reset();
    backend_.reset();
    backendAhead_ = false;
    backendStale_ = true;
}

void Simulation::refreshInverseMass(Index i)
{
    particles_.inverseMass[i] = particles_.flags[i] != 0 ? 0.0 : 1.0 / particles_.mass[i];
}

unsigned Simulation::threadCount() const
{
    if (settings_.solver != Solver::Colored)
        return 1u;
    return coloredChunkLayout(settings_.width, settings_.height, requestedThreadCount()).threadCount;
}

unsigned Simulation::requestedThreadCount() const
{
    return settings_.solver == Solver::Colored ? resolveThreadCount(settings_.threads) : 1u;
}

std::size_t Simulation::chunkCount() const
{
    if (settings_.solver != Solver::Colored)
        return 1;
    return coloredChunkLayout(settings_.width, settings_.height, requestedThreadCount()).chunkCount;
}

SimulationState Simulation::state() const
{
    syncFromBackend();
    SimulationState state;
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
    for (std::size_t k = 0; k < alive_.size(); ++k)
        if (alive_[k] == 0)
            state.removed.push_back(k);
    return state;
}

std::optional<std::string> Simulation::restore(const SimulationState& state)
{
    if (auto error = validate(state.settings))
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
        const glm::dvec2 p = state.position[i];
        const glm::dvec2 v = state.velocity[i];
        if (!std::isfinite(p.x) || !std::isfinite(p.y))
            return "position[" + std::to_string(i) + "] is not finite; allowed: finite numbers";
        if (!std::isfinite(v.x) || !std::isfinite(v.y))
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

    settings_ = state.settings;
    build();
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
    for (Index i = 0; i < n; ++i)
        refreshInverseMass(i);
    for (std::size_t k : state.removed)
        removeConstraint(k);
    return std::nullopt;
}

void Simulation::recordResiduals(bool on)
{
    recordResiduals_ = on;
    if (!on)
        residuals_.clear();
}

void Simulation::installBackend(SolverBackendFactory factory)
{
    editParticles();
    backend_.reset();
    backendFactory_ = std::move(factory);
}

void Simulation::finishBackend()
{
    if (backend_)
        backend_->finish();
}

std::string Simulation::backendDescription() const
{
    return backend_ ? backend_->description() : std::string();
}

void Simulation::syncFromBackend() const
{
    if (backendAhead_ && backend_) {
        backend_->download(particles_);
        backendAhead_ = false;
    }
    syncAliveFromBackend();
}

void Simulation::syncAliveFromBackend() const
{
    if (!backendMayTear_ || !backend_)
        return;
    backendMayTear_ = false;
    std::vector<std::uint8_t> alive;
    if (!backend_->downloadAlive(alive))
        return; // nothing tore
    for (std::size_t k = 0; k < alive.size() && k < alive_.size(); ++k)
        if (alive_[k] != 0 && alive[k] == 0) { // as removeConstraint()
            alive_[k] = 0;
            --liveCount_;
            ++constraintsVersion_;
        }
    backendAliveVersion_ = constraintsVersion_;
}

void Simulation::editParticles()
{
    syncFromBackend();
    backendStale_ = true;
}

bool Simulation::editParticleDirectly()
{
    if (backendCurrent() && backend_->writesParticles())
        return true;
    editParticles();
    return false;
}

void Simulation::stepBackend()
{
    if (!backend_) {
        if (!backendFactory_)
            throw std::runtime_error("the gpu solver is not available: this program has no GPU "
                                     "backend installed");
        backend_ = backendFactory_(settings_);
        backendStale_ = true;
    }
    if (backendStale_) {
        backend_->upload(particles_);
        backend_->uploadAlive(alive_);
        backendAliveVersion_ = constraintsVersion_;
        backendStale_ = false;
    } else if (backendAliveVersion_ != constraintsVersion_) {
        backend_->uploadAlive(alive_); // cut or torn here since the last upload
        backendAliveVersion_ = constraintsVersion_;
    }
    residuals_.clear(); // not recorded on the GPU
    backend_->step(settings_);
    backendAhead_ = true;
    backendMayTear_ = backendMayTear_ || settings_.tearStrain > 0.0;
}

void Simulation::step()
{
    if (settings_.solver == Solver::Gpu) {
        stepBackend();
        time_ = time_ + settings_.timeStep;
        ++stepCount_;
        return;
    }
    const int substeps = settings_.substeps;
    detail::SubstepParams params;
    params.h = substeps == 1 ? settings_.timeStep : settings_.timeStep / substeps;
    params.gravity = settings_.gravity;
    params.iterations = settings_.iterations;
    params.alphaTilde = complianceOverStepSquared(settings_.stiffness, params.h);
    params.damping = settings_.damping;
    params.area = settings_.areaStiffness > 0.0 && settings_.width > 1 && settings_.height > 1;
    params.areaAlphaTilde = complianceOverStepSquared(settings_.areaStiffness, params.h);
    if (params.area)
        areaLambda_.resize(2 * static_cast<std::size_t>(settings_.width - 1) *
                           static_cast<std::size_t>(settings_.height - 1));

    if (settings_.solver == Solver::Colored) {
        if (!colored_)
            colored_ = std::make_unique<ColoredSolver>(settings_.width, settings_.height,
                                                       resolveThreadCount(settings_.threads));
        std::function<void(int)> observe;
        if (recordResiduals_)
            observe = [this](int iteration) {
                residuals_.resize(static_cast<std::size_t>(iteration) + 1);
                residuals_[static_cast<std::size_t>(iteration)] = measureResidual();
            };
        for (int substep = 0; substep < substeps; ++substep) {
            colored_->setLive(alive_, constraintsVersion_);
            colored_->substep(particles_, params, areaLambda_.data(),
                              substep + 1 == substeps && observe ? &observe : nullptr);
            if (settings_.tearStrain > 0.0)
                tear(settings_.tearStrain);
        }
    } else {
        for (int substep = 0; substep < substeps; ++substep) {
            const bool last = substep + 1 == substeps;
            glm::dvec2* x = particles_.position.data();
            glm::dvec2* x0 = particles_.stepStart.data();
            glm::dvec2* v = particles_.velocity.data();
            const double* w = particles_.inverseMass.data();
            const std::size_t n = particles_.size();
            detail::predict(x, x0, v, w, params.h, params.gravity, 0, n);
            if (params.alphaTilde != 0.0)
                std::fill(lambda_.begin(), lambda_.end(), 0.0);
            if (params.area)
                std::fill(areaLambda_.begin(), areaLambda_.end(), 0.0);
            if (last && recordResiduals_)
                residuals_.assign(1, measureResidual());
            for (int iteration = 0; iteration < params.iterations; ++iteration) {
                projectSequential(params.alphaTilde, params.area ? params.areaAlphaTilde : -1.0);
                if (last && recordResiduals_)
                    residuals_.push_back(measureResidual());
            }
            detail::updateVelocities(x, x0, v, w, params.h, params.damping, 0, n);
            if (settings_.tearStrain > 0.0)
                tear(settings_.tearStrain);
        }
    }
    time_ = time_ + settings_.timeStep;
    ++stepCount_;
}

void Simulation::projectSequential(double alphaTilde, double areaAlphaTilde)
{
    glm::dvec2* x = particles_.position.data();
    const double* w = particles_.inverseMass.data();
    const DistanceConstraint* c = constraints_.data();
    const std::size_t m = constraints_.size();
    // Gauss-Seidel [MHHR06]: each projection sees the corrections of the ones before it, so
    // the loop is bound by the latency of one projection (a square root and three divisions
    // in a chain), not by its throughput. Both ends are read before either is written, so the
    // compiler need not reload x[b] in case a == b (a == b has length 0 and is skipped).
    const std::uint8_t* alive = liveCount_ == m ? nullptr : alive_.data();
    // One sweep with the kernel `project(xa, xb, wa, wb, k)`; inlined once per kernel, so the
    // PBD sweep touches no multipliers.
    auto sweep = [&](auto project) {
        for (std::size_t k = 0; k < m; ++k) {
            if (alive != nullptr && alive[k] == 0)
                continue;
            const Index a = c[k].a;
            const Index b = c[k].b;
            const glm::dvec2 xa = x[a];
            const glm::dvec2 xb = x[b];
            const DistanceCorrection d = project(xa, xb, w[a], w[b], k);
            x[a] = xa + d.da;
            x[b] = xb + d.db;
        }
    };
    if (alphaTilde == 0.0) {
        sweep([c](glm::dvec2 xa, glm::dvec2 xb, double wa, double wb, std::size_t k) {
            return projectDistance(xa, xb, wa, wb, c[k].restLength);
        });
    } else {
        double* lambda = lambda_.data();
        sweep([c, lambda, alphaTilde](glm::dvec2 xa, glm::dvec2 xb, double wa, double wb,
                                      std::size_t k) {
            return projectDistanceXpbd(xa, xb, wa, wb, c[k].restLength, alphaTilde, lambda[k]);
        });
    }
    if (areaAlphaTilde < 0.0)
        return;
    // Then the cells' signed areas, cell by cell in the grid's order, each cell's two
    // triangles one after the other.
    const Index width = static_cast<Index>(settings_.width);
    double* areaLambda = areaLambda_.data();
    for (Index i = 0; i + 1 < static_cast<Index>(settings_.height); ++i)
        for (Index j = 0; j + 1 < width; ++j)
            for (int t = 0; t < 2; ++t) {
                const detail::CellTriangle tri = detail::cellTriangle(width, i, j, t);
                detail::projectArea(x, w, tri.p0, tri.p1, tri.p2, detail::kCellRestArea,
                                    areaAlphaTilde, *areaLambda++);
            }
}

Residual Simulation::measureResidual() const
{
    const auto& x = particles_.position;
    Residual r;
    double sumSquares = 0.0;
    for (std::size_t k = 0; k < constraints_.size(); ++k) {
        if (alive_[k] == 0)
            continue;
        const DistanceConstraint& c = constraints_[k];
        const double e = std::abs(glm::distance(x[c.a], x[c.b]) - c.restLength);
        r.max = std::max(r.max, e);
        sumSquares += e * e;
    }
    if (liveCount_ != 0)
        r.rms = std::sqrt(sumSquares / static_cast<double>(liveCount_));
    return r;
}

void Simulation::tear(double strain)
{
    // After the substep: every live constraint stretched or compressed beyond `strain`
    // gives way, all judged on the same positions.
    const auto& x = particles_.position;
    for (std::size_t k = 0; k < constraints_.size(); ++k) {
        if (alive_[k] == 0)
            continue;
        const DistanceConstraint& c = constraints_[k];
        const glm::dvec2 d = x[c.a] - x[c.b];
        const double length = std::sqrt(d.x * d.x + d.y * d.y);
        if (std::abs(length - c.restLength) / c.restLength > strain)
            removeConstraint(k);
    }
}

bool Simulation::removeConstraint(std::size_t index)
{
    syncAliveFromBackend(); // the backend may have torn others
    if (index >= alive_.size() || alive_[index] == 0)
        return false;
    alive_[index] = 0;
    --liveCount_;
    ++constraintsVersion_;
    return true;
}

std::size_t Simulation::cut(glm::dvec2 from, glm::dvec2 to)
{
    syncFromBackend();
    const auto& x = particles_.position;
    std::size_t removed = 0;
    for (std::size_t k = 0; k < constraints_.size(); ++k)
        if (alive_[k] != 0 && segmentsIntersect(from, to, x[constraints_[k].a], x[constraints_[k].b]))
            removed += removeConstraint(k) ? 1 : 0;
    return removed;
}

bool Simulation::grab(Index index)
{
    if (index >= particles_.size())
        return false;
    if (grabbed_ == index)
        return true;
    release();
    const bool direct = editParticleDirectly();
    grabbed_ = index;
    particles_.flags[index] |= kGrabbed;
    refreshInverseMass(index);
    if (direct)
        backend_->writeParticle(index, nullptr, nullptr, &particles_.inverseMass[index]);
    return true;
}

bool Simulation::moveGrabbed(glm::dvec2 position)
{
    auto allowed = [](double v) { return std::isfinite(v) && std::abs(v) <= kMaxGrabCoordinate; };
    if (!grabbed_ || !allowed(position.x) || !allowed(position.y))
        return false;
    const bool direct = editParticleDirectly();
    particles_.position[*grabbed_] = position;
    if (direct)
        backend_->writeParticle(*grabbed_, &position, nullptr, nullptr);
    return true;
}

void Simulation::release()
{
    if (!grabbed_)
        return;
    const bool direct = editParticleDirectly();
    particles_.flags[*grabbed_] &= static_cast<std::uint8_t>(~kGrabbed);
    refreshInverseMass(*grabbed_);
    if (direct)
        backend_->writeParticle(*grabbed_, nullptr, nullptr, &particles_.inverseMass[*grabbed_]);
    grabbed_.reset();
}

void Simulation::release(glm::dvec2 velocity)
{
    if (!grabbed_)
        return;
    const Index index = *grabbed_;
    release();
    if (std::isfinite(velocity.x) && std::isfinite(velocity.y) && !particles_.pinned(index)) {
        const bool direct = editParticleDirectly();
        particles_.velocity[index] = velocity;
        if (direct)
            backend_->writeParticle(index, nullptr, &velocity, nullptr);
    }
}

bool Simulation::pin(Index index)
{
    if (index >= particles_.size())
        return false;
    editParticles();
    particles_.flags[index] |= kPinned;
    particles_.velocity[index] = glm::dvec2(0.0);
    refreshInverseMass(index);
    return true;
}

bool Simulation::unpin(Index index)
{
    if (index >= particles_.size())
        return false;
    editParticles();
    particles_.flags[index] &= static_cast<std::uint8_t>(~kPinned);
    refreshInverseMass(index);
    return true;
}

void Simulation::unpinAll()
{
    for (Index i = 0; i < particles_.size(); ++i)
        unpin(i);
}

void Simulation::pinCorners()
{
    for (Index i : fixedCorners(settings_.width, settings_.height, settings_.fixedCount))
        pin(i);
}

bool Simulation::setMass(Index index, double mass)
{
    if (index >= particles_.size() || !std::isfinite(mass) || mass < kMinMass || mass > kMaxMass)
        return false;
    editParticles();
    particles_.mass[index] = mass;
    refreshInverseMass(index);
    return true;
}

double maxConstraintViolation(const Simulation& simulation)
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

Strain constraintStrain(const Simulation& simulation)
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

} // namespace pbd
