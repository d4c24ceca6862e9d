#pragma once
/// \file
/// The hint over the canvas when the whole cloth has left it (Controller::clothOutOfView):
/// a line saying so and three ways back, Follow, Fit and Restart. Call between ImGui's
/// NewFrame and Render.

#include <optional>
#include <vector>

#include <glm/vec2.hpp>

#include "gui/panel.h"
#include "logic/panel_actions.h"

namespace pbd::app {

/// What the hint's buttons ask for.
enum class LostClothChoice { None, Follow, Fit, Restart };

/// Draws the hint at the top of a canvas of `canvasSize` (window coordinates, top-left at the
/// window's) and returns the button pressed, if any. `rects` receives the hint's rectangle
/// ("lost-hint") and its buttons' ("lost-hint-follow", "lost-hint-fit",
/// "lost-hint-restart") for the --view-out dump.
LostClothChoice drawLostClothHint(glm::dvec2 canvasSize, std::vector<WidgetRect>& rects);

/// Once a frame, after the panel: while the cloth is out of view (`outOfView`: the 2D
/// controller's or the 3D session's clothOutOfView()), draws the hint and returns its button
/// as the panel's actions (the Follow box, Fit view, Restart) for the caller's panel() to
/// carry out; nothing when no button was pressed. `rects` holds the last frame's hint
/// (empty: none shown) and receives this one's. When the hint comes and goes it says so on
/// stderr ("pbd-cloth: the cloth is out of view; ...", "pbd-cloth: the cloth is in view
/// again"), lines a script can wait on.
std::optional<PanelActions> showLostClothHint(bool outOfView, glm::dvec2 canvasSize,
                                              std::vector<WidgetRect>& rects);

} // namespace pbd::app
