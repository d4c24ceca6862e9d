// Scene files' "positions" and "velocities": flat arrays of x, y per particle that place the
// cloth exactly where the file says, refused by particle index when a value or the count is
// wrong.

#include <cmath>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "pbd/scene.h"
#include "pbd/simulation.h"
#include "scene_support.h"

namespace {

using pbd::test::sceneRefusal;

std::string flat(const std::vector<double>& values)
{
    std::string out = "[";
    char text[32];
    for (std::size_t i = 0; i < values.size(); ++i) {
        std::snprintf(text, sizeof text, "%.17g", values[i]);
        out += (i ? ", " : "") + std::string(text);
    }
    return out + "]";
}

/// A chain of `links` links of 0.1 m laid in a V between pins 1.6 links * 0.1 m apart: each
/// half a straight line, so every link at its rest length.
std::vector<double> vChain(int links)
{
    const double link = 0.1;
    const double dx = 0.8 * link;
    const double dy = std::sqrt(link * link - dx * dx);
    std::vector<double> xy;
    for (int i = 0; i <= links; ++i) {
        xy.push_back(i * dx);
        xy.push_back(-dy * (i <= links / 2 ? i : links - i));
    }
    return xy;
}

std::string chainScene(const std::string& members)
{
    return R"({"format": "pbd-cloth-scene", "version": 1, "settings": {"width": 21, "height": 1,)"
           R"( "clothWidth": 2}, "pinned": [0, 20])" + members + "}";
}

} // namespace

TEST_CASE("a V-chain scene file places every particle exactly where it says", "[scene]")
{
    const std::vector<double> xy = vChain(20);
    std::vector<double> v(42);
    for (std::size_t k = 0; k < v.size(); ++k)
        v[k] = 0.25 * static_cast<double>(k) - 3.0;
    const pbd::SceneParse parsed =
        pbd::sceneFromJson(chainScene(", \"positions\": " + flat(xy) + ", \"velocities\": " +
                                      flat(v)));
    REQUIRE_FALSE(parsed.error);
    pbd::Simulation simulation(parsed.scene->settings);
    REQUIRE_FALSE(pbd::applyScene(simulation, *parsed.scene));
    const auto& p = simulation.particles();
    for (std::size_t i = 0; i < 21; ++i) {
        CHECK(p.position[i].x == xy[2 * i]);
        CHECK(p.position[i].y == xy[2 * i + 1]);
        const bool pinned = i == 0 || i == 20;
        CHECK(p.pinned(i) == pinned);
        // Pinned particles start at rest, whatever the file gives them.
        CHECK(p.velocity[i].x == (pinned ? 0.0 : v[2 * i]));
        CHECK(p.velocity[i].y == (pinned ? 0.0 : v[2 * i + 1]));
    }
    // Laid at rest length: the V satisfies every constraint to rounding.
    CHECK(pbd::maxConstraintViolation(simulation) < 1e-15);
    // The pins hold the far end where the file put it, not where the grid had it (2 m).
    for (int step = 0; step < 10; ++step)
        simulation.step();
    CHECK(simulation.particles().position[20].x == xy[40]);
    CHECK(simulation.particles().position[20].y == 0.0);
}

TEST_CASE("a scene's positions and velocities round-trip through its file", "[scene]")
{
    const pbd::SceneParse parsed = pbd::sceneFromJson(
        chainScene(", \"positions\": " + flat(vChain(20)) + ", \"velocities\": " +
                   flat(std::vector<double>(42, 0.1))));
    REQUIRE(parsed.scene);
    const pbd::SceneParse again = pbd::sceneFromJson(pbd::sceneToJson(*parsed.scene));
    REQUIRE(again.scene);
    CHECK(*again.scene == *parsed.scene);
}

TEST_CASE("a scene's positions of the wrong count or with a bad value are refused by index",
          "[scene]")
{
    std::vector<double> xy = vChain(20);
    xy.pop_back();
    std::string message = sceneRefusal(chainScene(", \"positions\": " + flat(xy)));
    CHECK_THAT(message, Catch::Contains("positions: has 41 numbers"));
    CHECK_THAT(message, Catch::Contains("allowed: a flat array of 42 numbers (2 per particle, "
                                        "21 particles"));

    message = sceneRefusal(chainScene(", \"velocities\": [1, 2]"));
    CHECK_THAT(message, Catch::Contains("velocities: has 2 numbers"));

    // Particle 3's y (the 8th number) made a string, null (JSON's NaN), out of range, a list.
    for (const char* bad : {"\"0.5\"", "null", "1e7", "[1]"}) {
        std::vector<double> good = vChain(20);
        std::string list = "[";
        for (std::size_t k = 0; k < good.size(); ++k)
            list += (k ? ", " : "") + (k == 7 ? std::string(bad) : std::to_string(good[k]));
        message = sceneRefusal(chainScene(", \"positions\": " + list + "]"));
        CHECK_THAT(message, Catch::Contains("positions[3].y: "));
        CHECK_THAT(message, Catch::Contains("allowed: a number from -1e6 to 1e6"));
    }
    message = sceneRefusal(chainScene(", \"positions\": {\"x\": 1}"));
    CHECK_THAT(message, Catch::Contains("positions: "));
    CHECK_THAT(message, Catch::Contains("is not an array"));
}
