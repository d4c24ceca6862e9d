#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include <catch2/catch.hpp>

#include "pbd/simulation.h"
#include "sim_builders.h"

#include <glm/geometric.hpp>

using pbd::Simulation;
using pbd::test::clothSettings;
using pbd::test::run;

TEST_CASE("a new simulation is the page's resting grid at time 0", "[simulation]")
{
    Simulation sim;
    CHECK(sim.particles().size() == 1200);
    CHECK(sim.constraints().size() == 4592);
    CHECK(sim.time() == 0.0);
    CHECK(maxConstraintViolation(sim) < 1e-14);
    for (const auto& v : sim.particles().velocity)
        CHECK(v == glm::dvec2(0.0));
}

TEST_CASE("fixed particles never move", "[simulation]")
{
    const int fixed = GENERATE(1, 2, 4);
    Simulation sim(clothSettings(10, 8, fixed));
    const auto corners = pbd::fixedCorners(10, 8, fixed);
    std::vector<glm::dvec2> start;
    for (auto i : corners)
        start.push_back(sim.particles().position[i]);
    run(sim, 500);
    for (std::size_t k = 0; k < corners.size(); ++k) {
        CHECK(sim.particles().position[corners[k]] == start[k]);
        CHECK(sim.particles().velocity[corners[k]] == glm::dvec2(0.0));
    }
    // And the rest of the cloth did fall: the centre particle (row 4, column 5) sank.
    CHECK(sim.particles().position[45].y < -0.8 - 0.001);
}

TEST_CASE("one free particle falls by symplectic Euler: v = g t, y = -g dt^2 n(n+1)/2", "[simulation]")
{
    // A 2x1 cloth with one fixed corner, iterations 0: particle 1 falls freely.
    auto s = clothSettings(2, 1, 1, 0);
    s.timeStep = 0.01;
    Simulation sim(s);
    const int n = 100;
    run(sim, n);
    const auto& p = sim.particles();
    CHECK(p.velocity[1].y == Approx(s.gravity * s.timeStep * n).epsilon(1e-12));
    CHECK(p.position[1].y == Approx(s.gravity * s.timeStep * s.timeStep * n * (n + 1) / 2).epsilon(1e-12));
    CHECK(p.position[1].x == 0.2);
    CHECK(sim.time() == Approx(1.0).epsilon(1e-12));
    CHECK(sim.stepCount() == 100);
}

TEST_CASE("velocity is the step's displacement over dt, constraint corrections included", "[simulation]")
{
    Simulation sim(clothSettings(6, 4));
    run(sim, 20);
    const auto before = sim.particles().position;
    sim.step();
    const auto& p = sim.particles();
    const double dt = sim.settings().timeStep;
    for (std::size_t i = 0; i < p.size(); ++i) {
        if (p.inverseMass[i] == 0.0)
            continue;
        CHECK(p.velocity[i].x == Approx((p.position[i].x - before[i].x) / dt).epsilon(1e-9));
        CHECK(p.velocity[i].y == Approx((p.position[i].y - before[i].y) / dt).epsilon(1e-9));
        CHECK(p.stepStart[i] == before[i]);
    }
}

TEST_CASE("a grabbed particle stays where it is put and keeps its velocity, release restores it", "[simulation][grab]")
{
    Simulation sim(clothSettings(8, 6));
    run(sim, 50);
    const pbd::Index g = 45;
    const glm::dvec2 velocityBefore = sim.particles().velocity[g];
    const double inverseMass = sim.particles().inverseMass[g];
    REQUIRE(sim.grab(g));
    CHECK(sim.grabbed() == g);
    sim.moveGrabbed({0.5, 0.25});
    run(sim, 100);
    CHECK(sim.particles().position[g] == glm::dvec2(0.5, 0.25));
    CHECK(sim.particles().velocity[g] == velocityBefore);
    CHECK(sim.particles().inverseMass[g] == 0.0);
    // Its neighbours were pulled towards it.
    CHECK(glm::distance(sim.particles().position[g + 1], glm::dvec2(0.5, 0.25)) < 0.3);

    sim.release();
    CHECK_FALSE(sim.grabbed());
    CHECK(sim.particles().inverseMass[g] == inverseMass);
    sim.step();
    CHECK(sim.particles().position[g] != glm::dvec2(0.5, 0.25));
}

TEST_CASE("grabbing a fixed corner moves it, and it stays fixed where it is released", "[simulation][grab]")
{
    Simulation sim(clothSettings(5, 5));
    REQUIRE(sim.grab(4));
    sim.moveGrabbed({1.5, 0.5});
    run(sim, 10);
    sim.release();
    run(sim, 10);
    CHECK(sim.particles().inverseMass[4] == 0.0);
    CHECK(sim.particles().position[4] == glm::dvec2(1.5, 0.5));
}

TEST_CASE("grabbing another particle releases the first, bad grabs change nothing", "[simulation][grab]")
{
    Simulation sim(clothSettings(5, 5));
    REQUIRE(sim.grab(7));
    REQUIRE(sim.grab(12));
    CHECK(sim.grabbed() == 12u);
    CHECK(sim.particles().inverseMass[7] == 2.0);
    CHECK_FALSE(sim.grab(25));
    CHECK(sim.grabbed() == 12u);
    sim.release();
    sim.release(); // releasing without a grab is harmless
    CHECK_FALSE(sim.grabbed());
    CHECK_FALSE(sim.moveGrabbed({9.0, 9.0})); // moving without a grab does nothing
    for (const auto& p : sim.particles().position)
        CHECK(p != glm::dvec2(9.0, 9.0));
}

TEST_CASE("a grabbed particle refuses NaN, infinite and huge positions and stays put",
          "[simulation][grab]")
{
    Simulation sim(clothSettings(5, 5));
    REQUIRE(sim.grab(12));
    REQUIRE(sim.moveGrabbed({1.0, -2.0}));
    const double nan = std::nan("");
    const double inf = HUGE_VAL;
    const double huge = 2.0 * pbd::kMaxGrabCoordinate;
    for (const glm::dvec2 bad : {glm::dvec2(nan, 0.0), glm::dvec2(0.0, nan), glm::dvec2(inf, 0.0),
                                 glm::dvec2(0.0, -inf), glm::dvec2(huge, 0.0),
                                 glm::dvec2(0.0, -huge)}) {
        CAPTURE(bad.x, bad.y);
        CHECK_FALSE(sim.moveGrabbed(bad));
        CHECK(sim.particles().position[12] == glm::dvec2(1.0, -2.0));
    }
    // The limit itself is allowed, and the cloth steps on finite.
    CHECK(sim.moveGrabbed({pbd::kMaxGrabCoordinate, -pbd::kMaxGrabCoordinate}));
    CHECK(sim.moveGrabbed({1.0, -2.0}));
    run(sim, 10);
    for (const auto& p : sim.particles().position)
        REQUIRE((std::isfinite(p.x) && std::isfinite(p.y)));
}

TEST_CASE("a heavier particle moves less than its lighter neighbour", "[simulation][mass]")
{
    // Two free particles in free fall would move alike; a constraint between them, stretched,
    // pulls the light one further. Pin nothing: a 2x1 cloth with particle 0 fixed, then unpin it.
    auto s = clothSettings(2, 1, 1, 1);
    s.gravity = 0.0;
    Simulation sim(s);
    REQUIRE(sim.unpin(0));
    REQUIRE(sim.setMass(0, 2.0));
    REQUIRE(sim.setMass(1, 0.5));
    REQUIRE(sim.grab(1));
    sim.moveGrabbed({1.2, 0.0}); // stretch to 1.2 m (rest 0.2)
    sim.release();
    sim.step();
    const auto& p = sim.particles().position;
    const double moved0 = p[0].x - 0.0;
    const double moved1 = 1.2 - p[1].x;
    CHECK(moved0 == Approx(0.2));
    CHECK(moved1 == Approx(0.8));
    CHECK(p[1].x - p[0].x == Approx(0.2));
}

TEST_CASE("large time steps and many iterations stay finite and do not blow up", "[simulation][stability][slow]")
{
    // At 100 times the page's step each step's fall, g dt^2 = 2.45 m, is twelve cells: PBD stays
    // stable there but far from converged, so the cloth hangs stretched (at rest 5 to 15 m from
    // its corner with 50 sweeps, hundreds of metres with one), not at the 4.7 m of an
    // inextensible one. The physics that bounds it: a cloth released from rest whose projection
    // only takes away motion swings less and less and, given sweeps enough, comes to rest.
    auto s = clothSettings(20, 15, GENERATE(1, 2, 4), GENERATE(1, 50));
    s.timeStep = 0.5;
    Simulation sim(s);
    // Largest distance of any particle from particle 0 (at the origin, fixed) over `steps`.
    auto extentOver = [&sim](int steps) {
        double extent = 0.0;
        for (int i = 0; i < steps; ++i) {
            sim.step();
            for (const auto& p : sim.particles().position)
                extent = std::max(extent, std::sqrt(p.x * p.x + p.y * p.y));
        }
        return extent;
    };
    std::vector<double> reach; // per window of 100 steps
    for (int window = 0; window < 8; ++window)
        reach.push_back(extentOver(100));
    INFO("fixed " << s.fixedCount << ", iterations " << s.iterations << ": reach per 100 steps "
                  << Catch::Detail::stringify(reach));
    REQUIRE(pbd::test::allFinite(sim));
    // The swing dies down: no window reaches further than the one before it, but for rounding
    // once at rest (1e-12 m, some thousand ulps of 5 m). An explicit spring model at this step
    // would grow without bound.
    for (std::size_t k = 1; k < reach.size(); ++k)
        CHECK(reach[k] <= reach[k - 1] + 1e-12);
    // No shorter than inextensible: with both diagonals every cell is rigid, so an inextensible
    // cloth is a rigid 3.8 m x 2.8 m rectangle and its far corner is a diagonal from particle 0.
    CHECK(reach.back() >= std::hypot(3.8, 2.8) * (1.0 - 1e-12));
    if (s.iterations == 50) {
        // Fifty sweeps bring it to rest within the first 200 steps, in the state where they
        // undo each step's fall exactly: from then on it moves less than a nanometre.
        double fastest = 0.0;
        for (const auto& v : sim.particles().velocity)
            fastest = std::max(fastest, std::sqrt(v.x * v.x + v.y * v.y));
        CHECK(fastest < 1e-9);
        for (std::size_t k = 3; k < reach.size(); ++k)
            CHECK(reach[k] == Approx(reach[2]).margin(1e-9).epsilon(0));
    }
}

TEST_CASE("more iterations give a smaller largest constraint violation", "[simulation][convergence][slow]")
{
    double previous = INFINITY;
    for (int iterations : {1, 2, 5, 20, 100}) {
        Simulation sim(clothSettings(20, 20, 2, iterations));
        run(sim, 400);
        const double violation = maxConstraintViolation(sim);
        INFO(iterations << " iterations: " << violation);
        CHECK(violation < previous);
        previous = violation;
    }
}

TEST_CASE("two runs with the same inputs are bit-identical", "[simulation][determinism]")
{
    Simulation a(clothSettings(17, 11, 4, 3));
    Simulation b(clothSettings(17, 11, 4, 3));
    for (Simulation* sim : {&a, &b}) {
        run(*sim, 100);
        sim->grab(150);
        sim->moveGrabbed({1.0, -0.5});
        run(*sim, 100);
        sim->release();
        run(*sim, 100);
    }
    CHECK(a.particles().position == b.particles().position);
    CHECK(a.particles().velocity == b.particles().velocity);
}

TEST_CASE("time step, iterations, gravity and mass change between steps without a rebuild", "[simulation][settings]")
{
    Simulation sim(clothSettings(10, 10));
    run(sim, 10);
    const auto positions = sim.particles().position;
    auto s = sim.settings();
    s.timeStep = 0.01;
    s.iterations = 7;
    s.gravity = -3.0;
    s.mass = 4.0;
    REQUIRE_FALSE(sim.apply(s));
    CHECK(sim.particles().position == positions);
    CHECK(sim.time() == Approx(0.05));
    CHECK(sim.particles().inverseMass[50] == 0.25);
    CHECK(sim.particles().inverseMass[0] == 0.0);
    sim.step();
    CHECK(sim.time() == Approx(0.06));
}

TEST_CASE("width, height and fixed count rebuild the cloth", "[simulation][settings]")
{
    Simulation sim(clothSettings(10, 10));
    run(sim, 10);
    sim.grab(5);
    auto s = sim.settings();
    s.fixedCount = 4;
    REQUIRE_FALSE(sim.apply(s));
    CHECK(sim.time() == 0.0);
    CHECK_FALSE(sim.grabbed());
    CHECK(sim.particles().inverseMass[99] == 0.0);
    s.width = 3;
    REQUIRE_FALSE(sim.apply(s));
    CHECK(sim.particles().size() == 30);
}

TEST_CASE("invalid settings are refused and the running simulation is untouched", "[simulation][settings]")
{
    Simulation sim(clothSettings(10, 10));
    run(sim, 10);
    const auto positions = sim.particles().position;
    const auto settings = sim.settings();
    auto bad = settings;
    bad.width = 0;
    const auto error = sim.apply(bad);
    REQUIRE(error);
    CHECK(error->field == "width");
    CHECK(sim.settings() == settings);
    CHECK(sim.particles().position == positions);
    CHECK(sim.time() == Approx(0.05));
    CHECK_THROWS_AS(Simulation(bad), std::invalid_argument);
}

TEST_CASE("restart returns to the resting grid at time 0", "[simulation]")
{
    Simulation sim(clothSettings(6, 6));
    run(sim, 30);
    sim.grab(20);
    sim.restart();
    CHECK(sim.time() == 0.0);
    CHECK_FALSE(sim.grabbed());
    CHECK(sim.particles().position == pbd::buildClothGrid(6, 6).positions);
    CHECK(sim.particles().inverseMass[20] == 2.0);
}
