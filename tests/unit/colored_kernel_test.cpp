// The colored solver's kernels and schedule against a plain scalar sweep over the grid's sets
// written out as lists, on states that reach every special case: pinned particles, pinned
// pairs, coincident particles, uneven masses, rows of every length modulo 4.

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include <catch2/catch.hpp>

#include "colored_solver.h"
#include "grid_set_builders.h"
#include "pbd/cloth.h"
#include "pbd/distance_constraint.h"

using pbd::ColoredSolver;
using pbd::ConstraintSets;
using pbd::DistanceConstraint;
using pbd::Particles;

namespace {

/// A disturbed cloth: the page's grid with every particle moved a little and given a velocity,
/// masses of 0.5 kg and some of 0.2 and 1.3 kg, a few pinned particles (two of them
/// neighbours, so that some constraints have w_a + w_b = 0) and two coincident neighbours
/// (length below kMinConstraintLength).
Particles disturbedCloth(int width, int height)
{
    const pbd::ClothGrid grid = pbd::buildClothGrid(width, height);
    const std::size_t n = grid.positions.size();
    Particles particles;
    particles.position = grid.positions;
    particles.velocity.assign(n, glm::dvec2(0.0));
    particles.inverseMass.assign(n, 2.0);
    std::uint64_t state = 0x9E3779B97F4A7C15ull + n;
    auto random = [&state] { // in [-1, 1)
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return double(state >> 11) / double(1ull << 52) - 1.0;
    };
    for (std::size_t i = 0; i < n; ++i) {
        particles.position[i] += 0.03 * glm::dvec2(random(), random());
        particles.velocity[i] = glm::dvec2(random(), random());
        if (i % 7 == 3)
            particles.inverseMass[i] = 5.0;
        if (i % 11 == 5)
            particles.inverseMass[i] = 1.0 / 1.3;
    }
    for (std::size_t i : {std::size_t{0}, n / 2, n / 2 + 1, n - 1})
        if (i < n)
            particles.inverseMass[i] = 0.0;
    if (n > 4)
        particles.position[n / 3 + 1] = particles.position[n / 3] + glm::dvec2(1e-4, 0.0);
    particles.stepStart = particles.position;
    return particles;
}

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

bool bitIdentical(const std::vector<glm::dvec2>& a, const std::vector<glm::dvec2>& b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof a[0]) == 0;
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
