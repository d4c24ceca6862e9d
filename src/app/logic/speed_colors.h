#pragma once
/// \file
/// Colouring particles by speed: a sequential colour map (slow dark indigo, through magenta,
/// to fast amber) and its automatic scale. GL-free: the renderer samples a table made here,
/// so the map is defined once.

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include <glm/vec3.hpp>

namespace pbd::app {

/// What the particles' discs show.
enum class ParticleColorBy {
    None,  ///< the page's blue
    Speed, ///< |v| on speedColor()'s map
};

/// The words of the choice (--color-particles, the preferences table, the view dump).
inline constexpr std::array<std::pair<ParticleColorBy, std::string_view>, 2>
    kParticleColorByNames{{{ParticleColorBy::None, "none"}, {ParticleColorBy::Speed, "speed"}}};
/// "none" or "speed".
const char* particleColorByName(ParticleColorBy colorBy);
/// The choice called `name` ("none" or "speed"), or nothing.
std::optional<ParticleColorBy> particleColorByFromName(std::string_view name);

/// Smallest automatic speed scale in m/s: a cloth at rest (speeds of round-off) stays dark.
inline constexpr double kMinSpeedScale = 0.05;

/// The automatic scale: the 99th percentile of `speeds` (m/s; at most kStrainScaleSamples of
/// them, evenly spaced), at least kMinSpeedScale. `scratch` is reused between calls.
double autoSpeedScale(std::span<const float> speeds, std::vector<float>& scratch);

/// The colour (linear RGB in [0, 1]) of `speed` (m/s) at `scale` (m/s): t = speed / scale
/// clamped to [0, 1]; t = 0 dark indigo, 0.5 magenta, 1 amber, linear between. A non-positive
/// or non-finite scale counts as kMinSpeedScale; a NaN speed is the slow end.
glm::vec3 speedColor(double speed, double scale);

/// Entries of the table the renderer samples.
inline constexpr std::size_t kSpeedTableSize = 256;
/// speedColor at t = i / (kSpeedTableSize - 1) for entry i (scale 1).
std::array<glm::vec3, kSpeedTableSize> speedColorTable();

} // namespace pbd::app
