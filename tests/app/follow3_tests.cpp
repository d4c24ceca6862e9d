// The 3D view keeps a moving cloth in view as the 2D one does: Follow pans the least that
// brings the cloth's box inside the canvas, F follows a falling cloth until it rests, the
// user's camera takes over, and a cloth wholly outside the canvas is noticed (the lost-cloth
// hint). Also the least pan both views share.
#include <catch2/catch.hpp>

#include <glm/geometric.hpp>

#include "fake_measure.h"
#include "logic/session3.h"
#include "logic/view_follow.h"

using namespace pbd;
using namespace pbd::app;

namespace {

/// A paused 10 x 10 3D cloth on a 1000 x 800 canvas, framed; a clock the test moves.
struct FollowRig {
    double now = 100.0;
    Session3 session;
    FollowRig() : session(settings(), [this] { return now; })
    {
        session.setPaused(true);
        session.resize({0.0, 0.0}, {1000.0, 800.0});
    }
    static Settings settings()
    {
        Settings s = Simulation3::defaultSettings();
        s.width = 10;
        s.height = 10;
        s.fixedCount = 1;
        return s;
    }
    /// Moves the whole cloth by `offset` m (a state restored, as a load would).
    void shift(glm::dvec3 offset)
    {
        SimulationState3 state = session.simulation().state();
        for (glm::dvec3& p : state.position)
            p += offset;
        REQUIRE_FALSE(session.simulation().restore(state));
    }
    bool shown(double margin = 0.0) const
    {
        const Box3 box = session.clothBox();
        return session.camera().shows(box.min, box.max, margin);
    }
};

} // namespace

TEST_CASE("the least pan brings a screen rectangle inside the canvas's margins, or nothing",
          "[view][follow]")
{
    const glm::dvec2 canvas{1000.0, 800.0};
    CHECK(leastPan({100.0, 100.0}, {200.0, 200.0}, canvas, 20.0) == glm::dvec2(0.0));
    CHECK(leastPan({-50.0, 100.0}, {200.0, 200.0}, canvas, 20.0) == glm::dvec2(70.0, 0.0));
    CHECK(leastPan({900.0, 700.0}, {1100.0, 790.0}, canvas, 20.0) == glm::dvec2(-120.0, -10.0));
}

TEST_CASE("Follow in 3D pans a cloth that left the view back inside it, at its distance",
          "[3d][session][follow]")
{
    FollowRig rig;
    rig.session.key(Key::Home, false, {}, {}); // the start's view, no following
    const double distance = rig.session.camera().distance();
    rig.shift({4.0, -3.0, 1.0});
    rig.session.advance();
    CHECK_FALSE(rig.shown());
    CHECK(rig.session.clothOutOfView()); // the lost-cloth hint's cue
    PanelActions follow;
    follow.follow = true;
    rig.session.panel(follow);
    for (int frame = 0; frame < 5; ++frame) // a pan is exact at the box centre's depth
        rig.session.advance();
    CHECK(rig.shown(Session3::kFitMarginPixels - 1.0));
    CHECK(rig.session.camera().distance() == Approx(distance)); // panned, not fitted
    CHECK_FALSE(rig.session.clothOutOfView());
}

TEST_CASE("F in 3D follows a falling cloth until the user turns the camera",
          "[3d][session][follow]")
{
    FollowRig rig;
    PanelActions unpin;
    unpin.unpinAll = true;
    rig.session.panel(unpin);
    CHECK_FALSE(rig.session.followingUntilRest()); // a plain cloth's first fit stays put
    rig.session.key(Key::F, false, {}, {});
    CHECK(rig.session.followingUntilRest());
    rig.session.setPaused(false);
    double fallen = 0.0;
    for (int frame = 0; frame < 120 && fallen < 5.0; ++frame) { // 2 s at 8 steps a frame
        rig.now += 1.0 / 60.0;
        rig.session.advance();
        fallen = -rig.session.clothBox().max.y;
        REQUIRE(rig.shown());
    }
    CHECK(fallen > 2.0); // it fell well out of the first fit (2 m tall): the view went along
    // A right-drag (orbit) takes the view: no following until rest now.
    rig.session.mouseMove({500.0, 400.0});
    rig.session.mouseButton(MouseButton::Right, true, {}, {});
    rig.session.mouseMove({520.0, 400.0});
    rig.session.mouseButton(MouseButton::Right, false, {}, {});
    CHECK_FALSE(rig.session.followingUntilRest());
}

TEST_CASE("where a measurer measures the 3D cloth, Follow and the lost-cloth cue use its "
          "answers, not the positions", "[3d][session][follow]")
{
    FollowRig rig;
    rig.session.key(Key::Home, false, {}, {}); // the start's view, no following
    // The measurer's box lies 30 m to the right of the cloth; none on its first call.
    const Box3 far{{30.0, -1.0, -0.5}, {32.0, 1.0, 0.5}};
    testing::FakeMeasure<Box3> measure{far};
    rig.session.setClothMeasure(measure.measurer());
    rig.session.advance(); // no answer yet: nothing is out of view, nothing moves
    CHECK_FALSE(measure.following);
    CHECK_FALSE(rig.session.clothOutOfView());
    rig.session.advance(); // the answer: the box is off the canvas, the cloth is not
    CHECK(rig.shown());
    CHECK(rig.session.clothOutOfView());
    PanelActions follow;
    follow.follow = true;
    rig.session.panel(follow); // at once, to the latest answer
    CHECK(rig.session.camera().shows(far.min, far.max, Session3::kFitMarginPixels - 1.0));
    rig.session.advance();
    CHECK(measure.following);
    CHECK_FALSE(rig.session.clothOutOfView());
    CHECK_FALSE(rig.shown()); // the positions were never read: the cloth is left behind
}
