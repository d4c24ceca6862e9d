// Fidelity: the core against the page's own simulation, run headless in node
// (tests/reference/generate.mjs produced cases/*.expected; see README.md).

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

Comparison runAgainstPage(const std::string& name)
{
    const std::string dir = PBD_REFERENCE_DIR;
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
    const Comparison result = runAgainstPage(name);
    INFO(name << ": " << result.particles << " particles, largest difference " << result.maxDifference << " m");
    CHECK(result.maxDifference <= kTolerance);
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
