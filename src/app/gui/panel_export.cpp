// The panel's "Export" section: Save PNG, Export video and what they take of the window.

#include "gui/panel.h"

#include <imgui.h>

#include "io/video_clock.h"

namespace pbd::app {
namespace {

const ImVec4 kErrorRed(0.85f, 0.0f, 0.0f, 1.0f);
const ImVec4 kNoticeGreen(0.0f, 0.45f, 0.1f, 1.0f); ///< an export's success message

} // namespace

void Panel::quickExports(const PanelStats& stats, PanelActions& actions, float third)
{
    const bool recording = stats.files.recording;
    if (ImGui::Button(recording ? "Stop###record-quick" : "Record###record-quick",
                      ImVec2(third, 0.0f)))
        actions.files.toggleRecording = true;
    tooltip("record-quick", "Record what you do from a fresh cloth, or stop (Ctrl+R): the "
                            "Record and save section below names the file.");
    record("record-quick");
    ImGui::SameLine();
    if (ImGui::Button("PNG", ImVec2(third, 0.0f)))
        actions.screenshot = true;
    tooltip("screenshot-quick", "Write a PNG (F12); the Export section below says of what.");
    record("screenshot-quick");
    ImGui::SameLine();
    ImGui::BeginDisabled(!export_.videoAvailable);
    if (ImGui::Button(export_.videoRunning ? "Stop###video-quick" : "Video###video-quick",
                      ImVec2(third, 0.0f)))
        actions.toggleVideo = true;
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled) && !export_.videoAvailable)
        ImGui::SetTooltip("%s", export_.videoText.c_str());
    else
        tooltip("video-quick", "Export a video, or stop it: see the Export section below.");
    record("video-quick");
}

void Panel::exports(const PanelStats& stats, PanelActions& actions)
{
    ImGui::Spacing();
    if (!ImGui::CollapsingHeader("Export", ImGuiTreeNodeFlags_DefaultOpen))
        return;
    const float width = ImGui::GetContentRegionAvail().x;
    const float half = (width - ImGui::GetStyle().ItemSpacing.x) * 0.5f;
    if (ImGui::Button("Save PNG (F12)", ImVec2(half, 0.0f)))
        actions.screenshot = true;
    tooltip("screenshot", "Write a PNG of the window (or of the canvas only, below) into the "
                          "working directory, named pbd-cloth-DATE-TIME.png (-2, -3 ... when "
                          "taken); the message place above says where it went.");
    record("screenshot");
    ImGui::SameLine();
    ImGui::BeginDisabled(!export_.videoAvailable);
    if (ImGui::Button(export_.videoRunning ? "Stop video###video" : "Export video###video",
                      ImVec2(half, 0.0f)))
        actions.toggleVideo = true;
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled) && !export_.videoAvailable) {
        ImGui::SetTooltip("%s", export_.videoText.c_str());
    } else {
        static const std::string help =
            "Pipe frames to ffmpeg, which writes pbd-cloth-DATE-TIME.mp4 (H.264) into the "
            "working directory: a frame every 1/" + std::to_string(kVideoFps) +
            " s of simulated time, at " + std::to_string(kVideoFps) +
            " fps, so that the video plays at the cloth's own speed (nothing is recorded "
            "while paused). Press again to stop. The video keeps the size it started with.";
        tooltip("video", help.c_str());
    }
    record("video");
    if (ImGui::Button("Export OBJ", ImVec2(width, 0.0f)))
        actions.exportObj = true;
    tooltip("export-obj", "Write the cloth's surface as a Wavefront OBJ file (vertices, "
                          "normals, the whole triangles; cuts and tears as gaps), which "
                          "Blender and other 3D tools open, into the working directory, "
                          "named pbd-cloth-DATE-TIME.obj.");
    record("export-obj");
    ExportOptions options = stats.exports;
    bool changed = ImGui::Checkbox("PNG: canvas only", &options.pngCanvasOnly);
    tooltip("png-canvas-only", "Save PNG and F12 write the canvas without the panel "
                               "(--png-canvas-only).");
    record("png-canvas-only");
    ImGui::SameLine();
    changed |= ImGui::Checkbox("Video: canvas only", &options.videoCanvasOnly);
    tooltip("video-canvas-only", "Export video records the canvas without the panel (the "
                                 "default; --video-with-panel records the whole window).");
    record("video-canvas-only");
    bool withoutRing = !options.hoverRing;
    if (ImGui::Checkbox("Without the hover ring", &withoutRing)) {
        options.hoverRing = !withoutRing;
        changed = true;
    }
    tooltip("export-hover-ring", "The frames that Save PNG, F12 and the video read are drawn "
                                 "without the hover ring and the grab radius's circle (on "
                                 "screen too, while a video records). Off: as on screen "
                                 "(--export-hover-ring).");
    record("export-hover-ring");
    if (changed)
        actions.exports = options;
    if (!export_.videoText.empty())
        ImGui::TextWrapped("%s", export_.videoText.c_str());
    if (!export_.framesText.empty())
        ImGui::TextWrapped("Frames: %s", export_.framesText.c_str());
    // The last outcome here too: the message place is scrolled out of view when the panel is
    // scrolled down to these buttons.
    if (!export_.notice.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, export_.noticeIsError ? kErrorRed : kNoticeGreen);
        ImGui::TextWrapped("%s", export_.notice.c_str());
        ImGui::PopStyleColor();
    }
}

} // namespace pbd::app
