// Tethers in the step: the projection's law, hard limits, the strain they leave, and the
// solvers' agreements.

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include <catch2/catch.hpp>
#include <glm/geometric.hpp>

#include "pbd/simulation.h"
#include "sim_builders.h"
#include "solver_loop.h"
#include "tether_builders.h"
#include "tethers/tether_projection.h"

using namespace tether_test;

TEST_CASE("a tether never pulls a particle within its length, one beyond goes onto the sphere",
          "[tethers]")
{
    std::mt19937 random(7);
    std::uniform_real_distribution<double> coordinate(-3.0, 3.0);
    const std::size_t n = 203; // not a multiple of four: the AVX2 kernel's scalar tail too
    pbd::Tethers t;
    t.slots = 2;
    t.particles = n;
    t.anchors = {0, 1};
    t.length.resize(2 * n);
    t.anchorOf.resize(2 * n);
    std::vector<glm::dvec2> x(n);
    std::vector<double> w(n, 2.0);
    w[0] = w[1] = 0.0;
    x[0] = {0.0, 0.0};
    x[1] = {2.0, 0.0};
    for (std::size_t i = 2; i < n; ++i) {
        x[i] = {coordinate(random), coordinate(random)};
        t.anchorOf[i] = 0;
        t.anchorOf[n + i] = 1;
        t.length[i] = 2.0;
        t.length[n + i] = i % 5 == 0 ? pbd::kNoTether : 1.5; // some second slots empty
    }
    w[7] = 0.0; // grabbed: never moved
    std::vector<glm::dvec2> anchorAt;
    pbd::detail::anchorPositions(t, x.data(), anchorAt);
    std::vector<glm::dvec2> scalar = x;
    std::vector<glm::dvec2> best = x;
    pbd::detail::projectTethersScalar(scalar.data(), w.data(), t, anchorAt.data(), 0, n);
    pbd::detail::projectTethers(best.data(), w.data(), t, anchorAt.data(), 0, n);
    CHECK(std::memcmp(scalar.data(), best.data(), n * sizeof(glm::dvec2)) == 0);
    int within = 0;
    int beyond = 0;
    for (std::size_t i = 2; i < n; ++i) {
        INFO("particle " << i);
        if (i == 7) {
            CHECK(scalar[i] == x[i]);
            continue;
        }
        // Slot 0 first: the particle ends within 2 m of anchor 0...
        glm::dvec2 p = x[i];
        if (glm::distance(p, x[0]) <= 2.0) {
            ++within;
        } else {
            ++beyond;
            p = x[0] + (p - x[0]) * (2.0 / glm::distance(p, x[0]));
        }
        // ... then slot 1 pulls it within 1.5 m of anchor 1, when it is farther.
        if (t.length[n + i] < pbd::kNoTether && glm::distance(p, x[1]) > 1.5)
            p = x[1] + (p - x[1]) * (1.5 / glm::distance(p, x[1]));
        if (p == x[i])
            CHECK(scalar[i] == x[i]); // bit for bit where nothing pulled
        CHECK(glm::distance(scalar[i], p) < 1e-12);
    }
    CHECK(within > 20);
    CHECK(beyond > 20);
}

TEST_CASE("tethers are hard limits, also with XPBD stiffness: with one anchor no particle "
          "ends a step beyond its tether, with two barely", "[tethers][slow]")
{
    // Each particle's tethers are projected one after the other, so with two taut ones the
    // second may leave the particle a little beyond the first (the next sweep takes it
    // further in); with one anchor the limit holds exactly after every step.
    for (const int fixed : {1, 2})
        for (const pbd::Solver solver : {pbd::Solver::Sequential, pbd::Solver::Colored})
            for (const double stiffness : {0.0, 50.0}) {
                Settings s = tethered(60, 45, solver, 2);
                s.fixedCount = fixed;
                s.stiffness = stiffness;
                s.substeps = stiffness > 0.0 ? 2 : 1;
                Simulation sim(s);
                sim.grab(60 * 44 + 30);
                double worst = -1.0;
                for (int step = 0; step < 300; ++step) {
                    if (step < 100) // drag the bottom middle down and aside, then let go
                        sim.moveGrabbed({6.0 + 0.02 * step, -9.0 - 0.05 * step});
                    if (step == 100)
                        sim.release();
                    sim.step();
                    worst = std::max(worst, worstTether(sim));
                }
                pbd::test::requireSolver(sim, solver);
                INFO(fixed << " fixed, " << pbd::solverName(solver) << ", stiffness "
                           << stiffness << ": worst " << worst);
                // Two: within 2 cm on a 12 m x 9 m cloth, dragged hard (0.13% of the tether).
                CHECK(worst <= (fixed == 1 ? 1e-12 : 0.02));
                CHECK(worst > -1e-3); // they did hold: some tether is taut
                if (stiffness > 0.0) // while the springs themselves give
                    CHECK(pbd::constraintStrain(sim).max > 0.05);
            }
}

TEST_CASE("a 100 x 100 cloth hung by two corners at 2 iterations keeps its length with tethers",
          "[tethers][slow]")
{
    // docs/performance.md has 300 x 300 (pbd-sim bench --tethers on --settle 2000).
    for (const pbd::Solver solver : {pbd::Solver::Sequential, pbd::Solver::Colored}) {
        Simulation with(tethered(100, 100, solver, 2));
        Settings off = with.settings();
        off.tethers = false;
        Simulation without(off);
        pbd::test::run(with, 2000);
        pbd::test::run(without, 2000);
        pbd::test::requireSolver(with, solver);
        pbd::test::requireSolver(without, solver);
        const pbd::Strain strain = pbd::constraintStrain(with);
        INFO(pbd::solverName(solver) << ": largest " << strain.max << ", rms " << strain.rms
                                     << "; without tethers "
                                     << pbd::constraintStrain(without).max);
        CHECK(strain.max <= 0.01);
        CHECK(strain.rms <= 0.001);
        CHECK(pbd::constraintStrain(without).max > 1.0); // the rubber it replaces
    }
}

TEST_CASE("the colored solver's tethers give bit-identical results for 1, 2 and 3 threads",
          "[tethers][colored]")
{
    std::vector<std::vector<glm::dvec2>> positions;
    for (int threads : {1, 2, 3}) {
        Settings s = tethered(95, 67, pbd::Solver::Colored, threads);
        s.fixedCount = 4;
        Simulation sim(s);
        REQUIRE(sim.threadCount() == unsigned(threads));
        sim.pin(95 * 30 + 40);
        sim.grab(95 * 60 + 20);
        for (int step = 0; step < 300; ++step) {
            if (step < 150)
                sim.moveGrabbed({4.0 - 0.02 * step, -12.0 - 0.03 * step});
            if (step == 150)
                sim.release();
            if (step == 200)
                sim.cut({1.0, -8.0}, {9.0, -9.0});
            sim.step();
        }
        REQUIRE(pbd::test::allFinite(sim));
        positions.push_back(sim.particles().position);
    }
    CHECK(pbd::test::sameBits(positions[0], positions[1]));
    CHECK(pbd::test::sameBits(positions[0], positions[2]));
}

TEST_CASE("tethers without a pin change nothing, bit for bit", "[tethers]")
{
    for (const pbd::Solver solver : {pbd::Solver::Sequential, pbd::Solver::Colored}) {
        Settings s = tethered(30, 20, solver, 2);
        Simulation on(s);
        s.tethers = false;
        Simulation off(s);
        for (Simulation* sim : {&on, &off}) {
            sim->unpinAll();
            sim->grab(30 * 19 + 15); // and thrown, so that the cloth does not just fall
            sim->moveGrabbed({3.0, -2.0});
            pbd::test::run(*sim, 20);
            sim->release({4.0, 6.0});
            pbd::test::run(*sim, 80);
        }
        pbd::test::requireSolver(on, solver);
        pbd::test::requireSolver(off, solver);
        CHECK(on.tethers().slots == 0);
        CHECK(pbd::test::samePositions(on, off));
    }
}
