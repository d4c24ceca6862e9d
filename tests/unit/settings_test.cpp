#include <cmath>
#include <limits>
#include <string>

#include <catch2/catch.hpp>

#include <vector>

#include "files/input_text.h"
#include "pbd/settings.h"
#include "pbd/settings_table.h"

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

TEST_CASE("the new physics settings are refused outside their ranges with their units",
          "[settings]")
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::string field;
    CHECK(refusal([](Settings& s) { s.stiffness = -1.0; }, field) ==
          "stiffness = -1 is not allowed; allowed: a finite number from 0 to 1e+12 N/m");
    CHECK(field == "stiffness");
    CHECK(refusal([](Settings& s) { s.substeps = 0; }, field) ==
          "substeps = 0 is not allowed; allowed: a whole number from 1 to 1000");
    CHECK(field == "substeps");
    CHECK(refusal([&](Settings& s) { s.damping = nan; }, field) ==
          "damping = nan is not allowed; allowed: a finite number from 0 to 1000 1/s");
    CHECK(field == "damping");
    CHECK(refusal([](Settings& s) { s.areaStiffness = 2e12; }, field) ==
          "areaStiffness = 2e+12 is not allowed; allowed: a finite number from 0 to 1e+12 N/m");
    CHECK(field == "areaStiffness");
    CHECK(refusal([](Settings& s) { s.tearStrain = -0.1; }, field) ==
          "tearStrain = -0.1 is not allowed; allowed: a finite number from 0 to 1000");
    CHECK(field == "tearStrain");
    CHECK(refusal([](Settings& s) { s.threads = -1; }, field) ==
          "threads = -1 is not allowed; allowed: a whole number from 0 to 64 (0: one per core)");
    CHECK(refusal([](Settings& s) { s.solver = static_cast<pbd::Solver>(3); }, field) ==
          "solver = 3 is not allowed; allowed: sequential, colored or gpu");
    CHECK(refusal([](Settings& s) { s.gpuPrecision = static_cast<pbd::GpuPrecision>(2); },
                  field) == "gpuPrecision = 2 is not allowed; allowed: float or double");
    // The gpu solver takes sides up to kMaxGpuClothSide, the others up to kMaxClothSide.
    CHECK(refusal([](Settings& s) { s.width = 3000; }, field) ==
          "width = 3000 is not allowed; allowed: a whole number from 1 to 2048 particles");
    CHECK(refusal([](Settings& s) { s.solver = pbd::Solver::Gpu; s.width = 3000; }, field).empty());
    CHECK(refusal([](Settings& s) { s.solver = pbd::Solver::Gpu; s.height = 4097; }, field) ==
          "height = 4097 is not allowed; allowed: a whole number from 1 to 4096 particles with "
          "the gpu solver");
    Settings edges;
    edges.stiffness = pbd::kMaxStiffness;
    edges.substeps = pbd::kMaxSubsteps;
    edges.damping = pbd::kMaxDamping;
    edges.areaStiffness = pbd::kMaxAreaStiffness;
    edges.tearStrain = pbd::kMaxTearStrain;
    CHECK_FALSE(validate(edges));
}

TEST_CASE("the settings table covers every field of Settings once, with its accessors",
          "[settings]")
{
    const auto fields = pbd::settingFields();
    // Settings with every member different from its default, set through the table.
    Settings changed;
    const double values[] = {7, 9, 4, 0.01, 5, 1000, -1.62, 2, 3, 0.5, 250, 10, 0.3, 2, 1.5, 0.2,
                             1, 0.95, 0.02, 2e-4, 1, 3, 1, 0.05, 0.4, 1, 4, -2, 3, 0.5, 0.6, 3, 1};
    REQUIRE(fields.size() == std::size(values));
    for (std::size_t i = 0; i < fields.size(); ++i) {
        INFO(fields[i].name);
        const double before = fields[i].get(changed);
        fields[i].set(changed, values[i]);
        CHECK(fields[i].get(changed) == values[i]);
        CHECK(before != values[i]);
        CHECK(pbd::findSettingField(fields[i].name) == &fields[i]);
        CHECK(std::string(fields[i].flag).rfind("--", 0) == 0);
        for (std::size_t j = 0; j < i; ++j) {
            CHECK(std::string(fields[i].name) != fields[j].name);
            CHECK(std::string(fields[i].flag) != fields[j].flag);
        }
    }
    // The table wrote every member: no member of Settings is left at its default.
    Settings expected;
    expected.width = 7;
    expected.height = 9;
    expected.fixedCount = 4;
    expected.timeStep = 0.01;
    expected.iterations = 5;
    expected.stiffness = 1000;
    expected.gravity = -1.62;
    expected.mass = 2;
    expected.substeps = 3;
    expected.damping = 0.5;
    expected.shearStiffness = 250;
    expected.areaStiffness = 10;
    expected.bending = 2e-4;
    expected.tearStrain = 0.3;
    expected.clothWidth = 2;
    expected.clothHeight = 1.5;
    expected.density = 0.2;
    expected.tethers = true;
    expected.chebyshev = 0.95;
    expected.maxStrain = 0.02;
    expected.solver = pbd::Solver::Colored;
    expected.threads = 3;
    expected.gpuPrecision = pbd::GpuPrecision::Double;
    expected.thickness = 0.05;
    expected.friction = 0.4;
    expected.selfCollision = true;
    expected.windX = 4;
    expected.windY = -2;
    expected.windZ = 3;
    expected.airDrag = 0.5;
    expected.gusts = 0.6;
    expected.dimensions = 3;
    expected.orientation = pbd::Orientation::Horizontal;
    CHECK(changed == expected);
    // Each value is allowed, but not all together: the plane's area constraints and the
    // colored solver are 2D's, the orientation and the wind along z 3D's.
    REQUIRE(validate(changed));
    CHECK(validate(changed)->field == "areaStiffness");
    Settings plane = changed;
    plane.dimensions = 2;
    plane.orientation = pbd::Orientation::Vertical;
    plane.windZ = 0;
    plane.bending = 0;
    CHECK_FALSE(validate(plane));
    CHECK(pbd::findSettingField("nonsense") == nullptr);
}

TEST_CASE("the table gives the panel's order, sections, labels with units and value text",
          "[settings]")
{
    std::vector<std::string> page, beyond, world;
    for (const pbd::SettingField& f : pbd::settingFields()) {
        if (f.section == pbd::PanelSection::Page)
            page.push_back(f.name);
        if (f.section == pbd::PanelSection::BeyondPage)
            beyond.push_back(f.name);
        if (f.section == pbd::PanelSection::World)
            world.push_back(f.name);
    }
    // xpbd.html's panel: Stiffness between Iterations and Gravity.
    CHECK(page == std::vector<std::string>{"width", "height", "fixedCount", "timeStep",
                                           "iterations", "stiffness", "gravity", "mass"});
    CHECK(beyond ==
          std::vector<std::string>{"substeps", "damping", "shearStiffness", "areaStiffness",
                                   "tearStrain", "clothWidth", "clothHeight", "density", "tethers",
                                   "chebyshev", "maxStrain"});
    CHECK(world == std::vector<std::string>{"thickness", "friction", "selfCollision"});
    CHECK(pbd::labelWithUnit(*pbd::findSettingField("stiffness")) == "Stiffness (N/m)");
    CHECK(pbd::labelWithUnit(*pbd::findSettingField("timeStep")) == "Time step size (s)");
    CHECK(pbd::labelWithUnit(*pbd::findSettingField("width")) == "Width");
    CHECK(pbd::labelWithUnit(*pbd::findSettingField("clothWidth")) == "Cloth width (m)");
    CHECK(pbd::labelWithUnit(*pbd::findSettingField("density")) == "Density (kg/m\u00B2)");
    CHECK(pbd::findSettingField("clothWidth")->rebuildsCloth);
    CHECK(pbd::findSettingField("clothHeight")->rebuildsCloth);
    CHECK_FALSE(pbd::findSettingField("density")->rebuildsCloth);
    CHECK(std::string(pbd::findSettingField("clothWidth")->flag) == "--cloth-width");
    CHECK(std::string(pbd::findSettingField("density")->flag) == "--density");
    const Settings s;
    CHECK(pbd::settingText(*pbd::findSettingField("timeStep"), s) == "0.005");
    CHECK(pbd::settingText(*pbd::findSettingField("gravity"), s) == "-9.81");
    CHECK(pbd::settingText(*pbd::findSettingField("width"), s) == "40");
    CHECK(pbd::settingText(*pbd::findSettingField("solver"), s) == "sequential");
    CHECK(pbd::allowedValues("stiffness") == "allowed: a finite number from 0 to 1e+12 N/m");
    CHECK(pbd::allowedValues("clothHeight") ==
          "allowed: a finite number from 0 to 1000 m (0: the page's 0.2 m spacing)");
    CHECK(pbd::allowedValues("density") ==
          "allowed: a finite number from 0 to 10000 kg/m^2 (0: every particle has Mass)");
    CHECK(pbd::settingText(*pbd::findSettingField("tethers"), s) == "off");
}

TEST_CASE("tethers are on or off, off by default, and anything else is refused", "[settings]")
{
    const pbd::SettingField& row = *pbd::findSettingField("tethers");
    CHECK_FALSE(Settings{}.tethers);
    CHECK(std::string(row.flag) == "--tethers");
    CHECK(row.onBench);
    std::string reason;
    CHECK(pbd::readValue(row.value, "on", reason) == 1.0);
    CHECK(pbd::readValue(row.value, "off", reason) == 0.0);
    for (const char* bad : {"yes", "1", "On", ""}) {
        INFO(bad);
        CHECK_FALSE(pbd::readValue(row.value, bad, reason));
        CHECK(reason == "is not on or off");
    }
    CHECK(pbd::allowedValues("tethers") == "allowed: on or off");
    CHECK_FALSE(pbd::allowedValue(row, 0.5));
}

TEST_CASE("chebyshev is a spectral radius from 0 (off, the default) to 0.99", "[settings]")
{
    const pbd::SettingField& row = *pbd::findSettingField("chebyshev");
    CHECK(Settings{}.chebyshev == 0.0);
    CHECK(std::string(row.flag) == "--chebyshev");
    CHECK(row.onBench);
    CHECK(row.section == pbd::PanelSection::BeyondPage);
    CHECK(pbd::allowedValues("chebyshev") == "allowed: a finite number from 0 to 0.99 (0: off)");
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::string field;
    CHECK(refusal([](Settings& s) { s.chebyshev = -0.1; }, field) ==
          "chebyshev = -0.1 is not allowed; allowed: a finite number from 0 to 0.99 (0: off)");
    CHECK(field == "chebyshev");
    CHECK(refusal([](Settings& s) { s.chebyshev = 0.995; }, field) ==
          "chebyshev = 0.995 is not allowed; allowed: a finite number from 0 to 0.99 (0: off)");
    CHECK(refusal([](Settings& s) { s.chebyshev = 1.0; }, field) ==
          "chebyshev = 1 is not allowed; allowed: a finite number from 0 to 0.99 (0: off)");
    CHECK(refusal([&](Settings& s) { s.chebyshev = nan; }, field) ==
          "chebyshev = nan is not allowed; allowed: a finite number from 0 to 0.99 (0: off)");
    CHECK(refusal([](Settings& s) { s.chebyshev = 0.99; }, field).empty());
    CHECK(refusal([](Settings& s) { s.chebyshev = 0.95; }, field).empty());
}

TEST_CASE("one number formatter: the shortest text that reads back as the same double",
          "[settings]")
{
    CHECK(pbd::formatNumber(0.005) == "0.005");
    CHECK(pbd::formatNumber(-9.81) == "-9.81");
    CHECK(pbd::formatNumber(1e-6) == "1e-06");
    CHECK(pbd::formatNumber(1e12) == "1e+12");
    CHECK(pbd::formatNumber(40.0) == "40");
    CHECK(pbd::formatNumber(0.1 + 0.2) == "0.30000000000000004");
    CHECK(pbd::formatNumber(std::numeric_limits<double>::quiet_NaN()) == "nan");
}
