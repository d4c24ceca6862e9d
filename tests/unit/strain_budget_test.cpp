// The strain budget (Settings::maxStrain): each step chooses its substeps so that the cloth's
// largest strain ends it within the budget, and is redone with more when it does not.

#include <catch2/catch.hpp>

#include <algorithm>
#include <limits>
#include <string>

#include "pbd/settings_table.h"
#include "pbd/simulation.h"
#include "pbd/state_file.h"
#include "sim_builders.h"

using Catch::Matchers::Contains;
using pbd::Settings;
using pbd::Simulation;

namespace {

/// The page's 40 x 30 cloth hanging from two corners under a budget of `budget`.
Settings budgeted(double budget, pbd::Solver solver = pbd::Solver::Sequential)
{
    Settings s;
    s.maxStrain = budget;
    s.solver = solver;
    s.threads = 2;
    return s;
}

} // namespace

TEST_CASE("max strain is a fraction from 0 (off, the default) to 1", "[strain-budget]")
{
    const pbd::SettingField& row = *pbd::findSettingField("maxStrain");
    CHECK(Settings{}.maxStrain == 0.0);
    CHECK(std::string(row.flag) == "--max-strain");
    CHECK(row.section == pbd::PanelSection::BeyondPage);
    CHECK(pbd::allowedValues("maxStrain") == "allowed: a finite number from 0 to 1 (0: off)");
    for (double bad : {-0.01, 1.5, std::numeric_limits<double>::quiet_NaN(),
                       std::numeric_limits<double>::infinity()}) {
        Settings s;
        s.maxStrain = bad;
        const auto error = pbd::validate(s);
        REQUIRE(error);
        CHECK(error->field == "maxStrain");
        CHECK_THAT(error->message, Contains("maxStrain = ") &&
                                       Contains("0 to 1 (0: off)"));
    }
}

TEST_CASE("without a budget every step takes the substeps setting", "[strain-budget]")
{
    Settings s;
    s.substeps = 3;
    Simulation simulation(s);
    pbd::test::run(simulation, 20);
    CHECK(simulation.substepsInUse() == 3);
    CHECK(simulation.substepsTaken() == 60);
    CHECK_THAT(pbd::stateToJson(simulation.state()), !Contains("budget"));
}

TEST_CASE("a budget holds every step's largest strain within it, on both CPU solvers",
          "[strain-budget]")
{
    for (pbd::Solver solver : {pbd::Solver::Sequential, pbd::Solver::Colored}) {
        INFO(pbd::solverName(solver));
        const double budget = 0.01;
        Simulation simulation(budgeted(budget, solver));
        int fewest = pbd::kStrainBudgetSubstepCap;
        for (int step = 0; step < 400; ++step) {
            simulation.step();
            const double strain = pbd::constraintStrain(simulation).max;
            INFO("step " << step << " with " << simulation.substepsInUse() << " substeps");
            REQUIRE(strain <= budget);
            REQUIRE(simulation.substepsInUse() < pbd::kStrainBudgetSubstepCap);
            fewest = std::min(fewest, simulation.substepsInUse());
        }
        // It starts at 32 and comes down to what the hanging cloth needs; at 1 substep (the
        // setting) the same cloth stretches far beyond the budget.
        CHECK(fewest < 32);
        Simulation fixed{Settings{}};
        pbd::test::run(fixed, 400);
        CHECK(pbd::constraintStrain(fixed).max > budget);
    }
}

TEST_CASE("a step that ends beyond the budget is done again with more substeps",
          "[strain-budget]")
{
    const double budget = 0.01;
    Simulation simulation(budgeted(budget));
    pbd::test::run(simulation, 200);
    // A tighter budget at once, 0.6 of the strain now: the substeps the last step chose
    // cannot hold it.
    // (A grab's move is another: carried over the substeps, see the dragged cloth below.)
    Settings tighter = simulation.settings();
    tighter.maxStrain = 0.6 * pbd::constraintStrain(simulation).max;
    REQUIRE_FALSE(simulation.apply(tighter));
    const double tight = tighter.maxStrain;
    const auto before = simulation.substepsTaken();
    simulation.step();
    const auto cost = simulation.substepsTaken() - before;
    INFO("kept " << simulation.substepsInUse() << " of " << cost << " substeps");
    CHECK(cost > static_cast<std::uint64_t>(simulation.substepsInUse())); // redone
    CHECK(pbd::constraintStrain(simulation).max <= tight);
    CHECK(budget > tight);
}

TEST_CASE("a budgeted run continues bit for bit from its saved state", "[strain-budget]")
{
    Simulation original(budgeted(0.005));
    pbd::test::run(original, 70); // within a window: its peak so far matters
    const std::string saved = pbd::stateToJson(original.state());
    CHECK_THAT(saved, Contains("\"budgetSubsteps\"") &&
                          Contains("\"budgetPeak\""));
    const pbd::StateParse parsed = pbd::stateFromJson(saved);
    REQUIRE(parsed.state);
    Simulation restored;
    REQUIRE_FALSE(restored.restore(*parsed.state));
    for (int step = 0; step < 120; ++step) {
        original.step();
        restored.step();
        REQUIRE(restored.substepsInUse() == original.substepsInUse());
    }
    CHECK(pbd::test::sameBits(original.particles().position, restored.particles().position));
}

TEST_CASE("a budget holds a cloth dragged fast, carrying the grab over the substeps",
          "[strain-budget]")
{
    // The page's cloth held by its grab alone (corner 0 unpinned), its top middle dragged
    // sideways 2 cm a step (4 m/s). Moved in one jump, the particles beside the grab took a
    // velocity of about jump / h in the first substep, and more substeps stretched them more;
    // carried over the substeps, the budget holds the drag. The grab ends each step exactly
    // where it was put.
    for (pbd::Solver solver : {pbd::Solver::Sequential, pbd::Solver::Colored}) {
        INFO(pbd::solverName(solver));
        const double budget = 0.01;
        Settings settings = budgeted(budget, solver);
        settings.fixedCount = 1;
        Simulation simulation(settings);
        REQUIRE(simulation.unpin(0));
        REQUIRE(simulation.grab(20));
        const glm::dvec2 start = simulation.particles().position[20];
        for (int step = 0; step < 60; ++step) {
            const glm::dvec2 to = start + glm::dvec2(0.02 * (step + 1), 0.0);
            REQUIRE(simulation.moveGrabbed(to));
            simulation.step();
            INFO("step " << step << " with " << simulation.substepsInUse() << " substeps");
            REQUIRE(simulation.particles().position[20] == to);
            REQUIRE(pbd::constraintStrain(simulation).max <= budget);
        }
    }
}
