#pragma once
/// \file
/// Colouring constraint lines by strain: the diverging colour map (compression blue, rest the
/// page's grey, stretch red) and its automatic scale. GL-free: the renderer samples a table
/// made here, so the map is defined once.

#include <array>
#include <span>
#include <vector>

#include <glm/vec3.hpp>

namespace pbd::app {

/// What the constraint lines show.
enum class ColorBy {
    None,   ///< the page's grey
    Strain, ///< signed strain (l - r) / r on strainColor()'s map
};

/// "none" or "strain".
const char* colorByName(ColorBy colorBy);

/// Smallest automatic scale: a cloth at rest (strains of float round-off) stays grey.
inline constexpr double kMinStrainScale = 1e-3;
/// The automatic scale estimates its percentile from at most this many constraints, evenly
/// spaced, so that it costs little per frame on a large cloth.
inline constexpr std::size_t kStrainScaleSamples = 16384;

/// The automatic scale: the 99th percentile of |strain| over `strains` (at most
/// kStrainScaleSamples of them, evenly spaced), at least kMinStrainScale. `scratch` is reused
/// between calls (no allocation once it has grown).
double autoStrainScale(std::span<const float> strains, std::vector<float>& scratch);

/// The colour (linear RGB in [0, 1]) of `strain` at `scale`: t = strain / scale clamped to
/// [-1, 1]; t = 0 is the page's line grey #666666, t = -1 blue, t = +1 red, linear between.
/// A non-positive or non-finite scale counts as kMinStrainScale; a NaN strain is grey.
glm::vec3 strainColor(double strain, double scale);

/// Entries of the table the renderer samples.
inline constexpr std::size_t kStrainTableSize = 256;
/// strainColor at t = -1 + 2 i / (kStrainTableSize - 1) for entry i (scale 1).
std::array<glm::vec3, kStrainTableSize> strainColorTable();

} // namespace pbd::app
