// The kinds of the settings table's rows (whole, real, choice by name, on/off): how each reads a
// word or a number, what it says it allows, and that flags, event scripts, state files and
// validate() all say the same of a row (threads 0 to 64 everywhere, choices by name).

#include <cmath>
#include <string>
#include <utility>

#include <catch2/catch.hpp>

#include "pbd/drag_script.h"
#include "pbd/settings_table.h"
#include "pbd/simulation.h"
#include "pbd/state_file.h"
#include "sim_builders.h"

using Catch::Matchers::Contains;
using pbd::SettingKind;
using pbd::Settings;
using pbd::ValueRule;
using pbd::test::clothSettings;

namespace {

const pbd::SettingField& row(const char* name)
{
    const pbd::SettingField* field = pbd::findSettingField(name);
    REQUIRE(field);
    return *field;
}

/// What readValue makes of `text`, or "refused: REASON".
std::string readAs(const ValueRule& rule, const std::string& text)
{
    std::string reason;
    const auto value = pbd::readValue(rule, text, reason);
    return value ? pbd::valueText(rule, *value) : "refused: " + reason;
}

std::string scriptError(const std::string& script, const Settings& settings)
{
    try {
        pbd::parseEventScript(script, settings);
    } catch (const pbd::DragScriptError& e) {
        return e.what();
    }
    return "";
}

} // namespace

TEST_CASE("a choice row reads its words only and names them when it refuses", "[settings]")
{
    const ValueRule& solver = row("solver").value;
    CHECK(solver.kind == SettingKind::Choice);
    CHECK(readAs(solver, "colored") == "colored");
    CHECK(readAs(solver, "gpu") == "gpu");
    CHECK(readAs(solver, "fast") == "refused: is not a solver");
    CHECK(readAs(solver, "1") == "refused: is not a solver"); // flags take the words only
    CHECK(readAs(solver, "Colored") == "refused: is not a solver");
    CHECK(pbd::allowedValues(solver) == "allowed: sequential, colored or gpu");
    const ValueRule& precision = row("gpuPrecision").value;
    CHECK(precision.kind == SettingKind::Choice);
    CHECK(readAs(precision, "double") == "double");
    CHECK(readAs(precision, "half") == "refused: is not a precision");
    CHECK(pbd::allowedValues(precision) == "allowed: float or double");
    // The value a word stands for is its enum's.
    std::string reason;
    CHECK(pbd::readValue(solver, "gpu", reason) == static_cast<int>(pbd::Solver::Gpu));
    CHECK(pbd::readValue(precision, "double", reason) ==
          static_cast<int>(pbd::GpuPrecision::Double));
}

TEST_CASE("on/off, whole and real rows read their kind of value", "[settings]")
{
    const ValueRule onOff = pbd::onOff();
    CHECK(readAs(onOff, "on") == "on");
    CHECK(readAs(onOff, "off") == "off");
    CHECK(readAs(onOff, "yes") == "refused: is not on or off");
    CHECK(readAs(onOff, "1") == "refused: is not on or off");
    CHECK(pbd::allowedValues(onOff) == "allowed: on or off");
    CHECK(pbd::allowedValue(onOff, 1.0));
    CHECK_FALSE(pbd::allowedValue(onOff, 2.0));

    const ValueRule& width = row("width").value;
    CHECK(width.kind == SettingKind::Whole);
    CHECK(readAs(width, "40") == "40");
    CHECK(readAs(width, "1.5") == "refused: is not a whole number");
    CHECK(readAs(width, "99999999999") == "refused: is out of range");
    CHECK_FALSE(pbd::allowedValue(width, 1.5));
    const ValueRule& dt = row("timeStep").value;
    CHECK(dt.kind == SettingKind::Real);
    CHECK(readAs(dt, "0.005") == "0.005");
    CHECK(readAs(dt, "0.005s") == "refused: is not a number");
    CHECK(readAs(dt, "1e400") == "refused: is out of range");
    CHECK(readAs(dt, "nan") == "refused: is not a finite number");
    CHECK(readAs(dt, "-inf") == "refused: is not a finite number");
    CHECK_FALSE(pbd::allowedValue(dt, std::nan("")));

    // A real with a word for "automatic" (the app's strain scale): 0 is the word's, never a
    // typed number's.
    ValueRule scale = pbd::real(1e-6, 1000);
    scale.autoWord = "auto";
    CHECK(readAs(scale, "auto") == "auto");
    CHECK(readAs(scale, "0.05") == "0.05");
    CHECK(readAs(scale, "0") == "refused: is not allowed");
    CHECK(readAs(scale, "-0") == "refused: is not allowed");
    CHECK(pbd::allowedValues(scale) == "allowed: auto or a finite number from 1e-06 to 1000");
}

TEST_CASE("every row writes its default as text that it reads back", "[settings]")
{
    const Settings defaults;
    for (const pbd::SettingField& field : pbd::settingFields()) {
        INFO(field.name);
        const std::string text = pbd::settingText(field, defaults);
        std::string reason;
        const auto value = pbd::readValue(field.value, text, reason);
        REQUIRE(value);
        CHECK(*value == field.get(defaults));
        CHECK(pbd::allowedValue(field, *value));
    }
    CHECK(pbd::settingText(row("solver"), defaults) == "sequential");
    CHECK(pbd::settingText(row("gpuPrecision"), defaults) == "float");
    CHECK(pbd::settingText(row("threads"), defaults) == "0");
}

TEST_CASE("threads: one range, 0 (one per core) to 64, for validate and event scripts",
          "[settings][events]")
{
    const std::string allowed = pbd::allowedValues(row("threads"));
    CHECK(allowed == "allowed: a whole number from 0 to 64 (0: one per core)");
    Settings s;
    s.threads = 0;
    CHECK_FALSE(pbd::validate(s));
    s.threads = 64;
    CHECK_FALSE(pbd::validate(s));
    s.threads = 65;
    REQUIRE(pbd::validate(s));
    CHECK_THAT(pbd::validate(s)->message, Contains(allowed));

    const Settings cloth = clothSettings(4, 3);
    const auto events = pbd::parseEventScript("0 set threads 3\n1 set threads 0\n", cloth);
    REQUIRE(events.size() == 2);
    CHECK(events[1].field == "threads");
    CHECK(events[1].value == 0);
    CHECK(pbd::formatEvent(events[1]) == "1 set threads 0");
    CHECK(scriptError("0 set threads 65\n", cloth) ==
          "event script line 1: threads '65' is not allowed; " + allowed);
    CHECK(scriptError("0 set threads -1\n", cloth) ==
          "event script line 1: threads '-1' is not allowed; " + allowed);
}

TEST_CASE("event scripts set choices by name, and still read a choice's number",
          "[settings][events]")
{
    const Settings cloth = clothSettings(4, 3);
    const auto events = pbd::parseEventScript(
        "0 set gpu-precision double\n0 set solver colored\n1 set gpu-precision 0\n"
        "1 set solver 2\n",
        cloth);
    REQUIRE(events.size() == 4);
    CHECK(events[0].value == static_cast<int>(pbd::GpuPrecision::Double));
    CHECK(events[2].value == static_cast<int>(pbd::GpuPrecision::Float));
    CHECK(events[3].value == static_cast<int>(pbd::Solver::Gpu));
    // Written back by name, as the flags take them.
    CHECK(pbd::formatEvent(events[0]) == "0 set gpu-precision double");
    CHECK(pbd::formatEvent(events[2]) == "1 set gpu-precision float");
    CHECK(pbd::formatEvent(events[3]) == "1 set solver gpu");
    CHECK(scriptError("0 set gpu-precision half\n", cloth) ==
          "event script line 1: gpu-precision 'half' is not allowed; allowed: float or double");
    CHECK(scriptError("0 set gpu-precision 2\n", cloth) ==
          "event script line 1: gpu-precision '2' is not allowed; allowed: float or double");
}

TEST_CASE("state files write choices by name and read the GPU precision's old 0 and 1",
          "[settings][state]")
{
    Settings settings = clothSettings(3, 2);
    settings.solver = pbd::Solver::Colored;
    settings.gpuPrecision = pbd::GpuPrecision::Double;
    const pbd::Simulation simulation(settings);
    const std::string text = pbd::stateToJson(simulation.state());
    CHECK_THAT(text, Contains("\"gpuPrecision\": \"double\""));
    CHECK_THAT(text, Contains("\"solver\": \"colored\""));
    CHECK_THAT(text, Contains("\"threads\": 0"));
    const pbd::StateParse parsed = pbd::stateFromJson(text);
    REQUIRE(parsed.state);
    CHECK(parsed.state->settings == settings);

    const auto withPrecision = [&](const std::string& value) {
        std::string old = text;
        const std::string named = "\"gpuPrecision\": \"double\"";
        old.replace(old.find(named), named.size(), "\"gpuPrecision\": " + value);
        return pbd::stateFromJson(old);
    };
    // Files written before the precision had its word: 0 float, 1 double.
    for (const auto& [value, precision] : {std::pair{"0", pbd::GpuPrecision::Float},
                                           std::pair{"1", pbd::GpuPrecision::Double}}) {
        INFO(value);
        const pbd::StateParse old = withPrecision(value);
        REQUIRE(old.state);
        CHECK(old.state->settings.gpuPrecision == precision);
    }
    const pbd::StateParse half = withPrecision("\"half\"");
    REQUIRE(half.error);
    CHECK(half.error->message ==
          "settings.gpuPrecision: '\"half\"' is not a precision; allowed: float or double");
    const pbd::StateParse two = withPrecision("2");
    REQUIRE(two.error);
    CHECK(two.error->message ==
          "settings.gpuPrecision: 2 is not allowed; allowed: float or double");
    const pbd::StateParse boolean = withPrecision("true");
    REQUIRE(boolean.error);
    CHECK_THAT(boolean.error->message, Contains("is not a precision"));
}
