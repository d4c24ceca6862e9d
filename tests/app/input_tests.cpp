// The controller's input part: mouse, wheel, keys, touch, the knife and the throw become
// camera changes and commands (through the controller, which routes them to Input, and
// directly).

#include <catch2/catch.hpp>

#include <optional>
#include <vector>

#include "controller_rig.h"

using namespace pbd;
using namespace pbd::app;
using namespace pbd::app::testing;

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
                rig.camera().screenToWorld({700.0, 400.0}));
    CHECK(std::get<MoveCommand>(rig.commands.back()).position ==
          rig.camera().screenToWorld({700.0, 400.0}));

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
    const glm::dvec2 dropped = rig.camera().screenToWorld({300.0, 150.0});
    CHECK(rig.simulation.particles().inverseMass[0] == 0.0);
    for (int i = 0; i < 3; ++i)
        rig.controller.advance();
    CHECK(rig.simulation.particles().position[0] == dropped);
}

TEST_CASE("right and middle drags pan the view and never grab", "[controller]")
{
    Rig rig;
    for (MouseButton button : {MouseButton::Right, MouseButton::Middle}) {
        const glm::dvec2 before = rig.camera().origin();
        const glm::dvec2 start = rig.screenOf(3, 3); // on a particle: still no grab
        rig.press(button, start);
        rig.controller.mouseMove(start + glm::dvec2(40.0, -25.0));
        rig.controller.mouseMove(start + glm::dvec2(60.0, -30.0));
        rig.releaseButton(button);
        rig.controller.mouseMove({10.0, 10.0}); // after the release: no pan
        requireNear(rig.camera().origin(), before + glm::dvec2(60.0, -30.0));
    }
    CHECK(rig.commands.empty());
}

TEST_CASE("the wheel zooms by 1.1 per notch about the cursor, not over the panel",
          "[controller]")
{
    Rig rig;
    const glm::dvec2 cursor{400.0, 500.0};
    rig.controller.mouseMove(cursor);
    const glm::dvec2 world = rig.camera().screenToWorld(cursor);
    rig.controller.scroll(2.0, kCanvas);
    CHECK(rig.camera().zoom() == Approx(50.0 * 1.1 * 1.1));
    requireNear(rig.camera().worldToScreen(world), cursor, 1e-9);
    rig.controller.scroll(-1.0, kOverPanel);
    CHECK(rig.camera().zoom() == Approx(50.0 * 1.21));
}

TEST_CASE("zooming while dragging keeps the held particle under the cursor", "[controller]")
{
    Rig rig;
    rig.press(MouseButton::Left, rig.screenOf(20, 20));
    rig.controller.mouseMove({500.0, 500.0});
    rig.controller.scroll(3.0, kCanvas);
    const Index held = *rig.simulation.grabbed();
    requireNear(rig.camera().worldToScreen(rig.simulation.particles().position[held]),
                {500.0, 500.0}, 1e-9);
}

TEST_CASE("Esc cancels a drag and closes the help, and never quits, Q alone does not quit",
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

TEST_CASE("the hover is the particle a click would grab, and none while dragging or over the "
          "panel",
          "[controller]")
{
    Rig rig;
    rig.controller.mouseMove(rig.screenOf(7, 9) + glm::dvec2(2.0, 2.0));
    rig.controller.updateHover(kCanvas);
    CHECK(rig.controller.input().hovered() == Index{7 * 40 + 9});
    rig.controller.updateHover(kOverPanel);
    CHECK_FALSE(rig.controller.input().hovered());
    rig.controller.mouseMove(rig.screenOf(7, 0) - glm::dvec2(10.5, 0.0)); // left of the cloth
    rig.controller.updateHover(kCanvas);
    CHECK_FALSE(rig.controller.input().hovered());
    rig.press(MouseButton::Left, rig.screenOf(7, 9));
    rig.controller.updateHover(kCanvas);
    CHECK_FALSE(rig.controller.input().hovered());
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
                rig.camera().screenToWorld({800.0, 700.0}));
    rig.controller.touch({Kind::Begin, 2, {900.0, 700.0}}); // 100 px apart
    CHECK_FALSE(rig.simulation.grabbed());
    CHECK(std::holds_alternative<ReleaseCommand>(rig.commands.back()));
    rig.controller.touch({Kind::Update, 2, {1000.0, 700.0}}); // 200 px apart: zoom x2 about 900
    CHECK(rig.camera().zoom() == Approx(100.0));
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

TEST_CASE("a touchpad pinch zooms about its centre, losing the focus ends a finger's drag",
          "[controller][touch]")
{
    Rig rig;
    using Kind = TouchEvent::Kind;
    rig.controller.touch({Kind::PinchBegin, 0, {400.0, 400.0}});
    rig.controller.touch({Kind::PinchUpdate, 0, {400.0, 400.0}, 1.5});
    rig.controller.touch({Kind::PinchUpdate, 0, {400.0, 400.0}, 3.0});
    CHECK(rig.camera().zoom() == Approx(150.0));
    rig.controller.touch({Kind::PinchEnd, 0, {400.0, 400.0}});

    rig.tap(Key::Home);
    rig.controller.touch({Kind::Begin, 1, rig.screenOf(10, 10)});
    REQUIRE(rig.simulation.grabbed());
    rig.controller.focusLost();
    CHECK_FALSE(rig.simulation.grabbed());
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

TEST_CASE("Ctrl+drag cuts the constraints its line crosses, on release", "[controller][cut]")
{
    Rig rig;
    const std::size_t all = rig.simulation.liveConstraintCount();
    const Modifiers ctrl{false, true, false};
    // Between columns 19 and 20 (x 3.8 .. 4.0), from above the cloth to below it.
    const glm::dvec2 from = rig.camera().worldToScreen({3.9, 0.5});
    const glm::dvec2 to = rig.camera().worldToScreen({3.9, -6.5});
    rig.controller.mouseMove(from);
    rig.controller.mouseButton(MouseButton::Left, true, ctrl, kCanvas);
    rig.controller.mouseMove(0.5 * (from + to));
    REQUIRE(rig.controller.input().knife());
    CHECK(rig.simulation.liveConstraintCount() == all); // nothing cut while drawing
    rig.controller.mouseMove(to);
    rig.releaseButton(MouseButton::Left);
    CHECK_FALSE(rig.controller.input().knife());
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
    const double zoom = rig.camera().zoom();
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

TEST_CASE("a pointer that rested before the release throws nothing, keep-velocity mode is the "
          "page's release",
          "[controller][throw]")
{
    Rig rig;
    rig.press(MouseButton::Left, rig.screenOf(29, 20));
    rig.now += 0.01;
    rig.controller.mouseMove(rig.screenOf(29, 20) + glm::dvec2(30.0, 0.0));
    rig.controller.eventsPolled(); // the frame that handled the move
    for (int frame = 0; frame < 12; ++frame) { // held still for 12 frames of 16 ms
        rig.now += 0.016;
        rig.controller.eventsPolled();
    }
    rig.now += 0.016;
    rig.releaseButton(MouseButton::Left);
    CHECK(std::get<ReleaseCommand>(rig.commands.back()).velocity == glm::dvec2(0.0));

    Preferences keep = rig.controller.preferences();
    keep.onRelease = OnRelease::Keep;
    rig.controller.setPreferences(keep);
    rig.press(MouseButton::Left, rig.screenOf(29, 30));
    rig.now += 0.01;
    rig.controller.mouseMove(rig.screenOf(29, 30) + glm::dvec2(30.0, 0.0));
    rig.releaseButton(MouseButton::Left);
    CHECK_FALSE(std::get<ReleaseCommand>(rig.commands.back()).velocity);
}

TEST_CASE("a release handled after a slow frame still throws: a rest is judged by the polls "
          "that saw the pointer still",
          "[controller][throw]")
{
    Rig rig;
    const double zoom = rig.camera().zoom();
    rig.press(MouseButton::Left, rig.screenOf(29, 20));
    rig.controller.eventsPolled();
    glm::dvec2 p = rig.screenOf(29, 20);
    for (int i = 0; i < 4; ++i) { // 10 px (0.2 m) every 16 ms frame to the right
        rig.now += 0.016;
        p.x += 10.0;
        rig.controller.mouseMove(p);
        rig.controller.eventsPolled();
    }
    // The release comes in the next poll, but that frame took 200 ms (a busy machine): no
    // poll saw the pointer still, so it moved until it let go.
    rig.now += 0.2;
    rig.releaseButton(MouseButton::Left);
    const auto thrown = std::get<ReleaseCommand>(rig.commands.back());
    REQUIRE(thrown.velocity);
    // From the press (the sample before the last 50 ms of motion) to the last move.
    CHECK(thrown.velocity->x == Approx(40.0 / zoom / 0.064));
    CHECK(thrown.velocity->y == Approx(0.0).margin(1e-9));

    // The same motion with one quiet poll 60 ms after the last move: a rest of the window.
    rig.press(MouseButton::Left, rig.screenOf(29, 30));
    rig.controller.eventsPolled();
    p = rig.screenOf(29, 30);
    for (int i = 0; i < 4; ++i) {
        rig.now += 0.016;
        p.x += 10.0;
        rig.controller.mouseMove(p);
        rig.controller.eventsPolled();
    }
    rig.now += 0.06;
    rig.controller.eventsPolled();
    rig.now += 0.2;
    rig.releaseButton(MouseButton::Left);
    CHECK(std::get<ReleaseCommand>(rig.commands.back()).velocity == glm::dvec2(0.0));
}

TEST_CASE("keys map to actions: Ctrl+Q and F12 even while typing, repeats only where they "
          "should",
          "[controller][input]")
{
    const PanelFocus typing{false, true};
    const Modifiers ctrl{false, true, false};
    CHECK(keyAction(Key::Q, false, ctrl, typing) == KeyAction::Quit);
    CHECK(keyAction(Key::Q, true, ctrl, {}) == KeyAction::None);
    CHECK(keyAction(Key::R, false, ctrl, {}) == KeyAction::None); // Ctrl+R is RunFiles'
    CHECK(keyAction(Key::F12, false, {}, typing) == KeyAction::Screenshot);
    CHECK(keyAction(Key::F12, true, {}, {}) == KeyAction::None);
    CHECK(keyAction(Key::Space, false, {}, typing) == KeyAction::None);
    CHECK(keyAction(Key::Space, false, {}, {}) == KeyAction::TogglePause);
    CHECK(keyAction(Key::Space, true, {}, {}) == KeyAction::None);
    CHECK(keyAction(Key::R, false, {}, {}) == KeyAction::Restart);
    CHECK(keyAction(Key::R, true, {}, {}) == KeyAction::None);
    CHECK(keyAction(Key::S, true, {}, {}) == KeyAction::SingleStep); // S repeats
    CHECK(keyAction(Key::Home, true, {}, {}) == KeyAction::ResetView);
    CHECK(keyAction(Key::F, true, {}, {}) == KeyAction::FitView);
    CHECK(keyAction(Key::F1, false, {}, {}) == KeyAction::ToggleHelp);
    CHECK(keyAction(Key::F1, true, {}, {}) == KeyAction::None);
    CHECK(keyAction(Key::Escape, true, {}, {}) == KeyAction::Cancel);
    CHECK(keyAction(Key::Q, false, {}, {}) == KeyAction::None);
    CHECK(keyAction(Key::O, false, {}, {}) == KeyAction::None);
    CHECK(keyAction(Key::Other, false, {}, {}) == KeyAction::None);
}

TEST_CASE("the input part alone: a drag issues grab, moves and a throw through its command "
          "path, a rebuilt cloth ends the drag",
          "[controller][input]")
{
    Simulation simulation(restingCloth());
    CanvasView view;
    view.resize({1400.0, 960.0}, 1.0, 1.0);
    Preferences preferences;
    double now = 0.0;
    std::vector<Command> issued;
    Input input(view, simulation, preferences, [&now] { return now; },
                [&](const Command& c) -> std::optional<CommandError> {
                    issued.push_back(c);
                    return pbd::apply(simulation, c);
                });
    const glm::dvec2 at = view.camera().worldToScreen({0.2 * 5, -0.2 * 29});
    input.mouseMove(at);
    input.mouseButton(MouseButton::Left, true, {}, {});
    REQUIRE(simulation.grabbed() == Index{29 * 40 + 5});
    now += 0.01;
    input.mouseMove(at + glm::dvec2(10.0, 0.0));
    input.mouseButton(MouseButton::Left, false, {}, {});
    REQUIRE(issued.size() == 3);
    CHECK(std::holds_alternative<GrabCommand>(issued[0]));
    CHECK(std::holds_alternative<MoveCommand>(issued[1]));
    const auto release = std::get<ReleaseCommand>(issued[2]);
    REQUIRE(release.velocity);
    CHECK(release.velocity->x == Approx(10.0 / view.camera().zoom() / 0.01));

    input.mouseMove(at + glm::dvec2(10.0, 0.0)); // where the released particle stays
    input.mouseButton(MouseButton::Left, true, {}, {});
    REQUIRE(simulation.grabbed());
    REQUIRE_FALSE(pbd::apply(simulation, RestartCommand{})); // as the controller's restart
    input.clothRebuilt();
    input.mouseMove(at + glm::dvec2(50.0, 0.0));
    input.mouseButton(MouseButton::Left, false, {}, {});
    CHECK(issued.size() == 4); // the grab; no move and no release after the rebuild

    input.mouseMove(at); // the restarted cloth is at rest again
    input.updateHover({});
    CHECK(input.hovered() == Index{29 * 40 + 5});
}
