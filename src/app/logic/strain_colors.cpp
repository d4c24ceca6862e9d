#include "logic/strain_colors.h"

#include <algorithm>
#include <cmath>

#include "files/input_text.h"

namespace pbd::app {
namespace {

constexpr glm::vec3 kGrey{0x66 / 255.0f, 0x66 / 255.0f, 0x66 / 255.0f}; // the page's lines
constexpr glm::vec3 kCompressed{0.10f, 0.35f, 0.95f};
constexpr glm::vec3 kStretched{0.90f, 0.08f, 0.08f};


} // namespace

const char* colorByName(ColorBy colorBy) { return nameOf(kColorByNames, colorBy); }

std::optional<ColorBy> colorByFromName(std::string_view name)
{
    return valueNamed(kColorByNames, name);
}

double percentileScale(std::span<const float> values, double minimum, std::vector<float>& scratch)
{
    scratch.clear();
    const std::size_t stride = std::max<std::size_t>(1, values.size() / kStrainScaleSamples);
    for (std::size_t k = 0; k < values.size(); k += stride)
        if (std::isfinite(values[k]))
            scratch.push_back(std::abs(values[k]));
    if (scratch.empty())
        return minimum;
    // The value with 99% of the samples at or below it (nearest rank).
    const auto rank = static_cast<std::size_t>(std::ceil(0.99 * static_cast<double>(scratch.size())));
    const auto nth = scratch.begin() + static_cast<std::ptrdiff_t>(std::max<std::size_t>(rank, 1) - 1);
    std::nth_element(scratch.begin(), nth, scratch.end());
    return std::max(static_cast<double>(*nth), minimum);
}

double autoStrainScale(std::span<const float> strains, std::vector<float>& scratch)
{
    return percentileScale(strains, kMinStrainScale, scratch);
}

std::optional<std::string> parseStrainScale(std::string_view name, std::string_view text,
                                            std::optional<double>& scale)
{
    std::string_view word = text;
    while (!word.empty() && (word.front() == ' ' || word.front() == '\t'))
        word.remove_prefix(1);
    while (!word.empty() && (word.back() == ' ' || word.back() == '\t'))
        word.remove_suffix(1);
    if (word == "auto") {
        scale.reset();
        return std::nullopt;
    }
    double value = 0.0;
    if (parseNumber(word, value) && value >= kMinUserStrainScale && value <= kMaxUserStrainScale) {
        scale = value;
        return std::nullopt;
    }
    return std::string(name) + ": " + quoteInput(text) + " is not allowed; allowed: auto or a " +
           "finite number from " + formatNumber(kMinUserStrainScale) + " to " +
           formatNumber(kMaxUserStrainScale);
}

std::string strainScaleText(std::optional<double> scale)
{
    return scale ? formatNumber(*scale) : std::string("auto");
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
