#pragma once
/// \file
/// The help overlay (F1 or the panel's "?"): every control from controls_help.h in a window
/// centred on the canvas. Call between ImGui's NewFrame and Render.

#include <glm/vec2.hpp>

#include "gui/panel.h"

namespace pbd::app {

/// Draws the overlay centred on a canvas of `canvasSize` (window coordinates, top-left at the
/// window's) and returns its rectangle, id "help".
WidgetRect drawHelpOverlay(glm::dvec2 canvasSize, bool threeD = false);

} // namespace pbd::app
