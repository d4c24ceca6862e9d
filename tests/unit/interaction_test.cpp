// Pins, throws, tearing and the knife: what a user does to the cloth beyond the page.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include <catch2/catch.hpp>

#include "pbd/segment.h"
#include "pbd/simulation.h"
#include "sim_builders.h"
#include "solver_loop.h"

using pbd::Index;
using pbd::Settings;
using pbd::Simulation;
using pbd::Solver;
using pbd::test::clothSettings;
using pbd::test::run;
using pbd::test::samePositions;

namespace {

double strainOf(const Simulation& sim, std::size_t k)
{
    const auto& c = sim.constraints()[k];
    const auto& x = sim.particles().position;
    const glm::dvec2 d = x[c.a] - x[c.b];
    return std::abs(std::sqrt(d.x * d.x + d.y * d.y) - c.restLength) / c.restLength;
}

} // namespace

TEST_CASE("a pinned particle never moves: steps, settings changes, neighbours' grabs, solver "
          "switches",
          "[pins]")
{
    Simulation sim(clothSettings(12, 10, 2, 4));
    REQUIRE(sim.pin(65));
    const glm::dvec2 at = sim.particles().position[65];
    for (int round = 0; round < 6; ++round) {
        Settings s = sim.settings();
        s.mass = round % 2 != 0 ? 2.0 : 0.25;
        const Solver solver = round % 3 == 0 ? Solver::Colored : Solver::Sequential;
        s.solver = solver;
        s.stiffness = round % 2 != 0 ? 800.0 : 0.0;
        s.substeps = 1 + round % 3;
        REQUIRE_FALSE(sim.apply(s));
        REQUIRE(sim.grab(static_cast<Index>(66 + round % 2)));
        sim.moveGrabbed({3.0, -4.0 + round});
        run(sim, 40);
        sim.release();
        run(sim, 40);
        pbd::test::requireSolver(sim, solver);
        REQUIRE(sim.particles().position[65] == at);
        REQUIRE(sim.particles().inverseMass[65] == 0.0);
    }
    CHECK(sim.particles().pinned(65));
    sim.restart(); // a restart rebuilds the page's corners only
    CHECK_FALSE(sim.particles().pinned(65));
    CHECK(sim.particles().pinned(0));
    CHECK(sim.particles().pinned(11));
}

TEST_CASE("unpinning a corner lets it fall, pinning the corners again holds them", "[pins]")
{
    Simulation sim(clothSettings(10, 8));
    REQUIRE(sim.unpin(9));
    run(sim, 200);
    CHECK(sim.particles().position[9].y < -0.5);
    CHECK(sim.particles().position[0] == glm::dvec2(0.0, 0.0));
    sim.unpinAll();
    run(sim, 100);
    CHECK(sim.particles().position[0].y < -0.1);
    sim.pinCorners();
    const auto corner = sim.particles().position[0];
    run(sim, 100);
    CHECK(sim.particles().position[0] == corner);
    CHECK_FALSE(sim.pin(80));
    CHECK_FALSE(sim.unpin(80));
}

TEST_CASE("a grabbed pinned particle moves with the pointer and stays pinned where released",
          "[pins][grab]")
{
    Simulation sim(clothSettings(10, 8));
    REQUIRE(sim.pin(44));
    REQUIRE(sim.grab(44));
    sim.moveGrabbed({5.0, 1.0});
    run(sim, 20);
    sim.release({30.0, 0.0}); // a throw does not unpin
    run(sim, 50);
    CHECK(sim.particles().position[44] == glm::dvec2(5.0, 1.0));
    CHECK(sim.particles().velocity[44] == glm::dvec2(0.0));
}

TEST_CASE("a mass change keeps the pins (it used to overwrite them)", "[pins]")
{
    Simulation sim(clothSettings(6, 6));
    REQUIRE(sim.pin(20));
    Settings s = sim.settings();
    s.mass = 3.0;
    REQUIRE_FALSE(sim.apply(s));
    CHECK(sim.particles().inverseMass[20] == 0.0);
    CHECK(sim.particles().inverseMass[21] == Approx(1.0 / 3.0));
    REQUIRE(sim.unpin(20));
    CHECK(sim.particles().inverseMass[20] == Approx(1.0 / 3.0));
}

TEST_CASE("release with a velocity throws the particle, plain release keeps the page's "
          "behaviour",
          "[grab][throw]")
{
    Simulation thrown(clothSettings(10, 8));
    Simulation kept(clothSettings(10, 8));
    for (Simulation* sim : {&thrown, &kept}) {
        run(*sim, 50);
        REQUIRE(sim->grab(75));
        sim->moveGrabbed({2.0, -2.0});
        run(*sim, 5);
    }
    const glm::dvec2 before = kept.particles().velocity[75];
    thrown.release({6.0, 2.5});
    kept.release();
    CHECK(thrown.particles().velocity[75] == glm::dvec2(6.0, 2.5));
    CHECK(kept.particles().velocity[75] == before);
    // A lone particle (a 1 x 1 cloth, unpinned) thrown flies on ballistically.
    Simulation lone(clothSettings(1, 1, 1));
    REQUIRE(lone.unpin(0));
    REQUIRE(lone.grab(0));
    lone.moveGrabbed({2.0, -2.0});
    lone.release({6.0, 2.5});
    lone.step();
    const double h = lone.settings().timeStep;
    CHECK(lone.particles().position[0].x == Approx(2.0 + h * 6.0));
    CHECK(lone.particles().position[0].y == Approx(-2.0 + h * (2.5 - h * 9.81)));
    // A non-finite velocity is ignored: the page's release.
    Simulation sim(clothSettings(10, 8));
    REQUIRE(sim.grab(75));
    sim.release({std::nan(""), 0.0});
    CHECK(sim.particles().velocity[75] == glm::dvec2(0.0));
    CHECK_FALSE(sim.grabbed());
}

TEST_CASE("tearing removes exactly the constraints strained beyond the threshold, and nothing "
          "torn comes back but on restart",
          "[tear]")
{
    for (Solver solver : {Solver::Sequential, Solver::Colored}) {
        CAPTURE(solver == Solver::Colored);
        Settings s = clothSettings(30, 20, 2, 2);
        s.solver = solver;
        s.tearStrain = 0.25;
        Simulation sim(s);
        REQUIRE(sim.grab(599));
        std::size_t tornTotal = 0;
        for (int step = 0; step < 200; ++step) {
            sim.moveGrabbed({2.9 + 0.03 * step, -3.8 - 0.02 * step});
            const std::vector<std::uint8_t> before(sim.alive().begin(), sim.alive().end());
            const auto version = sim.constraintsVersion();
            sim.step();
            // With one substep the tear pass judged the positions the step ended with.
            std::size_t torn = 0;
            for (std::size_t k = 0; k < before.size(); ++k) {
                const bool shouldTear = before[k] != 0 && strainOf(sim, k) > s.tearStrain;
                REQUIRE(sim.alive()[k] == (before[k] != 0 && !shouldTear ? 1 : 0));
                torn += shouldTear ? 1 : 0;
            }
            REQUIRE((torn > 0) == (sim.constraintsVersion() != version));
            tornTotal += torn;
            REQUIRE(sim.liveConstraintCount() ==
                    static_cast<std::size_t>(std::count(sim.alive().begin(), sim.alive().end(), 1)));
        }
        pbd::test::requireSolver(sim, solver);
        INFO("torn: " << tornTotal);
        CHECK(tornTotal > 10);
        sim.restart();
        CHECK(sim.liveConstraintCount() == sim.constraints().size());
    }
}

TEST_CASE("the segment test agrees with an exact oracle on a lattice, endpoints and collinear "
          "cases included",
          "[cut]")
{
    // Coordinates on a 1/8 lattice: every product and difference below is exact, so the
    // oracle can decide with integers.
    auto oracle = [](std::int64_t ax, std::int64_t ay, std::int64_t bx, std::int64_t by,
                     std::int64_t cx, std::int64_t cy, std::int64_t dx, std::int64_t dy) {
        auto cross = [](std::int64_t px, std::int64_t py, std::int64_t qx, std::int64_t qy,
                        std::int64_t rx, std::int64_t ry) {
            const std::int64_t v = (qx - px) * (ry - py) - (qy - py) * (rx - px);
            return (v > 0) - (v < 0);
        };
        auto on = [](std::int64_t px, std::int64_t py, std::int64_t qx, std::int64_t qy,
                     std::int64_t rx, std::int64_t ry) {
            return std::min(px, qx) <= rx && rx <= std::max(px, qx) && std::min(py, qy) <= ry &&
                   ry <= std::max(py, qy);
        };
        // Brute force over the definition: a common point exists iff some point of one
        // lies on the other or they cross properly.
        const int d1 = cross(cx, cy, dx, dy, ax, ay);
        const int d2 = cross(cx, cy, dx, dy, bx, by);
        const int d3 = cross(ax, ay, bx, by, cx, cy);
        const int d4 = cross(ax, ay, bx, by, dx, dy);
        if (d1 != 0 && d2 != 0 && d3 != 0 && d4 != 0)
            return d1 != d2 && d3 != d4;
        return (d1 == 0 && on(cx, cy, dx, dy, ax, ay)) || (d2 == 0 && on(cx, cy, dx, dy, bx, by)) ||
               (d3 == 0 && on(ax, ay, bx, by, cx, cy)) || (d4 == 0 && on(ax, ay, bx, by, dx, dy));
    };
    std::uint64_t state = 12345;
    auto next = [&state] {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<std::int64_t>((state >> 33) % 7) - 3; // -3 .. 3: many collinear
    };
    int hits = 0;
    int collinear = 0;
    for (int trial = 0; trial < 20000; ++trial) {
        std::int64_t v[8];
        for (auto& c : v)
            c = next();
        const auto p = [&v](int k) { return glm::dvec2(v[2 * k] / 8.0, v[2 * k + 1] / 8.0); };
        const bool expected = oracle(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]);
        CAPTURE(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]);
        REQUIRE(pbd::segmentsIntersect(p(0), p(1), p(2), p(3)) == expected);
        hits += expected ? 1 : 0;
        collinear += pbd::turn(p(0), p(1), p(2)) == 0 && pbd::turn(p(0), p(1), p(3)) == 0;
    }
    CHECK(hits > 2000);
    CHECK(collinear > 200);
}

TEST_CASE("a cut removes exactly the live constraints whose segments meet it", "[cut]")
{
    Simulation sim(clothSettings(20, 12, 2, 3));
    run(sim, 120);
    const glm::dvec2 from{-1.0, -0.9};
    const glm::dvec2 to{5.0, -1.4};
    // A constraint already removed is not removed twice.
    REQUIRE(sim.removeConstraint(300));
    std::vector<std::uint8_t> expected(sim.alive().begin(), sim.alive().end());
    for (std::size_t k = 0; k < expected.size(); ++k) {
        const auto& c = sim.constraints()[k];
        if (pbd::segmentsIntersect(from, to, sim.particles().position[c.a], sim.particles().position[c.b]))
            expected[k] = 0;
    }
    const std::size_t live = sim.liveConstraintCount();
    const std::size_t removed = sim.cut(from, to);
    CHECK(removed > 20);
    CHECK(sim.liveConstraintCount() == live - removed);
    CHECK(std::equal(expected.begin(), expected.end(), sim.alive().begin()));
    // A cut ending exactly on a particle removes the constraints that touch it.
    Simulation rest(clothSettings(5, 5));
    const glm::dvec2 particle = rest.particles().position[12];
    rest.cut(particle, particle);
    std::size_t touching = 0;
    for (std::size_t k = 0; k < rest.constraints().size(); ++k) {
        const auto& c = rest.constraints()[k];
        const bool touches = c.a == 12 || c.b == 12;
        touching += touches ? 1 : 0;
        CHECK((rest.alive()[k] == 0) == touches);
    }
    CHECK(touching == 8);
}

TEST_CASE("a cloth cut across falls apart the same way on both solvers, and the lower part "
          "falls freely",
          "[cut]")
{
    Simulation sequential(clothSettings(20, 10, 2, 4));
    Settings cs = clothSettings(20, 10, 2, 4);
    cs.solver = Solver::Colored;
    Simulation colored(cs);
    const std::size_t removedSequential = sequential.cut({-1.0, -0.9}, {5.0, -0.9});
    const std::size_t removedColored = colored.cut({-1.0, -0.9}, {5.0, -0.9});
    CHECK(removedSequential == 20 + 2 * 19); // every vertical and diagonal between rows 4, 5
    CHECK(removedColored == removedSequential);
    CHECK(std::equal(sequential.alive().begin(), sequential.alive().end(), colored.alive().begin()));
    run(sequential, 200);
    run(colored, 200);
    // One second of free fall from rest: 0.5 g t^2 = 4.905 m below the row's rest height.
    for (const Simulation* sim : {&sequential, &colored})
        for (Index i = 100; i < 200; ++i)
            CHECK(sim->particles().position[i].y ==
                  Approx(-0.2 * (i / 20) - 0.5 * 9.81 * 1.0 * (1.0 + 0.005)).margin(2e-3));
    CHECK(sequential.particles().position[50].y > -1.5); // the upper part still hangs
}

TEST_CASE("tearing and cutting are bit-identical for every thread count", "[tear][cut][colored]")
{
    auto runWith = [](unsigned threads) {
        Settings s = clothSettings(120, 90, 2, 3);
        s.solver = Solver::Colored;
        s.threads = static_cast<int>(threads);
        s.tearStrain = 0.3;
        s.stiffness = 5000.0;
        Simulation sim(s);
        REQUIRE(sim.chunkCount() > 1); // several chunks: the threads really share the cloth
        REQUIRE(sim.threadCount() == threads);
        REQUIRE(sim.grab(120 * 90 - 1));
        for (int step = 0; step < 150; ++step) {
            sim.moveGrabbed({23.8 + 0.05 * step, -17.8 - 0.04 * step});
            if (step == 60)
                sim.cut({3.0, 1.0}, {9.0, -20.0});
            sim.step();
        }
        return sim;
    };
    const Simulation one = runWith(1);
    CHECK(one.liveConstraintCount() < one.constraints().size() - 200);
    for (unsigned threads : {2u, 3u}) {
        const Simulation other = runWith(threads);
        CHECK(samePositions(one, other));
        CHECK(std::equal(one.alive().begin(), one.alive().end(), other.alive().begin()));
    }
}
