// The app's preferences table: every member of Preferences once, pbd-cloth's flags for them
// derived from it with the messages they always had, and the panel using the same rows and
// ranges as the flags (the Speed field; threads 0 to 64 as in pbd-sim and event scripts).

#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "common/settings_flags.h"
#include "logic/panel_model.h"
#include "logic/preferences_table.h"
#include "pbd/settings_table.h"

using pbd::app::PanelField;
using pbd::app::PanelModel;
using pbd::app::Preferences;

namespace {

/// Parses `args` as pbd-cloth's preference flags into `preferences`; the message on failure,
/// "" on success.
std::string parse(std::vector<std::string> args, Preferences& preferences)
{
    CLI::App app{"test", "pbd-cloth"};
    pbd::common::TableFlags<Preferences> flags(pbd::app::preferenceFields());
    flags.addTo(app);
    args.insert(args.begin(), "pbd-cloth");
    std::vector<char*> argv;
    for (std::string& arg : args)
        argv.push_back(arg.data());
    app.parse(static_cast<int>(argv.size()), argv.data());
    const auto error = flags.applyTo(preferences, true);
    return error ? *error : "";
}

std::string refusal(std::vector<std::string> args)
{
    Preferences preferences;
    std::string message = parse(std::move(args), preferences);
    CHECK(preferences == Preferences{}); // nothing else given: nothing changed
    return message;
}

} // namespace

TEST_CASE("the preferences table covers every member once, with its accessors", "[preferences]")
{
    const auto rows = pbd::app::preferenceFields();
    Preferences changed;
    const double values[] = {1, 2.5, 1, 0.05, 1, 1, 1, 0.5, 2, 1, 1, 1, 1, 1};
    REQUIRE(rows.size() == std::size(values));
    for (std::size_t i = 0; i < rows.size(); ++i) {
        INFO(rows[i].name);
        CHECK(rows[i].get(changed) != values[i]);
        CHECK(pbd::allowedValue(rows[i], values[i]));
        rows[i].set(changed, values[i]);
        CHECK(rows[i].get(changed) == values[i]);
        CHECK(pbd::app::findPreferenceField(rows[i].name) == &rows[i]);
        for (std::size_t j = 0; j < i; ++j)
            CHECK(std::string(rows[i].flag) != rows[j].flag);
    }
    Preferences expected;
    expected.stepping = pbd::app::SteppingMode::RealTime;
    expected.speed = 2.5;
    expected.colorBy = pbd::app::ColorBy::Strain;
    expected.strainScale = 0.05;
    expected.particleColorBy = pbd::app::ParticleColorBy::Speed;
    expected.plots = true;
    expected.onRelease = pbd::app::OnRelease::Keep;
    expected.grabRadius = 0.5;
    expected.draw = pbd::app::DrawMode::Both;
    expected.wireframe = true;
    expected.follow = true;
    expected.exports.pngCanvasOnly = true;
    expected.exports.videoCanvasOnly = false;
    expected.exports.hoverRing = true;
    CHECK(changed == expected);
    // "auto" is the strain scale's empty value, and the text the defaults show.
    const pbd::app::PreferenceField& scale = *pbd::app::findPreferenceField("strainScale");
    CHECK(pbd::settingText(scale, Preferences{}) == "auto");
    scale.set(changed, 0.0);
    CHECK_FALSE(changed.strainScale);
}

TEST_CASE("pbd-cloth's preference flags read words and numbers through the table",
          "[preferences]")
{
    Preferences p;
    CHECK(parse({"--stepping", "realtime", "--speed", "0.25", "--color-by", "strain",
                 "--strain-scale", "0.02", "--color-particles", "speed", "--plots",
                 "--on-release", "keep"},
                p) == "");
    CHECK(p.stepping == pbd::app::SteppingMode::RealTime);
    CHECK(p.speed == 0.25);
    CHECK(p.colorBy == pbd::app::ColorBy::Strain);
    CHECK(p.strainScale == 0.02);
    CHECK(p.particleColorBy == pbd::app::ParticleColorBy::Speed);
    CHECK(p.plots);
    CHECK(p.onRelease == pbd::app::OnRelease::Keep);
    Preferences autoScale;
    autoScale.strainScale = 0.5;
    CHECK(parse({"--strain-scale", "auto"}, autoScale) == "");
    CHECK_FALSE(autoScale.strainScale);
}

TEST_CASE("pbd-cloth's preference flags refuse with the option, the value and what is allowed",
          "[preferences]")
{
    CHECK(refusal({"--stepping", "fast"}) ==
          "--stepping: 'fast' is not a stepping mode; allowed: page or realtime");
    CHECK(refusal({"--grab-radius", "-1"}) ==
          "--grab-radius: '-1' is not allowed; allowed: a finite number from 0 to 100 m");
    CHECK(refusal({"--grab-radius", "nan"}) ==
          "--grab-radius: 'nan' is not a finite number; allowed: a finite number from 0 to 100 m");
    CHECK(refusal({"--speed", "5"}) ==
          "--speed: '5' is not allowed; allowed: a finite number from 0.05 to 4");
    CHECK(refusal({"--speed", "abc"}) ==
          "--speed: 'abc' is not a number; allowed: a finite number from 0.05 to 4");
    CHECK(refusal({"--speed", "nan"}) ==
          "--speed: 'nan' is not a finite number; allowed: a finite number from 0.05 to 4");
    CHECK(refusal({"--strain-scale", "0"}) ==
          "--strain-scale: '0' is not allowed; allowed: auto or a finite number from 1e-06 to "
          "1000");
    CHECK(refusal({"--strain-scale", "big"}) ==
          "--strain-scale: 'big' is not a number; allowed: auto or a finite number from 1e-06 "
          "to 1000");
    CHECK(refusal({"--color-by", "stress"}) ==
          "--color-by: 'stress' is not a colouring; allowed: none or strain");
    CHECK(refusal({"--color-particles", "mass"}) ==
          "--color-particles: 'mass' is not a colouring; allowed: none or speed");
    CHECK(refusal({"--draw", "wire"}) ==
          "--draw: 'wire' is not a draw mode; allowed: lines, filled or both");
    CHECK(refusal({"--on-release", "drop"}) ==
          "--on-release: 'drop' is not a release behaviour; allowed: throw or keep");
    // The panel's strain scale field allows the same.
    std::optional<double> scale;
    const auto panel = pbd::app::parseStrainScale("Strain scale", "0", scale);
    REQUIRE(panel);
    CHECK_THAT(*panel, Catch::EndsWith(
                           pbd::allowedValues(*pbd::app::findPreferenceField("strainScale"))));
}

TEST_CASE("the panel's Speed field is the preferences table's row", "[preferences][panel]")
{
    CHECK(PanelModel::speedLabel() == "Speed (x)");
    CHECK(PanelModel::speedTooltip() == "Real-time stepping: simulated seconds per second of "
                                        "wall-clock time. Allowed: a finite number from 0.05 "
                                        "to 4.");
    PanelModel panel;
    CHECK_FALSE(panel.commitSpeed("5"));
    CHECK(panel.speedError() ==
          "Speed: '5' is not allowed; " +
              pbd::allowedValues(*pbd::app::findPreferenceField("speed")));
}

TEST_CASE("the panel takes threads 0 (one per core) to 64, as --threads and event scripts do",
          "[preferences][panel]")
{
    const auto rows = pbd::settingFields();
    const pbd::SettingField* threads = pbd::findSettingField("threads");
    REQUIRE(threads);
    const auto field = static_cast<PanelField>(threads - rows.data());
    pbd::Settings start;
    start.threads = 3;
    PanelModel panel(start);
    CHECK(panel.commitText(field, "0") == pbd::app::CommitEffect::Live);
    CHECK(panel.settings().threads == 0);
    CHECK(panel.displayText(field) == "0");
    CHECK(panel.commitText(field, "65") == pbd::app::CommitEffect::None);
    CHECK(panel.error(field) == "Threads: '65' is not allowed; " + pbd::allowedValues(*threads));
    CHECK(pbd::allowedValues(*threads) == "allowed: a whole number from 0 to 64 (0: one per core)");
    CHECK(panel.commitText(field, "64") == pbd::app::CommitEffect::Live);
    CHECK(panel.error(field).empty());
}

TEST_CASE("the panel reads a choice row by its words and offers them in a combo",
          "[preferences][panel]")
{
    const auto rows = pbd::settingFields();
    const auto solver = static_cast<PanelField>(pbd::findSettingField("solver") - rows.data());
    CHECK(PanelModel::choices(solver) == std::vector<std::string>{"sequential", "colored", "gpu"});
    CHECK(PanelModel::choices(PanelField::FixedCount) == std::vector<std::string>{"1", "2", "4"});
    CHECK(PanelModel::choices(PanelField::Width).empty());
    PanelModel panel;
    CHECK(panel.commitText(solver, "colored") == pbd::app::CommitEffect::Live);
    CHECK(panel.settings().solver == pbd::Solver::Colored);
    CHECK(panel.displayText(solver) == "colored");
    CHECK(panel.commitText(solver, "fast") == pbd::app::CommitEffect::None);
    CHECK(panel.error(solver) ==
          "Solver: 'fast' is not a solver; allowed: sequential, colored or gpu");
}
