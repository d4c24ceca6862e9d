// Which obstacle or ball a press picks (logic/world_picking.h): inside each shape, turned
// boxes, the grounds' solid side, balls before obstacles and the last added first.

#include <catch2/catch.hpp>

#include <vector>

#include "logic/world_picking.h"

using namespace pbd;
using namespace pbd::app;

namespace {

Obstacle parse(const char* spec)
{
    std::string error;
    const auto o = parseObstacleSpec(spec, error);
    REQUIRE(o);
    return *o;
}

} // namespace

TEST_CASE("a point picks the shape it lies in, grown by the slack", "[world][picking]")
{
    const Obstacle circle = parse("circle:0,0,1");
    CHECK(insideObstacle(circle, {0.99, 0.0}, 0.0));
    CHECK_FALSE(insideObstacle(circle, {1.01, 0.0}, 0.0));
    CHECK(insideObstacle(circle, {1.01, 0.0}, 0.02));
    const Obstacle box = parse("box:0,0,4,1,90"); // turned upright: 1 wide, 4 tall
    CHECK(insideObstacle(box, {0.0, 1.9}, 0.0));
    CHECK_FALSE(insideObstacle(box, {1.9, 0.0}, 0.0));
    const Obstacle capsule = parse("capsule:0,0,2,0,0.1");
    CHECK(insideObstacle(capsule, {1.0, 0.09}, 0.0));
    CHECK(insideObstacle(capsule, {2.05, 0.05}, 0.0));
    CHECK_FALSE(insideObstacle(capsule, {1.0, 0.2}, 0.0));
    const Obstacle ground = parse("ground:-1,45"); // solid below the line y = x - 1
    CHECK(insideObstacle(ground, {2.0, 0.5}, 0.0));
    CHECK_FALSE(insideObstacle(ground, {0.0, 0.5}, 0.0));
}

TEST_CASE("balls come first, then bounded obstacles, then grounds, the last added first",
          "[world][picking]")
{
    const std::vector<Obstacle> obstacles{parse("ground:0"), parse("circle:0,-1,2"),
                                          parse("box:0,-1,1,1")};
    std::vector<Ball> balls(1);
    balls[0].position = {0.0, -1.0};
    balls[0].radius = 0.2;
    CHECK(pickWorld(obstacles, balls, {0.0, -1.0}, 0.0) == WorldItem{WorldItem::Kind::Ball, 0});
    CHECK(pickWorld(obstacles, {}, {0.0, -1.0}, 0.0) ==
          WorldItem{WorldItem::Kind::Obstacle, 2});
    CHECK(pickWorld(obstacles, {}, {1.5, -1.0}, 0.0) ==
          WorldItem{WorldItem::Kind::Obstacle, 1});
    CHECK(pickWorld(obstacles, {}, {5.0, -1.0}, 0.0) ==
          WorldItem{WorldItem::Kind::Obstacle, 0});
    CHECK_FALSE(pickWorld(obstacles, {}, {5.0, 1.0}, 0.0));
}
