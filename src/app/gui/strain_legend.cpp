#include "gui/strain_legend.h"

#include <cstdio>
#include <functional>

#include <imgui.h>

#include "logic/speed_colors.h"
#include "logic/strain_colors.h"

namespace pbd::app {
namespace {

ImU32 toU32(glm::vec3 c)
{
    return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, 1.0f));
}

/// A box with `title`, a bar coloured by colorAt(t) for t from 0 (left) to 1 (right), and the
/// labels under its left end, middle and right end.
WidgetRect drawLegend(const char* id, glm::dvec2 canvasSize, float contentScale, double above,
                      const char* title, const std::function<glm::vec3(double)>& colorAt,
                      const char* left, const char* middle, const char* right)
{
    constexpr int kSegments = 32;
    const float s = contentScale > 0.0f ? contentScale : 1.0f;
    const float width = 220.0f * s, barHeight = 12.0f * s, pad = 8.0f * s;
    const float line = ImGui::GetFontSize();
    const float boxHeight = pad + line + pad / 2 + barHeight + pad / 2 + line + pad;
    const ImVec2 min(24.0f * s, static_cast<float>(canvasSize.y - above) - 24.0f * s - boxHeight);
    const ImVec2 max(min.x + width + 2 * pad, min.y + boxHeight);
    ImDrawList* draw = ImGui::GetForegroundDrawList();
    draw->AddRectFilled(min, max, IM_COL32(255, 255, 255, 230), 4.0f * s);
    draw->AddRect(min, max, IM_COL32(0x99, 0x99, 0x99, 255), 4.0f * s);
    const ImU32 text = IM_COL32(0x22, 0x22, 0x22, 255);
    draw->AddText(ImVec2(min.x + pad, min.y + pad), text, title);

    const float barTop = min.y + pad + line + pad / 2;
    for (int i = 0; i < kSegments; ++i) {
        const ImU32 c0 = toU32(colorAt(static_cast<double>(i) / kSegments));
        const ImU32 c1 = toU32(colorAt(static_cast<double>(i + 1) / kSegments));
        const float x0 = min.x + pad + width * static_cast<float>(i) / kSegments;
        const float x1 = min.x + pad + width * static_cast<float>(i + 1) / kSegments;
        draw->AddRectFilledMultiColor(ImVec2(x0, barTop), ImVec2(x1, barTop + barHeight), c0, c1,
                                      c1, c0);
    }
    const float labelTop = barTop + barHeight + pad / 2;
    draw->AddText(ImVec2(min.x + pad, labelTop), text, left);
    draw->AddText(ImVec2(min.x + pad + width / 2 - ImGui::CalcTextSize(middle).x / 2, labelTop),
                  text, middle);
    draw->AddText(ImVec2(min.x + pad + width - ImGui::CalcTextSize(right).x, labelTop), text,
                  right);
    return {id, {min.x, min.y}, {max.x, max.y}};
}

} // namespace

WidgetRect drawStrainLegend(glm::dvec2 canvasSize, double scale, bool automatic,
                            float contentScale, double above)
{
    char left[32], right[32];
    std::snprintf(left, sizeof left, "%.3g", -scale);
    std::snprintf(right, sizeof right, "+%.3g", scale);
    return drawLegend("legend", canvasSize, contentScale, above,
                      automatic ? "Strain (l - r) / r, auto scale" : "Strain (l - r) / r, scale set",
                      [scale](double t) { return strainColor((2.0 * t - 1.0) * scale, scale); },
                      left, "0", right);
}

WidgetRect drawSpeedLegend(glm::dvec2 canvasSize, double scale, float contentScale, double above)
{
    char middle[32], right[32];
    std::snprintf(middle, sizeof middle, "%.3g", 0.5 * scale);
    std::snprintf(right, sizeof right, "%.3g", scale);
    return drawLegend("speed-legend", canvasSize, contentScale, above,
                      "Particle speed (m/s), auto scale",
                      [scale](double t) { return speedColor(t * scale, scale); }, "0", middle,
                      right);
}

} // namespace pbd::app
