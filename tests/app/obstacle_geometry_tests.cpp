#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include <glm/geometric.hpp>

#include "logic/obstacle_geometry.h"

using namespace pbd::app;
using pbd::Obstacle;
using pbd::ObstacleShape;

namespace {

Obstacle shape(ObstacleShape s, glm::dvec2 a, double radius = 0.0)
{
    Obstacle o;
    o.shape = s;
    o.a = a;
    o.radius = radius;
    return o;
}

/// Twice the signed area: > 0 for counter-clockwise.
double signedArea2(const std::vector<glm::dvec2>& p)
{
    double sum = 0.0;
    for (std::size_t k = 0; k < p.size(); ++k) {
        const glm::dvec2 a = p[k], b = p[(k + 1) % p.size()];
        sum += a.x * b.y - a.y * b.x;
    }
    return sum;
}

} // namespace

TEST_CASE("a circle's segments follow its radius on screen, within the bounds", "[obstacles]")
{
    CHECK(circleSegments(0.0) == kMinCircleSegments);
    CHECK(circleSegments(std::nan("")) == kMinCircleSegments);
    CHECK(circleSegments(1.0) == kMinCircleSegments);
    CHECK(circleSegments(60.0) == 63); // 2 pi 60 / 6 = 62.8
    CHECK(circleSegments(1e6) == kMaxCircleSegments);
}

TEST_CASE("a circle's outline points lie on its radius, counter-clockwise", "[obstacles]")
{
    const Obstacle c = shape(ObstacleShape::Circle, {4.0, -4.0}, 1.5);
    const std::vector<glm::dvec2> p = obstacleOutline(c, 40);
    REQUIRE(p.size() == 40);
    for (glm::dvec2 q : p)
        CHECK(glm::length(q - c.a) == Approx(1.5).epsilon(1e-12));
    CHECK(signedArea2(p) > 0.0);
    // 40 points spaced evenly: neighbours 9 degrees apart.
    CHECK(glm::length(p[1] - p[0]) == Approx(2.0 * 1.5 * std::sin(std::numbers::pi / 40.0)));
}

TEST_CASE("a box's corners are its half sizes turned by its angle", "[obstacles]")
{
    Obstacle b = shape(ObstacleShape::Box, {6.0, -7.0});
    b.width = 2.0;
    b.height = 0.4;
    b.angle = 30.0;
    const std::vector<glm::dvec2> p = obstacleOutline(b, 64);
    REQUIRE(p.size() == 4);
    const double c = std::cos(std::numbers::pi / 6.0), s = std::sin(std::numbers::pi / 6.0);
    const glm::dvec2 u(c, s), v(-s, c);
    const std::vector<glm::dvec2> expected{b.a - u - 0.2 * v, b.a + u - 0.2 * v,
                                           b.a + u + 0.2 * v, b.a - u + 0.2 * v};
    for (std::size_t k = 0; k < 4; ++k) {
        CHECK(p[k].x == Approx(expected[k].x));
        CHECK(p[k].y == Approx(expected[k].y));
    }
    CHECK(signedArea2(p) == Approx(2.0 * 2.0 * 0.4));
}

TEST_CASE("a capsule's outline is two half circles around its ends", "[obstacles]")
{
    Obstacle c = shape(ObstacleShape::Capsule, {1.0, -6.0}, 0.25);
    c.b = {3.0, -6.5};
    const std::vector<glm::dvec2> p = obstacleOutline(c, 32);
    REQUIRE(p.size() == 2 * (16 + 1));
    const glm::dvec2 axis = glm::normalize(c.b - c.a);
    for (std::size_t k = 0; k < p.size(); ++k) {
        const glm::dvec2 end = k < p.size() / 2 ? c.b : c.a;
        CHECK(glm::length(p[k] - end) == Approx(0.25).epsilon(1e-12));
        // Each cap bulges away from the other end.
        const double along = glm::dot(p[k] - end, axis);
        CHECK((k < p.size() / 2 ? along : -along) >= -1e-12);
    }
    // The caps' tips: a radius beyond each end along the axis.
    const glm::dvec2 tipB = p[8], tipA = p[17 + 8];
    CHECK(glm::length(tipB - (c.b + 0.25 * axis)) < 1e-12);
    CHECK(glm::length(tipA - (c.a - 0.25 * axis)) < 1e-12);
    CHECK(signedArea2(p) > 0.0);
}

TEST_CASE("the ground's polygon is the view's solid side, its surface the clipped line",
          "[obstacles]")
{
    const WorldRect view{{-10.0, -12.0}, {10.0, 5.0}};
    for (double angle : {0.0, -20.0, 35.0, 90.0, -135.0, 180.0}) {
        CAPTURE(angle);
        Obstacle g = shape(ObstacleShape::Ground, {1.0, -7.0});
        g.angle = angle;
        const double t = angle * std::numbers::pi / 180.0;
        const glm::dvec2 n(-std::sin(t), std::cos(t));
        const std::vector<glm::dvec2> p = groundPolygon(g, view);
        REQUIRE(p.size() >= 3);
        for (glm::dvec2 q : p) {
            CHECK(glm::dot(q - g.a, n) <= 1e-9); // on the solid side or its surface
            CHECK(view.contains(q));
        }
        CHECK(signedArea2(p) > 0.0);
        const auto line = groundSurface(g, view);
        REQUIRE(line);
        for (glm::dvec2 q : {line->first, line->second}) {
            CHECK(std::abs(glm::dot(q - g.a, n)) < 1e-9);
            CHECK(q.x >= view.min.x - 1e-9);
            CHECK(q.x <= view.max.x + 1e-9);
            CHECK(q.y >= view.min.y - 1e-9);
            CHECK(q.y <= view.max.y + 1e-9);
        }
    }
    // Level at y = -7: solid below, the area 20 x 5.
    Obstacle level = shape(ObstacleShape::Ground, {0.0, -7.0});
    CHECK(signedArea2(groundPolygon(level, view)) == Approx(2.0 * 20.0 * 5.0));
    // Entirely above the view: all of it solid; entirely below: none.
    level.a.y = 100.0;
    CHECK(signedArea2(groundPolygon(level, view)) == Approx(2.0 * 20.0 * 17.0));
    CHECK_FALSE(groundSurface(level, view));
    level.a.y = -100.0;
    CHECK(groundPolygon(level, view).empty());
}

TEST_CASE("the mesh holds each obstacle in view: fans and closed outlines", "[obstacles]")
{
    const WorldRect view{{-10.0, -12.0}, {10.0, 5.0}};
    const Obstacle circle = shape(ObstacleShape::Circle, {4.0, -4.0}, 1.0);
    const Obstacle far = shape(ObstacleShape::Circle, {400.0, -4.0}, 1.0);
    const Obstacle ground = shape(ObstacleShape::Ground, {0.0, -7.0});
    ObstacleMesh mesh;
    buildObstacleMesh(std::vector{circle, far, ground}, view, 50.0, mesh);
    const int n = circleSegments(50.0);
    // The circle: n - 2 triangles and n lines; the far one nothing; the ground a rectangle
    // (2 triangles) and its surface line.
    CHECK(mesh.fill.size() == 3u * static_cast<std::size_t>(n - 2) + 6u);
    CHECK(mesh.outline.size() == 2u * static_cast<std::size_t>(n) + 2u);
    for (const ObstacleVertex& v : mesh.fill) {
        CHECK(v.r == kObstacleFill[0]);
        CHECK(v.b == kObstacleFill[2]);
    }
}

TEST_CASE("a fit frames the cloth and the obstacles it touches, never a ground",
          "[obstacles]")
{
    const WorldRect cloth{{0.0, -5.8}, {7.8, 0.0}}; // the page's cloth
    Obstacle ground = shape(ObstacleShape::Ground, {0.0, -7.0});
    ground.angle = -10.0;
    const Obstacle far = shape(ObstacleShape::Circle, {1000.0, 0.0}, 1.0);
    const Obstacle touching = shape(ObstacleShape::Circle, {4.0, -6.0}, 1.0); // reaches -7
    Obstacle bar = shape(ObstacleShape::Capsule, {-1.0, -6.5}, 0.2); // 0.7 m below the cloth
    bar.b = {3.0, -6.5};

    const WorldRect alone = frameWithObstacles(cloth, std::vector{ground, far});
    CHECK(alone.min == cloth.min);
    CHECK(alone.max == cloth.max);

    const WorldRect framed = frameWithObstacles(cloth, std::vector{ground, far, touching, bar});
    CHECK(framed.min.x == Approx(-1.2));
    CHECK(framed.min.y == Approx(-7.0));
    CHECK(framed.max.x == Approx(7.8));
    CHECK(framed.max.y == Approx(0.0));

    const WorldRect none{glm::dvec2(1.0), glm::dvec2(-1.0)};
    CHECK(frameWithObstacles(none, std::vector{touching}).min.x == 1.0);
    CHECK(obstacleBounds(ground).min.x > obstacleBounds(ground).max.x);
}

TEST_CASE("a scene's fit frames the cloth, every obstacle and where the cloth meets the ground, "
          "with room to move",
          "[obstacles]")
{
    const WorldRect cloth{{0.0, -3.0}, {3.0, 0.0}}; // the drop scene's cloth
    Obstacle level = shape(ObstacleShape::Ground, {10.0, -4.0});
    const WorldRect onLevel = frameWorld(cloth, std::vector{level});
    // Under the centre (1.5, -1.5): (1.5, -4); a 3 x 4 m box, then half of 4 m on every side.
    CHECK(onLevel.min.x == Approx(-2.0));
    CHECK(onLevel.max.x == Approx(5.0));
    CHECK(onLevel.min.y == Approx(-6.0));
    CHECK(onLevel.max.y == Approx(2.0));

    Obstacle tilted = shape(ObstacleShape::Ground, {0.0, -4.0}); // the drop's: -10 degrees
    tilted.angle = -10.0;
    const double t = -10.0 * std::numbers::pi / 180.0;
    // The foot of the perpendicular from the centre lies on the surface line.
    const WorldRect onTilted = frameWorld(cloth, std::vector{tilted});
    const glm::dvec2 n{-std::sin(t), std::cos(t)};
    const glm::dvec2 centre{1.5, -1.5};
    const glm::dvec2 foot = centre - glm::dot(centre - tilted.a, n) * n;
    CHECK(glm::dot(foot - tilted.a, n) == Approx(0.0).margin(1e-12));
    const double side = std::max(3.0, 0.0 - foot.y); // the box before the room: 3 x (0 - foot.y)
    CHECK(onTilted.min.y == Approx(foot.y - 0.5 * side));

    // A far obstacle is part of a scene (a fit of the cloth leaves it out).
    const Obstacle far = shape(ObstacleShape::Circle, {20.0, 0.0}, 1.0);
    const WorldRect withFar = frameWorld(cloth, std::vector{far});
    CHECK(withFar.max.x == Approx(21.0 + 0.5 * 21.0));
    CHECK(frameWithObstacles(cloth, std::vector{far}).max.x == 3.0);

    const WorldRect none{glm::dvec2(1.0), glm::dvec2(-1.0)};
    CHECK(frameWorld(none, std::vector{far}).min.x == 1.0);
}
