// Obstacles and balls on the GPU solver: no movable particle ends a step inside an obstacle
// (grown by thickness / 2) in float or double, for random shapes, angles, thicknesses,
// frictions and moves; a particle at 200 m/s does not pass through a thin capsule or box;
// double follows the colored CPU solver through a draped, moved, rubbed cloth; a ball dropped
// on a rope is caught; a ball and a free cloth keep their momentum.

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include <glm/geometric.hpp>

#include "deviation.h"
#include "../unit/obstacle_geometry.h"
#include "../unit/sim_builders.h"
#include "gpu_backend.h"
#include "pbd/simulation.h"

namespace {

using pbd::test::deviation;

using pbd::Ball;
using pbd::GpuPrecision;
using pbd::Obstacle;
using pbd::ObstacleShape;
using pbd::Settings;
using pbd::Simulation;

constexpr double kDegree = std::numbers::pi / 180.0;

Simulation makeSimulation(Settings s, pbd::Solver solver, GpuPrecision precision)
{
    s.solver = solver;
    s.gpuPrecision = precision;
    s.threads = 1;
    Simulation sim(s);
    if (solver == pbd::Solver::Gpu)
        sim.installBackend(pbd::gpu::currentContextBackendFactory("test context"));
    return sim;
}

/// An obstacle of `shape` somewhere under or in a 20 x 15 cloth hung from (0, 0) and (3.8, 0).
Obstacle randomObstacle(std::mt19937& rng, ObstacleShape shape)
{
    std::uniform_real_distribution<double> x(-1.0, 5.0), y(-4.0, 0.5), size(0.05, 1.5),
        angle(-180.0, 180.0);
    Obstacle o;
    o.shape = shape;
    o.a = {x(rng), y(rng)};
    switch (shape) {
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
    pbd::settleObstacle(o);
    return o;
}

/// The deepest a movable particle is inside any obstacle grown by thickness / 2 (m, <= 0 when
/// none is), on the state synced from the GPU.
double deepest(Simulation& sim)
{
    sim.sync();
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

Ball ball(glm::dvec2 centre, double radius, double mass)
{
    Ball b;
    b.position = centre;
    b.start = centre;
    b.radius = radius;
    b.mass = mass;
    return b;
}

} // namespace

TEST_CASE("no movable particle ends a step inside an obstacle on the GPU, float and double, "
          "for every shape, random angles, thicknesses, frictions and moves",
          "[contacts]")
{
    std::mt19937 rng(2404);
    const ObstacleShape shapes[] = {ObstacleShape::Circle, ObstacleShape::Box,
                                    ObstacleShape::Capsule, ObstacleShape::Ground};
    double worst[2] = {0.0, 0.0};
    for (int trial = 0; trial < 24; ++trial) {
        const GpuPrecision precision = trial % 2 == 0 ? GpuPrecision::Double : GpuPrecision::Float;
        Settings s;
        s.width = 20;
        s.height = 15;
        s.substeps = 1 + trial % 3;
        s.thickness = std::uniform_real_distribution<double>(0.0, 0.1)(rng);
        s.friction = std::uniform_real_distribution<double>(0.0, 1.0)(rng);
        Simulation sim = makeSimulation(s, pbd::Solver::Gpu, precision);
        // Every shape in turn alone (it may move: nothing to pinch it against), then all four.
        std::vector<Obstacle> obstacles;
        const bool alone = trial < 12;
        if (alone)
            obstacles.push_back(randomObstacle(rng, shapes[(trial / 2) % 4]));
        else
            for (const ObstacleShape shape : shapes)
                obstacles.push_back(randomObstacle(rng, shape));
        REQUIRE_FALSE(sim.setInitialObstacles(obstacles));
        if (trial % 3 == 0) // now and then, a throw into them
            sim.grab(150), sim.release({20.0, -30.0});
        const double tolerance = precision == GpuPrecision::Double ? 1e-9 : 1e-5;
        for (int step = 0; step < 60; ++step) {
            if (alone && step % 10 == 5) {
                const pbd::ObstaclePose pose = pbd::obstaclePose(sim.obstacles()[0]);
                REQUIRE_FALSE(sim.moveObstacle(0, pose.centre + glm::dvec2(0.05, 0.02),
                                               pose.angle + 7.0));
            }
            sim.step();
            const double d = deepest(sim);
            worst[precision == GpuPrecision::Double ? 0 : 1] =
                std::max(worst[precision == GpuPrecision::Double ? 0 : 1], d);
            INFO("trial " << trial << " (" << pbd::gpuPrecisionName(precision) << "), step "
                          << step << ", obstacles " << [&] {
                                 std::string specs;
                                 for (const Obstacle& o : sim.obstacles())
                                     specs += pbd::formatObstacleSpec(o) + " ";
                                 return specs;
                             }() << "thickness " << s.thickness << ", friction " << s.friction
                          << ", substeps " << s.substeps << ", depth " << d);
            REQUIRE(d < tolerance);
        }
    }
    std::printf("GPU contacts, deepest a movable particle ended inside an obstacle: double %.3g "
                "m, float %.3g m\n", worst[0], worst[1]);
}

TEST_CASE("a particle at 200 m/s ends on the near side of a capsule of radius 0.01 m and of a "
          "box 0.02 m thick, on the GPU in float and double",
          "[contacts]")
{
    std::string error;
    const Obstacle walls[] = {*pbd::parseObstacleSpec("capsule:0.5,-1,0.5,1,0.01", error),
                              *pbd::parseObstacleSpec("box:0.5,0,0.02,2", error),
                              *pbd::parseObstacleSpec("box:0.5,0,0.02,2,30", error)};
    for (const Obstacle& wall : walls)
        for (const GpuPrecision precision : {GpuPrecision::Double, GpuPrecision::Float})
            for (const glm::dvec2 velocity : {glm::dvec2(200.0, 0.0), glm::dvec2(180.0, 87.0)}) {
                Settings s;
                s.width = 1;
                s.height = 1;
                s.fixedCount = 1;
                s.gravity = 0.0;
                Simulation sim = makeSimulation(s, pbd::Solver::Gpu, precision);
                sim.unpin(0);
                REQUIRE_FALSE(sim.addObstacle(wall));
                sim.grab(0);
                sim.release(velocity);
                for (int step = 0; step < 20; ++step) {
                    sim.step();
                    sim.sync();
                    const glm::dvec2 p = sim.particles().position[0];
                    const glm::dvec2 n(std::cos(wall.angle * kDegree),
                                       std::sin(wall.angle * kDegree));
                    INFO(pbd::formatObstacleSpec(wall) << ", "
                                                       << pbd::gpuPrecisionName(precision)
                                                       << ", step " << step << ", x " << p.x
                                                       << ", y " << p.y);
                    REQUIRE(glm::dot(p - wall.a, n) < 0.0);
                    REQUIRE(pbd::test::distanceToObstacle(wall, p, 0.0) > -1e-5);
                }
            }
}

TEST_CASE("double on the GPU follows the colored CPU solver through a cloth draped over moving "
          "obstacles with friction and thickness, and a ball",
          "[contacts]")
{
    std::string error;
    auto spec = [&error](const char* text) { return *pbd::parseObstacleSpec(text, error); };
    Settings s;
    s.substeps = 2;
    s.thickness = 0.05;
    s.friction = 0.4;
    s.damping = 0.2;
    const std::vector<Obstacle> obstacles = {spec("circle:4,-4,1"), spec("box:1.5,-3,1,0.5,30"),
                                             spec("capsule:5,-2,7,-3,0.1"),
                                             spec("ground:-7,-10")};
    // Before step k: the box turns and slides under the cloth, a ball falls on it.
    auto events = [](Simulation& sim, int k) {
        if (k >= 100 && k < 160)
            REQUIRE_FALSE(sim.moveObstacle(1, {1.5 + 0.01 * (k - 99), -3.0 + 0.004 * (k - 99)},
                                           30.0 + 0.5 * (k - 99)));
        if (k == 50)
            REQUIRE_FALSE(sim.addBall(ball({6.0, 1.0}, 0.3, 1.5)));
    };
    auto run = [&](pbd::Solver solver, GpuPrecision precision, int steps) {
        Simulation sim = makeSimulation(s, solver, precision);
        REQUIRE_FALSE(sim.setInitialObstacles(obstacles));
        for (int k = 0; k < steps; ++k) {
            events(sim, k);
            sim.step();
        }
        sim.sync();
        return std::make_pair(sim.particles().position, sim.balls()[0].position);
    };
    const auto cpu = run(pbd::Solver::Colored, GpuPrecision::Double, 300);
    const auto gpu = run(pbd::Solver::Gpu, GpuPrecision::Double, 300);
    const double d = deviation(gpu.first, cpu.first);
    const bool same = std::memcmp(gpu.first.data(), cpu.first.data(),
                                  gpu.first.size() * sizeof(glm::dvec2)) == 0;
    std::printf("GPU double vs colored CPU, 300 steps draped over 4 obstacles (one moved and "
                "turned), friction, thickness, a ball: %.3g m%s; ball %.3g m\n", d,
                same ? " (the same bits)" : "", glm::distance(gpu.second, cpu.second));
    CHECK(d <= 1e-9);
    CHECK(glm::distance(gpu.second, cpu.second) <= 1e-9);
    // What the obstacles did: the cloth without them ends far from there.
    Simulation free = makeSimulation(s, pbd::Solver::Colored, GpuPrecision::Double);
    for (int k = 0; k < 300; ++k)
        free.step();
    CHECK(deviation(free.particles().position, cpu.first) > 0.5);
}

TEST_CASE("a ball dropped on a rope hung by its ends is caught on the GPU and rests above it, "
          "a heavier one sagging it further",
          "[balls][slow]")
{
    for (const GpuPrecision precision : {GpuPrecision::Double, GpuPrecision::Float}) {
        double lowest[2] = {0.0, 0.0};
        double height[2] = {0.0, 0.0};
        for (int heavy = 0; heavy < 2; ++heavy) {
            Settings s;
            s.width = 20;
            s.height = 1;
            s.iterations = 10;
            s.damping = 2.0;
            Simulation sim = makeSimulation(s, pbd::Solver::Gpu, precision);
            REQUIRE(sim.unpin(19));
            REQUIRE(sim.grab(19));
            REQUIRE(sim.moveGrabbed({2.8, 0.0}));
            REQUIRE_FALSE(sim.setInitialBalls({ball({1.4, 1.0}, 0.3, heavy ? 10.0 : 1.0)}));
            for (int k = 0; k < 2500; ++k)
                sim.step();
            sim.sync();
            const Ball b = sim.balls()[0];
            double under = -1e9;
            for (const glm::dvec2 p : sim.particles().position) {
                lowest[heavy] = std::min(lowest[heavy], p.y);
                if (std::abs(p.x - b.position.x) < b.radius)
                    under = std::max(under, p.y);
            }
            height[heavy] = b.position.y;
            INFO(pbd::gpuPrecisionName(precision) << ", mass " << b.mass << ": ball at "
                                                  << b.position.y << ", speed "
                                                  << glm::length(b.velocity));
            CHECK(glm::length(b.velocity) < 1e-3); // at rest
            CHECK(b.position.y > under);            // above the rope
            CHECK(b.position.y > -3.0);             // caught
            CHECK(lowest[heavy] < -0.05);           // the rope sags under it
        }
        std::printf("ball on a rope on the GPU (%s): rope lowest %.3f m (1 kg), %.3f m (10 kg)\n",
                    pbd::gpuPrecisionName(precision), lowest[0], lowest[1]);
        CHECK(lowest[1] < lowest[0] - 0.05);
        CHECK(height[1] < height[0]);
    }
}

TEST_CASE("a thrown ball and a free cloth keep their total momentum on the GPU", "[balls]")
{
    Settings s;
    s.width = 10;
    s.height = 10;
    s.fixedCount = 4;
    s.iterations = 5;
    s.gravity = 0.0;
    Simulation sim = makeSimulation(s, pbd::Solver::Gpu, GpuPrecision::Double);
    sim.unpinAll();
    Ball b = ball({0.85, 1.0}, 0.3, 2.0);
    b.velocity = {0.5, -6.0};
    REQUIRE_FALSE(sim.addBall(b));
    auto momentum = [&sim] {
        sim.sync();
        return pbd::test::momentum(sim);
    };
    const glm::dvec2 before = momentum();
    double worst = 0.0;
    for (int step = 0; step < 400; ++step) {
        sim.step();
        const glm::dvec2 now = momentum();
        worst = std::max({worst, std::abs(now.x - before.x), std::abs(now.y - before.y)});
    }
    std::printf("ball and free cloth on the GPU (double): momentum kept to %.3g kg m/s\n", worst);
    CHECK(worst < 1e-9);
    CHECK(sim.balls()[0].velocity.y > -5.0); // the collision happened
}
