// Scenes: every built-in one loads and runs with no particle inside an obstacle, `page` is
// today's cloth bit for bit, scene files round-trip and bad ones are refused naming the field.

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "obstacle_geometry.h"
#include "pbd/command.h"
#include "pbd/drag_script.h"
#include "pbd/scene.h"
#include "pbd/simulation.h"
#include "pbd/state_file.h"
#include "scene_support.h"

using pbd::Scene;
using pbd::Simulation;

namespace {

using pbd::test::sceneSimulation;
using pbd::test::sceneRefusal;

const char* kHeader = R"("format": "pbd-cloth-scene", "version": 1)";

/// The 2D built-in scenes (scene3d_test.cpp tests the 3D ones).
std::vector<std::string> planeScenes()
{
    std::vector<std::string> names;
    for (const pbd::BuiltInScene& scene : pbd::builtInScenes())
        if (scene.dimensions == 2)
            names.emplace_back(scene.name);
    return names;
}

} // namespace

TEST_CASE("every built-in scene runs 200 steps outside its obstacles, all finite", "[scene]")
{
    REQUIRE(planeScenes().size() >= 5);
    for (const std::string& name : planeScenes()) {
        INFO(name);
        const auto scene = pbd::builtInScene(name);
        REQUIRE(scene);
        Simulation simulation = sceneSimulation(*scene);
        CHECK(simulation.obstacles().size() == scene->obstacles.size());
        const double grow = scene->settings.thickness / 2;
        for (int step = 0; step < 200; ++step) {
            simulation.step();
            const auto& p = simulation.particles();
            for (std::size_t i = 0; i < p.size(); ++i) {
                REQUIRE(std::isfinite(p.position[i].x));
                REQUIRE(std::isfinite(p.position[i].y));
                for (const pbd::Obstacle& o : simulation.obstacles())
                    REQUIRE(pbd::test::distanceToObstacle(o, p.position[i], grow) > -1e-9);
            }
        }
    }
}

TEST_CASE("the falling scenes reach their obstacles and pin nothing, also after a restart",
          "[scene][slow]")
{
    for (const char* name : {"curtain-over-ball", "pegs", "table", "slope", "bar", "sweep"}) {
        INFO(name);
        Simulation simulation = sceneSimulation(*pbd::builtInScene(name));
        for (int round = 0; round < 2; ++round) {
            for (std::size_t i = 0; i < simulation.particles().size(); ++i)
                REQUIRE(simulation.particles().flags[i] == 0);
            // Something touches within 2 s: some particle comes within 1 mm of a grown
            // obstacle.
            double nearest = 1e9;
            for (int step = 0; step < 400; ++step) {
                simulation.step();
                for (const glm::dvec2 x : simulation.particles().position)
                    for (const pbd::Obstacle& o : simulation.obstacles())
                        nearest = std::min(nearest,
                                           pbd::test::distanceToObstacle(
                                               o, x, simulation.settings().thickness / 2));
            }
            CHECK(nearest < 0.001);
            simulation.restart();
        }
    }
}

TEST_CASE("the page scene is the default cloth bit for bit", "[scene]")
{
    Simulation plain;
    Simulation scene = sceneSimulation(*pbd::builtInScene("page"));
    CHECK(scene.obstacles().empty());
    for (int step = 0; step < 1000; ++step) {
        plain.step();
        scene.step();
    }
    CHECK(scene.state() == plain.state());
    scene.restart();
    plain.restart();
    CHECK(scene.state() == plain.state());
}

TEST_CASE("a scene file round-trips, and a saved state of it loads back exactly", "[scene]")
{
    for (const std::string& name : planeScenes()) {
        INFO(name);
        const Scene scene = *pbd::builtInScene(name);
        const pbd::SceneParse parsed = pbd::sceneFromJson(pbd::sceneToJson(scene));
        REQUIRE_FALSE(parsed.error);
        CHECK(*parsed.scene == scene);

        Simulation simulation = sceneSimulation(*parsed.scene);
        for (int step = 0; step < 50; ++step)
            simulation.step();
        const pbd::StateParse state = pbd::stateFromJson(pbd::stateToJson(simulation.state()));
        REQUIRE_FALSE(state.error);
        Simulation loaded;
        REQUIRE_FALSE(loaded.restore(*state.state));
        CHECK(loaded.state() == simulation.state());
    }
}

TEST_CASE("a scene file's settings are a subset over the defaults, its pins replace the "
          "corners", "[scene]")
{
    const pbd::SceneParse parsed = pbd::sceneFromJson(
        std::string("{") + kHeader +
        R"(, "settings": {"width": 10, "friction": 0.25}, "pinned": [0, 5, 9],
             "obstacles": [{"shape": "ground", "x": 0, "y": -3, "angle": -10}], "balls": []})");
    REQUIRE_FALSE(parsed.error);
    pbd::Settings expected;
    expected.width = 10;
    expected.friction = 0.25;
    CHECK(parsed.scene->settings == expected);
    Simulation simulation = sceneSimulation(*parsed.scene);
    simulation.restart();
    for (std::size_t i = 0; i < simulation.particles().size(); ++i)
        CHECK((simulation.particles().flags[i] != 0) == (i == 0 || i == 5 || i == 9));
}

TEST_CASE("bad scene files are refused naming the field, the value and what is allowed",
          "[scene]")
{
    CHECK_THAT(sceneRefusal(R"({"format": "pbd-cloth-state", "version": 1})"),
               Catch::Contains("format: '\"pbd-cloth-state\"' is not allowed; allowed: "
                               "\"pbd-cloth-scene\""));
    CHECK_THAT(sceneRefusal(R"({"format": "pbd-cloth-scene", "version": 2})"),
               Catch::Contains("version: '2' is not supported; allowed: 1"));
    CHECK_THAT(sceneRefusal(std::string("{") + kHeader +
                       R"(, "obstacles": [{"shape": "circle", "x": 0, "y": 0, "radius": -1}]})"),
               Catch::StartsWith("obstacles[0]: ") && Catch::Contains("radius"));
    CHECK_THAT(sceneRefusal(std::string("{") + kHeader + R"(, "obstacles": [{"shape": "star"}]})"),
               Catch::StartsWith("obstacles[0].shape: '\"star\"' is not a shape"));
    CHECK_THAT(sceneRefusal(std::string("{") + kHeader + R"(, "settings": {"width": 0}})"),
               Catch::StartsWith("settings.width:"));
    CHECK_THAT(sceneRefusal(std::string("{") + kHeader + R"(, "settings": {"wide": 1}})"),
               Catch::StartsWith("settings.wide: is not a setting"));
    CHECK_THAT(sceneRefusal(std::string("{") + kHeader + R"(, "pinned": [5, 2]})"),
               Catch::StartsWith("pinned: '2' is not allowed; allowed: ascending"));
    CHECK_THAT(sceneRefusal(std::string("{") + kHeader + R"(, "pinned": [1200]})"),
               Catch::StartsWith("pinned: '1200' is not allowed"));
    CHECK_THAT(sceneRefusal(std::string("{") + kHeader +
                       R"(, "balls": [{"x": 0, "y": 0, "radius": 1, "mass": 1}]})"),
               Catch::StartsWith("balls[0].vx: is missing or not a number"));
    CHECK_THAT(sceneRefusal(std::string("{") + kHeader +
                       R"(, "balls": [{"x": 0, "y": 0, "vx": 0, "vy": 0, "radius": 0.05,
                                       "mass": 1}]})"),
               Catch::StartsWith("balls[0]: radius 0.05 is not allowed; allowed: 0.1 to"));
    CHECK_THAT(sceneRefusal(std::string("{") + kHeader +
                       R"(, "balls": [{"x": 0, "y": 0, "vx": 0, "vy": 0, "radius": 1,
                                       "mass": 1, "held": true}]})"),
               Catch::StartsWith("balls[0].held: true is not allowed in a scene"));
    CHECK_THAT(sceneRefusal(std::string("{") + kHeader +
                       R"(, "obstacles": [{"shape": "circle", "x": 0, "y": 0, "radius": 1,
                                           "vx": 1e9, "vy": 0}]})"),
               Catch::StartsWith("obstacles[0]: vx 1e+09 is not allowed; allowed: a "
                                 "finite number from -1000 to 1000 m/s"));
    CHECK_THAT(sceneRefusal(std::string("{") + kHeader +
                       R"(, "obstacles": [{"shape": "circle", "x": 0, "y": 0, "radius": 1,
                                           "vx": "fast"}]})"),
               Catch::StartsWith("obstacles[0].vx: is not a number"));
    CHECK_THAT(sceneRefusal(std::string("{") + kHeader + R"(, "time": 3})"),
               Catch::StartsWith("time: is not a member of a scene file"));
    CHECK_THAT(sceneRefusal("{"), Catch::StartsWith("not a scene file: not JSON"));

    std::string error;
    CHECK_FALSE(pbd::loadScene("no-such-scene", error));
    CHECK_THAT(error, Catch::StartsWith("scene: 'no-such-scene' is not a built-in scene or a "
                                        "readable file") &&
                          Catch::Contains("allowed: page, curtain-over-ball"));
}

TEST_CASE("a scene file loads by its path", "[scene]")
{
    const std::string path =
        (std::filesystem::temp_directory_path() / "pbd_scene_test.json").string();
    std::ofstream(path) << pbd::sceneToJson(*pbd::builtInScene("table"));
    std::string error;
    const auto scene = pbd::loadScene(path, error);
    REQUIRE(scene);
    CHECK(*scene == *pbd::builtInScene("table"));
    std::ofstream(path) << "{\"format\": \"pbd-cloth-scene\"}";
    CHECK_FALSE(pbd::loadScene(path, error));
    CHECK_THAT(error, Catch::StartsWith("scene: " + path + ": version: missing"));
    std::filesystem::remove(path);
}
