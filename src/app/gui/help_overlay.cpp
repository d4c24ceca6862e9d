#include "gui/help_overlay.h"

#include <imgui.h>

#include "logic/controls_help.h"

namespace pbd::app {

WidgetRect drawHelpOverlay(glm::dvec2 canvasSize, bool threeD)
{
    ImGui::SetNextWindowPos(ImVec2(static_cast<float>(canvasSize.x * 0.5),
                                   static_cast<float>(canvasSize.y * 0.5)),
                            ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowBgAlpha(0.95f);
    constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                        ImGuiWindowFlags_NoCollapse |
                                        ImGuiWindowFlags_NoSavedSettings |
                                        ImGuiWindowFlags_AlwaysAutoResize |
                                        ImGuiWindowFlags_NoFocusOnAppearing;
    WidgetRect rect{"help", {0.0, 0.0}, {0.0, 0.0}};
    if (ImGui::Begin("Controls help (F1 or Esc closes)", nullptr, kFlags)) {
        if (ImGui::BeginTable("controls-help", 2, ImGuiTableFlags_RowBg)) {
            for (const ControlHelp& control : controlsHelp(threeD)) {
                ImGui::TableNextRow();
                ImGui::TableSetColumnIndex(0);
                ImGui::TextUnformatted(control.input);
                ImGui::TableSetColumnIndex(1);
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
