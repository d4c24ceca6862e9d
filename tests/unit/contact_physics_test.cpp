// The contact phase as physics: no movable particle ends a step inside an obstacle (grown by
// thickness / 2), fast particles do not pass through thin ones, Coulomb's law on a slope, a
// moving obstacle drags what rests on it only with friction, the colored solver's bits do not
// depend on its threads, and without obstacles nothing changes.

#include <cmath>
#include <numbers>
#include <random>
#include <vector>

#include <catch2/catch.hpp>
#include <glm/geometric.hpp>

#include "obstacle_geometry.h"
#include "pbd/simulation.h"
#include "sim_builders.h"
#include "solver_loop.h"

using pbd::Obstacle;
using pbd::ObstacleShape;
using pbd::Settings;
using pbd::Simulation;

namespace {

constexpr double kDegree = std::numbers::pi / 180.0;

Obstacle randomObstacle(std::mt19937& rng)
{
    std::uniform_real_distribution<double> x(-1.0, 5.0), y(-4.0, 0.5), size(0.05, 1.5),
        angle(-180.0, 180.0);
    Obstacle o;
    o.shape = static_cast<ObstacleShape>(std::uniform_int_distribution<int>(0, 3)(rng));
    o.a = {x(rng), y(rng)};
    switch (o.shape) {
    case ObstacleShape::Circle:
        o.radius = size(rng);
        break;
    case ObstacleShape::Box:
        o.width = size(rng);
        o.height = size(rng);
        o.angle = angle(rng);
        break;
    case ObstacleShape::Capsule:
        o.b = o.a + glm::dvec2(x(rng) - 2.0, y(rng) + 1.5) * 0.5;
        o.radius = 0.5 * size(rng);
        break;
    case ObstacleShape::Ground:
        o.a = {0.0, y(rng) - 2.0};
        o.angle = std::uniform_real_distribution<double>(-60.0, 60.0)(rng);
        break;
    }
    return o;
}

/// The deepest a movable particle is inside any obstacle grown by thickness / 2 (m, <= 0
/// when none is inside).
double deepest(const Simulation& sim)
{
    double depth = 0.0;
    const auto& p = sim.particles();
    for (std::size_t i = 0; i < p.size(); ++i) {
        if (p.inverseMass[i] == 0.0)
            continue;
        for (const Obstacle& o : sim.obstacles())
            depth = std::max(depth, -pbd::test::distanceToObstacle(o, p.position[i],
                                                                    0.5 * sim.settings().thickness));
    }
    return depth;
}

/// A rope of `n` free particles at rest, 0.2 m apart along the line through `start` at
/// `degrees`.
Simulation ropeAlong(int n, glm::dvec2 start, double degrees, Settings settings)
{
    settings.width = n;
    settings.height = 1;
    Simulation sim(settings);
    pbd::SimulationState state = sim.state();
    const glm::dvec2 along(std::cos(degrees * kDegree), std::sin(degrees * kDegree));
    for (int i = 0; i < n; ++i)
        state.position[static_cast<std::size_t>(i)] = start + (0.2 * i) * along;
    state.pinned.clear();
    REQUIRE_FALSE(sim.restore(state));
    return sim;
}

glm::dvec2 mean(const std::vector<glm::dvec2>& v)
{
    glm::dvec2 sum(0.0);
    for (const glm::dvec2& p : v)
        sum += p;
    return sum / static_cast<double>(v.size());
}

} // namespace

TEST_CASE("no movable particle ends a step inside an obstacle grown by thickness / 2, for "
          "every shape and angle, on both CPU solvers",
          "[contacts]")
{
    std::mt19937 rng(24);
    for (int trial = 0; trial < 120; ++trial) {
        Settings s = pbd::test::clothSettings(20, 15);
        const pbd::Solver solver = trial % 2 == 0 ? pbd::Solver::Sequential : pbd::Solver::Colored;
        s.solver = solver;
        s.substeps = 1 + trial % 3;
        s.thickness = std::uniform_real_distribution<double>(0.0, 0.1)(rng);
        s.friction = std::uniform_real_distribution<double>(0.0, 1.0)(rng);
        Simulation sim(s);
        std::vector<Obstacle> obstacles;
        const int count = 1 + trial % 4;
        for (int k = 0; k < count; ++k)
            obstacles.push_back(randomObstacle(rng));
        REQUIRE_FALSE(sim.setInitialObstacles(obstacles));
        if (trial % 3 == 0) // now and then, a throw into them
            sim.grab(150), sim.release({20.0, -30.0});
        for (int step = 0; step < 80; ++step) {
            if (count == 1 && step % 10 == 5) // one obstacle alone may move (nothing to pinch)
                REQUIRE_FALSE(sim.moveObstacle(0, pbd::obstaclePose(sim.obstacles()[0]).centre +
                                                      glm::dvec2(0.05, 0.02),
                                               std::nullopt));
            sim.step();
            INFO("trial " << trial << ", step " << step << ", obstacles "
                          << [&] {
                                 std::string specs;
                                 for (const Obstacle& o : sim.obstacles())
                                     specs += pbd::formatObstacleSpec(o) + " ";
                                 return specs;
                             }() << "thickness " << s.thickness);
            REQUIRE(pbd::test::allFinite(sim));
            REQUIRE(deepest(sim) < 1e-9);
        }
        pbd::test::requireSolver(sim, solver);
    }
}

TEST_CASE("a particle at 200 m/s ends on the near side of a capsule of radius 0.01 m and of a "
          "box 0.02 m thick",
          "[contacts]")
{
    const Obstacle capsule = pbd::test::obstacle("capsule:0.5,-1,0.5,1,0.01");
    const Obstacle box = pbd::test::obstacle("box:0.5,0,0.02,2");
    const Obstacle tilted = pbd::test::obstacle("box:0.5,0,0.02,2,30");
    for (const Obstacle& wall : {capsule, box, tilted})
        for (pbd::Solver solver : {pbd::Solver::Sequential, pbd::Solver::Colored})
            for (glm::dvec2 velocity : {glm::dvec2(200.0, 0.0), glm::dvec2(180.0, 87.0)}) {
                Settings s = pbd::test::clothSettings(1, 1, 1);
                s.gravity = 0.0;
                s.solver = solver;
                Simulation sim(s);
                sim.unpin(0);
                REQUIRE_FALSE(sim.addObstacle(wall));
                sim.grab(0);
                sim.release(velocity);
                for (int step = 0; step < 20; ++step) {
                    sim.step();
                    const glm::dvec2 p = sim.particles().position[0];
                    // The wall's near side is where (p - centre) along its normal is negative.
                    const glm::dvec2 n(std::cos(wall.angle * kDegree),
                                       std::sin(wall.angle * kDegree));
                    INFO("shape " << pbd::obstacleShapeName(wall.shape) << ", step " << step
                                  << ", x " << p.x << ", y " << p.y);
                    REQUIRE(glm::dot(p - wall.a, n) < 0.0);
                    REQUIRE(pbd::test::distanceToObstacle(wall, p, 0.0) > -1e-9);
                }
                pbd::test::requireSolver(sim, solver);
            }
}

TEST_CASE("on a ground tilted by theta a rope stays put when mu > tan theta and slides with "
          "acceleration g (sin theta - mu cos theta) when mu < tan theta",
          "[contacts][friction]")
{
    const double theta = 20.0;
    const double g = 9.81;
    const double tanTheta = std::tan(theta * kDegree);
    for (pbd::Solver solver : {pbd::Solver::Sequential, pbd::Solver::Colored})
        for (double factor : {0.0, 0.5, 0.9, 1.1, 2.0}) {
            Settings s;
            s.solver = solver;
            s.friction = factor * tanTheta;
            s.substeps = 2;
            const Obstacle ground = pbd::test::obstacle("ground:0,-20");
            Simulation sim = ropeAlong(10, {0.0, 0.0}, -theta, s);
            REQUIRE_FALSE(sim.addObstacle(ground));
            const glm::dvec2 start = mean(sim.particles().position);
            const int steps = 200; // 1 s
            pbd::test::run(sim, steps);
            pbd::test::requireSolver(sim, solver);
            const glm::dvec2 down(std::cos(-theta * kDegree), std::sin(-theta * kDegree));
            const double slid = glm::dot(mean(sim.particles().position) - start, down);
            const double speed = glm::dot(mean(sim.particles().velocity), down);
            INFO("solver " << pbd::solverName(solver) << ", mu = " << factor << " tan theta, slid "
                           << slid << " m, speed " << speed << " m/s");
            if (factor > 1.0) {
                CHECK(std::abs(slid) < 1e-9);
            } else {
                const double expected =
                    g * (std::sin(theta * kDegree) - s.friction * std::cos(theta * kDegree));
                const double t = steps * s.timeStep;
                CHECK(speed / t == Approx(expected).epsilon(0.02));
                CHECK(slid > 0.45 * expected * t * t);
            }
        }
}

TEST_CASE("an obstacle moving under a resting rope drags it with friction, not without",
          "[contacts][friction]")
{
    for (double mu : {0.0, 1.0}) {
        Settings s;
        s.friction = mu;
        Simulation sim = ropeAlong(10, {0.0, 0.0}, 0.0, s);
        REQUIRE_FALSE(sim.addObstacle(pbd::test::obstacle("box:1,-0.5,6,1")));
        const double x0 = mean(sim.particles().position).x;
        for (int step = 1; step <= 200; ++step) { // 0.5 m/s to the right for 1 s
            REQUIRE_FALSE(sim.moveObstacle(0, {1.0 + 0.5 * step * s.timeStep, -0.5}, std::nullopt));
            sim.step();
        }
        const double moved = mean(sim.particles().position).x - x0;
        INFO("mu " << mu << ": the rope moved " << moved << " m");
        if (mu == 0.0)
            CHECK(std::abs(moved) < 1e-9);
        else
            CHECK(moved == Approx(0.5).epsilon(0.05));
    }
}

TEST_CASE("the colored solver gives the same bits on 1 to 4 threads with obstacles",
          "[contacts][colored]")
{
    std::vector<glm::dvec2> reference;
    for (int threads = 1; threads <= 4; ++threads) {
        Settings s = pbd::test::clothSettings(100, 100);
        s.solver = pbd::Solver::Colored;
        s.threads = threads;
        s.thickness = 0.05;
        s.friction = 0.3;
        s.substeps = 2;
        Simulation sim(s);
        REQUIRE(sim.chunkCount() >= 4);
        std::vector<Obstacle> obstacles;
        for (const char* spec : {"circle:5,-8,2", "box:12,-6,3,1,20", "capsule:2,-15,8,-14,0.2",
                                 "ground:-21,-10"})
            obstacles.push_back(pbd::test::obstacle(spec));
        REQUIRE_FALSE(sim.setInitialObstacles(obstacles));
        for (int step = 0; step < 60; ++step) {
            if (step == 30)
                REQUIRE_FALSE(sim.moveObstacle(0, {6.0, -8.5}, std::nullopt));
            sim.step();
        }
        pbd::test::requireColoredThreads(sim, static_cast<unsigned>(threads));
        CHECK(deepest(sim) < 1e-9);
        if (threads == 1)
            reference = sim.particles().position;
        else
            CHECK(pbd::test::sameBits(reference, sim.particles().position));
    }
}

TEST_CASE("without obstacles, thickness and friction change nothing", "[contacts]")
{
    for (pbd::Solver solver : {pbd::Solver::Sequential, pbd::Solver::Colored}) {
        Settings plain = pbd::test::clothSettings(30, 20);
        plain.solver = solver;
        Settings world = plain;
        world.thickness = 0.1;
        world.friction = 0.7;
        Simulation a(plain), b(world);
        pbd::test::run(a, 50);
        pbd::test::run(b, 50);
        pbd::test::requireSolver(a, solver);
        pbd::test::requireSolver(b, solver);
        CHECK(pbd::test::samePositions(a, b));
    }
}
