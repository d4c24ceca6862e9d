// The Simulation in three dimensions (Simulation3): its cloth in both orientations, and the
// promise that a vertical 3D cloth from which nothing leaves the plane is the 2D cloth bit for
// bit (x, y and the velocities), with z staying exactly 0.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "pbd/simulation.h"
#include "pbd/state_file.h"
#include "sim_builders.h"
#include "solver_loop.h"

namespace {

using pbd::Settings;
using V2 = pbd::Vec<2>;
using V3 = pbd::Vec<3>;

Settings in3d(Settings s)
{
    s.dimensions = 3;
    return s;
}

/// Whether the 3D cloth holds the 2D one's bits in x and y (positions and velocities), with
/// z and its velocity exactly 0; says where it first differs.
std::string planeDifference(const pbd::Simulation& s2, const pbd::Simulation3& s3)
{
    const pbd::Particles& p2 = s2.particles();
    const pbd::ParticlesOf<3>& p3 = s3.particles();
    if (p2.size() != p3.size())
        return "sizes differ";
    for (std::size_t i = 0; i < p2.size(); ++i) {
        const V3 x = p3.position[i];
        const V3 v = p3.velocity[i];
        if (x.x != p2.position[i].x || x.y != p2.position[i].y || x.z != 0.0)
            return "position " + std::to_string(i);
        if (v.x != p2.velocity[i].x || v.y != p2.velocity[i].y || v.z != 0.0)
            return "velocity " + std::to_string(i);
        if (p3.flags[i] != p2.flags[i] || p3.mass[i] != p2.mass[i])
            return "flags or mass " + std::to_string(i);
    }
    if (!std::equal(s2.alive().begin(), s2.alive().end(), s3.alive().begin(), s3.alive().end()))
        return "live constraints";
    return "";
}

} // namespace

TEST_CASE("a 3D cloth starts as the page's sheet, vertical or laid flat", "[sim3d]")
{
    Settings s = in3d(pbd::test::clothSettings(5, 4));
    const pbd::Simulation plane(pbd::test::clothSettings(5, 4));
    const pbd::Simulation3 vertical(s);
    CHECK(planeDifference(plane, vertical).empty());
    s.orientation = pbd::Orientation::Horizontal;
    const pbd::Simulation3 flat(s);
    const double top = plane.particles().position[0].y;
    for (std::size_t i = 0; i < flat.particles().size(); ++i) {
        const V2 p = plane.particles().position[i];
        CHECK(flat.particles().position[i] == V3(p.x, top, top - p.y));
    }
    // Row 1 lies towards +z of row 0, one spacing away.
    CHECK(flat.particles().position[5].z == Approx(0.2));
    CHECK(flat.particles().pinned(0));
    CHECK(flat.particles().pinned(4));
}

TEST_CASE("a vertical 3D cloth is the 2D cloth bit for bit while nothing leaves the plane",
          "[sim3d]")
{
    // On each CPU solver: the colored one on two threads, its 3D sets and kernels against its
    // 2D ones (AVX2 where the CPU has it: the same bits by their contract).
    const pbd::Solver solver = GENERATE(pbd::Solver::Sequential, pbd::Solver::Colored);
    CAPTURE(pbd::solverName(solver));
    struct Case {
        const char* name;
        Settings settings;
    };
    std::vector<Case> cases;
    cases.push_back({"the PBD page", pbd::test::clothSettings(30, 20)});
    Settings xpbd = pbd::test::clothSettings(25, 25, 1, 6);
    xpbd.stiffness = 4000.0;
    xpbd.substeps = 4;
    xpbd.damping = 0.7;
    xpbd.chebyshev = 0.9;
    xpbd.shearStiffness = 300.0;
    cases.push_back({"XPBD, shear, substeps, damping, Chebyshev", xpbd});
    Settings tethered = pbd::test::clothSettings(20, 30, 2, 2);
    tethered.tethers = true;
    tethered.tearStrain = 0.01;
    tethered.clothWidth = 2.0;
    tethered.density = 0.3;
    tethered.stiffness = 500.0;
    cases.push_back({"tethers, tearing, a size in metres, density", tethered});
    // Large enough for the colored solver's chunks (three of 32 rows) and its edge springs.
    Settings chunked = pbd::test::clothSettings(64, 72, 2, 3);
    chunked.clothWidth = 6.0;
    chunked.stiffness = 3000.0;
    chunked.substeps = 2;
    chunked.tethers = true;
    chunked.chebyshev = 0.8;
    cases.push_back({"chunks of rows, edge springs, tethers, Chebyshev", chunked});
    for (Case c : cases) {
        CAPTURE(c.name);
        c.settings.solver = solver;
        c.settings.threads = 2;
        pbd::Simulation s2(c.settings);
        pbd::Simulation3 s3(in3d(c.settings));
        REQUIRE(planeDifference(s2, s3).empty());
        for (int step = 0; step < 240; ++step) {
            // The page's drag, then a pin, an area grab thrown, a cut: each with z = 0.
            if (step == 20) {
                REQUIRE(s2.grab(5));
                REQUIRE(s3.grab(5));
            }
            if (step > 20 && step < 60) {
                const V2 to(0.5 + 0.05 * step, -1.0 - 0.01 * step);
                REQUIRE(s2.moveGrabbed(to));
                REQUIRE(s3.moveGrabbed(V3(to, 0.0)));
            }
            if (step == 60) {
                s2.release();
                s3.release();
                REQUIRE(s2.pin(12));
                REQUIRE(s3.pin(12));
            }
            if (step == 90) {
                const V2 at = s2.particles().position[40];
                REQUIRE(s2.grabArea(at, 0.45) == s3.grabArea(V3(at, 0.0), 0.45));
            }
            if (step > 90 && step < 110) {
                const V2 at(1.0, -2.0 + 0.02 * step);
                REQUIRE(s2.moveGrabbed(at));
                REQUIRE(s3.moveGrabbed(V3(at, 0.0)));
            }
            if (step == 110) {
                s2.release(V2(3.0, 1.5));
                s3.release(V3(3.0, 1.5, 0.0));
            }
            if (step == 150) {
                REQUIRE(s2.unpin(12));
                REQUIRE(s3.unpin(12));
                // The knife across the cloth's middle, and the 3D knife's strip along z.
                const V2 a(-0.3, -1.9);
                const V2 b(3.1, -2.3);
                const std::size_t cut = s2.cut(a, b);
                CHECK(cut > 0);
                CHECK(s3.cut(V3(a, 0.0), V3(b, 0.0), V3(0.0, 0.0, 1.0)) == cut);
            }
            s2.step();
            s3.step();
            INFO("step " << step);
            REQUIRE(planeDifference(s2, s3).empty());
        }
        if (c.settings.tearStrain > 0.0)
            CHECK(s2.liveConstraintCount() < s2.constraints().size()); // the tearing ran
        pbd::test::requireSolver(s2, solver);
        pbd::test::requireSolver(s3, solver);
        if (solver == pbd::Solver::Colored && c.settings.height == 72) {
            CHECK(s3.chunkCount() == 3);
            pbd::test::requireColoredThreads(s3, 2);
        }
    }
}

TEST_CASE("a 3D colored run gives the same bits on 1, 2 and 3 threads", "[sim3d][slow]")
{
    // Slow (about 14 s of CPU): the elements' self-contact, serial, on 4800 particles.
    // A horizontal sheet with every 3D phase: bending (its ten sets reach two rows into the
    // next chunk), shear, tethers, Chebyshev, air per triangle with gusts, self-collision,
    // a sphere, a turned box and a ball, and tearing; cut into chunks of rows.
    Settings s = in3d(pbd::test::clothSettings(60, 80, 2, 3));
    s.orientation = pbd::Orientation::Horizontal;
    s.clothWidth = 3.0;
    s.clothHeight = 4.0;
    s.stiffness = 4000.0;
    s.shearStiffness = 200.0;
    s.bending = 2e-3;
    s.substeps = 3;
    s.tethers = true;
    s.chebyshev = 0.7;
    s.airDrag = 0.8;
    s.windZ = 2.0;
    s.gusts = 0.5;
    s.selfCollision = true;
    s.thickness = 0.02;
    s.friction = 0.3;
    s.tearStrain = 0.4;
    s.solver = pbd::Solver::Colored;
    auto run = [&](int threads) {
        Settings t = s;
        t.threads = threads;
        pbd::Simulation3 sim(t);
        pbd::Obstacle3 sphere;
        sphere.shape = pbd::Obstacle3Shape::Sphere;
        sphere.a = V3(1.5, -1.2, 2.0);
        sphere.radius = 0.6;
        sim.addObstacle(sphere);
        pbd::Obstacle3 box;
        box.shape = pbd::Obstacle3Shape::Box;
        box.a = V3(0.6, -2.0, 1.0);
        box.size = V3(0.5, 0.4, 0.8);
        box.angles = V3(10.0, 20.0, 30.0);
        sim.addObstacle(box);
        pbd::BallOf<3> ball;
        ball.position = V3(2.4, 0.5, 3.0);
        ball.radius = 0.2;
        ball.mass = 0.5;
        sim.addBall(ball);
        for (int step = 0; step < 120; ++step)
            sim.step();
        pbd::test::requireColoredThreads(sim, static_cast<unsigned>(threads));
        CHECK(sim.chunkCount() > 2);
        return sim;
    };
    const pbd::Simulation3 one = run(1);
    // It fell out of its plane.
    double lowest = 0.0;
    for (const V3& x : one.particles().position)
        lowest = std::min(lowest, x.y);
    CHECK(lowest < -1.0);
    for (int threads : {2, 3}) {
        CAPTURE(threads);
        const pbd::Simulation3 other = run(threads);
        REQUIRE(other.particles().position == one.particles().position);
        REQUIRE(other.particles().velocity == one.particles().velocity);
        REQUIRE(std::equal(one.alive().begin(), one.alive().end(), other.alive().begin(),
                           other.alive().end()));
        REQUIRE(other.balls()[0].position == one.balls()[0].position);
    }
}

TEST_CASE("a wind in a vertical 3D sheet's plane pushes it not at all", "[sim3d]")
{
    // In 3D the air acts on the triangles, along their normals: a wind in the sheet's plane
    // meets it edge-on, so the 3D cloth moves exactly as the 2D one without air.
    const pbd::Solver solver = GENERATE(pbd::Solver::Sequential, pbd::Solver::Colored);
    CAPTURE(pbd::solverName(solver));
    Settings still = pbd::test::clothSettings(20, 15);
    still.substeps = 3;
    still.solver = solver;
    Settings windy = in3d(still);
    windy.airDrag = 2.0;
    windy.windX = 7.0;
    windy.windY = -3.0; // steady: gusts also blow across the wind, out of the plane
    pbd::Simulation s2(still);
    pbd::Simulation3 s3(windy);
    for (int step = 0; step < 200; ++step) {
        s2.step();
        s3.step();
        INFO("step " << step);
        REQUIRE(planeDifference(s2, s3).empty());
    }
    // Across the plane the same wind blows the sheet out of it.
    windy.windZ = 5.0;
    pbd::Simulation3 blown(windy);
    for (int step = 0; step < 100; ++step)
        blown.step();
    double meanZ = 0.0;
    for (const V3& x : blown.particles().position)
        meanZ += x.z;
    CHECK(meanZ / static_cast<double>(blown.particles().size()) > 0.05);
    pbd::test::requireSolver(s3, solver);
    pbd::test::requireSolver(blown, solver);
}

TEST_CASE("the 3D settings refuse what only the other space has, naming both settings",
          "[sim3d]")
{
    Settings s = pbd::test::clothSettings(5, 5);
    s.orientation = pbd::Orientation::Horizontal;
    REQUIRE(pbd::validate(s));
    CHECK(pbd::validate(s)->message ==
          "orientation = horizontal is not allowed with dimensions = 2; allowed: orientation "
          "vertical, or dimensions 3");
    s.orientation = pbd::Orientation::Vertical;
    s.windZ = 1.0;
    REQUIRE(pbd::validate(s));
    CHECK(pbd::validate(s)->field == "windZ");
    s = in3d(pbd::test::clothSettings(5, 5));
    s.areaStiffness = 10.0;
    REQUIRE(pbd::validate(s));
    CHECK(pbd::validate(s)->field == "areaStiffness");
    s.areaStiffness = 0.0;
    s.solver = pbd::Solver::Gpu; // the GPU in 3D steps every phase, self-collision too
    s.bending = 0.01;
    CHECK_FALSE(pbd::validate(s));
    s.selfCollision = true;
    s.thickness = 0.01;
    CHECK_FALSE(pbd::validate(s));
    s.selfCollision = false;
    s.bending = 0.0;
    // A simulation takes only its own dimensions.
    CHECK_THROWS_AS(pbd::Simulation(in3d(pbd::test::clothSettings(5, 5))),
                    std::invalid_argument);
    pbd::Simulation3 s3(in3d(pbd::test::clothSettings(5, 5)));
    REQUIRE(s3.apply(pbd::test::clothSettings(5, 5)));
    CHECK(s3.apply(pbd::test::clothSettings(5, 5))->field == "dimensions");
    CHECK(s3.settings().dimensions == 3);
}

TEST_CASE("a 3D state file saves and loads exactly, and the other space's is refused",
          "[sim3d]")
{
    Settings s = in3d(pbd::test::clothSettings(8, 6));
    s.orientation = pbd::Orientation::Horizontal;
    s.windZ = -2.0;
    s.airDrag = 0.5;
    pbd::Simulation3 a(s);
    REQUIRE(a.grab(20));
    REQUIRE(a.moveGrabbed(V3(0.3, 0.1, 0.7)));
    for (int i = 0; i < 50; ++i)
        a.step();
    a.release();
    REQUIRE(a.grabArea(a.particles().position[30], 0.3) > 0);
    const std::string text = pbd::stateToJson(a.state());
    pbd::StateParseOf<3> parsed = pbd::stateFromJson<3>(text);
    REQUIRE_FALSE(parsed.error);
    CHECK(*parsed.state == a.state());
    pbd::Simulation3 b(in3d(pbd::test::clothSettings(3, 3)));
    REQUIRE_FALSE(b.restore(*parsed.state));
    for (int i = 0; i < 30; ++i) {
        a.step();
        b.step();
    }
    CHECK(a.state() == b.state());
    // The 2D reader refuses it, naming the field.
    const pbd::StateParse as2d = pbd::stateFromJson(text);
    REQUIRE(as2d.error);
    CHECK(as2d.error->field == "settings.dimensions");
}

TEST_CASE("a ball thrown into a free bending 3D cloth keeps the momentum of both",
          "[sim3d]")
{
    // Without gravity or obstacles every force is internal: the constraints, the bending,
    // the two-way ball contact with friction. Their sum of m v stays as it was, to rounding.
    Settings s = in3d(pbd::test::clothSettings(12, 12, 1, 4));
    s.orientation = pbd::Orientation::Horizontal;
    s.gravity = 0.0;
    s.thickness = 0.05;
    s.friction = 0.4;
    s.substeps = 3;
    s.bending = 0.05;
    s.stiffness = 3000.0;
    pbd::Simulation3 sim(s);
    sim.unpinAll();
    pbd::BallOf<3> ball;
    ball.radius = 0.5;
    ball.mass = 3.0;
    ball.position = V3(1.1, 1.0, 1.1);
    ball.velocity = V3(0.3, -6.0, 0.7);
    REQUIRE_FALSE(sim.setInitialBalls({ball}));
    auto momentum = [&sim] {
        V3 p = sim.balls()[0].mass * sim.balls()[0].velocity;
        const pbd::ParticlesOf<3>& c = sim.particles();
        for (std::size_t i = 0; i < c.size(); ++i)
            p += c.mass[i] * c.velocity[i];
        return p;
    };
    const V3 before = momentum();
    for (int step = 0; step < 120; ++step) {
        sim.step();
        const V3 now = momentum();
        INFO("step " << step);
        for (glm::length_t k = 0; k < 3; ++k)
            REQUIRE(std::abs(now[k] - before[k]) < 1e-9);
    }
    double fastest = 0.0;
    for (const V3& v : sim.particles().velocity)
        fastest = std::max(fastest, std::sqrt(pbd::squaredLength(v)));
    CHECK(fastest > 0.5); // the ball hit the cloth
}
