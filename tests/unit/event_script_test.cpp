// Event scripts: every command as a line, parsed, played through the commands, and written
// back by formatEvent so that a recording replays exactly.

#include <cstring>
#include <string>
#include <initializer_list>
#include <sstream>
#include <string_view>

#include <catch2/catch.hpp>

#include "pbd/drag_script.h"
#include "pbd/simulation.h"
#include "sim_builders.h"

using Catch::Matchers::Contains;
using pbd::DragEvent;
using pbd::DragScriptError;
using pbd::Settings;
using pbd::Simulation;
using pbd::test::clothSettings;

namespace {

std::string errorOf(const std::string& script, const Settings& settings)
{
    try {
        pbd::parseEventScript(script, settings);
    } catch (const DragScriptError& e) {
        return e.what();
    }
    return "";
}

} // namespace

TEST_CASE("an event script parses every verb and formatEvent writes each back exactly",
          "[events]")
{
    const std::string script = "0 set solver colored\n"
                               "0 set gpu-precision double\n"
                               "0 set stiffness 1000\n"
                               "0 set tear-strain 0.5\n"
                               "3 pin 7\n"
                               "4 unpin 0\n"
                               "5 drag 11 1.25 -0.1\n"
                               "9 release 3.5 -0.25\n"
                               "9 drag 2 0.1 0.2\n"
                               "10 release\n"
                               "12 cut -1 -0.3 5 -0.3\n"
                               "15 set width 5\n"
                               "15 pin 14\n"
                               "20 restart\n"
                               "30 end\n";
    auto events = pbd::parseEventScript(script, clothSettings(4, 3));
    REQUIRE(events.size() == 15);
    CHECK(events[0].field == "solver");
    CHECK(events[0].value == static_cast<int>(pbd::Solver::Colored));
    CHECK(events[1].field == "gpuPrecision");
    CHECK(events[1].value == static_cast<int>(pbd::GpuPrecision::Double));
    std::string written; // formatEvent writes every line back, the solver by name
    for (const DragEvent& e : events)
        written += pbd::formatEvent(e) + "\n";
    CHECK(written == script);
    events.erase(events.begin(), events.begin() + 2);
    CHECK(events[0].kind == DragEvent::Kind::Set);
    CHECK(events[0].field == "stiffness");
    CHECK(events[0].value == 1000.0);
    CHECK(events[1].field == "tearStrain");
    CHECK(events[2].kind == DragEvent::Kind::Pin);
    CHECK(events[3].kind == DragEvent::Kind::Unpin);
    CHECK(events[5].velocity == glm::dvec2(3.5, -0.25));
    CHECK_FALSE(events[7].velocity);
    CHECK(events[8].kind == DragEvent::Kind::Cut);
    CHECK(events[8].to == glm::dvec2(5.0, -0.3));
    CHECK(events[10].particle == 14); // valid only on the 5 x 3 cloth that line 10 made
    CHECK(events[11].kind == DragEvent::Kind::Restart);
    CHECK(events[12].kind == DragEvent::Kind::End);
}

TEST_CASE("event-script errors name the line, the value and what is allowed", "[events]")
{
    const Settings s = clothSettings(4, 3);
    CHECK_THAT(errorOf("0 pin 12\n", s), Contains("line 1") && Contains("'12'") && Contains("0 to 11"));
    CHECK_THAT(errorOf("0 set width 2\n0 pin 8\n", s), Contains("line 2") && Contains("0 to 5"));
    CHECK_THAT(errorOf("0 unpin\n", s), Contains("'unpin' takes 1 value, got 0"));
    CHECK_THAT(errorOf("0 cut 1 2 3\n", s), Contains("'cut' takes 4 values, got 3") && Contains("STEP cut X1 Y1 X2 Y2"));
    CHECK_THAT(errorOf("0 cut 1 2 3 nan\n", s), Contains("Y2 'nan'") && Contains("finite"));
    CHECK_THAT(errorOf("0 release 1\n", s), Contains("'release' takes no values or 2"));
    CHECK_THAT(errorOf("0 release 1 1e7\n", s), Contains("VY '1e7'") && Contains("m/s"));
    CHECK_THAT(errorOf("0 set colour 3\n", s), Contains("setting 'colour'") && Contains("tear-strain"));
    CHECK_THAT(errorOf("0 set dt 5\n", s), Contains("dt '5' is not allowed") && Contains("1e-06 to 1 s"));
    CHECK_THAT(errorOf("0 set iterations 2.5\n", s), Contains("iterations '2.5'") && Contains("whole number"));
    CHECK_THAT(errorOf("0 set solver fast\n", s), Contains("solver 'fast' is not allowed") && Contains("colored"));
    CHECK_THAT(errorOf("0 set gpu-precision half\n", s), Contains("'half'") && Contains("double"));
    CHECK_THAT(errorOf("0 restart now\n", s), Contains("'restart' takes 0 values"));
    CHECK_THAT(errorOf("0 end 5\n", s), Contains("'end' takes 0 values"));
    CHECK_THAT(errorOf("0 set\n", s), Contains("'set' takes 2 values"));
}

TEST_CASE("played events change the simulation as the commands do", "[events]")
{
    Simulation scripted(clothSettings(10, 8));
    Simulation direct(clothSettings(10, 8));
    const auto events = pbd::parseEventScript("0 set stiffness 500\n"
                                              "2 pin 44\n"
                                              "5 drag 79 3 -2\n"
                                              "40 release 4 1\n"
                                              "60 cut 0.3 1 0.3 -3\n"
                                              "80 unpin 9\n"
                                              "90 set iterations 6\n",
                                              scripted.settings());
    pbd::DragPlayer player(events);
    for (std::uint64_t step = 0; step < 150; ++step) {
        player.applyBefore(step, scripted);
        scripted.step();
        switch (step) {
        case 0: {
            Settings s = direct.settings();
            s.stiffness = 500;
            REQUIRE_FALSE(direct.apply(s));
            break;
        }
        case 2: direct.pin(44); break;
        case 5: direct.grab(79); direct.moveGrabbed({3.0, -2.0}); break;
        case 40: direct.release({4.0, 1.0}); break;
        case 60: direct.cut({0.3, 1.0}, {0.3, -3.0}); break;
        case 80: direct.unpin(9); break;
        case 90: {
            Settings s = direct.settings();
            s.iterations = 6;
            REQUIRE_FALSE(direct.apply(s));
            break;
        }
        default: break;
        }
        direct.step();
    }
    const auto& a = scripted.particles().position;
    const auto& b = direct.particles().position;
    CHECK(std::memcmp(a.data(), b.data(), a.size() * sizeof a[0]) == 0);
    CHECK(scripted.liveConstraintCount() < scripted.constraints().size());
    CHECK(scripted.liveConstraintCount() == direct.liveConstraintCount());
    CHECK(scripted.settings().iterations == 6);
    CHECK(scripted.particles().pinned(44));
    CHECK_FALSE(scripted.particles().pinned(9));
}

TEST_CASE("a recording's last line cut by a kill is ignored with a warning, a bad line before it "
          "is still refused",
          "[events]")
{
    const std::string header = std::string(pbd::kRecordingHeader) + "\n";
    const std::string body = "0 set width 4\n0 set height 3\n0 restart\n5 drag 11 1 2\n";
    const Settings settings = clothSettings(4, 3);

    // Cut in the middle of a number: "7 drag 11 1.2" would read as a drag to another place.
    std::string_view text;
    const std::string cut = header + body + "7 drag 11 1.2";
    text = cut;
    const auto warning = pbd::dropCutRecordingLine(text);
    REQUIRE(warning);
    CHECK_THAT(*warning, Contains("line 6") && Contains("'7 drag 11 1.2'") &&
                             Contains("no newline") && Contains("ignored"));
    CHECK(text == header + body);
    const auto events = pbd::parseEventScript(text, settings);
    REQUIRE(events.size() == 4);
    CHECK(events.back().step == 5);

    // Cut inside a word that would be refused, and in CRLF form: the same.
    const std::string junk = std::string(pbd::kRecordingHeader) + "\r\n" + body + "7 dr";
    text = junk;
    CHECK(pbd::dropCutRecordingLine(text));
    CHECK_NOTHROW(pbd::parseEventScript(text, settings));

    // A bad line in the middle is refused as always, the cut last line ignored or not.
    const std::string middle = header + "0 set width 4\n0 set height 3\n3 shake 1\n5 drag 11 1";
    text = middle;
    CHECK(pbd::dropCutRecordingLine(text));
    CHECK_THAT(errorOf(std::string(text), settings), Contains("line 4") && Contains("'shake'"));

    // A whole recording (ending with its newline) loses nothing and warns of nothing.
    const std::string whole = header + body + "9 end\n# final positions hash 0\n";
    text = whole;
    CHECK_FALSE(pbd::dropCutRecordingLine(text));
    CHECK(text == whole);
}

TEST_CASE("a script that does not start with the recorder's header keeps its last line without "
          "a newline",
          "[events]")
{
    const Settings settings = clothSettings(4, 3);
    // Built by streaming: GCC 12 warns falsely (-Wrestrict) on some std::string additions.
    const auto joined = [](std::initializer_list<std::string_view> parts) {
        std::ostringstream out;
        for (std::string_view part : parts)
            out << part;
        return out.str();
    };
    const std::string_view header = pbd::kRecordingHeader;
    const std::string_view lines = "\n0 drag 11 1 2\n7 drag 11 1.2 3";
    for (const std::string& script : {joined({lines.substr(1)}),            // typed by hand
                                      joined({"# my own notes", lines}),    // another comment
                                      joined({"\n", header, lines}),        // header not first
                                      joined({header, " (edited)", lines})}) { // not the header
        INFO(script);
        std::string_view text = script;
        CHECK_FALSE(pbd::dropCutRecordingLine(text));
        CHECK(text == script);
        const auto events = pbd::parseEventScript(text, settings);
        REQUIRE(events.size() == 2);
        CHECK(events.back().position.x == 1.2); // today's rule: the last line is an event
    }
    // And a bad last line without a newline is still refused there.
    CHECK_THAT(errorOf("0 drag 11 1 2\n7 dr", settings), Contains("line 2") && Contains("'dr'"));
}

TEST_CASE("area grabs, moves, undo and redo parse and are written back exactly", "[events]")
{
    const std::string script = "0 grab 0.25 -0.125 0.3\n"
                               "1 move 1.5 -0.75\n"
                               "2 release 1 0\n"
                               "2 undo\n"
                               "3 redo\n"
                               "4 grab -1e+06 1e+06 100\n"
                               "5 end\n";
    const auto events = pbd::parseEventScript(script, clothSettings(4, 3));
    REQUIRE(events.size() == 7);
    CHECK(events[0].kind == DragEvent::Kind::Grab);
    CHECK(events[0].position == glm::dvec2(0.25, -0.125));
    CHECK(events[0].radius == 0.3);
    CHECK(events[1].kind == DragEvent::Kind::Move);
    CHECK(events[1].position == glm::dvec2(1.5, -0.75));
    CHECK(events[3].kind == DragEvent::Kind::Undo);
    CHECK(events[4].kind == DragEvent::Kind::Redo);
    std::string written;
    for (const DragEvent& e : events)
        written += pbd::formatEvent(e) + "\n";
    CHECK(written == script);
    const Settings s = clothSettings(4, 3);
    CHECK(pbd::eventCommands(events[0], s) ==
          std::vector<pbd::Command>{pbd::AreaGrabCommand{{0.25, -0.125}, 0.3}});
    CHECK(pbd::eventCommands(events[3], s) == std::vector<pbd::Command>{pbd::UndoCommand{}});
}

TEST_CASE("bad area grabs, moves, undo and redo lines name the field, the value and what is "
          "allowed",
          "[events]")
{
    const Settings s = clothSettings(4, 3);
    CHECK_THAT(errorOf("0 grab nan 0 1\n", s), Contains("line 1") && Contains("X 'nan'") &&
                                                   Contains("finite number from -1e+06 to 1e+06 m"));
    CHECK_THAT(errorOf("0 grab 0 inf 1\n", s), Contains("Y 'inf'"));
    CHECK_THAT(errorOf("0 grab 0 0 nan\n", s), Contains("R 'nan'") &&
                                                   Contains("more than 0 up to 100 m"));
    CHECK_THAT(errorOf("0 grab 0 0 -1\n", s), Contains("R '-1' is not allowed"));
    CHECK_THAT(errorOf("0 grab 0 0 0\n", s), Contains("R '0'") && Contains("'drag INDEX X Y'"));
    CHECK_THAT(errorOf("0 grab 0 0 101\n", s), Contains("R '101'"));
    CHECK_THAT(errorOf("0 grab 0 0\n", s), Contains("'grab' takes 3 values, got 2") &&
                                               Contains("STEP grab X Y R"));
    CHECK_THAT(errorOf("0 move 1\n", s), Contains("'move' takes 2 values, got 1"));
    CHECK_THAT(errorOf("0 move 1 nan\n", s), Contains("Y 'nan'"));
    CHECK_THAT(errorOf("0 undo 2\n", s), Contains("'undo' takes 0 values, got 1"));
    CHECK_THAT(errorOf("0 redo now\n", s), Contains("'redo' takes 0 values"));
}
