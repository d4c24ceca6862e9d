// The "Air" part of the panel's World section: the wind edited as its speed and direction (the
// settings keep its two components, shown read-only below them), then the table's other air
// rows (Air drag, Gusts), each committed like every other setting.

#include "gui/panel.h"

#include <algorithm>
#include <cstdio>
#include <string_view>

#include <imgui.h>

namespace pbd::app {
namespace {

/// The panel field of the table row `name` (a wind component).
PanelField fieldNamed(std::string_view name)
{
    return static_cast<PanelField>(findSettingField(name) - settingFields().data());
}

} // namespace

void Panel::air(PanelModel& model, PanelActions& actions)
{
    // The Air part of the World section (Panel::world calls it last): a separator and its
    // title, then the rows.
    ImGui::Spacing();
    ImGui::Separator();
    ImGui::TextUnformatted("Air");
    if (!ImGui::BeginTable("air", 2, ImGuiTableFlags_SizingStretchProp))
        return;
    const std::string directionLabel = WindRows::label(WindRow::Direction);
    ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthFixed,
                            std::max(ImGui::CalcTextSize("Air drag (N s/m\u00B2)").x,
                                     ImGui::CalcTextSize(directionLabel.c_str()).x));
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    // The wind rows type into the text slots of the component rows, which are not drawn as
    // fields here.
    const PanelField windX = fieldNamed("windX");
    const PanelField windY = fieldNamed("windY");
    const bool space = model.settings().dimensions == 3;
    const PanelField slots[] = {windX, windY, fieldNamed("windZ")};
    for (WindRow wind : {WindRow::Speed, WindRow::Direction, WindRow::Elevation}) {
        if (wind == WindRow::Elevation && !space) // a plane's wind has a direction only
            continue;
        const std::size_t slot = static_cast<std::size_t>(slots[static_cast<int>(wind)]);
        const NumberRow row{slot, WindRows::id(wind), WindRows::label(wind),
                            WindRows::tooltip(wind), model.windText(wind),
                            !model.windError(wind).empty()};
        CommitEffect effect = CommitEffect::None;
        switch (numberRow(row)) {
        case RowInput::Commit: effect = model.commitWind(wind, text_[slot]); break;
        case RowInput::Minus: effect = model.stepWind(wind, -1); break;
        case RowInput::Plus: effect = model.stepWind(wind, +1); break;
        case RowInput::None: break;
        }
        if (effect != CommitEffect::None && actions.effect != CommitEffect::Restart)
            actions.effect = effect; // Live: the wind never rebuilds the cloth
    }
    const Settings& s = model.settings();
    char text[128];
    const char* calm =
        s.airDrag > 0.0 || (s.windX == 0.0 && s.windY == 0.0 && (!space || s.windZ == 0.0))
            ? ""
            : " (no drag)";
    if (space)
        std::snprintf(text, sizeof text, "x %.4g, y %.4g, z %.4g m/s%s", s.windX, s.windY,
                      s.windZ, calm);
    else
        std::snprintf(text, sizeof text, "x %.4g, y %.4g m/s%s", s.windX, s.windY, calm);
    statRow(space ? "Wind x, y, z" : "Wind x, y", text,
            "The wind's components, which Wind speed and Wind direction (and in 3D Wind "
            "elevation) set: in 2D Wind x = speed cos(direction), Wind y = speed "
            "sin(direction). They are the saved settings (--wind-x, --wind-y, --wind-z in 3D, "
            "`set wind-x V` in event scripts). The wind moves the cloth only with an Air drag "
            "above 0.");
    record("wind");
    for (PanelField f : panelFields())
        if (settingField(f).section != PanelSection::Air || f == windX || f == windY)
            continue;
        else if (!PanelModel::choices(f).empty())
            choiceCombo(model, f, actions);
        else
            field(model, f, actions);
    ImGui::EndTable();
}

} // namespace pbd::app
