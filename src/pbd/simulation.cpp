#include "pbd/simulation.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <glm/geometric.hpp>

#include "pbd/distance_constraint.h"

namespace pbd {

Simulation::Simulation(const Settings& settings)
    : settings_(settings)
{
    if (auto error = validate(settings))
        throw std::invalid_argument(error->message);
    build();
}

std::optional<SettingsError> Simulation::apply(const Settings& settings)
{
    if (auto error = validate(settings))
        return error;
    const bool rebuild = !sameCloth(settings, settings_);
    const bool massChanged = settings.mass != settings_.mass;
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

void Simulation::step()
{
    const double dt = settings_.timeStep;
    const double g = settings_.gravity;
    const std::size_t n = particles_.size();
    glm::dvec2* x = particles_.position.data();
    glm::dvec2* x0 = particles_.stepStart.data();
    glm::dvec2* v = particles_.velocity.data();
    const double* w = particles_.inverseMass.data();

    // Symplectic Euler prediction: v* = v + dt a, x* = x + dt v*.
    for (std::size_t i = 0; i < n; ++i) {
        if (w[i] == 0.0)
            continue;
        x0[i] = x[i];
        v[i].y = v[i].y + dt * g;
        x[i].x = x[i].x + dt * v[i].x;
        x[i].y = x[i].y + dt * v[i].y;
    }

    // Gauss-Seidel: each projection sees the corrections of the ones before it.
    const DistanceConstraint* c = constraints_.data();
    const std::size_t m = constraints_.size();
    for (int iteration = 0; iteration < settings_.iterations; ++iteration) {
        for (std::size_t k = 0; k < m; ++k) {
            const Index a = c[k].a;
            const Index b = c[k].b;
            const DistanceCorrection d = projectDistance(x[a], x[b], w[a], w[b], c[k].restLength);
            x[a] += d.da;
            x[b] += d.db;
        }
    }

    // v = (x - x_start) / dt, written as the page writes it: (1/dt) * (x - x_start).
    const double invDt = 1.0 / dt;
    for (std::size_t i = 0; i < n; ++i) {
        if (w[i] == 0.0)
            continue;
        v[i] = invDt * (x[i] - x0[i]);
    }

    time_ = time_ + dt;
    ++stepCount_;
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

void Simulation::moveGrabbed(glm::dvec2 position)
{
    if (grabbed_)
        particles_.position[*grabbed_] = position;
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

} // namespace pbd
