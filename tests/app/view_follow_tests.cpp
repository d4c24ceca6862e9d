// The view after F and a scene's fit follows a moving cloth until it rests, says when the
// cloth has left the canvas, and the World section's new shapes go where they fit
// (logic/canvas_view.h, logic/free_spot.h).

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include <glm/geometric.hpp>

#include "logic/canvas_view.h"
#include "logic/free_spot.h"

using namespace pbd;
using namespace pbd::app;

namespace {

/// The page's 40 x 30 grid, 0.2 m apart, its top-left corner at `corner`.
std::vector<glm::dvec2> grid(glm::dvec2 corner = {0.0, 0.0})
{
    std::vector<glm::dvec2> p;
    for (int i = 0; i < 30; ++i)
        for (int j = 0; j < 40; ++j)
            p.push_back(corner + glm::dvec2(0.2 * j, -0.2 * i));
    return p;
}

CanvasView pageWindow()
{
    CanvasView view;
    view.resize({1400.0, 960.0}, 1.0, 1.0); // a canvas of 1050 x 960
    return view;
}

} // namespace

TEST_CASE("after F a falling cloth stays in the canvas until it rests, then the view stays",
          "[view][follow]")
{
    CanvasView view = pageWindow();
    std::vector<glm::dvec2> cloth = grid();
    REQUIRE(view.fit(cloth));
    view.followUntilRest();
    double time = 0.0;
    for (int frame = 1; frame <= 200; ++frame) { // 0.04 s a frame, falling ever faster
        time += 0.04;
        for (glm::dvec2& p : cloth)
            p.y -= 0.5 * 9.81 * (2 * frame - 1) * 0.04 * 0.04;
        view.followWhileMoving(cloth, time, false);
        REQUIRE_FALSE(view.clothOutOfView(cloth));
        REQUIRE(view.camera().shows(cloth.back(), cloth.front(), {1050.0, 960.0}));
    }
    CHECK(cloth.front().y < -300.0); // 8 s of free fall
    CHECK(view.followingUntilRest());
    // At rest for a simulated second: the following ends.
    int frames = 0;
    while (view.followingUntilRest() && frames < 100) {
        time += 0.04;
        view.followWhileMoving(cloth, time, false);
        ++frames;
    }
    CHECK(frames == 26); // 1 s of 0.04 s frames after the first still one
    // From then on a fall leaves the view, and the canvas says so.
    const Camera before = view.camera();
    for (glm::dvec2& p : cloth)
        p.y -= 100.0;
    CHECK_FALSE(view.followWhileMoving(cloth, time + 0.04, false));
    CHECK(view.camera().origin() == before.origin());
    CHECK(view.clothOutOfView(cloth));
}

TEST_CASE("a pan, a zoom or Home ends the following, a held grab pauses it", "[view][follow]")
{
    const auto falling = [](CanvasView& view, std::vector<glm::dvec2>& cloth, bool held) {
        bool moved = false;
        for (int frame = 1; frame <= 30; ++frame) {
            for (glm::dvec2& p : cloth)
                p.y -= 1.0;
            moved = view.followWhileMoving(cloth, 0.04 * frame, held) || moved;
        }
        return moved;
    };
    for (int how = 0; how < 3; ++how) {
        CanvasView view = pageWindow();
        std::vector<glm::dvec2> cloth = grid();
        view.fit(cloth);
        view.followUntilRest();
        if (how == 0)
            view.pan({10.0, 0.0});
        else if (how == 1)
            view.zoomAt(1.1, {500.0, 500.0});
        else
            view.reset();
        CHECK_FALSE(view.followingUntilRest());
        CHECK_FALSE(falling(view, cloth, false));
        CHECK(view.clothOutOfView(cloth));
    }
    CanvasView view = pageWindow();
    std::vector<glm::dvec2> cloth = grid();
    view.fit(cloth);
    view.followUntilRest();
    CHECK_FALSE(falling(view, cloth, true)); // no pan under the user's hand
    CHECK(view.followingUntilRest());        // held, the cloth is not at rest
    CHECK(falling(view, cloth, false));      // let go: the view catches up
    CHECK_FALSE(view.clothOutOfView(cloth));
}

TEST_CASE("the cloth is out of view only when its whole bulk has left the canvas",
          "[view][follow]")
{
    CanvasView view = pageWindow(); // the page's view: x -10.5..10.5 m, y -13.6..5.6 m
    CHECK_FALSE(view.clothOutOfView(grid()));
    CHECK_FALSE(view.clothOutOfView(grid({-10.0, 0.0}))); // partly in
    CHECK(view.clothOutOfView(grid({11.0, 0.0})));
    CHECK(view.clothOutOfView(grid({0.0, -14.0})));
    // Pins left behind in view while the cloth fell away: still out of view.
    std::vector<glm::dvec2> torn = grid({0.0, -500.0});
    torn[0] = {0.0, 0.0};
    torn[39] = {7.8, 0.0};
    CHECK(view.clothOutOfView(torn));
    CHECK_FALSE(view.clothOutOfView(std::vector<glm::dvec2>{})); // nothing to lose
}

TEST_CASE("a new shape goes to the free spot nearest the view's centre", "[world][place]")
{
    const WorldRect view{{-10.0, -10.0}, {10.0, 10.0}};
    SECTION("an empty view: its centre")
    {
        const auto spot = freeSpot(0.5, view, {});
        REQUIRE(spot);
        CHECK(glm::length(*spot) < 1e-9);
    }
    SECTION("clear of the cloth by its reach and the gap")
    {
        const std::vector<glm::dvec2> cloth = grid({-3.9, 2.9});
        const auto spot = freeSpot(0.5, view, {.particles = cloth, .obstacles = {}, .balls = {}, .gap = 0.1});
        REQUIRE(spot);
        double closest = 1e9;
        for (glm::dvec2 p : cloth)
            closest = std::min(closest, glm::length(p - *spot));
        CHECK(closest >= 0.6);
        CHECK(closest < 1.2); // next to the cloth, not far off
    }
    SECTION("clear of every obstacle and ball, and of a ground's solid side")
    {
        Obstacle circle;
        circle.a = {0.0, 0.0};
        circle.radius = 3.0;
        Obstacle box;
        box.shape = ObstacleShape::Box;
        box.a = {4.0, 0.0};
        box.width = 2.0;
        box.height = 8.0;
        box.angle = 10.0;
        Obstacle ground;
        ground.shape = ObstacleShape::Ground;
        ground.a = {0.0, -2.0};
        ground.angle = -20.0;
        Ball ball;
        ball.position = {-4.0, 0.0};
        ball.radius = 1.0;
        const std::vector<Obstacle> obstacles{circle, box, ground};
        const std::vector<Ball> balls{ball};
        const auto spot = freeSpot(0.5, view,
                                   {.particles = {}, .obstacles = obstacles, .balls = balls, .gap = 0.1});
        REQUIRE(spot);
        for (const Obstacle& o : obstacles)
            CHECK(obstacleDistance(o, *spot) >= 0.6 - 1e-9);
        CHECK(glm::length(*spot - ball.position) >= 1.6 - 1e-9);
    }
    SECTION("particles far off, even a million kilometres, block nothing")
    {
        const std::vector<glm::dvec2> far{{1e9, 1e9}, {-1e9, 0.0}, {0.0, -1e12}};
        const auto spot = freeSpot(0.5, view, {.particles = far, .obstacles = {}, .balls = {},
                                               .gap = 0.1});
        REQUIRE(spot);
        CHECK(glm::length(*spot) < 1e-9);
    }
    SECTION("none when the cloth fills the view")
    {
        std::vector<glm::dvec2> cloth;
        for (double x = -10.0; x <= 10.0; x += 0.2)
            for (double y = -10.0; y <= 10.0; y += 0.2)
                cloth.push_back({x, y});
        CHECK_FALSE(freeSpot(0.5, view, {.particles = cloth, .obstacles = {}, .balls = {}, .gap = 0.0}));
        CHECK_FALSE(freeSpot(11.0, view, {})); // larger than the view
    }
}

TEST_CASE("an obstacle's signed distance: negative inside, the surface at 0", "[world][place]")
{
    Obstacle box;
    box.shape = ObstacleShape::Box;
    box.a = {1.0, 1.0};
    box.width = 2.0;
    box.height = 1.0;
    box.angle = 90.0; // turned: 1 m wide, 2 m tall
    CHECK(obstacleDistance(box, {1.0, 1.0}) == Approx(-0.5));
    CHECK(obstacleDistance(box, {1.0, 2.5}) == Approx(0.5));
    CHECK(obstacleDistance(box, {2.5, 1.0}) == Approx(1.0));
    Obstacle capsule;
    capsule.shape = ObstacleShape::Capsule;
    capsule.a = {0.0, 0.0};
    capsule.b = {2.0, 0.0};
    capsule.radius = 0.5;
    CHECK(obstacleDistance(capsule, {1.0, 1.0}) == Approx(0.5));
    CHECK(obstacleDistance(capsule, {3.0, 0.0}) == Approx(0.5));
    Obstacle ground;
    ground.shape = ObstacleShape::Ground;
    ground.a = {0.0, -1.0};
    CHECK(obstacleDistance(ground, {5.0, 1.0}) == Approx(2.0));
    CHECK(obstacleDistance(ground, {5.0, -2.0}) == Approx(-1.0));
}
