// The air as physics: the force law on one constraint, a rope blown to the angle the law
// predicts (and mirrored by the opposite wind), a cloth blown downwind, gusts that vary in
// time and space within their bound and replay exactly, the colored solver's bits across
// thread counts, refusals, and nothing at all while the drag is 0.

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <glm/geometric.hpp>

#include "air/air.h"
#include "pbd/drag_script.h"
#include "pbd/scene.h"
#include "pbd/simulation.h"
#include "sim_builders.h"
#include "solver_loop.h"

using Catch::Matchers::Contains;
using pbd::Settings;
using pbd::Simulation;
using pbd::test::clothSettings;

namespace {

constexpr double kMass = 0.5;    // the page's particle mass, kg
constexpr double kGravity = 9.81; // m/s^2
constexpr double kRest = 0.2;    // the page's spacing: the rope's rest length, m

/// The page's two-particle rope (width 1, height 2, fixed 1) in air, damped to settle.
Settings rope(double drag, double windX, pbd::Solver solver = pbd::Solver::Sequential)
{
    Settings s = clothSettings(1, 2, 1);
    s.airDrag = drag;
    s.windX = windX;
    s.damping = 3.0;
    s.solver = solver;
    return s;
}

/// The angle of the rope from straight down, positive when its end is blown towards +x.
double ropeAngle(const Simulation& sim)
{
    const glm::dvec2 d = sim.particles().position[1] - sim.particles().position[0];
    return std::atan2(d.x, -d.y);
}

/// The cloth's mean x in m.
double meanX(const Simulation& sim)
{
    double sum = 0.0;
    for (const glm::dvec2& x : sim.particles().position)
        sum += x.x;
    return sum / static_cast<double>(sim.particles().size());
}

/// Plays `script` on a simulation of `settings` for `steps` steps, the events through the
/// commands as pbd-sim and the app's replay do.
Simulation play(const std::string& script, const Settings& settings, int steps)
{
    Simulation sim(settings);
    pbd::DragPlayer player(pbd::parseEventScript(script, settings));
    for (int step = 0; step < steps; ++step) {
        player.applyBefore(static_cast<std::uint64_t>(step), sim);
        sim.step();
    }
    return sim;
}

} // namespace

TEST_CASE("the air's force on a constraint is c l ((w - v) . n) n", "[air]")
{
    using pbd::detail::airForce;
    const glm::dvec2 rest(0.0);
    // A horizontal constraint 0.5 m long, air rising at 3 m/s through it: all of it counts.
    glm::dvec2 f = airForce({0.0, 0.0}, {0.5, 0.0}, rest, rest, {0.0, 3.0}, {0.0, 3.0}, 2.0);
    CHECK(f.x == Approx(0.0).margin(1e-15));
    CHECK(f.y == Approx(2.0 * 0.5 * 3.0));
    // Air along the constraint pushes nothing.
    f = airForce({0.0, 0.0}, {0.5, 0.0}, rest, rest, {4.0, 0.0}, {4.0, 0.0}, 2.0);
    CHECK(f.x == Approx(0.0).margin(1e-15));
    CHECK(f.y == Approx(0.0).margin(1e-15));
    // At 45 degrees half of the wind's speed... its normal component w cos 45, along n.
    const double s = std::sqrt(0.5);
    f = airForce({0.0, 0.0}, {s, s}, rest, rest, {2.0, 0.0}, {2.0, 0.0}, 1.0);
    CHECK(f.x == Approx(1.0 * 1.0 * 2.0 * s * s));
    CHECK(f.y == Approx(-1.0 * 1.0 * 2.0 * s * s));
    // Relative to the particles' mean velocity: moving with the air, nothing.
    f = airForce({0.0, 0.0}, {0.5, 0.0}, {1.0, 3.0}, {-1.0, 3.0}, {0.0, 3.0}, {0.0, 3.0}, 2.0);
    CHECK(f.y == Approx(0.0).margin(1e-15));
}

TEST_CASE("the air's coefficient c l is held where one substep would take more than an "
          "eighth of a constraint's relative normal velocity",
          "[air]")
{
    using pbd::detail::airForce;
    const double h = 1.0 / 60.0;
    const pbd::detail::AirCap cap = pbd::detail::airCap(h);
    const glm::dvec2 rest(0.0);
    const glm::dvec2 up(0.0, 3.0); // air rising through a horizontal constraint
    // Ends of 0.5 kg: c l (w_a + w_b) = 4 c l against 1 / (2 h) = 30.
    const double wSum = 4.0;
    // Below the cap (c l = 7): the law, to the bit.
    const glm::dvec2 law = airForce({0.0, 0.0}, {0.7, 0.0}, rest, rest, up, up, 10.0);
    CHECK(airForce({0.0, 0.0}, {0.7, 0.0}, rest, rest, up, up, 10.0, wSum, cap) == law);
    CHECK(law.y == Approx(10.0 * 0.7 * 3.0));
    // Above it (c l = 8 and 5000): held at 1 / (2 h (w_a + w_b)) = 7.5.
    for (const double length : {0.8, 500.0}) {
        const glm::dvec2 f =
            airForce({0.0, 0.0}, {length, 0.0}, rest, rest, up, up, 10.0, wSum, cap);
        CHECK(f.x == Approx(0.0).margin(1e-12));
        CHECK(f.y == Approx(7.5 * 3.0));
        // Each end takes F / 2: the mean velocity gains h (w_a + w_b) F / 4, an eighth of
        // the 3 m/s between it and the air.
        CHECK(h * wSum * f.y / 4.0 == Approx(3.0 / 8.0));
    }
    // Light ends and a stretched, tilted constraint moving against the air: the same eighth.
    const glm::dvec2 va(1.0, -2.0), vb(-0.5, 4.0), wind(6.0, -1.0);
    const glm::dvec2 xb(30.0, 40.0);
    const double light = 2.0 / 0.001 + 1.0 / 0.002;
    const glm::dvec2 f = airForce({0.0, 0.0}, xb, va, vb, wind, wind, 2.0, light, cap);
    const glm::dvec2 n = glm::dvec2(-xb.y, xb.x) / glm::length(xb);
    const double u = glm::dot(wind - 0.5 * (va + vb), n);
    CHECK(glm::dot(f, glm::normalize(xb)) == Approx(0.0).margin(1e-9));
    CHECK(h * light * glm::dot(f, n) / 4.0 == Approx(u / 8.0));
    // Fixed ends (w_a + w_b = 0) are never held: the force goes nowhere anyway.
    CHECK(airForce({0.0, 0.0}, xb, rest, rest, wind, wind, 2.0, 0.0, cap) ==
          airForce({0.0, 0.0}, xb, rest, rest, wind, wind, 2.0));
}

TEST_CASE("air too thick for the substep carries the cloth with it and does not blow up",
          "[air]")
{
    // The largest drag allowed on the page's cloth: c l (w_a + w_b) = 8000 against
    // 1 / (2 h) = 30, which the uncapped explicit force turned into NaN within 600 steps.
    for (const pbd::Solver solver : {pbd::Solver::Sequential, pbd::Solver::Colored}) {
        CAPTURE(static_cast<int>(solver));
        Settings s;
        s.solver = solver;
        s.threads = 2;
        s.airDrag = pbd::kMaxAirDrag;
        s.windX = 5.0;
        Simulation thick(s);
        s.airDrag = 1.0;
        Simulation thin(s);
        // The air is the only force along x but the pins' pull upwind: the cloth's mean
        // velocity along x can approach the wind's 5 m/s, never pass it.
        double fastest = 0.0;
        for (int step = 0; step < 600; ++step) {
            thick.step();
            double sum = 0.0;
            for (const glm::dvec2& v : thick.particles().velocity)
                sum += v.x;
            fastest = std::max(fastest, sum / static_cast<double>(thick.particles().size()));
        }
        pbd::test::run(thin, 600);
        pbd::test::requireSolver(thick, solver);
        pbd::test::requireSolver(thin, solver);
        REQUIRE(pbd::test::allFinite(thick));
        CHECK(meanX(thick) > meanX(thin) + 1.0); // blown further downwind
        CHECK(fastest > 4.0);                    // carried nearly at the air's speed
        CHECK(fastest < 5.0);                    // and not past it
    }
    // The fuzzed script that found it: a particle dragged 5 km off in the flag's gusty wind
    // (the scene sets every setting, so the solver comes after it).
    for (const std::string solver : {"sequential", "colored"}) {
        const Simulation dragged = play("0 scene flag\n0 set solver " + solver +
                                            "\n1 drag 5 5152. -2\n",
                                        clothSettings(4, 3), 8);
        pbd::test::requireSolver(dragged, *pbd::solverFromName(solver));
        CHECK(pbd::test::allFinite(dragged));
        for (const glm::dvec2& v : dragged.particles().velocity)
            CHECK(glm::length(v) < 1e6);
    }
}

TEST_CASE("a rope in a steady wind hangs at tan theta = c l w / (2 m g), mirrored when the "
          "wind turns",
          "[air]")
{
    // The rope's free end takes half the force on its one constraint; at rest the force
    // c l w cos(theta) across the rope balances gravity's m g sin(theta) across it.
    for (const pbd::Solver solver : {pbd::Solver::Sequential, pbd::Solver::Colored})
        for (const auto& [drag, wind] : {std::pair{2.0, 10.0}, std::pair{5.0, 8.0},
                                         std::pair{0.5, 3.0}}) {
            CAPTURE(pbd::solverName(solver), drag, wind);
            Simulation blown(rope(drag, wind, solver));
            Simulation back(rope(drag, -wind, solver));
            pbd::test::run(blown, 3000);
            pbd::test::run(back, 3000);
            pbd::test::requireSolver(blown, solver);
            pbd::test::requireSolver(back, solver);
            const double expected = drag * kRest * wind / (2.0 * kMass * kGravity);
            const double theta = ropeAngle(blown);
            CHECK(std::tan(theta) == Approx(expected).epsilon(0.01));
            CHECK(ropeAngle(back) == Approx(-theta).epsilon(1e-9));
            CHECK(glm::length(blown.particles().velocity[1]) < 1e-6); // settled
        }
}

TEST_CASE("a cloth in the wind is blown downwind, further in a stronger wind", "[air]")
{
    auto blownBy = [](double wind) {
        Settings s;
        s.airDrag = 1.0;
        s.windX = wind;
        s.damping = 1.0;
        Simulation sim(s);
        pbd::test::run(sim, 800);
        return meanX(sim);
    };
    const double still = blownBy(0.0);
    const double light = blownBy(2.0) - still;
    const double strong = blownBy(6.0) - still;
    CHECK(light > 0.01);
    CHECK(strong > 2.0 * light);
    CHECK(blownBy(-6.0) - still < -0.05); // the other way
}

TEST_CASE("gusts vary the wind smoothly in time and space within their fraction of its speed",
          "[air]")
{
    pbd::detail::AirParams air;
    air.wind = {3.0, -4.0}; // 5 m/s
    air.gusts = 0.5;
    double lowest = 1e9, highest = -1e9;
    glm::dvec2 previous = pbd::detail::gustWind(air, {1.0, 2.0});
    for (int i = 1; i <= 4000; ++i) {
        air.time = 0.005 * i;
        const glm::dvec2 w = pbd::detail::gustWind(air, {1.0, 2.0});
        CHECK(glm::length(w - air.wind) <= 0.5 * 5.0 + 1e-12);
        CHECK(glm::length(w - previous) < 0.1); // smooth: no jump between steps
        lowest = std::min(lowest, glm::length(w));
        highest = std::max(highest, glm::length(w));
        previous = w;
    }
    CHECK(highest - lowest > 1.0); // it does vary over 20 s
    // and from place to place at one time
    air.time = 3.0;
    CHECK(glm::length(pbd::detail::gustWind(air, {0.0, 0.0}) -
                      pbd::detail::gustWind(air, {9.0, -5.0})) > 1e-3);
    air.gusts = 0.0; // steady: exactly the wind
    CHECK(pbd::detail::gustWind(air, {1.0, 2.0}) == air.wind);
}

TEST_CASE("gusts move a cloth differently from a steady wind, and replay bit for bit",
          "[air]")
{
    Settings s;
    s.airDrag = 1.0;
    s.windX = 5.0;
    Settings gusty = s;
    gusty.gusts = 0.8;
    Simulation steady(s);
    Simulation blown(gusty);
    pbd::test::run(steady, 400);
    pbd::test::run(blown, 400);
    CHECK_FALSE(pbd::test::samePositions(steady, blown));
    // The same air set by an event script at step 0 and changed at step 150 gives the same bits
    // as the settings applied directly.
    const std::string script = "0 set air-drag 1\n0 set wind-x 5\n0 set gusts 0.8\n"
                               "150 set wind-y 2\n150 set gusts 0.3\n";
    const Simulation replayed = play(script, Settings{}, 400);
    Simulation direct(gusty);
    pbd::test::run(direct, 150);
    Settings later = gusty;
    later.windY = 2.0;
    later.gusts = 0.3;
    REQUIRE_FALSE(direct.apply(later));
    pbd::test::run(direct, 250);
    CHECK(pbd::test::samePositions(replayed, direct));
    CHECK(pbd::test::samePositions(play(script, Settings{}, 400), replayed));
}

TEST_CASE("the colored solver's air gives the same bits for every thread count", "[air]")
{
    Settings s = clothSettings(120, 90);
    s.solver = pbd::Solver::Colored;
    s.airDrag = 0.8;
    s.windX = 4.0;
    s.windY = 1.0;
    s.gusts = 0.6;
    s.threads = 1;
    Simulation one(s);
    s.threads = 3;
    Simulation three(s);
    REQUIRE(one.chunkCount() != three.chunkCount()); // cut differently
    pbd::test::run(one, 60);
    pbd::test::run(three, 60);
    pbd::test::requireColoredThreads(one, 1);
    pbd::test::requireColoredThreads(three, 3);
    CHECK(pbd::test::samePositions(one, three));
    CHECK(pbd::test::allFinite(one));
}

TEST_CASE("the air gathers each particle's forces as a sweep over the constraints would add "
          "them",
          "[air]")
{
    // Sequential and colored solvers share the gather; its sums must not depend on where the
    // particles are cut into chunks.
    Settings s = clothSettings(9, 7);
    Simulation sim(s);
    pbd::test::run(sim, 30); // a cloth in motion
    const pbd::Particles& p = sim.particles();
    const pbd::ClothGrid grid = pbd::buildClothGrid(9, 7);
    pbd::detail::AirIncidence incidence;
    incidence.prepare(p.size(), grid.constraints);
    pbd::detail::AirInputs in;
    in.x = p.position.data();
    in.v = p.velocity.data();
    in.w = p.inverseMass.data();
    in.constraints = grid.constraints;
    in.drag = 1.5;
    in.wind = {2.0, -1.0};
    std::vector<glm::dvec2> whole(p.size()), pieces(p.size()), scattered(p.size(), glm::dvec2(0.0));
    std::vector<glm::dvec2> force(grid.constraints.size());
    pbd::detail::airForces(in, force.data(), 0, force.size());
    pbd::detail::airAccelerations(in, incidence, force.data(), whole.data(), 0, p.size());
    for (std::size_t b = 0; b < p.size(); b += 5)
        pbd::detail::airAccelerations(in, incidence, force.data(), pieces.data(), b,
                                      std::min(b + 5, p.size()));
    CHECK(pbd::test::sameBits(whole, pieces));
    for (const pbd::DistanceConstraint& c : grid.constraints) { // the sweep's order
        const glm::dvec2 va = p.inverseMass[c.a] == 0.0 ? glm::dvec2(0.0) : p.velocity[c.a];
        const glm::dvec2 vb = p.inverseMass[c.b] == 0.0 ? glm::dvec2(0.0) : p.velocity[c.b];
        const glm::dvec2 f = pbd::detail::airForce(p.position[c.a], p.position[c.b], va, vb,
                                                   in.wind, in.wind, in.drag);
        scattered[c.a] += f;
        scattered[c.b] += f;
    }
    for (std::size_t i = 0; i < p.size(); ++i) {
        const glm::dvec2 expected = p.inverseMass[i] == 0.0
                                        ? glm::dvec2(0.0)
                                        : 0.5 * p.inverseMass[i] * scattered[i];
        CHECK(whole[i] == expected);
    }
}

TEST_CASE("without air drag the wind and gusts change nothing", "[air]")
{
    for (const pbd::Solver solver : {pbd::Solver::Sequential, pbd::Solver::Colored}) {
        Settings page;
        page.solver = solver;
        Settings calm = page;
        calm.windX = 7.0;
        calm.windY = -3.0;
        calm.gusts = 1.0;
        Simulation a(page), b(calm);
        pbd::test::run(a, 200);
        pbd::test::run(b, 200);
        pbd::test::requireSolver(a, solver);
        pbd::test::requireSolver(b, solver);
        CHECK(pbd::test::samePositions(a, b));
    }
}

TEST_CASE("bad air settings are refused naming the field, the value and the range", "[air]")
{
    auto refusal = [](auto change) {
        Settings s;
        change(s);
        const auto e = pbd::validate(s);
        return e ? e->field + ": " + e->message : std::string();
    };
    CHECK_THAT(refusal([](Settings& s) { s.airDrag = -1.0; }),
               Contains("airDrag: airDrag = -1") && Contains("from 0 to 10000"));
    CHECK_THAT(refusal([](Settings& s) { s.windX = std::nan(""); }),
               Contains("windX: windX = nan") && Contains("-1000 to 1000"));
    CHECK_THAT(refusal([](Settings& s) { s.windY = 2000.0; }),
               Contains("windY: windY = 2000") && Contains("-1000 to 1000"));
    CHECK_THAT(refusal([](Settings& s) { s.gusts = 1.5; }),
               Contains("gusts: gusts = 1.5") && Contains("from 0 to 1"));
    CHECK_THAT(refusal([](Settings& s) { s.gusts = -0.1; }), Contains("gusts = -0.1"));
    Simulation sim;
    Settings bad;
    bad.gusts = 2.0;
    CHECK(sim.apply(bad));
    CHECK(sim.settings().gusts == 0.0);
}

TEST_CASE("the flag scene flies downwind from its pole and keeps flapping, without wind it "
          "hangs",
          "[air][scene]")
{
    auto flag = [](bool wind) {
        pbd::Scene scene = *pbd::builtInScene("flag");
        if (!wind)
            scene.settings.airDrag = 0.0;
        Simulation sim;
        REQUIRE_FALSE(pbd::applyScene(sim, scene));
        return sim;
    };
    // The free edge's mean height in m (column 39 of both rows).
    auto freeEdgeY = [](const Simulation& sim) {
        return 0.5 * (sim.particles().position[39].y + sim.particles().position[79].y);
    };
    Simulation blown = flag(true);
    Simulation still = flag(false);
    REQUIRE(blown.particles().pinned(0));
    REQUIRE(blown.particles().pinned(40));
    pbd::test::run(blown, 640); // 3.2 s
    pbd::test::run(still, 640);
    const std::vector<glm::dvec2> before = blown.particles().position;
    CHECK(meanX(blown) > 1.3);
    CHECK(freeEdgeY(blown) > -1.5);
    CHECK(freeEdgeY(still) < -2.0); // it hangs from the pole
    // Every constraint stays below a tenth of the cap on c l (air.h): the force law holds
    // exactly, not the cap of thick air.
    auto capShare = [](const Simulation& sim) {
        const Settings& s = sim.settings();
        const pbd::detail::AirCap cap = pbd::detail::airCap(s.timeStep / s.substeps);
        const pbd::Particles& p = sim.particles();
        double worst = 0.0;
        for (const pbd::DistanceConstraint& k : pbd::buildClothGrid(s.width, s.height).constraints) {
            const glm::dvec2 d = p.position[k.b] - p.position[k.a];
            const double q = s.airDrag * (p.inverseMass[k.a] + p.inverseMass[k.b]);
            worst = std::max(worst, std::sqrt(q * q * glm::dot(d, d) / cap.limitSquared));
        }
        return worst;
    };
    double share = capShare(blown);
    for (int k = 0; k < 12; ++k) {
        pbd::test::run(blown, 20);
        share = std::max(share, capShare(blown));
    }
    CHECK(share > 0.0);
    CHECK(share < 0.1);
    double moved = 0.0;
    for (std::size_t i = 0; i < before.size(); ++i)
        moved = std::max(moved, glm::length(blown.particles().position[i] - before[i]));
    CHECK(moved > 0.1);
    CHECK(meanX(blown) > 1.3);
    CHECK(pbd::test::allFinite(blown));
}
