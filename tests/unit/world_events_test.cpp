// Obstacles from every source: the spec that --obstacle and `STEP obstacle` take, the event
// lines that add, move and remove them, restart, the limits, and refusals that name the field.

#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "obstacle_geometry.h"
#include "pbd/command.h"
#include "pbd/drag_script.h"
#include "pbd/simulation.h"
#include "pbd/state_file.h"
#include "sim_builders.h"

using pbd::Obstacle;
using pbd::ObstacleShape;
using pbd::Settings;
using pbd::Simulation;

namespace {

std::string refusal(const std::string& spec)
{
    std::string error;
    CHECK_FALSE(pbd::parseObstacleSpec(spec, error));
    return error;
}

std::string scriptRefusal(const std::string& text, std::size_t obstacles = 0)
{
    try {
        pbd::parseEventScript(text, Settings{}, obstacles);
    } catch (const pbd::DragScriptError& e) {
        return e.what();
    }
    FAIL("the script was accepted: " << text);
    return "";
}

} // namespace

TEST_CASE("obstacle specs read every shape and format back to the same obstacle", "[world]")
{
    for (const char* spec : {"circle:1,-2,0.5", "box:3,-1,2,0.5,-20", "box:3,-1,2,0.5",
                             "capsule:0,-1,3,-1.5,0.1", "ground:-3,-20", "ground:-3"}) {
        std::string error;
        const auto obstacle = pbd::parseObstacleSpec(spec, error);
        INFO(spec << ": " << error);
        REQUIRE(obstacle);
        CHECK(obstacle->start == pbd::obstaclePose(*obstacle));
        const auto again = pbd::parseObstacleSpec(pbd::formatObstacleSpec(*obstacle), error);
        REQUIRE(again);
        CHECK(*again == *obstacle);
    }
    std::string error;
    const auto capsule = pbd::parseObstacleSpec("capsule:0,0,2,2,0.1", error);
    REQUIRE(capsule);
    CHECK(pbd::obstaclePose(*capsule).centre == glm::dvec2(1.0, 1.0));
    CHECK(pbd::obstaclePose(*capsule).angle == Approx(45.0));
    const auto ground = pbd::parseObstacleSpec("ground:-2,10", error);
    REQUIRE(ground);
    CHECK(ground->a == glm::dvec2(0.0, -2.0));
}

TEST_CASE("bad obstacle specs are refused naming the field", "[world]")
{
    CHECK(refusal("circle:1,2").find("circle takes 3 values, got 2") != std::string::npos);
    CHECK(refusal("circle:1,2,-1").find("radius -1 is not allowed") != std::string::npos);
    CHECK(refusal("circle:1,2,nan").find("radius 'nan' is not a finite number") !=
          std::string::npos);
    CHECK(refusal("box:1,2,0,1").find("width 0 is not allowed") != std::string::npos);
    CHECK(refusal("box:1,2,1,1,400").find("angle 400 is not allowed") != std::string::npos);
    CHECK(refusal("capsule:1,2,3,4").find("capsule takes 5 values") != std::string::npos);
    CHECK(refusal("capsule:1,2,3,4e9,1").find("capsule y2 4e+09 is not allowed") !=
          std::string::npos);
    CHECK(refusal("ground:").find("ground y '' is not a finite number") != std::string::npos);
    CHECK(refusal("blob:1,2,3").find("obstacle shape 'blob' is not allowed") != std::string::npos);
    CHECK(refusal("circle").find("obstacle shape 'circle' is not allowed") != std::string::npos);
}

TEST_CASE("event lines add, move and remove obstacles, restart puts back the initial ones",
          "[world][events]")
{
    Simulation sim;
    std::string error;
    REQUIRE_FALSE(sim.setInitialObstacles({*pbd::parseObstacleSpec("ground:-8", error)}));
    const auto events = pbd::parseEventScript("0 obstacle circle:2,-3,0.5\n"
                                              "0 obstacle box:5,-3,1,1,10\n"
                                              "1 move-obstacle 2 6 -4 30\n"
                                              "2 remove-obstacle 0\n"
                                              "3 set friction 0.4\n"
                                              "3 set thickness 0.05\n",
                                              sim.settings(), 1);
    REQUIRE(events.size() == 6);
    CHECK(pbd::formatEvent(events[1]) == "0 obstacle box:5,-3,1,1,10");
    CHECK(pbd::formatEvent(events[2]) == "1 move-obstacle 2 6 -4 30");
    CHECK(pbd::formatEvent(events[3]) == "2 remove-obstacle 0");
    pbd::DragPlayer player(events);
    for (std::uint64_t step = 0; step < 4; ++step) {
        player.applyBefore(step, sim);
        if (step == 1) { // the move waits for the step: the box is there, its start is not
            CHECK(sim.obstacles()[2].a == glm::dvec2(6.0, -4.0));
            CHECK(sim.obstacles()[2].angle == 30.0);
            CHECK(sim.obstacles()[2].start.centre == glm::dvec2(5.0, -3.0));
        }
        sim.step();
    }
    player.applyBefore(4, sim);
    REQUIRE(sim.obstacles().size() == 2);
    CHECK(sim.obstacles()[0].shape == ObstacleShape::Circle); // the ground is gone: shifted
    CHECK(sim.obstacles()[1].start.centre == glm::dvec2(6.0, -4.0));
    CHECK(sim.settings().friction == 0.4);
    CHECK(sim.settings().thickness == 0.05);
    sim.restart();
    REQUIRE(sim.obstacles().size() == 1);
    CHECK(sim.obstacles()[0].shape == ObstacleShape::Ground);
}

TEST_CASE("obstacle events out of range are refused naming the line and the field",
          "[world][events]")
{
    CHECK(scriptRefusal("0 move-obstacle 0 1 2\n").find("line 1: obstacle index '0' is not "
                                                        "allowed; allowed: none") !=
          std::string::npos);
    CHECK(scriptRefusal("0 obstacle circle:1,1,1\n1 remove-obstacle 1\n")
              .find("line 2: obstacle index '1' is not allowed; allowed: 0 to 0") !=
          std::string::npos);
    CHECK(scriptRefusal("0 remove-obstacle 0\n0 remove-obstacle 0\n", 1).find("line 2:") !=
          std::string::npos);
    CHECK(scriptRefusal("0 obstacle circle:1,2\n").find("line 1: circle takes 3 values") !=
          std::string::npos);
    CHECK(scriptRefusal("0 move-obstacle 0 1 nan\n", 1).find("Y 'nan' is not allowed") !=
          std::string::npos);
    CHECK(scriptRefusal("0 move-obstacle 0 1\n", 1).find("takes 3 or 4 values") !=
          std::string::npos);
    CHECK(scriptRefusal("0 set friction -1\n").find("friction '-1' is not allowed") !=
          std::string::npos);
    std::string many;
    for (int i = 0; i <= 256; ++i)
        many += "0 obstacle circle:0,0,1\n";
    CHECK(scriptRefusal(many).find("line 257: obstacle: more than 256 obstacles") !=
          std::string::npos);
    // After a restart the script knows the initial count again.
    CHECK(scriptRefusal("0 obstacle circle:0,0,1\n1 restart\n2 remove-obstacle 0\n")
              .find("line 3:") != std::string::npos);
}

TEST_CASE("a pair of refused numbers names its first, on every line that takes a point",
          "[world][events]")
{
    // x before y on any compiler (glm::dvec2(a(), b()) left the order to it: GCC named VY).
    CHECK(scriptRefusal("0 move-obstacle 0 a b\n", 1).find("line 1: X 'a'") != std::string::npos);
    const std::string ball = "0 ball 1 2 0.3 1\n";
    CHECK(scriptRefusal(ball + "1 grab-ball 0 a b\n").find("line 2: X 'a'") != std::string::npos);
    CHECK(scriptRefusal(ball + "1 grab-ball 0 1 1\n2 move-ball a b\n").find("line 3: X 'a'") !=
          std::string::npos);
    CHECK(scriptRefusal(ball + "1 grab-ball 0 1 1\n2 release-ball a b\n")
              .find("line 3: VX 'a' is not allowed; allowed: a finite number from -1e+06 to "
                    "1e+06 m/s") != std::string::npos);
    CHECK(scriptRefusal(ball + "1 grab-ball 0 1 1\n2 release-ball 0 b\n").find("line 3: VY 'b'") !=
          std::string::npos);
    // Removing counts one fewer: the same index is then out of range.
    CHECK(scriptRefusal(ball + "1 remove-ball 0\n2 remove-ball 0\n")
              .find("line 3: ball index '0' is not allowed; allowed: none (there are no balls)") !=
          std::string::npos);
}

TEST_CASE("a simulation holds at most 256 obstacles and refuses bad ones, changing nothing",
          "[world]")
{
    Simulation sim;
    const Obstacle circle = pbd::test::obstacle("circle:0,0,1");
    for (std::size_t i = 0; i < pbd::kMaxObstacles; ++i)
        REQUIRE_FALSE(sim.addObstacle(circle));
    CHECK(sim.addObstacle(circle).value().find("at most 256") != std::string::npos);
    CHECK(sim.obstacles().size() == 256);
    CHECK(sim.setInitialObstacles(std::vector<Obstacle>(257, circle))
              .value()
              .find("257 obstacles are not allowed") != std::string::npos);
    Simulation other;
    Obstacle bad = circle;
    bad.radius = -1;
    CHECK(other.addObstacle(bad).value().find("radius -1") != std::string::npos);
    CHECK(other.moveObstacle(0, {1, 1}, std::nullopt).value().find("obstacle 0 does not exist") !=
          std::string::npos);
    REQUIRE_FALSE(other.addObstacle(circle));
    CHECK(other.moveObstacle(0, {1, 1}, 720.0) == std::nullopt); // a circle has no angle
    CHECK(pbd::apply(other, pbd::RemoveObstacleCommand{3}).value().message.find(
              "remove-obstacle: obstacle 3 does not exist; allowed: 0 to 0") != std::string::npos);
    CHECK(other.obstacles().size() == 1);
}

TEST_CASE("the state holds the obstacles: restore brings them back exactly, undo too",
          "[world][history]")
{
    Simulation sim;
    std::string error;
    REQUIRE_FALSE(sim.addObstacle(*pbd::parseObstacleSpec("capsule:1,-3,4,-3.5,0.1", error)));
    REQUIRE_FALSE(sim.moveObstacle(0, {2.0, -2.5}, 12.5));
    const pbd::SimulationState state = sim.state();
    REQUIRE(state.obstacles.size() == 1);
    Simulation other;
    REQUIRE_FALSE(other.restore(state));
    CHECK(other.state() == state);
    pbd::History history;
    REQUIRE_FALSE(history.apply(sim, pbd::RemoveObstacleCommand{0}));
    CHECK(sim.obstacles().empty());
    REQUIRE_FALSE(history.apply(sim, pbd::UndoCommand{}));
    CHECK(sim.state() == state);
    pbd::SimulationState bad = state;
    bad.obstacles[0].radius = 0;
    CHECK(other.restore(bad).value().find("obstacles[0]: radius 0") != std::string::npos);
}

TEST_CASE("state files save and load the obstacles exactly, files without them still load",
          "[world][state]")
{
    Simulation sim;
    std::vector<Obstacle> obstacles;
    for (const char* spec : {"circle:0.1,-2.3,0.7", "box:3.3,-1.1,2.2,0.3,-17.5",
                             "capsule:0.3,-4.1,3.7,-4.9,0.01", "ground:-6.1,-20"})
        obstacles.push_back(pbd::test::obstacle(spec));
    REQUIRE_FALSE(sim.setInitialObstacles(obstacles));
    for (int i = 0; i < 5; ++i)
        sim.step();
    const pbd::SimulationState state = sim.state();
    const std::string text = pbd::stateToJson(state);
    CHECK(text.find("\"shape\": \"capsule\"") != std::string::npos);
    const pbd::StateParse parsed = pbd::stateFromJson(text);
    REQUIRE(parsed.state);
    CHECK(*parsed.state == state);
    Simulation other;
    REQUIRE_FALSE(other.restore(*parsed.state));
    sim.step();
    other.step();
    CHECK(pbd::test::samePositions(sim, other));

    // Without obstacles the key is absent, and a file without it has none.
    const std::string plain = pbd::stateToJson(Simulation().state());
    CHECK(plain.find("obstacles") == std::string::npos);
    REQUIRE(pbd::stateFromJson(plain).state);
    CHECK(pbd::stateFromJson(plain).state->obstacles.empty());

    auto refused = [&](const std::string& from, const std::string& to) {
        std::string bad = text;
        const std::size_t at = bad.find(from);
        REQUIRE(at != std::string::npos);
        bad.replace(at, from.size(), to);
        const pbd::StateParse p = pbd::stateFromJson(bad);
        CHECK_FALSE(p.state);
        return p.error ? p.error->message : std::string();
    };
    CHECK(refused("\"shape\": \"capsule\"", "\"shape\": \"blob\"").find("obstacles[2].shape") !=
          std::string::npos);
    CHECK(refused("\"radius\": 0.7", "\"radius\": -0.7").find("obstacles[0]: radius -0.7") !=
          std::string::npos);
    CHECK(refused("\"radius\": 0.7", "\"radius\": \"big\"").find("obstacles[0].radius") !=
          std::string::npos);
}
