#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "logic/message_order.h"
#include "logic/panel_model.h"
#include "pbd/settings_table.h"

using pbd::Settings;
using pbd::app::CommitEffect;
using pbd::app::PanelField;
using pbd::app::PanelModel;

namespace {

/// Settings that differ from the page's defaults in every field (a test below checks it), so
/// that a test comparing all of them sees any field changed by mistake.
Settings customSettings()
{
    Settings s;
    s.width = 100;
    s.height = 7;
    s.fixedCount = 4;
    s.timeStep = 0.0025;
    s.iterations = 12;
    s.gravity = 0.0;
    s.mass = 3.0;
    s.solver = pbd::Solver::Colored;
    s.threads = 3;
    s.stiffness = 5000.0;
    s.substeps = 3;
    s.damping = 0.25;
    s.shearStiffness = 120.0;
    s.areaStiffness = 40.0;
    s.tearStrain = 0.6;
    s.clothWidth = 5.0;
    s.clothHeight = 0.9;
    s.density = 0.3;
    s.tethers = true;
    s.chebyshev = 0.9;
    s.maxStrain = 0.02;
    s.gpuPrecision = pbd::GpuPrecision::Double;
    s.thickness = 0.03;
    s.friction = 0.6;
    s.selfCollision = true;
    s.windX = 3.5;
    s.windY = -1.5;
    s.airDrag = 0.4;
    s.gusts = 0.3;
    return s;
}

} // namespace

TEST_CASE("the panel shows the page's labels in the page's order", "[panel]")
{
    CHECK(std::string(PanelModel::label(PanelField::Width)) == "Width");
    CHECK(std::string(PanelModel::label(PanelField::Height)) == "Height");
    CHECK(std::string(PanelModel::label(PanelField::FixedCount)) == "# fixed particles");
    CHECK(std::string(PanelModel::label(PanelField::TimeStep)) == "Time step size");
    CHECK(std::string(PanelModel::label(PanelField::Iterations)) == "Iterations");
    CHECK(std::string(PanelModel::label(PanelField::Gravity)) == "Gravity");
    CHECK(std::string(PanelModel::label(PanelField::Mass)) == "Mass");
}

TEST_CASE("tooltips say which fields restart the cloth and why mass does not matter",
          "[panel]")
{
    for (PanelField field : {PanelField::Width, PanelField::Height, PanelField::FixedCount})
        CHECK_THAT(PanelModel::tooltip(field), Catch::Contains("restarts the cloth"));
    for (PanelField field : {PanelField::TimeStep, PanelField::Iterations, PanelField::Gravity,
                             PanelField::Mass}) {
        CHECK_THAT(PanelModel::tooltip(field), !Catch::Contains("restart"));
        CHECK_THAT(PanelModel::tooltip(field), Catch::Contains("Applies at once"));
    }
    // Each names its unit or what it counts.
    CHECK_THAT(PanelModel::tooltip(PanelField::TimeStep), Catch::Contains("seconds per step"));
    CHECK_THAT(PanelModel::tooltip(PanelField::Iterations), Catch::Contains("sweeps per step"));
    CHECK_THAT(PanelModel::tooltip(PanelField::Gravity), Catch::Contains("m/s^2"));
    CHECK_THAT(PanelModel::tooltip(PanelField::Mass), Catch::Contains("in kg"));
    CHECK_THAT(PanelModel::tooltip(PanelField::Mass), Catch::Contains("w_i/(w_1+w_2)"));
    CHECK_THAT(PanelModel::tooltip(PanelField::Mass), Catch::Contains("does not change"));
    CHECK_THAT(PanelModel::tooltip(PanelField::Mass), Catch::Contains("With XPBD (stiffness > 0) the mass matters"));
}

TEST_CASE("the panel starts with the page's defaults as short text", "[panel]")
{
    const PanelModel panel;
    CHECK(panel.settings() == Settings{});
    CHECK(panel.displayText(PanelField::Width) == "40");
    CHECK(panel.displayText(PanelField::Height) == "30");
    CHECK(panel.displayText(PanelField::FixedCount) == "2");
    CHECK(panel.displayText(PanelField::TimeStep) == "0.005");
    CHECK(panel.displayText(PanelField::Iterations) == "2");
    CHECK(panel.displayText(PanelField::Gravity) == "-9.81");
    CHECK(panel.displayText(PanelField::Mass) == "0.5");
    for (PanelField field : pbd::app::panelFields())
        CHECK(panel.error(field).empty());
    CHECK(panel.displayText(PanelField::Stiffness) == "0");
    CHECK(panel.displayText(PanelField::Substeps) == "1");
    CHECK(panel.displayText(PanelField::Damping) == "0");
    CHECK(panel.displayText(PanelField::AreaStiffness) == "0");
}

TEST_CASE("the panel shows the settings it was given", "[panel]")
{
    const PanelModel panel(customSettings());
    CHECK(panel.displayText(PanelField::Width) == "100");
    CHECK(panel.displayText(PanelField::TimeStep) == "0.0025");
    CHECK(panel.displayText(PanelField::Gravity) == "0");
    CHECK(panel.displayText(PanelField::Mass) == "3");
}

TEST_CASE("committing width, height or fixed count restarts, the others apply live", "[panel]")
{
    PanelModel panel;
    CHECK(panel.commitText(PanelField::Width, "50") == CommitEffect::Restart);
    CHECK(panel.commitText(PanelField::Height, "12") == CommitEffect::Restart);
    CHECK(panel.commitText(PanelField::FixedCount, "4") == CommitEffect::Restart);
    CHECK(panel.commitText(PanelField::TimeStep, "0.01") == CommitEffect::Live);
    CHECK(panel.commitText(PanelField::Iterations, "10") == CommitEffect::Live);
    CHECK(panel.commitText(PanelField::Gravity, "-1.62") == CommitEffect::Live);
    CHECK(panel.commitText(PanelField::Mass, "2e-3") == CommitEffect::Live);
    const Settings& s = panel.settings();
    CHECK(s.width == 50);
    CHECK(s.height == 12);
    CHECK(s.fixedCount == 4);
    CHECK(s.timeStep == 0.01);
    CHECK(s.iterations == 10);
    CHECK(s.gravity == -1.62);
    CHECK(s.mass == 0.002);
    CHECK(panel.displayText(PanelField::Mass) == "0.002");
    CHECK(panel.displayText(PanelField::Gravity) == "-1.62");
}

TEST_CASE("surrounding spaces are trimmed before parsing", "[panel]")
{
    PanelModel panel;
    CHECK(panel.commitText(PanelField::Width, "  64 ") == CommitEffect::Restart);
    CHECK(panel.settings().width == 64);
    CHECK(panel.commitText(PanelField::Gravity, "\t-3.5 ") == CommitEffect::Live);
    CHECK(panel.settings().gravity == -3.5);
}

TEST_CASE("committing the value already set changes nothing", "[panel]")
{
    PanelModel panel;
    CHECK(panel.commitText(PanelField::Width, "40") == CommitEffect::None);
    CHECK(panel.commitText(PanelField::FixedCount, "2") == CommitEffect::None);
    CHECK(panel.commitText(PanelField::TimeStep, "0.0050") == CommitEffect::None);
    CHECK(panel.commitText(PanelField::Gravity, "-9.81") == CommitEffect::None);
    CHECK(panel.settings() == Settings{});
    CHECK(panel.error(PanelField::Width).empty());
}

TEST_CASE("text that is not a whole number is refused with the label, text and range",
          "[panel]")
{
    PanelModel panel;
    CHECK(panel.commitText(PanelField::Width, "40abc") == CommitEffect::None);
    CHECK(panel.settings().width == 40);
    CHECK(panel.error(PanelField::Width) ==
          "Width: '40abc' is not a whole number; allowed: a whole number from 1 to 2048 "
          "particles");
    for (const char* text : {"40.5", "4e1", "", "   ", "abc", "0x10", "1 2"}) {
        INFO("text '" << text << "'");
        CHECK(panel.commitText(PanelField::Height, text) == CommitEffect::None);
        CHECK(panel.settings().height == 30);
        CHECK(panel.error(PanelField::Height) ==
              std::string("Height: '") + text +
                  "' is not a whole number; allowed: a whole number from 1 to 2048 particles");
    }
    CHECK(panel.commitText(PanelField::Iterations, "") == CommitEffect::None);
    CHECK(panel.error(PanelField::Iterations) ==
          "Iterations: '' is not a whole number; allowed: a whole number from 0 to 1000");
    // Only the field committed gets a message.
    CHECK(panel.error(PanelField::Mass).empty());
}

TEST_CASE("text that is not a number, nan and infinity are refused for real fields", "[panel]")
{
    PanelModel panel;
    CHECK(panel.commitText(PanelField::Gravity, "nan") == CommitEffect::None);
    CHECK(panel.settings().gravity == -9.81);
    CHECK(panel.error(PanelField::Gravity) ==
          "Gravity: 'nan' is not a finite number; allowed: a finite number from -10000 to "
          "10000 m/s^2");
    CHECK(panel.commitText(PanelField::Gravity, "-inf") == CommitEffect::None);
    CHECK_THAT(panel.error(PanelField::Gravity), Catch::StartsWith("Gravity: '-inf' "));
    CHECK(panel.commitText(PanelField::Mass, "inf") == CommitEffect::None);
    CHECK(panel.settings().mass == 0.5);
    CHECK_THAT(panel.error(PanelField::Mass), Catch::StartsWith("Mass: 'inf' is not a finite"));
    CHECK(panel.commitText(PanelField::TimeStep, "0.01s") == CommitEffect::None);
    CHECK(panel.error(PanelField::TimeStep) ==
          "Time step size: '0.01s' is not a number; allowed: a finite number from 1e-06 to 1 s");
    // What pbd-sim's flags refuse (tests/cli/pbd_sim_test.sh): a comma, hex, a sign, words.
    for (const char* text : {"1,5", "0x10", "0X1p3", "+5", "1_000", ".", "-", "e5", "1e", "abc"}) {
        INFO("text '" << text << "'");
        CHECK(panel.commitText(PanelField::Stiffness, text) == CommitEffect::None);
        CHECK(panel.error(PanelField::Stiffness) ==
              std::string("Stiffness: '") + text +
                  "' is not a number; allowed: a finite number from 0 to 1e+12 N/m");
    }
    CHECK(panel.commitText(PanelField::TimeStep, "") == CommitEffect::None);
    CHECK(panel.commitText(PanelField::TimeStep, "1e999") == CommitEffect::None);
    CHECK_THAT(panel.error(PanelField::TimeStep), Catch::StartsWith("Time step size: '1e999' "));
    CHECK(panel.settings() == Settings{});
}

TEST_CASE("numbers out of the allowed range are refused and the old value stays", "[panel]")
{
    PanelModel panel;
    CHECK(panel.commitText(PanelField::Width, "0") == CommitEffect::None);
    CHECK(panel.error(PanelField::Width) ==
          "Width: '0' is not allowed; allowed: a whole number from 1 to 2048 particles");
    CHECK(panel.commitText(PanelField::Width, "2049") == CommitEffect::None);
    CHECK(panel.commitText(PanelField::Width, "-5") == CommitEffect::None);
    CHECK(panel.commitText(PanelField::Width, "99999999999999999999") == CommitEffect::None);
    CHECK_THAT(panel.error(PanelField::Width), Catch::Contains("'99999999999999999999'"));
    CHECK(panel.commitText(PanelField::FixedCount, "3") == CommitEffect::None);
    CHECK(panel.error(PanelField::FixedCount) ==
          "# fixed particles: '3' is not allowed; allowed: 1, 2 or 4");
    CHECK(panel.commitText(PanelField::TimeStep, "0") == CommitEffect::None);
    CHECK(panel.error(PanelField::TimeStep) ==
          "Time step size: '0' is not allowed; allowed: a finite number from 1e-06 to 1 s");
    CHECK(panel.commitText(PanelField::Iterations, "1001") == CommitEffect::None);
    CHECK(panel.commitText(PanelField::Gravity, "-10000.5") == CommitEffect::None);
    CHECK(panel.commitText(PanelField::Mass, "-1") == CommitEffect::None);
    CHECK_THAT(panel.error(PanelField::Mass), Catch::StartsWith("Mass: '-1' is not allowed; "));
    CHECK(panel.settings() == Settings{});
}

TEST_CASE("a good commit clears the field's earlier message", "[panel]")
{
    PanelModel panel;
    panel.commitText(PanelField::Width, "40abc");
    panel.commitText(PanelField::Mass, "0");
    REQUIRE_FALSE(panel.error(PanelField::Width).empty());
    CHECK(panel.commitText(PanelField::Width, "41") == CommitEffect::Restart);
    CHECK(panel.error(PanelField::Width).empty());
    CHECK_FALSE(panel.error(PanelField::Mass).empty()); // other fields keep theirs
    // Re-committing the unchanged value also counts as good.
    CHECK(panel.commitText(PanelField::Mass, "0.5") == CommitEffect::None);
    CHECK(panel.error(PanelField::Mass).empty());
}

TEST_CASE("the +/- buttons step by the page's steps", "[panel]")
{
    PanelModel panel;
    CHECK(panel.stepField(PanelField::Width, +1) == CommitEffect::Restart);
    CHECK(panel.stepField(PanelField::Height, -1) == CommitEffect::Restart);
    CHECK(panel.stepField(PanelField::Iterations, +1) == CommitEffect::Live);
    CHECK(panel.stepField(PanelField::TimeStep, +1) == CommitEffect::Live);
    CHECK(panel.stepField(PanelField::Gravity, +1) == CommitEffect::Live);
    CHECK(panel.stepField(PanelField::Mass, -1) == CommitEffect::Live);
    const Settings& s = panel.settings();
    CHECK(s.width == 41);
    CHECK(s.height == 29);
    CHECK(s.iterations == 3);
    CHECK(s.timeStep == 0.006);
    CHECK(s.gravity == -9.8);
    CHECK(s.mass == 0.49);
    CHECK(panel.displayText(PanelField::TimeStep) == "0.006");
    CHECK(panel.displayText(PanelField::Gravity) == "-9.8");
    CHECK(panel.displayText(PanelField::Mass) == "0.49");
}

TEST_CASE("many steps leave no floating-point noise in the shown values", "[panel]")
{
    PanelModel panel;
    for (int i = 0; i < 100; ++i)
        panel.stepField(PanelField::TimeStep, +1);
    CHECK(panel.settings().timeStep == 0.105);
    CHECK(panel.displayText(PanelField::TimeStep) == "0.105");
    for (int i = 0; i < 981; ++i)
        panel.stepField(PanelField::Gravity, +1);
    CHECK(panel.settings().gravity == 0.0);
    CHECK(panel.displayText(PanelField::Gravity) == "0");
    for (int i = 0; i < 3; ++i)
        panel.stepField(PanelField::Gravity, -1);
    CHECK(panel.displayText(PanelField::Gravity) == "-0.03");
    // A value typed with more decimals than the step keeps them.
    panel.commitText(PanelField::TimeStep, "0.0055");
    panel.stepField(PanelField::TimeStep, +1);
    CHECK(panel.displayText(PanelField::TimeStep) == "0.0065");
}

TEST_CASE("the fixed-count buttons move through 1, 2 and 4 and stop at the ends", "[panel]")
{
    PanelModel panel;
    CHECK(panel.stepField(PanelField::FixedCount, +1) == CommitEffect::Restart);
    CHECK(panel.settings().fixedCount == 4);
    CHECK(panel.stepField(PanelField::FixedCount, +1) == CommitEffect::None);
    CHECK(panel.settings().fixedCount == 4);
    CHECK(panel.stepField(PanelField::FixedCount, -1) == CommitEffect::Restart);
    CHECK(panel.settings().fixedCount == 2);
    CHECK(panel.stepField(PanelField::FixedCount, -1) == CommitEffect::Restart);
    CHECK(panel.settings().fixedCount == 1);
    CHECK(panel.stepField(PanelField::FixedCount, -1) == CommitEffect::None);
    CHECK(panel.settings().fixedCount == 1);
    CHECK(panel.stepField(PanelField::FixedCount, +1) == CommitEffect::Restart);
    CHECK(panel.settings().fixedCount == 2);
    CHECK(panel.error(PanelField::FixedCount).empty());
}

TEST_CASE("a step past the end of a range stops at the limit, and at the limit does nothing",
          "[panel]")
{
    Settings edge;
    edge.width = pbd::kMaxClothSide;
    edge.height = 1;
    edge.iterations = 0;
    edge.timeStep = 1.0;
    edge.mass = 0.01;
    edge.damping = 0.05;
    PanelModel panel(edge);
    CHECK(panel.stepField(PanelField::Width, +1) == CommitEffect::None);
    CHECK(panel.settings().width == 2048);
    CHECK(panel.stepField(PanelField::Height, -1) == CommitEffect::None);
    CHECK(panel.settings().height == 1);
    CHECK(panel.stepField(PanelField::Iterations, -1) == CommitEffect::None);
    CHECK(panel.settings().iterations == 0);
    CHECK(panel.stepField(PanelField::TimeStep, +1) == CommitEffect::None);
    CHECK(panel.settings().timeStep == 1.0);
    // 0.01 - 0.01 would be 0 kg: the smallest mass instead, not a refusal.
    CHECK(panel.stepField(PanelField::Mass, -1) == CommitEffect::Live);
    CHECK(panel.settings().mass == pbd::kMinMass);
    CHECK(panel.stepField(PanelField::Mass, -1) == CommitEffect::None);
    CHECK(panel.settings().mass == pbd::kMinMass);
    // 0.05 - 0.1 would be -0.05 1/s: damping 0.
    CHECK(panel.stepField(PanelField::Damping, -1) == CommitEffect::Live);
    CHECK(panel.settings().damping == 0.0);
    // No message anywhere: the user typed nothing wrong.
    for (PanelField field : pbd::app::panelFields())
        CHECK(panel.error(field).empty());
    // The opposite direction moves off the limit.
    CHECK(panel.stepField(PanelField::Width, -1) == CommitEffect::Restart);
    CHECK(panel.settings().width == 2047);
    Settings dt;
    dt.timeStep = 0.001;
    PanelModel small(dt);
    CHECK(small.stepField(PanelField::TimeStep, -1) == CommitEffect::Live);
    CHECK(small.settings().timeStep == pbd::kMinTimeStep);
    CHECK(small.error(PanelField::TimeStep).empty());
}

TEST_CASE("the panel's fields are the table's page, beyond-the-page and air rows, in order",
          "[panel]")
{
    std::vector<std::string> names;
    for (PanelField field : pbd::app::panelFields())
        names.push_back(pbd::app::settingField(field).name);
    CHECK(names == std::vector<std::string>{"width", "height", "fixedCount", "timeStep",
                                            "iterations", "stiffness", "gravity", "mass",
                                            "substeps", "damping", "shearStiffness",
                                            "areaStiffness", "tearStrain", "clothWidth",
                                            "clothHeight",
                                            "density", "tethers", "chebyshev", "maxStrain",
                                            "thickness",
                                            "friction", "selfCollision", "windX", "windY", "airDrag",
                                            "gusts"});
    CHECK(std::string(pbd::app::settingField(PanelField::TearStrain).name) == "tearStrain");
    CHECK(PanelModel::labelWithUnit(PanelField::TearStrain) == "Tear at strain");
    // Each named PanelField is the table row of that name.
    CHECK(std::string(pbd::app::settingField(PanelField::Stiffness).name) == "stiffness");
    CHECK(std::string(pbd::app::settingField(PanelField::AreaStiffness).name) == "areaStiffness");
    CHECK(std::string(pbd::app::settingField(PanelField::ShearStiffness).name) ==
          "shearStiffness");
    CHECK(PanelModel::labelWithUnit(PanelField::Stiffness) == "Stiffness (N/m)");
    CHECK(PanelModel::labelWithUnit(PanelField::Mass) == "Mass (kg)");
    CHECK(PanelModel::labelWithUnit(PanelField::Gravity) == "Gravity (m/s\u00B2)");
    CHECK(PanelModel::labelWithUnit(PanelField::TimeStep) == "Time step size (s)");
    CHECK(PanelModel::labelWithUnit(PanelField::Damping) == "Damping (1/s)");
}

TEST_CASE("the new fields commit live and refuse bad values naming label, text and range",
          "[panel]")
{
    PanelModel panel;
    CHECK(panel.commitText(PanelField::Stiffness, "1000") == CommitEffect::Live);
    CHECK(panel.commitText(PanelField::Substeps, "4") == CommitEffect::Live);
    CHECK(panel.commitText(PanelField::Damping, "0.5") == CommitEffect::Live);
    CHECK(panel.commitText(PanelField::AreaStiffness, "20") == CommitEffect::Live);
    const Settings valid = panel.settings();
    CHECK(valid.stiffness == 1000.0);
    CHECK(valid.substeps == 4);
    CHECK(valid.damping == 0.5);
    CHECK(valid.areaStiffness == 20.0);
    CHECK(panel.commitText(PanelField::Stiffness, "-1") == CommitEffect::None);
    CHECK(panel.error(PanelField::Stiffness) ==
          "Stiffness: '-1' is not allowed; allowed: a finite number from 0 to 1e+12 N/m");
    CHECK(panel.commitText(PanelField::Substeps, "1.5") == CommitEffect::None);
    CHECK(panel.error(PanelField::Substeps) ==
          "Substeps: '1.5' is not a whole number; allowed: a whole number from 1 to 1000");
    CHECK(panel.commitText(PanelField::Substeps, "0") == CommitEffect::None);
    CHECK(panel.commitText(PanelField::Damping, "nan") == CommitEffect::None);
    CHECK(panel.error(PanelField::Damping) ==
          "Damping: 'nan' is not a finite number; allowed: a finite number from 0 to 1000 1/s");
    CHECK(panel.commitText(PanelField::AreaStiffness, "1e13") == CommitEffect::None);
    CHECK_THAT(panel.error(PanelField::AreaStiffness),
               Catch::StartsWith("Area stiffness: '1e13' is not allowed; allowed: "));
    CHECK(panel.settings() == valid);
    CHECK(panel.errors().size() == 4);
    CHECK(panel.stepField(PanelField::Stiffness, +1) == CommitEffect::Live);
    CHECK(panel.settings().stiffness == 1010.0); // xpbd.html's step of 10
    CHECK(panel.error(PanelField::Stiffness).empty());
}

TEST_CASE("the Mass tooltip says that with XPBD the mass matters, every tooltip gives the range",
          "[panel]")
{
    CHECK_THAT(PanelModel::tooltip(PanelField::Mass), Catch::Contains("With XPBD (stiffness > 0) "
                                                                      "the mass matters"));
    CHECK_THAT(PanelModel::tooltip(PanelField::Width),
               Catch::EndsWith("Allowed: a whole number from 1 to 2048 particles."));
    CHECK_THAT(PanelModel::tooltip(PanelField::Stiffness),
               Catch::Contains("Allowed: a finite number from 0 to 1e+12 N/m."));
}

TEST_CASE("the speed field takes 0.05 to 4 and clamps its buttons, stepping is chosen",
          "[panel]")
{
    PanelModel panel;
    CHECK(panel.stepping() == pbd::app::SteppingMode::Page);
    CHECK(panel.speed() == 1.0);
    CHECK(panel.chooseStepping(pbd::app::SteppingMode::RealTime));
    CHECK_FALSE(panel.chooseStepping(pbd::app::SteppingMode::RealTime));
    CHECK(panel.commitSpeed("0.25"));
    CHECK(panel.speedText() == "0.25");
    CHECK_FALSE(panel.commitSpeed("5"));
    CHECK(panel.speedError() ==
          "Speed: '5' is not allowed; allowed: a finite number from 0.05 to 4");
    CHECK_FALSE(panel.commitSpeed("fast"));
    CHECK(panel.speedError() ==
          "Speed: 'fast' is not a number; allowed: a finite number from 0.05 to 4");
    CHECK(panel.speed() == 0.25);
    CHECK(panel.errors() == std::vector<std::string>{panel.speedError()});
    CHECK(panel.stepSpeed(+1));
    CHECK(panel.speedText() == "0.3");
    CHECK(panel.speedError().empty());
    panel.commitSpeed("0.07");
    CHECK(panel.stepSpeed(-1));
    CHECK(panel.speed() == pbd::app::kMinSpeed);
    CHECK_FALSE(panel.stepSpeed(-1));
    panel.commitSpeed("4");
    CHECK_FALSE(panel.stepSpeed(+1));
    CHECK(panel.speed() == 4.0);
    CHECK(pbd::app::steppingFromName("realtime") == pbd::app::SteppingMode::RealTime);
    CHECK(pbd::app::steppingFromName("page") == pbd::app::SteppingMode::Page);
    CHECK_FALSE(pbd::app::steppingFromName("Page"));
}

TEST_CASE("the solver combo offers the page's order first, then the colored one, then the GPU",
          "[panel]")
{
    REQUIRE(pbd::app::kSolverChoices.size() == 3);
    CHECK(pbd::app::kSolverChoices[0] == pbd::Solver::Sequential);
    CHECK(pbd::app::kSolverChoices[1] == pbd::Solver::Colored);
    CHECK(pbd::app::kSolverChoices[2] == pbd::Solver::Gpu);
    CHECK(std::string(PanelModel::solverLabel(pbd::Solver::Gpu)) == "GPU (compute shaders)");
    CHECK(std::string(PanelModel::solverLabel(pbd::Solver::Sequential)) ==
          "Sequential (page order)");
    CHECK(std::string(PanelModel::solverLabel(pbd::Solver::Colored)) == "Colored (parallel)");
    CHECK_THAT(PanelModel::solverTooltip(), Catch::Contains("reproduces the page exactly"));
    CHECK_THAT(PanelModel::solverTooltip(), Catch::Contains("Applies at once"));
}

TEST_CASE("the GPU solver is refused while the GPU is unavailable, and chosen once it is",
          "[panel]")
{
    PanelModel model{Settings{}};
    model.setGpuUnavailable("GPU unavailable: the window's OpenGL is 3.3");
    CHECK(model.chooseSolver(pbd::Solver::Gpu) == CommitEffect::None);
    CHECK(model.settings().solver == pbd::Solver::Sequential);
    model.setGpuUnavailable("");
    CHECK(model.chooseSolver(pbd::Solver::Gpu) == CommitEffect::Live);
    CHECK(model.settings().solver == pbd::Solver::Gpu);
}

TEST_CASE("the custom settings differ from the defaults in every field of the settings table",
          "[panel]")
{
    const Settings custom = customSettings();
    REQUIRE_FALSE(pbd::validate(custom));
    for (const pbd::SettingField& field : pbd::settingFields()) {
        INFO(field.name);
        // The third dimension's rows are the 3D window's: this 2D panel has none of them.
        if (field.section == pbd::PanelSection::Space)
            continue;
        CHECK(field.get(custom) != field.get(Settings{}));
    }
}

TEST_CASE("choosing a solver applies live and leaves every other setting alone", "[panel]")
{
    PanelModel panel(customSettings());
    CHECK(panel.settings().solver == pbd::Solver::Colored);
    CHECK(panel.chooseSolver(pbd::Solver::Sequential) == CommitEffect::Live);
    Settings expected = customSettings();
    expected.solver = pbd::Solver::Sequential;
    CHECK(panel.settings() == expected);
    CHECK(panel.chooseSolver(pbd::Solver::Sequential) == CommitEffect::None);
    CHECK(panel.chooseSolver(pbd::Solver::Colored) == CommitEffect::Live);
    CHECK(panel.settings() == customSettings());
}

TEST_CASE("the solver chosen on the command line is kept by field commits", "[panel]")
{
    Settings colored;
    colored.solver = pbd::Solver::Colored;
    colored.threads = 2;
    PanelModel panel(colored);
    CHECK(panel.commitText(PanelField::Width, "64") == CommitEffect::Restart);
    CHECK(panel.commitText(PanelField::Gravity, "nan") == CommitEffect::None);
    CHECK(panel.settings().solver == pbd::Solver::Colored);
    CHECK(panel.settings().threads == 2);
}

TEST_CASE("typed junk, nan, 1e400 and empty text keep the last valid value", "[panel]")
{
    PanelModel panel;
    CHECK(panel.commitText(PanelField::Gravity, "-3") == CommitEffect::Live);
    const Settings valid = panel.settings();
    for (PanelField field : {PanelField::Width, PanelField::TimeStep, PanelField::Iterations,
                             PanelField::Gravity, PanelField::Mass}) {
        for (const char* text : {"abc", "nan", "1e400", "", "-1e400", "1e-400x"}) {
            INFO("field " << PanelModel::label(field) << ", text '" << text << "'");
            CHECK(panel.commitText(field, text) == CommitEffect::None);
            CHECK(panel.settings() == valid);
            CHECK_THAT(panel.error(field),
                       Catch::StartsWith(std::string(PanelModel::label(field)) + ": '" + text +
                                         "' "));
            CHECK_THAT(panel.error(field), Catch::Contains("allowed: "));
        }
    }
    CHECK(panel.displayText(PanelField::Gravity) == "-3");
    CHECK(panel.displayText(PanelField::Width) == "40");
}

TEST_CASE("a tooltip shows after half a second on its widget, never while a field is edited",
          "[panel]")
{
    pbd::app::TooltipTimer timer;
    CHECK_FALSE(timer.hovered("width", 10.0, false));
    CHECK_FALSE(timer.hovered("width", 10.49, false));
    CHECK(timer.hovered("width", 10.5, false));
    CHECK_FALSE(timer.hovered("width", 11.0, true)); // typing: no tooltip over the field
    CHECK(timer.hovered("width", 11.1, false));
    // Another widget starts its own delay.
    CHECK_FALSE(timer.hovered("height", 11.2, false));
    CHECK(timer.hovered("height", 11.7, false));
    // Leaving every widget and coming back starts afresh.
    timer.reset();
    CHECK_FALSE(timer.hovered("height", 20.0, false));
    CHECK(timer.hovered("height", 20.5, false));
}

TEST_CASE("statistics show a dash until a value exists", "[panel]")
{
    const char* none = "-";
    // Time per step: the mean of 50 steps, none right after a restart (not "0 ms").
    CHECK(pbd::app::stepTimeText(0.0, none) == "-");
    CHECK(pbd::app::stepTimeText(0.197, none) == "0.197 ms");
    CHECK(pbd::app::stepTimeText(12.345, none) == "12.35 ms");
    // Simulation per frame: none while paused (not "6.5e-05 ms") or before any step.
    CHECK(pbd::app::simulationPerFrameText(6.5e-05, 8.0, true, none) == "-");
    CHECK(pbd::app::simulationPerFrameText(6.5e-05, 0.0, false, none) == "-");
    CHECK(pbd::app::simulationPerFrameText(1.5, 8.0, false, none) == "1.50 ms");
    CHECK(pbd::app::simulationSpeedText(0.0, false, none) == "-");
    CHECK(pbd::app::simulationSpeedText(2.4, true, none) == "-");
    CHECK(pbd::app::simulationSpeedText(2.4, false, none) == "2.4x real time");
}

TEST_CASE("the strain scale field takes auto or a number, keeping the last valid value",
          "[panel]")
{
    PanelModel panel;
    CHECK_FALSE(panel.strainScale());
    CHECK(panel.strainScaleText() == "auto");
    CHECK(panel.commitStrainScale("0.05"));
    REQUIRE(panel.strainScale());
    CHECK(*panel.strainScale() == 0.05);
    CHECK(panel.strainScaleText() == "0.05");
    CHECK_FALSE(panel.commitStrainScale("0.05")); // no change
    CHECK_FALSE(panel.commitStrainScale("-1"));
    CHECK(panel.strainScaleError() == "Strain scale: '-1' is not allowed; allowed: auto or a "
                                      "finite number from 1e-06 to 1000");
    CHECK(*panel.strainScale() == 0.05);
    CHECK(panel.errors() == std::vector<std::string>{panel.strainScaleError()});
    CHECK(panel.commitStrainScale(" auto"));
    CHECK_FALSE(panel.strainScale());
    CHECK(panel.strainScaleError().empty());
    CHECK(panel.errors().empty());
}

TEST_CASE("switching self-collision on without a thickness proposes half the spacing",
          "[panel]")
{
    PanelModel panel;
    PanelField selfCollision{};
    PanelField thickness{};
    for (PanelField field : pbd::app::panelFields()) {
        if (std::string(pbd::app::settingField(field).name) == "selfCollision")
            selfCollision = field;
        if (std::string(pbd::app::settingField(field).name) == "thickness")
            thickness = field;
    }
    CHECK(panel.commitText(selfCollision, "on") == CommitEffect::Live);
    CHECK(panel.settings().selfCollision);
    CHECK(panel.settings().thickness == 0.1); // half the page's 0.2 m
    // A thickness beyond the spacing is then refused, naming both settings.
    CHECK(panel.commitText(thickness, "0.3") == CommitEffect::None);
    CHECK(panel.settings().thickness == 0.1);
    CHECK_THAT(panel.error(thickness), Catch::Contains("selfCollision") &&
                                           Catch::Contains("thickness = 0.3 m"));
}

TEST_CASE("# fixed particles says how many are pinned now when they are not its corners",
          "[panel]")
{
    using pbd::app::pinnedNowText;
    pbd::Simulation simulation;
    CHECK(pinnedNowText(simulation).empty()); // the page's two corners
    simulation.unpin(0);
    simulation.unpin(39);
    CHECK(pinnedNowText(simulation) == "0 pinned now"); // a scene that pins nothing
    simulation.pin(0);
    CHECK(pinnedNowText(simulation) == "1 pinned now");
    simulation.pin(39);
    CHECK(pinnedNowText(simulation).empty());
    simulation.pin(100);
    CHECK(pinnedNowText(simulation) == "3 pinned now");
}

TEST_CASE("the message place's order is newest first, a counting status keeps its age",
          "[panel][messages]")
{
    using pbd::app::MessageOrder;
    using pbd::app::MessageTone;
    using pbd::app::PanelMessage;
    const auto keys = [](const std::vector<PanelMessage>& list) {
        std::vector<std::string> out;
        for (const PanelMessage& m : list)
            out.push_back(m.key);
        return out;
    };
    MessageOrder order;
    const PanelMessage status{"files-status", "Recording to r.txt: step 0", MessageTone::News, 0,
                              true};
    CHECK(keys(order.order({status})) == std::vector<std::string>{"files-status"});
    PanelMessage counted = status;
    counted.text = "Recording to r.txt: step 8";
    const PanelMessage width{"width", "Width: '0' is not allowed", MessageTone::Refusal, 1,
                             false};
    CHECK(keys(order.order({counted, width})) ==
          std::vector<std::string>{"width", "files-status"});
    counted.text = "Recording to r.txt: step 16"; // counting on: not news
    CHECK(keys(order.order({counted, width})) ==
          std::vector<std::string>{"width", "files-status"});
    PanelMessage saved{"files", "Saved s.json", MessageTone::News, 0, false};
    CHECK(keys(order.order({counted, width, saved})) ==
          std::vector<std::string>{"files", "width", "files-status"});
    PanelMessage again = width; // the same refusal typed again: news again
    again.serial = 2;
    CHECK(keys(order.order({counted, again, saved})) ==
          std::vector<std::string>{"width", "files", "files-status"});
    saved.text = "Saved t.json"; // a new outcome of the same source: news
    CHECK(keys(order.order({counted, again, saved})) ==
          std::vector<std::string>{"files", "width", "files-status"});
    // Gone, then back: new again.
    CHECK(keys(order.order({counted, saved})) == std::vector<std::string>{"files", "files-status"});
    CHECK(keys(order.order({counted, again, saved})) ==
          std::vector<std::string>{"width", "files", "files-status"});
}

TEST_CASE("a computed value shows at most six significant digits, typed ones as typed",
          "[panel]")
{
    PanelField clothWidth = PanelField::Width;
    for (PanelField f : pbd::app::panelFields())
        if (std::string(pbd::app::settingField(f).name) == "clothWidth")
            clothWidth = f;
    REQUIRE(clothWidth != PanelField::Width);
    Settings settings;
    settings.clothWidth = 0.5128205128205128; // cantilever-3d's 0.5 m over its clamp
    settings.timeStep = 0.0025;
    PanelModel panel(settings);
    CHECK(panel.displayText(clothWidth) == "0.512821");
    CHECK(panel.displayText(PanelField::TimeStep) == "0.0025");
    CHECK(panel.displayText(PanelField::Width) == "40");
    CHECK(panel.settings().clothWidth == 0.5128205128205128); // only the text is shorter
    // Enter in the field as it shows keeps the value exact; a value typed is taken as typed.
    CHECK(panel.commitText(clothWidth, "0.512821") == CommitEffect::None);
    CHECK(panel.settings().clothWidth == 0.5128205128205128);
    CHECK(panel.commitText(clothWidth, "0.5128") != CommitEffect::None);
    CHECK(panel.settings().clothWidth == 0.5128);
    // Six digits still show whole, and so does a seventh that is a zero at the end.
    settings.clothWidth = 1.23456;
    settings.mass = 1234560.0;
    panel.showSettings(settings);
    CHECK(panel.displayText(clothWidth) == "1.23456");
    CHECK(panel.displayText(PanelField::Mass) == "1234560");
}

TEST_CASE("the Scene combo shows the scene, a world made by hand, the page, or a plain 3D "
          "cloth",
          "[panel]")
{
    CHECK(pbd::app::sceneComboText("drape-3d", 1, true) == "drape-3d");
    CHECK(pbd::app::sceneComboText("pegs", 3, false) == "pegs");
    CHECK(pbd::app::sceneComboText("", 2, false) == "(custom)");
    CHECK(pbd::app::sceneComboText("", 1, true) == "(custom)");
    CHECK(pbd::app::sceneComboText("", 0, false) == "page");
    CHECK(pbd::app::sceneComboText("", 0, true) == "(plain 3D cloth)"); // no built-in scene is that
}
