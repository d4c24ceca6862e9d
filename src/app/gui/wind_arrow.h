#pragma once
// The wind's arrow and speed at the canvas's top-right corner (ImGui, over the canvas).

#include <optional>

#include <glm/vec2.hpp>
#include <imgui.h>

namespace pbd::app {

/// The arrow's box in window coordinates, for --view-out and the tests.
struct WindArrowRect {
    ImVec2 min;
    ImVec2 max;
};

/// Draws an arrow along `direction` (any length; on the screen with y up, so drawn flipped)
/// with the wind's `speed` (m/s) beneath, in a box at the top-right corner of the canvas of
/// `canvasSize` window pixels whose top-left corner is `canvasOffset`; `gusts` (0 to 1) adds
/// "gusts N%", and `drag` 0 says that the wind blows nothing. In 2D the direction is the wind
/// itself; in 3D the wind seen by the camera (along its right and up), a dot in a ring when
/// it blows along the view. Nothing (and no box) for a calm wind.
std::optional<WindArrowRect> drawWindArrow(glm::dvec2 canvasOffset, glm::dvec2 canvasSize,
                                           glm::dvec2 direction, double speed, double gusts,
                                           double drag, float scale);

} // namespace pbd::app
