// The signed strain per constraint, against the definition (l - r) / r computed here.

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "pbd/command.h"
#include "pbd/simulation.h"
#include "pbd/speed.h"
#include "pbd/strain.h"
#include "sim_builders.h"

using namespace pbd;
using pbd::test::clothSettings;

TEST_CASE("a cloth at rest has zero strain everywhere", "[strain]")
{
    const Simulation sim(clothSettings(7, 5));
    std::vector<float> strain(sim.constraints().size(), 99.0f);
    REQUIRE(signedStrains(sim, strain));
    for (float s : strain)
        CHECK(std::abs(s) < 1e-6f);
}

TEST_CASE("stretched constraints are positive, compressed negative, each (l - r) / r",
          "[strain]")
{
    Simulation sim(clothSettings(7, 5));
    // Pull the bottom-right particle down and left, then let the cloth react for a while.
    apply(sim, GrabCommand{34});
    apply(sim, MoveCommand{{0.4, -2.0}});
    for (int i = 0; i < 30; ++i)
        apply(sim, StepCommand{});
    std::vector<float> strain(sim.constraints().size());
    REQUIRE(signedStrains(sim, strain));
    bool stretched = false, compressed = false;
    for (std::size_t k = 0; k < strain.size(); ++k) {
        const DistanceConstraint& c = sim.constraints()[k];
        const glm::dvec2 d = sim.particles().position[c.a] - sim.particles().position[c.b];
        const double expected = (std::hypot(d.x, d.y) - c.restLength) / c.restLength;
        CHECK(strain[k] == Approx(expected).margin(1e-6));
        stretched = stretched || strain[k] > 0.01f;
        compressed = compressed || strain[k] < -0.01f;
    }
    CHECK(stretched);
    CHECK(compressed);
}

TEST_CASE("removed constraints read 0 and a buffer of the wrong size is refused", "[strain]")
{
    Simulation sim(clothSettings(7, 5));
    apply(sim, GrabCommand{34});
    apply(sim, MoveCommand{{3.0, -3.0}});
    apply(sim, StepCommand{});
    const std::size_t removed = sim.constraints().size() - 1;
    REQUIRE(sim.removeConstraint(removed));
    std::vector<float> strain(sim.constraints().size());
    REQUIRE(signedStrains(sim, strain));
    CHECK(strain[removed] == 0.0f);
    std::vector<float> wrong(sim.constraints().size() - 1, 5.0f);
    CHECK_FALSE(signedStrains(sim, wrong));
    CHECK(wrong[0] == 5.0f);
}

TEST_CASE("in 3D the strain and the speed count the z components", "[strain][speed]")
{
    Settings s = clothSettings(6, 5);
    s.dimensions = 3;
    s.orientation = Orientation::Horizontal;
    s.fixedCount = 4;
    Simulation3 sim(s);
    // A horizontal sheet pinned at its corners sags along -y; its rows run along +z.
    for (int i = 0; i < 30; ++i)
        sim.step();
    const auto& x = sim.particles().position;
    std::vector<float> strain(sim.constraints().size());
    REQUIRE(signedStrains(sim, strain));
    bool stretched = false;
    for (std::size_t k = 0; k < strain.size(); ++k) {
        const DistanceConstraint& c = sim.constraints()[k];
        const Vec<3> d = x[c.a] - x[c.b];
        const double length = std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
        CHECK(strain[k] == Approx((length - c.restLength) / c.restLength).margin(1e-6));
        stretched = stretched || strain[k] > 1e-4f;
    }
    CHECK(stretched);
    std::vector<float> speeds(sim.particles().size());
    REQUIRE(particleSpeeds(sim, speeds));
    const auto& v = sim.particles().velocity;
    for (std::size_t i = 0; i < speeds.size(); ++i) {
        const bool held = (sim.particles().flags[i] & kPinned) != 0;
        CHECK(speeds[i] == Approx(held ? 0.0 : std::sqrt(v[i].x * v[i].x + v[i].y * v[i].y +
                                                         v[i].z * v[i].z))
                               .margin(1e-6));
    }
}
