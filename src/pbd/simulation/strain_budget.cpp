// Simulation::step under a strain budget (Settings::maxStrain): the step is taken with the
// substeps the last one kept, checked against the budget, and taken again from its start
// with more while it ends beyond it. Above the solvers: any of them steps each attempt.
//
// A grab moved between steps would jump in the first substep: the particles beside it are
// dragged by the whole move in one substep of h and leave it with a velocity of about
// move / h, so that more substeps need not stretch it less, and the budget's premise fails
// (a 100 x 100 cloth held by its grab alone, dragged 1 cm a step: 1.22% at the cap of 256
// substeps; spread, 0.95% at 82 on average; docs/physics.md). So under a budget
// a step whose grab moved is taken as `substeps` solver steps of one substep each (the same
// h, the same gusts' clock), the held particles carried before each by an equal part of the
// move; they end exactly where the grab put them. A step in which an obstacle moves as well
// is taken whole (the obstacle's move is the solver step's).

#include "simulation/strain_budget.h"

#include <algorithm>
#include <vector>

#include "pbd/simulation.h"
#include "step/step_solver.h"

namespace pbd {

template <glm::length_t D>
void SimulationOf<D>::stepWithinBudget()
{
    const double budget = settings_.maxStrain;
    const int lowest = settings_.substeps;
    const int cap = std::max(lowest, kStrainBudgetSubstepCap);
    sync(); // a device's particles: to keep for a redo, and to measure
    int substeps = std::clamp(budgetSubsteps_ > 0 ? budgetSubsteps_ : detail::kBudgetStart,
                              lowest, cap);

    // What a step changes, kept for a redo: the particles' motion, the balls and, when the
    // step may tear, the constraints. (Obstacles are not the solver's to change; the
    // multipliers start anew each substep.)
    const std::vector<Vector> position = particles_.position;
    const std::vector<Vector> stepStart = particles_.stepStart;
    const std::vector<Vector> velocity = particles_.velocity;
    const std::vector<BallType> balls = balls_;
    const bool tears = settings_.tearStrain > 0.0;
    const std::vector<std::uint8_t> alive = tears ? alive_ : std::vector<std::uint8_t>();
    const std::size_t liveCount = liveCount_;
    const std::uint64_t version = constraintsVersion_;

    const bool spread =
        !heldFrom_.empty() && std::none_of(obstacles_.begin(), obstacles_.end(),
                                           [](const ObstacleType& o) {
                                               return !(o.start == obstaclePose(o));
                                           });
    Settings attempt = settings_;
    double strain = 0.0;
    for (;;) {
        if (spread) {
            stepSpreadingMove(substeps);
        } else {
            attempt.substeps = substeps;
            detail::StepStateOf<D> state = stepState(attempt);
            solver_->step(state);
        }
        substepsTaken_ += static_cast<std::uint64_t>(substeps);
        sync();
        strain = constraintStrain(*this).max;
        if (strain <= budget || substeps >= cap)
            break;
        substeps = detail::substepsForRedo(substeps, strain, budget, cap);
        particles_.position = position;
        particles_.stepStart = stepStart;
        particles_.velocity = velocity;
        balls_ = balls;
        if (tears && constraintsVersion_ != version) {
            alive_ = alive;
            liveCount_ = liveCount;
            ++constraintsVersion_; // a new value: whoever keeps live lists rebuilds them
        }
        solver_->particlesChanged();
    }
    lastSubsteps_ = substeps;
    const detail::BudgetCount next = detail::substepsForNext(substeps, strain, budgetPeak_,
                                                             budget, lowest, cap, stepCount_);
    budgetSubsteps_ = next.substeps;
    budgetPeak_ = next.peak;
}

template <glm::length_t D>
void SimulationOf<D>::stepSpreadingMove(int substeps)
{
    Settings one = settings_;
    one.substeps = 1;
    one.timeStep = settings_.timeStep / substeps; // the h of a step of `substeps`
    std::vector<Vector> to;
    for (const auto& held : heldFrom_)
        to.push_back(particles_.position[held.first]);
    for (int k = 1; k <= substeps; ++k) {
        const bool direct = editParticleDirectly();
        const double part = static_cast<double>(k) / substeps;
        for (std::size_t j = 0; j < heldFrom_.size(); ++j) {
            const auto& [i, from] = heldFrom_[j];
            particles_.position[i] = k == substeps ? to[j] : from + (to[j] - from) * part;
            if (direct)
                solver_->writeParticle(i, &particles_.position[i], nullptr, nullptr);
        }
        detail::StepStateOf<D> state = stepState(one);
        state.time = time_ + (k - 1) * one.timeStep; // the gusts' clock of substep k - 1
        solver_->step(state);
    }
}

template void SimulationOf<2>::stepWithinBudget();
template void SimulationOf<3>::stepWithinBudget();
template void SimulationOf<2>::stepSpreadingMove(int);
template void SimulationOf<3>::stepSpreadingMove(int);

} // namespace pbd
