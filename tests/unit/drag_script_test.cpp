#include <string>

#include <catch2/catch.hpp>

#include "pbd/drag_script.h"
#include "pbd/simulation.h"

using Catch::Matchers::Contains;
using pbd::DragEvent;
using pbd::DragScriptError;
using pbd::parseDragScript;

TEST_CASE("a drag script parses drags and releases, skipping blanks and comments", "[drag]")
{
    const auto events = parseDragScript("# pull the corner\n\n0 drag 5 1.5 -2\n  10\trelease  \r\n"
                                        "10 drag 0 0 1e-3\n",
                                        6);
    REQUIRE(events.size() == 3);
    CHECK(events[0].step == 0);
    CHECK(events[0].kind == DragEvent::Kind::Drag);
    CHECK(events[0].particle == 5);
    CHECK(events[0].position == glm::dvec2(1.5, -2.0));
    CHECK(events[1].kind == DragEvent::Kind::Release);
    CHECK(events[1].step == 10);
    CHECK(events[2].position == glm::dvec2(0.0, 0.001));
}

namespace {

/// The message of the error a script raises, with its line number; "" when it parses.
std::string errorOf(const std::string& script, std::size_t& line)
{
    try {
        parseDragScript(script, 100);
    } catch (const DragScriptError& e) {
        line = e.line();
        return e.what();
    }
    line = 0;
    return "";
}

} // namespace

TEST_CASE("drag-script errors name the line, the value and what is allowed", "[drag]")
{
    std::size_t line = 0;
    CHECK_THAT(errorOf("0 drag 1 0 0\n5 wiggle 1\n", line), Contains("line 2") && Contains("'wiggle'") &&
                                                                Contains("'cut X1 Y1 X2 Y2'"));
    CHECK(line == 2);
    CHECK_THAT(errorOf("# c\n\n3 drag 1 0\n", line), Contains("line 3") && Contains("3 values") && Contains("got 2"));
    CHECK(line == 3);
    CHECK_THAT(errorOf("0 drag 100 0 0\n", line), Contains("line 1") && Contains("'100'") && Contains("0 to 99"));
    CHECK_THAT(errorOf("0 drag -1 0 0\n", line), Contains("'-1'"));
    CHECK_THAT(errorOf("0 drag 1 nan 0\n", line), Contains("X 'nan'") && Contains("finite"));
    CHECK_THAT(errorOf("0 drag 1 0 inf\n", line), Contains("Y 'inf'"));
    CHECK_THAT(errorOf("0 drag 1 0 1e7\n", line), Contains("Y '1e7'"));
    CHECK_THAT(errorOf("0 drag 1 0 1.5x\n", line), Contains("Y '1.5x'"));
    CHECK_THAT(errorOf("5 release\n4 release\n", line), Contains("line 2") && Contains("step 4 comes after step 5"));
    CHECK_THAT(errorOf("x release\n", line), Contains("step 'x'"));
    CHECK_THAT(errorOf("-3 release\n", line), Contains("step '-3'"));
    CHECK_THAT(errorOf("1 release now\n", line), Contains("takes no values"));
    CHECK_THAT(errorOf("7\n", line), Contains("missing event"));
    CHECK_THAT(errorOf("0 release\n" + std::string(2000, 'a') + "\n", line), Contains("line 2") && Contains("at most 1024"));
    CHECK_THAT(errorOf(std::string("0 rel\0ase\n", 10), line), Contains("NUL"));
    CHECK_THAT(errorOf("0 drag 1 \xff\xfe 0\n", line), Contains("X '?" "?'"));
}

TEST_CASE("the drag player applies each event before its step", "[drag]")
{
    pbd::Settings s;
    s.width = 4;
    s.height = 4;
    pbd::Simulation sim(s);
    pbd::DragPlayer player(parseDragScript("2 drag 10 3 3\n2 drag 11 4 4\n5 release\n", sim.particles().size()));
    player.applyBefore(0, sim);
    CHECK_FALSE(sim.grabbed());
    player.applyBefore(2, sim);
    CHECK(sim.grabbed() == 11u);
    CHECK(sim.particles().position[11] == glm::dvec2(4.0, 4.0));
    CHECK(sim.particles().position[10] == glm::dvec2(3.0, 3.0));
    CHECK(sim.particles().inverseMass[10] == 2.0); // released when 11 was grabbed
    player.applyBefore(4, sim);
    CHECK(sim.grabbed() == 11u);
    player.applyBefore(5, sim);
    CHECK_FALSE(sim.grabbed());
}
