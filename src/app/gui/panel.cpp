#include "gui/panel.h"

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <cstring>

#include <imgui.h>

#include "gui/text_field.h"
#include "logic/controls_help.h"

namespace pbd::app {
namespace {

/// The widget id of a settings row: its flag without the dashes ("width", "dt", "fixed").
std::string fieldId(PanelField field) { return settingField(field).flag + 2; }

/// None < Live < Restart: a frame's commits need the strongest of their effects.
CommitEffect strongest(CommitEffect a, CommitEffect b)
{
    auto rank = [](CommitEffect e) { return e == CommitEffect::Restart ? 2 : e == CommitEffect::Live; };
    return rank(a) >= rank(b) ? a : b;
}

const ImVec4 kErrorRed(0.85f, 0.0f, 0.0f, 1.0f);
const ImVec4 kNoticeGreen(0.0f, 0.45f, 0.1f, 1.0f); ///< an export's success message

constexpr const char* kGpuPrecisionTooltip =
    "Arithmetic of the GPU solver. float: fastest; agrees with the colored solver to about "
    "1e-3 m after 100 steps. double: the colored solver's results to rounding (bit for bit "
    "where the GPU rounds as IEEE 754 says), about half the speed on a real GPU. Switching "
    "rebuilds the GPU solver from the cloth's current state; a precision the GPU cannot run "
    "is refused with the reason.";

/// The label column fits `widest`, the table's longest label, so that no label is cut off.
void setupColumns(const char* widest)
{
    ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthFixed,
                            ImGui::CalcTextSize(widest).x);
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch, 1.0f);
}

/// Width of a field's text box: the value column less the two buttons.
float fieldWidth()
{
    const float button = ImGui::GetFrameHeight();
    const float spacing = ImGui::GetStyle().ItemInnerSpacing.x;
    return std::max(button, ImGui::GetContentRegionAvail().x - 2.0f * (button + spacing));
}

} // namespace

Panel::Panel(bool symbols)
    : symbols_(symbols), text_(settingFields().size() + 2), editing_(settingFields().size() + 2)
{
}

void Panel::record(const std::string& id)
{
    const ImVec2 min = ImGui::GetItemRectMin();
    const ImVec2 max = ImGui::GetItemRectMax();
    rects_.push_back({id, {min.x, min.y}, {max.x, max.y}});
}

void Panel::tooltip(const std::string& id, const char* text)
{
    // After a short rest on the widget, and never while a field is being typed in, so that a
    // tooltip cannot cover the text being edited.
    if (!ImGui::IsItemHovered())
        return;
    anyHovered_ = true;
    if (!tooltipTimer_.hovered(id, ImGui::GetTime(), ImGui::IsAnyItemActive()))
        return;
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

void Panel::labelCell(const std::string& id, const char* label, const char* help)
{
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(label);
    tooltip(id + ".label", help);
    ImGui::TableSetColumnIndex(1);
}

void Panel::statRow(const char* label, const char* value, const char* help)
{
    labelCell(label, label, help);
    ImGui::TextUnformatted(value);
    tooltip(std::string(label) + ".value", help);
}

Panel::RowInput Panel::numberRow(const NumberRow& row)
{
    labelCell(row.id, row.label.c_str(), row.tooltip.c_str());
    ImGui::PushID(row.id.c_str());
    auto& text = text_[row.slot];
    // While the user types, the text is theirs; otherwise it shows the committed value.
    if (!editing_[row.slot])
        text = row.shown;
    const float button = ImGui::GetFrameHeight();
    const float spacing = ImGui::GetStyle().ItemInnerSpacing.x;
    ImGui::SetNextItemWidth(fieldWidth());
    if (row.failed) {
        ImGui::PushStyleColor(ImGuiCol_Border, kErrorRed);
        ImGui::PushStyleVar(ImGuiStyleVar_FrameBorderSize, 1.5f);
    }
    // Every character typed reaches the model, which refuses what pbd-sim would refuse ("1,5",
    // "0x10", "abc", "nan"), so that nothing typed changes the number silently.
    const bool enter = inputString("##value", text,
                                   ImGuiInputTextFlags_EnterReturnsTrue |
                                       ImGuiInputTextFlags_AutoSelectAll);
    if (row.failed) {
        ImGui::PopStyleVar();
        ImGui::PopStyleColor();
    }
    RowInput input = RowInput::None;
    if (enter || ImGui::IsItemDeactivatedAfterEdit())
        input = RowInput::Commit;
    editing_[row.slot] = ImGui::IsItemActive() && !enter;
    if (editing_[row.slot])
        editingId_ = row.id + " " + text.c_str(); // c_str(): up to the text's end
    tooltip(row.id, row.tooltip.c_str());
    record(row.id);

    ImGui::PushButtonRepeat(true);
    ImGui::SameLine(0.0f, spacing);
    if (ImGui::Button("-", ImVec2(button, button)))
        input = RowInput::Minus;
    tooltip(row.id + "-", "Decrease by one step, stopping at the smallest allowed value "
                          "(hold to repeat)");
    record(row.id + "-");
    ImGui::SameLine(0.0f, spacing);
    if (ImGui::Button("+", ImVec2(button, button)))
        input = RowInput::Plus;
    tooltip(row.id + "+", "Increase by one step, stopping at the largest allowed value "
                          "(hold to repeat)");
    record(row.id + "+");
    ImGui::PopButtonRepeat();
    ImGui::PopID();
    if (input == RowInput::Commit)
        editing_[row.slot] = false;
    return input;
}

void Panel::field(PanelModel& model, PanelField field, PanelActions& actions)
{
    const std::size_t slot = static_cast<std::size_t>(field);
    const std::string tip = PanelModel::tooltip(field);
    const NumberRow row{slot, fieldId(field), PanelModel::labelWithUnit(field), tip,
                        model.displayText(field), !model.error(field).empty()};
    switch (numberRow(row)) {
    case RowInput::Commit:
        actions.effect = strongest(actions.effect, model.commitText(field, text_[slot]));
        break;
    case RowInput::Minus:
        actions.effect = strongest(actions.effect, model.stepField(field, -1));
        break;
    case RowInput::Plus:
        actions.effect = strongest(actions.effect, model.stepField(field, +1));
        break;
    case RowInput::None: break;
    }
}

void Panel::fields(PanelModel& model, PanelSection section, PanelActions& actions,
                   const std::string& pinnedNow)
{
    for (PanelField f : panelFields()) {
        if (settingField(f).section != section)
            continue;
        if (!PanelModel::choices(f).empty()) // a few allowed values: a combo (fixed count)
            choiceCombo(model, f, actions, f == PanelField::FixedCount ? pinnedNow : "");
        else
            field(model, f, actions);
    }
}

void Panel::choiceCombo(PanelModel& model, PanelField field, PanelActions& actions,
                        const std::string& note)
{
    const std::string id = fieldId(field);
    std::string tip = PanelModel::tooltip(field);
    if (!note.empty()) // the value is what a restart pins; say what is pinned now
        tip += " Now " + note.substr(0, note.find(' ')) +
               " particles are pinned (a scene's own pins, Unpin all or Shift+click): the "
               "value takes effect at the next restart of a cloth without a scene's pins.";
    labelCell(id, PanelModel::labelWithUnit(field).c_str(), tip.c_str());
    const std::string current = model.displayText(field);
    const std::string shown = note.empty() ? current : current + ", " + note;
    ImGui::SetNextItemWidth(fieldWidth()); // as wide as the other fields' text boxes
    if (ImGui::BeginCombo(("##" + id).c_str(), shown.c_str())) {
        for (const std::string& option : PanelModel::choices(field)) {
            const bool selected = current == option;
            if (ImGui::Selectable(option.c_str(), selected))
                actions.effect = strongest(actions.effect, model.commitText(field, option));
            if (selected)
                ImGui::SetItemDefaultFocus();
        }
        ImGui::EndCombo();
    }
    tooltip(id, tip.c_str());
    record(id);
}

void Panel::messages(const PanelModel& model, const FilesView& files)
{
    // Newest first (MessageOrder): the message just caused is the box's first line and shows
    // whole, older ones that still hold follow it. The box keeps a fixed height, drawn even
    // when empty, so that a message never moves the rows below it; only a newest message
    // longer than the box grows it, to show it whole. Hints are not messages: they have their
    // own place over the canvas (hints()).
    std::vector<PanelMessage> current;
    for (const PanelModel::FieldMessage& m : model.fieldMessages())
        current.push_back({m.key, m.text, MessageTone::Refusal, m.serial, false});
    if (!files.status.empty()) // "Recording to F: step N", "Replaying F: step N of M": news
        current.push_back({"files-status", files.status, MessageTone::News, 0, true});
    if (!files.message.empty()) // the last save, load, recording or replay outcome
        current.push_back({"files", files.message,
                           files.failed ? MessageTone::Refusal : MessageTone::News, 0, false});
    if (!export_.notice.empty()) // the exports' last outcome (F12, video, --frames-dir)
        current.push_back({"export", export_.notice,
                           export_.noticeIsError ? MessageTone::Refusal : MessageTone::Success,
                           0, false});
    const std::vector<PanelMessage> shown = messageOrder_.order(std::move(current));

    const float lines = kMessageLines * ImGui::GetTextLineHeightWithSpacing();
    float height = lines;
    if (!shown.empty()) { // room for the newest whole, even beside a scroll bar
        const float wrap = ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ScrollbarSize;
        const float newest =
            ImGui::CalcTextSize(shown.front().text.c_str(), nullptr, false, wrap).y +
            ImGui::GetStyle().ItemSpacing.y;
        height = std::max(lines, newest);
    }
    ImGui::BeginChild("##messages", ImVec2(0.0f, height), false);
    newestText_ = shown.empty() ? "" : shown.front().text;
    const std::string newestKey = shown.empty() ? "" : shown.front().key + newestText_;
    if (newestKey != newestShown_) { // something new: back to the top, where it is
        ImGui::SetScrollY(0.0f);
        newestShown_ = newestKey;
    }
    if (shown.empty()) { // say what the place is for, so that it does not read as a gap
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
        ImGui::TextWrapped("Messages about refused input, files and exports appear here, the "
                           "newest first.");
        ImGui::PopStyleColor();
    }
    for (std::size_t i = 0; i < shown.size(); ++i) {
        const PanelMessage& message = shown[i];
        const bool coloured = message.tone != MessageTone::News;
        if (coloured)
            ImGui::PushStyleColor(ImGuiCol_Text,
                                  message.tone == MessageTone::Refusal ? kErrorRed : kNoticeGreen);
        ImGui::TextWrapped("%s", message.text.c_str());
        if (coloured)
            ImGui::PopStyleColor();
        if (i == 0)
            record("message-newest"); // where its wrapped lines went, for the tests
        if (message.key == "export")
            record("notice-text");
    }
    ImGui::EndChild();
    record("messages");
}

void Panel::hints(glm::dvec2 canvasSize, FilesActions& actions)
{
    // Hints are not messages: each says what the app noticed and offers what to do about it,
    // and leaves when its cause does (the cloth unfolds, the offer is answered). Their place
    // is the canvas's bottom-right corner, where the page's view has no cloth, no legend (they
    // stack at the bottom-left) and no wind arrow (top-right); drawn over the canvas, they
    // move no row of the panel.
    if (foldHint_.empty() && sessionOffer_.empty())
        return;
    const float width = std::min(static_cast<float>(canvasSize.x) * 0.45f,
                                 ImGui::GetFontSize() * 30.0f);
    const float margin = ImGui::GetFontSize();
    ImGui::SetNextWindowPos(ImVec2(static_cast<float>(canvasSize.x) - margin,
                                   static_cast<float>(canvasSize.y) - margin),
                            ImGuiCond_Always, ImVec2(1.0f, 1.0f));
    ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0.0f), ImVec2(width, FLT_MAX));
    ImGui::SetNextWindowBgAlpha(0.95f);
    constexpr ImGuiWindowFlags kFlags =
        ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize |
        ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoTitleBar;
    if (ImGui::Begin("##hints", nullptr, kFlags)) {
        foldHint();
        if (!sessionOffer_.empty()) {
            if (!foldHint_.empty())
                ImGui::Separator();
            sessionOffer(actions);
        }
        record("hints");
    }
    ImGui::End();
}

void Panel::stepping(PanelModel& model, const PanelStats& stats)
{
    ImGui::Spacing();
    if (!ImGui::CollapsingHeader("Stepping", ImGuiTreeNodeFlags_DefaultOpen))
        return;
    if (!ImGui::BeginTable("stepping", 2, ImGuiTableFlags_SizingStretchProp))
        return;
    setupColumns("Sim. speed");
    const char* help =
        "Page: 8 steps per frame, as the page (its speed follows the display: 2.4x real time "
        "at 60 Hz). Real time: the simulated time follows the wall clock times the speed, with "
        "the fixed time step. Either way the simulation gets about 2/3 of each frame, so the "
        "window stays responsive; when that is not enough, the simulation runs slower and "
        "this section says so.";
    labelCell("stepping", "Stepping", help);
    ImGui::SetNextItemWidth(fieldWidth());
    const auto label = [](SteppingMode m) {
        return m == SteppingMode::Page ? "page" : "real time";
    };
    if (ImGui::BeginCombo("##stepping", label(model.stepping()))) {
        for (SteppingMode mode : {SteppingMode::Page, SteppingMode::RealTime}) {
            const bool selected = mode == model.stepping();
            if (ImGui::Selectable(label(mode), selected))
                model.chooseStepping(mode);
            if (selected)
                ImGui::SetItemDefaultFocus();
        }
        ImGui::EndCombo();
    }
    tooltip("stepping", help);
    record("stepping");

    const std::size_t slot = text_.size() - 1;
    const NumberRow row{slot,          "speed",          PanelModel::speedLabel(),
                        PanelModel::speedTooltip(), model.speedText(),
                        !model.speedError().empty()};
    switch (numberRow(row)) {
    case RowInput::Commit: model.commitSpeed(text_[slot]); break;
    case RowInput::Minus: model.stepSpeed(-1); break;
    case RowInput::Plus: model.stepSpeed(+1); break;
    case RowInput::None: break;
    }

    const std::string speed = simulationSpeedText(stats.simulatedPerWall, stats.paused, dash());
    statRow("Sim. speed", speed.c_str(),
            "Simulated seconds per wall-clock second over the last second.");
    ImGui::EndTable();
    if (!stats.steppingStatus.empty() && !stats.paused) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.9f, 0.55f, 0.0f, 1.0f));
        if (stats.frameLimit.empty() || stats.frameLimit == "-")
            ImGui::TextWrapped("%s", stats.steppingStatus.c_str());
        else // what the measurements blame, not a guess
            ImGui::TextWrapped("%s; frames limited by %s", stats.steppingStatus.c_str(),
                               stats.frameLimit.c_str());
        ImGui::PopStyleColor();
        record("stepping-status");
    }
}

void Panel::performance(PanelModel& model, const PanelStats& stats, PanelActions& actions)
{
    ImGui::Spacing();
    if (!ImGui::CollapsingHeader("Performance", ImGuiTreeNodeFlags_DefaultOpen))
        return;
    // The solver combo on a line of its own, as wide as the panel: its labels are long, and
    // a narrow (800 px) window must not cut them.
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Solver");
    tooltip("solver.label", PanelModel::solverTooltip());
    const Solver current = model.settings().solver;
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
    if (ImGui::BeginCombo("##solver", PanelModel::solverLabel(current))) {
        for (Solver choice : kSolverChoices) {
            const bool selected = choice == current;
            const bool unavailable = !model.unavailable(choice).empty();
            if (ImGui::Selectable(PanelModel::solverLabel(choice), selected,
                                  unavailable ? ImGuiSelectableFlags_Disabled : 0))
                actions.effect = strongest(actions.effect, model.chooseSolver(choice));
            if (unavailable && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
                ImGui::SetTooltip("%s", model.unavailable(choice).c_str());
            if (selected)
                ImGui::SetItemDefaultFocus();
        }
        ImGui::EndCombo();
    }
    tooltip("solver", PanelModel::solverTooltip());
    record("solver");
    if (model.gpuUnavailable().empty()) {
        // GPU precision: float | double, beside its label. Switching rebuilds the GPU solver
        // from the cloth's current state before the next step.
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted("GPU precision");
        tooltip("gpu-precision.label", kGpuPrecisionTooltip);
        ImGui::SameLine();
        const GpuPrecision precision = model.settings().gpuPrecision;
        ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
        if (ImGui::BeginCombo("##gpu-precision", gpuPrecisionName(precision))) {
            for (GpuPrecision choice : {GpuPrecision::Float, GpuPrecision::Double}) {
                const bool selected = choice == precision;
                if (ImGui::Selectable(gpuPrecisionName(choice), selected))
                    actions.effect = strongest(actions.effect, model.chooseGpuPrecision(choice));
                if (selected)
                    ImGui::SetItemDefaultFocus();
            }
            ImGui::EndCombo();
        }
        tooltip("gpu-precision", kGpuPrecisionTooltip);
        record("gpu-precision");
    }
    if (!model.solverMessage().empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, kErrorRed);
        ImGui::TextWrapped("%s", model.solverMessage().c_str());
        ImGui::PopStyleColor();
        record("solver-message");
    }
    if (!ImGui::BeginTable("performance", 2, ImGuiTableFlags_SizingStretchProp))
        return;
    setupColumns("Frames per sec.");

    char text[96];
    statRow("Threads", stats.threads.c_str(),
            "Threads projecting the constraints: 1 for the sequential order; the colored order "
            "asks for one per core unless --threads says otherwise, and uses at most one per "
            "chunk of rows (a chunk holds about 2048 particles or more, so a small cloth runs "
            "on one thread).");
    if (stats.substepsInUse > 0) {
        std::snprintf(text, sizeof text, "%d", stats.substepsInUse);
        statRow("Substeps in use", text,
                "The substeps the last step took under the strain budget (Max strain): from "
                "Substeps up to 256, as many as keep every constraint within the budget.");
        record("substeps-in-use");
    }
    const std::string perFrame = simulationPerFrameText(stats.frame.simulation,
                                                        stats.stepsPerFrame, stats.paused, dash());
    statRow("Sim. per frame", perFrame.c_str(),
            "Wall-clock time of a frame's simulation steps, averaged over 30 frames. "
            "Under 16 ms leaves room for 60 frames per second.");
    std::snprintf(text, sizeof text, "%.1f", stats.framesPerSecond);
    statRow("Frames per sec.", text,
            "Frames drawn per second over the last 30 frames (the display's rate at most).");
    statRow("Limited by", stats.frameLimit.c_str(),
            "What limits the frame rate, from the phases measured over the last 30 frames: the "
            "display while a frame's work fits its period, else the largest part: drawing "
            "(upload, draw and swap), the simulation or the panel.");
    std::snprintf(text, sizeof text, "%.2f / %.2f ms", stats.frame.upload, stats.frame.draw);
    statRow("Upload / draw", text,
            "Per frame: copying the positions to the GPU (none with the GPU solver, which the "
            "canvas draws from directly), then the canvas's draw calls.");
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
    editingId_.clear();
    anyHovered_ = false;
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
        setupColumns("Time per sim. step");
        char text[64];
        std::snprintf(text, sizeof text, "%.2f s", stats.time);
        statRow("Current time", text, "Simulated time since the last restart, in seconds.");
        const std::string stepTime = stepTimeText(stats.millisecondsPerStep, dash());
        statRow("Time per sim. step", stepTime.c_str(),
                "Wall-clock time of one simulation step, averaged over the last 50 steps.");
        std::snprintf(text, sizeof text, "%zu", stats.particles);
        statRow("# particles", text, "Particles in the cloth: width x height.");
        std::snprintf(text, sizeof text, "%zu", stats.constraints);
        statRow("# constraints", text,
                "Distance constraints: horizontal, vertical and two diagonals per cell.");
        if (stats.lawError) { // a validation scene's: the law drawn over the cloth
            const auto [residual, tolerance] = *stats.lawError;
            if (tolerance > 0.0)
                std::snprintf(text, sizeof text, "%.3g cm (validate: %.3g)", 100.0 * residual,
                              100.0 * tolerance);
            else
                std::snprintf(text, sizeof text, "%.3g cm", 100.0 * residual);
            statRow("Error from law", text,
                    "The largest distance of a particle from the law drawn over the cloth "
                    "(magenta), and what pbd-sim validate allows its case.");
        }
        fields(model, PanelSection::Page, actions, stats.pinnedNow);
        ImGui::EndTable();
    }
    foldHint_ = stats.foldHint;
    turnOnArea_ = false;
    messages(model, stats.files);

    const float width = ImGui::GetContentRegionAvail().x;
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    // Two rows of buttons: Restart, Pause, Fit view and ?; Undo, Redo, Record, Save PNG and
    // Video. Recording, exports and help are reachable without scrolling, and the Plots
    // below stay on a 960 px screen.
    const float help = ImGui::GetFrameHeight() * 1.5f;
    const float third = (width - help - 3.0f * spacing) / 3.0f;
    if (ImGui::Button(symbols_ ? "\u25B6 Restart" : "Restart", ImVec2(third, 0.0f)))
        actions.restart = true;
    tooltip("restart", "Rebuild the cloth from the values above, at rest, with time 0 (R).");
    record("restart");
    ImGui::SameLine();
    const char* pauseLabel = stats.paused ? (symbols_ ? "\u25B6 Resume###pause" : "Resume###pause")
                                          : (symbols_ ? "\u25AE\u25AE Pause###pause" : "Pause###pause");
    if (ImGui::Button(pauseLabel, ImVec2(third, 0.0f)))
        actions.togglePause = true;
    tooltip("pause", "Stop or continue the simulation (Space). While paused, S advances one step.");
    record("pause");
    ImGui::SameLine();
    if (ImGui::Button("Fit view", ImVec2(third, 0.0f)))
        actions.fitView = true;
    tooltip("fit", "Zoom and pan so that the cloth fits the canvas (F), then follow it until it "
                   "comes to rest; pins left behind and a few stray particles do not count. "
                   "Home: the page's view.");
    record("fit");
    ImGui::SameLine();
    if (ImGui::Button("?", ImVec2(help, 0.0f)))
        actions.toggleHelp = true;
    tooltip("help-button", "Show or hide every mouse and key control (F1).");
    record("help-button");
    const float fifth = (width - 4.0f * spacing) / 5.0f;
    history(stats, actions, fifth);
    ImGui::SameLine();
    quickExports(stats, actions, fifth);
    // Unpin all, Pin corners again and the Follow box share a row.
    const float box = ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
                      ImGui::CalcTextSize("Follow").x;
    const float pins = (width - box - 2.0f * ImGui::GetStyle().ItemSpacing.x) * 0.5f;
    if (ImGui::Button("Unpin all", ImVec2(pins, 0.0f)))
        actions.unpinAll = true;
    tooltip("unpin-all", "Free every pinned particle, the fixed corners too: the cloth falls. "
                         "Shift+click pins or frees one particle.");
    record("unpin-all");
    ImGui::SameLine();
    if (ImGui::Button("Pin corners", ImVec2(pins, 0.0f)))
        actions.pinCorners = true;
    tooltip("pin-corners", "Pin the fixed corners of '# fixed particles' where they are now; "
                           "other pins stay. Restart also rebuilds them.");
    record("pin-corners");
    ImGui::SameLine();
    follow(stats, actions);
    colouring(model, stats, actions);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("On release");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
    const char* releaseNames[] = {"throw", "keep velocity (page)"};
    if (ImGui::BeginCombo("##release", releaseNames[stats.throwOnRelease ? 0 : 1])) {
        for (int i = 0; i < 2; ++i)
            if (ImGui::Selectable(releaseNames[i], (i == 0) == stats.throwOnRelease) &&
                (i == 0) != stats.throwOnRelease)
                actions.throwOnRelease = i == 0;
        ImGui::EndCombo();
    }
    tooltip("release", "throw: a released particle takes the pointer's velocity over the last "
                       "50 ms. keep velocity: it keeps the velocity it had when grabbed, as on "
                       "the page.");
    record("release");
    grabRadius(model);
    plots(stats, actions);

    ImGui::Spacing();
    if (ImGui::CollapsingHeader("Physics beyond the page", ImGuiTreeNodeFlags_DefaultOpen) &&
        ImGui::BeginTable("beyond", 2, ImGuiTableFlags_SizingStretchProp)) {
        setupColumns("Area stiffness (N/m)");
        fields(model, PanelSection::BeyondPage, actions);
        ImGui::EndTable();
    }
    // The world below the cloth's physics: the panel's end (Record and save, Export, Help)
    // stays where scripts and muscle memory find it.
    world(model, stats, actions); // and its Air part
    stepping(model, stats);
    performance(model, stats, actions);
    filesSection(stats.files, actions.files);

    exports(stats, actions);

    ImGui::Spacing();
    if (ImGui::CollapsingHeader("Help", ImGuiTreeNodeFlags_DefaultOpen)) {
        for (const ControlHelp& control : controlsHelp(stats.threeD)) {
            ImGui::Bullet();
            ImGui::TextWrapped("%s: %s", control.input, control.action);
        }
    }
    ImGui::End();
    hints({position.x, size.y}, actions.files); // the canvas lies left of the panel
    actions.turnOnArea = turnOnArea_;
    if (!anyHovered_)
        tooltipTimer_.reset();
    return actions;
}

} // namespace pbd::app
