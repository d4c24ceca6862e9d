// The one world set-up (pbd/run_start.h): a run's start from a scene, a state file, the
// settings flags, obstacles and balls, as pbd-sim and pbd-cloth both compose it, and written
// back out as a scene that rebuilds the same run.

#include <optional>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "pbd/run_start.h"
#include "pbd/scene.h"
#include "pbd/simulation.h"
#include "pbd/state_io.h"

using pbd::RunStart;
using pbd::Settings;
using pbd::Simulation;

namespace {

pbd::Obstacle obstacle(const char* spec)
{
    std::string error;
    const std::optional<pbd::Obstacle> o = pbd::parseObstacleSpec(spec, error);
    REQUIRE(o);
    return *o;
}

/// A simulation set up from `start` (made with startSettings()), as both programs do.
Simulation setUp(const RunStart& start)
{
    Settings settings;
    REQUIRE_FALSE(pbd::startSettings(start, settings));
    Simulation simulation(settings);
    REQUIRE_FALSE(pbd::setUpStart(simulation, start));
    return simulation;
}

std::uint64_t hashAfter(Simulation& simulation, int steps)
{
    for (int step = 0; step < steps; ++step)
        simulation.step();
    return pbd::positionsHash(simulation.particles().position);
}

} // namespace

TEST_CASE("a start written back out as a scene rebuilds the same run", "[run-start]")
{
    pbd::Ball ball;
    ball.position = {3.0, 2.0};
    ball.start = ball.position;
    ball.radius = 0.3;
    ball.mass = 1.0;
    std::vector<RunStart> starts(3);
    starts[0].scene = pbd::builtInScene("pegs"); // a scene, a flag over it, a ball beside it
    starts[0].settings = [](Settings& s) {
        s.friction = 0.2;
        return std::optional<std::string>{};
    };
    starts[0].balls = std::vector<pbd::Ball>{ball};
    starts[1].obstacles = std::vector<pbd::Obstacle>{obstacle("circle:4,-5,1"),
                                                     obstacle("ground:-8,-10")};
    starts[1].balls = std::vector<pbd::Ball>{ball};
    starts[2].scene = pbd::builtInScene("hammock"); // pins of its own
    for (const RunStart& start : starts) {
        Simulation original = setUp(start);
        const pbd::Scene written = pbd::startScene(original);
        const pbd::SceneParse read = pbd::sceneFromJson(pbd::sceneToJson(written));
        REQUIRE(read.scene);
        RunStart again;
        again.scene = read.scene;
        Simulation rebuilt = setUp(again);
        CHECK(rebuilt.obstacles().size() == original.obstacles().size());
        CHECK(rebuilt.balls().size() == original.balls().size());
        CHECK(rebuilt.settings() == original.settings());
        CHECK(hashAfter(rebuilt, 200) == hashAfter(original, 200));
    }
}

TEST_CASE("a start refuses a scene with a state file, and says when a file cannot be read",
          "[run-start]")
{
    RunStart both;
    both.scene = pbd::builtInScene("pegs");
    both.stateFile = "state.json";
    Settings settings;
    const std::optional<pbd::StartError> refused = pbd::startSettings(both, settings);
    REQUIRE(refused);
    CHECK(refused->message == "--scene: cannot be given with --load; allowed: one of them");
    CHECK_FALSE(refused->io);

    RunStart missing;
    missing.stateFile = "/nonexistent/pbd-cloth-state.json";
    Simulation simulation{Settings{}};
    const std::optional<pbd::StartError> unreadable = pbd::setUpStart(simulation, missing);
    REQUIRE(unreadable);
    CHECK(unreadable->io);
    CHECK(unreadable->message.rfind("--load: cannot read /nonexistent/pbd-cloth-state.json: ", 0) ==
          0);
}
