// The World section's Space rows (the settings table's Space section): the Dimensions switch,
// and in 3D the Orientation and Bending rows. They sit below the Scene combo in the World
// section, which is collapsed for the page's cloth: the page's part of the panel, and the
// sections below it, keep every pixel of their place in 2D. Orientation and Bending commit
// through the model, as every row; a new dimension count is a request the app carries out by
// opening the cloth in the other space (App::switchSpace), since the model's settings must
// stay those of one space (Bending is refused in 2D).

#include "gui/panel.h"

#include <algorithm>
#include <string>
#include <string_view>

#include <imgui.h>

namespace pbd::app {
namespace {

PanelField fieldNamed(std::string_view name)
{
    return static_cast<PanelField>(findSettingField(name) - settingFields().data());
}

} // namespace

void Panel::space(PanelModel& model, const PanelStats& stats, PanelActions& actions)
{
    if (!ImGui::BeginTable("space", 2, ImGuiTableFlags_SizingStretchProp))
        return;
    // As wide as the longest label, "Bending (N m)", so that none is cut off.
    float labels = 0.0f;
    for (const char* name : {"dimensions", "orientation", "bending"})
        labels = std::max(labels,
                          ImGui::CalcTextSize(PanelModel::labelWithUnit(fieldNamed(name)).c_str()).x);
    ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthFixed, labels);
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    const PanelField dimensions = fieldNamed("dimensions");
    const std::string tip =
        PanelModel::tooltip(dimensions) +
        " The cloth restarts in the other space with the panel's values (a 3D-only value, "
        "Bending or Wind z, goes back to 0 in 2D); its world stays behind (2D and 3D shapes "
        "differ) and the undo history starts afresh: Undo cannot cross the switch.";
    labelCell("dimensions", PanelModel::labelWithUnit(dimensions).c_str(), tip.c_str());
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
    const char* names[] = {"2D (the page's plane)", "3D"};
    const int now = stats.threeD ? 1 : 0;
    if (ImGui::BeginCombo("##dimensions", names[now])) {
        for (int i = 0; i < 2; ++i) {
            if (ImGui::Selectable(names[i], i == now) && i != now)
                actions.dimensions = i + 2;
            record(i == 0 ? "dimensions-2" : "dimensions-3"); // for tests to click
            if (i == now)
                ImGui::SetItemDefaultFocus();
        }
        ImGui::EndCombo();
    }
    tooltip("dimensions", tip.c_str());
    record("dimensions");
    if (stats.threeD) { // 3D only: a 2D cloth neither turns nor bends
        choiceCombo(model, fieldNamed("orientation"), actions);
        field(model, fieldNamed("bending"), actions);
    }
    ImGui::EndTable();
}

} // namespace pbd::app
