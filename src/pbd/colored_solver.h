#pragma once
// The colored parallel solver behind Solver::Colored. Private to the core.

#include "pbd/constraint_coloring.h"
#include "pbd/simulation.h"
#include "pbd/worker_pool.h"

namespace pbd {

/// Projects the constraints set by set (ConstraintSets), each set split statically among the
/// threads of a persistent WorkerPool. A whole step (prediction, all iterations, velocities)
/// is one run of the pool, with a barrier between phases. Because no two constraints of a set
/// share a particle, the result is bit-identical for every thread count.
class ColoredSolver {
public:
    /// Takes the sets to project and starts threadCount - 1 workers.
    ColoredSolver(ConstraintSets sets, unsigned threadCount);

    /// Threads that take part in a step, the caller included.
    unsigned threadCount() const { return pool_.threadCount(); }
    /// The sets, for inspection.
    const ConstraintSets& sets() const { return sets_; }

    /// One step of the page's scheme with the colored projection order: predict, `iterations`
    /// sweeps over the sets, velocities.
    void step(Particles& particles, double dt, double gravity, int iterations);

private:
    ConstraintSets sets_;
    WorkerPool pool_;
};

/// Projects constraints [begin, end) of one set, all independent of each other [MHHR06]:
/// see colored_solver.cpp for the kernel.
void projectIndependent(glm::dvec2* x, const double* w, const DistanceConstraint* constraints,
                        std::size_t begin, std::size_t end);

} // namespace pbd
