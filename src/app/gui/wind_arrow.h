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

/// Draws an arrow along `wind` (m/s; world y up, so drawn flipped) with its speed beneath, in
/// a box at the top-right corner of the canvas of `canvasSize` window pixels whose top-left
/// corner is `canvasOffset`; `gusts` (0 to 1) adds "gusts N%", and `drag` 0 says that the
/// wind blows nothing. Nothing (and no box) for a calm wind.
std::optional<WindArrowRect> drawWindArrow(glm::dvec2 canvasOffset, glm::dvec2 canvasSize,
                                           glm::dvec2 wind, double gusts, double drag,
                                           float scale);

} // namespace pbd::app
