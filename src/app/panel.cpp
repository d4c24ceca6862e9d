#include "panel.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include <imgui.h>

#include "controls_help.h"

namespace pbd::app {
namespace {

constexpr const char* kFieldIds[kPanelFieldCount] = {
    "width", "height", "fixed", "dt", "iterations", "gravity", "mass"};

std::size_t slot(PanelField field) { return static_cast<std::size_t>(field); }

/// None < Live < Restart: a frame's commits need the strongest of their effects.
CommitEffect strongest(CommitEffect a, CommitEffect b)
{
    auto rank = [](CommitEffect e) { return e == CommitEffect::Restart ? 2 : e == CommitEffect::Live; };
    return rank(a) >= rank(b) ? a : b;
}

void tooltip(const char* text)
{
    if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
        ImGui::TextUnformatted(text);
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
}

void labelCell(const char* label, const char* help)
{
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(label);
    tooltip(help);
    ImGui::TableSetColumnIndex(1);
}

void statRow(const char* label, const char* value, const char* help)
{
    labelCell(label, help);
    ImGui::TextUnformatted(value);
    tooltip(help);
}

/// The page shows 2 decimals; a small cloth's steps take microseconds, so keep 3 significant
/// digits instead, which is never "0.00" for a measured step.
void formatMilliseconds(char* out, std::size_t size, double ms)
{
    if (ms >= 1.0)
        std::snprintf(out, size, "%.2f ms", ms);
    else
        std::snprintf(out, size, "%.3g ms", ms);
}

} // namespace

void Panel::record(const char* id)
{
    const ImVec2 min = ImGui::GetItemRectMin();
    const ImVec2 max = ImGui::GetItemRectMax();
    rects_.push_back({id, {min.x, min.y}, {max.x, max.y}});
}

void Panel::errorRow(const PanelModel& model, PanelField field)
{
    const std::string& error = model.error(field);
    if (error.empty())
        return;
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(1);
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.85f, 0.0f, 0.0f, 1.0f));
    ImGui::TextWrapped("%s", error.c_str());
    ImGui::PopStyleColor();
}

void Panel::field(PanelModel& model, PanelField field, PanelActions& actions)
{
    const std::size_t i = slot(field);
    labelCell(PanelModel::label(field), PanelModel::tooltip(field));
    ImGui::PushID(kFieldIds[i]);

    // While the user types, the text is theirs; otherwise it shows the committed value.
    if (!editing_[i]) {
        const std::string shown = model.displayText(field);
        std::snprintf(text_[i].data(), text_[i].size(), "%s", shown.c_str());
    }
    const float button = ImGui::GetFrameHeight();
    const float spacing = ImGui::GetStyle().ItemInnerSpacing.x;
    ImGui::SetNextItemWidth(std::max(button, ImGui::GetContentRegionAvail().x - 2.0f * (button + spacing)));
    const bool enter = ImGui::InputText("##value", text_[i].data(), text_[i].size(),
                                        ImGuiInputTextFlags_EnterReturnsTrue |
                                            ImGuiInputTextFlags_AutoSelectAll |
                                            ImGuiInputTextFlags_CharsScientific);
    const bool committed = enter || ImGui::IsItemDeactivatedAfterEdit();
    editing_[i] = ImGui::IsItemActive() && !enter;
    tooltip(PanelModel::tooltip(field));
    record(kFieldIds[i]);
    if (committed) {
        actions.effect = strongest(actions.effect, model.commitText(field, text_[i].data()));
        editing_[i] = false;
    }

    ImGui::PushButtonRepeat(true);
    ImGui::SameLine(0.0f, spacing);
    if (ImGui::Button("-", ImVec2(button, button)))
        actions.effect = strongest(actions.effect, model.stepField(field, -1));
    tooltip("Decrease by one step (hold to repeat)");
    record((std::string(kFieldIds[i]) + "-").c_str());
    ImGui::SameLine(0.0f, spacing);
    if (ImGui::Button("+", ImVec2(button, button)))
        actions.effect = strongest(actions.effect, model.stepField(field, +1));
    tooltip("Increase by one step (hold to repeat)");
    record((std::string(kFieldIds[i]) + "+").c_str());
    ImGui::PopButtonRepeat();

    ImGui::PopID();
    errorRow(model, field);
}

void Panel::fixedCountCombo(PanelModel& model, PanelActions& actions)
{
    const PanelField field = PanelField::FixedCount;
    labelCell(PanelModel::label(field), PanelModel::tooltip(field));
    const std::string current = model.displayText(field);
    ImGui::SetNextItemWidth(ImGui::GetFrameHeight() * 3.0f);
    if (ImGui::BeginCombo("##fixed", current.c_str())) {
        for (const char* option : {"1", "2", "4"}) {
            const bool selected = current == option;
            if (ImGui::Selectable(option, selected))
                actions.effect = strongest(actions.effect, model.commitText(field, option));
            if (selected)
                ImGui::SetItemDefaultFocus();
        }
        ImGui::EndCombo();
    }
    tooltip(PanelModel::tooltip(field));
    record(kFieldIds[slot(field)]);
    errorRow(model, field);
}

void Panel::performance(PanelModel& model, const PanelStats& stats, PanelActions& actions)
{
    ImGui::Spacing();
    if (!ImGui::CollapsingHeader("Performance", ImGuiTreeNodeFlags_DefaultOpen))
        return;
    if (!ImGui::BeginTable("performance", 2, ImGuiTableFlags_SizingStretchProp))
        return;
    ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthFixed,
                            ImGui::CalcTextSize("Time per sim. step").x);
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch, 1.0f);

    labelCell("Solver", PanelModel::solverTooltip());
    const Solver current = model.settings().solver;
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
    if (ImGui::BeginCombo("##solver", PanelModel::solverLabel(current))) {
        for (Solver choice : kSolverChoices) {
            const bool selected = choice == current;
            if (ImGui::Selectable(PanelModel::solverLabel(choice), selected))
                actions.effect = strongest(actions.effect, model.chooseSolver(choice));
            if (selected)
                ImGui::SetItemDefaultFocus();
        }
        ImGui::EndCombo();
    }
    tooltip(PanelModel::solverTooltip());
    record("solver");

    char text[96];
    std::snprintf(text, sizeof text, "%u", stats.threads);
    statRow("Threads", text,
            "Threads projecting the constraints: 1 for the page's order; the colored order uses "
            "one per core unless --threads says otherwise.");
    formatMilliseconds(text, sizeof text, stats.frame.simulation);
    statRow("Sim. per frame", text,
            "Wall-clock time of a frame's eight simulation steps, averaged over 30 frames. "
            "Under 16 ms leaves room for 60 frames per second.");
    std::snprintf(text, sizeof text, "%.1f", stats.framesPerSecond);
    statRow("Frames per sec.", text,
            "Frames drawn per second over the last 30 frames (the display's rate at most).");
    std::snprintf(text, sizeof text, "%.2f / %.2f ms", stats.frame.upload, stats.frame.draw);
    statRow("Upload / draw", text,
            "Per frame: copying the positions to the GPU, then the canvas's draw calls.");
    std::snprintf(text, sizeof text, "%.2f / %.2f ms", stats.frame.interface, stats.frame.swap);
    statRow("Panel / swap", text,
            "Per frame: this panel (ImGui), then the buffer swap, where the driver finishes "
            "drawing and waits for the display.");
    ImGui::EndTable();
}

PanelActions Panel::draw(PanelModel& model, const PanelStats& stats, glm::dvec2 position,
                         glm::dvec2 size)
{
    PanelActions actions;
    rects_.clear();
    ImGui::SetNextWindowPos(ImVec2(static_cast<float>(position.x), static_cast<float>(position.y)));
    ImGui::SetNextWindowSize(ImVec2(static_cast<float>(size.x), static_cast<float>(size.y)));
    constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                        ImGuiWindowFlags_NoCollapse |
                                        ImGuiWindowFlags_NoSavedSettings;
    if (!ImGui::Begin("Controls", nullptr, kFlags)) {
        ImGui::End();
        return actions;
    }

    if (ImGui::BeginTable("controls", 2, ImGuiTableFlags_SizingStretchProp)) {
        // Labels never cut off: the label column fits the longest label, values take the rest.
        ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthFixed,
                                ImGui::CalcTextSize("Time per sim. step").x);
        ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch, 1.0f);
        char text[64];
        std::snprintf(text, sizeof text, "%.2f s", stats.time);
        statRow("Current time", text, "Simulated time since the last restart, in seconds.");
        formatMilliseconds(text, sizeof text, stats.millisecondsPerStep);
        statRow("Time per sim. step", text,
                "Wall-clock time of one simulation step, averaged over the last 50 steps.");
        std::snprintf(text, sizeof text, "%zu", stats.particles);
        statRow("# particles", text, "Particles in the cloth: width x height.");
        std::snprintf(text, sizeof text, "%zu", stats.constraints);
        statRow("# constraints", text,
                "Distance constraints: horizontal, vertical and two diagonals per cell.");

        field(model, PanelField::Width, actions);
        field(model, PanelField::Height, actions);
        fixedCountCombo(model, actions);
        field(model, PanelField::TimeStep, actions);
        field(model, PanelField::Iterations, actions);
        field(model, PanelField::Gravity, actions);
        field(model, PanelField::Mass, actions);
        ImGui::EndTable();
    }

    ImGui::Spacing();
    const float width = ImGui::GetContentRegionAvail().x;
    if (ImGui::Button(symbols_ ? "\u25B6 Restart" : "Restart", ImVec2(width, 0.0f)))
        actions.restart = true;
    tooltip("Rebuild the cloth from the values above, at rest, with time 0 (R).");
    record("restart");
    const char* pauseLabel = stats.paused ? (symbols_ ? "\u25B6 Resume###pause" : "Resume###pause")
                                          : (symbols_ ? "\u25AE\u25AE Pause###pause" : "Pause###pause");
    if (ImGui::Button(pauseLabel, ImVec2(width, 0.0f)))
        actions.togglePause = true;
    tooltip("Stop or continue the simulation (Space). While paused, S advances one step.");
    record("pause");
    const float help = ImGui::GetFrameHeight() * 1.5f;
    if (ImGui::Button("Fit view", ImVec2(width - help - ImGui::GetStyle().ItemSpacing.x, 0.0f)))
        actions.fitView = true;
    tooltip("Zoom and pan so that the whole cloth fits the canvas (F). Home: the page's view.");
    record("fit");
    ImGui::SameLine();
    if (ImGui::Button("?", ImVec2(help, 0.0f)))
        actions.toggleHelp = true;
    tooltip("Show or hide every mouse and key control (F1).");
    record("help-button");
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
    tooltip("none: the page's grey lines. strain: each line coloured by its signed strain "
            "(l - r) / r, blue compressed, grey at rest, red stretched, saturating at the 99th "
            "percentile of |strain| (the legend on the canvas shows the scale).");
    record("colorby");

    performance(model, stats, actions);

    ImGui::Spacing();
    if (ImGui::CollapsingHeader("Help", ImGuiTreeNodeFlags_DefaultOpen)) {
        for (const ControlHelp& control : controlsHelp()) {
            ImGui::Bullet();
            ImGui::TextWrapped("%s: %s", control.input, control.action);
        }
    }
    ImGui::End();
    return actions;
}

} // namespace pbd::app
