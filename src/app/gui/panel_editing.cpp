// The panel's editing rows: Undo and Redo, the Grab radius field, Follow the cloth and the
// fold hint with its button. Values and commits go through PanelModel, actions through PanelActions.

#include "gui/panel.h"

#include <imgui.h>

#include "files/input_text.h"
#include "logic/fold_hint.h"

namespace pbd::app {

void Panel::history(const PanelStats& stats, PanelActions& actions, float width)
{
    ImGui::BeginDisabled(stats.undoCount == 0);
    if (ImGui::Button("Undo", ImVec2(width, 0.0f)))
        actions.undo = true;
    ImGui::EndDisabled();
    tooltip("undo", "Ctrl+Z: back to the whole state just before the last action (a cut, pin, "
                    "unpin, restart, setting change, load or a whole grab from press to "
                    "release): positions, velocities, time and all.");
    record("undo");
    ImGui::SameLine();
    ImGui::BeginDisabled(stats.redoCount == 0);
    if (ImGui::Button("Redo", ImVec2(width, 0.0f)))
        actions.redo = true;
    ImGui::EndDisabled();
    tooltip("redo", "Ctrl+Shift+Z: forward to the state just after the last undone action, as "
                    "it was when the action was made. A new action clears what could be "
                    "redone.");
    record("redo");
}

void Panel::grabRadius(PanelModel& model)
{
    if (!ImGui::BeginTable("grab", 2, ImGuiTableFlags_SizingStretchProp))
        return;
    const std::string label = PanelModel::grabRadiusLabel();
    ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthFixed,
                            ImGui::CalcTextSize(label.c_str()).x);
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    const std::size_t slot = text_.size() - 2;
    const NumberRow row{slot, "grab-radius", label, PanelModel::grabRadiusTooltip(),
                        model.grabRadiusText(), !model.grabRadiusError().empty()};
    switch (numberRow(row)) {
    case RowInput::Commit: model.commitGrabRadius(text_[slot]); break;
    case RowInput::Minus: model.stepGrabRadius(-1); break;
    case RowInput::Plus: model.stepGrabRadius(+1); break;
    case RowInput::None: break;
    }
    ImGui::EndTable();
}

void Panel::follow(const PanelStats& stats, PanelActions& actions)
{
    bool on = stats.follow;
    if (ImGui::Checkbox("Follow", &on))
        actions.follow = on;
    tooltip("follow", "Keep the cloth in view as it moves (--follow): when the bulk of the "
                      "cloth nears the canvas's edge the view pans, keeping the zoom, and "
                      "zooms out when the cloth no longer fits. A few torn-off particles and "
                      "the pins are left out. F fits the cloth once.");
    record("follow");
}

void Panel::foldHint()
{
    if (foldHint_.empty())
        return;
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.8f, 0.45f, 0.0f, 1.0f));
    ImGui::TextWrapped("%s", foldHint_.c_str());
    ImGui::PopStyleColor();
    record("fold-hint");
    const std::string button = "Turn on Area stiffness (" +
                               formatNumber(FoldWatch::kSuggestedAreaStiffness) + " N/m)";
    if (ImGui::Button(button.c_str()))
        turnOnArea_ = true;
    tooltip("fold-hint-button", "Sets Area stiffness, which keeps each cell's two triangles "
                                "from turning over, so that the folds open out. It is a "
                                "setting change like any other: Ctrl+Z takes it back.");
    record("fold-hint-button");
}

} // namespace pbd::app
