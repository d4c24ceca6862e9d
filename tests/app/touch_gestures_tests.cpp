#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "logic/touch_gestures.h"

using pbd::app::GestureEvent;
using pbd::app::TouchGestures;
using Kind = GestureEvent::Kind;
using Events = std::vector<GestureEvent>;

namespace {

/// Checks that `events` is exactly one event of `kind` at `point`.
void requireSingle(const Events& events, Kind kind, glm::dvec2 point)
{
    REQUIRE(events.size() == 1);
    CHECK(events[0].kind == kind);
    CHECK(events[0].point.x == Approx(point.x));
    CHECK(events[0].point.y == Approx(point.y));
}

/// Appends `more` to `all`.
void collect(Events& all, const Events& more)
{
    all.insert(all.end(), more.begin(), more.end());
}

} // namespace

TEST_CASE("one finger drags like the mouse: press, moves, release", "[touch]")
{
    TouchGestures touch;
    requireSingle(touch.touchDown(1, {10.0, 20.0}), Kind::PointerDown, {10.0, 20.0});
    CHECK(touch.activeTouches() == 1);
    requireSingle(touch.touchMove(1, {15.0, 25.0}), Kind::PointerMove, {15.0, 25.0});
    requireSingle(touch.touchMove(1, {40.0, -5.0}), Kind::PointerMove, {40.0, -5.0});
    requireSingle(touch.touchUp(1, {41.0, -6.0}), Kind::PointerUp, {41.0, -6.0});
    CHECK(touch.activeTouches() == 0);
}

TEST_CASE("a second finger releases the drag and the two fingers then only pinch", "[touch]")
{
    TouchGestures touch;
    touch.touchDown(1, {100.0, 100.0});
    touch.touchMove(1, {110.0, 100.0});
    // The drag ends where its finger is.
    requireSingle(touch.touchDown(2, {210.0, 100.0}), Kind::PointerUp, {110.0, 100.0});
    CHECK(touch.activeTouches() == 2);
    // Finger distance 100 -> 150: a zoom, no pointer move.
    requireSingle(touch.touchMove(1, {60.0, 100.0}), Kind::Zoom, {135.0, 100.0});
    CHECK(touch.touchMove(1, {60.0, 100.0}).empty()); // same distance: nothing to zoom
    // Lifting either finger sends no second release.
    CHECK(touch.touchUp(2, {210.0, 100.0}).empty());
    CHECK(touch.touchUp(1, {60.0, 100.0}).empty());
    CHECK(touch.activeTouches() == 0);
}

TEST_CASE("fingers moving apart from 100 to 200 pixels zoom by 2 about their centre",
          "[touch]")
{
    TouchGestures touch;
    touch.touchDown(1, {450.0, 300.0});
    touch.touchDown(2, {550.0, 300.0});
    Events zooms;
    // Each finger moves out 5 px at a time, alternately: distances 105, 110, ..., 200.
    for (int k = 1; k <= 10; ++k) {
        collect(zooms, touch.touchMove(1, {450.0 - 5.0 * k, 300.0}));
        collect(zooms, touch.touchMove(2, {550.0 + 5.0 * k, 300.0}));
    }
    REQUIRE(zooms.size() == 20);
    // First move: distance 100 -> 105 about the midpoint of (445, 300) and (550, 300).
    CHECK(zooms[0].factor == Approx(1.05));
    CHECK(zooms[0].point == glm::dvec2(497.5, 300.0));
    double product = 1.0;
    for (std::size_t i = 0; i < zooms.size(); ++i) {
        CHECK(zooms[i].kind == Kind::Zoom);
        CHECK(zooms[i].factor > 1.0);
        product *= zooms[i].factor;
        // After both fingers have moved the same amount the centre is back at (500, 300).
        if (i % 2 == 1)
            CHECK(zooms[i].point == glm::dvec2(500.0, 300.0));
    }
    CHECK(product == Approx(2.0));
}

TEST_CASE("fingers moving together from 200 to 50 pixels zoom by a quarter", "[touch]")
{
    TouchGestures touch;
    touch.touchDown(3, {0.0, 0.0});
    touch.touchDown(4, {0.0, 200.0});
    Events zooms;
    for (int k = 1; k <= 15; ++k)
        collect(zooms, touch.touchMove(4, {0.0, 200.0 - 10.0 * k}));
    REQUIRE(zooms.size() == 15);
    double product = 1.0;
    for (const GestureEvent& zoom : zooms)
        product *= zoom.factor;
    CHECK(product == Approx(0.25));
    CHECK(zooms.back().point == glm::dvec2(0.0, 25.0));
}

TEST_CASE("a diagonal pinch reports the distance ratio and the midpoint", "[touch]")
{
    TouchGestures touch;
    touch.touchDown(1, {0.0, 0.0});
    touch.touchDown(2, {30.0, 40.0}); // distance 50
    const Events events = touch.touchMove(2, {60.0, 80.0}); // distance 100
    REQUIRE(events.size() == 1);
    CHECK(events[0].kind == Kind::Zoom);
    CHECK(events[0].factor == Approx(2.0));
    CHECK(events[0].point == glm::dvec2(30.0, 40.0));
}

TEST_CASE("a third finger is ignored and the pinch keeps using the first two", "[touch]")
{
    TouchGestures touch;
    touch.touchDown(1, {0.0, 0.0});
    touch.touchDown(2, {100.0, 0.0});
    CHECK(touch.touchDown(3, {1000.0, 0.0}).empty());
    CHECK(touch.activeTouches() == 3);
    CHECK(touch.touchMove(3, {2000.0, 500.0}).empty());
    const Events events = touch.touchMove(2, {200.0, 0.0});
    REQUIRE(events.size() == 1);
    CHECK(events[0].factor == Approx(2.0));
    CHECK(events[0].point == glm::dvec2(100.0, 0.0));
    CHECK(touch.touchUp(3, {2000.0, 500.0}).empty());
}

TEST_CASE("when a pinch finger lifts, the next finger takes over without a jump", "[touch]")
{
    TouchGestures touch;
    touch.touchDown(1, {0.0, 0.0});
    touch.touchDown(2, {100.0, 0.0});
    touch.touchDown(3, {0.0, 300.0});
    CHECK(touch.touchUp(2, {100.0, 0.0}).empty());
    // The pinch is now fingers 1 and 3, 300 px apart.
    const Events events = touch.touchMove(3, {0.0, 600.0});
    REQUIRE(events.size() == 1);
    CHECK(events[0].factor == Approx(2.0));
    CHECK(events[0].point == glm::dvec2(0.0, 300.0));
}

TEST_CASE("going back from two fingers to one does not start a drag", "[touch]")
{
    TouchGestures touch;
    touch.touchDown(1, {10.0, 10.0});
    touch.touchDown(2, {50.0, 10.0});
    CHECK(touch.touchUp(2, {50.0, 10.0}).empty());
    CHECK(touch.touchMove(1, {20.0, 20.0}).empty());
    CHECK(touch.touchMove(1, {30.0, 30.0}).empty());
    CHECK(touch.touchUp(1, {30.0, 30.0}).empty());
    // A finger that goes down alone drags again.
    requireSingle(touch.touchDown(5, {7.0, 8.0}), Kind::PointerDown, {7.0, 8.0});
    requireSingle(touch.touchMove(5, {9.0, 8.0}), Kind::PointerMove, {9.0, 8.0});
}

TEST_CASE("moves and lifts of unknown touch ids are ignored", "[touch]")
{
    TouchGestures touch;
    CHECK(touch.touchMove(7, {1.0, 1.0}).empty());
    CHECK(touch.touchUp(7, {1.0, 1.0}).empty());
    touch.touchDown(1, {5.0, 5.0});
    CHECK(touch.touchMove(8, {1.0, 1.0}).empty());
    CHECK(touch.touchUp(8, {1.0, 1.0}).empty());
    CHECK(touch.activeTouches() == 1);
    requireSingle(touch.touchMove(1, {6.0, 5.0}), Kind::PointerMove, {6.0, 5.0});
}

TEST_CASE("a pinch from or to coinciding fingers never zooms by 0 or infinity", "[touch]")
{
    TouchGestures touch;
    touch.touchDown(1, {50.0, 50.0});
    touch.touchDown(2, {50.0, 50.0});             // distance 0
    CHECK(touch.touchMove(2, {150.0, 50.0}).empty()); // from 0: skipped
    const Events zoom = touch.touchMove(2, {250.0, 50.0}); // 100 -> 200
    REQUIRE(zoom.size() == 1);
    CHECK(zoom[0].factor == Approx(2.0));
    CHECK(touch.touchMove(2, {50.0, 50.0}).empty());  // to 0: skipped
    CHECK(touch.touchMove(1, {50.0, 50.0}).empty());  // still 0
    const Events again = touch.touchMove(1, {0.0, 50.0}); // from 0 again: skipped
    CHECK(again.empty());
    const Events last = touch.touchMove(1, {-50.0, 50.0}); // 50 -> 100
    REQUIRE(last.size() == 1);
    CHECK(last[0].factor == Approx(2.0));
    CHECK(std::isfinite(last[0].factor));
}

TEST_CASE("reset forgets every finger, and a new touch drags again", "[touch]")
{
    TouchGestures touch;
    touch.touchDown(1, {0.0, 0.0});
    touch.touchDown(2, {10.0, 0.0});
    touch.reset();
    CHECK(touch.activeTouches() == 0);
    CHECK(touch.touchMove(2, {30.0, 0.0}).empty());
    requireSingle(touch.touchDown(2, {3.0, 4.0}), Kind::PointerDown, {3.0, 4.0});
}

TEST_CASE("a repeated press of a finger already down counts as a move", "[touch]")
{
    TouchGestures touch;
    touch.touchDown(1, {0.0, 0.0});
    requireSingle(touch.touchDown(1, {4.0, 3.0}), Kind::PointerMove, {4.0, 3.0});
    CHECK(touch.activeTouches() == 1);
}
