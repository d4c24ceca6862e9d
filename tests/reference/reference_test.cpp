// Fidelity: the core against the PBD page's own simulation (../shared/seed/pbd.html) and its
// XPBD sister page's (xpbd.html), run headless in node (tests/reference/generate.mjs produced
// cases/*.expected and xpbd_cases/*.expected; see README.md).

#include <cmath>
#include <string>

#include <catch2/catch.hpp>

#include "pbd/drag_script.h"
#include "pbd/simulation.h"
#include "pbd/state_io.h"
#include "reference_case.h"

namespace {

/// Positions must equal the page's to within this many metres after thousands of steps.
constexpr double kTolerance = 1e-9;

struct Comparison {
    double maxDifference = 0.0;
    std::size_t particles = 0;
};

Comparison runAgainstPage(const std::string& dir, const std::string& name)
{
    const auto c = pbd::test::readReferenceCase(dir + "/" + name + ".case");
    pbd::Simulation simulation(c.settings);
    std::vector<pbd::DragEvent> events;
    if (!c.dragFile.empty())
        events = pbd::parseDragScript(pbd::test::readTextFile(dir + "/" + c.dragFile),
                                      simulation.particles().size());
    pbd::DragPlayer player(std::move(events));
    for (long long step = 0; step < c.steps; ++step) {
        player.applyBefore(static_cast<std::uint64_t>(step), simulation);
        simulation.step();
    }

    const auto expected = pbd::parsePositions(pbd::test::readTextFile(dir + "/" + name + ".expected"));
    REQUIRE(expected);
    const auto& actual = simulation.particles().position;
    REQUIRE(expected->size() == actual.size());
    Comparison result{0.0, actual.size()};
    for (std::size_t i = 0; i < actual.size(); ++i) {
        result.maxDifference = std::max(result.maxDifference, std::abs(actual[i].x - (*expected)[i].x));
        result.maxDifference = std::max(result.maxDifference, std::abs(actual[i].y - (*expected)[i].y));
    }
    return result;
}

} // namespace

TEST_CASE("positions equal the page's simulation within 1e-9 after thousands of steps", "[reference]")
{
    const char* name = GENERATE("page_default_drag", "fixed1", "fixed4_drag", "mass_iterations",
                                "column", "stiff_large_dt");
    const Comparison result = runAgainstPage(PBD_REFERENCE_DIR, name);
    INFO(name << ": " << result.particles << " particles, largest difference " << result.maxDifference << " m");
    CHECK(result.maxDifference <= kTolerance);
}

TEST_CASE("positions equal the XPBD page's simulation within 1e-9, for stiffness 0 to 1e6 and substeps", "[reference][xpbd][slow]")
{
    const char* name = GENERATE("xpbd_default_drag", "soft_fixed1", "stiff_fixed4_drag",
                                "zero_stiffness", "no_iterations", "heavy", "substeps4_drag",
                                "substeps8_pbd");
    const Comparison result = runAgainstPage(PBD_XPBD_REFERENCE_DIR, name);
    INFO(name << ": " << result.particles << " particles, largest difference " << result.maxDifference << " m");
    CHECK(result.maxDifference <= kTolerance);
}

TEST_CASE("stiffness changes the XPBD reference: a run with stiffness 0 differs from the page's 1000", "[reference][xpbd]")
{
    // Guards the XPBD comparison: if the stiffness were ignored, the soft and stiff cases
    // could not both match.
    const std::string dir = PBD_XPBD_REFERENCE_DIR;
    auto c = pbd::test::readReferenceCase(dir + "/soft_fixed1.case");
    c.settings.stiffness = 0.0;
    pbd::Simulation pbdRun(c.settings);
    for (long long step = 0; step < c.steps; ++step)
        pbdRun.step();
    const auto expected = pbd::parsePositions(pbd::test::readTextFile(dir + "/soft_fixed1.expected"));
    REQUIRE(expected);
    double largest = 0.0;
    for (std::size_t i = 0; i < expected->size(); ++i)
        largest = std::max(largest, std::abs(pbdRun.particles().position[i].y - (*expected)[i].y));
    CHECK(largest > 0.1);
}

TEST_CASE("the reference data really moved: the drag case differs from an undisturbed run", "[reference]")
{
    // Guards the comparison itself: if the drag script were ignored, the page_default_drag
    // case would still have to match, so make sure the drag left a visible trace.
    const std::string dir = PBD_REFERENCE_DIR;
    const auto c = pbd::test::readReferenceCase(dir + "/page_default_drag.case");
    pbd::Simulation undisturbed(c.settings);
    for (long long step = 0; step < c.steps; ++step)
        undisturbed.step();
    const auto expected = pbd::parsePositions(pbd::test::readTextFile(dir + "/page_default_drag.expected"));
    REQUIRE(expected);
    double largest = 0.0;
    for (std::size_t i = 0; i < expected->size(); ++i)
        largest = std::max(largest, std::abs(undisturbed.particles().position[i].x - (*expected)[i].x));
    CHECK(largest > 1e-3);
}
