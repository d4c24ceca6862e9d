// Balls and the cloth: Coulomb friction between them (a rope sliding on a ball decelerates
// at mu g; momentum is kept through a collision with friction), and the broad phase of their
// contacts gives the same bits as every pair in turn.

#include <cmath>
#include <random>
#include <vector>

#include <catch2/catch.hpp>
#include <glm/geometric.hpp>

#include "pbd/device/ball_contacts.h"
#include "pbd/simulation.h"
#include "sim_builders.h"
#include "solver_loop.h"

using pbd::Ball;
using pbd::Settings;
using pbd::Simulation;

namespace {

using pbd::test::momentum;

double meanVelocityX(const Simulation& sim)
{
    double sum = 0.0;
    for (const glm::dvec2 v : sim.particles().velocity)
        sum += v.x;
    return sum / static_cast<double>(sim.particles().size());
}

/// A free rope of 20 particles (3.8 m) lying on top of a held ball of radius 1000 m (flat to
/// 2 mm over the rope), thrown along it at 2 m/s: its deceleration from 0.05 s to 0.15 s.
double slidingDeceleration(double mu)
{
    Settings s = pbd::test::clothSettings(20, 1);
    s.friction = mu;
    Simulation sim(s);
    sim.unpinAll();
    REQUIRE_FALSE(sim.addBall({{1.9, -1000.0}, {0.0, 0.0}, 1000.0, 1.0}));
    REQUIRE_FALSE(sim.grabBall(0, {1.9, -1000.0}));
    pbd::SimulationState state = sim.state();
    for (glm::dvec2& v : state.velocity)
        v = {2.0, 0.0};
    REQUIRE_FALSE(sim.restore(state));
    pbd::test::run(sim, 10); // 0.05 s
    const double v1 = meanVelocityX(sim);
    pbd::test::run(sim, 20); // 0.15 s
    const double v2 = meanVelocityX(sim);
    for (const glm::dvec2 p : sim.particles().position)
        REQUIRE(glm::distance(p, glm::dvec2(1.9, -1000.0)) > 1000.0 - 1e-9); // on the ball
    return (v1 - v2) / 0.1;
}

} // namespace

TEST_CASE("a rope sliding on a ball decelerates at mu g (Coulomb), and not at all without "
          "friction", "[balls][physics]")
{
    const double g = 9.81;
    for (const double mu : {0.2, 0.4}) {
        INFO("mu " << mu);
        const double a = slidingDeceleration(mu);
        CHECK(std::abs(a - mu * g) < 0.1 * mu * g);
    }
    CHECK(std::abs(slidingDeceleration(0.0)) < 0.02 * g);
}

TEST_CASE("with friction a thrown ball and a free cloth still keep their total momentum",
          "[balls][physics]")
{
    for (const auto solver : {pbd::Solver::Sequential, pbd::Solver::Colored}) {
        Settings s = pbd::test::clothSettings(10, 10, 4, 5);
        s.gravity = 0.0;
        s.friction = 0.6;
        s.solver = solver;
        Simulation sim(s);
        sim.unpinAll();
        // Glancing: it slides along the cloth's edge, so friction has something to do.
        REQUIRE_FALSE(sim.addBall({{-0.5, 0.25}, {4.0, -0.5}, 0.3, 2.0}));
        const glm::dvec2 before = momentum(sim);
        glm::dvec2 ballBefore = sim.balls()[0].velocity;
        for (int step = 0; step < 300; ++step) {
            sim.step();
            const glm::dvec2 now = momentum(sim);
            REQUIRE(std::abs(now.x - before.x) < 1e-9);
            REQUIRE(std::abs(now.y - before.y) < 1e-9);
        }
        pbd::test::requireSolver(sim, solver);
        CHECK(sim.balls()[0].velocity.x < ballBefore.x - 0.1); // it touched and gave some away
    }
}

TEST_CASE("the balls' broad phase gives the bits of every particle against every ball",
          "[balls]")
{
    // Every pair in turn, as the contact phase defined it before it had a broad phase: a
    // reference written out here, without friction.
    auto allPairs = [](std::vector<Ball>& balls, std::vector<glm::dvec2>& x,
                       const std::vector<double>& w, double grow) {
        for (Ball& ball : balls) {
            const double wb = ball.held ? 0.0 : 1.0 / ball.mass;
            const double reach = ball.radius + grow;
            for (std::size_t i = 0; i < x.size(); ++i) {
                const glm::dvec2 d = x[i] - ball.position;
                if (std::abs(d.x) >= reach || std::abs(d.y) >= reach)
                    continue;
                const double d2 = d.x * d.x + d.y * d.y;
                const double sum = w[i] + wb;
                if (d2 >= reach * reach || d2 == 0.0 || sum == 0.0)
                    continue;
                const double length = std::sqrt(d2);
                const glm::dvec2 n = d / length;
                const double depth = reach - length;
                x[i] += (w[i] / sum * depth) * n;
                ball.position -= (wb / sum * depth) * n;
            }
        }
    };
    std::mt19937_64 random(7);
    std::uniform_real_distribution<double> place(0.0, 10.0);
    for (int trial = 0; trial < 20; ++trial) {
        // A jumbled cloth of 3000 particles (12 blocks), balls among them and beyond.
        std::vector<glm::dvec2> x(3000);
        for (std::size_t i = 0; i < x.size(); ++i)
            x[i] = {0.02 * static_cast<double>(i % 500) + 0.01 * place(random),
                    -0.2 * static_cast<double>(i / 500) + 0.01 * place(random)};
        std::vector<double> w(x.size(), 2.0);
        w[trial] = 0.0; // pinned ones too
        std::vector<Ball> balls;
        for (int k = 0; k < 6; ++k)
            balls.push_back({{place(random), -place(random) * 0.15}, {0.0, 0.0},
                             0.1 + 0.05 * k, 0.5 + k, {0.0, 0.0}, k == 2});
        for (Ball& b : balls)
            b.start = b.position;
        std::vector<glm::dvec2> x0 = x;
        std::vector<glm::dvec2> expected = x;
        std::vector<Ball> expectedBalls = balls;
        allPairs(expectedBalls, expected, w, 0.01);
        pbd::detail::resolveBallContacts<2>(balls, x.data(), x0.data(), w.data(), x.size(), 0.02,
                                            0.0, nullptr);
        // Ball pairs come after the particles in both; only the particle phase is compared.
        CHECK(pbd::test::sameBits(x, expected));
        REQUIRE(x != x0); // contacts happened
    }
}
