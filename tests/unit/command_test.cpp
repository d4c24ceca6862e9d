// The commands: each one does what the simulation's own call does, and a refused one changes
// nothing.

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "pbd/command.h"
#include "pbd/simulation.h"
#include "sim_builders.h"

using namespace pbd;
using pbd::test::clothSettings;

TEST_CASE("a step command advances exactly as Simulation::step", "[command]")
{
    Simulation viaCommand(clothSettings(6, 5));
    Simulation direct(clothSettings(6, 5));
    for (int i = 0; i < 10; ++i) {
        REQUIRE_FALSE(apply(viaCommand, StepCommand{}));
        direct.step();
    }
    CHECK(viaCommand.stepCount() == 10);
    CHECK(viaCommand.time() == direct.time());
    CHECK(viaCommand.particles().position == direct.particles().position);
}

TEST_CASE("grab, move and release commands drag a particle as the page does", "[command]")
{
    Simulation sim(clothSettings(6, 5));
    REQUIRE_FALSE(apply(sim, GrabCommand{29}));
    REQUIRE(sim.grabbed() == Index{29});
    CHECK(sim.particles().inverseMass[29] == 0.0);
    REQUIRE_FALSE(apply(sim, MoveCommand{{3.5, -1.25}}));
    apply(sim, StepCommand{});
    CHECK(sim.particles().position[29] == glm::dvec2(3.5, -1.25)); // held where it was put
    REQUIRE_FALSE(apply(sim, ReleaseCommand{}));
    CHECK_FALSE(sim.grabbed());
    CHECK(sim.particles().inverseMass[29] == 1.0 / 0.5);
    CHECK_FALSE(sim.particles().pinned(29));
}

TEST_CASE("a grab of a particle that does not exist is refused naming it and the range",
          "[command]")
{
    Simulation sim(clothSettings(6, 5));
    const auto error = apply(sim, GrabCommand{30});
    REQUIRE(error);
    CHECK(error->message == "grab: particle 30 does not exist; allowed: 0 to 29");
    CHECK_FALSE(sim.grabbed());
}

TEST_CASE("a move without a grab or to a non-finite point is refused and moves nothing",
          "[command]")
{
    Simulation sim(clothSettings(6, 5));
    const auto before = sim.particles().position;
    auto error = apply(sim, MoveCommand{{1.0, 1.0}});
    REQUIRE(error);
    CHECK(error->message.find("no particle is grabbed") != std::string::npos);
    REQUIRE_FALSE(apply(sim, GrabCommand{7}));
    error = apply(sim, MoveCommand{{std::numeric_limits<double>::quiet_NaN(), 1.0}});
    REQUIRE(error);
    CHECK(error->message.find("move: position (nan, 1)") == 0);
    error = apply(sim, MoveCommand{{0.0, std::numeric_limits<double>::infinity()}});
    REQUIRE(error);
    CHECK(sim.particles().position == before);
}

TEST_CASE("a set command applies live fields and rebuilds for a different cloth", "[command]")
{
    Simulation sim(clothSettings(6, 5));
    apply(sim, StepCommand{});
    Settings live = sim.settings();
    live.gravity = -1.0;
    live.iterations = 7;
    REQUIRE_FALSE(apply(sim, SetCommand{live}));
    CHECK(sim.settings() == live);
    CHECK(sim.stepCount() == 1); // not rebuilt

    Settings bigger = live;
    bigger.width = 9;
    REQUIRE_FALSE(apply(sim, SetCommand{bigger}));
    CHECK(sim.particles().size() == 9 * 5);
    CHECK(sim.stepCount() == 0);
}

TEST_CASE("an invalid set command is refused with the settings' message and changes nothing",
          "[command]")
{
    Simulation sim(clothSettings(6, 5));
    Settings bad = sim.settings();
    bad.timeStep = 0.0;
    const auto error = apply(sim, SetCommand{bad});
    REQUIRE(error);
    CHECK(error->message.rfind("set: ", 0) == 0);
    CHECK(error->message.find("0") != std::string::npos);
    CHECK(sim.settings().timeStep == 0.005);
}

TEST_CASE("a restart command rebuilds the cloth at rest and drops the grab", "[command]")
{
    Simulation sim(clothSettings(6, 5));
    apply(sim, GrabCommand{12});
    for (int i = 0; i < 5; ++i)
        apply(sim, StepCommand{});
    REQUIRE_FALSE(apply(sim, RestartCommand{}));
    CHECK(sim.time() == 0.0);
    CHECK_FALSE(sim.grabbed());
    CHECK(sim.particles().position == Simulation(clothSettings(6, 5)).particles().position);
}

TEST_CASE("every command has its event-script name", "[command]")
{
    CHECK(std::string(commandName(StepCommand{})) == "step");
    CHECK(std::string(commandName(GrabCommand{1})) == "grab");
    CHECK(std::string(commandName(MoveCommand{})) == "move");
    CHECK(std::string(commandName(ReleaseCommand{})) == "release");
    CHECK(std::string(commandName(PinCommand{})) == "pin");
    CHECK(std::string(commandName(UnpinCommand{})) == "unpin");
    CHECK(std::string(commandName(CutCommand{})) == "cut");
    CHECK(std::string(commandName(SetCommand{})) == "set");
    CHECK(std::string(commandName(RestartCommand{})) == "restart");
}

TEST_CASE("a release with a velocity throws the particle, a non-finite one is refused",
          "[command]")
{
    Simulation sim(clothSettings(6, 5));
    apply(sim, GrabCommand{29});
    auto error = apply(sim, ReleaseCommand{glm::dvec2(std::numeric_limits<double>::infinity(), 0.0)});
    REQUIRE(error);
    CHECK(error->message.find("release: velocity (inf, 0)") == 0);
    CHECK(sim.grabbed() == Index{29}); // still held
    REQUIRE_FALSE(apply(sim, ReleaseCommand{glm::dvec2(3.0, -2.0)}));
    CHECK_FALSE(sim.grabbed());
    CHECK(sim.particles().velocity[29] == glm::dvec2(3.0, -2.0));
}

TEST_CASE("pin and unpin commands hold a particle and free a corner, bad indices are refused",
          "[command]")
{
    Simulation sim(clothSettings(6, 5));
    REQUIRE_FALSE(apply(sim, PinCommand{14}));
    CHECK(sim.particles().pinned(14));
    const glm::dvec2 held = sim.particles().position[14];
    REQUIRE_FALSE(apply(sim, UnpinCommand{0})); // a fixed corner
    for (int i = 0; i < 20; ++i)
        apply(sim, StepCommand{});
    CHECK(sim.particles().position[14] == held);
    CHECK(sim.particles().position[0].y < 0.0); // the freed corner fell
    auto error = apply(sim, PinCommand{30});
    REQUIRE(error);
    CHECK(error->message == "pin: particle 30 does not exist; allowed: 0 to 29");
    error = apply(sim, UnpinCommand{99});
    REQUIRE(error);
    CHECK(error->message == "unpin: particle 99 does not exist; allowed: 0 to 29");
}

TEST_CASE("a cut command removes the constraints it crosses, a non-finite cut is refused",
          "[command]")
{
    Simulation sim(clothSettings(6, 5));
    const std::size_t all = sim.liveConstraintCount();
    // A vertical cut between columns 2 and 3 (x 0.4 .. 0.6) through every row: it crosses the
    // 5 horizontal constraints there and the 2 diagonals of each of the 4 cells.
    REQUIRE_FALSE(apply(sim, CutCommand{{0.5, 0.1}, {0.5, -0.9}}));
    CHECK(sim.liveConstraintCount() == all - 5 - 8);
    const auto error = apply(sim, CutCommand{{0.5, 0.1}, {std::nan(""), -0.9}});
    REQUIRE(error);
    CHECK(error->message.find("cut: point (nan, -0.9") == 0);
    CHECK(sim.liveConstraintCount() == all - 13);
}
