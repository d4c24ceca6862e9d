#include "logic/speed_colors.h"

#include <algorithm>
#include <cmath>

#include "files/input_text.h"
#include "logic/strain_colors.h"

namespace pbd::app {
namespace {

// Dark to bright, all three far from the background #EEEEEE and from the pinned discs' slate.
constexpr glm::vec3 kSlow{0.13f, 0.05f, 0.45f};   // dark indigo
constexpr glm::vec3 kMiddle{0.80f, 0.15f, 0.55f}; // magenta
constexpr glm::vec3 kFast{0.98f, 0.70f, 0.05f};   // amber


} // namespace

const char* particleColorByName(ParticleColorBy colorBy)
{
    return nameOf(kParticleColorByNames, colorBy);
}

std::optional<ParticleColorBy> particleColorByFromName(std::string_view name)
{
    return valueNamed(kParticleColorByNames, name);
}

double autoSpeedScale(std::span<const float> speeds, std::vector<float>& scratch)
{
    return percentileScale(speeds, kMinSpeedScale, scratch);
}

glm::vec3 speedColor(double speed, double scale)
{
    if (!(scale > 0.0) || !std::isfinite(scale))
        scale = kMinSpeedScale;
    if (std::isnan(speed))
        return kSlow;
    const float t = static_cast<float>(std::clamp(speed / scale, 0.0, 1.0));
    return t < 0.5f ? kSlow + (2.0f * t) * (kMiddle - kSlow)
                    : kMiddle + (2.0f * t - 1.0f) * (kFast - kMiddle);
}

std::array<glm::vec3, kSpeedTableSize> speedColorTable()
{
    std::array<glm::vec3, kSpeedTableSize> table{};
    for (std::size_t i = 0; i < table.size(); ++i)
        table[i] = speedColor(static_cast<double>(i) / (kSpeedTableSize - 1), 1.0);
    return table;
}

} // namespace pbd::app
