#include "gui/wind_arrow.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace pbd::app {
namespace {

/// The arrow through `centre` along the unit (ux, uy) (screen y down), `half` pixels each way.
void drawArrow(ImDrawList* draw, ImVec2 centre, float ux, float uy, float half, ImU32 colour,
               float scale)
{
    const ImVec2 tail(centre.x - ux * half, centre.y - uy * half);
    const ImVec2 tip(centre.x + ux * half, centre.y + uy * half);
    const float head = 11.0f * scale;
    const ImVec2 base(tip.x - ux * head, tip.y - uy * head);
    draw->AddLine(tail, base, colour, 3.0f * scale);
    draw->AddTriangleFilled(tip, ImVec2(base.x - uy * 0.6f * head, base.y + ux * 0.6f * head),
                            ImVec2(base.x + uy * 0.6f * head, base.y - ux * 0.6f * head), colour);
}

} // namespace

std::optional<WindArrowRect> drawWindArrow(glm::dvec2 canvasOffset, glm::dvec2 canvasSize,
                                           glm::dvec2 direction, double speed, double gusts,
                                           double drag, float scale)
{
    if (speed == 0.0 || !std::isfinite(speed))
        return std::nullopt;
    char label[64];
    if (drag > 0.0 && gusts > 0.0)
        std::snprintf(label, sizeof label, "%.3g m/s, gusts %.0f%%", speed, gusts * 100.0);
    else
        std::snprintf(label, sizeof label, "%.3g m/s%s", speed, drag > 0.0 ? "" : " (no drag)");
    const ImVec2 text = ImGui::CalcTextSize(label);
    const float pad = 6.0f * scale;
    const float arrow = 56.0f * scale; // the arrow's box, whatever the speed: it shows a direction
    const float boxWidth = std::max(arrow, text.x) + 2.0f * pad;
    const float boxHeight = arrow + text.y + 3.0f * pad;
    const ImVec2 max(static_cast<float>(canvasOffset.x + canvasSize.x) - 8.0f * scale,
                     static_cast<float>(canvasOffset.y) + 8.0f * scale + boxHeight);
    const ImVec2 min(max.x - boxWidth, max.y - boxHeight);
    ImDrawList* draw = ImGui::GetBackgroundDrawList();
    draw->AddRectFilled(min, max, IM_COL32(255, 255, 255, 200), 3.0f * scale);
    draw->AddRect(min, max, IM_COL32(120, 120, 120, 255), 3.0f * scale);
    // The arrow through the centre of its square, screen y pointing down.
    const ImVec2 centre(0.5f * (min.x + max.x), min.y + pad + 0.5f * arrow);
    const ImU32 blue = IM_COL32(30, 90, 200, 255);
    const float half = 0.42f * arrow;
    const double length = std::hypot(direction.x, direction.y);
    if (!(length > 1e-3 * speed)) { // along the view: a dot in a ring
        draw->AddCircle(centre, 0.5f * half, blue, 24, 3.0f * scale);
        draw->AddCircleFilled(centre, 4.0f * scale, blue);
    } else {
        drawArrow(draw, centre, static_cast<float>(direction.x / length),
                  static_cast<float>(-direction.y / length), half, blue, scale);
    }
    draw->AddText(ImVec2(0.5f * (min.x + max.x) - 0.5f * text.x, max.y - pad - text.y),
                  IM_COL32(20, 20, 20, 255), label);
    return WindArrowRect{min, max};
}

} // namespace pbd::app
