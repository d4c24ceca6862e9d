#include "gui/help_overlay.h"

#include <algorithm>

#include <imgui.h>

#include "logic/controls_help.h"

namespace pbd::app {

WidgetRect drawHelpOverlay(glm::dvec2 canvasSize, bool threeD)
{
    const auto controls = controlsHelp(threeD);
    // The table at its natural width (each input and action on one line) where that fits
    // the canvas with a margin; else as wide as fits, the actions wrapped.
    float inputWidth = 0.0f;
    float actionWidth = 0.0f;
    for (const ControlHelp& control : controls) {
        inputWidth = std::max(inputWidth, ImGui::CalcTextSize(control.input).x);
        actionWidth = std::max(actionWidth, ImGui::CalcTextSize(control.action).x);
    }
    const ImGuiStyle& style = ImGui::GetStyle();
    const float natural = inputWidth + actionWidth + 2.0f * style.WindowPadding.x +
                          4.0f * style.CellPadding.x + style.ItemSpacing.x;
    const float fits = static_cast<float>(canvasSize.x) * 0.94f;
    const bool wrap = natural > fits;

    ImGui::SetNextWindowPos(ImVec2(static_cast<float>(canvasSize.x * 0.5),
                                   static_cast<float>(canvasSize.y * 0.5)),
                            ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowBgAlpha(0.95f);
    ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                             ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                             ImGuiWindowFlags_NoFocusOnAppearing;
    if (wrap)
        ImGui::SetNextWindowSize(ImVec2(fits, 0.0f), ImGuiCond_Always); // height: auto-fit
    else
        flags |= ImGuiWindowFlags_AlwaysAutoResize;
    WidgetRect rect{"help", {0.0, 0.0}, {0.0, 0.0}};
    if (ImGui::Begin("Controls help (F1 or Esc closes)", nullptr, flags)) {
        if (ImGui::BeginTable("controls-help", 2, ImGuiTableFlags_RowBg)) {
            if (wrap) {
                ImGui::TableSetupColumn("input", ImGuiTableColumnFlags_WidthFixed, inputWidth);
                ImGui::TableSetupColumn("action", ImGuiTableColumnFlags_WidthStretch);
            }
            for (const ControlHelp& control : controls) {
                ImGui::TableNextRow();
                ImGui::TableSetColumnIndex(0);
                ImGui::TextUnformatted(control.input);
                ImGui::TableSetColumnIndex(1);
                if (wrap)
                    ImGui::TextWrapped("%s", control.action);
                else
                    ImGui::TextUnformatted(control.action);
            }
            ImGui::EndTable();
        }
        const ImVec2 pos = ImGui::GetWindowPos();
        const ImVec2 size = ImGui::GetWindowSize();
        rect.min = {pos.x, pos.y};
        rect.max = {pos.x + size.x, pos.y + size.y};
    }
    ImGui::End();
    return rect;
}

} // namespace pbd::app
