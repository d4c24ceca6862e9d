// Simulation::step under a strain budget (Settings::maxStrain): the step is taken with the
// substeps the last one kept, checked against the budget, and taken again from its start
// with more while it ends beyond it. Above the solvers: any of them steps each attempt.

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

    Settings attempt = settings_;
    double strain = 0.0;
    for (;;) {
        attempt.substeps = substeps;
        detail::StepStateOf<D> state = stepState(attempt);
        solver_->step(state);
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

template void SimulationOf<2>::stepWithinBudget();
template void SimulationOf<3>::stepWithinBudget();

} // namespace pbd
