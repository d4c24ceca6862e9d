// The controller as a façade: restart, help, panel commits and buttons, pins, the title and
// the preferences it routes to its parts.

#include <catch2/catch.hpp>

#include "controller_rig.h"

using namespace pbd;
using namespace pbd::app;
using namespace pbd::app::testing;

TEST_CASE("R restarts with the panel's committed values: rest positions, time 0, new lines",
          "[controller]")
{
    Settings s = restingCloth(10, 8);
    s.gravity = -9.81;
    Rig rig(s);
    rig.controller.advance();
    REQUIRE(rig.simulation.time() > 0.0);
    REQUIRE(rig.controller.model().commitText(PanelField::Iterations, "5") == CommitEffect::Live);
    const auto version = rig.controller.driver().clothVersion();
    rig.tap(Key::R);
    CHECK(rig.simulation.time() == 0.0);
    CHECK(rig.simulation.settings().iterations == 5);
    CHECK(rig.simulation.particles().position == Simulation(s).particles().position);
    CHECK(rig.controller.driver().clothVersion() == version + 1);
    REQUIRE(rig.commands.size() >= 2);
    CHECK(std::holds_alternative<SetCommand>(rig.commands[rig.commands.size() - 2]));
    CHECK(std::holds_alternative<RestartCommand>(rig.commands.back()));
}

TEST_CASE("keys typed into a field are the field's, but Ctrl+Q still quits", "[controller]")
{
    Rig rig;
    for (Key key : {Key::Space, Key::R, Key::F, Key::F1, Key::Escape, Key::Home})
        rig.tap(key, kNone, kTyping);
    CHECK_FALSE(rig.controller.paused());
    CHECK_FALSE(rig.controller.helpVisible());
    CHECK(rig.commands.empty());
    CHECK_FALSE(rig.controller.quitRequested());
    rig.tap(Key::Q, kCtrl, kTyping);
    CHECK(rig.controller.quitRequested());
}

TEST_CASE("F1 and the panel's ? button toggle the help", "[controller]")
{
    Rig rig;
    rig.tap(Key::F1);
    CHECK(rig.controller.helpVisible());
    rig.tap(Key::F1);
    CHECK_FALSE(rig.controller.helpVisible());
    PanelActions help;
    help.toggleHelp = true;
    rig.controller.panel(help);
    CHECK(rig.controller.helpVisible());
}

TEST_CASE("panel commits become set commands: live fields at once, width rebuilds",
          "[controller]")
{
    Rig rig;
    rig.controller.advance();
    PanelActions actions;
    actions.effect = rig.controller.model().commitText(PanelField::Gravity, "-3");
    rig.controller.panel(actions);
    CHECK(rig.simulation.settings().gravity == -3.0);
    CHECK(rig.simulation.stepCount() == 8); // live: not rebuilt
    REQUIRE(rig.count<SetCommand>() == 1);
    CHECK(std::get<SetCommand>(rig.commands.back()).settings.gravity == -3.0);

    actions.effect = rig.controller.model().commitText(PanelField::Width, "20");
    rig.controller.panel(actions);
    CHECK(rig.simulation.particles().size() == 20 * 30);
    CHECK(rig.simulation.stepCount() == 0);

    // A refused value changes nothing and issues nothing.
    const std::size_t issued = rig.commands.size();
    actions.effect = rig.controller.model().commitText(PanelField::TimeStep, "0");
    rig.controller.panel(actions);
    CHECK(rig.commands.size() == issued);
    CHECK(rig.simulation.settings().timeStep == 0.005);
}

TEST_CASE("the panel's restart, pause and fit buttons", "[controller]")
{
    Rig rig(restingCloth(300, 300));
    rig.controller.advance();
    PanelActions actions;
    actions.togglePause = true;
    rig.controller.panel(actions);
    CHECK(rig.controller.paused());
    actions = {};
    actions.restart = true;
    rig.controller.panel(actions);
    CHECK(std::holds_alternative<RestartCommand>(rig.commands.back()));
    CHECK(rig.simulation.time() == 0.0);
    actions = {};
    actions.fitView = true;
    rig.controller.panel(actions);
    CHECK(rig.camera().shows({0.0, -59.8}, {59.8, 0.0}, {1050.0, 960.0}, 20.0));
}

TEST_CASE("the title shows the cloth's size and whether it is paused", "[controller]")
{
    Rig rig(restingCloth(12, 7));
    CHECK(rig.controller.title() == "pbd-cloth: 12 x 7 particles");
    rig.tap(Key::Space);
    CHECK(rig.controller.title() == "pbd-cloth: 12 x 7 particles (paused)");
}

TEST_CASE("the panel's colour choice switches the lines between grey and strain",
          "[controller]")
{
    Rig rig;
    CHECK(rig.controller.preferences().colorBy == ColorBy::None);
    PanelActions actions;
    actions.colorBy = ColorBy::Strain;
    rig.controller.panel(actions);
    CHECK(rig.controller.preferences().colorBy == ColorBy::Strain);
    rig.controller.panel(PanelActions{}); // no choice this frame: unchanged
    CHECK(rig.controller.preferences().colorBy == ColorBy::Strain);
    CHECK(rig.commands.empty()); // a view choice, not a change to the simulation
    CHECK(rig.controller.preferences().onRelease == OnRelease::Throw);
    actions = {};
    actions.throwOnRelease = false;
    rig.controller.panel(actions);
    CHECK_FALSE(rig.controller.preferences().onRelease == OnRelease::Throw);
}

TEST_CASE("the panel's Unpin all frees every pin with one command each, Pin corners again "
          "pins the fixed corners and keeps other pins",
          "[controller][pin]")
{
    Rig rig;
    REQUIRE(rig.simulation.pin(410));
    PanelActions actions;
    actions.unpinAll = true;
    rig.controller.panel(actions);
    for (Index i = 0; i < rig.simulation.particles().size(); ++i)
        REQUIRE_FALSE(rig.simulation.particles().pinned(i));
    CHECK(rig.count<UnpinCommand>() == 3); // corners 0 and 39, and 410
    REQUIRE(rig.simulation.pin(410));
    actions = {};
    actions.pinCorners = true;
    rig.controller.panel(actions);
    CHECK(rig.simulation.particles().pinned(0));
    CHECK(rig.simulation.particles().pinned(39));
    CHECK(rig.simulation.particles().pinned(410));
    CHECK(rig.count<PinCommand>() == 2);
    rig.controller.panel(actions); // already pinned: no new command
    CHECK(rig.count<PinCommand>() == 2);
}

TEST_CASE("the particle colour choice follows the panel's combo", "[controller]")
{
    Rig rig;
    CHECK(rig.controller.preferences().particleColorBy == ParticleColorBy::None);
    PanelActions actions;
    actions.particleColorBy = ParticleColorBy::Speed;
    rig.controller.panel(actions);
    CHECK(rig.controller.preferences().particleColorBy == ParticleColorBy::Speed);
}

TEST_CASE("the draw mode follows the panel's Draw combo, lines by default", "[controller]")
{
    Rig rig;
    CHECK(rig.controller.preferences().draw == DrawMode::Lines);
    PanelActions actions;
    actions.drawMode = DrawMode::Both;
    rig.controller.panel(actions);
    CHECK(rig.controller.preferences().draw == DrawMode::Both);
    rig.controller.panel(PanelActions{}); // no choice made: it stays
    CHECK(rig.controller.preferences().draw == DrawMode::Both);
}

TEST_CASE("the command line's preferences reach the parts, a speed out of range keeps the "
          "current one, the panel's edits of stepping, speed and strain scale take effect with "
          "its actions",
          "[controller][preferences]")
{
    Rig rig;
    Preferences p;
    p.stepping = SteppingMode::RealTime;
    p.speed = 0.5;
    p.colorBy = ColorBy::Strain;
    p.strainScale = 0.01;
    p.particleColorBy = ParticleColorBy::Speed;
    p.plots = true;
    p.onRelease = OnRelease::Keep;
    rig.controller.setPreferences(p);
    CHECK(rig.controller.preferences() == p);
    CHECK(rig.controller.model().stepping() == SteppingMode::RealTime);
    CHECK(rig.controller.model().speed() == 0.5);
    CHECK(rig.controller.model().strainScale() == 0.01);
    rig.controller.key(Key::Space, false, {}, {}); // paused: S takes one step, in any mode
    rig.controller.key(Key::S, false, {}, {});
    rig.controller.advance();
    CHECK_FALSE(rig.simulation.residuals().empty()); // the plots record
    CHECK(rig.controller.driver().plotHistory().size() == 1);
    CHECK(rig.count<StepCommand>() == 1); // preferences are no commands
    CHECK(rig.commands.size() == 1);

    p.speed = 9.0;
    p.plots = false;
    rig.controller.setPreferences(p);
    CHECK(rig.controller.preferences().speed == 0.5);
    CHECK(rig.controller.driver().plotHistory().size() == 0);

    rig.controller.model().chooseStepping(SteppingMode::Page);
    REQUIRE(rig.controller.model().commitSpeed("2"));
    REQUIRE(rig.controller.model().commitStrainScale("auto"));
    CHECK(rig.controller.preferences().stepping == SteppingMode::RealTime); // not yet
    rig.controller.panel(PanelActions{});
    CHECK(rig.controller.preferences().stepping == SteppingMode::Page);
    CHECK(rig.controller.preferences().speed == 2.0);
    CHECK_FALSE(rig.controller.preferences().strainScale);
}
