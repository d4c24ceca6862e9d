#pragma once
/// \file
/// Colouring constraint lines by strain: the diverging colour map (compression blue, rest the
/// page's grey, stretch red) and its automatic scale. GL-free: the renderer samples a table
/// made here, so the map is defined once.

#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <glm/vec3.hpp>

namespace pbd::app {

/// What the constraint lines show.
enum class ColorBy {
    None,   ///< the page's grey
    Strain, ///< signed strain (l - r) / r on strainColor()'s map
};

/// The words of the choice (--color-by, the preferences table, the view dump).
inline constexpr std::array<std::pair<ColorBy, std::string_view>, 2> kColorByNames{
    {{ColorBy::None, "none"}, {ColorBy::Strain, "strain"}}};
/// "none" or "strain".
const char* colorByName(ColorBy colorBy);
/// The choice called `name` ("none" or "strain"), or nothing.
std::optional<ColorBy> colorByFromName(std::string_view name);

/// Smallest automatic scale: a cloth at rest (strains of float round-off) stays grey.
inline constexpr double kMinStrainScale = 1e-3;
/// The automatic scale estimates its percentile from at most this many constraints, evenly
/// spaced, so that it costs little per frame on a large cloth.
inline constexpr std::size_t kStrainScaleSamples = 16384;

/// The 99th percentile of |value| over `values` (at most kStrainScaleSamples of them, evenly
/// spaced, non-finite ones skipped), at least `minimum`; `minimum` when there are none.
/// `scratch` is reused between calls (no allocation once it has grown).
double percentileScale(std::span<const float> values, double minimum, std::vector<float>& scratch);

/// The automatic scale: the 99th percentile of |strain| over `strains` (at most
/// kStrainScaleSamples of them, evenly spaced), at least kMinStrainScale. `scratch` is reused
/// between calls (no allocation once it has grown).
double autoStrainScale(std::span<const float> strains, std::vector<float>& scratch);

/// Smallest and largest strain scale the user may set ("Strain scale", --strain-scale).
inline constexpr double kMinUserStrainScale = 1e-6;
inline constexpr double kMaxUserStrainScale = 1000.0;

/// Reads a strain scale as typed: "auto" (the automatic scale: `scale` becomes empty) or a
/// finite number from kMinUserStrainScale to kMaxUserStrainScale, spaces around it allowed.
/// On failure `scale` is left alone and the message is returned: "<name>: '<text>' is not
/// allowed; allowed: auto or a finite number from 1e-06 to 1000" (`name` is the panel label or
/// the flag).
std::optional<std::string> parseStrainScale(std::string_view name, std::string_view text,
                                            std::optional<double>& scale);
/// "auto", or the shortest text that reads back as the number ("0.05").
std::string strainScaleText(std::optional<double> scale);

/// The colour (linear RGB in [0, 1]) of `strain` at `scale`: t = strain / scale clamped to
/// [-1, 1]; t = 0 is the page's line grey #666666, t = -1 blue, t = +1 red, linear between.
/// A non-positive or non-finite scale counts as kMinStrainScale; a NaN strain is grey.
glm::vec3 strainColor(double strain, double scale);

/// Entries of the table the renderer samples.
inline constexpr std::size_t kStrainTableSize = 256;
/// strainColor at t = -1 + 2 i / (kStrainTableSize - 1) for entry i (scale 1).
std::array<glm::vec3, kStrainTableSize> strainColorTable();

} // namespace pbd::app
