#include <cmath>
#include <limits>
#include <string>

#include <catch2/catch.hpp>

#include "pbd/settings.h"

using Catch::Matchers::Contains;
using pbd::Settings;
using pbd::validate;

TEST_CASE("the default settings are the page's and are valid", "[settings]")
{
    const Settings s;
    CHECK(s.width == 40);
    CHECK(s.height == 30);
    CHECK(s.fixedCount == 2);
    CHECK(s.timeStep == 0.005);
    CHECK(s.iterations == 2);
    CHECK(s.gravity == -9.81);
    CHECK(s.mass == 0.5);
    CHECK_FALSE(validate(s));
}

TEST_CASE("the limits themselves are valid", "[settings]")
{
    Settings s;
    s.width = 1;
    s.height = pbd::kMaxClothSide;
    s.timeStep = pbd::kMinTimeStep;
    s.iterations = 0;
    s.gravity = -pbd::kMaxGravity;
    s.mass = pbd::kMaxMass;
    CHECK_FALSE(validate(s));
    s.width = pbd::kMaxClothSide;
    s.timeStep = pbd::kMaxTimeStep;
    s.iterations = pbd::kMaxIterations;
    s.gravity = 0.0;
    s.mass = pbd::kMinMass;
    for (int fixed : {1, 2, 4}) {
        s.fixedCount = fixed;
        CHECK_FALSE(validate(s));
    }
}

namespace {

/// Validates defaults with one field replaced and returns the message (empty when valid).
template <typename Setter>
std::string refusal(Setter set, std::string& field)
{
    Settings s;
    set(s);
    const auto error = validate(s);
    field = error ? error->field : "";
    return error ? error->message : "";
}

} // namespace

TEST_CASE("a bad value is refused with a message naming the field, the value and the range", "[settings]")
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    std::string field;

    CHECK(refusal([](Settings& s) { s.width = 0; }, field) ==
          "width = 0 is not allowed; allowed: a whole number from 1 to 2048 particles");
    CHECK(field == "width");
    CHECK_THAT(refusal([](Settings& s) { s.height = 2049; }, field), Contains("height = 2049") && Contains("1 to 2048"));
    CHECK(field == "height");
    CHECK(refusal([](Settings& s) { s.fixedCount = 3; }, field) ==
          "fixedCount = 3 is not allowed; allowed: 1, 2 or 4");
    CHECK_THAT(refusal([](Settings& s) { s.timeStep = 0.0; }, field), Contains("timeStep = 0") && Contains("1e-06 to 1 s"));
    CHECK_THAT(refusal([&](Settings& s) { s.timeStep = nan; }, field), Contains("timeStep = nan"));
    CHECK_THAT(refusal([](Settings& s) { s.iterations = -1; }, field), Contains("iterations = -1") && Contains("0 to 1000"));
    CHECK_THAT(refusal([&](Settings& s) { s.gravity = inf; }, field), Contains("gravity = inf") && Contains("-10000 to 10000 m/s^2"));
    CHECK(field == "gravity");
    CHECK_THAT(refusal([](Settings& s) { s.mass = 0.0; }, field), Contains("mass = 0") && Contains("kg"));
    CHECK_THAT(refusal([](Settings& s) { s.mass = -0.5; }, field), Contains("mass = -0.5"));
    CHECK_THAT(refusal([&](Settings& s) { s.mass = -inf; }, field), Contains("mass = -inf"));
}

TEST_CASE("allowedValues describes each field for unreadable input", "[settings]")
{
    CHECK(pbd::allowedValues("iterations") == "allowed: a whole number from 0 to 1000");
    CHECK(pbd::allowedValues("fixedCount") == "allowed: 1, 2 or 4");
    CHECK(pbd::allowedValues("nonsense").empty());
}
