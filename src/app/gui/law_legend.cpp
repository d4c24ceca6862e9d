#include "gui/law_legend.h"

#include <cstdio>
#include <string>
#include <vector>

#include <imgui.h>

namespace pbd::app {

WidgetRect drawLaw(const LawOverlay& law, std::span<const glm::dvec2> curve,
                   std::span<const glm::dvec2> marks, float scale, float top)
{
    ImDrawList* draw = ImGui::GetBackgroundDrawList(); // over the cloth, under the panel
    const auto screen = [](glm::dvec2 p) {
        return ImVec2(static_cast<float>(p.x), static_cast<float>(p.y));
    };
    std::vector<ImVec2> points;
    points.reserve(curve.size());
    for (const glm::dvec2& at : curve)
        points.push_back(screen(at));
    if (points.size() >= 2)
        draw->AddPolyline(points.data(), static_cast<int>(points.size()), kLawColour, 0,
                          2.0f * scale);
    for (const glm::dvec2& at : marks)
        draw->AddCircle(screen(at), 5.0f * scale, kLawColour, 16, 1.5f * scale);

    char residual[160];
    if (law.tolerance > 0.0)
        std::snprintf(residual, sizeof residual,
                      "largest distance of a particle from it: %.3g cm (pbd-sim validate "
                      "allows %.3g cm)",
                      100.0 * law.residual, 100.0 * law.tolerance);
    else
        std::snprintf(residual, sizeof residual, "largest distance of a particle from it: %.3g cm",
                      100.0 * law.residual);
    const std::string text = law.legend + "\n" + residual;
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    const ImVec2 pad(6.0f * scale, 3.0f * scale);
    const float swatch = 18.0f * scale; // a short stroke of the law's colour before the text
    const ImVec2 min(8.0f * scale, top + 8.0f * scale);
    const ImVec2 max(min.x + swatch + size.x + 3.0f * pad.x, min.y + size.y + 2.0f * pad.y);
    draw->AddRectFilled(min, max, IM_COL32(255, 255, 255, 230), 3.0f * scale);
    draw->AddRect(min, max, kLawColour, 3.0f * scale, 0, 1.0f * scale);
    const float lineY = min.y + pad.y + 0.5f * ImGui::GetTextLineHeight();
    draw->AddLine(ImVec2(min.x + pad.x, lineY), ImVec2(min.x + pad.x + swatch, lineY), kLawColour,
                  2.0f * scale);
    draw->AddText(ImVec2(min.x + 2.0f * pad.x + swatch, min.y + pad.y), IM_COL32(20, 20, 20, 255),
                  text.c_str());
    return {"law-legend", {min.x, min.y}, {max.x, max.y}};
}

} // namespace pbd::app
