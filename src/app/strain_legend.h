#pragma once
/// \file
/// The strain colour legend on the canvas: a colour bar from -scale (blue) through 0 (grey) to
/// +scale (red) with its numbers. Call between ImGui's NewFrame and Render.

#include <glm/vec2.hpp>

#include "panel.h"

namespace pbd::app {

/// Draws the legend in the canvas's bottom-left corner (canvas of `canvasSize` window pixels at
/// the window's top-left) for colours saturating at `scale`; sizes follow `contentScale`.
/// Returns its rectangle, id "legend".
WidgetRect drawStrainLegend(glm::dvec2 canvasSize, double scale, float contentScale);

} // namespace pbd::app
