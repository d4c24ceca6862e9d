#include "strain_legend.h"

#include <cstdio>

#include <imgui.h>

#include "strain_colors.h"

namespace pbd::app {
namespace {

ImU32 colorOf(double strain, double scale)
{
    const glm::vec3 c = strainColor(strain, scale);
    return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, 1.0f));
}

} // namespace

WidgetRect drawStrainLegend(glm::dvec2 canvasSize, double scale, float contentScale)
{
    constexpr int kSegments = 32;
    const float s = contentScale > 0.0f ? contentScale : 1.0f;
    const float width = 220.0f * s, barHeight = 12.0f * s, pad = 8.0f * s;
    const float line = ImGui::GetFontSize();
    const float boxHeight = pad + line + pad / 2 + barHeight + pad / 2 + line + pad;
    const ImVec2 min(24.0f * s, static_cast<float>(canvasSize.y) - 24.0f * s - boxHeight);
    const ImVec2 max(min.x + width + 2 * pad, min.y + boxHeight);
    ImDrawList* draw = ImGui::GetForegroundDrawList();
    draw->AddRectFilled(min, max, IM_COL32(255, 255, 255, 230), 4.0f * s);
    draw->AddRect(min, max, IM_COL32(0x99, 0x99, 0x99, 255), 4.0f * s);
    const ImU32 text = IM_COL32(0x22, 0x22, 0x22, 255);
    draw->AddText(ImVec2(min.x + pad, min.y + pad), text, "Strain (l - r) / r");

    const float barTop = min.y + pad + line + pad / 2;
    for (int i = 0; i < kSegments; ++i) {
        const double t0 = -1.0 + 2.0 * i / kSegments, t1 = -1.0 + 2.0 * (i + 1) / kSegments;
        const ImU32 c0 = colorOf(t0 * scale, scale), c1 = colorOf(t1 * scale, scale);
        const float x0 = min.x + pad + width * static_cast<float>(i) / kSegments;
        const float x1 = min.x + pad + width * static_cast<float>(i + 1) / kSegments;
        draw->AddRectFilledMultiColor(ImVec2(x0, barTop), ImVec2(x1, barTop + barHeight), c0, c1,
                                      c1, c0);
    }

    char label[32];
    const float labelTop = barTop + barHeight + pad / 2;
    std::snprintf(label, sizeof label, "%.3g", -scale);
    draw->AddText(ImVec2(min.x + pad, labelTop), text, label);
    draw->AddText(ImVec2(min.x + pad + width / 2 - ImGui::CalcTextSize("0").x / 2, labelTop),
                  text, "0");
    std::snprintf(label, sizeof label, "+%.3g", scale);
    draw->AddText(ImVec2(min.x + pad + width - ImGui::CalcTextSize(label).x, labelTop), text,
                  label);
    return {"legend", {min.x, min.y}, {max.x, max.y}};
}

} // namespace pbd::app
