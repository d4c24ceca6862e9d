#pragma once
/// \file
/// A validation scene's law over the canvas (ImGui, over the cloth, beneath the panel): the
/// law's curve and marks in a colour of their own, and a legend at the canvas's top-left that
/// names the law and the largest distance of a particle from it. What is drawn comes from
/// logic/validation_law.h. Call between ImGui's NewFrame and Render.

#include <span>

#include <glm/vec2.hpp>

#include "gui/panel.h"
#include "logic/validation_law.h"

namespace pbd::app {

/// The law's colour: a magenta that no cloth line, particle, obstacle or legend uses
/// (RGBA, as ImGui packs it: IM_COL32(220, 0, 180, 255)).
inline constexpr unsigned kLawColour = 0xFFB400DCu;

/// Draws `law`'s curve through `curve` and its marks as rings at `marks` (window pixels: the
/// law's points through the 2D or the 3D camera) and its legend at the canvas's left edge,
/// its top `top` window pixels down (below the badges); sizes follow `scale` (logical
/// pixels). Returns the legend's rectangle, id "law-legend".
WidgetRect drawLaw(const LawOverlay& law, std::span<const glm::dvec2> curve,
                   std::span<const glm::dvec2> marks, float scale, float top);

} // namespace pbd::app
