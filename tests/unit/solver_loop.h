#pragma once
// Loops over the solvers (`for (Solver solver : {Sequential, Colored})`, GENERATE, a solver
// per round): each turn proves that it ran the solver it names. One turn once ran the
// sequential solver twice without a word: the solver was set before a scene that replaces
// every setting.

#include <catch2/catch.hpp>

#include "pbd/settings.h"
#include "pbd/simulation.h"

namespace pbd::test {

/// REQUIREs that `simulation` steps with `solver`. Simulation::step() makes its step solver
/// from settings().solver (one factory), and apply() drops it whenever the solver changes, so
/// the setting is the solver that every step since it was last set ran. Call it after a
/// turn's steps, where a scene, a restored state or a setting applied after the solver choice
/// shows.
template <glm::length_t D>
inline void requireSolver(const SimulationOf<D>& simulation, Solver solver)
{
    INFO("the turn asks for the " << solverName(solver) << " solver; the simulation steps "
                                  << "with the " << solverName(simulation.settings().solver)
                                  << " solver");
    REQUIRE(simulation.settings().solver == solver);
}

/// REQUIREs that `simulation` steps with the colored solver on `threads` threads (the calling
/// thread included; Simulation::threadCount()): a loop over thread counts whose cloth is one
/// chunk runs one thread each turn and compares nothing.
template <glm::length_t D>
inline void requireColoredThreads(const SimulationOf<D>& simulation, unsigned threads)
{
    requireSolver(simulation, Solver::Colored);
    INFO("the turn asks for " << threads << " threads; the simulation runs "
                              << simulation.threadCount() << " of "
                              << simulation.requestedThreadCount() << " asked, in "
                              << simulation.chunkCount() << " chunks");
    REQUIRE(simulation.threadCount() == threads);
}

} // namespace pbd::test
