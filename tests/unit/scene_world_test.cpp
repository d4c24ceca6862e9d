// The world's scripted parts: the hammock scene catches its ball (a heavier one sags it
// further), the sweep scene's bar moves by its velocity and pushes the cloth, `scene` event
// lines replace the world and replay bit for bit, and a state saved mid-action (a held ball,
// a pending obstacle move, a ground off x = 0) loads and continues bit for bit.

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <glm/geometric.hpp>

#include "pbd/command.h"
#include "pbd/drag_script.h"
#include "pbd/scene.h"
#include "pbd/simulation.h"
#include "pbd/state_file.h"
#include "sim_builders.h"
#include "scene_support.h"

using pbd::Scene;
using pbd::Settings;
using pbd::Simulation;

namespace {

using pbd::test::sceneSimulation;

/// Plays `script` on a page cloth for `steps` steps, as pbd-sim run does.
Simulation play(const std::string& script, int steps)
{
    Simulation simulation;
    pbd::DragPlayer player(pbd::parseEventScript(script, simulation.settings()));
    for (int step = 0; step < steps; ++step) {
        player.applyBefore(static_cast<std::uint64_t>(step), simulation);
        simulation.step();
    }
    return simulation;
}

/// The highest strip particle within the ball's radius in x, m.
double stripUnder(const Simulation& simulation, const pbd::Ball& ball)
{
    double highest = -1e9;
    for (const glm::dvec2 p : simulation.particles().position)
        if (std::abs(p.x - ball.position.x) < ball.radius)
            highest = std::max(highest, p.y);
    return highest;
}

double lowest(const Simulation& simulation)
{
    double y = 1e9;
    for (const glm::dvec2 p : simulation.particles().position)
        y = std::min(y, p.y);
    return y;
}

} // namespace

TEST_CASE("the hammock catches its ball, which comes to rest above it, a heavier one sags it "
          "further", "[scene][balls][physics]")
{
    Scene scene = *pbd::builtInScene("hammock");
    REQUIRE(scene.balls.size() == 1);
    Simulation light = sceneSimulation(scene);
    scene.balls[0].mass *= 5.0;
    Simulation heavy = sceneSimulation(scene);
    pbd::test::run(light, 2000); // 10 s
    pbd::test::run(heavy, 2000);
    for (const Simulation* s : {&light, &heavy}) {
        const pbd::Ball& ball = s->balls()[0];
        CHECK(glm::length(ball.velocity) < 1e-3);                    // at rest
        CHECK(ball.position.y > stripUnder(*s, ball));               // on it, not through
        CHECK(ball.position.y > -1.5);                               // caught, not fallen
        CHECK(s->particles().flags[0] != 0);                         // hung by its corners
    }
    CHECK(lowest(heavy) < lowest(light) - 0.1);
    CHECK(heavy.balls()[0].position.y < light.balls()[0].position.y - 0.1);
}

TEST_CASE("the sweep's bar moves by its velocity, pushes the cloth along, and a restart puts "
          "it back", "[scene][world]")
{
    const Scene scene = *pbd::builtInScene("sweep");
    REQUIRE(scene.obstacles.size() == 2);
    REQUIRE(scene.obstacles[1].velocity == glm::dvec2(0.5, 0.0));
    Simulation simulation = sceneSimulation(scene);
    const double x0 = pbd::obstaclePose(scene.obstacles[1]).centre.x;
    pbd::test::run(simulation, 1200); // 6 s
    const double x = pbd::obstaclePose(simulation.obstacles()[1]).centre.x;
    CHECK(x == Approx(x0 + 0.5 * 6.0).epsilon(1e-9));
    // Every particle is ahead of the bar (radius 0.1, thickness 0.04): swept along.
    double leftmost = 1e9;
    for (const glm::dvec2 p : simulation.particles().position)
        leftmost = std::min(leftmost, p.x);
    CHECK(leftmost >= x + 0.1 + 0.02 - 1e-9);
    CHECK(leftmost > 0.5); // the strip began at x = 0: it was pushed

    Scene still = scene;
    still.obstacles[1].velocity = {0.0, 0.0};
    Simulation resting = sceneSimulation(still);
    pbd::test::run(resting, 1200);
    double leftmostResting = 1e9;
    for (const glm::dvec2 p : resting.particles().position)
        leftmostResting = std::min(leftmostResting, p.x);
    CHECK(leftmostResting < 0.2); // without the motion, nothing sweeps it

    simulation.restart();
    CHECK(simulation.obstacles()[1] == scene.obstacles[1]);
}

TEST_CASE("a scene line replaces the world, restart brings that scene back, and the script "
          "replays bit for bit", "[scene][script]")
{
    const std::string script = "0 set solver colored\n"
                               "5 scene hammock\n"
                               "150 grab-ball 0 1.5 1\n"
                               "160 move-ball 1.6 1.2\n"
                               "170 release-ball 0.5 -2\n"
                               "300 scene sweep\n"
                               "320 move-obstacle 1 0 0 10\n"
                               "400 restart\n";
    // What the lines do, through the API.
    Simulation direct;
    Settings colored = direct.settings();
    colored.solver = pbd::Solver::Colored;
    for (int step = 0; step < 500; ++step) {
        if (step == 0)
            REQUIRE_FALSE(direct.apply(colored));
        if (step == 5) {
            Scene hammock = *pbd::builtInScene("hammock");
            hammock.settings.solver = pbd::Solver::Colored; // the solver stays
            REQUIRE_FALSE(pbd::applyScene(direct, hammock));
        }
        if (step == 150)
            REQUIRE_FALSE(direct.grabBall(0, {1.5, 1.0}));
        if (step == 160)
            REQUIRE_FALSE(direct.moveBall({1.6, 1.2}));
        if (step == 170)
            REQUIRE_FALSE(direct.releaseBall(glm::dvec2(0.5, -2.0)));
        if (step == 300) {
            Scene sweep = *pbd::builtInScene("sweep");
            sweep.settings.solver = pbd::Solver::Colored;
            REQUIRE_FALSE(pbd::applyScene(direct, sweep));
        }
        if (step == 320)
            REQUIRE_FALSE(direct.moveObstacle(1, {0.0, 0.0}, 10.0));
        if (step == 400) {
            direct.restart();
            Scene sweep = *pbd::builtInScene("sweep");
            sweep.settings.solver = pbd::Solver::Colored;
            const Simulation fresh = sceneSimulation(sweep);
            CHECK(direct.obstacles().size() == fresh.obstacles().size());
            CHECK(std::equal(direct.obstacles().begin(), direct.obstacles().end(),
                             fresh.obstacles().begin()));
            CHECK(pbd::test::samePositions(direct, fresh));
            CHECK(direct.settings() == fresh.settings());
        }
        direct.step();
    }
    const Simulation played = play(script, 500);
    CHECK(played.settings() == direct.settings());
    CHECK(pbd::test::samePositions(played, direct));
    CHECK(played.state() == direct.state());
    CHECK(pbd::test::samePositions(play(script, 500), played)); // and again

    // Each line formats back to itself; the parser knows the scene's world for the indices.
    for (const pbd::DragEvent& e : pbd::parseEventScript(script, Settings{}))
        CHECK(pbd::formatEvent(
                  pbd::parseEventScript(pbd::formatEvent(e) + "\n", Settings{}, 2, 1).front()) ==
              pbd::formatEvent(e));
    CHECK(pbd::formatEvent(pbd::parseEventScript("7 scene table", Settings{}).front()) ==
          "7 scene table");
    CHECK_THROWS_WITH(pbd::parseEventScript("0 scene hammock\n1 remove-obstacle 1\n", Settings{}),
                      Catch::Contains("line 2") && Catch::Contains("obstacle index '1'") &&
                          Catch::Contains("allowed: 0 to 0"));
    CHECK_THROWS_WITH(pbd::parseEventScript("0 scene no-such-scene\n", Settings{}),
                      Catch::Contains("line 1") &&
                          Catch::Contains("scene: 'no-such-scene' is not a built-in scene") &&
                          Catch::Contains("allowed: page,"));
    CHECK_THROWS_WITH(pbd::parseEventScript("0 scene\n", Settings{}),
                      Catch::Contains("allowed: 'STEP scene NAME|FILE'"));
}

TEST_CASE("a state saved with a held ball and a pending obstacle move continues bit for bit",
          "[scene][state]")
{
    for (const char* name : {"hammock", "sweep", "table"}) {
        INFO(name);
        Simulation simulation = sceneSimulation(*pbd::builtInScene(name));
        if (simulation.balls().empty())
            REQUIRE_FALSE(simulation.addBall({{1.0, 1.0}, {0.0, 0.0}, 0.2, 1.0}));
        pbd::test::run(simulation, 60);
        REQUIRE_FALSE(simulation.grabBall(0, {1.2, 0.8}));
        REQUIRE_FALSE(simulation.moveObstacle(0, {0.3, -3.0}, 5.0)); // a ground leaves x = 0
        pbd::test::run(simulation, 10);
        REQUIRE_FALSE(simulation.moveBall({1.4, 0.7}));
        REQUIRE_FALSE(simulation.moveObstacle(0, {0.4, -3.1}, 4.0)); // pending at the save

        const std::string text = pbd::stateToJson(simulation.state());
        CHECK(text.find("\"held\": true") != std::string::npos);
        CHECK(text.find("\"start\"") != std::string::npos);
        const pbd::StateParse parsed = pbd::stateFromJson(text);
        REQUIRE_FALSE(parsed.error);
        CHECK(*parsed.state == simulation.state());
        Simulation loaded;
        REQUIRE_FALSE(loaded.restore(*parsed.state));
        for (int step = 0; step < 40; ++step) {
            if (step == 20) {
                REQUIRE_FALSE(simulation.releaseBall(glm::dvec2(1.0, 0.0)));
                REQUIRE_FALSE(loaded.releaseBall(glm::dvec2(1.0, 0.0)));
            }
            simulation.step();
            loaded.step();
        }
        CHECK(pbd::test::samePositions(loaded, simulation));
        CHECK(loaded.state() == simulation.state());
    }
}

TEST_CASE("grounds anywhere, and obstacles with a velocity, write back exactly",
          "[world][state]")
{
    std::mt19937_64 random(24);
    std::uniform_real_distribution<double> coordinate(-1e3, 1e3);
    std::uniform_real_distribution<double> angle(-360.0, 360.0);
    std::vector<pbd::Obstacle> grounds;
    for (int k = 0; k < 200; ++k) {
        pbd::Obstacle g;
        g.shape = pbd::ObstacleShape::Ground;
        g.a = {k % 5 == 0 ? (k % 10 == 0 ? 0.0 : -0.0) : coordinate(random), coordinate(random)};
        g.angle = k % 7 == 0 ? 90.0 : angle(random); // vertical ones too
        pbd::settleObstacle(g);
        std::string error;
        const auto again = pbd::parseObstacleSpec(pbd::formatObstacleSpec(g), error);
        INFO(pbd::formatObstacleSpec(g) << " " << error);
        REQUIRE(again);
        CHECK(*again == g);
        CHECK(std::signbit(again->a.x) == std::signbit(g.a.x));
        if (k < 100)
            grounds.push_back(g);
    }
    grounds.back().velocity = {0.25, -1.0 / 3.0};
    Simulation simulation(pbd::test::clothSettings(3, 2));
    REQUIRE_FALSE(simulation.setInitialObstacles(grounds));
    const pbd::StateParse parsed = pbd::stateFromJson(pbd::stateToJson(simulation.state()));
    REQUIRE_FALSE(parsed.error);
    CHECK(parsed.state->obstacles == simulation.state().obstacles);

    std::string error;
    CHECK_FALSE(pbd::parseObstacleSpec("ground:1,2,nan", error));
    CHECK(error.find("ground angle 'nan' is not a finite number") != std::string::npos);
    CHECK_FALSE(pbd::parseObstacleSpec("ground:1,2,3,4", error));
    CHECK(error.find("ground takes 1 to 3 values, got 4") != std::string::npos);
}

TEST_CASE("bad held balls and start poses in state files are refused naming the field",
          "[state][balls]")
{
    Simulation simulation(pbd::test::clothSettings(3, 2));
    REQUIRE_FALSE(simulation.setInitialBalls({{{0.0, 1.0}, {0.0, 0.0}, 0.2, 1.0},
                                              {{1.0, 1.0}, {0.0, 0.0}, 0.2, 1.0}}));
    std::string error;
    REQUIRE_FALSE(simulation.setInitialObstacles({*pbd::parseObstacleSpec("circle:0,-3,1", error)}));
    REQUIRE_FALSE(simulation.grabBall(0, {0.0, 1.0}));
    REQUIRE_FALSE(simulation.moveObstacle(0, {0.5, -3.0}, std::nullopt));
    const std::string good = pbd::stateToJson(simulation.state());
    auto refusal = [&good](const std::string& from, const std::string& to) {
        std::string text = good;
        const std::size_t at = text.find(from);
        REQUIRE(at != std::string::npos);
        text.replace(at, from.size(), to);
        const pbd::StateParse parsed = pbd::stateFromJson(text);
        REQUIRE(parsed.error);
        return parsed.error->message;
    };
    CHECK_THAT(refusal("\"held\": true", "\"held\": 1"),
               Catch::StartsWith("balls[0].held: '1' is not allowed; allowed: true or false"));
    pbd::SimulationState twoHeld = simulation.state();
    twoHeld.balls[1].held = true;
    const pbd::StateParse both = pbd::stateFromJson(pbd::stateToJson(twoHeld));
    REQUIRE(both.error);
    CHECK_THAT(both.error->message,
               Catch::Contains("balls[1]: held true is not allowed; allowed: at most one"));
    CHECK(simulation.restore(twoHeld).value_or("").find("at most one held") !=
          std::string::npos);
    CHECK_THAT(refusal("\"start\": {", "\"start\": {\"z\": 1, "),
               Catch::StartsWith("obstacles[0].start.z: is not a member of a start pose"));
    CHECK_THAT(refusal("\"start\": {", "\"begin\": {"),
               Catch::StartsWith("obstacles[0].begin: is not a member of a circle"));
}
