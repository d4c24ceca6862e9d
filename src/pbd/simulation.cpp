#include "pbd/simulation.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <glm/geometric.hpp>

#include "colored_solver.h"
#include "pbd/distance_constraint.h"
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
    : settings_(other.settings_), particles_(other.particles_),
      constraints_(other.constraints_), time_(other.time_), stepCount_(other.stepCount_),
      grabbed_(other.grabbed_), grabbedInverseMass_(other.grabbedInverseMass_)
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
    settings_ = settings;
    if (rebuild)
        restart();
    else if (massChanged)
        setUniformMass(settings.mass);
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
    particles_.inverseMass.assign(n, 1.0 / settings_.mass);
    for (Index i : fixedCorners(settings_.width, settings_.height, settings_.fixedCount))
        particles_.inverseMass[i] = 0.0;
    constraints_ = std::move(grid.constraints);
    time_ = 0.0;
    stepCount_ = 0;
    grabbed_.reset();
    grabbedInverseMass_ = 0.0;
    colored_.reset();
}

void Simulation::setUniformMass(double mass)
{
    const double w = 1.0 / mass;
    for (double& inverseMass : particles_.inverseMass)
        if (inverseMass != 0.0)
            inverseMass = w;
    if (grabbedInverseMass_ != 0.0)
        grabbedInverseMass_ = w;
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

void Simulation::step()
{
    if (settings_.solver == Solver::Colored) {
        if (!colored_)
            colored_ = std::make_unique<ColoredSolver>(settings_.width, settings_.height,
                                                       resolveThreadCount(settings_.threads));
        colored_->step(particles_, settings_.timeStep, settings_.gravity, settings_.iterations);
    } else {
        stepSequential();
    }
    time_ = time_ + settings_.timeStep;
    ++stepCount_;
}

void Simulation::stepSequential()
{
    const double dt = settings_.timeStep;
    const std::size_t n = particles_.size();
    glm::dvec2* x = particles_.position.data();
    glm::dvec2* x0 = particles_.stepStart.data();
    glm::dvec2* v = particles_.velocity.data();
    const double* w = particles_.inverseMass.data();

    detail::predict(x, x0, v, w, dt, settings_.gravity, 0, n);

    // Gauss-Seidel [MHHR06]: each projection sees the corrections of the ones before it, so
    // the loop is bound by the latency of one projection (a square root and three divisions
    // in a chain), not by its throughput. Both ends are read before either is written, so the
    // compiler need not reload x[b] in case a == b (a == b has length 0 and is skipped).
    const DistanceConstraint* c = constraints_.data();
    const std::size_t m = constraints_.size();
    for (int iteration = 0; iteration < settings_.iterations; ++iteration) {
        for (std::size_t k = 0; k < m; ++k) {
            const Index a = c[k].a;
            const Index b = c[k].b;
            const glm::dvec2 xa = x[a];
            const glm::dvec2 xb = x[b];
            const DistanceCorrection d = projectDistance(xa, xb, w[a], w[b], c[k].restLength);
            x[a] = xa + d.da;
            x[b] = xb + d.db;
        }
    }

    detail::updateVelocities(x, x0, v, w, dt, 0, n);
}

bool Simulation::grab(Index index)
{
    if (index >= particles_.size())
        return false;
    if (grabbed_ == index)
        return true;
    release();
    grabbed_ = index;
    grabbedInverseMass_ = particles_.inverseMass[index];
    particles_.inverseMass[index] = 0.0;
    return true;
}

bool Simulation::moveGrabbed(glm::dvec2 position)
{
    auto allowed = [](double v) { return std::isfinite(v) && std::abs(v) <= kMaxGrabCoordinate; };
    if (!grabbed_ || !allowed(position.x) || !allowed(position.y))
        return false;
    particles_.position[*grabbed_] = position;
    return true;
}

void Simulation::release()
{
    if (!grabbed_)
        return;
    particles_.inverseMass[*grabbed_] = grabbedInverseMass_;
    grabbed_.reset();
    grabbedInverseMass_ = 0.0;
}

bool Simulation::setInverseMass(Index index, double inverseMass)
{
    if (index >= particles_.size() || !std::isfinite(inverseMass) || inverseMass < 0.0)
        return false;
    if (grabbed_ == index)
        grabbedInverseMass_ = inverseMass;
    else
        particles_.inverseMass[index] = inverseMass;
    return true;
}

double maxConstraintViolation(const Simulation& simulation)
{
    const auto& x = simulation.particles().position;
    double worst = 0.0;
    for (const DistanceConstraint& c : simulation.constraints())
        worst = std::max(worst, std::abs(glm::distance(x[c.a], x[c.b]) - c.restLength));
    return worst;
}

Strain constraintStrain(const Simulation& simulation)
{
    const auto& x = simulation.particles().position;
    Strain strain;
    double sumSquares = 0.0;
    const auto constraints = simulation.constraints();
    for (const DistanceConstraint& c : constraints) {
        const double e = std::abs(glm::distance(x[c.a], x[c.b]) - c.restLength) / c.restLength;
        strain.max = std::max(strain.max, e);
        sumSquares += e * e;
    }
    if (!constraints.empty())
        strain.rms = std::sqrt(sumSquares / static_cast<double>(constraints.size()));
    return strain;
}

} // namespace pbd
