#include "gui/lost_cloth_hint.h"

#include <cstdio>

#include <imgui.h>

namespace pbd::app {
namespace {

WidgetRect lastItem(const char* id)
{
    const ImVec2 min = ImGui::GetItemRectMin();
    const ImVec2 max = ImGui::GetItemRectMax();
    return {id, {min.x, min.y}, {max.x, max.y}};
}

} // namespace

LostClothChoice drawLostClothHint(glm::dvec2 canvasSize, std::vector<WidgetRect>& rects)
{
    // Top centre of the canvas: the cloth is elsewhere, so it hides nothing of it; clear of
    // the paused badge (top left) and the wind's arrow (top right).
    const float top = ImGui::GetFrameHeight();
    ImGui::SetNextWindowPos(ImVec2(static_cast<float>(canvasSize.x * 0.5), top),
                            ImGuiCond_Always, ImVec2(0.5f, 0.0f));
    ImGui::SetNextWindowBgAlpha(0.92f);
    constexpr ImGuiWindowFlags kFlags =
        ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
        ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
        ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoFocusOnAppearing |
        ImGuiWindowFlags_NoScrollbar;
    LostClothChoice choice = LostClothChoice::None;
    if (ImGui::Begin("##lost-cloth", nullptr, kFlags)) {
        ImGui::TextUnformatted("The cloth is out of view.");
        if (ImGui::Button("Follow"))
            choice = LostClothChoice::Follow;
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Turn on Follow: the view keeps the cloth in sight as it moves");
        rects.push_back(lastItem("lost-hint-follow"));
        ImGui::SameLine();
        if (ImGui::Button("Fit (F)"))
            choice = LostClothChoice::Fit;
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Fit the cloth into the canvas and follow it until it rests");
        rects.push_back(lastItem("lost-hint-fit"));
        ImGui::SameLine();
        if (ImGui::Button("Restart (R)"))
            choice = LostClothChoice::Restart;
        rects.push_back(lastItem("lost-hint-restart"));
        const ImVec2 pos = ImGui::GetWindowPos();
        const ImVec2 size = ImGui::GetWindowSize();
        rects.push_back({"lost-hint", {pos.x, pos.y}, {pos.x + size.x, pos.y + size.y}});
    }
    ImGui::End();
    return choice;
}

std::optional<PanelActions> showLostClothHint(bool outOfView, glm::dvec2 canvasSize,
                                              std::vector<WidgetRect>& rects)
{
    const bool wasShown = !rects.empty();
    rects.clear();
    if (!outOfView) {
        if (wasShown)
            std::fprintf(stderr, "pbd-cloth: the cloth is in view again\n");
        return std::nullopt;
    }
    if (!wasShown)
        std::fprintf(stderr, "pbd-cloth: the cloth is out of view; the canvas offers "
                             "Follow, Fit and Restart\n");
    PanelActions back; // the hint's buttons do what the panel's do
    switch (drawLostClothHint(canvasSize, rects)) {
    case LostClothChoice::None:
        return std::nullopt;
    case LostClothChoice::Follow:
        back.follow = true;
        break;
    case LostClothChoice::Fit:
        back.fitView = true;
        break;
    case LostClothChoice::Restart:
        back.restart = true;
        break;
    }
    return back;
}

} // namespace pbd::app
