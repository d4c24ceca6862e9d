// A sized cloth's edge springs (pbd::halvesEdgeSprings, pbd::isEdgeSpring): a horizontal
// spring of the first or last row, or a vertical one of the first or last column, stands for
// half a cell of cloth and so has half the stiffness. Checked by the force law: one free
// particle among pinned ones settles where the springs' forces balance its load, which
// tells the stiffness of each spring it hangs from.
#include <cmath>
#include <cstddef>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "pbd/cloth.h"
#include "pbd/energy.h"
#include "pbd/simulation.h"
#include "sim_builders.h"
#include "solver_loop.h"

using pbd::Settings;
using pbd::Simulation;

namespace {

constexpr double kStiffness = 1000.0; // N/m: sags of a fraction of a millimetre, linear

/// A 3 x 3 cloth, 2 m x 2 m (1 m cells, so particle (i, j) rests at (j, -i)) when `sized`,
/// else the page's 0.2 m spacing with the same density; stiff XPBD springs, converged
/// iterations, damped so that it settles; every particle pinned except `free`.
Simulation oneFree(pbd::Index free, bool sized, pbd::Solver solver, double gravity)
{
    Settings s;
    s.width = 3;
    s.height = 3;
    s.clothWidth = sized ? 2.0 : 0.0;
    s.clothHeight = sized ? 2.0 : 0.0;
    s.density = 0.2;
    s.stiffness = kStiffness;
    s.iterations = 40;
    s.damping = 5.0;
    s.gravity = gravity;
    s.solver = solver;
    Simulation sim(s);
    for (pbd::Index i = 0; i < 9; ++i)
        if (i != free)
            sim.pin(i);
    return sim;
}

/// How far particle i has moved from its rest position, m.
glm::dvec2 displacement(const Simulation& sim, pbd::Index i)
{
    return sim.particles().position[i] - pbd::buildClothGrid(sim.settings()).positions[i];
}

} // namespace

TEST_CASE("the edge springs are the first and last rows' horizontals and the first and last "
          "columns' verticals", "[size][edges]")
{
    // 4 x 3: horizontals 0..8 (rows of 3), verticals 9..16 (rows of 4), diagonals 17..28.
    std::vector<std::size_t> edges;
    for (std::size_t k = 0; k < pbd::clothConstraintCount(4, 3); ++k)
        if (pbd::isEdgeSpring(4, 3, k))
            edges.push_back(k);
    CHECK(edges == std::vector<std::size_t>{0, 1, 2, 6, 7, 8, 9, 12, 13, 16});
    // A single row or column stands for a whole spacing: no edge in that direction.
    CHECK_FALSE(pbd::isEdgeSpring(5, 1, 0));
    CHECK_FALSE(pbd::isEdgeSpring(1, 5, 0));
    CHECK(pbd::isEdgeSpring(2, 2, 0)); // on a 2 x 2 cloth every side is an edge
    CHECK(pbd::isEdgeSpring(2, 2, 3));
    CHECK_FALSE(pbd::isEdgeSpring(2, 2, 4)); // a diagonal
    // Only a cloth with a size halves them; a density alone keeps the page's springs.
    Settings s;
    CHECK_FALSE(pbd::halvesEdgeSprings(s));
    s.density = 0.2;
    CHECK_FALSE(pbd::halvesEdgeSprings(s));
    s.clothHeight = 1.0;
    CHECK(pbd::halvesEdgeSprings(s));
    s.clothHeight = 0.0;
    s.clothWidth = 1.0;
    CHECK(pbd::halvesEdgeSprings(s));
}

TEST_CASE("a particle on a sized cloth's side hangs from its edge springs at half stiffness",
          "[size][edges]")
{
    // Particle 5 (row 1, column 2, half a cell: 0.1 kg) hangs from the verticals 2-5 and 5-8
    // (column 2: edge springs) and the diagonals 1-5 and 5-7 (at 45 degrees: k/2 each
    // vertically); the horizontal 4-5 is perpendicular. Stiffness down: 2 (k/2) + 2 (k/2) =
    // 2k with halved edges, 3k without. Particle 4 (inside, a whole cell: 0.2 kg): two inner
    // verticals and four diagonals, 4k either way.
    const double g = 9.81;
    for (const pbd::Solver solver : {pbd::Solver::Sequential, pbd::Solver::Colored}) {
        INFO(pbd::solverName(solver));
        Simulation side = oneFree(5, true, solver, -g);
        Simulation inside = oneFree(4, true, solver, -g);
        REQUIRE(side.particles().mass[5] == Approx(0.1));
        REQUIRE(inside.particles().mass[4] == Approx(0.2));
        pbd::test::run(side, 600);
        pbd::test::run(inside, 600);
        CHECK(-displacement(side, 5).y == Approx(0.1 * g / (2 * kStiffness)).epsilon(0.01));
        CHECK(-displacement(inside, 4).y == Approx(0.2 * g / (4 * kStiffness)).epsilon(0.01));
        // The page's spacing with a density: every spring keeps k, 3k down at the side.
        Simulation page = oneFree(5, false, solver, -g);
        pbd::test::run(page, 600);
        for (const Simulation* simulation : {&side, &inside, &page})
            pbd::test::requireSolver(*simulation, solver);
        const double m = page.particles().mass[5];
        CHECK(-displacement(page, 5).y == Approx(m * g / (3 * kStiffness)).epsilon(0.01));
    }
}

TEST_CASE("a particle on a sized cloth's bottom row is pulled along it by an edge spring of "
          "half stiffness", "[size][edges]")
{
    // No gravity; particle 7 (row 2, column 1) free; the corner 8 grabbed and moved 1 cm to
    // the right. 7 hangs between 6 and 8 on the bottom row's horizontals (edge springs, k/2)
    // and the diagonals 3-7 and 5-7 (k/2 each across); the vertical 4-7 is perpendicular.
    // Balance: (k/2) (d - u) = (k/2 + k) u, u = d/4; with the whole k, k (d - u) = 2k u,
    // u = d/3.
    const double d = 0.01;
    for (const pbd::Solver solver : {pbd::Solver::Sequential, pbd::Solver::Colored}) {
        INFO(pbd::solverName(solver));
        Simulation sim = oneFree(7, true, solver, 0.0);
        REQUIRE(sim.grab(8));
        sim.moveGrabbed({2.0 + d, -2.0});
        pbd::test::run(sim, 600);
        pbd::test::requireSolver(sim, solver);
        CHECK(displacement(sim, 7).x == Approx(d / 4).epsilon(0.01));
        CHECK(std::abs(displacement(sim, 7).y) < 1e-5);
    }
}

TEST_CASE("a sized cloth's elastic energy counts its edge springs at half stiffness",
          "[size][edges][energy]")
{
    // 3 x 1 particles over 2 m: two horizontals of one row, which stand for a whole spacing
    // down (a single row), so k; 3 x 2 over 2 m x 1 m: the same row is now an edge, k/2.
    for (const int height : {1, 2}) {
        Settings s;
        s.width = 3;
        s.height = height;
        s.clothWidth = 2.0;
        s.clothHeight = height == 2 ? 1.0 : 0.0;
        s.stiffness = 100.0;
        Simulation sim(s);
        pbd::SimulationState state = sim.state();
        state.position[2].x = 2.1; // the row's second horizontal stretched by 0.1 m
        REQUIRE_FALSE(sim.restore(state));
        const double k = height == 2 ? 50.0 : 100.0;
        INFO("height " << height);
        // The other springs at particle 2 when height 2: the anti-diagonal 2-4 (k) and the
        // vertical 2-5 (column 2: an edge, k/2).
        double others = 0.0;
        if (height == 2) {
            others += 0.5 * 100.0 * std::pow(std::hypot(1.1, 1.0) - std::hypot(1.0, 1.0), 2);
            others += 0.5 * 50.0 * std::pow(std::hypot(0.1, 1.0) - 1.0, 2);
        }
        CHECK(pbd::clothEnergy(sim).elastic ==
              Approx(0.5 * k * 0.01 + others).epsilon(1e-12));
    }
}
