#pragma once
/// \file
/// The colour legends on the canvas: for strain, a colour bar from -scale (blue) through 0
/// (grey) to +scale (red); for speed, from 0 (dark) to the scale (bright), in m/s. Each with
/// its title (saying whether the scale is automatic or set) and numbers. Call between ImGui's
/// NewFrame and Render.

#include <glm/vec2.hpp>

#include "gui/panel.h"

namespace pbd::app {

/// Draws the strain legend in the canvas's bottom-left corner (canvas of `canvasSize` window
/// pixels at the window's top-left), `above` window pixels higher, for colours saturating at
/// `scale`; `automatic`: the scale is the automatic one. Sizes follow `contentScale`. Returns
/// its rectangle, id "legend".
WidgetRect drawStrainLegend(glm::dvec2 canvasSize, double scale, bool automatic,
                            float contentScale, double above = 0.0);

/// Draws the speed legend like the strain legend (id "speed-legend"), for colours saturating
/// at `scale` m/s (always automatic).
WidgetRect drawSpeedLegend(glm::dvec2 canvasSize, double scale, float contentScale,
                           double above = 0.0);

} // namespace pbd::app
