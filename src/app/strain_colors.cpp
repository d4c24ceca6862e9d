#include "strain_colors.h"

#include <algorithm>
#include <cmath>

namespace pbd::app {
namespace {

constexpr glm::vec3 kGrey{0x66 / 255.0f, 0x66 / 255.0f, 0x66 / 255.0f}; // the page's lines
constexpr glm::vec3 kCompressed{0.10f, 0.35f, 0.95f};
constexpr glm::vec3 kStretched{0.90f, 0.08f, 0.08f};

} // namespace

const char* colorByName(ColorBy colorBy)
{
    return colorBy == ColorBy::Strain ? "strain" : "none";
}

double autoStrainScale(std::span<const float> strains, std::vector<float>& scratch)
{
    scratch.clear();
    const std::size_t stride = std::max<std::size_t>(1, strains.size() / kStrainScaleSamples);
    for (std::size_t k = 0; k < strains.size(); k += stride)
        if (std::isfinite(strains[k]))
            scratch.push_back(std::abs(strains[k]));
    if (scratch.empty())
        return kMinStrainScale;
    // The value with 99% of the samples at or below it (nearest rank).
    const auto rank = static_cast<std::size_t>(std::ceil(0.99 * static_cast<double>(scratch.size())));
    const auto nth = scratch.begin() + static_cast<std::ptrdiff_t>(std::max<std::size_t>(rank, 1) - 1);
    std::nth_element(scratch.begin(), nth, scratch.end());
    return std::max(static_cast<double>(*nth), kMinStrainScale);
}

glm::vec3 strainColor(double strain, double scale)
{
    if (!(scale > 0.0) || !std::isfinite(scale))
        scale = kMinStrainScale;
    if (std::isnan(strain))
        return kGrey;
    const float t = static_cast<float>(std::clamp(strain / scale, -1.0, 1.0));
    return t < 0.0f ? kGrey + (-t) * (kCompressed - kGrey) : kGrey + t * (kStretched - kGrey);
}

std::array<glm::vec3, kStrainTableSize> strainColorTable()
{
    std::array<glm::vec3, kStrainTableSize> table{};
    for (std::size_t i = 0; i < table.size(); ++i)
        table[i] = strainColor(-1.0 + 2.0 * static_cast<double>(i) / (kStrainTableSize - 1), 1.0);
    return table;
}

} // namespace pbd::app
