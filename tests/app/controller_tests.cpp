// The controller driven with no window: mouse, wheel, keys, touch and panel commits become
// camera changes and commands. The cloth is built with gravity 0, so it stays on the page's
// grid: particle (row i, column j) at world (0.2 j, -0.2 i), index i * width + j.

#include <catch2/catch.hpp>

#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "logic/controller.h"

using namespace pbd;
using namespace pbd::app;

namespace {

constexpr PanelFocus kCanvas{};                ///< the panel claims nothing
constexpr PanelFocus kOverPanel{true, false};  ///< the pointer is over the panel
constexpr PanelFocus kTyping{false, true};     ///< a field is being typed in
constexpr Modifiers kNone{};
constexpr Modifiers kCtrl{false, true, false};

Settings restingCloth(int width = 40, int height = 30)
{
    Settings s;
    s.width = width;
    s.height = height;
    s.gravity = 0.0;
    return s;
}

/// A controller on a 1400 x 960 window: canvas 1050 x 960, the page's view with origin
/// (525, 280) and 50 pixels per metre. Records every command it applies. Its clock (`now`,
/// seconds) moves only when a test moves it, so steps cost nothing against the frame budget:
/// each running frame takes the page's 8 steps.
struct Rig {
    explicit Rig(const Settings& settings = restingCloth(), double logicalScale = 1.0)
        : simulation(settings), controller(simulation, [this] { return now; })
    {
        controller.setCommandObserver([this](const Command& c) { commands.push_back(c); });
        controller.resize({1400.0, 960.0}, 1.0, logicalScale);
    }
    /// Window pixels of particle (row i, column j) at rest.
    glm::dvec2 screenOf(int row, int column) const
    {
        return controller.camera().worldToScreen({0.2 * column, -0.2 * row});
    }
    template <class T>
    std::size_t count() const
    {
        std::size_t n = 0;
        for (const Command& c : commands)
            n += std::holds_alternative<T>(c) ? 1 : 0;
        return n;
    }
    void press(MouseButton button, glm::dvec2 at, PanelFocus focus = kCanvas)
    {
        controller.mouseMove(at);
        controller.mouseButton(button, true, kNone, focus);
    }
    void releaseButton(MouseButton button)
    {
        controller.mouseButton(button, false, kNone, kCanvas);
    }
    void tap(Key key, Modifiers modifiers = kNone, PanelFocus focus = kCanvas)
    {
        controller.key(key, false, modifiers, focus);
    }

    double now = 0.0;
    Simulation simulation;
    Controller controller;
    std::vector<Command> commands;
};

void requireNear(glm::dvec2 actual, glm::dvec2 expected, double margin = 1e-9)
{
    CHECK(actual.x == Approx(expected.x).margin(margin));
    CHECK(actual.y == Approx(expected.y).margin(margin));
}

} // namespace

TEST_CASE("a left press near a particle grabs it, moves drag it to the cursor, release lets go",
          "[controller]")
{
    Rig rig;
    const Index index = 29 * 40 + 5; // row 29, column 5
    const glm::dvec2 particle = rig.screenOf(29, 5);
    rig.press(MouseButton::Left, particle + glm::dvec2(3.0, -4.0)); // 5 px away
    REQUIRE(rig.simulation.grabbed() == index);
    CHECK(rig.commands.size() == 1);
    CHECK(std::get<GrabCommand>(rig.commands[0]).particle == index);
    CHECK(rig.simulation.particles().position[index] ==
          Simulation(restingCloth()).particles().position[index]); // not moved yet

    rig.controller.mouseMove({700.0, 400.0});
    requireNear(rig.simulation.particles().position[index],
                rig.controller.camera().screenToWorld({700.0, 400.0}));
    CHECK(std::get<MoveCommand>(rig.commands.back()).position ==
          rig.controller.camera().screenToWorld({700.0, 400.0}));

    rig.releaseButton(MouseButton::Left);
    CHECK_FALSE(rig.simulation.grabbed());
    CHECK(std::holds_alternative<ReleaseCommand>(rig.commands.back()));
    const std::size_t issued = rig.commands.size();
    rig.controller.mouseMove({800.0, 500.0}); // no longer dragging
    CHECK(rig.commands.size() == issued);
}

TEST_CASE("a press farther than the pick radius, over the panel or off the canvas grabs nothing",
          "[controller]")
{
    Rig rig;
    rig.press(MouseButton::Left, rig.screenOf(10, 10) + glm::dvec2(0.0, 5.0)); // between rows: 5 px
    CHECK(rig.simulation.grabbed() == Index{10 * 40 + 10});
    rig.releaseButton(MouseButton::Left);
    rig.commands.clear();

    rig.press(MouseButton::Left, rig.screenOf(0, 39) + glm::dvec2(10.5, 0.0)); // 10.5 px right
    rig.press(MouseButton::Left, rig.screenOf(5, 5), kOverPanel);
    rig.press(MouseButton::Left, {1100.0, 300.0}); // the panel's side of the window
    rig.controller.mouseMove({600.0, 600.0});
    rig.releaseButton(MouseButton::Left);
    CHECK(rig.commands.empty()); // not even a release
    CHECK_FALSE(rig.simulation.grabbed());
}

TEST_CASE("a fixed corner can be grabbed, dragged and dropped, and stays fixed", "[controller]")
{
    Rig rig;
    rig.press(MouseButton::Left, rig.screenOf(0, 0));
    REQUIRE(rig.simulation.grabbed() == Index{0});
    rig.controller.mouseMove({300.0, 150.0});
    rig.releaseButton(MouseButton::Left);
    const glm::dvec2 dropped = rig.controller.camera().screenToWorld({300.0, 150.0});
    CHECK(rig.simulation.particles().inverseMass[0] == 0.0);
    for (int i = 0; i < 3; ++i)
        rig.controller.advance();
    CHECK(rig.simulation.particles().position[0] == dropped);
}

TEST_CASE("right and middle drags pan the view and never grab", "[controller]")
{
    Rig rig;
    for (MouseButton button : {MouseButton::Right, MouseButton::Middle}) {
        const glm::dvec2 before = rig.controller.camera().origin();
        const glm::dvec2 start = rig.screenOf(3, 3); // on a particle: still no grab
        rig.press(button, start);
        rig.controller.mouseMove(start + glm::dvec2(40.0, -25.0));
        rig.controller.mouseMove(start + glm::dvec2(60.0, -30.0));
        rig.releaseButton(button);
        rig.controller.mouseMove({10.0, 10.0}); // after the release: no pan
        requireNear(rig.controller.camera().origin(), before + glm::dvec2(60.0, -30.0));
    }
    CHECK(rig.commands.empty());
}

TEST_CASE("the wheel zooms by 1.1 per notch about the cursor, not over the panel",
          "[controller]")
{
    Rig rig;
    const glm::dvec2 cursor{400.0, 500.0};
    rig.controller.mouseMove(cursor);
    const glm::dvec2 world = rig.controller.camera().screenToWorld(cursor);
    rig.controller.scroll(2.0, kCanvas);
    CHECK(rig.controller.camera().zoom() == Approx(50.0 * 1.1 * 1.1));
    requireNear(rig.controller.camera().worldToScreen(world), cursor, 1e-9);
    rig.controller.scroll(-1.0, kOverPanel);
    CHECK(rig.controller.camera().zoom() == Approx(50.0 * 1.21));
}

TEST_CASE("zooming while dragging keeps the held particle under the cursor", "[controller]")
{
    Rig rig;
    rig.press(MouseButton::Left, rig.screenOf(20, 20));
    rig.controller.mouseMove({500.0, 500.0});
    rig.controller.scroll(3.0, kCanvas);
    const Index held = *rig.simulation.grabbed();
    requireNear(rig.controller.camera().worldToScreen(rig.simulation.particles().position[held]),
                {500.0, 500.0}, 1e-9);
}

TEST_CASE("Space pauses and resumes, S steps once while paused, frames take eight steps",
          "[controller]")
{
    Rig rig;
    rig.controller.advance();
    CHECK(rig.simulation.stepCount() == 8);
    CHECK(rig.count<StepCommand>() == 8);
    rig.tap(Key::Space);
    CHECK(rig.controller.paused());
    CHECK(rig.controller.idle());
    rig.controller.advance();
    CHECK(rig.simulation.stepCount() == 8);
    rig.tap(Key::S);
    CHECK_FALSE(rig.controller.idle());
    rig.controller.advance();
    CHECK(rig.simulation.stepCount() == 9);
    rig.controller.advance();
    CHECK(rig.simulation.stepCount() == 9);
    rig.controller.key(Key::Space, true, kNone, kCanvas); // auto-repeat does not toggle
    CHECK(rig.controller.paused());
    rig.tap(Key::Space);
    rig.tap(Key::S); // running: S does nothing extra
    rig.controller.advance();
    CHECK(rig.simulation.stepCount() == 17);
}

TEST_CASE("R restarts with the panel's committed values: rest positions, time 0, new lines",
          "[controller]")
{
    Settings s = restingCloth(10, 8);
    s.gravity = -9.81;
    Rig rig(s);
    rig.controller.advance();
    REQUIRE(rig.simulation.time() > 0.0);
    REQUIRE(rig.controller.model().commitText(PanelField::Iterations, "5") == CommitEffect::Live);
    const auto version = rig.controller.clothVersion();
    rig.tap(Key::R);
    CHECK(rig.simulation.time() == 0.0);
    CHECK(rig.simulation.settings().iterations == 5);
    CHECK(rig.simulation.particles().position == Simulation(s).particles().position);
    CHECK(rig.controller.clothVersion() == version + 1);
    REQUIRE(rig.commands.size() >= 2);
    CHECK(std::holds_alternative<SetCommand>(rig.commands[rig.commands.size() - 2]));
    CHECK(std::holds_alternative<RestartCommand>(rig.commands.back()));
}

TEST_CASE("Home brings back the page's view after pans and zooms", "[controller]")
{
    Rig rig;
    rig.press(MouseButton::Right, {100.0, 100.0});
    rig.controller.mouseMove({300.0, 50.0});
    rig.releaseButton(MouseButton::Right);
    rig.controller.scroll(4.0, kCanvas);
    rig.tap(Key::Home);
    CHECK(rig.controller.camera().zoom() == 50.0);
    CHECK(rig.controller.camera().origin() == glm::dvec2(525.0, 280.0));
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

TEST_CASE("Esc cancels a drag and closes the help, and never quits; Q alone does not quit",
          "[controller]")
{
    Rig rig;
    rig.press(MouseButton::Left, rig.screenOf(29, 0));
    rig.controller.mouseMove({600.0, 600.0});
    REQUIRE(rig.simulation.grabbed());
    rig.tap(Key::Escape);
    CHECK_FALSE(rig.simulation.grabbed());
    CHECK(std::holds_alternative<ReleaseCommand>(rig.commands.back()));
    const glm::dvec2 left = rig.simulation.particles().position[29 * 40];
    rig.controller.mouseMove({700.0, 700.0}); // button still held: the drag is over
    CHECK(rig.simulation.particles().position[29 * 40] == left);
    rig.releaseButton(MouseButton::Left);
    CHECK(rig.count<ReleaseCommand>() == 1);

    rig.tap(Key::F1);
    CHECK(rig.controller.helpVisible());
    rig.tap(Key::Escape);
    CHECK_FALSE(rig.controller.helpVisible());
    rig.tap(Key::Q);
    CHECK_FALSE(rig.controller.quitRequested());
    rig.tap(Key::R, kCtrl); // Ctrl combinations other than Ctrl+Q are not restart
    CHECK(rig.count<RestartCommand>() == 0);
    rig.tap(Key::Q, kCtrl);
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
    CHECK(rig.controller.camera().shows({0.0, -59.8}, {59.8, 0.0}, {1050.0, 960.0}, 20.0));
}

TEST_CASE("F fits a 300 x 300 cloth into the canvas with a 20 px margin", "[controller][fit]")
{
    Rig rig(restingCloth(300, 300));
    const Camera& camera = rig.controller.camera();
    CHECK_FALSE(camera.shows({0.0, -59.8}, {59.8, 0.0}, {1050.0, 960.0})); // the page's view
    rig.tap(Key::F);
    // 59.8 m square into 1010 x 920 free pixels: the height limits, 920 / 59.8 px per metre.
    CHECK(camera.zoom() == Approx(920.0 / 59.8));
    requireNear(camera.worldToScreen({0.0, 0.0}), {525.0 - 460.0, 20.0}, 1e-9);
    requireNear(camera.worldToScreen({59.8, -59.8}), {525.0 + 460.0, 940.0}, 1e-9);
}

TEST_CASE("at a logical scale of 2 the fit margin is 40 window pixels", "[controller][fit]")
{
    Rig rig(restingCloth(300, 300), 2.0);
    rig.tap(Key::F);
    CHECK(rig.controller.camera().zoom() == Approx(880.0 / 59.8));
    requireNear(rig.controller.camera().worldToScreen({59.8, -59.8}), {525.0 + 440.0, 920.0},
                1e-9);
}

TEST_CASE("a new width or height that would not fit fits the view; one that fits keeps it",
          "[controller][fit]")
{
    Rig rig;
    PanelActions actions;
    actions.effect = rig.controller.model().commitText(PanelField::Width, "20");
    rig.controller.panel(actions);
    CHECK(rig.controller.camera().zoom() == 50.0); // 20 x 30 fits the page's view
    actions.effect = rig.controller.model().commitText(PanelField::Height, "100");
    rig.controller.panel(actions);
    CHECK(rig.controller.camera().zoom() < 50.0);
    CHECK(rig.controller.camera().shows({0.0, -19.8}, {3.8, 0.0}, {1050.0, 960.0}, 19.999));
}

TEST_CASE("the hover is the particle a click would grab, and none while dragging or over the "
          "panel",
          "[controller]")
{
    Rig rig;
    rig.controller.mouseMove(rig.screenOf(7, 9) + glm::dvec2(2.0, 2.0));
    rig.controller.updateHover(kCanvas);
    CHECK(rig.controller.hovered() == Index{7 * 40 + 9});
    rig.controller.updateHover(kOverPanel);
    CHECK_FALSE(rig.controller.hovered());
    rig.controller.mouseMove(rig.screenOf(7, 0) - glm::dvec2(10.5, 0.0)); // left of the cloth
    rig.controller.updateHover(kCanvas);
    CHECK_FALSE(rig.controller.hovered());
    rig.press(MouseButton::Left, rig.screenOf(7, 9));
    rig.controller.updateHover(kCanvas);
    CHECK_FALSE(rig.controller.hovered());
}

TEST_CASE("one finger drags a particle, a second finger lets go and pinches", "[controller][touch]")
{
    Rig rig;
    using Kind = TouchEvent::Kind;
    const glm::dvec2 start = rig.screenOf(29, 39);
    CHECK(rig.controller.touch({Kind::Begin, 1, start}).empty());
    REQUIRE(rig.simulation.grabbed() == Index{29 * 40 + 39});
    rig.controller.touch({Kind::Update, 1, {800.0, 700.0}});
    requireNear(rig.simulation.particles().position[29 * 40 + 39],
                rig.controller.camera().screenToWorld({800.0, 700.0}));
    rig.controller.touch({Kind::Begin, 2, {900.0, 700.0}}); // 100 px apart
    CHECK_FALSE(rig.simulation.grabbed());
    CHECK(std::holds_alternative<ReleaseCommand>(rig.commands.back()));
    rig.controller.touch({Kind::Update, 2, {1000.0, 700.0}}); // 200 px apart: zoom x2 about 900
    CHECK(rig.controller.camera().zoom() == Approx(100.0));
    rig.controller.touch({Kind::End, 1, {800.0, 700.0}});
    rig.controller.touch({Kind::End, 2, {1000.0, 700.0}});
    CHECK(rig.count<ReleaseCommand>() == 1);
}

TEST_CASE("a lone finger on the panel is forwarded as a tap and grabs nothing",
          "[controller][touch]")
{
    Rig rig;
    using Kind = TouchEvent::Kind;
    const auto down = rig.controller.touch({Kind::Begin, 4, {1200.0, 300.0}});
    REQUIRE(down.size() == 1);
    CHECK(down[0].down);
    CHECK(down[0].point == glm::dvec2(1200.0, 300.0));
    CHECK(rig.controller.touch({Kind::Update, 4, {1201.0, 301.0}}).empty());
    const auto up = rig.controller.touch({Kind::End, 4, {1201.0, 301.0}});
    REQUIRE(up.size() == 1);
    CHECK_FALSE(up[0].down);
    CHECK(rig.commands.empty());
}

TEST_CASE("a touchpad pinch zooms about its centre; losing the focus ends a finger's drag",
          "[controller][touch]")
{
    Rig rig;
    using Kind = TouchEvent::Kind;
    rig.controller.touch({Kind::PinchBegin, 0, {400.0, 400.0}});
    rig.controller.touch({Kind::PinchUpdate, 0, {400.0, 400.0}, 1.5});
    rig.controller.touch({Kind::PinchUpdate, 0, {400.0, 400.0}, 3.0});
    CHECK(rig.controller.camera().zoom() == Approx(150.0));
    rig.controller.touch({Kind::PinchEnd, 0, {400.0, 400.0}});

    rig.tap(Key::Home);
    rig.controller.touch({Kind::Begin, 1, rig.screenOf(10, 10)});
    REQUIRE(rig.simulation.grabbed());
    rig.controller.focusLost();
    CHECK_FALSE(rig.simulation.grabbed());
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
    CHECK(rig.controller.colorBy() == ColorBy::None);
    PanelActions actions;
    actions.colorBy = ColorBy::Strain;
    rig.controller.panel(actions);
    CHECK(rig.controller.colorBy() == ColorBy::Strain);
    rig.controller.panel(PanelActions{}); // no choice this frame: unchanged
    CHECK(rig.controller.colorBy() == ColorBy::Strain);
    CHECK(rig.commands.empty()); // a view choice, not a change to the simulation
    CHECK(rig.controller.throwOnRelease());
    actions = {};
    actions.throwOnRelease = false;
    rig.controller.panel(actions);
    CHECK_FALSE(rig.controller.throwOnRelease());
}

TEST_CASE("Shift+click pins a free particle and frees a pinned corner, grabbing nothing",
          "[controller][pin]")
{
    Rig rig;
    const Modifiers shift{true, false, false};
    rig.controller.mouseMove(rig.screenOf(10, 10));
    rig.controller.mouseButton(MouseButton::Left, true, shift, kCanvas);
    rig.releaseButton(MouseButton::Left);
    CHECK(rig.simulation.particles().pinned(10 * 40 + 10));
    CHECK_FALSE(rig.simulation.grabbed());
    CHECK(std::get<PinCommand>(rig.commands.back()).particle == Index{410});
    rig.controller.mouseMove(rig.screenOf(0, 0));
    rig.controller.mouseButton(MouseButton::Left, true, shift, kCanvas);
    rig.releaseButton(MouseButton::Left);
    CHECK_FALSE(rig.simulation.particles().pinned(0));
    CHECK(std::get<UnpinCommand>(rig.commands.back()).particle == Index{0});
    CHECK(rig.count<GrabCommand>() == 0);
}

TEST_CASE("the panel's Unpin all frees every pin with one command each; Pin corners again "
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

TEST_CASE("Ctrl+drag cuts the constraints its line crosses, on release", "[controller][cut]")
{
    Rig rig;
    const std::size_t all = rig.simulation.liveConstraintCount();
    const Modifiers ctrl{false, true, false};
    // Between columns 19 and 20 (x 3.8 .. 4.0), from above the cloth to below it.
    const glm::dvec2 from = rig.controller.camera().worldToScreen({3.9, 0.5});
    const glm::dvec2 to = rig.controller.camera().worldToScreen({3.9, -6.5});
    rig.controller.mouseMove(from);
    rig.controller.mouseButton(MouseButton::Left, true, ctrl, kCanvas);
    rig.controller.mouseMove(0.5 * (from + to));
    REQUIRE(rig.controller.knife());
    CHECK(rig.simulation.liveConstraintCount() == all); // nothing cut while drawing
    rig.controller.mouseMove(to);
    rig.releaseButton(MouseButton::Left);
    CHECK_FALSE(rig.controller.knife());
    const CutCommand cut = std::get<CutCommand>(rig.commands.back());
    CHECK(cut.from.x == Approx(3.9));
    CHECK(cut.to.y == Approx(-6.5));
    // 30 horizontal constraints and 2 diagonals in each of the 29 cells between the columns.
    CHECK(rig.simulation.liveConstraintCount() == all - 30 - 2 * 29);
    CHECK_FALSE(rig.simulation.grabbed());
}

TEST_CASE("Esc drops a knife without cutting", "[controller][cut]")
{
    Rig rig;
    rig.controller.mouseMove({100.0, 100.0});
    rig.controller.mouseButton(MouseButton::Left, true, {false, true, false}, kCanvas);
    rig.controller.mouseMove({900.0, 900.0});
    rig.tap(Key::Escape);
    rig.releaseButton(MouseButton::Left);
    CHECK(rig.count<CutCommand>() == 0);
}

TEST_CASE("a release throws the particle with the pointer's velocity over the last 50 ms",
          "[controller][throw]")
{
    Rig rig;
    const Index index = 29 * 40 + 20;
    rig.press(MouseButton::Left, rig.screenOf(29, 20));
    const double zoom = rig.controller.camera().zoom();
    // Slow at first, then 10 px (0.2 m) every 10 ms to the right: 20 m/s.
    glm::dvec2 p = rig.screenOf(29, 20);
    for (int i = 0; i < 5; ++i) {
        rig.now += 0.1;
        p.x += 1.0;
        rig.controller.mouseMove(p);
    }
    for (int i = 0; i < 10; ++i) {
        rig.now += 0.01;
        p.x += 10.0;
        rig.controller.mouseMove(p);
    }
    rig.releaseButton(MouseButton::Left);
    const auto release = std::get<ReleaseCommand>(rig.commands.back());
    REQUIRE(release.velocity);
    CHECK(release.velocity->x == Approx(10.0 / zoom / 0.01));
    CHECK(release.velocity->y == Approx(0.0).margin(1e-9));
    CHECK(rig.simulation.particles().velocity[index].x == Approx(20.0));
}

TEST_CASE("a pointer that rested before the release throws nothing; keep-velocity mode is the "
          "page's release",
          "[controller][throw]")
{
    Rig rig;
    rig.press(MouseButton::Left, rig.screenOf(29, 20));
    rig.now += 0.01;
    rig.controller.mouseMove(rig.screenOf(29, 20) + glm::dvec2(30.0, 0.0));
    rig.now += 0.2; // held still
    rig.releaseButton(MouseButton::Left);
    CHECK(std::get<ReleaseCommand>(rig.commands.back()).velocity == glm::dvec2(0.0));

    rig.controller.setThrowOnRelease(false);
    rig.press(MouseButton::Left, rig.screenOf(29, 30));
    rig.now += 0.01;
    rig.controller.mouseMove(rig.screenOf(29, 30) + glm::dvec2(30.0, 0.0));
    rig.releaseButton(MouseButton::Left);
    CHECK_FALSE(std::get<ReleaseCommand>(rig.commands.back()).velocity);
}

TEST_CASE("an open Plots section records residuals and a history; closed, neither",
          "[controller][plots]")
{
    Settings settings = restingCloth(8, 6);
    settings.gravity = -9.81; // a falling, swinging cloth
    Rig rig(settings);
    rig.controller.advance();
    CHECK(rig.simulation.residuals().empty());
    CHECK(rig.controller.plotHistory().size() == 0);

    PanelActions open;
    open.plotsOpen = true;
    rig.controller.panel(open);
    CHECK(rig.controller.plotsOpen());
    for (int frame = 0; frame < 10; ++frame) // 80 steps of 5 ms: 0.4 s, bins of 0.05 s
        rig.controller.advance();
    // Iterations + 1 residuals of the last step: after the prediction and after each sweep.
    REQUIRE(rig.simulation.residuals().size() == 3);
    CHECK(rig.simulation.residuals()[0].max >= rig.simulation.residuals()[2].max);
    CHECK(rig.controller.plotHistory().size() >= 7);
    const PlotSample& last = rig.controller.plotHistory()[rig.controller.plotHistory().size() - 1];
    CHECK(last.kinetic > 0.0f);
    CHECK(last.potential < 0.0f); // the cloth hangs below y = 0
    CHECK(last.strainMax >= last.strainRms);
    CHECK(last.msPerStep > 0.0f);

    PanelActions closed;
    closed.plotsOpen = false;
    rig.controller.panel(closed);
    CHECK(rig.simulation.residuals().empty());
    rig.controller.advance();
    CHECK(rig.simulation.residuals().empty()); // recording is off: no extra sweep
    CHECK(rig.controller.plotHistory().size() == 0);
}

TEST_CASE("the particle colour choice follows the panel's combo", "[controller]")
{
    Rig rig;
    CHECK(rig.controller.particleColorBy() == ParticleColorBy::None);
    PanelActions actions;
    actions.particleColorBy = ParticleColorBy::Speed;
    rig.controller.panel(actions);
    CHECK(rig.controller.particleColorBy() == ParticleColorBy::Speed);
}

namespace {

/// A backend that runs no physics (its steps leave the state as uploaded): enough for the
/// controller's handling of a GPU solver that cannot be made.
class InertBackend final : public SolverBackend {
public:
    void upload(const Particles& p) override { state_ = p; }
    void uploadAlive(std::span<const std::uint8_t> alive) override
    {
        alive_.assign(alive.begin(), alive.end());
    }
    void step(const Settings&) override {}
    bool downloadAlive(std::vector<std::uint8_t>& alive) override
    {
        alive = alive_;
        return true;
    }
    void download(Particles& p) override
    {
        p.position = state_.position;
        p.stepStart = state_.stepStart;
        p.velocity = state_.velocity;
    }
    void finish() override {}
    std::string description() const override { return "inert"; }

private:
    Particles state_;
    std::vector<std::uint8_t> alive_;
};

/// Makes inert backends in float; refuses double (or everything) as a GPU whose storage
/// blocks are too small would.
SolverBackendFactory refusingFactory(bool refuseFloat)
{
    return [refuseFloat](const Settings& s) -> std::unique_ptr<SolverBackend> {
        if (refuseFloat || s.gpuPrecision == GpuPrecision::Double)
            throw std::runtime_error("a 40 x 30 cloth does not fit this GPU in " +
                                     std::string(gpuPrecisionName(s.gpuPrecision)));
        return std::make_unique<InertBackend>();
    };
}

} // namespace

TEST_CASE("a GPU precision the GPU refuses goes back to the one that ran, saying why; the "
          "cloth runs on",
          "[controller][gpu]")
{
    Rig rig;
    rig.simulation.installBackend(refusingFactory(false));
    PanelActions actions;
    actions.effect = rig.controller.model().chooseSolver(Solver::Gpu);
    REQUIRE(actions.effect == CommitEffect::Live);
    rig.controller.panel(actions);
    rig.controller.advance();
    CHECK(rig.simulation.stepCount() == 8);
    CHECK(rig.controller.refusals().empty());

    actions.effect = rig.controller.model().chooseGpuPrecision(GpuPrecision::Double);
    REQUIRE(actions.effect == CommitEffect::Live);
    rig.controller.panel(actions);
    CHECK(rig.simulation.settings().gpuPrecision == GpuPrecision::Double);
    rig.controller.advance(); // the first step cannot make the solver: back to float
    CHECK(rig.simulation.settings().gpuPrecision == GpuPrecision::Float);
    CHECK(rig.simulation.settings().solver == Solver::Gpu);
    CHECK(rig.controller.model().settings().gpuPrecision == GpuPrecision::Float);
    CHECK(rig.simulation.stepCount() == 15); // 8, then the frame's 7 others in float
    REQUIRE(rig.controller.refusals().size() == 1);
    const std::string& message = rig.controller.model().solverMessage();
    CHECK(message.find("does not fit this GPU in double") != std::string::npos);
    CHECK(message.find("GPU precision back to float") != std::string::npos);
    CHECK(rig.controller.model().errors().back() == message);
    CHECK_FALSE(rig.controller.paused());

    // The next choice clears the message.
    actions.effect = rig.controller.model().chooseSolver(Solver::Colored);
    CHECK(rig.controller.model().solverMessage().empty());
}

TEST_CASE("a GPU solver that cannot be made at all goes back to the solver that ran before",
          "[controller][gpu]")
{
    Rig rig;
    rig.simulation.installBackend(refusingFactory(true));
    rig.controller.advance(); // sequential
    PanelActions actions;
    actions.effect = rig.controller.model().chooseSolver(Solver::Gpu);
    rig.controller.panel(actions);
    rig.controller.advance();
    CHECK(rig.simulation.settings().solver == Solver::Sequential);
    CHECK(rig.simulation.stepCount() == 15);
    REQUIRE(rig.controller.refusals().size() == 1);
    CHECK(rig.controller.refusals()[0].find("solver back to sequential") != std::string::npos);

    // With nothing before it (the GPU from the start), the colored solver takes over.
    Settings gpu = restingCloth();
    gpu.solver = Solver::Gpu;
    Rig fresh(gpu);
    fresh.simulation.installBackend(refusingFactory(true));
    fresh.controller.advance();
    CHECK(fresh.simulation.settings().solver == Solver::Colored);
    CHECK(fresh.simulation.stepCount() == 7);
    REQUIRE(fresh.controller.refusals().size() == 1);
    CHECK(fresh.controller.refusals()[0].find("solver back to colored") != std::string::npos);
}
