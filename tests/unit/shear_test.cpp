// Settings::shearStiffness: the diagonals' own stiffness. A single cell held by its left
// edge shears under its right edge's weight to the angle where the two diagonal springs'
// moment balances it; with the shear equal to the stiffness the bits are the cloth's without
// it; both CPU solvers run it, the colored one with the same bits on any thread count.

#include <cmath>
#include <vector>

#include <catch2/catch.hpp>

#include "pbd/cloth.h"
#include "pbd/energy.h"
#include "pbd/simulation.h"
#include "sim_builders.h"
#include "solver_loop.h"

namespace {

/// The energy of the cell sheared by phi (its horizontals turned down by phi about the held
/// left edge, rigid sides): the two diagonals' springs less the right edge's fall.
double shearEnergy(double phi, double k, double s, double m, double g)
{
    const double d1 = std::sqrt(2.0) * s * (std::sqrt(1.0 + std::sin(phi)) - 1.0);
    const double d2 = std::sqrt(2.0) * s * (std::sqrt(1.0 - std::sin(phi)) - 1.0);
    return 0.5 * k * (d1 * d1 + d2 * d2) - 2.0 * m * g * s * std::sin(phi);
}

/// Its minimum in (0, pi/2), by bisection on the derivative.
double equilibriumAngle(double k, double s, double m, double g)
{
    auto slope = [&](double phi) {
        const double e = 1e-7;
        return shearEnergy(phi + e, k, s, m, g) - shearEnergy(phi - e, k, s, m, g);
    };
    double lo = 1e-6, hi = 1.5;
    for (int i = 0; i < 200; ++i) {
        const double mid = 0.5 * (lo + hi);
        (slope(mid) < 0.0 ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

} // namespace

TEST_CASE("a cell held by its left edge shears to where its diagonals balance its weight",
          "[shear]")
{
    const double k = 300.0;
    for (pbd::Solver solver : {pbd::Solver::Sequential, pbd::Solver::Colored}) {
        pbd::Settings settings = pbd::test::clothSettings(2, 2, 1, 60);
        settings.shearStiffness = k;
        settings.substeps = 10;
        settings.damping = 5.0;
        settings.solver = solver;
        pbd::Simulation sim(settings);
        sim.pin(2); // the bottom-left particle: the left edge is held
        pbd::test::run(sim, 1500);
        pbd::test::requireSolver(sim, solver);
        const auto& x = sim.particles().position;
        const glm::dvec2 top = x[1] - x[0];
        const double phi = std::atan2(-top.y, top.x);
        const double s = 0.2;
        const double expected = equilibriumAngle(k, s, settings.mass, 9.81);
        CAPTURE(phi, expected);
        REQUIRE(phi == Approx(expected).epsilon(0.01));
        // The springs hold the energy the law gives them.
        const pbd::Energy e = pbd::clothEnergy(sim);
        const double springs = shearEnergy(phi, k, s, settings.mass, 9.81) +
                               2.0 * settings.mass * 9.81 * s * std::sin(phi);
        REQUIRE(e.elastic == Approx(springs).epsilon(0.02));
    }
}

TEST_CASE("without a shear stiffness the page's cell does not shear", "[shear]")
{
    pbd::Settings settings = pbd::test::clothSettings(2, 2, 1, 60);
    settings.substeps = 10;
    settings.damping = 5.0;
    pbd::Simulation sim(settings);
    sim.pin(2);
    pbd::test::run(sim, 1500);
    const glm::dvec2 top = sim.particles().position[1] - sim.particles().position[0];
    REQUIRE(std::abs(std::atan2(-top.y, top.x)) < 1e-3);
}

TEST_CASE("a shear stiffness equal to the stiffness gives the cloth's bits", "[shear]")
{
    for (pbd::Solver solver : {pbd::Solver::Sequential, pbd::Solver::Colored}) {
        pbd::Settings plain = pbd::test::clothSettings(30, 20, 2, 4);
        plain.stiffness = 800.0;
        plain.substeps = 2;
        plain.solver = solver;
        pbd::Settings same = plain;
        same.shearStiffness = plain.stiffness;
        pbd::Settings soft = plain;
        soft.shearStiffness = 50.0;
        pbd::Simulation a(plain), b(same), c(soft);
        pbd::test::run(a, 100);
        pbd::test::run(b, 100);
        pbd::test::run(c, 100);
        REQUIRE(pbd::test::samePositions(a, b));
        REQUIRE_FALSE(pbd::test::samePositions(a, c));
        pbd::test::requireSolver(a, solver);
    }
}

TEST_CASE("the colored solver shears with the same bits on every thread count", "[shear]")
{
    pbd::Settings settings = pbd::test::clothSettings(101, 97, 2, 3);
    settings.shearStiffness = 200.0; // rigid sides (PBD), soft diagonals
    settings.solver = pbd::Solver::Colored;
    std::vector<glm::dvec2> first;
    for (int threads : {1, 2, 4}) {
        settings.threads = threads;
        pbd::Simulation sim(settings);
        pbd::test::run(sim, 80);
        pbd::test::requireColoredThreads(sim, static_cast<unsigned>(threads));
        if (first.empty())
            first = sim.particles().position;
        REQUIRE(pbd::test::sameBits(sim.particles().position, first));
    }
}
