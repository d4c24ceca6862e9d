// Tethers as the cloth changes: free fall of a piece cut or torn free, recomputation when pins,
// cuts, tears or a restart change the cloth, and the setting through scripts and state files.

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
#include "solver_loop.h"
#include "tether_builders.h"

using namespace tether_test;

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
        pbd::test::requireSolver(sim, solver);
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
        pbd::test::requireSolver(sim, solver);
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

TEST_CASE("a sized cloth's tethers are its own straight rest distances, and hold it",
          "[tethers][size]")
{
    // 2.4 m x 1.5 m at 11 x 7 particles: spacing 0.24 m across, 0.25 m down, corners 0, 10.
    Settings s = tethered(11, 7);
    s.clothWidth = 2.4;
    s.clothHeight = 1.5;
    Simulation sim(s);
    const auto& x = sim.particles().position;
    for (Index i = 1; i < 77; ++i) // pinned particles (0 and 10) have no tethers
        for (Index anchor : {Index{0}, Index{10}}) {
            if (i == 10)
                continue;
            INFO(i << " to " << anchor);
            const auto length = sim.tethers().lengthTo(i, anchor);
            REQUIRE(length);
            CHECK(*length == Approx(glm::distance(x[i], x[anchor])).epsilon(1e-12));
        }
    pbd::test::run(sim, 400);
    // Two anchors projected in turn: each leaves the other's tether a little long, within
    // 0.1% of the cloth's 2.4 m; and some tether is taut, so they did hold it.
    const double worst = worstTether(sim);
    CHECK(worst <= 2e-3);
    CHECK(worst > -1e-3);
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
