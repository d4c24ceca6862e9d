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

std::optional<std::string> detail::checkAreaGrab(const AreaGrab& grab, std::size_t n, bool single)
{
    if (single)
        return std::string("areaGrab: a state holds one grab; allowed: grabbed or areaGrab, "
                           "not both");
    if (!grabCoordinate(grab.point.x) || !grabCoordinate(grab.point.y))
        return "areaGrab: point (" + formatNumber(grab.point.x) + ", " +
               formatNumber(grab.point.y) + ") is not allowed; allowed: finite coordinates "
               "within +-" + formatNumber(kMaxGrabCoordinate) + " m";
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
        const glm::dvec2 o = grab.offsets[k];
        if (!std::isfinite(o.x) || !std::isfinite(o.y) || std::abs(o.x) > kMaxGrabRadius ||
            std::abs(o.y) > kMaxGrabRadius)
            return "areaGrab: offsets[" + std::to_string(k) + "] is not allowed; allowed: "
                   "finite values within +-" + formatNumber(kMaxGrabRadius) + " m";
    }
    return std::nullopt;
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
    setHeld(index, true, direct);
    return true;
}

std::size_t Simulation::grabArea(glm::dvec2 point, double radius)
{
    release(); // a new grab lets go of the current one, even when this one holds nothing
    if (!grabCoordinate(point.x) || !grabCoordinate(point.y) || !grabRadius(radius))
        return 0;
    sync(); // who is in reach now
    AreaGrab grab{point, radius, {}, {}};
    const auto& x = particles_.position;
    const double r2 = radius * radius;
    for (Index i = 0; i < particles_.size(); ++i) {
        const glm::dvec2 d = x[i] - point;
        if (d.x * d.x + d.y * d.y <= r2) {
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

void Simulation::setHeld(Index index, bool hold, bool direct)
{
    if (hold)
        particles_.flags[index] |= kGrabbed;
    else
        particles_.flags[index] &= static_cast<std::uint8_t>(~kGrabbed);
    refreshInverseMass(index);
    if (direct)
        solver_->writeParticle(index, nullptr, nullptr, &particles_.inverseMass[index]);
}

bool Simulation::moveGrabbed(glm::dvec2 position)
{
    if (!holding() || !grabCoordinate(position.x) || !grabCoordinate(position.y))
        return false;
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

void Simulation::release()
{
    if (!holding())
        return;
    const bool direct = editParticleDirectly();
    if (grabbed_)
        setHeld(*grabbed_, false, direct);
    else
        for (Index i : areaGrab_->particles)
            setHeld(i, false, direct);
    grabbed_.reset();
    areaGrab_.reset();
}

void Simulation::release(glm::dvec2 velocity)
{
    if (!holding())
        return;
    std::vector<Index> held = grabbed_ ? std::vector<Index>{*grabbed_} : areaGrab_->particles;
    release();
    std::erase_if(held, [this](Index i) { return particles_.pinned(i); }); // pins stay at rest
    if (!std::isfinite(velocity.x) || !std::isfinite(velocity.y) || held.empty())
        return;
    const bool direct = editParticleDirectly();
    for (Index index : held) {
        particles_.velocity[index] = velocity;
        if (direct)
            solver_->writeParticle(index, nullptr, &velocity, nullptr);
    }
}

} // namespace pbd
