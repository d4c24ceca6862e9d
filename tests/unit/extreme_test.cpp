// Extreme but valid settings and interactions: the simulation must stay finite, keep its fixed
// particles in place and do what the page would do at the edges of every allowed range.

#include <algorithm>
#include <cmath>
#include <vector>

#include <catch2/catch.hpp>

#include <glm/geometric.hpp>

#include "pbd/simulation.h"
#include "sim_builders.h"
#include "solver_loop.h"

using pbd::Index;
using pbd::Settings;
using pbd::Simulation;
using pbd::test::allFinite;
using pbd::test::clothSettings;
using pbd::test::run;

namespace {

/// The grid position of particle `index` on a cloth `width` wide, as the page builds it.
glm::dvec2 gridPosition(Index index, int width)
{
    const double s = 0.1;
    return {s * 2 * (index % static_cast<Index>(width)), -s * 2 * (index / static_cast<Index>(width))};
}

/// True when every fixed corner of `sim` is still at its grid position with zero velocity.
bool fixedCornersAtRest(const Simulation& sim)
{
    const Settings& s = sim.settings();
    for (Index i : pbd::fixedCorners(s.width, s.height, s.fixedCount))
        if (sim.particles().position[i] != gridPosition(i, s.width) ||
            sim.particles().velocity[i] != glm::dvec2(0.0))
            return false;
    return true;
}

} // namespace

TEST_CASE("one-particle-wide and one-particle-high cloths work with every fixed count",
          "[extreme]")
{
    struct Case {
        int width, height, fixed;
        std::vector<Index> corners; // the distinct fixed particles
    };
    const Case c = GENERATE(values<Case>({
        {1, 1, 1, {0}}, {1, 1, 2, {0}}, {1, 1, 4, {0}},          // every corner is particle 0
        {1, 6, 1, {0}}, {1, 6, 2, {0}}, {1, 6, 4, {0, 5}},       // "two corners" are one
        {6, 1, 1, {0}}, {6, 1, 2, {0, 5}}, {6, 1, 4, {0, 5}},    // top corners = bottom ones
        {1, 2, 4, {0, 1}}, {2, 1, 4, {0, 1}}, {2, 2, 4, {0, 1, 2, 3}},
    }));
    CAPTURE(c.width, c.height, c.fixed);
    CHECK(pbd::fixedCorners(c.width, c.height, c.fixed) == c.corners);

    Simulation sim(clothSettings(c.width, c.height, c.fixed, 5));
    const std::size_t n = static_cast<std::size_t>(c.width * c.height);
    CHECK(sim.particles().size() == n);
    CHECK(sim.constraints().size() == pbd::clothConstraintCount(c.width, c.height));
    for (Index i = 0; i < n; ++i)
        CHECK((sim.particles().inverseMass[i] == 0.0) ==
              (std::find(c.corners.begin(), c.corners.end(), i) != c.corners.end()));

    run(sim, 400);
    CHECK(allFinite(sim));
    CHECK(fixedCornersAtRest(sim));
    // No free particle rose, and together they fell (a chain held at both ends only sags by
    // the stretch its few iterations leave, so single particles may barely move).
    double drop = 0.0;
    for (Index i = 0; i < n; ++i) {
        if (sim.particles().inverseMass[i] == 0.0)
            continue;
        const double dy = sim.particles().position[i].y - gridPosition(i, c.width).y;
        CHECK(dy <= 1e-12);
        drop -= dy;
    }
    if (n > c.corners.size())
        CHECK(drop > 1e-6);
}

TEST_CASE("a 1x1 cloth is a single fixed particle with no constraints that never moves",
          "[extreme]")
{
    Settings s = clothSettings(1, 1, 1, pbd::kMaxIterations);
    s.timeStep = pbd::kMaxTimeStep;
    s.gravity = -pbd::kMaxGravity;
    Simulation sim(s);
    CHECK(sim.constraints().empty());
    run(sim, 100);
    CHECK(sim.particles().position[0] == glm::dvec2(0.0));
    CHECK(sim.time() == 100 * pbd::kMaxTimeStep);
}

TEST_CASE("every combination of extreme time step, gravity, mass and iterations stays finite",
          "[extreme]")
{
    const double dt = GENERATE(pbd::kMinTimeStep, pbd::kMaxTimeStep);
    const double gravity = GENERATE(-pbd::kMaxGravity, 0.0, pbd::kMaxGravity);
    const double mass = GENERATE(pbd::kMinMass, pbd::kMaxMass);
    const int iterations = GENERATE(0, 1, 50);
    const pbd::Solver solver = GENERATE(pbd::Solver::Sequential, pbd::Solver::Colored);
    CAPTURE(dt, gravity, mass, iterations, pbd::solverName(solver));
    Settings s = clothSettings(6, 5, 2, iterations);
    s.solver = solver;
    s.threads = 1; // the result does not depend on it; more threads only add barrier waits here
    s.timeStep = dt;
    s.gravity = gravity;
    s.mass = mass;
    Simulation sim(s);
    const Index centre = 2 * 6 + 3;
    const int steps = 300;
    run(sim, steps);
    pbd::test::requireSolver(sim, solver);
    CHECK(allFinite(sim));
    CHECK(fixedCornersAtRest(sim));
    CHECK(sim.stepCount() == static_cast<std::uint64_t>(steps));
    CHECK(sim.time() == Approx(steps * dt).epsilon(1e-12));
    const double y = sim.particles().position[centre].y;
    const double y0 = gridPosition(centre, 6).y;
    if (gravity == 0.0)
        CHECK(std::abs(y - y0) < 1e-9); // a cloth at rest without gravity stays where it is
    else if (gravity > 0.0)
        CHECK(y > y0);
    else
        CHECK(y < y0);
}

TEST_CASE("the iteration cap converges a small cloth further than the page's two iterations",
          "[extreme]")
{
    Simulation page(clothSettings(12, 10, 2, 2));
    Simulation capped(clothSettings(12, 10, 2, pbd::kMaxIterations));
    run(page, 100);
    run(capped, 100);
    CHECK(allFinite(capped));
    CHECK(fixedCornersAtRest(capped));
    CHECK(maxConstraintViolation(capped) < maxConstraintViolation(page) / 10);
}

TEST_CASE("a particle dragged to the largest allowed coordinates and released stays finite",
          "[extreme][grab]")
{
    const double dt = GENERATE(pbd::kMinTimeStep, pbd::kMaxTimeStep);
    const double mass = GENERATE(pbd::kMinMass, pbd::kMaxMass);
    CAPTURE(dt, mass);
    Settings s = clothSettings(5, 4, 4, 10);
    s.timeStep = dt;
    s.mass = mass;
    s.gravity = -pbd::kMaxGravity;
    Simulation sim(s);
    REQUIRE(sim.grab(7));
    sim.moveGrabbed({1e6, -1e6});
    run(sim, 20);
    CHECK(sim.particles().position[7] == glm::dvec2(1e6, -1e6));
    sim.moveGrabbed({-1e6, 1e6});
    run(sim, 20);
    sim.release();
    run(sim, 500);
    CHECK(allFinite(sim));
    CHECK(fixedCornersAtRest(sim));
}

TEST_CASE("a fixed corner can be grabbed, dragged far and released where it then stays",
          "[extreme][grab]")
{
    Simulation sim(clothSettings(5, 4, 4, 10));
    REQUIRE(sim.grab(0));
    sim.moveGrabbed({-1e6, 1e6});
    run(sim, 50);
    sim.release();
    CHECK(sim.particles().inverseMass[0] == 0.0); // still fixed after release
    run(sim, 50);
    CHECK(sim.particles().position[0] == glm::dvec2(-1e6, 1e6));
    CHECK(allFinite(sim));
}

TEST_CASE("restart while grabbing drops the grab and restores every inverse mass", "[extreme][grab]")
{
    Simulation sim(clothSettings(5, 4, 2));
    const std::vector<double> before = sim.particles().inverseMass;
    REQUIRE(sim.grab(7));
    sim.moveGrabbed({3.0, 3.0});
    run(sim, 10);
    sim.restart();
    CHECK_FALSE(sim.grabbed());
    CHECK(sim.particles().inverseMass == before);
    CHECK(sim.particles().position[7] == gridPosition(7, 5));
    CHECK(sim.time() == 0.0);
    sim.moveGrabbed({9.0, 9.0}); // no grab any more: nothing moves
    CHECK(sim.particles().position[7] == gridPosition(7, 5));
    sim.release();               // and releasing is harmless
    CHECK(sim.particles().inverseMass == before);
}

TEST_CASE("release without a grab changes nothing", "[extreme][grab]")
{
    Simulation sim(clothSettings(5, 4, 2));
    run(sim, 10);
    const auto positions = sim.particles().position;
    const auto inverseMasses = sim.particles().inverseMass;
    sim.release();
    sim.release();
    CHECK_FALSE(sim.grabbed());
    CHECK(sim.particles().position == positions);
    CHECK(sim.particles().inverseMass == inverseMasses);
}

TEST_CASE("two particles dragged onto the same point are left alone by their constraint",
          "[extreme][grab]")
{
    // A 2x1 cloth: particle 0 fixed at the origin, one constraint. Particle 1 dragged onto
    // particle 0 and released makes the constraint degenerate (no direction); the 0.001 m
    // guard skips it instead of dividing by zero.
    Settings s = clothSettings(2, 1, 1, 10);
    s.gravity = 0.0;
    Simulation sim(s);
    REQUIRE(sim.grab(1));
    sim.moveGrabbed({0.0, 0.0});
    sim.release();
    run(sim, 5);
    CHECK(sim.particles().position[1] == glm::dvec2(0.0));
    CHECK(sim.particles().velocity[1] == glm::dvec2(0.0));

    // Closer than the guard but not on top: still skipped, nothing moves.
    REQUIRE(sim.grab(1));
    sim.moveGrabbed({1e-300, -1e-4});
    sim.release();
    run(sim, 5);
    CHECK(sim.particles().position[1] == glm::dvec2(1e-300, -1e-4));

    // With gravity the particle falls out of the guard and the constraint pulls it back to
    // its rest length.
    Settings g = sim.settings();
    g.gravity = -9.81;
    REQUIRE_FALSE(sim.apply(g));
    run(sim, 2000);
    CHECK(allFinite(sim));
    CHECK(glm::length(sim.particles().position[1]) == Approx(0.2).epsilon(1e-3));
}

TEST_CASE("two free particles of a cloth dragged one after the other onto one point stay finite",
          "[extreme][grab]")
{
    Simulation sim(clothSettings(6, 5, 2, 20));
    for (Index i : {Index{14}, Index{15}, Index{20}, Index{21}}) {
        REQUIRE(sim.grab(i));
        sim.moveGrabbed({0.5, -0.5});
    }
    sim.pin(21); // keep the last one there while it is grabbed; pinned on release
    sim.release();
    run(sim, 500);
    CHECK(allFinite(sim));
    CHECK(sim.particles().position[21] == glm::dvec2(0.5, -0.5));
}

TEST_CASE("the largest allowed cloth builds and steps", "[extreme][large][slow]")
{
    // 2048 x 2048: 4.2 million particles, 16.8 million constraints, about 0.5 GiB. One step
    // takes about a second in a Release build; the sanitizer build is several times slower, so
    // the test takes just one step with one iteration.
    Settings s = clothSettings(pbd::kMaxClothSide, pbd::kMaxClothSide, 4, 1);
    const pbd::Solver solver = GENERATE(pbd::Solver::Sequential, pbd::Solver::Colored);
    s.solver = solver;
    CAPTURE(pbd::solverName(solver));
    Simulation sim(s);
    REQUIRE(sim.particles().size() == 2048u * 2048u);
    REQUIRE(sim.constraints().size() == pbd::clothConstraintCount(2048, 2048));
    CHECK(sim.constraints().size() == 16'764'930u);
    sim.step();
    pbd::test::requireSolver(sim, solver);
    CHECK(allFinite(sim));
    CHECK(fixedCornersAtRest(sim));
    const Index centre = 1024 * 2048 + 1024;
    CHECK(sim.particles().position[centre].y < gridPosition(centre, 2048).y);
}
