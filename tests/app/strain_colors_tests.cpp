#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "logic/strain_colors.h"

using namespace pbd::app;

namespace {

void requireStrainColor(glm::vec3 c, glm::vec3 expected)
{
    CHECK(c.r == Approx(expected.r).margin(1e-6));
    CHECK(c.g == Approx(expected.g).margin(1e-6));
    CHECK(c.b == Approx(expected.b).margin(1e-6));
}

const glm::vec3 kGrey{0x66 / 255.0f, 0x66 / 255.0f, 0x66 / 255.0f};
const glm::vec3 kBlue{0.10f, 0.35f, 0.95f};
const glm::vec3 kRed{0.90f, 0.08f, 0.08f};

} // namespace

TEST_CASE("zero strain is the page's grey, +scale red, -scale blue, halfway halfway",
          "[strain-map]")
{
    requireStrainColor(strainColor(0.0, 0.2), kGrey);
    requireStrainColor(strainColor(0.2, 0.2), kRed);
    requireStrainColor(strainColor(-0.2, 0.2), kBlue);
    requireStrainColor(strainColor(0.1, 0.2), 0.5f * (kGrey + kRed));
    requireStrainColor(strainColor(-0.05, 0.2), 0.75f * kGrey + 0.25f * kBlue);
}

TEST_CASE("the map saturates beyond the scale and survives bad input", "[strain-map]")
{
    requireStrainColor(strainColor(5.0, 0.2), kRed);
    requireStrainColor(strainColor(-5.0, 0.2), kBlue);
    requireStrainColor(strainColor(std::numeric_limits<double>::infinity(), 0.2), kRed);
    requireStrainColor(strainColor(std::nan(""), 0.2), kGrey);
    requireStrainColor(strainColor(0.0005, 0.0), 0.5f * (kGrey + kRed)); // scale 0 -> kMinStrainScale
}

TEST_CASE("the automatic scale is the 99th percentile of |strain|", "[strain-map]")
{
    std::vector<float> strains;
    for (int i = 1; i <= 1000; ++i) // |s| = 0.001 .. 1.000, signs alternating
        strains.push_back((i % 2 ? -1.0f : 1.0f) * static_cast<float>(i) / 1000.0f);
    std::vector<float> scratch;
    CHECK(autoStrainScale(strains, scratch) == Approx(0.990).margin(1e-6));
    // The largest 1% may be anything: the scale ignores them.
    strains[999] = 1e6f;
    strains[998] = -1e6f;
    CHECK(autoStrainScale(strains, scratch) == Approx(0.990).margin(1e-6));
}

TEST_CASE("a cloth at rest keeps the smallest scale, a large one is sampled", "[strain-map]")
{
    std::vector<float> scratch;
    CHECK(autoStrainScale(std::vector<float>(500, 1e-7f), scratch) == kMinStrainScale);
    CHECK(autoStrainScale(std::vector<float>{}, scratch) == kMinStrainScale);
    std::vector<float> big(1'000'000);
    for (std::size_t i = 0; i < big.size(); ++i)
        big[i] = static_cast<float>(i % 1000) / 1000.0f; // 0 .. 0.999 repeating
    const double scale = autoStrainScale(big, scratch);
    CHECK(scale == Approx(0.989).margin(0.002));
    CHECK(scratch.size() <= 2 * kStrainScaleSamples);
}

TEST_CASE("the renderer's table is the map sampled from -scale to +scale", "[strain-map]")
{
    const auto table = strainColorTable();
    requireStrainColor(table.front(), kBlue);
    requireStrainColor(table.back(), kRed);
    for (std::size_t i = 0; i < table.size(); i += 17)
        requireStrainColor(table[i], strainColor(-1.0 + 2.0 * static_cast<double>(i) / 255.0, 1.0));
}

TEST_CASE("a strain scale is auto or a number from 1e-06 to 1000, others are refused",
          "[strain-map]")
{
    std::optional<double> scale = 0.5;
    CHECK_FALSE(parseStrainScale("--strain-scale", "auto", scale));
    CHECK_FALSE(scale);
    CHECK_FALSE(parseStrainScale("--strain-scale", " 0.02 ", scale));
    REQUIRE(scale);
    CHECK(*scale == 0.02);
    CHECK_FALSE(parseStrainScale("--strain-scale", "1e-06", scale));
    CHECK(*scale == 1e-6);
    CHECK_FALSE(parseStrainScale("--strain-scale", "1000", scale));
    CHECK(*scale == 1000.0);
    const std::string allowed = "allowed: auto or a finite number from 1e-06 to 1000";
    for (const char* bad : {"0", "-0.1", "1001", "nan", "inf", "", "x", "Auto", "0.1%"}) {
        const auto error = parseStrainScale("Strain scale", bad, scale);
        REQUIRE(error);
        CHECK(*error == "Strain scale: '" + std::string(bad) + "' is not allowed; " + allowed);
        CHECK(*scale == 1000.0); // the last valid value stays
    }
    CHECK(strainScaleText(std::nullopt) == "auto");
    CHECK(strainScaleText(0.05) == "0.05");
}
