// The colored solver's kernels and schedule against a plain scalar sweep over the grid's sets
// written out as lists, on states that reach every special case: pinned particles, pinned
// pairs, coincident particles, uneven masses, rows of every length modulo 4. The SSE2 and the
// AVX2 kernels have test cases of their own, so that a CPU without AVX2 reports the AVX2 ones
// as skipped rather than passing them on the SSE2 kernels.

#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "colored/colored_solver.h"
#include "disturbed_cloth.h"
#include "grid_set_builders.h"
#include "kernel_choice.h"
#include "pbd/cloth.h"
#include "pbd/distance_constraint.h"
#include "step/step_phases.h"

using pbd::ColoredSolver;
using Kernel = ColoredSolver::Kernel;
using pbd::ConstraintSets;
using pbd::DistanceConstraint;
using pbd::Particles;
using pbd::test::bitIdentical;
using pbd::test::disturbedCloth;

namespace {

/// One step as the colored order defines it, written plainly: predict; per iteration, the
/// sets in order, each constraint in list order with the kernel's arithmetic (XPBD's with
/// multipliers when `at`, compliance / dt^2, is not 0); velocities. Constraints whose `live`
/// flag is 0 are skipped.
void referenceStep(Particles& particles, const ConstraintSets& sets, double dt, double gravity,
                   int iterations, const std::vector<std::uint8_t>* live = nullptr,
                   double at = 0.0, const std::vector<double>* ats = nullptr)
{
    auto& x = particles.position;
    const auto& w = particles.inverseMass;
    for (std::size_t i = 0; i < x.size(); ++i) {
        if (w[i] == 0.0)
            continue;
        particles.stepStart[i] = x[i];
        particles.velocity[i].y = particles.velocity[i].y + dt * gravity;
        x[i].x = x[i].x + dt * particles.velocity[i].x;
        x[i].y = x[i].y + dt * particles.velocity[i].y;
    }
    std::vector<double> lambda(sets.constraints.size(), 0.0);
    for (int iteration = 0; iteration < iterations; ++iteration)
        pbd::test::referenceSweep(x, w, sets, at, lambda, live, ats);
    const double invDt = 1.0 / dt;
    for (std::size_t i = 0; i < x.size(); ++i)
        if (w[i] != 0.0)
            particles.velocity[i] = invDt * (x[i] - particles.stepStart[i]);
}

/// Intact cloths of every shape from 1 x 1 up: `kernel`'s steps against referenceStep, for
/// every chunking and thread count.
void checkIntactAgainstPlainSweep(Kernel kernel)
{
    const double dt = 0.005;
    const double gravity = -9.81;
    for (auto [w, h] : {std::pair{1, 1}, {1, 9}, {9, 1}, {2, 2}, {5, 3}, {13, 11}, {31, 23},
                        {64, 40}}) {
        for (int iterations : {0, 1, 3}) {
            Particles expected = disturbedCloth(w, h);
            const ConstraintSets sets = pbd::test::expandGridSets(w, h);
            for (int step = 0; step < 12; ++step)
                referenceStep(expected, sets, dt, gravity, iterations);
            // Chunks of one row and up (0: the solver's own choice), so that chunk boundaries
            // fall on both row parities.
            for (int rows : {0, 1, 2, 3}) {
                for (unsigned threads : {1u, 2u, 3u}) {
                    CAPTURE(w, h, iterations, rows, threads);
                    Particles particles = disturbedCloth(w, h);
                    ColoredSolver solver(w, h, threads, kernel, rows);
                    if (rows > 0)
                        REQUIRE(solver.chunkCount() == std::size_t((h + rows - 1) / rows));
                    for (int step = 0; step < 12; ++step)
                        solver.step(particles, dt, gravity, iterations);
                    CHECK(bitIdentical(particles.position, expected.position));
                    CHECK(bitIdentical(particles.velocity, expected.velocity));
                    CHECK(bitIdentical(particles.stepStart, expected.stepStart));
                }
            }
        }
    }
}

/// Torn cloths: `kernel`'s substeps, in PBD and XPBD (also with a sized cloth's edge springs
/// at twice the compliance, whose vertical sets' torn rows are masked, not listed), against
/// referenceStep skipping the removed constraints, for every chunking and thread count; then
/// every constraint back.
void checkTornAgainstPlainSweep(Kernel kernel)
{
    // Kernel::Best lists torn rows: the horizontal sets' by live constraint, the vertical and
    // diagonal sets' by windows of four (masked within, the last one ending at the row's
    // end, so that rows of every length modulo 4 matter); rows shorter than four are masked.
    // Kernel::Sse2 masks every torn row. 64 x 40 gives rows of 32 horizontal constraints, so
    // all run whole groups of four.
    const double dt = 0.005;
    const double gravity = -9.81;
    for (auto [w, h] : {std::pair{4, 7}, {5, 3}, {13, 11}, {31, 23}, {64, 40}}) {
        const ConstraintSets sets = pbd::test::expandGridSets(w, h);
        // The page-order index of each listed constraint, through its particle pair.
        const pbd::ClothGrid grid = pbd::buildClothGrid(w, h);
        std::map<std::pair<pbd::Index, pbd::Index>, std::size_t> pageIndex;
        for (std::size_t i = 0; i < grid.constraints.size(); ++i)
            pageIndex[{grid.constraints[i].a, grid.constraints[i].b}] = i;
        // Every pattern of four neighbours' flags occurs: a fixed pseudo-random choice of
        // about a third, plus whole runs removed and kept.
        std::vector<std::uint8_t> alive(grid.constraints.size(), 1);
        std::uint32_t state = 12345;
        for (std::size_t i = 0; i < alive.size(); ++i) {
            state = state * 1664525u + 1013904223u;
            alive[i] = (i / 16) % 5 == 0 ? 0 : (i / 16) % 5 == 1 ? 1 : ((state >> 16) % 3 != 0);
        }
        std::vector<std::uint8_t> live(sets.constraints.size());
        for (std::size_t k = 0; k < live.size(); ++k) {
            const DistanceConstraint& c = sets.constraints[k];
            const auto found = pageIndex.find({c.a, c.b});
            REQUIRE(found != pageIndex.end());
            live[k] = alive[found->second];
        }
        for (const auto& [stiffness, edges] : {std::pair{0.0, false}, {1000.0, false},
                                              {1000.0, true}}) {
            const double at = pbd::complianceOverStepSquared(stiffness, dt);
            const std::vector<double> ats =
                pbd::test::edgeCompliances(sets, w, h, at, edges ? 2.0 * at : at);
            Particles expected = disturbedCloth(w, h);
            for (int step = 0; step < 8; ++step)
                referenceStep(expected, sets, dt, gravity, 3, &live, at, &ats);
            Particles intact = disturbedCloth(w, h);
            for (int step = 0; step < 8; ++step)
                referenceStep(intact, sets, dt, gravity, 3, nullptr, at, &ats);
            REQUIRE_FALSE(bitIdentical(intact.position, expected.position)); // the flags matter
            pbd::detail::SubstepParams params;
            params.h = dt;
            params.gravity = gravity;
            params.iterations = 3;
            params.alphaTilde = at;
            params.edgeAlphaTilde = edges ? 2.0 * at : 0.0;
            for (int rows : {0, 1, 3}) {
                for (unsigned threads : {1u, 2u}) {
                    CAPTURE(w, h, stiffness, edges, rows, threads);
                    Particles particles = disturbedCloth(w, h);
                    ColoredSolver solver(w, h, threads, kernel, rows);
                    solver.setLive(alive, 1);
                    for (int step = 0; step < 8; ++step)
                        solver.substep(particles, params, nullptr, nullptr);
                    CHECK(bitIdentical(particles.position, expected.position));
                    CHECK(bitIdentical(particles.velocity, expected.velocity));
                }
            }
            // Every constraint back: the row kernels again, as if none had been removed.
            Particles restored = disturbedCloth(w, h);
            ColoredSolver solver(w, h, 2, kernel, 1);
            solver.setLive(alive, 1);
            solver.setLive(std::vector<std::uint8_t>(alive.size(), 1), 2);
            for (int step = 0; step < 8; ++step)
                solver.substep(restored, params, nullptr, nullptr);
            CHECK(bitIdentical(restored.position, intact.position));
        }
    }
}

} // namespace

TEST_CASE("the colored solver's SSE2 kernels do exactly the plain sweep over the eight sets, "
          "for every chunking and thread count",
          "[colored]")
{
    checkIntactAgainstPlainSweep(Kernel::Sse2);
}

TEST_CASE("the colored solver's AVX2 kernels do exactly the plain sweep over the eight sets, "
          "for every chunking and thread count",
          "[colored][avx2]")
{
    PBD_REQUIRE_AVX2_OR_SKIP();
    checkIntactAgainstPlainSweep(Kernel::Best);
}

TEST_CASE("with removed constraints the colored solver's SSE2 kernels do exactly the plain "
          "sweep that skips them, in PBD and XPBD, for every chunking and thread count",
          "[colored][tear]")
{
    checkTornAgainstPlainSweep(Kernel::Sse2);
}

TEST_CASE("with removed constraints the colored solver's AVX2 kernels do exactly the plain "
          "sweep that skips them, in PBD and XPBD, for every chunking and thread count",
          "[colored][tear][avx2]")
{
    PBD_REQUIRE_AVX2_OR_SKIP();
    checkTornAgainstPlainSweep(Kernel::Best);
}
