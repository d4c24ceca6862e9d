// The particles' speed colour map: values, saturation, the automatic scale and the names.

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <vector>

#include "logic/speed_colors.h"

using namespace pbd::app;

namespace {

void requireColor(glm::vec3 c, glm::vec3 expected)
{
    CHECK(c.r == Approx(expected.r).margin(1e-6));
    CHECK(c.g == Approx(expected.g).margin(1e-6));
    CHECK(c.b == Approx(expected.b).margin(1e-6));
}

const glm::vec3 kSlow{0.13f, 0.05f, 0.45f};
const glm::vec3 kMiddle{0.80f, 0.15f, 0.55f};
const glm::vec3 kFast{0.98f, 0.70f, 0.05f};

float brightness(glm::vec3 c) { return c.r + c.g + c.b; }

} // namespace

TEST_CASE("speed 0 is dark indigo, half the scale magenta, the scale amber", "[speed-map]")
{
    requireColor(speedColor(0.0, 2.0), kSlow);
    requireColor(speedColor(1.0, 2.0), kMiddle);
    requireColor(speedColor(2.0, 2.0), kFast);
    requireColor(speedColor(0.5, 2.0), 0.5f * (kSlow + kMiddle));
    requireColor(speedColor(1.5, 2.0), 0.5f * (kMiddle + kFast));
    // Sequential: brighter as the speed grows.
    float last = -1.0f;
    for (int i = 0; i <= 20; ++i) {
        const float b = brightness(speedColor(0.1 * i, 2.0));
        CHECK(b > last);
        last = b;
    }
}

TEST_CASE("the speed map saturates at the scale and survives bad input", "[speed-map]")
{
    requireColor(speedColor(50.0, 2.0), kFast);
    requireColor(speedColor(-1.0, 2.0), kSlow);
    requireColor(speedColor(std::numeric_limits<double>::infinity(), 2.0), kFast);
    requireColor(speedColor(std::nan(""), 2.0), kSlow);
    requireColor(speedColor(kMinSpeedScale, 0.0), kFast); // scale 0 -> kMinSpeedScale
}

TEST_CASE("the automatic speed scale is the 99th percentile, at least 0.05 m/s", "[speed-map]")
{
    std::vector<float> speeds;
    for (int i = 1; i <= 1000; ++i)
        speeds.push_back(static_cast<float>(i) / 100.0f); // 0.01 .. 10 m/s
    speeds[999] = 1e9f; // a wild top value does not set the scale
    std::vector<float> scratch;
    CHECK(autoSpeedScale(speeds, scratch) == Approx(9.90).margin(1e-5));
    CHECK(autoSpeedScale(std::vector<float>(100, 0.0f), scratch) == kMinSpeedScale);
    CHECK(autoSpeedScale(std::vector<float>{}, scratch) == kMinSpeedScale);
}

TEST_CASE("the renderer's speed table is the map from 0 to the scale, names read back",
          "[speed-map]")
{
    const auto table = speedColorTable();
    requireColor(table.front(), kSlow);
    requireColor(table.back(), kFast);
    for (std::size_t i = 0; i < table.size(); i += 15)
        requireColor(table[i], speedColor(static_cast<double>(i) / 255.0, 1.0));
    for (ParticleColorBy c : {ParticleColorBy::None, ParticleColorBy::Speed})
        CHECK(particleColorByFromName(particleColorByName(c)) == c);
    CHECK_FALSE(particleColorByFromName("velocity"));
}
