#pragma once
// The fling, shared by the CPU and GPU self-collision tests: grab a particle, pull it
// in a straight line, release it and run on.

#include <catch2/catch.hpp>

#include <glm/vec2.hpp>

#include "pbd/simulation.h"

namespace pbd::test {

/// Grabs `index`, pulls it in a straight line to `target` over `pullSteps` steps, releases it
/// and runs to `steps`, calling check(simulation, step) after every step. The positions are
/// synced before and after (a GPU-held state is read back; nothing on the CPU solvers).
template <typename Check>
void fling(Simulation& simulation, Index index, glm::dvec2 target, int pullSteps, int steps,
           Check check)
{
    simulation.sync();
    const glm::dvec2 start = simulation.particles().position[index];
    REQUIRE(simulation.grab(index));
    for (int step = 0; step < steps; ++step) {
        if (step < pullSteps) {
            const double t = static_cast<double>(step + 1) / pullSteps;
            REQUIRE(simulation.moveGrabbed(start + t * (target - start)));
        } else if (step == pullSteps) {
            simulation.release();
        }
        simulation.step();
        check(simulation, step);
    }
    simulation.sync();
}

} // namespace pbd::test
