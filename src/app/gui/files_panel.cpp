// The panel's "Record and save" section: the state file and recording file fields, Save, Load,
// Record and Replay. What a recording or playback is doing, and outcomes, go to the panel's
// fixed place for messages (Panel::messages). The logic is RunFiles'.

#include <cstdio>

#include <imgui.h>

#include "gui/panel.h"

namespace pbd::app {

bool Panel::pathRow(const char* id, const char* label, const char* help, const std::string& shown,
                    std::array<char, 512>& text, bool& editing, std::string& path)
{
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(label);
    tooltip(std::string(id) + ".label", help);
    ImGui::SameLine();
    // While the user types, the text is theirs; otherwise it shows the file in use.
    if (!editing)
        std::snprintf(text.data(), text.size(), "%s", shown.c_str());
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
    ImGui::PushID(id);
    const bool changed = ImGui::InputText("##path", text.data(), text.size(),
                                          ImGuiInputTextFlags_AutoSelectAll);
    editing = ImGui::IsItemActive();
    ImGui::PopID();
    tooltip(id, help);
    record(id);
    if (changed) // every edit counts at once: Ctrl+S while typing saves to the typed name
        path = text.data();
    return changed;
}

void Panel::filesSection(const FilesView& view, FilesActions& actions)
{
    // Below Performance, so that the sections above keep their place in a 960 px window (the
    // solver combo must open downwards); Ctrl+R, Ctrl+S and Ctrl+O work without scrolling to
    // it, and the status and outcomes show in the fixed place for messages.
    ImGui::Spacing();
    const bool open = ImGui::CollapsingHeader("Record and save", ImGuiTreeNodeFlags_DefaultOpen);
    record("files-header");
    if (!open)
        return;
    const float width = ImGui::GetContentRegionAvail().x;
    const float half = (width - ImGui::GetStyle().ItemSpacing.x) * 0.5f;

    std::string path;
    if (pathRow("state-path", "State file",
                "The file that Save (Ctrl+S) writes and Load (Ctrl+O) reads: the whole state "
                "(settings, time, positions, velocities, masses, pins, cuts and tears, the "
                "grab) as JSON, exactly. Relative names are in the working directory.",
                view.statePath, statePath_, editingStatePath_, path))
        actions.statePath = path;
    if (ImGui::Button("Save", ImVec2(half, 0.0f)))
        actions.save = true;
    tooltip("save", "Write the whole state to the state file (Ctrl+S). The old file is replaced "
                    "only once the new one is complete.");
    record("save");
    ImGui::SameLine();
    if (ImGui::Button("Load", ImVec2(half, 0.0f)))
        actions.load = true;
    tooltip("load", "Replace the cloth by the state in the state file (Ctrl+O); the fields above "
                    "take its settings. A bad file changes nothing.");
    record("load");

    if (pathRow("recording-path", "Recording",
                "The event script that Record (Ctrl+R) writes and Replay plays: the settings, "
                "then every drag, pin, cut, settings change and restart at its step. "
                "pbd-sim run --events FILE reproduces the run bit for bit.",
                view.recordingPath, recordingPath_, editingRecordingPath_, path))
        actions.recordingPath = path;
    const char* recordLabel = view.recording ? "Stop recording###record" : "Record###record";
    if (ImGui::Button(recordLabel, ImVec2(half, 0.0f)))
        actions.toggleRecording = true;
    tooltip("record", "Start recording from a fresh cloth (the cloth restarts), or stop (Ctrl+R). "
                      "Only the steps taken count; a pause records nothing.");
    record("record");
    ImGui::SameLine();
    const char* replayLabel = view.replaying ? "Stop replay###replay" : "Replay###replay";
    if (ImGui::Button(replayLabel, ImVec2(half, 0.0f)))
        actions.toggleReplay = true;
    tooltip("replay", "Play the recording back here. Space, S and the stepping speed work; "
                      "a grab, pin, cut, restart or settings change stops the playback and the "
                      "cloth carries on live.");
    record("replay");
}

void Panel::sessionOffer(FilesActions& actions)
{
    // In the hints' place over the canvas: the offer moves no row of the panel.
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.0f, 0.3f, 0.7f, 1.0f));
    ImGui::TextWrapped("%s", sessionOffer_.c_str());
    ImGui::PopStyleColor();
    tooltip("restore-offer", "pbd-cloth autosaves the session while it changes and removes the "
                             "file when you quit. This one was left by a pbd-cloth that was "
                             "killed, crashed or ended by a signal.");
    record("restore-offer");
    const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) * 0.5f;
    if (ImGui::Button("Restore", ImVec2(half, 0.0f)))
        actions.restoreSession = true;
    tooltip("restore-session", "Replace the cloth by the autosaved session: settings, positions, "
                               "pins, cuts, time. --restore does it at launch.");
    record("restore-session");
    ImGui::SameLine();
    if (ImGui::Button("Discard", ImVec2(half, 0.0f)))
        actions.discardSession = true;
    tooltip("discard-session", "Remove the autosaved session's file; the cloth stays as it is.");
    record("discard-session");
}

} // namespace pbd::app
