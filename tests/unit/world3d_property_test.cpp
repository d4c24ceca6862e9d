// The 3D world through Simulation3: random shapes of every kind under random cloths that fall,
// are dragged and thrown onto them, and a moving shape sweeping through: after every step no
// particle that moves by itself lies inside a shape grown by half the thickness. The distances
// are computed here, from the shapes' definitions (pbd/obstacle3.h), not by the core.

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "pbd/obstacle3.h"
#include "obstacle3_geometry.h"
#include "pbd/simulation.h"
#include "sim_builders.h"
#include "solver_loop.h"

namespace {

using V3 = pbd::Vec<3>;
using pbd::Obstacle3;
using pbd::Obstacle3Shape;

using pbd::test::signedDistance;

/// A random obstacle of `shape` in a cell of side 1.2 m centred at `centre`.
Obstacle3 randomObstacle(Obstacle3Shape shape, V3 centre, std::mt19937& rng)
{
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    Obstacle3 o;
    o.shape = shape;
    o.a = centre;
    switch (shape) {
    case Obstacle3Shape::Sphere:
        o.radius = 0.2 + 0.3 * unit(rng);
        break;
    case Obstacle3Shape::Capsule: {
        const V3 half(0.4 * unit(rng) - 0.2, 0.2 * unit(rng) - 0.1, 0.4 * unit(rng) - 0.2);
        o.a = centre - half;
        o.b = centre + half;
        o.radius = 0.05 + 0.15 * unit(rng);
        break;
    }
    case Obstacle3Shape::Box:
        o.size = V3(0.2 + 0.6 * unit(rng), 0.05 + 0.4 * unit(rng), 0.2 + 0.6 * unit(rng));
        o.angles = V3(60.0 * unit(rng) - 30.0, 360.0 * unit(rng) - 180.0, 60.0 * unit(rng) - 30.0);
        break;
    case Obstacle3Shape::Ground:
    case Obstacle3Shape::Plane:
        break;
    }
    pbd::settleObstacle(o);
    return o;
}

} // namespace

TEST_CASE("no free particle ends a 3D step inside any obstacle", "[world3d][property]")
{
    // Each CPU solver in turn, on the same random worlds (the colored one on two threads).
    const pbd::Solver solver = GENERATE(pbd::Solver::Sequential, pbd::Solver::Colored);
    CAPTURE(pbd::solverName(solver));
    std::mt19937 rng(2024);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const Obstacle3Shape kinds[] = {Obstacle3Shape::Sphere, Obstacle3Shape::Capsule,
                                    Obstacle3Shape::Box};
    int contacts = 0; // particles found resting on a shape: the test saw contacts
    for (int trial = 0; trial < 6; ++trial) {
        CAPTURE(trial);
        pbd::Settings s = pbd::test::clothSettings(14, 14, 1, 4);
        s.dimensions = 3;
        s.orientation = pbd::Orientation::Horizontal;
        s.clothWidth = 2.4;
        s.clothHeight = 2.4;
        s.substeps = 3;
        s.stiffness = trial % 2 == 0 ? 0.0 : 2000.0;
        s.thickness = 0.02 + 0.04 * unit(rng);
        s.friction = 0.6 * unit(rng);
        s.damping = 0.3;
        s.solver = solver;
        s.threads = 2;
        pbd::Simulation3 sim(s);
        // Four shapes in separate cells under the cloth (0 to 2.4 in x and z), a plane tilted
        // under them, a ground below all, and a sphere that sweeps through the cloth.
        std::vector<Obstacle3> world;
        for (int cell = 0; cell < 4; ++cell) {
            const V3 centre(0.6 + 1.2 * (cell % 2), -0.6 - 0.3 * unit(rng), 0.6 + 1.2 * (cell / 2));
            world.push_back(randomObstacle(kinds[(cell + trial) % 3], centre, rng));
        }
        Obstacle3 plane;
        plane.shape = Obstacle3Shape::Plane;
        plane.a = V3(1.2, -2.0, 1.2);
        plane.normal = V3(0.3 * unit(rng) - 0.15, 1.0, 0.3 * unit(rng) - 0.15);
        pbd::settleObstacle(plane);
        world.push_back(plane);
        Obstacle3 ground;
        ground.shape = Obstacle3Shape::Ground;
        ground.a = V3(0.0, -3.0, 0.0);
        pbd::settleObstacle(ground);
        world.push_back(ground);
        Obstacle3 sweeper;
        sweeper.shape = Obstacle3Shape::Sphere;
        sweeper.a = V3(-0.8, -1.3, 1.2);
        sweeper.radius = 0.3;
        sweeper.velocity = V3(1.5, 0.0, 0.0);
        pbd::settleObstacle(sweeper);
        world.push_back(sweeper);
        REQUIRE_FALSE(sim.setInitialObstacles(world));
        for (int step = 0; step < 260; ++step) {
            if (step == 40) { // a drag across, then a throw downwards
                REQUIRE(sim.grab(100));
                REQUIRE(sim.moveGrabbed(sim.particles().position[100] + V3(0.3, -0.2, 0.1)));
            }
            if (step == 60)
                sim.release(V3(0.5, -4.0, 0.3));
            sim.step();
            const pbd::ParticlesOf<3>& p = sim.particles();
            for (std::size_t i = 0; i < p.size(); ++i) {
                if (p.flags[i] != 0)
                    continue; // pinned or held: placed, not moved by the step
                for (std::size_t k = 0; k < sim.obstacles().size(); ++k) {
                    const double d = signedDistance(sim.obstacles()[k], p.position[i]);
                    INFO("step " << step << ", particle " << i << ", obstacle " << k << " ("
                                 << pbd::obstacleShapeName(sim.obstacles()[k].shape)
                                 << "), distance " << d);
                    REQUIRE(d >= 0.5 * s.thickness - 1e-9);
                    if (d < 0.5 * s.thickness + 1e-3)
                        ++contacts;
                }
            }
        }
        pbd::test::requireSolver(sim, solver);
    }
    CHECK(contacts > 1000);
}
