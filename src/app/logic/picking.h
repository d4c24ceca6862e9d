#pragma once
/// \file
/// Choosing the particle under the cursor.

#include <optional>
#include <span>

#include <glm/vec2.hpp>

#include "logic/camera.h"
#include "pbd/cloth.h"

namespace pbd::app {

/// Pick radius in CSS pixels (a press grabs the nearest particle closer than this); in window
/// pixels it is this times the logical pixel scale (logicalPixelScale in canvas_layout.h).
inline constexpr double kPickRadiusPixels = 10.0;

/// The particle nearest to `screenPoint` (window pixels) among those whose screen position
/// is strictly within `radiusPixels`, or nothing. Ties go to the lower index.
std::optional<Index> pickParticle(const Camera& camera, std::span<const glm::dvec2> positions,
                                  glm::dvec2 screenPoint,
                                  double radiusPixels = kPickRadiusPixels);

} // namespace pbd::app
