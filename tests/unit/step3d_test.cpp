// The step pipeline instantiated for 3D (StepStateOf<3>, both CPU solvers over D, each test
// on each): a sheet in the x-y plane steps to the 2D bits with z staying 0, and the 3D
// world's physics (contacts, friction, balls, self-collision, air).

#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <vector>

#include <catch2/catch.hpp>

#include "pbd/device/contacts.h"
#include "pbd/obstacle3.h"
#include "pbd/simulation.h"
#include "sim_builders.h"
#include "state3.h"
#include "step/step_solver.h"

namespace {

using V3 = pbd::Vec<3>;
using pbd::test::State3;
using pbd::test::cpuSolver;

/// Whether the 3D state holds the 2D one's bits in x and y, with z (and its velocity) 0.
bool samePlane(const pbd::Particles& p2, const pbd::ParticlesOf<3>& p3)
{
    for (std::size_t i = 0; i < p2.size(); ++i) {
        const V3 x = p3.position[i];
        const V3 v = p3.velocity[i];
        if (x.x != p2.position[i].x || x.y != p2.position[i].y || x.z != 0.0 ||
            v.x != p2.velocity[i].x || v.y != p2.velocity[i].y || v.z != 0.0)
            return false;
        if (std::signbit(x.x) != std::signbit(p2.position[i].x))
            return false;
    }
    return true;
}

} // namespace

TEST_CASE("each 3D CPU solver gives the 2D bits when nothing leaves the plane",
          "[step3d]")
{
    const pbd::Solver kind = GENERATE(pbd::Solver::Sequential, pbd::Solver::Colored);
    CAPTURE(pbd::solverName(kind));
    struct Case {
        const char* name;
        pbd::Settings settings;
    };
    std::vector<Case> cases;
    cases.push_back({"the PBD page", pbd::test::clothSettings(30, 20)});
    pbd::Settings xpbd = pbd::test::clothSettings(25, 25, 1, 6);
    xpbd.stiffness = 4000.0;
    xpbd.substeps = 4;
    xpbd.damping = 0.7;
    xpbd.chebyshev = 0.9;
    cases.push_back({"XPBD, substeps, damping, Chebyshev", xpbd});
    pbd::Settings tethered = pbd::test::clothSettings(20, 30, 2, 2);
    tethered.tethers = true;
    tethered.tearStrain = 0.01;
    tethered.clothWidth = 2.0;
    tethered.stiffness = 500.0;
    cases.push_back({"tethers, tearing, a size in metres", tethered});
    pbd::Settings dense = pbd::test::clothSettings(24, 18, 2, 2);
    dense.clothWidth = 2.0;
    dense.density = 0.3; // inverse masses not powers of two: every rounding shows
    dense.stiffness = 2000.0;
    dense.substeps = 2;
    cases.push_back({"a density, XPBD", dense});
    for (Case c : cases) {
        CAPTURE(c.name);
        c.settings.solver = kind; // the 2D cloth on the same solver
        c.settings.threads = 2;
        pbd::Simulation sim(c.settings);
        State3 s3(sim, [](glm::dvec2 x) { return V3(x, 0.0); });
        auto solver = cpuSolver(s3, kind);
        int torn = 0;
        for (int step = 0; step < 150; ++step) {
            // The tethers as the Simulation recomputes them after a tear (from the same
            // live constraints: checked below).
            if (c.settings.tethers)
                s3.tethers = sim.tethers();
            sim.step();
            auto state = s3.view(sim.topology());
            solver->step(state);
            REQUIRE(samePlane(sim.particles(), s3.particles));
            REQUIRE(s3.alive == std::vector<std::uint8_t>(sim.alive().begin(), sim.alive().end()));
            torn = static_cast<int>(s3.constraints.size() - s3.liveCount);
        }
        if (c.settings.tearStrain > 0.0)
            REQUIRE(torn > 0); // the tearing ran
    }
}

TEST_CASE("a 3D sheet laid flat drapes over a sphere and stays out of it", "[step3d]")
{
    const pbd::Solver kind = GENERATE(pbd::Solver::Sequential, pbd::Solver::Colored);
    CAPTURE(pbd::solverName(kind));
    pbd::Settings settings = pbd::test::clothSettings(21, 21, 1, 10);
    settings.clothWidth = 2.0;
    settings.clothHeight = 2.0;
    settings.substeps = 5;
    settings.thickness = 0.02;
    settings.friction = 0.3;
    settings.damping = 0.5;
    pbd::Simulation sim(settings);
    const double top = sim.particles().position[0].y;
    // Laid in the x-z plane at the height of row 0, rows going towards +z.
    State3 s3(sim, [top](glm::dvec2 x) { return V3(x.x, top, top - x.y); });
    for (std::size_t i = 0; i < s3.particles.size(); ++i) { // nothing pinned: it falls
        s3.particles.flags[i] = 0;
        s3.particles.inverseMass[i] = 1.0 / s3.particles.mass[i];
    }
    V3 centre(0.0);
    for (const V3& x : s3.particles.position)
        centre += x;
    centre /= static_cast<double>(s3.particles.size());
    pbd::Obstacle3 sphere;
    sphere.shape = pbd::Obstacle3Shape::Sphere;
    sphere.radius = 0.5;
    sphere.a = centre - V3(0.0, 0.8, 0.0);
    sphere.start = pbd::obstaclePose(sphere);
    s3.obstacles.push_back(sphere);
    auto solver = cpuSolver(s3, kind);
    const double reach = sphere.radius + 0.5 * settings.thickness;
    for (int step = 0; step < 400; ++step) {
        auto state = s3.view(sim.topology());
        solver->step(state);
        for (const V3& x : s3.particles.position)
            REQUIRE(std::sqrt(pbd::squaredLength(V3(x - sphere.a))) >= reach - 1e-9);
    }
    // Draped: the middle rests on the sphere's top, the corners hang well below it.
    const std::size_t middle = s3.particles.size() / 2;
    const V3 mid = s3.particles.position[middle];
    CHECK(mid.y == Approx(sphere.a.y + reach).margin(0.02));
    for (std::size_t corner : {std::size_t{0}, std::size_t{20}, std::size_t{420},
                               std::size_t{440}})
        CHECK(s3.particles.position[corner].y < sphere.a.y);
    // It stayed a cloth: no constraint much longer than its rest length.
    for (const pbd::DistanceConstraint& c : s3.constraints)
        CHECK(std::sqrt(pbd::squaredLength(V3(s3.particles.position[c.a] -
                                              s3.particles.position[c.b]))) <
              1.2 * c.restLength);
}

namespace {

/// The 2D cloth of `sim` laid flat at height `top` (x as in 2D, z from 0 to its height,
/// rows going towards +z), nothing pinned.
State3 flatSheet(pbd::Simulation& sim, double top)
{
    const double row0 = sim.particles().position[0].y;
    State3 s3(sim, [row0, top](glm::dvec2 x) { return V3(x.x, top, row0 - x.y); });
    for (std::size_t i = 0; i < s3.particles.size(); ++i) {
        s3.particles.flags[i] = 0;
        s3.particles.inverseMass[i] = 1.0 / s3.particles.mass[i];
    }
    return s3;
}

double distanceTo(const pbd::Obstacle3& o, V3 p)
{
    pbd::detail::ContactWorldOf<3> world;
    pbd::detail::prepareContacts(std::span<const pbd::Obstacle3>(&o, 1), 0.0, 0.0, 0, 1, world);
    return pbd::detail::surfaceDistance(world.shapes[0], p).d;
}

} // namespace

TEST_CASE("a 3D sheet flung at 200 m/s does not pass through a 0.02 m thick box", "[step3d]")
{
    const pbd::Solver kind = GENERATE(pbd::Solver::Sequential, pbd::Solver::Colored);
    CAPTURE(pbd::solverName(kind));
    pbd::Settings settings = pbd::test::clothSettings(6, 6, 1, 4);
    settings.clothWidth = 0.5;
    settings.clothHeight = 0.5;
    settings.gravity = 0.0;
    pbd::Simulation sim(settings);
    State3 s3 = flatSheet(sim, 1.0);
    for (V3& v : s3.particles.velocity)
        v = V3(0.0, -200.0, 0.0); // one step crosses 1 m: the box is 0.02 m thick
    pbd::Obstacle3 box;
    box.shape = pbd::Obstacle3Shape::Box;
    box.a = V3(0.25, 0.2, 0.25);
    box.size = V3(4.0, 0.02, 4.0);
    box.angles = V3(3.0, 10.0, -4.0);
    box.start = pbd::obstaclePose(box);
    s3.obstacles.push_back(box);
    auto solver = cpuSolver(s3, kind);
    for (int step = 0; step < 20; ++step) {
        auto state = s3.view(sim.topology());
        solver->step(state);
        for (const V3& x : s3.particles.position) {
            REQUIRE(distanceTo(box, x) >= -1e-9);
            // Above the box's middle plane: it stayed on the side it came from.
            const auto axes = pbd::rotationColumns(box.angles);
            REQUIRE(pbd::dot(V3(x - box.a), axes[1]) > 0.0);
        }
    }
}

TEST_CASE("a 3D ball and cloth keep their momentum", "[step3d]")
{
    const pbd::Solver kind = GENERATE(pbd::Solver::Sequential, pbd::Solver::Colored);
    CAPTURE(pbd::solverName(kind));
    pbd::Settings settings = pbd::test::clothSettings(12, 12, 1, 4);
    settings.gravity = 0.0;
    settings.thickness = 0.05;
    settings.friction = 0.4;
    settings.substeps = 3;
    pbd::Simulation sim(settings);
    State3 s3 = flatSheet(sim, 0.0);
    pbd::BallOf<3> ball;
    ball.radius = 0.5;
    ball.mass = 3.0;
    ball.position = V3(1.1, 1.0, 1.1);
    ball.velocity = V3(0.3, -6.0, 0.7);
    ball.start = ball.position;
    s3.balls.push_back(ball);
    auto momentum = [&] {
        V3 p = s3.balls[0].mass * s3.balls[0].velocity;
        for (std::size_t i = 0; i < s3.particles.size(); ++i)
            p += s3.particles.mass[i] * s3.particles.velocity[i];
        return p;
    };
    const V3 before = momentum();
    auto solver = cpuSolver(s3, kind);
    double moved = 0.0;
    for (int step = 0; step < 120; ++step) {
        auto state = s3.view(sim.topology());
        solver->step(state);
        const V3 now = momentum();
        for (glm::length_t k = 0; k < 3; ++k)
            REQUIRE(std::abs(now[k] - before[k]) < 1e-9);
    }
    for (const V3& v : s3.particles.velocity)
        moved = std::max(moved, std::sqrt(pbd::squaredLength(v)));
    REQUIRE(moved > 0.5); // the ball hit the cloth
}

TEST_CASE("a 3D particle on a tilted plane sticks or slides as Coulomb says", "[step3d]")
{
    const pbd::Solver kind = GENERATE(pbd::Solver::Sequential, pbd::Solver::Colored);
    CAPTURE(pbd::solverName(kind));
    // A 2 x 2 patch (a rigid square) on a plane tilted by theta about z.
    for (double mu : {0.2, 0.8}) {
        const double theta = 20.0 * 3.14159265358979323846 / 180.0;
        pbd::Settings settings = pbd::test::clothSettings(2, 2, 1, 10);
        settings.thickness = 0.02;
        settings.friction = mu;
        settings.substeps = 10;
        pbd::Simulation sim(settings);
        State3 s3 = flatSheet(sim, 0.0);
        pbd::Obstacle3 plane;
        plane.shape = pbd::Obstacle3Shape::Plane;
        const V3 n(std::sin(theta), std::cos(theta), 0.0); // rises to -x
        plane.normal = n;
        // Through the sheet's particles' mean, less half the thickness: it rests on it.
        V3 mean(0.0);
        for (V3& x : s3.particles.position) {
            // Onto the tilted plane: rotate the flat square about z by -theta around 0.
            x = V3(x.x * std::cos(theta), -x.x * std::sin(theta), x.z);
            mean += x;
        }
        for (std::size_t i = 0; i < s3.particles.size(); ++i) {
            s3.particles.stepStart[i] = s3.particles.position[i];
            s3.particles.velocity[i] = V3(0.0);
        }
        mean /= 4.0;
        plane.a = mean - 0.01 * n;
        plane.start = pbd::obstaclePose(plane);
        s3.obstacles.push_back(plane);
        auto solver = cpuSolver(s3, kind);
        const int steps = 200; // 1 s
        for (int step = 0; step < steps; ++step) {
            auto state = s3.view(sim.topology());
            solver->step(state);
        }
        V3 now(0.0);
        for (const V3& x : s3.particles.position)
            now += x;
        now /= 4.0;
        const double along = pbd::dot(V3(now - mean), V3(std::cos(theta), -std::sin(theta), 0.0));
        const double t = steps * settings.timeStep;
        CAPTURE(mu, along);
        if (mu > std::tan(theta)) {
            REQUIRE(std::abs(along) < 1e-6); // sticks
        } else {
            const double law = 0.5 * 9.81 * (std::sin(theta) - mu * std::cos(theta)) * t * t;
            REQUIRE(along == Approx(law).epsilon(0.1)); // slides
        }
    }
}

TEST_CASE("3D self-collision keeps a sheet dropped on a sphere a thickness apart",
          "[step3d][slow]")
{
    // Slow (about 3.5 s of CPU per solver): the elements' self-contact on a thick cloth
    // (0.04 m on a 0.065 m grid), where each particle has many candidate pairs in its sheet.
    const pbd::Solver kind = GENERATE(pbd::Solver::Sequential, pbd::Solver::Colored);
    CAPTURE(pbd::solverName(kind));
    pbd::Settings settings = pbd::test::clothSettings(24, 24, 1, 6);
    settings.clothWidth = 1.5;
    settings.clothHeight = 1.5;
    settings.thickness = 0.04;
    settings.friction = 0.2;
    settings.substeps = 4;
    settings.selfCollision = true;
    pbd::Simulation sim(settings);
    State3 s3 = flatSheet(sim, 0.5);
    pbd::Obstacle3 sphere;
    sphere.shape = pbd::Obstacle3Shape::Sphere;
    sphere.radius = 0.25;
    sphere.a = V3(0.75, 0.0, 0.75);
    sphere.start = pbd::obstaclePose(sphere);
    pbd::Obstacle3 ground;
    ground.shape = pbd::Obstacle3Shape::Ground;
    ground.a = V3(0.0, -0.25, 0.0);
    ground.start = pbd::obstaclePose(ground);
    s3.obstacles = {sphere, ground};
    auto solver = cpuSolver(s3, kind);
    const int width = settings.width;
    double closest = 1e300;
    for (int step = 0; step < 300; ++step) {
        auto state = s3.view(sim.topology());
        solver->step(state);
        const auto& x = s3.particles.position;
        for (std::size_t i = 0; i < x.size(); ++i)
            for (std::size_t j = i + 1; j < x.size(); ++j) {
                const int ri = static_cast<int>(i) / width, ci = static_cast<int>(i) % width;
                const int rj = static_cast<int>(j) / width, cj = static_cast<int>(j) % width;
                if (std::abs(ri - rj) <= 1 && std::abs(ci - cj) <= 1)
                    continue;
                closest = std::min(closest, std::sqrt(pbd::squaredLength(V3(x[i] - x[j]))));
            }
    }
    CAPTURE(closest);
    REQUIRE(closest >= 0.99 * settings.thickness);
    // It folded onto itself: the corners came down to the ground, beside the sphere.
    REQUIRE(s3.particles.position[0].y < -0.15);
}

TEST_CASE("a flat sheet falling in still air reaches m g / (c A)", "[step3d]")
{
    const pbd::Solver kind = GENERATE(pbd::Solver::Sequential, pbd::Solver::Colored);
    CAPTURE(pbd::solverName(kind));
    pbd::Settings settings = pbd::test::clothSettings(11, 11, 1, 4);
    settings.clothWidth = 1.0;
    settings.clothHeight = 1.0;
    settings.density = 0.2;
    settings.airDrag = 0.5;
    settings.substeps = 4;
    pbd::Simulation sim(settings);
    State3 s3 = flatSheet(sim, 0.0);
    double mass = 0.0;
    for (double m : s3.particles.mass)
        mass += m;
    const double area = settings.clothWidth * settings.clothHeight;
    const double terminal = mass * 9.81 / (settings.airDrag * area);
    const double tau = mass / (settings.airDrag * area); // v approaches terminal as exp(-t/tau)
    auto solver = cpuSolver(s3, kind);
    const int steps = static_cast<int>(10.0 * tau / settings.timeStep) + 1;
    for (int step = 0; step < steps; ++step) {
        auto state = s3.view(sim.topology());
        state.time = step * settings.timeStep;
        solver->step(state);
    }
    double mean = 0.0;
    for (const V3& v : s3.particles.velocity)
        mean += v.y;
    mean /= static_cast<double>(s3.particles.size());
    double lowest = 1e300, highest = -1e300;
    for (const V3& x : s3.particles.position) {
        lowest = std::min(lowest, x.y);
        highest = std::max(highest, x.y);
    }
    CAPTURE(mass, terminal, mean, steps, lowest, highest);
    REQUIRE(-mean == Approx(terminal).epsilon(0.01));
    // It fell flat: every particle at the same height to 1e-9 m.
    for (const V3& x : s3.particles.position)
        REQUIRE(x.y == Approx(s3.particles.position[0].y).margin(1e-9));
}

TEST_CASE("a wind in a 3D sheet's plane leaves its bits unchanged", "[step3d]")
{
    const pbd::Solver kind = GENERATE(pbd::Solver::Sequential, pbd::Solver::Colored);
    CAPTURE(pbd::solverName(kind));
    pbd::Settings still = pbd::test::clothSettings(15, 12, 2, 3);
    still.stiffness = 2000.0;
    still.substeps = 2;
    pbd::Settings windy = still;
    windy.airDrag = 2.0;
    windy.windX = 7.0;
    windy.windY = -3.0;
    pbd::Simulation a(still);
    pbd::Simulation b(windy);
    State3 calm(a, [](glm::dvec2 x) { return V3(x, 0.0); });
    State3 blown(b, [](glm::dvec2 x) { return V3(x, 0.0); });
    auto one = cpuSolver(calm, kind);
    auto two = cpuSolver(blown, kind);
    for (int step = 0; step < 100; ++step) {
        auto s1 = calm.view(a.topology());
        auto s2 = blown.view(b.topology());
        one->step(s1);
        two->step(s2);
        REQUIRE(std::memcmp(calm.particles.position.data(), blown.particles.position.data(),
                            calm.particles.size() * sizeof(V3)) == 0);
    }
    // The same wind across the sheet (along z) moves it.
    pbd::Settings across = windy;
    pbd::Simulation c(across);
    State3 pushed(c, [](glm::dvec2 x) { return V3(x, 0.0); });
    for (V3& v : pushed.particles.velocity)
        v.z = -1.0; // the sheet moving against z: the air pushes it back along +z
    auto three = cpuSolver(pushed, kind);
    auto s3 = pushed.view(c.topology());
    three->step(s3);
    double meanZVelocity = 0.0;
    for (std::size_t i = 0; i < pushed.particles.size(); ++i)
        if (pushed.particles.inverseMass[i] > 0.0)
            meanZVelocity += pushed.particles.velocity[i].z + 1.0;
    REQUIRE(meanZVelocity > 0.0);
}

TEST_CASE("a turning 3D box carries a sheet resting on it by friction", "[step3d]")
{
    const pbd::Solver kind = GENERATE(pbd::Solver::Sequential, pbd::Solver::Colored);
    CAPTURE(pbd::solverName(kind));
    // A small sheet on a box that turns about y by 1/4 degree per step: static friction turns
    // the sheet with it (the box's motion over a substep, R_now R_before^T, carries the
    // particles' starts). Friction holds while a corner's slip in a substep (0.28 m x 1/16
    // degree) is below mu times the weight's push into the top (g h^2): mu = 50.
    pbd::Settings settings = pbd::test::clothSettings(5, 5, 1, 8);
    settings.clothWidth = 0.4;
    settings.clothHeight = 0.4;
    settings.thickness = 0.02;
    settings.friction = 50.0;
    settings.substeps = 4;
    pbd::Simulation sim(settings);
    State3 s3 = flatSheet(sim, 0.51); // on the box's top face (y = 0.5) plus half the thickness
    // The sheet's middle over the box's centre.
    const V3 middle = s3.particles.position[12];
    pbd::Obstacle3 box;
    box.shape = pbd::Obstacle3Shape::Box;
    box.a = V3(middle.x, 0.25, middle.z);
    box.size = V3(2.0, 0.5, 2.0);
    box.start = pbd::obstaclePose(box);
    s3.obstacles.push_back(box);
    auto solver = cpuSolver(s3, kind);
    const int steps = 240;
    for (int step = 0; step < steps; ++step) {
        pbd::Obstacle3& b = s3.obstacles[0];
        b.start = pbd::obstaclePose(b);
        b.angles.y += 0.25;
        auto state = s3.view(sim.topology());
        solver->step(state);
    }
    // A corner's direction from the middle turned by 60 degrees about y (as the box did).
    const V3 from = V3(sim.particles().position[0].x, 0.0, -sim.particles().position[0].y) -
                    V3(sim.particles().position[12].x, 0.0, -sim.particles().position[12].y);
    const V3 to = s3.particles.position[0] - s3.particles.position[12];
    const double turned = std::atan2(from.z * to.x - from.x * to.z, from.x * to.x + from.z * to.z);
    CAPTURE(turned * 180.0 / 3.14159265358979323846);
    REQUIRE(turned * 180.0 / 3.14159265358979323846 == Approx(60.0).margin(0.1));
}
