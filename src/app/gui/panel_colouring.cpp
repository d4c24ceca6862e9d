// The panel's colouring rows: "Draw", "Colour lines by", "Strain scale" and "Colour particles
// by".

#include <cstdio>

#include <imgui.h>

#include "gui/panel.h"
#include "gui/text_field.h"

namespace pbd::app {

void Panel::colouring(PanelModel& model, const PanelStats& stats, PanelActions& actions)
{
    if (stats.threeD) { // the cloth is shaded in 3D: its edges may be drawn over it
        bool wireframe = stats.wireframe;
        if (ImGui::Checkbox("Wireframe", &wireframe))
            actions.wireframe = wireframe;
        tooltip("wireframe", "Draw the edges of the cloth's triangles over its shaded mesh (at "
                             "the level of detail drawn). --wireframe");
        record("wireframe");
    } else {
        drawModeRow(stats, actions);
    }
    colourRows(model, stats, actions);
}

void Panel::drawModeRow(const PanelStats& stats, PanelActions& actions)
{
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Draw");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
    if (ImGui::BeginCombo("##draw", drawModeName(stats.drawMode))) {
        for (const auto& [choice, name] : kDrawModeNames)
            if (ImGui::Selectable(name.data(), choice == stats.drawMode) && choice != stats.drawMode)
                actions.drawMode = choice;
        ImGui::EndCombo();
    }
    tooltip("draw", "lines: the constraints, as the page. filled: the cells as triangles, "
            "coloured as the lines (strain) or the particles (speed), darker where the cloth "
            "shows its back (folded). both: triangles with the lines on top. Cells smaller than "
            "8 pixels are drawn decimated: every k-th row and column. --draw");
    record("draw");
}

void Panel::colourRows(PanelModel& model, const PanelStats& stats, PanelActions& actions)
{

    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Colour lines by");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
    if (ImGui::BeginCombo("##colorby", colorByName(stats.colorBy))) {
        for (ColorBy choice : {ColorBy::None, ColorBy::Strain}) {
            if (ImGui::Selectable(colorByName(choice), choice == stats.colorBy) &&
                choice != stats.colorBy)
                actions.colorBy = choice;
        }
        ImGui::EndCombo();
    }
    tooltip("colorby", "none: the page's grey lines. strain: each line coloured by its signed strain "
            "(l - r) / r, blue compressed, grey at rest, red stretched, saturating at the "
            "Strain scale below (auto: the 99th percentile of |strain|; the legend on the canvas "
            "shows the scale).");
    record("colorby");

    // The strain scale: "auto" or a number; typed text, committed on Enter or focus loss.
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Strain scale");
    ImGui::SameLine();
    if (!strainScaleEditing_)
        strainScaleText_ = model.strainScaleText();
    const bool failed = !model.strainScaleError().empty();
    if (failed) {
        ImGui::PushStyleColor(ImGuiCol_Border, ImVec4(0.85f, 0.0f, 0.0f, 1.0f));
        ImGui::PushStyleVar(ImGuiStyleVar_FrameBorderSize, 1.5f);
    }
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
    const bool enter = inputString("##strainscale", strainScaleText_,
                                   ImGuiInputTextFlags_EnterReturnsTrue |
                                       ImGuiInputTextFlags_AutoSelectAll);
    if (failed) {
        ImGui::PopStyleVar();
        ImGui::PopStyleColor();
    }
    if (enter || ImGui::IsItemDeactivatedAfterEdit())
        model.commitStrainScale(strainScaleText_);
    strainScaleEditing_ = ImGui::IsItemActive() && !enter;
    if (strainScaleEditing_)
        editingId_ = "strain-scale " + std::string(strainScaleText_.c_str());
    tooltip("strain-scale", "The strain at which the strain colours saturate: auto (the 99th "
                            "percentile of |strain| now) or a number from 1e-06 to 1000, e.g. "
                            "0.01 for 1% stretch. Enter commits.");
    record("strain-scale");

    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Colour particles by");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
    if (ImGui::BeginCombo("##colorparticles", particleColorByName(stats.particleColorBy))) {
        for (ParticleColorBy choice : {ParticleColorBy::None, ParticleColorBy::Speed}) {
            if (ImGui::Selectable(particleColorByName(choice), choice == stats.particleColorBy) &&
                choice != stats.particleColorBy)
                actions.particleColorBy = choice;
        }
        ImGui::EndCombo();
    }
    tooltip("colorparticles", "none: the page's blue discs. speed: each free particle coloured "
                              "by its speed |v|, dark (still) through magenta to amber (fast), "
                              "saturating at the 99th percentile of the speeds (at least "
                              "0.05 m/s); pinned and grabbed particles keep their own colours. "
                              "The legend on the canvas shows the scale in m/s.");
    record("colorparticles");
}

} // namespace pbd::app
