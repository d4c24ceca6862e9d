// The validation scenes' laws over the cloth (logic/validation_law.h): the curves against the
// numbers the laws give for known parameters (computed apart from this code: the catenary's
// parameters by bisection in Python, the strip's extension by its closed form), and the
// built-in scenes settling onto them, their residual falling below pbd-sim validate's
// tolerance. The combo and R place a scene's particles where its file puts them.

#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include <glm/geometric.hpp>

#include "controller_rig.h"
#include "logic/validation_law.h"
#include "pbd/scene.h"

using namespace pbd;
using namespace pbd::app;

namespace {

/// The catenary's arc length between x = a and b: a (sinh((b - x0)/a) - sinh((a - x0)/a)).
double arcLength(const Catenary& c, double from, double to)
{
    return c.a * (std::sinh((to - c.x0) / c.a) - std::sinh((from - c.x0) / c.a));
}

/// A simulation of the built-in scene `name`, as --scene NAME starts one.
Simulation sceneSimulation(const std::string& name)
{
    Simulation simulation{Settings{}};
    const auto scene = builtInScene(name);
    REQUIRE(scene);
    REQUIRE_FALSE(applyScene(simulation, *scene));
    return simulation;
}

void stepFor(Simulation& simulation, double seconds)
{
    const int steps = static_cast<int>(seconds / simulation.settings().timeStep + 0.5);
    for (int i = 0; i < steps; ++i)
        simulation.step();
    simulation.sync();
}

} // namespace

TEST_CASE("a catenary between pins at one height has the cosh's parameter and sag",
          "[validation-law]")
{
    // 2 m of chain, pins 1.6 m apart: 2 a sinh(0.8 / a) = 2 gives a = 0.676403758170699
    // and the sag a (cosh(0.8 / a) - 1) = 0.530875018279647 (mpmath, 30 digits).
    const auto c = catenaryThrough({0.0, 0.0}, {1.6, 0.0}, 2.0);
    REQUIRE(c);
    CHECK(c->a == Approx(0.676403758170699).epsilon(1e-13));
    CHECK(c->x0 == Approx(0.8).epsilon(1e-14));
    CHECK(-(*c)(0.8) == Approx(0.530875018279647).epsilon(1e-13));
    CHECK(arcLength(*c, 0.0, 1.6) == Approx(2.0).epsilon(1e-13));
}

TEST_CASE("a catenary between pins at two heights passes through both with the chain's length",
          "[validation-law]")
{
    // From (0.3, -0.2) to (1.5, 0.4), 2 m: a = 0.34402159858111137, x0 = 0.79351857096985268,
    // c = -0.96304086959481738 (bisection on sqrt(L² - v²) = 2 a sinh(h / 2a) in Python).
    for (const bool swapped : {false, true}) {
        const glm::dvec2 p{0.3, -0.2}, q{1.5, 0.4};
        const auto c = swapped ? catenaryThrough(q, p, 2.0) : catenaryThrough(p, q, 2.0);
        REQUIRE(c);
        CHECK(c->a == Approx(0.34402159858111137).epsilon(1e-12));
        CHECK(c->x0 == Approx(0.79351857096985268).epsilon(1e-12));
        CHECK(c->c == Approx(-0.96304086959481738).epsilon(1e-12));
        CHECK((*c)(p.x) == Approx(p.y).margin(1e-12));
        CHECK((*c)(q.x) == Approx(q.y).margin(1e-12));
        CHECK(arcLength(*c, p.x, q.x) == Approx(2.0).epsilon(1e-12));
    }
}

TEST_CASE("no catenary for a chain pulled taut or hung with one end above the other",
          "[validation-law]")
{
    CHECK_FALSE(catenaryThrough({0.0, 0.0}, {1.6, 0.0}, 1.6));
    CHECK_FALSE(catenaryThrough({0.0, 0.0}, {1.6, 1.2}, 2.0)); // |q - p| = 2
    CHECK_FALSE(catenaryThrough({0.0, 0.0}, {0.0, -1.0}, 2.0));
    CHECK(catenaryThrough({0.0, 0.0}, {1.6, 1.2}, 2.0001));
}

TEST_CASE("each spring of a hanging chain stretches by the weight below it over k",
          "[validation-law]")
{
    // 11 particles of 0.1 kg on 500 N/m: extension m g n (n - 1) / (2 k) = 0.10791 m; the
    // top link carries 10 particles: 0.01962 m.
    const std::vector<double> rest(10, 0.2);
    const std::vector<double> masses(11, 0.1);
    const auto law = hangingChainLaw({1.0, 2.0}, rest, masses, 500.0, 9.81);
    REQUIRE(law.size() == 11);
    CHECK(law[0] == glm::dvec2(1.0, 2.0));
    CHECK(law[1].y == Approx(2.0 - 0.2 - 0.01962).epsilon(1e-14));
    CHECK(law.back().x == 1.0);
    CHECK(2.0 - law.back().y - 2.0 == Approx(0.10791).epsilon(1e-13));
    // Rigid links (k = 0) do not stretch.
    CHECK(hangingChainLaw({0.0, 0.0}, rest, masses, 0.0, 9.81).back().y == Approx(-2.0));
}

TEST_CASE("the distance to a polyline is to its nearest segment, ends included",
          "[validation-law]")
{
    const std::vector<glm::dvec2> line{{0.0, 0.0}, {1.0, 0.0}, {1.0, 1.0}};
    CHECK(distanceToPolyline({0.5, 0.3}, line) == Approx(0.3));
    CHECK(distanceToPolyline({1.4, 0.5}, line) == Approx(0.4));
    CHECK(distanceToPolyline({-3.0, 4.0}, line) == Approx(5.0));
}

TEST_CASE("the catenary scene settles onto its cosh, within pbd-sim validate's tolerance",
          "[validation-law]")
{
    Simulation simulation = sceneSimulation("catenary");
    const auto& particles = simulation.particles();
    // Its file lays each link at its rest length, between pins 1.6 m apart at one height.
    for (std::size_t i = 0; i + 1 < particles.size(); ++i)
        CHECK(glm::distance(particles.position[i], particles.position[i + 1]) ==
              Approx(simulation.constraints()[i].restLength).epsilon(1e-14));
    const auto start = lawOverlay("catenary", simulation);
    REQUIRE(start);
    CHECK(start->name == "catenary");
    CHECK(start->curve.front() == particles.position.front());
    CHECK(start->curve.back().y == Approx(particles.position.back().y).margin(1e-12));
    CHECK(start->residual > 0.05); // laid in a V: its middle 6.9 cm below the cosh's
    stepFor(simulation, 4.0);
    const auto moving = lawOverlay("catenary", simulation);
    stepFor(simulation, 16.0);
    const auto settled = lawOverlay("catenary", simulation);
    REQUIRE(moving);
    REQUIRE(settled);
    CHECK(settled->residual < moving->residual);
    CHECK(settled->residual < settled->tolerance);
    // What remains is the 20-link chain's own departure from the continuous one, largest at
    // the middle joint: O(1/links²), not zero.
    CHECK(settled->residual > 0.1 * settled->tolerance);
}

TEST_CASE("the hanging strip settles onto its marks Σ g m_below / k below the pin",
          "[validation-law]")
{
    Simulation simulation = sceneSimulation("hanging-strip");
    const auto start = lawOverlay("hanging-strip", simulation);
    REQUIRE(start);
    REQUIRE(start->marks.size() == simulation.particles().size());
    CHECK(start->residual == Approx(0.10791).epsilon(1e-9)); // the bottom, at rest length
    stepFor(simulation, 10.0);
    const auto settled = lawOverlay("hanging-strip", simulation);
    REQUIRE(settled);
    CHECK(settled->residual < settled->tolerance);
}

TEST_CASE("the rope in wind settles onto the force balance's shape", "[validation-law]")
{
    Simulation simulation = sceneSimulation("wind-rope");
    const auto start = lawOverlay("wind-rope", simulation);
    REQUIRE(start);
    CHECK(start->residual > 1.0); // hanging straight down; the law's bottom is 1.4 m aside
    stepFor(simulation, 40.0);
    const auto settled = lawOverlay("wind-rope", simulation);
    REQUIRE(settled);
    // validate's wind-rope case holds the bottom's x to 9.03e-5 m at 16 substeps; its
    // distance, x and y, is of the same order.
    CHECK(settled->residual < 1e-4);
}

TEST_CASE("no law over another scene, or over a cloth the law no longer describes",
          "[validation-law]")
{
    Simulation simulation = sceneSimulation("catenary");
    CHECK_FALSE(lawOverlay("page", simulation));
    CHECK_FALSE(lawOverlay("hanging-strip", simulation)); // two pins, one row
    simulation.pin(10);
    CHECK_FALSE(lawOverlay("catenary", simulation)); // a third pin
    Simulation strip = sceneSimulation("hanging-strip");
    Settings windy = strip.settings();
    windy.airDrag = 1.0;
    windy.windX = 5.0;
    REQUIRE_FALSE(strip.apply(windy));
    CHECK_FALSE(lawOverlay("hanging-strip", strip));
}

TEST_CASE("the catenary chosen in the panel starts laid in its V, and R lays it so again",
          "[validation-law][controller]")
{
    testing::Rig rig;
    PanelActions actions;
    actions.world.scene = "catenary";
    rig.controller.panel(actions);
    const Scene catenary = *builtInScene("catenary");
    REQUIRE(catenary.positions);
    const auto laid = [&] {
        const auto& position = rig.simulation.particles().position;
        bool same = position.size() * 2 == catenary.positions->size();
        for (std::size_t i = 0; same && i < position.size(); ++i)
            same = position[i] == glm::dvec2((*catenary.positions)[2 * i],
                                             (*catenary.positions)[2 * i + 1]);
        return same;
    };
    CHECK(rig.controller.sceneName() == "catenary");
    CHECK(laid());
    CHECK(lawOverlay(rig.controller.sceneName(), rig.simulation));
    for (int frame = 0; frame < 10; ++frame) {
        rig.now += 1.0 / 60.0;
        rig.controller.advance();
    }
    rig.simulation.sync();
    CHECK_FALSE(laid()); // it fell
    rig.tap(Key::R);
    CHECK(laid());
    CHECK(rig.controller.sceneName() == "catenary");
    rig.tap(Key::R); // and again
    CHECK(laid());
}

TEST_CASE("the catenary given on the command line is laid in its V again by R",
          "[validation-law][controller]")
{
    const Scene catenary = *builtInScene("catenary");
    testing::Rig rig(catenary.settings);
    REQUIRE_FALSE(applyScene(rig.simulation, catenary)); // as --scene catenary starts
    rig.controller.setSceneName("catenary");
    for (int frame = 0; frame < 10; ++frame) {
        rig.now += 1.0 / 60.0;
        rig.controller.advance();
    }
    rig.tap(Key::R);
    rig.simulation.sync();
    CHECK(rig.simulation.particles().position[10] ==
          glm::dvec2((*catenary.positions)[20], (*catenary.positions)[21]));
    CHECK(rig.simulation.particles().pinned(20));
}

TEST_CASE("the law's pendulum crosses the vertical at a quarter of the elliptic period and "
          "turns at half of it",
          "[validation-law]")
{
    // From 45 degrees, 1 m, g 9.81: T = 4 sqrt(L/g) K(sin(22.5 deg)) = 2.0862558726143674 s
    // (validate's pendulum-period law; K by the arithmetic-geometric mean).
    const double theta0 = std::atan(1.0);
    const double period = 2.0862558726143674;
    CHECK(std::abs(pendulumAngle(theta0, 1.0, 9.81, 0.25 * period)) < 1e-9);
    CHECK(pendulumAngle(theta0, 1.0, 9.81, 0.5 * period) == Approx(-theta0).margin(1e-9));
    CHECK(pendulumAngle(theta0, 1.0, 9.81, 10.0 * period + 0.5 * period) ==
          Approx(-theta0).margin(1e-9));
    CHECK(pendulumAngle(theta0, 1.0, 9.81, 0.0) == theta0);
    // A small swing is the harmonic one: θ0 cos(sqrt(g/L) t), off by O(θ0³).
    const double small = 0.01;
    const double t = 0.3;
    CHECK(pendulumAngle(small, 1.0, 9.81, t) ==
          Approx(small * std::cos(std::sqrt(9.81) * t)).margin(1e-6));
}

TEST_CASE("the pendulum scene swings beside the law's bob, drifting from it as PBD loses "
          "energy",
          "[validation-law]")
{
    Simulation simulation = sceneSimulation("pendulum");
    const auto start = lawOverlay("pendulum", simulation);
    REQUIRE(start);
    REQUIRE(start->marks.size() == 1);
    CHECK(start->residual < 1e-12); // released where the law starts
    CHECK(glm::distance(start->curve.front(), start->curve.back()) ==
          Approx(2.0 * std::sin(std::atan(1.0))).epsilon(1e-12)); // the arc from -45 to 45 deg
    stepFor(simulation, 2.0);
    const auto soon = lawOverlay("pendulum", simulation);
    stepFor(simulation, 18.0);
    const auto later = lawOverlay("pendulum", simulation);
    REQUIRE(soon);
    REQUIRE(later);
    // At 16 substeps the period is 5.6e-4 s short (validate's pendulum-period at 16): within
    // a period the bobs are millimetres apart, and the drift grows with time.
    CHECK(soon->residual < 0.01);
    CHECK(later->residual > soon->residual);
    Settings damped = simulation.settings();
    damped.damping = 1.0;
    REQUIRE_FALSE(simulation.apply(damped));
    CHECK_FALSE(lawOverlay("pendulum", simulation));
}

TEST_CASE("the incline's particle slides with Coulomb's acceleration, or sticks where tan a "
          "<= mu",
          "[validation-law]")
{
    Simulation simulation = sceneSimulation("incline");
    const auto start = lawOverlay("incline", simulation);
    REQUIRE(start);
    CHECK(start->residual < 1e-15);
    stepFor(simulation, 1.0);
    const auto slid = lawOverlay("incline", simulation);
    REQUIRE(slid);
    // 30 degrees, mu 0.3: g (sin a - mu cos a) = 9.81 (0.5 - 0.3 x 0.8660254) = 2.3562872
    // m/s²; in 1 s, half of it in metres down the slope (x = s cos 30, y = -s sin 30).
    const glm::dvec2 law = slid->marks.at(0);
    CHECK(glm::length(law) == Approx(0.5 * 2.3562872366623964).epsilon(1e-12));
    CHECK(law.y == Approx(-0.5 * glm::length(law)).epsilon(1e-12));
    // Symplectic Euler's position leads the law by half a step of velocity: after N steps
    // of h, x = a h² N (N + 1) / 2 = a t² / 2 + a h t / 2, while its velocity a t is exact
    // (validate's incline-sliding): 5.9e-3 m ahead after 1 s at h = 5 ms.
    const double h = simulation.settings().timeStep / simulation.settings().substeps;
    CHECK(slid->residual == Approx(0.5 * 2.3562872366623964 * h * 1.0).epsilon(1e-6));
    const glm::dvec2 at = simulation.particles().position[0];
    CHECK(glm::dot(at - law, law) > 0.0); // ahead, down the slope
    // Friction above tan 30 = 0.577: it stays put, and so does the law's mark.
    Simulation sticking = sceneSimulation("incline");
    Settings rough = sticking.settings();
    rough.friction = 0.7;
    REQUIRE_FALSE(sticking.apply(rough));
    stepFor(sticking, 1.0);
    const auto stuck = lawOverlay("incline", sticking);
    REQUIRE(stuck);
    CHECK(stuck->marks.at(0) == glm::dvec2(0.0));
    CHECK(stuck->residual < 1e-12);
}

TEST_CASE("the cantilever-3d strip settles onto the heavy elastica drawn along its middle",
          "[validation-law]")
{
    Settings threeD;
    threeD.dimensions = 3;
    Simulation3 simulation{threeD};
    const auto scene = builtInScene("cantilever-3d");
    REQUIRE(scene);
    REQUIRE_FALSE(applyScene(simulation, *scene));
    const auto start = lawOverlay3("cantilever-3d", simulation);
    REQUIRE(start);
    CHECK(start->curve.empty());
    REQUIRE(start->curve3.size() >= 2);
    // The curve starts at the clamp's middle (between the first two columns), level.
    const auto& p = simulation.particles().position;
    CHECK(start->curve3.front().x == Approx(0.5 * (p[0].x + p[1].x)));
    CHECK(start->curve3.front().y == p[0].y);
    const double droop = start->curve3.front().y - start->curve3.back().y;
    CHECK(start->residual == Approx(droop).epsilon(0.05)); // laid flat: the tip is off by it
    const double seconds = 5.0;
    const int steps = static_cast<int>(seconds / simulation.settings().timeStep + 0.5);
    for (int i = 0; i < steps; ++i)
        simulation.step();
    simulation.sync();
    const auto settled = lawOverlay3("cantilever-3d", simulation);
    REQUIRE(settled);
    CAPTURE(droop, settled->residual);
    CHECK(settled->residual < 0.05 * droop);
    CHECK_FALSE(lawOverlay3("drape-3d", simulation));
}
