// The fold hint (issue 22): cells that stay folded for 2 s without area constraints show the
// hint in the message place, and its button turns Area stiffness on, which unfolds them; the
// watch starts afresh when time goes back and stays quiet with area constraints on.

#include <catch2/catch.hpp>

#include <string>

#include "controller_rig.h"
#include "logic/fold_hint.h"

using namespace pbd;
using namespace pbd::app;
using namespace pbd::app::testing;

namespace {

/// The issue's fling: the bottom-right particle pulled to (20, -3) over 2 s and released with
/// the pointer's velocity, through the controller's command path.
/// Also makes every frame take its 8 steps on this thread: with the measured budget a slow
/// build (ASan) moved the steps to a thread of their own, which the tests' advance() loops
/// then polled on a busy machine (the self-collision case: 164 s under ASan, 19 s so).
void fling(Rig& rig)
{
    rig.controller.driver().setOffThread(OffThread::Never);
    rig.controller.driver().setFixedBudget(60.0);
    const glm::dvec2 from = rig.simulation.particles().position[1199];
    REQUIRE_FALSE(rig.controller.issue(GrabCommand{1199}));
    for (int s = 1; s <= 400; ++s) {
        const double t = s / 400.0;
        REQUIRE_FALSE(rig.controller.issue(MoveCommand{from + t * (glm::dvec2(20.0, -3.0) - from)}));
        REQUIRE_FALSE(rig.controller.issue(StepCommand{}));
    }
    REQUIRE_FALSE(rig.controller.issue(ReleaseCommand{(glm::dvec2(20.0, -3.0) - from) / 2.0}));
}

} // namespace

TEST_CASE("cells folded for 2 s without area constraints show the fold hint, its button "
          "unfolds them",
          "[controller][fold]")
{
    Rig rig(Settings{});
    fling(rig);
    rig.controller.advance();
    CHECK_FALSE(rig.controller.foldWatch().showing()); // folded, but not yet for 2 s
    while (rig.simulation.time() < 2.0 + 3.0)
        rig.controller.advance();
    const FoldWatch& watch = rig.controller.foldWatch();
    REQUIRE(watch.showing());
    CHECK(watch.inverted() > 100);
    CHECK(watch.cells() == 39 * 29);
    const std::string text = foldHintText(watch);
    CHECK(text.find(std::to_string(watch.inverted()) + " of 1131 cells") == 0);
    CHECK(text.find("Area stiffness") != std::string::npos);

    const std::size_t folded = invertedCells(rig.simulation); // at the click
    PanelActions button;
    button.turnOnArea = true;
    rig.controller.panel(button);
    CHECK(rig.simulation.settings().areaStiffness == FoldWatch::kSuggestedAreaStiffness);
    CHECK(rig.controller.model().settings().areaStiffness == FoldWatch::kSuggestedAreaStiffness);
    rig.controller.advance();
    CHECK_FALSE(rig.controller.foldWatch().showing());
    const double on = rig.simulation.time();
    while (rig.simulation.time() < on + 20.0)
        rig.controller.advance();
    CHECK(invertedCells(rig.simulation) == 0);
    // The setting change is an action like any other: undo folds nothing back, it takes the
    // state back to just before the click, folds and all.
    rig.tap(Key::Z, kCtrl);
    CHECK(rig.simulation.settings().areaStiffness == 0.0);
    CHECK(invertedCells(rig.simulation) == folded);
}

TEST_CASE("the fold watch starts afresh when time goes back and stays quiet with area "
          "constraints on",
          "[fold]")
{
    Simulation sim;
    FoldWatch watch;
    watch.observe(sim);
    CHECK(watch.inverted() == 0);
    CHECK(watch.cells() == 1131);
    // The cloth mirrored by hand: every cell turned over.
    Simulation folded;
    SimulationState s = folded.state();
    for (glm::dvec2& x : s.position)
        x.x = -x.x;
    REQUIRE_FALSE(folded.restore(s));
    CHECK(invertedCells(folded) == 1131);
    Settings still = folded.settings();
    still.gravity = 0.0;
    still.iterations = 0; // nothing unfolds it
    REQUIRE_FALSE(folded.apply(still));
    for (int i = 0; i < 390; ++i) { // 1.95 s
        folded.step();
        watch.observe(folded);
    }
    CHECK_FALSE(watch.showing());
    for (int i = 0; i < 100; ++i) {
        folded.step();
        watch.observe(folded);
    }
    CHECK(watch.showing());
    CHECK(watch.inverted() == 1131);
    folded.restart();
    watch.observe(folded);
    CHECK_FALSE(watch.showing());
    still.areaStiffness = 1.0;
    REQUIRE_FALSE(folded.restore(s));
    REQUIRE_FALSE(folded.apply(still));
    for (int i = 0; i < 600; ++i) {
        folded.step();
        watch.observe(folded);
    }
    CHECK_FALSE(watch.showing());
}

TEST_CASE("with self-collision on a fold stays too, so the hint shows, and Area stiffness "
          "unfolds it",
          "[controller][fold]")
{
    // Measured: the page's cloth flung with self-collision on turns 553 cells over, which
    // stay so for 20 s; the hint's 1e6 N/m unfolds all of them within 5 s.
    Settings settings;
    settings.selfCollision = true;
    settings.thickness = 0.1;
    Rig rig(settings);
    fling(rig);
    while (rig.simulation.time() < 2.0 + 3.0)
        rig.controller.advance();
    const FoldWatch& watch = rig.controller.foldWatch();
    REQUIRE(watch.showing());
    CHECK(watch.inverted() > 100);
    PanelActions button;
    button.turnOnArea = true;
    rig.controller.panel(button);
    const double on = rig.simulation.time();
    while (rig.simulation.time() < on + 5.0)
        rig.controller.advance();
    CHECK(invertedCells(rig.simulation) == 0);
    CHECK_FALSE(rig.controller.foldWatch().showing());
}

TEST_CASE("a few cells turned over are a kink, not a fold worth the hint", "[fold]")
{
    CHECK_FALSE(FoldWatch::worthAHint(0, 79));
    CHECK_FALSE(FoldWatch::worthAHint(1, 79)); // one cell of the pegs strip
    CHECK_FALSE(FoldWatch::worthAHint(2, 79));
    CHECK(FoldWatch::worthAHint(3, 79));
    CHECK_FALSE(FoldWatch::worthAHint(16, 3481)); // the drop scene's crumples after 10 s
    CHECK(FoldWatch::worthAHint(35, 3481));
    CHECK(FoldWatch::worthAHint(553, 1131)); // the page's cloth flung over its pins
    CHECK(FoldWatch::worthAHint(1, 1));      // a one-cell cloth turned over
}
