// The view that never loses the cloth (issue 22, item 3): the cloth's bulk, the fit at start,
// the refit on a resize until the user zooms or pans, F on a fallen cloth, and follow.

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <vector>

#include "controller_rig.h"
#include "fake_measure.h"
#include "logic/cloth_bulk.h"

using namespace pbd;
using namespace pbd::app;
using namespace pbd::app::testing;

namespace {

/// The page's grid of `width` x `height` particles 0.2 m apart, shifted by `offset` (m).
std::vector<glm::dvec2> grid(int width, int height, glm::dvec2 offset = glm::dvec2(0.0))
{
    std::vector<glm::dvec2> p;
    for (int i = 0; i < height; ++i)
        for (int j = 0; j < width; ++j)
            p.push_back(offset + glm::dvec2(0.2 * j, -0.2 * i));
    return p;
}

/// The canvas of the rig's 1400 x 960 window.
constexpr glm::dvec2 kCanvas1400{1050.0, 960.0};

/// Every particle of `positions` is drawn inside `canvas`, `margin` px clear of its edges.
bool allShown(const Camera& camera, const std::vector<glm::dvec2>& positions, glm::dvec2 canvas,
              double margin)
{
    const WorldRect box = boundsOf(positions);
    return camera.shows(box.min, box.max, canvas, margin - 1e-9);
}

} // namespace

TEST_CASE("the bulk of a cloth in one piece is its bounding box, its pins included",
          "[view][bulk]")
{
    // The top row sags below its two pinned corners: the corners stay in the frame.
    std::vector<glm::dvec2> cloth = grid(300, 300);
    for (int j = 1; j < 299; ++j)
        cloth[j].y -= 0.01;
    const WorldRect box = clothBulk(cloth);
    CHECK(box.min == glm::dvec2(0.0, -0.2 * 299));
    CHECK(box.max == glm::dvec2(0.2 * 299, 0.0));
    // A long thin strip, one row: the reach still takes its whole length.
    const WorldRect strip = clothBulk(grid(200, 1));
    CHECK(strip.min == glm::dvec2(0.0, 0.0));
    CHECK(strip.max == glm::dvec2(0.2 * 199, 0.0));
}

TEST_CASE("the bulk leaves out pins left behind and a few particles thrown far away",
          "[view][bulk]")
{
    // A 40 x 30 cloth fallen 3600 m, two pins where it hung, and 20 torn-off particles
    // (1.6%) 500 m to the side.
    std::vector<glm::dvec2> p = grid(40, 30, {0.0, -3600.0});
    const std::size_t cloth = p.size();
    p.push_back({0.0, 0.0});
    p.push_back({7.8, 0.0});
    for (int k = 0; k < 20; ++k)
        p.push_back({500.0 + 0.1 * k, -3000.0});
    CHECK(p.size() - cloth == 22);
    const WorldRect box = clothBulk(p);
    CHECK(box.min == glm::dvec2(0.0, -3600.0 - 5.8));
    CHECK(box.max.x == Approx(7.8));
    CHECK(box.max.y == -3600.0);
}

TEST_CASE("a few particles are framed by their bounding box, nothing finite gives an empty "
          "bulk",
          "[view][bulk]")
{
    const std::vector<glm::dvec2> few{{0.0, 0.0}, {1000.0, 0.0}, {0.0, -3.0}};
    CHECK(clothBulk(few).max.x == 1000.0); // under kBulkMinParticles: nothing left out
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const std::vector<glm::dvec2> none{{nan, 0.0}, {0.0, std::numeric_limits<double>::infinity()}};
    const WorldRect empty = clothBulk(none);
    CHECK_FALSE(empty.min.x <= empty.max.x);
}

TEST_CASE("at start the page's 40 x 30 cloth keeps the page's view, a cloth that does not "
          "fit it is fitted",
          "[view][start]")
{
    Rig page;
    CHECK(page.camera().zoom() == 50.0);
    CHECK(page.camera().origin() == glm::dvec2(525.0, 280.0));
    CHECK(page.controller.view().mode() == ViewMode::Page);

    for (int n : {100, 300}) {
        Rig big(restingCloth(n, n));
        CHECK(big.camera().zoom() < 50.0);
        CHECK(allShown(big.camera(), grid(n, n), kCanvas1400, 20.0));
        // Fitted, not merely inside: the height fills the canvas less two margins.
        CHECK(big.camera().zoom() == Approx(920.0 / (0.2 * (n - 1))));
    }
}

TEST_CASE("at 192 dpi the page's cloth keeps the page's view though its right part runs past "
          "the canvas, a larger one does not",
          "[view][start]")
{
    Rig page(restingCloth(), 2.0);
    CHECK(page.camera().zoom() == 100.0);
    CHECK(page.camera().origin() == glm::dvec2(525.0, 80.0));
    Rig larger(restingCloth(41, 30), 2.0);
    CHECK(larger.camera().zoom() == Approx(970.0 / 8.0)); // fitted: 8 m into 1050 - 80 px
    CHECK(allShown(larger.camera(), grid(41, 30), kCanvas1400, 40.0));
}

TEST_CASE("a resize refits the cloth until the user zooms or pans, F and Home choose the rule "
          "again",
          "[view][resize]")
{
    Rig rig(restingCloth(300, 300));
    const std::vector<glm::dvec2> cloth = grid(300, 300);
    rig.controller.resize({600.0, 400.0}, 1.0, 1.0); // canvas 340 x 400 (the panel's 260)
    const glm::dvec2 small = rig.controller.view().layout().canvasSize();
    CHECK(allShown(rig.camera(), cloth, small, 20.0));
    CHECK(rig.camera().zoom() == Approx((small.x - 40.0) / 59.8));

    // The user pans: a resize keeps the world point at the canvas's centre, no refit.
    rig.press(MouseButton::Right, {100.0, 100.0});
    rig.controller.mouseMove({150.0, 100.0});
    rig.releaseButton(MouseButton::Right);
    CHECK(rig.controller.view().mode() == ViewMode::User);
    const double zoom = rig.camera().zoom();
    rig.controller.resize({1400.0, 960.0}, 1.0, 1.0);
    CHECK(rig.camera().zoom() == zoom); // not refitted to the larger canvas
    CHECK(zoom < 0.5 * (920.0 / 59.8));

    rig.tap(Key::F); // fitted again, and refitted on the next resize
    rig.controller.resize({1000.0, 700.0}, 1.0, 1.0);
    const glm::dvec2 canvas = rig.controller.view().layout().canvasSize();
    CHECK(rig.camera().zoom() == Approx((std::min(canvas.x, canvas.y) - 40.0) / 59.8));

    // The page's cloth: Home, a pan, Home again; a resize keeps the page's view.
    Rig page;
    page.controller.resize({1200.0, 800.0}, 1.0, 1.0); // canvas 900 x 800: the cloth fits
    CHECK(page.camera().zoom() == 50.0);
    const glm::dvec2 c = page.controller.view().layout().canvasSize();
    CHECK(page.camera().origin() == glm::dvec2(c.x / 2.0, c.y / 2.0 - 200.0));
    page.controller.scroll(2.0, kCanvas); // no cursor yet: the wheel does nothing
    page.controller.mouseMove({100.0, 100.0});
    page.controller.scroll(2.0, kCanvas);
    CHECK(page.controller.view().mode() == ViewMode::User);
    page.tap(Key::Home);
    CHECK(page.controller.view().mode() == ViewMode::Page);
    // A window too small for the page's view of the cloth fits it, and a larger one brings
    // the page's view back.
    page.controller.resize({600.0, 500.0}, 1.0, 1.0); // canvas 340: centre 170 + 195 > 340
    CHECK(page.camera().zoom() == Approx(300.0 / 7.8));
    page.controller.resize({1400.0, 960.0}, 1.0, 1.0);
    CHECK(page.camera().zoom() == 50.0);
    CHECK(page.camera().origin() == glm::dvec2(525.0, 280.0));
}

TEST_CASE("F after a fall frames the cloth, not the pins left 3600 m above it", "[view][fit]")
{
    CanvasView view;
    view.resize({1400.0, 960.0}, 1.0, 1.0);
    std::vector<glm::dvec2> p = grid(40, 30, {0.0, -3600.0});
    p.push_back({0.0, 0.0});
    p.push_back({7.8, 0.0});
    REQUIRE(view.fit(p));
    CHECK(view.camera().zoom() == Approx(1010.0 / 7.8)); // the cloth's width fills the canvas
    CHECK(allShown(view.camera(), grid(40, 30, {0.0, -3600.0}), kCanvas1400, 20.0));
    // The bounding box of everything: 3605.8 m in 920 px, clamped to 1 px per metre.
    view.camera().fit({0.0, -3605.8}, {7.8, 0.0}, kCanvas1400, 20.0);
    CHECK(view.camera().zoom() == Camera::kMinZoom);
}

TEST_CASE("follow pans the least that keeps the bulk inside, keeping the zoom, too large, it "
          "fits",
          "[view][follow]")
{
    CanvasView view;
    view.resize({1400.0, 960.0}, 1.0, 1.0); // the page's view: 50 px/m, origin (525, 280)
    const std::vector<glm::dvec2> home = grid(40, 30);
    CHECK_FALSE(view.follow(home)); // inside: nothing moves
    // 10 m lower: the bottom edge at 280 + 50 * 15.8 = 1070 px, 130 px below the margin.
    const std::vector<glm::dvec2> lower = grid(40, 30, {0.0, -10.0});
    CHECK(view.follow(lower));
    CHECK(view.camera().zoom() == 50.0);
    CHECK(view.camera().origin() == glm::dvec2(525.0, 280.0 - 130.0));
    CHECK(view.mode() == ViewMode::Page); // follow is no user move
    // Far to the left and up: both axes move.
    CHECK(view.follow(grid(40, 30, {-100.0, 50.0})));
    CHECK(allShown(view.camera(), grid(40, 30, {-100.0, 50.0}), kCanvas1400, 20.0));
    // Larger than the canvas at 50 px/m (a 300 x 300 cloth, 59.8 m): fitted.
    CHECK(view.follow(grid(300, 300)));
    CHECK(view.camera().zoom() == Approx(920.0 / 59.8));
}

TEST_CASE("with follow on, a cloth falling for 8 s stays in the canvas, without, it leaves",
          "[view][follow][controller]")
{
    Settings s;
    for (bool follow : {false, true}) {
        Rig rig(s);
        // Every frame takes its 8 steps, however slow the machine (the measured budget would
        // cut steps under load and the cloth would not fall far enough).
        rig.controller.driver().setFixedBudget(60.0);
        Preferences p = rig.controller.preferences();
        p.follow = follow;
        rig.controller.setPreferences(p);
        PanelActions actions;
        actions.unpinAll = true;
        rig.controller.panel(actions);
        for (int frame = 0; frame < 200; ++frame) // 200 x 8 steps of 5 ms: 8 s, 300 m down
            rig.controller.advance();
        const auto& x = rig.simulation.particles().position;
        const WorldRect bulk = clothBulk(x);
        CHECK(bulk.max.y < -250.0);
        CHECK(rig.camera().shows(bulk.min, bulk.max, kCanvas1400, 19.999) == follow);
        CHECK(rig.camera().zoom() == 50.0);
    }
}

TEST_CASE("the follow box in the panel turns follow on at once, also while paused",
          "[view][follow][controller]")
{
    Settings s;
    Rig rig(s);
    rig.controller.driver().setFixedBudget(60.0); // 8 steps a frame on any machine
    rig.controller.setPaused(true);
    PanelActions actions;
    actions.unpinAll = true;
    rig.controller.panel(actions);
    rig.controller.setPaused(false);
    for (int frame = 0; frame < 100; ++frame)
        rig.controller.advance();
    rig.controller.setPaused(true);
    const WorldRect before = clothBulk(rig.simulation.particles().position);
    CHECK_FALSE(rig.camera().shows(before.min, before.max, kCanvas1400));
    PanelActions follow;
    follow.follow = true;
    rig.controller.panel(follow);
    CHECK(rig.controller.preferences().follow);
    CHECK(rig.camera().shows(before.min, before.max, kCanvas1400, 19.999));
}

TEST_CASE("where a measurer measures the cloth, follow and the lost-cloth cue use its bulk, "
          "not the positions", "[view][follow][controller]")
{
    Settings s;
    Rig rig(s);
    rig.controller.driver().setFixedBudget(60.0);
    // The measurer's bulk lies 500 m to the right of the cloth; none on its first call.
    const WorldRect far{{500.0, -3.0}, {507.8, 2.8}};
    FakeMeasure<WorldRect> measure{far};
    rig.controller.setClothMeasure(measure.measurer());
    rig.controller.advance(); // no answer yet: nothing is out of view, nothing moves
    CHECK_FALSE(measure.following);
    CHECK_FALSE(rig.controller.clothOutOfView());
    rig.controller.advance(); // the answer: the bulk is off the canvas, the cloth is not
    const WorldRect cloth = clothBulk(rig.simulation.particles().position);
    CHECK(rig.camera().shows(cloth.min, cloth.max, kCanvas1400));
    CHECK(rig.controller.clothOutOfView());
    PanelActions follow;
    follow.follow = true;
    rig.controller.panel(follow); // at once, to the latest answer
    CHECK(rig.camera().shows(far.min, far.max, kCanvas1400, 19.999));
    rig.controller.advance();
    CHECK(measure.following);
    CHECK_FALSE(rig.controller.clothOutOfView());
    CHECK_FALSE(rig.camera().shows(cloth.min, cloth.max, kCanvas1400)); // never read
}
