// The panel's wind rows (issue 25, item 3): the wind typed as a speed and a direction, stored
// as the settings' components, refused input naming the row, unedited rows leaving the bits
// alone, and each edit one undoable setting change.

#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>
#include <string>

#include "controller_rig.h"
#include "logic/panel_model.h"
#include "logic/wind_rows.h"

using namespace pbd;
using namespace pbd::app;
using namespace pbd::app::testing;

namespace {

bool startsWith(const std::string& text, const std::string& prefix)
{
    return text.compare(0, prefix.size(), prefix) == 0;
}

} // namespace

TEST_CASE("typing a wind speed and direction sets wind-x = s cos and wind-y = s sin", "[panel]")
{
    PanelModel panel;
    CHECK(panel.windText(WindRow::Speed) == "0");
    CHECK(panel.windText(WindRow::Direction) == "0");
    CHECK(panel.commitWind(WindRow::Speed, "5") == CommitEffect::Live);
    CHECK(panel.settings().windX == 5.0); // direction 0: towards +x
    CHECK(panel.settings().windY == 0.0);
    CHECK(panel.commitWind(WindRow::Direction, " 30 ") == CommitEffect::Live);
    const double radians = 30.0 * std::numbers::pi / 180.0;
    CHECK(panel.settings().windX == 5.0 * std::cos(radians)); // bit for bit
    CHECK(panel.settings().windY == 5.0 * std::sin(radians));
    // The rows show what was typed, not the components' rounded angle.
    CHECK(panel.windText(WindRow::Speed) == "5");
    CHECK(panel.windText(WindRow::Direction) == "30");
    // Whole quarter turns are exact: 90 blows straight up, -180 straight left.
    CHECK(panel.commitWind(WindRow::Direction, "90") == CommitEffect::Live);
    CHECK(panel.settings().windX == 0.0);
    CHECK(panel.settings().windY == 5.0);
    CHECK(panel.commitWind(WindRow::Direction, "-180") == CommitEffect::Live);
    CHECK(panel.settings().windX == -5.0);
    CHECK(panel.settings().windY == 0.0);
    // A calm wind keeps its direction for the next speed.
    CHECK(panel.commitWind(WindRow::Speed, "0") == CommitEffect::Live);
    CHECK(panel.commitWind(WindRow::Direction, "-90") == CommitEffect::None); // still calm
    CHECK(panel.windText(WindRow::Direction) == "-90");
    CHECK(panel.commitWind(WindRow::Speed, "2") == CommitEffect::Live);
    CHECK(panel.settings().windX == 0.0);
    CHECK(panel.settings().windY == -2.0);
    CHECK(panel.errors().empty());
}

TEST_CASE("a wind row confirmed unedited leaves the components' bits alone", "[panel]")
{
    Settings s;
    s.windX = 0.1;  // set elsewhere (a flag, a script): speed and angle are not round numbers
    s.windY = -0.3;
    PanelModel panel(s);
    const std::string speed = panel.windText(WindRow::Speed);
    const std::string direction = panel.windText(WindRow::Direction);
    CHECK(speed == "0.316228");
    CHECK(direction == "-71.5651");
    CHECK(panel.commitWind(WindRow::Speed, speed) == CommitEffect::None);
    CHECK(panel.commitWind(WindRow::Direction, direction) == CommitEffect::None);
    CHECK(panel.settings().windX == 0.1);
    CHECK(panel.settings().windY == -0.3);
    // Typed anew, it is an edit: the speed keeps the components' exact angle.
    CHECK(panel.commitWind(WindRow::Speed, "1") == CommitEffect::Live);
    CHECK(std::hypot(panel.settings().windX, panel.settings().windY) == Approx(1.0));
    CHECK(std::atan2(panel.settings().windY, panel.settings().windX) ==
          Approx(std::atan2(-0.3, 0.1)));
}

TEST_CASE("bad wind input is refused naming the row and its range, keeping the wind",
          "[panel]")
{
    PanelModel panel;
    REQUIRE(panel.commitWind(WindRow::Speed, "4") == CommitEffect::Live);
    REQUIRE(panel.commitWind(WindRow::Direction, "45") == CommitEffect::Live);
    const Settings before = panel.settings();
    CHECK(panel.commitWind(WindRow::Speed, "-1") == CommitEffect::None);
    CHECK(startsWith(panel.windError(WindRow::Speed),
                     "Wind speed: '-1' is not allowed; allowed: "));
    CHECK(panel.windError(WindRow::Speed).find("0 to 1000 m/s") != std::string::npos);
    CHECK(panel.commitWind(WindRow::Direction, "nan") == CommitEffect::None);
    CHECK(startsWith(panel.windError(WindRow::Direction), "Wind direction: 'nan' "));
    CHECK(panel.windError(WindRow::Direction).find("-360 to 360 degrees") != std::string::npos);
    CHECK(panel.commitWind(WindRow::Speed, "abc") == CommitEffect::None);
    CHECK(panel.commitWind(WindRow::Direction, "400") == CommitEffect::None);
    CHECK(panel.settings() == before);
    CHECK(panel.errors().size() == 2);
    CHECK(panel.windText(WindRow::Speed) == "4");
    // A good commit clears the row's message.
    CHECK(panel.commitWind(WindRow::Direction, "60") == CommitEffect::Live);
    CHECK(panel.windError(WindRow::Direction).empty());
    // The +/- buttons: 0.5 m/s and 15 degrees, stopping at the ends.
    CHECK(panel.stepWind(WindRow::Direction, +1) == CommitEffect::Live);
    CHECK(panel.windText(WindRow::Direction) == "75");
    for (int i = 0; i < 10; ++i)
        panel.stepWind(WindRow::Speed, -1);
    CHECK(panel.windText(WindRow::Speed) == "0");
    CHECK(panel.stepWind(WindRow::Speed, -1) == CommitEffect::None);
    CHECK(WindRows::tooltip(WindRow::Direction).find("0 blows right (+x), 90 up") !=
          std::string::npos);
}

TEST_CASE("a wind row's edit is one setting change that undo takes back", "[panel]")
{
    Rig rig(Settings{});
    PanelActions actions;
    actions.effect = rig.controller.model().commitWind(WindRow::Speed, "8");
    rig.controller.panel(actions);
    // A step between them: setting changes with none between merge into one action.
    REQUIRE_FALSE(rig.controller.issue(StepCommand{}));
    actions.effect = rig.controller.model().commitWind(WindRow::Direction, "90");
    rig.controller.panel(actions);
    CHECK(rig.simulation.settings().windX == 0.0);
    CHECK(rig.simulation.settings().windY == 8.0);
    rig.tap(Key::Z, kCtrl);
    CHECK(rig.simulation.settings().windX == 8.0);
    CHECK(rig.simulation.settings().windY == 0.0);
    CHECK(rig.controller.model().windText(WindRow::Direction) == "0");
    rig.tap(Key::Z, kCtrl);
    CHECK(rig.simulation.settings().windX == 0.0);
    CHECK(rig.simulation.settings().windY == 0.0);
}
