// Grabs: the single particle of the page and the area grab (Simulation's grab members).
// A held particle is one with kGrabbed: inverse mass 0, so that no solver moves it, and its
// position set by each move, written through to a device solver one particle at a time.

#include <algorithm>
#include <cmath>

#include "simulation/grab_rules.h"
#include "files/input_text.h"
#include "pbd/simulation.h"
#include "step/step_solver.h"

namespace pbd {

using detail::grabCoordinate;
using detail::grabRadius;

template <glm::length_t D>
std::optional<std::string> detail::checkAreaGrab(const AreaGrabOf<D>& grab, std::size_t n,
                                                 bool single)
{
    if (single)
        return std::string("areaGrab: a state holds one grab; allowed: grabbed or areaGrab, "
                           "not both");
    if (!grabPoint(grab.point))
        return "areaGrab: point " + formatPoint(grab.point) + " is not allowed; allowed: finite "
               "coordinates within +-" + formatNumber(kMaxGrabCoordinate) + " m";
    if (!grabRadius(grab.radius))
        return "areaGrab: radius " + formatNumber(grab.radius) + " is not allowed; allowed: " +
               "more than 0 up to " + formatNumber(kMaxGrabRadius) + " m";
    if (grab.particles.empty() || grab.offsets.size() != grab.particles.size())
        return "areaGrab: " + std::to_string(grab.particles.size()) + " particles and " +
               std::to_string(grab.offsets.size()) + " offsets; allowed: one offset per "
               "particle, at least one particle";
    for (std::size_t k = 0; k < grab.particles.size(); ++k) {
        if (grab.particles[k] >= n || (k > 0 && grab.particles[k] <= grab.particles[k - 1]))
            return "areaGrab: particles[" + std::to_string(k) + "] = " +
                   std::to_string(grab.particles[k]) +
                   " is not allowed; allowed: ascending indices below " + std::to_string(n);
        const Vec<D> o = grab.offsets[k];
        bool allowed = true;
        for (glm::length_t c = 0; c < D; ++c)
            allowed = allowed && std::isfinite(o[c]) && std::abs(o[c]) <= kMaxGrabRadius;
        if (!allowed)
            return "areaGrab: offsets[" + std::to_string(k) + "] is not allowed; allowed: "
                   "finite values within +-" + formatNumber(kMaxGrabRadius) + " m";
    }
    return std::nullopt;
}


template <glm::length_t D>
bool SimulationOf<D>::grab(Index index)
{
    if (index >= particles_.size())
        return false;
    if (grabbed_ == index)
        return true;
    release();
    const bool direct = editParticleDirectly();
    grabbed_ = index;
    setHeld(index, true, direct);
    return true;
}

template <glm::length_t D>
std::size_t SimulationOf<D>::grabArea(Vector point, double radius)
{
    release(); // a new grab lets go of the current one, even when this one holds nothing
    if (!detail::grabPoint(point) || !grabRadius(radius))
        return 0;
    sync(); // who is in reach now
    AreaGrabType grab{point, radius, {}, {}};
    const auto& x = particles_.position;
    const double r2 = radius * radius;
    for (Index i = 0; i < particles_.size(); ++i) {
        const Vector d = x[i] - point;
        if (squaredLength(d) <= r2) {
            grab.particles.push_back(i);
            grab.offsets.push_back(d);
        }
    }
    if (grab.particles.empty())
        return 0;
    const bool direct = editParticleDirectly();
    for (Index i : grab.particles)
        setHeld(i, true, direct);
    areaGrab_ = std::move(grab);
    return areaGrab_->particles.size();
}

template <glm::length_t D>
void SimulationOf<D>::setHeld(Index index, bool hold, bool direct)
{
    if (hold)
        particles_.flags[index] |= kGrabbed;
    else
        particles_.flags[index] &= static_cast<std::uint8_t>(~kGrabbed);
    refreshInverseMass(index);
    if (direct)
        solver_->writeParticle(index, nullptr, nullptr, &particles_.inverseMass[index]);
}

template <glm::length_t D>
bool SimulationOf<D>::moveGrabbed(Vector position)
{
    if (!holding() || !detail::grabPoint(position))
        return false;
    keepHeldFrom();
    const bool direct = editParticleDirectly();
    if (grabbed_) {
        particles_.position[*grabbed_] = position;
        if (direct)
            solver_->writeParticle(*grabbed_, &position, nullptr, nullptr);
        return true;
    }
    areaGrab_->point = position;
    for (std::size_t k = 0; k < areaGrab_->particles.size(); ++k) {
        const Index i = areaGrab_->particles[k];
        particles_.position[i] = position + areaGrab_->offsets[k];
        if (direct)
            solver_->writeParticle(i, &particles_.position[i], nullptr, nullptr);
    }
    return true;
}

template <glm::length_t D>
void SimulationOf<D>::keepHeldFrom()
{
    if (!(settings_.maxStrain > 0.0) || !heldFrom_.empty())
        return; // off, or already kept by an earlier move since the step
    sync(); // where they are now (a budget's steps leave the CPU copy current)
    if (grabbed_) {
        heldFrom_.emplace_back(*grabbed_, particles_.position[*grabbed_]);
        return;
    }
    for (Index i : areaGrab_->particles)
        heldFrom_.emplace_back(i, particles_.position[i]);
}

template <glm::length_t D>
void SimulationOf<D>::release()
{
    if (!holding())
        return;
    heldFrom_.clear(); // a released particle keeps the place it was moved to
    const bool direct = editParticleDirectly();
    if (grabbed_)
        setHeld(*grabbed_, false, direct);
    else
        for (Index i : areaGrab_->particles)
            setHeld(i, false, direct);
    grabbed_.reset();
    areaGrab_.reset();
}

template <glm::length_t D>
void SimulationOf<D>::release(Vector velocity)
{
    if (!holding())
        return;
    std::vector<Index> held = grabbed_ ? std::vector<Index>{*grabbed_} : areaGrab_->particles;
    release();
    std::erase_if(held, [this](Index i) { return particles_.pinned(i); }); // pins stay at rest
    if (!detail::finiteVector(velocity) || held.empty())
        return;
    const bool direct = editParticleDirectly();
    for (Index index : held) {
        particles_.velocity[index] = velocity;
        if (direct)
            solver_->writeParticle(index, nullptr, &velocity, nullptr);
    }
}

template std::optional<std::string> detail::checkAreaGrab(const AreaGrabOf<2>&, std::size_t, bool);
template std::optional<std::string> detail::checkAreaGrab(const AreaGrabOf<3>&, std::size_t, bool);

template class SimulationOf<2>;
template class SimulationOf<3>;

} // namespace pbd
