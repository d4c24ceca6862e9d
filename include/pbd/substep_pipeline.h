#pragma once
/// \file
/// The phases of one substep, listed once, in the order every solver runs them (the
/// sequential and colored solvers in src/pbd/step and src/pbd/colored, the GPU's dispatches in
/// src/gpu). Each solver supplies its own implementation of each phase; runSubstep() walks the
/// list. Adding a phase is one entry here plus one implementation per solver: each solver's
/// run() is a switch over SubstepPhase without a default, so the build (-Wswitch, warnings as
/// errors) names every solver that lacks the new phase.

#include <array>
#include <cstdint>

namespace pbd {

/// A phase of a substep of length h.
enum class SubstepPhase : std::uint8_t {
    Air,           ///< the air's acceleration per particle, from the substep's start (air.h)
    Predict,       ///< symplectic Euler with gravity and the air (the balls too); multipliers 0
    Sweeps,        ///< `iterations` sweeps of the distance and area constraints, Chebyshev
    Bending,       ///< `iterations` passes of the bending constraints (3D only: bending.h)
    Tethers,       ///< the tethers' length limits, after the sweeps
    SelfCollision, ///< the cloth against itself (with the obstacles when there are some)
    Balls,         ///< the balls against the cloth (and the obstacles)
    Contacts,      ///< the obstacles against the cloth: they win last
    SelfContactBound, ///< 3D self-contact: each particle's motion bounded so that no edge
                      ///< crosses a triangle (world/element_contact.h)
    Velocities,    ///< v = (x - x_start) / h and damping; the balls' velocities
    Tear,          ///< every constraint strained beyond the tear strain removed
};

/// Every phase, in the order a substep runs them.
inline constexpr std::array<SubstepPhase, 11> kSubstepPhases{
    SubstepPhase::Air,           SubstepPhase::Predict,    SubstepPhase::Sweeps,
    SubstepPhase::Bending,       SubstepPhase::Tethers,    SubstepPhase::SelfCollision,
    SubstepPhase::Balls,         SubstepPhase::Contacts,   SubstepPhase::SelfContactBound,
    SubstepPhase::Velocities,    SubstepPhase::Tear};

/// The phases a step runs: a bit per SubstepPhase.
class PhaseSet {
public:
    constexpr PhaseSet() = default;
    constexpr void add(SubstepPhase phase) { bits_ |= bit(phase); }
    constexpr bool has(SubstepPhase phase) const { return (bits_ & bit(phase)) != 0; }

private:
    static constexpr std::uint32_t bit(SubstepPhase phase)
    {
        return std::uint32_t{1} << static_cast<unsigned>(phase);
    }
    std::uint32_t bits_ = 0;
};

/// What decides which phases run.
struct PhaseInputs {
    bool air = false;           ///< air drag on (Settings::airDrag > 0)
    bool tethers = false;       ///< tethers to project
    bool selfCollision = false; ///< Settings::selfCollision
    bool balls = false;         ///< one ball or more
    bool obstacles = false;     ///< one obstacle or more
    bool tear = false;          ///< Settings::tearStrain > 0
    bool bending = false;       ///< Settings::bending > 0 on a 3D cloth (never in 2D)
    bool selfContact = false;   ///< Settings::selfCollision on a 3D cloth (never in 2D)
};

/// The phases a substep with `in` runs: Predict, Sweeps and Velocities always, the others
/// when their feature is on.
constexpr PhaseSet substepPhases(const PhaseInputs& in)
{
    PhaseSet set;
    if (in.air)
        set.add(SubstepPhase::Air);
    set.add(SubstepPhase::Predict);
    set.add(SubstepPhase::Sweeps);
    if (in.bending)
        set.add(SubstepPhase::Bending);
    if (in.tethers)
        set.add(SubstepPhase::Tethers);
    if (in.selfCollision)
        set.add(SubstepPhase::SelfCollision);
    if (in.balls)
        set.add(SubstepPhase::Balls);
    if (in.obstacles)
        set.add(SubstepPhase::Contacts);
    if (in.selfContact)
        set.add(SubstepPhase::SelfContactBound);
    set.add(SubstepPhase::Velocities);
    if (in.tear)
        set.add(SubstepPhase::Tear);
    return set;
}

/// Runs one substep: `solver.run(phase)` for each phase of `phases`, in the list's order,
/// between `solver.beginSubstep()` and `solver.endSubstep()` (where a solver that groups
/// phases into schedules of its own, as the colored one, runs what it still holds).
template <typename Solver>
void runSubstep(Solver& solver, PhaseSet phases)
{
    solver.beginSubstep();
    for (SubstepPhase phase : kSubstepPhases)
        if (phases.has(phase))
            solver.run(phase);
    solver.endSubstep();
}

} // namespace pbd
