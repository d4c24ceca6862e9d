// The controller's view part: the page's view (Home) and fits (F, a cloth grown beyond the
// view), through the controller and directly.

#include <catch2/catch.hpp>

#include <limits>
#include <vector>

#include "controller_rig.h"

using namespace pbd;
using namespace pbd::app;
using namespace pbd::app::testing;

TEST_CASE("Home brings back the page's view after pans and zooms", "[controller]")
{
    Rig rig;
    rig.press(MouseButton::Right, {100.0, 100.0});
    rig.controller.mouseMove({300.0, 50.0});
    rig.releaseButton(MouseButton::Right);
    rig.controller.scroll(4.0, kCanvas);
    rig.tap(Key::Home);
    CHECK(rig.camera().zoom() == 50.0);
    CHECK(rig.camera().origin() == glm::dvec2(525.0, 280.0));
}

TEST_CASE("F fits a 300 x 300 cloth into the canvas with a 20 px margin", "[controller][fit]")
{
    Rig rig(restingCloth(300, 300));
    const Camera& camera = rig.camera();
    rig.tap(Key::Home);
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
    CHECK(rig.camera().zoom() == Approx(880.0 / 59.8));
    requireNear(rig.camera().worldToScreen({59.8, -59.8}), {525.0 + 440.0, 920.0},
                1e-9);
}

TEST_CASE("a new width or height that would not fit fits the view, one that fits keeps it",
          "[controller][fit]")
{
    Rig rig;
    PanelActions actions;
    actions.effect = rig.controller.model().commitText(PanelField::Width, "20");
    rig.controller.panel(actions);
    CHECK(rig.camera().zoom() == 50.0); // 20 x 30 fits the page's view
    actions.effect = rig.controller.model().commitText(PanelField::Height, "100");
    rig.controller.panel(actions);
    CHECK(rig.camera().zoom() < 50.0);
    CHECK(rig.camera().shows({0.0, -19.8}, {3.8, 0.0}, {1050.0, 960.0}, 19.999));
}

TEST_CASE("the view part alone: no fit without a canvas or a finite particle, the canvas "
          "ends at the panel, the pick radius follows the logical scale",
          "[controller][fit]")
{
    CanvasView view;
    const std::vector<glm::dvec2> cloth{{0.0, 0.0}, {59.8, -59.8}};
    CHECK_FALSE(view.fit(cloth)); // no canvas yet
    view.resize({1400.0, 960.0}, 1.0, std::numeric_limits<double>::quiet_NaN());
    CHECK(view.logicalScale() == 1.0); // not finite: 1
    CHECK(view.camera().zoom() == 50.0);
    CHECK(view.camera().origin() == glm::dvec2(525.0, 280.0));
    CHECK(view.pickRadius() == 10.0);
    CHECK(view.inCanvas({1049.0, 959.0}));
    CHECK_FALSE(view.inCanvas({1050.0, 10.0})); // the panel's side
    CHECK_FALSE(view.inCanvas({-1.0, 10.0}));

    const std::vector<glm::dvec2> none{{std::numeric_limits<double>::infinity(), 0.0}};
    CHECK_FALSE(view.fit(none));
    const std::vector<glm::dvec2> small{{1.0, -1.0}, {2.0, -2.0}};
    CHECK_FALSE(view.fitIfOutside(small)); // shown: kept
    CHECK(view.camera().zoom() == 50.0);
    CHECK(view.fitIfOutside(cloth));
    CHECK(view.camera().zoom() == Approx(920.0 / 59.8));
    view.reset();
    CHECK(view.camera().zoom() == 50.0);

    view.resize({1400.0, 960.0}, 1.0, 2.0);
    CHECK(view.pickRadius() == 20.0);
}
