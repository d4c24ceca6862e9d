// Tethers in the step: the projection's law, the strain they leave, free fall of a piece cut or
// torn free, recomputation when the cloth changes, and the solvers' agreements.

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include <catch2/catch.hpp>
#include <glm/geometric.hpp>

#include "pbd/drag_script.h"
#include "pbd/simulation.h"
#include "pbd/state_file.h"
#include "sim_builders.h"
#include "tether_projection.h"

namespace {

using pbd::Index;
using pbd::Settings;
using pbd::Simulation;

Settings tethered(int width, int height, pbd::Solver solver = pbd::Solver::Sequential,
                  int threads = 1)
{
    Settings s = pbd::test::clothSettings(width, height);
    s.tethers = true;
    s.solver = solver;
    s.threads = threads;
    return s;
}

/// The largest |x_i - a| - L over every tether of the simulation, in metres (negative when
/// every tether is slack).
double worstTether(Simulation& sim)
{
    const pbd::Tethers& t = sim.tethers();
    const auto& x = sim.particles().position;
    double worst = -1e300;
    for (std::size_t s = 0; s < static_cast<std::size_t>(t.slots); ++s)
        for (std::size_t i = 0; i < t.particles; ++i) {
            const std::size_t k = s * t.particles + i;
            if (t.length[k] >= pbd::kNoTether || sim.particles().inverseMass[i] == 0.0)
                continue; // no tether, or held by the pointer where it may be
            const glm::dvec2 a = x[t.anchors[t.anchorOf[k]]];
            worst = std::max(worst, glm::distance(x[i], a) - t.length[k]);
        }
    return worst;
}

struct CentreOfMass {
    glm::dvec2 position{0.0};
    glm::dvec2 velocity{0.0};
};

CentreOfMass centreOf(const Simulation& sim, const std::vector<Index>& particles)
{
    CentreOfMass c;
    for (Index i : particles) {
        c.position += sim.particles().position[i];
        c.velocity += sim.particles().velocity[i];
    }
    c.position /= static_cast<double>(particles.size());
    c.velocity /= static_cast<double>(particles.size());
    return c;
}

/// Cuts between rows `row` and `row + 1` along the cloth as it lies now: a knife through the
/// midpoints of the vertical constraints between them.
void cutBetweenRows(Simulation& sim, int row)
{
    const int w = sim.settings().width;
    const auto& x = sim.particles().position;
    auto mid = [&](int j) {
        const auto a = static_cast<std::size_t>(row * w + j);
        return 0.5 * (x[a] + x[a + static_cast<std::size_t>(w)]);
    };
    const glm::dvec2 before = mid(0) + (mid(0) - mid(1));
    const glm::dvec2 after = mid(w - 1) + (mid(w - 1) - mid(w - 2));
    sim.cut(before, mid(0));
    for (int j = 0; j + 1 < w; ++j)
        sim.cut(mid(j), mid(j + 1));
    sim.cut(mid(w - 1), after);
}

/// Steps `steps` times and checks that the centre of mass of `piece` follows symplectic
/// Euler under gravity from where it is now: v += h g, x += h v, within 1% of its fall.
void checkFreeFall(Simulation& sim, const std::vector<Index>& piece, int steps)
{
    const CentreOfMass start = centreOf(sim, piece);
    const double h = sim.settings().timeStep;
    const double g = sim.settings().gravity;
    glm::dvec2 x = start.position;
    glm::dvec2 v = start.velocity;
    for (int n = 0; n < steps; ++n) {
        sim.step();
        v.y += h * g;
        x += h * v;
    }
    const CentreOfMass end = centreOf(sim, piece);
    const double fall = glm::distance(x, start.position);
    INFO("predicted " << x.x << ", " << x.y << "; simulated " << end.position.x << ", "
                      << end.position.y << "; fall " << fall);
    REQUIRE(fall > 1.0);
    CHECK(glm::distance(end.position, x) < 0.01 * fall);
}

} // namespace

TEST_CASE("a tether never pulls a particle within its length; one beyond goes onto the sphere",
          "[tethers]")
{
    std::mt19937 random(7);
    std::uniform_real_distribution<double> coordinate(-3.0, 3.0);
    const std::size_t n = 203; // not a multiple of four: the AVX2 kernel's scalar tail too
    pbd::Tethers t;
    t.slots = 2;
    t.particles = n;
    t.anchors = {0, 1};
    t.length.resize(2 * n);
    t.anchorOf.resize(2 * n);
    std::vector<glm::dvec2> x(n);
    std::vector<double> w(n, 2.0);
    w[0] = w[1] = 0.0;
    x[0] = {0.0, 0.0};
    x[1] = {2.0, 0.0};
    for (std::size_t i = 2; i < n; ++i) {
        x[i] = {coordinate(random), coordinate(random)};
        t.anchorOf[i] = 0;
        t.anchorOf[n + i] = 1;
        t.length[i] = 2.0;
        t.length[n + i] = i % 5 == 0 ? pbd::kNoTether : 1.5; // some second slots empty
    }
    w[7] = 0.0; // grabbed: never moved
    std::vector<glm::dvec2> anchorAt;
    pbd::detail::anchorPositions(t, x.data(), anchorAt);
    std::vector<glm::dvec2> scalar = x;
    std::vector<glm::dvec2> best = x;
    pbd::detail::projectTethersScalar(scalar.data(), w.data(), t, anchorAt.data(), 0, n);
    pbd::detail::projectTethers(best.data(), w.data(), t, anchorAt.data(), 0, n);
    CHECK(std::memcmp(scalar.data(), best.data(), n * sizeof(glm::dvec2)) == 0);
    int within = 0;
    int beyond = 0;
    for (std::size_t i = 2; i < n; ++i) {
        INFO("particle " << i);
        if (i == 7) {
            CHECK(scalar[i] == x[i]);
            continue;
        }
        // Slot 0 first: the particle ends within 2 m of anchor 0...
        glm::dvec2 p = x[i];
        if (glm::distance(p, x[0]) <= 2.0) {
            ++within;
        } else {
            ++beyond;
            p = x[0] + (p - x[0]) * (2.0 / glm::distance(p, x[0]));
        }
        // ... then slot 1 pulls it within 1.5 m of anchor 1, when it is farther.
        if (t.length[n + i] < pbd::kNoTether && glm::distance(p, x[1]) > 1.5)
            p = x[1] + (p - x[1]) * (1.5 / glm::distance(p, x[1]));
        if (p == x[i])
            CHECK(scalar[i] == x[i]); // bit for bit where nothing pulled
        CHECK(glm::distance(scalar[i], p) < 1e-12);
    }
    CHECK(within > 20);
    CHECK(beyond > 20);
}

TEST_CASE("tethers are hard limits, also with XPBD stiffness: with one anchor no particle "
          "ends a step beyond its tether, with two barely", "[tethers][slow]")
{
    // Each particle's tethers are projected one after the other, so with two taut ones the
    // second may leave the particle a little beyond the first (the next sweep takes it
    // further in); with one anchor the limit holds exactly after every step.
    for (const int fixed : {1, 2})
        for (const pbd::Solver solver : {pbd::Solver::Sequential, pbd::Solver::Colored})
            for (const double stiffness : {0.0, 50.0}) {
                Settings s = tethered(60, 45, solver, 2);
                s.fixedCount = fixed;
                s.stiffness = stiffness;
                s.substeps = stiffness > 0.0 ? 2 : 1;
                Simulation sim(s);
                sim.grab(60 * 44 + 30);
                double worst = -1.0;
                for (int step = 0; step < 300; ++step) {
                    if (step < 100) // drag the bottom middle down and aside, then let go
                        sim.moveGrabbed({6.0 + 0.02 * step, -9.0 - 0.05 * step});
                    if (step == 100)
                        sim.release();
                    sim.step();
                    worst = std::max(worst, worstTether(sim));
                }
                INFO(fixed << " fixed, " << pbd::solverName(solver) << ", stiffness "
                           << stiffness << ": worst " << worst);
                // Two: within 2 cm on a 12 m x 9 m cloth, dragged hard (0.13% of the tether).
                CHECK(worst <= (fixed == 1 ? 1e-12 : 0.02));
                CHECK(worst > -1e-3); // they did hold: some tether is taut
                if (stiffness > 0.0) // while the springs themselves give
                    CHECK(pbd::constraintStrain(sim).max > 0.05);
            }
}

TEST_CASE("a 100 x 100 cloth hung by two corners at 2 iterations keeps its length with tethers",
          "[tethers][slow]")
{
    // docs/performance.md has 300 x 300 (pbd-sim bench --tethers on --settle 2000).
    for (const pbd::Solver solver : {pbd::Solver::Sequential, pbd::Solver::Colored}) {
        Simulation with(tethered(100, 100, solver, 2));
        Settings off = with.settings();
        off.tethers = false;
        Simulation without(off);
        pbd::test::run(with, 2000);
        pbd::test::run(without, 2000);
        const pbd::Strain strain = pbd::constraintStrain(with);
        INFO(pbd::solverName(solver) << ": largest " << strain.max << ", rms " << strain.rms
                                     << "; without tethers "
                                     << pbd::constraintStrain(without).max);
        CHECK(strain.max <= 0.01);
        CHECK(strain.rms <= 0.001);
        CHECK(pbd::constraintStrain(without).max > 1.0); // the rubber it replaces
    }
}

TEST_CASE("a piece cut free falls freely: its centre of mass follows symplectic Euler",
          "[tethers]")
{
    for (const pbd::Solver solver : {pbd::Solver::Sequential, pbd::Solver::Colored}) {
        INFO(pbd::solverName(solver));
        Simulation sim(tethered(40, 30, solver, 2));
        pbd::test::run(sim, 300);
        cutBetweenRows(sim, 14);
        std::vector<Index> below;
        for (Index i = 15 * 40; i < 30 * 40; ++i)
            below.push_back(i);
        // Nothing joins the rows any more, and the next step drops the lower part's tethers.
        for (Index i : below) {
            CHECK_FALSE(sim.tethers().lengthTo(i, 0));
            CHECK_FALSE(sim.tethers().lengthTo(i, 39));
        }
        checkFreeFall(sim, below, 200);
    }
}

TEST_CASE("a piece torn free falls freely too", "[tethers]")
{
    constexpr int w = 40;
    constexpr int h = 30;
    for (const pbd::Solver solver : {pbd::Solver::Sequential, pbd::Solver::Colored}) {
        INFO(pbd::solverName(solver));
        Simulation sim(tethered(w, h, solver, 2));
        pbd::test::run(sim, 300);
        // Across but for one bridge: of the constraints between rows 14 and 15 only the
        // vertical one at column 20 stays (the knife takes the others but for the diagonals
        // of the bridge's two cells, removed by hand).
        const auto& x = sim.particles().position;
        auto mid = [&](int j) { return 0.5 * (x[14 * w + j] + x[15 * w + j]); };
        sim.cut(mid(0) + (mid(0) - mid(1)), mid(0));
        for (int j = 0; j + 1 < w; ++j)
            if (j != 19 && j != 20)
                sim.cut(mid(j), mid(j + 1));
        sim.cut(mid(w - 1), mid(w - 1) + (mid(w - 1) - mid(w - 2)));
        const std::size_t diagonals = (h * (w - 1)) + (h - 1) * w;
        for (int j : {19, 20}) {
            sim.removeConstraint(diagonals + 2 * (14 * (w - 1) + j));
            sim.removeConstraint(diagonals + 2 * (14 * (w - 1) + j) + 1);
        }
        const std::size_t bridge = h * (w - 1) + 14 * w + 20;
        REQUIRE(sim.alive()[bridge] == 1);
        pbd::test::run(sim, 100);
        std::vector<Index> below;
        for (Index i = 15 * w; i < w * h; ++i)
            below.push_back(i);
        // It hangs from the bridge: its tethers go through it.
        REQUIRE(sim.tethers().lengthTo(w * h - 1, w - 1));
        // Yank the bridge's upper end up: the bridge tears (and the particle's other ties).
        Settings s = sim.settings();
        s.tearStrain = 1.0;
        REQUIRE_FALSE(sim.apply(s));
        const Index top = 14 * w + 20;
        sim.grab(top);
        sim.moveGrabbed(sim.particles().position[top] + glm::dvec2(0.0, 3.0));
        sim.step();
        sim.release();
        REQUIRE(sim.alive()[bridge] == 0);
        for (Index i : below)
            CHECK_FALSE(sim.tethers().lengthTo(i, 0));
        checkFreeFall(sim, below, 200);
    }
}

TEST_CASE("tethers are recomputed when pins, cuts, tears or a restart change the cloth",
          "[tethers]")
{
    Simulation sim(tethered(12, 10));
    const Index corner = 11;
    const Index bottom = 119;
    REQUIRE(sim.tethers().anchors == std::vector<Index>{0, 11});
    const double straight = *sim.tethers().lengthTo(bottom, corner);
    CHECK(straight == Approx(0.2 * 9).epsilon(1e-12));
    pbd::test::run(sim, 20);
    // A pin is an anchor at once: the next step uses it.
    sim.pin(60);
    CHECK(sim.tethers().anchors == std::vector<Index>{0, 11, 60});
    CHECK_FALSE(sim.tethers().lengthTo(60, 0));
    CHECK(sim.tethers().lengthTo(bottom, 60));
    // Unpinned, a corner is an anchor no more but is tied to the others.
    sim.unpin(corner);
    CHECK(sim.tethers().anchors == std::vector<Index>{0, 60});
    CHECK(sim.tethers().lengthTo(corner, 0));
    sim.unpin(60);
    sim.pin(corner);
    // A cut makes the way around it: from the corner down the right edge, past a knife
    // from the right edge inwards, is longer than straight.
    sim.cut({1.5, -0.9}, {2.5, -0.9});
    REQUIRE(sim.tethers().lengthTo(bottom, corner));
    CHECK(*sim.tethers().lengthTo(bottom, corner) > straight + 0.01);
    // A tear: the same, found after the step that tore.
    Settings s = sim.settings();
    s.tearStrain = 0.5;
    REQUIRE_FALSE(sim.apply(s));
    const std::size_t live = sim.liveConstraintCount();
    sim.grab(12 * 4 + 3);
    sim.moveGrabbed({-3.0, -0.8}); // rips the particle out of the cloth
    sim.step();
    sim.release();
    REQUIRE(sim.liveConstraintCount() < live);
    CHECK_FALSE(sim.tethers().lengthTo(12 * 4 + 3, 0)); // the ripped-out particle is free
    // What the step that tore left is what the next step uses: the tethers of the cloth as
    // it is now.
    pbd::TetherCloth now;
    now.width = 12;
    now.height = 10;
    now.alive = sim.alive();
    now.flags = sim.particles().flags;
    const pbd::Tethers fresh = pbd::computeTethers(now);
    CHECK(sim.tethers().length == fresh.length);
    CHECK(sim.tethers().anchorOf == fresh.anchorOf);

    // Restart: the intact cloth's straight lengths again.
    sim.restart();
    CHECK(*sim.tethers().lengthTo(bottom, corner) == straight);
    CHECK(sim.tethers().anchors == std::vector<Index>{0, 11});
}

TEST_CASE("new tethers take effect at the next step: unpinned, the cloth falls freely",
          "[tethers]")
{
    Simulation sim(tethered(20, 15));
    pbd::test::run(sim, 200);
    sim.unpinAll();
    std::vector<Index> all;
    for (Index i = 0; i < 300; ++i)
        all.push_back(i);
    checkFreeFall(sim, all, 150);
}

TEST_CASE("the colored solver's tethers give bit-identical results for 1, 2 and 3 threads",
          "[tethers][colored]")
{
    std::vector<std::vector<glm::dvec2>> positions;
    for (int threads : {1, 2, 3}) {
        Settings s = tethered(95, 67, pbd::Solver::Colored, threads);
        s.fixedCount = 4;
        Simulation sim(s);
        REQUIRE(sim.threadCount() == unsigned(threads));
        sim.pin(95 * 30 + 40);
        sim.grab(95 * 60 + 20);
        for (int step = 0; step < 300; ++step) {
            if (step < 150)
                sim.moveGrabbed({4.0 - 0.02 * step, -12.0 - 0.03 * step});
            if (step == 150)
                sim.release();
            if (step == 200)
                sim.cut({1.0, -8.0}, {9.0, -9.0});
            sim.step();
        }
        REQUIRE(pbd::test::allFinite(sim));
        positions.push_back(sim.particles().position);
    }
    CHECK(pbd::test::sameBits(positions[0], positions[1]));
    CHECK(pbd::test::sameBits(positions[0], positions[2]));
}

TEST_CASE("tethers without a pin change nothing, bit for bit", "[tethers]")
{
    for (const pbd::Solver solver : {pbd::Solver::Sequential, pbd::Solver::Colored}) {
        Settings s = tethered(30, 20, solver, 2);
        Simulation on(s);
        s.tethers = false;
        Simulation off(s);
        for (Simulation* sim : {&on, &off}) {
            sim->unpinAll();
            sim->grab(30 * 19 + 15); // and thrown, so that the cloth does not just fall
            sim->moveGrabbed({3.0, -2.0});
            pbd::test::run(*sim, 20);
            sim->release({4.0, 6.0});
            pbd::test::run(*sim, 80);
        }
        CHECK(on.tethers().slots == 0);
        CHECK(pbd::test::samePositions(on, off));
    }
}

TEST_CASE("tethers through event scripts and state files", "[tethers][events]")
{
    Simulation scripted(pbd::test::clothSettings(20, 15));
    const auto events = pbd::parseEventScript("10 set tethers on\n", scripted.settings());
    pbd::DragPlayer player(events);
    for (std::uint64_t step = 0; step < 40; ++step) {
        player.applyBefore(step, scripted);
        scripted.step();
    }
    CHECK(scripted.settings().tethers);
    CHECK(scripted.tethers().count() == 2 * (300 - 2));
    CHECK_THROWS_WITH(pbd::parseEventScript("0 set tethers maybe\n", scripted.settings()),
                      Catch::Contains("tethers") && Catch::Contains("'maybe'") &&
                          Catch::Contains("on or off"));
    // A state file keeps the setting, and the restored run goes on bit for bit.
    const std::string saved = pbd::stateToJson(scripted.state());
    CHECK(saved.find("\"tethers\"") != std::string::npos);
    const pbd::StateParse parsed = pbd::stateFromJson(saved);
    REQUIRE(parsed.state);
    Simulation restored;
    REQUIRE_FALSE(restored.restore(*parsed.state));
    CHECK(restored.settings().tethers);
    pbd::test::run(scripted, 30);
    pbd::test::run(restored, 30);
    CHECK(pbd::test::samePositions(scripted, restored));
}
