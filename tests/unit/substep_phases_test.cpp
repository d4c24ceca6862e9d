// The substep's phases, listed once (pbd/substep_pipeline.h), and the colored solver's way of
// running them: the phases that stay within a chunk and its neighbours share one band
// schedule, and only a phase that needs every particle first splits it.

#include <vector>

#include <catch2/catch.hpp>

#include "colored/colored_solver.h"
#include "disturbed_cloth.h"
#include "pbd/ball.h"
#include "pbd/substep_pipeline.h"
#include "step/fp_rules.h"
#include "world/self_collision.h"

using pbd::ColoredSolver;
using pbd::PhaseSet;
using pbd::SubstepPhase;

TEST_CASE("the pipeline lists every phase once, in the order of its enumeration", "[pipeline]")
{
    for (std::size_t i = 0; i < pbd::kSubstepPhases.size(); ++i)
        CHECK(static_cast<std::size_t>(pbd::kSubstepPhases[i]) == i);
    // A step with nothing on runs the prediction, the sweeps and the velocities alone.
    const PhaseSet bare = pbd::substepPhases({});
    for (SubstepPhase phase : pbd::kSubstepPhases)
        CHECK(bare.has(phase) == (phase == SubstepPhase::Predict ||
                                  phase == SubstepPhase::Sweeps ||
                                  phase == SubstepPhase::Velocities));
    const PhaseSet all = pbd::substepPhases({.air = true, .tethers = true, .selfCollision = true,
                                             .balls = true, .obstacles = true, .tear = true,
                                             .bending = true, .selfContact = true});
    for (SubstepPhase phase : pbd::kSubstepPhases)
        CHECK(all.has(phase));
}

TEST_CASE("a colored substep waits for its workers once, and once more per phase that needs "
          "every particle",
          "[pipeline][colored]")
{
    constexpr int kWidth = 40;
    constexpr int kHeight = 40;
    pbd::detail::SubstepParams params;
    params.h = 0.005;
    params.gravity = -9.81;
    params.iterations = 3;
    ColoredSolver solver(kWidth, kHeight, 2, ColoredSolver::Kernel::Best, 4);
    REQUIRE(solver.chunkCount() == 10);
    pbd::Particles particles = pbd::test::disturbedCloth(kWidth, kHeight);
    auto runsOf = [&](const ColoredSolver::World& world, PhaseSet phases) {
        const std::uint64_t before = solver.scheduleRuns();
        solver.beginSubstep(particles, params, nullptr, world);
        pbd::runSubstep(solver, phases);
        return solver.scheduleRuns() - before;
    };
    // Predict, 3 x 8 set sweeps and the velocities: one band schedule.
    CHECK(runsOf({}, pbd::substepPhases({})) == 1);
    // Self-collision needs every constraint projected: the schedule up to it, then the rest.
    pbd::detail::SelfCollision selfCollision;
    ColoredSolver::World self;
    self.selfCollision = &selfCollision;
    self.thickness = 0.05;
    CHECK(runsOf(self, pbd::substepPhases({.selfCollision = true})) == 2);
    // The balls run serially: likewise two schedules (the velocities after them on the
    // workers, not on the calling thread).
    std::vector<pbd::Ball> balls(1);
    balls[0].position = {4.0, 2.0};
    balls[0].start = balls[0].position;
    balls[0].radius = 0.3;
    balls[0].mass = 1.0;
    ColoredSolver::World withBalls;
    withBalls.balls = balls;
    CHECK(runsOf(withBalls, pbd::substepPhases({.balls = true})) == 2);
    // Both: still two, nothing is queued between them.
    ColoredSolver::World both = self;
    both.balls = balls;
    CHECK(runsOf(both, pbd::substepPhases({.selfCollision = true, .balls = true})) == 2);
}

TEST_CASE("the core rounds a product before adding it: no fused multiply-add in any build",
          "[pipeline][bits]")
{
    // (1 + 2^-30)(1 - 2^-30) = 1 - 2^-60 rounds to 1, so a * b + c is 0 unfused; a fused
    // multiply-add keeps the -2^-60. Built with -march=native and without -ffp-contract=off
    // (GCC's default contracts) this fails on any CPU with FMA.
    volatile double a = 1.0 + 0x1p-30;
    volatile double b = 1.0 - 0x1p-30;
    volatile double c = -1.0;
    CHECK(pbd::detail::multiplyAdd(a, b, c) == 0.0);
}
