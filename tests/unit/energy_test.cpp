// The cloth's energies and particle speeds against values worked out by hand.

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "pbd/energy.h"
#include "pbd/simulation.h"
#include "pbd/speed.h"
#include "sim_builders.h"

using namespace pbd;
using pbd::test::clothSettings;

namespace {

/// A width x 1 cloth of 0.5 kg particles with every particle moving at (3, 4) m/s (5 m/s),
/// particle 0 pinned and the last one grabbed.
Simulation movingRow(int width)
{
    Simulation sim(clothSettings(width, 1, 1));
    SimulationState state = sim.state();
    state.velocity.assign(state.velocity.size(), glm::dvec2(3.0, 4.0));
    state.pinned = {0};
    state.grabbed = static_cast<Index>(width - 1);
    REQUIRE_FALSE(sim.restore(state));
    return sim;
}

} // namespace

TEST_CASE("a falling cloth's kinetic energy is the sum of half m v squared", "[energy]")
{
    Simulation sim(clothSettings(4, 3)); // 12 particles of 0.5 kg
    sim.unpinAll();
    CHECK(clothEnergy(sim).kinetic == 0.0);
    sim.step(); // free fall from rest: v = dt g = 0.005 * 9.81 = 0.04905 m/s down
    // 12 * 0.5 * 0.5 kg * 0.04905^2 = 3 * 0.0024059025
    CHECK(clothEnergy(sim).kinetic == Approx(0.0072177075).epsilon(1e-9));
    for (int i = 1; i < 10; ++i)
        sim.step(); // v = 0.4905 m/s: 3 * 0.24059025
    CHECK(clothEnergy(sim).kinetic == Approx(0.72177075).epsilon(1e-9));
}

TEST_CASE("gravitational potential is -m g y over every particle, pinned ones too", "[energy]")
{
    // 3 x 2 with four fixed corners: rows at y = 0 and y = -0.2; two of the lower row pinned.
    const Simulation sim(clothSettings(3, 2, 4));
    REQUIRE(sim.particles().pinned(3));
    const Energy e = clothEnergy(sim);
    // row 0: 0; row 1: 3 * 0.5 kg * 9.81 m/s^2 * -0.2 m
    CHECK(e.gravity == Approx(-2.943).epsilon(1e-12));
    CHECK(e.kinetic == 0.0);
    CHECK(e.elastic == 0.0);
    CHECK(e.potential() == Approx(-2.943).epsilon(1e-12));

    Settings flipped = clothSettings(3, 2, 4);
    flipped.gravity = 9.81; // pulling up: the lower row, 0.2 m below, stores +2.943 J
    CHECK(clothEnergy(Simulation(flipped)).gravity == Approx(2.943).epsilon(1e-12));
}

TEST_CASE("pinned and grabbed particles add no kinetic energy and read speed 0", "[energy]")
{
    const Simulation sim = movingRow(3);
    // Only particle 1 moves by itself: 0.5 * 0.5 kg * 25 m^2/s^2
    CHECK(clothEnergy(sim).kinetic == Approx(6.25).epsilon(1e-12));
    std::vector<float> speeds(3, -1.0f);
    REQUIRE(particleSpeeds(sim, speeds));
    CHECK(speeds[0] == 0.0f);
    CHECK(speeds[1] == Approx(5.0f));
    CHECK(speeds[2] == 0.0f);
    std::vector<float> wrong(2, -1.0f);
    CHECK_FALSE(particleSpeeds(sim, wrong));
    CHECK(wrong[0] == -1.0f);
}

TEST_CASE("the springs' elastic energy is half k stretch squared, only with stiffness",
          "[energy]")
{
    Settings settings = clothSettings(2, 1, 1); // one constraint of rest length 0.2 m
    settings.stiffness = 100.0;
    Simulation sim(settings);
    REQUIRE(sim.constraints().size() == 1);
    SimulationState state = sim.state();
    state.position[1] = {0.3, 0.0}; // stretched by 0.1 m
    REQUIRE_FALSE(sim.restore(state));
    CHECK(clothEnergy(sim).elastic == Approx(0.5).epsilon(1e-12)); // 0.5 * 100 * 0.01
    state.position[1] = {0.15, 0.0};                               // compressed by 0.05 m
    REQUIRE_FALSE(sim.restore(state));
    CHECK(clothEnergy(sim).elastic == Approx(0.125).epsilon(1e-12));
    REQUIRE(sim.removeConstraint(0));
    CHECK(clothEnergy(sim).elastic == 0.0); // a removed spring stores nothing

    state.settings.stiffness = 0.0; // PBD: rigid constraints, no elastic energy
    REQUIRE_FALSE(sim.restore(state));
    CHECK(clothEnergy(sim).elastic == 0.0);
}

TEST_CASE("particle speeds are |v| of each free particle", "[energy]")
{
    Simulation sim(clothSettings(12, 8)); // sagging between its two fixed corners
    for (int i = 0; i < 20; ++i)
        sim.step();
    std::vector<float> speeds(sim.particles().size());
    REQUIRE(particleSpeeds(sim, speeds));
    bool moving = false;
    for (std::size_t i = 0; i < speeds.size(); ++i) {
        const glm::dvec2 v = sim.particles().velocity[i];
        const double expected = sim.particles().pinned(i) ? 0.0 : std::hypot(v.x, v.y);
        CHECK(speeds[i] == Approx(expected).epsilon(1e-6));
        moving = moving || speeds[i] > 0.01f;
    }
    CHECK(moving);
}
