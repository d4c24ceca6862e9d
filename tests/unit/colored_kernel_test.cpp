// The colored solver's kernels and schedule against a plain scalar sweep over the grid's sets
// written out as lists, on states that reach every special case: pinned particles, pinned
// pairs, coincident particles, uneven masses, rows of every length modulo 4.

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include <catch2/catch.hpp>

#include "colored_solver.h"
#include "disturbed_cloth.h"
#include "grid_set_builders.h"
#include "pbd/cloth.h"
#include "pbd/distance_constraint.h"

using pbd::ColoredSolver;
using pbd::ConstraintSets;
using pbd::DistanceConstraint;
using pbd::Particles;
using pbd::test::bitIdentical;
using pbd::test::disturbedCloth;

namespace {

/// One step as the colored order defines it, written plainly: predict; per iteration, the
/// sets in order, each constraint in list order with the kernel's arithmetic; velocities.
void referenceStep(Particles& particles, const ConstraintSets& sets, double dt, double gravity,
                   int iterations)
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
    for (int iteration = 0; iteration < iterations; ++iteration) {
        for (const DistanceConstraint& c : sets.constraints) {
            const double dx = x[c.a].x - x[c.b].x;
            const double dy = x[c.a].y - x[c.b].y;
            const double length = std::sqrt(dx * dx + dy * dy);
            const double wSum = w[c.a] + w[c.b];
            if (!(length > pbd::kMinConstraintLength) || wSum == 0.0)
                continue;
            const double s = (c.restLength - length) / (length * wSum);
            const double sa = w[c.a] * s;
            const double sb = w[c.b] * s;
            x[c.a] = glm::dvec2(x[c.a].x + sa * dx, x[c.a].y + sa * dy);
            x[c.b] = glm::dvec2(x[c.b].x - sb * dx, x[c.b].y - sb * dy);
        }
    }
    const double invDt = 1.0 / dt;
    for (std::size_t i = 0; i < x.size(); ++i)
        if (w[i] != 0.0)
            particles.velocity[i] = invDt * (x[i] - particles.stepStart[i]);
}

} // namespace

TEST_CASE("the colored solver does exactly the plain sweep over the eight sets, for every "
          "kernel, chunking and thread count",
          "[colored]")
{
    const double dt = 0.005;
    const double gravity = -9.81;
    using Kernel = ColoredSolver::Kernel;
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
                    for (Kernel kernel : {Kernel::Best, Kernel::Sse2}) {
                        CAPTURE(w, h, iterations, rows, threads, kernel == Kernel::Best);
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
}
