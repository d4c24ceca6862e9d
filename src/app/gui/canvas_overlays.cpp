// Over the canvas, drawn with ImGui after the panel: the knife's line, the grab radius's
// circle, the recording's and paused badges, a validation scene's law with its legend, and the
// strain and speed colours with their legends.

#include "gui/app.h"

#include <vector>

#include <imgui.h>

#include "gui/law_legend.h"
#include "gui/wind_arrow.h"

namespace pbd::app {

namespace {

/// A label in a rounded box at the canvas's left edge, its top at `top` window pixels;
/// returns its bottom. `dot`: a filled disc before the text in that colour (0: none).
float badge(float top, float scale, const char* text, ImU32 fill, ImU32 dot)
{
    const ImVec2 size = ImGui::CalcTextSize(text);
    const ImVec2 pad(6.0f * scale, 3.0f * scale);
    const float disc = dot != 0 ? size.y : 0.0f; // the disc's room, a line high
    const ImVec2 min(8.0f * scale, top + 8.0f * scale);
    const ImVec2 max(min.x + disc + size.x + 2.0f * pad.x, min.y + size.y + 2.0f * pad.y);
    ImDrawList* draw = ImGui::GetBackgroundDrawList();
    draw->AddRectFilled(min, max, fill, 3.0f * scale);
    if (dot != 0)
        draw->AddCircleFilled(ImVec2(min.x + pad.x + 0.4f * disc, min.y + pad.y + 0.5f * size.y),
                              0.32f * disc, dot);
    draw->AddText(ImVec2(min.x + pad.x + disc, min.y + pad.y), IM_COL32(255, 255, 255, 255),
                  text);
    return max.y;
}

/// "PAUSED" at the canvas's top-left corner while paused, below `top` window pixels;
/// returns the bottom of what it drew.
float drawPausedBadge(float top, float scale)
{
    // Top-left of the canvas, where no legend, help or cloth of the page's view is: a dark
    // label that says why nothing moves (Space resumes).
    return badge(top, scale, "PAUSED (Space resumes)", IM_COL32(60, 60, 60, 220), 0);
}

/// The recording's or replay's badge at the canvas's top-left ("REC", "REPLAY") while one
/// runs; returns the bottom of what it drew (`top` when nothing).
float drawFilesBadge(float top, float scale, const RunFiles& files)
{
    // Recording is easy to forget (Ctrl+R, a --record from a script): a red disc and REC on
    // the canvas say so for as long as it lasts; a replay says so too, since the input is
    // not the user's then.
    if (files.recording())
        return badge(top, scale, "REC (Ctrl+R stops)", IM_COL32(60, 60, 60, 220),
                     IM_COL32(230, 30, 30, 255));
    if (files.replaying())
        return badge(top, scale, "REPLAY (an edit takes over)", IM_COL32(60, 60, 60, 220), 0);
    return top;
}

} // namespace

void App::drawCanvasOverlays()
{
    const Viewport& view = frameView_;
    if (const auto knife = controller_.input().knife()) { // the knife's line while Ctrl+dragging
        const Camera& camera = controller_.view().camera();
        const glm::dvec2 a = camera.worldToScreen(knife->first);
        const glm::dvec2 b = camera.worldToScreen(knife->second);
        ImGui::GetForegroundDrawList()->AddLine(
            ImVec2(static_cast<float>(a.x), static_cast<float>(a.y)),
            ImVec2(static_cast<float>(b.x), static_cast<float>(b.y)), IM_COL32(200, 0, 0, 255),
            2.0f * static_cast<float>(controller_.view().logicalScale()));
    }
    if (const auto centre = controller_.input().reachCentre(); centre && hoverShown_) {
        // the grab radius's hand (left out of the frames an export reads, as the hover ring)
        const Camera& camera = controller_.view().camera();
        const glm::dvec2 c = camera.worldToScreen(*centre);
        const double r = camera.zoom() * controller_.preferences().grabRadius;
        ImGui::GetForegroundDrawList()->AddCircle(
            ImVec2(static_cast<float>(c.x), static_cast<float>(c.y)), static_cast<float>(r),
            IM_COL32(230, 120, 0, 200), 48, static_cast<float>(controller_.view().logicalScale()));
    }
    const float scale = static_cast<float>(controller_.view().logicalScale());
    float badges = drawFilesBadge(0.0f, scale, files_); // a sign while recording
    if (controller_.paused())
        badges = drawPausedBadge(badges, scale);
    // A validation scene's law, below the badges (nothing for the other scenes).
    law_ = lawOverlay(controller_.sceneName(), simulation_);
    lawRect_.reset();
    if (law_) {
        const Camera& camera = controller_.view().camera();
        std::vector<glm::dvec2> curve, marks;
        for (const glm::dvec2& at : law_->curve)
            curve.push_back(camera.worldToScreen(at));
        for (const glm::dvec2& at : law_->marks)
            marks.push_back(camera.worldToScreen(at));
        lawRect_ = drawLaw(*law_, curve, marks, scale, badges);
    }
    const Settings& air = simulation_.settings(); // the wind's arrow, top right, when it blows
    drawWindArrow(view.canvasOffset, view.canvasSize, {air.windX, air.windY}, air.gusts,
                  air.airDrag, scale);
    // Strain and speed colours: the core computes the strains and speeds, the renderer only
    // maps them; their legends stack above the canvas's bottom.
    colours_.update(simulation_, controller_.preferences(), view, window_->contentScale());
}

} // namespace pbd::app
