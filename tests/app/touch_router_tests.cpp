#include <catch2/catch.hpp>

#include <vector>

#include "logic/touch_router.h"

using pbd::app::TouchAction;
using pbd::app::TouchEvent;
using pbd::app::TouchRouter;
using Action = TouchAction::Kind;
using Event = TouchEvent::Kind;
using Actions = std::vector<TouchAction>;

namespace {

// A 1600 x 1000 window: the canvas is the left 1200 pixels, the panel the rest.
const glm::dvec2 kTouchCanvas{1200.0, 1000.0};
const glm::dvec2 kOnPanel{1300.0, 80.0};

TouchEvent finger(Event kind, int id, glm::dvec2 point)
{
    return {kind, id, point, 1.0};
}

TouchEvent pinch(Event kind, glm::dvec2 point, double scale)
{
    return {kind, 0, point, scale};
}

/// Checks that `actions` is exactly one action of `kind` at `point`.
void requireSingle(const Actions& actions, Action kind, glm::dvec2 point)
{
    REQUIRE(actions.size() == 1);
    CHECK(actions[0].kind == kind);
    CHECK(actions[0].point == point);
}

/// Checks that `actions` is exactly one action of `kind` (wherever).
void requireSingle(const Actions& actions, Action kind)
{
    REQUIRE(actions.size() == 1);
    CHECK(actions[0].kind == kind);
}

} // namespace

TEST_CASE("a lone finger on the panel taps it like a click and never touches the cloth",
          "[touch]")
{
    TouchRouter router;
    requireSingle(router.route(finger(Event::Begin, 1, kOnPanel), kTouchCanvas), Action::PanelPress,
                  kOnPanel);
    // Moving it, even onto the canvas, neither drags nor presses again.
    CHECK(router.route(finger(Event::Update, 1, {600.0, 500.0}), kTouchCanvas).empty());
    requireSingle(router.route(finger(Event::End, 1, {600.0, 500.0}), kTouchCanvas),
                  Action::PanelRelease, {600.0, 500.0});
    // The next finger on the canvas drags as usual.
    requireSingle(router.route(finger(Event::Begin, 2, {100.0, 100.0}), kTouchCanvas),
                  Action::PointerDown, {100.0, 100.0});
}

TEST_CASE("a finger on the canvas drags like the left button, even over the panel", "[touch]")
{
    TouchRouter router;
    requireSingle(router.route(finger(Event::Begin, 4, {300.0, 200.0}), kTouchCanvas),
                  Action::PointerDown, {300.0, 200.0});
    requireSingle(router.route(finger(Event::Update, 4, {350.0, 260.0}), kTouchCanvas),
                  Action::PointerMove, {350.0, 260.0});
    requireSingle(router.route(finger(Event::Update, 4, kOnPanel), kTouchCanvas), Action::PointerMove,
                  kOnPanel);
    requireSingle(router.route(finger(Event::End, 4, kOnPanel), kTouchCanvas), Action::PointerUp,
                  kOnPanel);
    // Lifted: further events of that id do nothing.
    CHECK(router.route(finger(Event::Update, 4, {10.0, 10.0}), kTouchCanvas).empty());
    CHECK(router.route(finger(Event::End, 4, {10.0, 10.0}), kTouchCanvas).empty());
}

TEST_CASE("a second finger ends the drag and pinch-zooms about the fingers' centre", "[touch]")
{
    TouchRouter router;
    router.route(finger(Event::Begin, 1, {100.0, 100.0}), kTouchCanvas);
    requireSingle(router.route(finger(Event::Begin, 2, {300.0, 100.0}), kTouchCanvas),
                  Action::PointerUp);
    // Finger 2 moves away: the distance goes from 200 to 400 px, the centre to (250, 100).
    const Actions zoom = router.route(finger(Event::Update, 2, {500.0, 100.0}), kTouchCanvas);
    REQUIRE(zoom.size() == 1);
    CHECK(zoom[0].kind == Action::Zoom);
    CHECK(zoom[0].factor == Approx(2.0));
    CHECK(zoom[0].point == glm::dvec2(300.0, 100.0));
    // Back to one finger: no drag resumes, and lifting it releases nothing.
    CHECK(router.route(finger(Event::End, 2, {500.0, 100.0}), kTouchCanvas).empty());
    CHECK(router.route(finger(Event::Update, 1, {150.0, 150.0}), kTouchCanvas).empty());
    CHECK(router.route(finger(Event::End, 1, {150.0, 150.0}), kTouchCanvas).empty());
}

TEST_CASE("a finger coming down beside another is never a panel tap", "[touch]")
{
    TouchRouter router;
    router.route(finger(Event::Begin, 1, {100.0, 100.0}), kTouchCanvas);
    // Off the canvas, but a finger is already down: it joins the pinch (and ends the drag).
    requireSingle(router.route(finger(Event::Begin, 2, kOnPanel), kTouchCanvas), Action::PointerUp);
    CHECK(router.route(finger(Event::End, 2, kOnPanel), kTouchCanvas).empty());
}

TEST_CASE("a touchpad pinch zooms by the ratio of its scales, over the canvas only", "[touch]")
{
    TouchRouter router;
    const glm::dvec2 at{400.0, 300.0};
    CHECK(router.route(pinch(Event::PinchBegin, at, 1.0), kTouchCanvas).empty());
    Actions a = router.route(pinch(Event::PinchUpdate, at, 1.5), kTouchCanvas);
    REQUIRE(a.size() == 1);
    CHECK(a[0].kind == Action::Zoom);
    CHECK(a[0].point == at);
    CHECK(a[0].factor == Approx(1.5));
    a = router.route(pinch(Event::PinchUpdate, at, 3.0), kTouchCanvas);
    REQUIRE(a.size() == 1);
    CHECK(a[0].factor == Approx(2.0)); // relative to the last update
    // Over the panel: no zoom, but the next update is relative to this one.
    CHECK(router.route(pinch(Event::PinchUpdate, kOnPanel, 6.0), kTouchCanvas).empty());
    a = router.route(pinch(Event::PinchUpdate, at, 3.0), kTouchCanvas);
    REQUIRE(a.size() == 1);
    CHECK(a[0].factor == Approx(0.5));
    // Non-positive scales are ignored.
    CHECK(router.route(pinch(Event::PinchUpdate, at, 0.0), kTouchCanvas).empty());
    CHECK(router.route(pinch(Event::PinchUpdate, at, -2.0), kTouchCanvas).empty());
    a = router.route(pinch(Event::PinchUpdate, at, 6.0), kTouchCanvas);
    REQUIRE(a.size() == 1);
    CHECK(a[0].factor == Approx(2.0));
    // A new pinch starts from scale 1.
    CHECK(router.route(pinch(Event::PinchEnd, at, 6.0), kTouchCanvas).empty());
    CHECK(router.route(pinch(Event::PinchBegin, at, 1.0), kTouchCanvas).empty());
    a = router.route(pinch(Event::PinchUpdate, at, 1.25), kTouchCanvas);
    REQUIRE(a.size() == 1);
    CHECK(a[0].factor == Approx(1.25));
}

TEST_CASE("losing focus ends a touch drag and forgets the fingers", "[touch]")
{
    TouchRouter router;
    CHECK(router.reset().empty()); // nothing in flight
    router.route(finger(Event::Begin, 1, {100.0, 100.0}), kTouchCanvas);
    const Actions released = router.reset();
    REQUIRE(released.size() == 1);
    CHECK(released[0].kind == Action::PointerUp);
    // The forgotten finger's later events do nothing; a panel finger is forgotten too.
    CHECK(router.route(finger(Event::End, 1, {100.0, 100.0}), kTouchCanvas).empty());
    router.route(finger(Event::Begin, 2, kOnPanel), kTouchCanvas);
    CHECK(router.reset().empty());
    CHECK(router.route(finger(Event::End, 2, kOnPanel), kTouchCanvas).empty());
    // A new finger on the panel is a tap again.
    requireSingle(router.route(finger(Event::Begin, 3, kOnPanel), kTouchCanvas), Action::PanelPress,
                  kOnPanel);
}

TEST_CASE("a finger that comes down off the canvas during a panel tap drags nothing",
          "[touch]")
{
    TouchRouter router;
    router.route(finger(Event::Begin, 1, kOnPanel), kTouchCanvas);
    // Not a second panel tap (one at a time), and not on the canvas: no drag starts.
    CHECK(router.route(finger(Event::Begin, 2, {1400.0, 500.0}), kTouchCanvas).empty());
    CHECK(router.route(finger(Event::Update, 2, {600.0, 500.0}), kTouchCanvas).empty());
    CHECK(router.route(finger(Event::End, 2, {600.0, 500.0}), kTouchCanvas).empty());
    requireSingle(router.route(finger(Event::End, 1, kOnPanel), kTouchCanvas), Action::PanelRelease,
                  kOnPanel);
}
