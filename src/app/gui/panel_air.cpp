// The "Air" part of the panel's World section: the wind's speed and direction as read from
// its two components, then the table's air rows (Wind x, Wind y, Air drag, Gusts), each committed like every
// other setting.

#include "gui/panel.h"

#include <cmath>
#include <cstdio>
#include <numbers>

#include <imgui.h>

namespace pbd::app {

void Panel::air(PanelModel& model, PanelActions& actions)
{
    // The Air part of the World section (Panel::world calls it last): a separator and its
    // title, then the rows.
    ImGui::Spacing();
    ImGui::Separator();
    ImGui::TextUnformatted("Air");
    if (!ImGui::BeginTable("air", 2, ImGuiTableFlags_SizingStretchProp))
        return;
    ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthFixed,
                            ImGui::CalcTextSize("Air drag (N s/m\u00B2)").x);
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    const Settings& s = model.settings();
    const double speed = std::hypot(s.windX, s.windY);
    char text[96];
    if (speed == 0.0) {
        std::snprintf(text, sizeof text, "calm");
    } else {
        // The direction it blows towards, counter-clockwise from +x as the obstacles' angles.
        const double degrees = std::atan2(s.windY, s.windX) * 180.0 / std::numbers::pi;
        std::snprintf(text, sizeof text, "%.3g m/s towards %.0f\u00B0%s", speed, degrees,
                      s.airDrag > 0.0 ? "" : " (no drag)");
    }
    statRow("Wind", text,
            "The wind's speed and the direction it blows towards (degrees counter-clockwise "
            "from +x: 0 blows right, 90 up), from Wind x and Wind y below. It moves the cloth "
            "only with an Air drag above 0; the canvas's top-right corner shows it as an "
            "arrow.");
    record("wind");
    fields(model, PanelSection::Air, actions);
    ImGui::EndTable();
}

} // namespace pbd::app
