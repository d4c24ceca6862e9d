// The built-in scenes' registry: every embedded scene file parses to exactly the scene the C++
// code built before the scenes became files (the expectations below, the same doubles: a
// number in a file parses to the double its literal is), the names come from it in order, each
// has a one-line description, and the description and notes members are read as text.

#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "pbd/scene.h"
#include "scene_support.h"

using pbd::Ball;
using pbd::Obstacle;
using pbd::ObstacleShape;
using pbd::Scene;

namespace {

using pbd::test::sceneMembersRefusal;

Obstacle circle(double x, double y, double r)
{
    Obstacle o;
    o.shape = ObstacleShape::Circle;
    o.a = {x, y};
    o.radius = r;
    pbd::settleObstacle(o);
    return o;
}

Obstacle box(double x, double y, double w, double h, double angle)
{
    Obstacle o;
    o.shape = ObstacleShape::Box;
    o.a = {x, y};
    o.width = w;
    o.height = h;
    o.angle = angle;
    pbd::settleObstacle(o);
    return o;
}

Obstacle capsule(double x1, double y1, double x2, double y2, double r)
{
    Obstacle o;
    o.shape = ObstacleShape::Capsule;
    o.a = {x1, y1};
    o.b = {x2, y2};
    o.radius = r;
    pbd::settleObstacle(o);
    return o;
}

Obstacle ground(double x, double y, double angle)
{
    Obstacle o;
    o.shape = ObstacleShape::Ground;
    o.a = {x, y};
    o.angle = angle;
    pbd::settleObstacle(o);
    return o;
}

Scene sizedCloth(int w, int h, double metresW, double metresH)
{
    Scene s;
    s.settings.width = w;
    s.settings.height = h;
    s.settings.clothWidth = metresW;
    s.settings.clothHeight = metresH;
    return s;
}

/// A falling cloth as the C++ code made one: 4 substeps, damping 0.5, nothing pinned, with
/// its thickness, friction and obstacles.
Scene fallingCloth(int w, int h, double metresW, double metresH, double thickness,
                   double friction, std::vector<Obstacle> obstacles)
{
    Scene s = sizedCloth(w, h, metresW, metresH);
    s.settings.substeps = 4;
    s.settings.damping = 0.5;
    s.settings.thickness = thickness;
    s.settings.friction = friction;
    s.obstacles = std::move(obstacles);
    s.pinned = std::vector<pbd::Index>{};
    return s;
}

/// The scenes as scene_builtin.cpp built them in C++ until they became files.
std::map<std::string, Scene> expectedScenes()
{
    std::map<std::string, Scene> out;
    out["page"] = Scene{};
    out["curtain-over-ball"] = fallingCloth(80, 2, 6.0, 0.08, 0.02, 0.5,
                                            {circle(3.0, -2.0, 1.0), ground(0.0, -6.0, 0.0)});
    out["pegs"] = fallingCloth(
        80, 2, 6.0, 0.08, 0.04, 0.4,
        {capsule(0.6, -1.2, 1.0, -1.3, 0.04), capsule(2.6, -1.2, 3.4, -1.2, 0.04),
         capsule(5.0, -1.3, 5.4, -1.2, 0.04), circle(1.8, -2.2, 0.12), circle(4.2, -2.2, 0.12),
         ground(0.0, -6.0, 0.0)});
    out["table"] = fallingCloth(50, 40, 5.0, 4.0, 0.02, 0.6,
                                {box(2.5, -4.6, 3.0, 0.2, 0.0), box(1.2, -5.7, 0.2, 2.0, 0.0),
                                 box(3.8, -5.7, 0.2, 2.0, 0.0), ground(0.0, -6.7, 0.0)});
    out["slope"] = fallingCloth(40, 30, 4.0, 3.0, 0.02, 0.2, {ground(0.0, -3.6, -20.0)});
    out["bar"] = fallingCloth(40, 30, 4.0, 3.0, 0.02, 0.1,
                              {capsule(0.5, -4.0, 3.5, -4.8, 0.08), ground(0.0, -8.0, 0.0)});
    {
        Scene s = sizedCloth(40, 2, 4.0, 0.08);
        s.settings.density = 2.0;
        s.settings.stiffness = 5000.0;
        s.settings.substeps = 8;
        s.settings.iterations = 4;
        s.settings.damping = 2.0;
        s.settings.thickness = 0.02;
        s.settings.friction = 0.5;
        s.obstacles = {ground(0.0, -4.0, 0.0)};
        Ball ball;
        ball.position = {2.0, 1.5};
        ball.radius = 0.3;
        ball.mass = 2.0;
        ball.start = ball.position;
        s.balls = {ball};
        out["hammock"] = s; // the fixed corners: the default two
    }
    Obstacle bar = capsule(-0.5, -1.5, -0.5, 0.5, 0.1);
    bar.velocity = {0.5, 0.0};
    out["sweep"] = fallingCloth(60, 2, 4.0, 0.08, 0.04, 0.5, {ground(0.0, -1.0, 0.0), bar});
    out["drop"] = fallingCloth(60, 60, 3.0, 3.0, 0.04, 0.3, {ground(0.0, -4.0, -10.0)});
    out["drop"].settings.selfCollision = true;
    out["heap"] = fallingCloth(1, 100, 0.0, 4.0, 0.03, 0.3, {ground(0.0, -4.5, -5.0)});
    out["heap"].settings.iterations = 10;
    out["heap"].settings.selfCollision = true;
    {
        Scene s = sizedCloth(40, 2, 3.0, 0.06);
        s.settings.density = 0.2;
        s.settings.substeps = 4;
        s.settings.damping = 0.3;
        s.settings.airDrag = 0.04;
        s.settings.windX = 8.0;
        s.settings.gusts = 0.6;
        s.pinned = std::vector<pbd::Index>{0, 40};
        out["flag"] = s;
    }
    return out;
}

} // namespace

TEST_CASE("every embedded scene file is exactly the scene the C++ code built", "[scene]")
{
    // The 2D scenes were C++ code before they became files; the 3D ones and the validation
    // scenes were born files (scene3d_test.cpp checks the 3D ones by their physics,
    // tests/app/validation_law_tests.cpp the validation scenes by their laws).
    const std::map<std::string, Scene> expected = expectedScenes();
    const std::vector<std::string> validation = {"catenary", "hanging-strip", "wind-rope",
                                                 "pendulum", "incline"};
    const auto bornFile = [&](const pbd::BuiltInScene& entry) {
        return entry.dimensions != 2 || std::find(validation.begin(), validation.end(),
                                                  entry.name) != validation.end();
    };
    std::size_t plane = 0;
    for (const pbd::BuiltInScene& entry : pbd::builtInScenes())
        plane += bornFile(entry) ? 0 : 1;
    REQUIRE(plane == expected.size());
    for (const pbd::BuiltInScene& entry : pbd::builtInScenes()) {
        if (bornFile(entry))
            continue;
        const std::string name(entry.name);
        INFO(name);
        REQUIRE(expected.count(name) == 1);
        const pbd::SceneParse parsed = pbd::sceneFromJson(entry.text);
        REQUIRE_FALSE(parsed.error);
        CHECK(*parsed.scene == expected.at(name));
        const auto scene = pbd::builtInScene(name);
        REQUIRE(scene);
        CHECK(*scene == expected.at(name));
    }
}

TEST_CASE("the registry gives the names in order, each with a one-line description",
          "[scene]")
{
    const auto scenes = pbd::builtInScenes();
    const std::vector<std::string>& names = pbd::builtInSceneNames();
    REQUIRE(names.size() == scenes.size());
    CHECK(names.front() == "page");
    CHECK(names == std::vector<std::string>{"page", "curtain-over-ball", "pegs", "table", "slope",
                                            "bar", "hammock", "sweep", "drop", "heap", "flag",
                                            "catenary", "hanging-strip", "wind-rope", "pendulum",
                                            "incline", "drape-3d", "tablecloth-3d", "flag-3d",
                                            "curtain-3d", "cantilever-3d", "drop-3d"});
    for (std::size_t i = 0; i < scenes.size(); ++i) {
        INFO(names[i]);
        CHECK(scenes[i].name == names[i]);
        CHECK_FALSE(scenes[i].description.empty());
        CHECK(scenes[i].description.size() <= 80);
        CHECK(scenes[i].description.find('\n') == std::string_view::npos);
        // The description is the file's own member, not a copy kept elsewhere.
        CHECK(scenes[i].text.find("\"description\": \"" + std::string(scenes[i].description) +
                                  "\"") != std::string_view::npos);
    }
    CHECK_FALSE(pbd::builtInScene("nope"));
    CHECK_FALSE(pbd::builtInScene("Page"));
}

TEST_CASE("a scene file's description and notes are text that changes nothing", "[scene]")
{
    const std::string settings = R"("settings": {"width": 20, "height": 10})";
    const pbd::SceneParse plain = pbd::sceneFromJson(
        R"({"format": "pbd-cloth-scene", "version": 1, )" + settings + "}");
    REQUIRE(plain.scene);
    for (const char* text :
         {R"("description": "a small cloth", "notes": "any text")",
          R"("description": "", "notes": ["line one", "line two"])", R"("notes": [])"}) {
        INFO(text);
        const pbd::SceneParse parsed = pbd::sceneFromJson(
            R"({"format": "pbd-cloth-scene", "version": 1, )" + std::string(text) + ", " +
            settings + "}");
        REQUIRE_FALSE(parsed.error);
        CHECK(*parsed.scene == *plain.scene);
    }
    CHECK(sceneMembersRefusal(R"("description": 5)") == "description: '5' is not allowed; allowed: a string");
    CHECK(sceneMembersRefusal(R"("description": ["a"])") ==
          "description: '[\"a\"]' is not allowed; allowed: a string");
    CHECK(sceneMembersRefusal(R"("notes": ["a", 2])") ==
          "notes: '[\"a\",2]' is not allowed; allowed: a string or an array of strings");
    CHECK(sceneMembersRefusal(R"("notes": {})") ==
          "notes: '{}' is not allowed; allowed: a string or an array of strings");
    CHECK(sceneMembersRefusal(R"("title": "x")") ==
          "title: is not a member of a scene file; allowed: format, version, description, "
          "notes, settings, obstacles, balls, pinned, positions, velocities");
}
