// The built-in 3D scenes (src/pbd/files/scenes/*-3d.json) against what their words say, each
// checked by physics rather than by its own output: every one runs finite and outside its
// obstacles grown by half the thickness; the sheet drapes around the sphere; the bar pulls
// the tablecloth off the table; the wind blows the flag out along itself; the ball pushes the
// curtain back and makes no momentum along its throw; the cantilever droops as the heavy
// elastica; the dropped sheet comes to rest half a thickness above the ground. Also 3D scene
// files: their shapes, balls and positions, and the other dimension's refused.

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "elastica.h"
#include "obstacle3_geometry.h"
#include "pbd/run_start.h"
#include "pbd/scene.h"
#include "pbd/simulation.h"
#include "scene_support.h"

using pbd::Scene;
using pbd::Simulation3;
using V3 = pbd::Vec<3>;

namespace {

using pbd::test::sceneSimulation3;
using pbd::test::sceneMembersRefusal;

const std::vector<std::string> kScenes3 = {"drape-3d",   "tablecloth-3d", "flag-3d",
                                           "curtain-3d", "cantilever-3d", "drop-3d"};

Simulation3 builtIn(const std::string& name)
{
    const auto scene = pbd::builtInScene(name);
    REQUIRE(scene);
    return sceneSimulation3(*scene);
}

void run(Simulation3& simulation, int steps)
{
    for (int i = 0; i < steps; ++i)
        simulation.step();
}

V3 centroid(const Simulation3& simulation)
{
    V3 sum(0.0);
    for (const V3& x : simulation.particles().position)
        sum += x;
    return sum / static_cast<double>(simulation.particles().size());
}

double fastest(const Simulation3& simulation)
{
    double v = 0.0;
    for (const V3& u : simulation.particles().velocity)
        v = std::max(v, std::sqrt(pbd::squaredLength(u)));
    return v;
}

} // namespace

TEST_CASE("the registry holds the six 3D scenes, each marked with its dimensions",
          "[scene][scene3d]")
{
    for (const pbd::BuiltInScene& entry : pbd::builtInScenes()) {
        INFO(entry.name);
        const auto scene = pbd::builtInScene(entry.name);
        REQUIRE(scene);
        CHECK(entry.dimensions == scene->settings.dimensions);
        const bool listed = std::find(kScenes3.begin(), kScenes3.end(), std::string(entry.name)) !=
                            kScenes3.end();
        CHECK(listed == (entry.dimensions == 3));
    }
}

TEST_CASE("every 3D scene runs 300 steps finite and outside its obstacles", "[scene][scene3d]")
{
    for (const std::string& name : kScenes3) {
        INFO(name);
        Simulation3 simulation = builtIn(name);
        const double grow = simulation.settings().thickness / 2;
        for (int step = 0; step < 300; ++step) {
            simulation.step();
            const auto& p = simulation.particles();
            for (std::size_t i = 0; i < p.size(); ++i) {
                for (int c = 0; c < 3; ++c)
                    REQUIRE(std::isfinite(p.position[i][c]));
                for (const pbd::Obstacle3& o : simulation.obstacles()) {
                    const double d = pbd::test::signedDistance(o, p.position[i]) - grow;
                    INFO("step " << step << ", particle " << i << ", distance " << d);
                    REQUIRE(d > -1e-9);
                }
            }
        }
    }
}

TEST_CASE("a 3D scene's restart brings it back as it started: cloth, pins, shapes, balls",
          "[scene][scene3d]")
{
    for (const std::string& name : kScenes3) {
        INFO(name);
        const Simulation3 fresh = builtIn(name);
        Simulation3 simulation = builtIn(name);
        run(simulation, 60); // the bar and the ball have moved, the cloth has fallen
        CHECK_FALSE(simulation.state() == fresh.state());
        simulation.restart();
        CHECK(simulation.state() == fresh.state());
    }
}

TEST_CASE("drape-3d: the sheet rests on the sphere and hangs below its top all around",
          "[scene][scene3d]")
{
    Simulation3 simulation = builtIn("drape-3d");
    run(simulation, 600); // 3 s
    const pbd::Obstacle3& sphere = simulation.obstacles()[0];
    REQUIRE(sphere.shape == pbd::Obstacle3Shape::Sphere);
    const double grow = simulation.settings().thickness / 2;
    const double top = sphere.a.y + sphere.radius;
    double highest = -1e9;
    bool below[4] = {false, false, false, false}; // below the sphere's centre, per quadrant
    for (const V3& x : simulation.particles().position) {
        highest = std::max(highest, x.y);
        if (x.y < sphere.a.y)
            below[(x.x > sphere.a.x ? 1 : 0) + (x.z > sphere.a.z ? 2 : 0)] = true;
    }
    // Held up by the sphere: its highest particle lies on the sphere's top.
    CHECK(highest == Approx(top + grow).margin(0.02));
    // Its skirt hangs below the sphere's middle on every side.
    for (int q = 0; q < 4; ++q) {
        INFO("quadrant " << q);
        CHECK(below[q]);
    }
}

TEST_CASE("tablecloth-3d: the cloth lies on the table until the bar pulls it off",
          "[scene][scene3d]")
{
    Simulation3 simulation = builtIn("tablecloth-3d");
    const pbd::Obstacle3& table = simulation.obstacles()[0];
    REQUIRE(table.shape == pbd::Obstacle3Shape::Box);
    const double top = table.a.y + table.size.y / 2;
    auto onTable = [&] {
        std::size_t count = 0;
        for (const V3& x : simulation.particles().position)
            if (std::abs(x.x - table.a.x) <= table.size.x / 2 &&
                std::abs(x.z - table.a.z) <= table.size.z / 2 && x.y >= top && x.y < top + 0.2)
                ++count;
        return count;
    };
    run(simulation, 100); // 0.5 s: landed, the bar not yet at the table (x = 0.2 m)
    CHECK(onTable() > simulation.particles().size() / 3);
    run(simulation, 400); // 2.5 s: the bar 0.9 m past the table's far edge
    CHECK(simulation.obstacles()[2].a.x > table.a.x + table.size.x / 2 + 0.5);
    CHECK(onTable() == 0);
}

TEST_CASE("flag-3d: the wind blows the flag out along itself, without it the flag hangs",
          "[scene][scene3d]")
{
    const Scene scene = *pbd::builtInScene("flag-3d");
    const V3 wind(scene.settings.windX, 0.0, scene.settings.windZ);
    REQUIRE(pbd::squaredLength(wind) > 0.0);
    const V3 along = wind / std::sqrt(pbd::squaredLength(wind));
    auto displaced = [&](const Scene& s) {
        Simulation3 simulation = sceneSimulation3(s);
        const V3 before = centroid(simulation);
        run(simulation, 400); // 2 s
        return pbd::dot(V3(centroid(simulation) - before), along);
    };
    Scene still = scene;
    still.settings.windX = 0.0;
    still.settings.windZ = 0.0;
    const double blown = displaced(scene);
    const double calm = displaced(still);
    CAPTURE(blown, calm);
    CHECK(blown > 0.15); // the flag's middle moves downwind
    CHECK(blown > calm + 0.15);
}

TEST_CASE("curtain-3d: the ball pushes the curtain back and makes no momentum along its throw",
          "[scene][scene3d]")
{
    Simulation3 simulation = builtIn("curtain-3d");
    REQUIRE(simulation.balls().size() == 1);
    const double ballMass = simulation.balls()[0].mass;
    const double thrown = simulation.balls()[0].velocity.z;
    REQUIRE(thrown < 0.0);
    auto momentumZ = [&] {
        double p = ballMass * simulation.balls()[0].velocity.z;
        const auto& particles = simulation.particles();
        for (std::size_t i = 0; i < particles.size(); ++i)
            p += particles.mass[i] * particles.velocity[i].z;
        return p;
    };
    const double initial = momentumZ();
    double pushedMost = 0.0; // the curtain's deepest point along the throw
    double clothMost = 0.0;  // the cloth's largest momentum along the throw
    for (int step = 0; step < 80; ++step) { // 0.4 s: the ball meets the curtain at 0.16 s
        simulation.step();
        const double p = momentumZ();
        INFO("step " << step << ", momentum " << p << " of " << initial);
        // The pins may take momentum out; nothing adds any along the throw.
        REQUIRE(p >= initial * (1.0 + 1e-9));
        REQUIRE(p <= 1e-9);
        for (const V3& x : simulation.particles().position)
            pushedMost = std::min(pushedMost, x.z);
        clothMost = std::min(clothMost, p - ballMass * simulation.balls()[0].velocity.z);
    }
    CAPTURE(pushedMost, clothMost, simulation.balls()[0].velocity.z);
    CHECK(pushedMost < -0.1);                           // pushed back by a tenth of a metre
    CHECK(clothMost < 0.1 * initial);                   // it took a share of the momentum
    CHECK(simulation.balls()[0].velocity.z > 0.8 * thrown); // and slowed the ball
}

TEST_CASE("cantilever-3d: the strip's tip droops as the heavy elastica", "[scene][scene3d]")
{
    Scene scene = *pbd::builtInScene("cantilever-3d");
    const pbd::Settings& s = scene.settings;
    const double du = s.clothWidth / (s.width - 1);
    const double length = du * (s.width - 1.5); // from the clamp's middle
    const double rho = s.density, g = -s.gravity;
    auto droop = [&](const Scene& strip) {
        Simulation3 simulation = sceneSimulation3(strip);
        run(simulation, 600); // 3 s, damped to rest
        CHECK(fastest(simulation) < 1e-4);
        double drop = 0.0;
        const int w = strip.settings.width;
        for (int r = 0; r < strip.settings.height; ++r)
            drop -= simulation.particles().position[static_cast<std::size_t>(r * w + w - 1)].y;
        return drop / strip.settings.height;
    };
    // As the scene is: rho g L^3 / B = 1, the tip about an eighth of L down.
    const double law = pbd::test::elasticaLaw(length, rho, g, s.bending).drop;
    const double drop = droop(scene);
    CAPTURE(length, drop, law, rho * g * std::pow(length, 4) / (8.0 * s.bending));
    CHECK(drop == Approx(law).epsilon(0.03));
    // Four times as stiff, a small droop: rho g L^4 / (8 B), with the substeps the stiffer
    // bends need (omega h the same).
    Scene stiff = scene;
    stiff.settings.bending *= 4.0;
    stiff.settings.substeps *= 2;
    const double small = rho * g * std::pow(length, 4) / (8.0 * stiff.settings.bending);
    const double stiffDrop = droop(stiff);
    CAPTURE(stiffDrop, small);
    CHECK(stiffDrop == Approx(small).epsilon(0.03));
}

TEST_CASE("drop-3d: the sheet comes to rest half a thickness above the ground",
          "[scene][scene3d]")
{
    Simulation3 simulation = builtIn("drop-3d");
    const pbd::Obstacle3& ground = simulation.obstacles()[0];
    REQUIRE(ground.shape == pbd::Obstacle3Shape::Ground);
    run(simulation, 400); // 2 s: a 0.5 m fall takes 0.32 s
    const double rest = ground.a.y + simulation.settings().thickness / 2;
    for (const V3& x : simulation.particles().position)
        REQUIRE(x.y == Approx(rest).margin(1e-6));
    CHECK(fastest(simulation) < 1e-3);
}

TEST_CASE("a 3D scene file holds 3D shapes, balls, pins and x y z positions", "[scene][scene3d]")
{
    const std::string settings = R"("settings": {"dimensions": 3, "width": 2, "height": 2})";
    const pbd::SceneParse parsed = pbd::sceneFromJson(
        R"({"format": "pbd-cloth-scene", "version": 1, )" + settings + R"(,
            "obstacles": [{"shape": "sphere", "x": 0, "y": -2, "z": 0, "radius": 0.5},
                          {"shape": "plane", "x": 0, "y": -3, "z": 0, "nx": 0, "ny": 1, "nz": 0.2}],
            "balls": [{"x": 1, "y": 1, "z": 2, "vx": 0, "vy": 0, "vz": -1, "radius": 0.2, "mass": 1}],
            "pinned": [1],
            "positions": [0, 0, 0.5, 0.2, 0, 0.5, 0, -0.2, 0.5, 0.2, -0.2, 0.5],
            "velocities": [0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1]})");
    INFO((parsed.error ? parsed.error->message : std::string()));
    REQUIRE(parsed.scene);
    const Scene& scene = *parsed.scene;
    CHECK(scene.obstacles.empty());
    CHECK(scene.balls.empty());
    REQUIRE(scene.obstacles3.size() == 2);
    CHECK(scene.obstacles3[1].shape == pbd::Obstacle3Shape::Plane);
    REQUIRE(scene.balls3.size() == 1);
    CHECK(scene.balls3[0].velocity.z == -1.0);
    // Written and read back: the same scene.
    const pbd::SceneParse again = pbd::sceneFromJson(pbd::sceneToJson(scene));
    REQUIRE(again.scene);
    CHECK(*again.scene == scene);
    // Applied: the world, the pins, x y z per particle, the pinned particle at rest.
    Simulation3 simulation = sceneSimulation3(scene);
    CHECK(simulation.obstacles().size() == 2);
    CHECK(simulation.balls().size() == 1);
    CHECK(simulation.particles().position[2] == V3(0.0, -0.2, 0.5));
    CHECK(simulation.particles().velocity[2] == V3(0.0, 0.0, 1.0));
    CHECK(simulation.particles().velocity[1] == V3(0.0));
    CHECK(simulation.particles().pinned(1));
    // A restart brings the scene's world and pins back (its positions are a start, not the
    // grid: the grid again, as in 2D).
    run(simulation, 10);
    simulation.restart();
    CHECK(simulation.obstacles().size() == 2);
    CHECK(simulation.particles().pinned(1));
}

TEST_CASE("a scene's shapes, balls and positions are of its dimensions, others are refused",
          "[scene][scene3d]")
{
    const std::string three = R"("settings": {"dimensions": 3, "width": 2, "height": 2}, )";
    using Catch::Contains;
    // A 2D shape in a 3D scene names the shape and the dimensions.
    CHECK_THAT(sceneMembersRefusal(three + R"("obstacles": [{"shape": "circle", "x": 0, "y": 0, "radius": 1}])"),
               Contains("obstacles[0].shape") && Contains("circle") &&
                   Contains("dimensions = 3"));
    CHECK_THAT(sceneMembersRefusal(three + R"("obstacles": [{"shape": "box", "x": 0, "y": 0, "width": 1, "height": 1, "angle": 0}])"),
               Contains("obstacles[0]") && Contains("box") && Contains("dimensions = 3"));
    CHECK_THAT(sceneMembersRefusal(three + R"("balls": [{"x": 0, "y": 0, "vx": 0, "vy": 0, "radius": 0.3, "mass": 1}])"),
               Contains("balls[0]") && Contains("dimensions = 3"));
    // A 3D shape in a 2D scene likewise.
    CHECK_THAT(sceneMembersRefusal(R"("obstacles": [{"shape": "sphere", "x": 0, "y": 0, "z": 0, "radius": 1}])"),
               Contains("obstacles[0].shape") && Contains("sphere") &&
                   Contains("dimensions = 2"));
    // Positions take three numbers per particle in 3D.
    CHECK_THAT(sceneMembersRefusal(three + R"("positions": [0, 0, 0, 0, 0, 0, 0, 0])"),
               Contains("positions") && Contains("12 numbers (3 per particle"));
    CHECK_THAT(sceneMembersRefusal(three + R"("velocities": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, "x"])"),
               Contains("velocities[3].z"));
    CHECK_THAT(sceneMembersRefusal(three + R"("balls": [{"x": 0, "y": 0, "z": 0, "vx": 0, "vy": 0, "vz": 0, "radius": 0.3, "mass": 1, "held": true}])"),
               Contains("balls[0].held"));
}

TEST_CASE("a scene runs only in its own dimensions", "[scene][scene3d]")
{
    const Scene drape = *pbd::builtInScene("drape-3d");
    const Scene page = *pbd::builtInScene("page");
    pbd::Simulation plane;
    const auto into2 = pbd::applyScene(plane, drape);
    REQUIRE(into2);
    CHECK_THAT(*into2, Catch::Contains("dimensions = 3") && Catch::Contains("dimensions = 2"));
    Simulation3 space(Simulation3::defaultSettings());
    const auto into3 = pbd::applyScene(space, page);
    REQUIRE(into3);
    CHECK_THAT(*into3, Catch::Contains("dimensions = 2") && Catch::Contains("dimensions = 3"));
    // A 3D scene put together in code with a 2D shape: refused, not dropped.
    Scene mixed = drape;
    mixed.obstacles.push_back(pbd::Obstacle{});
    const auto lost = pbd::applyScene(space, mixed);
    REQUIRE(lost);
    CHECK_THAT(*lost, Catch::Contains("dimensions = 2 are not allowed in a scene of dimensions = 3"));
    // The run's start: --dimensions against the scene's, named both ways.
    for (const int asked : {2, 3}) {
        pbd::RunStart start;
        start.scene = asked == 2 ? drape : page;
        start.settings = [asked](pbd::Settings& s) -> std::optional<std::string> {
            s.dimensions = asked;
            if (auto e = pbd::validate(s))
                return "--" + e->field + ": " + e->message;
            return std::nullopt;
        };
        pbd::Settings settings;
        const auto error = pbd::startSettings(start, settings);
        REQUIRE(error);
        CHECK_THAT(error->message, Catch::StartsWith("--dimensions: '" + std::to_string(asked) +
                                                     "' is not allowed with --scene") &&
                                       Catch::Contains("dimensions = " +
                                                       std::to_string(5 - asked)));
    }
    // The 3D start: the scene, then the given shapes and balls.
    pbd::RunStart start;
    start.scene = drape;
    pbd::Obstacle3 beside = drape.obstacles3[0];
    beside.a.x += 3.0;
    pbd::settleObstacle(beside);
    start.obstacles3 = std::vector<pbd::Obstacle3>{beside};
    pbd::Settings settings;
    REQUIRE_FALSE(pbd::startSettings(start, settings));
    Simulation3 started(settings);
    REQUIRE_FALSE(pbd::setUpStart(started, start));
    CHECK(started.obstacles().size() == 3);
    CHECK(started.obstacles()[2].a.x == drape.obstacles3[0].a.x + 3.0);
    // Written back out (what a recording needs): the same start again.
    const Scene written = pbd::startScene(started);
    CHECK(written.obstacles3.size() == 3);
    const pbd::SceneParse read = pbd::sceneFromJson(pbd::sceneToJson(written));
    REQUIRE(read.scene);
    Simulation3 again = sceneSimulation3(*read.scene);
    CHECK(again.state() == started.state());
}
