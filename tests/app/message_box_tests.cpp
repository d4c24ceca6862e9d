// The panel's message box (issue 22, item 7), drawn headless with ImGui: messages wrap and
// keep their whole text in a box of fixed height. The panel is 350 px wide, as in the
// default 1400 x 960 window, with the app's font (DejaVu Sans, 15 px) where it is installed.

#include <catch2/catch.hpp>

#include <cstdio>
#include <string>

#include <imgui.h>

#include "gui/panel.h"

using namespace pbd;
using namespace pbd::app;

namespace {

constexpr const char* kFontFile = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

/// Draws the panel twice (ImGui lays a child out in its second frame) with `notice` as the
/// exports' message; returns the rectangles of the message box and of the notice's text.
std::pair<WidgetRect, WidgetRect> drawWithNotice(Panel& panel, PanelModel& model,
                                                 const std::string& notice)
{
    ExportStatus status;
    status.notice = notice;
    panel.setExportStatus(status);
    for (int frame = 0; frame < 2; ++frame) {
        ImGui::NewFrame();
        panel.draw(model, PanelStats{}, {1050.0, 0.0}, {350.0, 960.0});
        ImGui::EndFrame();
    }
    WidgetRect box, text;
    for (const WidgetRect& r : panel.widgetRects()) {
        if (r.id == "messages")
            box = r;
        if (r.id == "notice-text")
            text = r;
    }
    return {box, text};
}

bool inside(const WidgetRect& inner, const WidgetRect& outer)
{
    return inner.min.x >= outer.min.x && inner.min.y >= outer.min.y &&
           inner.max.x <= outer.max.x && inner.max.y <= outer.max.y;
}

} // namespace

TEST_CASE("the message box shows a 209-character message and a 150-character path whole, "
          "and grows for a newest message longer than its five lines",
          "[panel][messages]")
{
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(1400.0f, 960.0f);
    io.DeltaTime = 1.0f / 60.0f;
    if (std::FILE* f = std::fopen(kFontFile, "rb")) {
        std::fclose(f);
        io.Fonts->AddFontFromFileTTF(kFontFile, 15.0f);
    } else {
        io.Fonts->AddFontDefault();
    }
    unsigned char* pixels = nullptr;
    int width = 0, height = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);

    Panel panel(true);
    PanelModel model{Settings{}};
    // "Screenshot saved to PATH (1400 x 960 pixels)" with a path of 150 characters: 209 in all.
    const std::string path = "/home/someone/" + std::string(106, 'x') + "/pbd-cloth-20261202-070000.png";
    REQUIRE(path.size() == 150);
    const std::string saved = "Screenshot saved to " + path + " (1400 x 960 pixels)";
    REQUIRE(saved.size() == 190);
    const std::string longer = saved + " and nineteen more.";
    REQUIRE(longer.size() == 209);
    for (const std::string& notice : {saved, longer}) {
        const auto [box, text] = drawWithNotice(panel, model, notice);
        INFO(notice.size() << " characters: text " << text.min.y << ".." << text.max.y
                           << ", box " << box.min.y << ".." << box.max.y);
        CHECK(text.max.y - text.min.y > 2.0 * ImGui::GetTextLineHeight()); // it wraps
        CHECK(inside(text, box));
    }
    const auto [fixedBox, unused] = drawWithNotice(panel, model, saved);
    const auto [emptyBox, none] = drawWithNotice(panel, model, "");
    CHECK(emptyBox.max.y - emptyBox.min.y == Approx(fixedBox.max.y - fixedBox.min.y)); // fixed
    // Four times as long, and the newest: the box grows to show it whole.
    const auto [box, text] = drawWithNotice(panel, model, longer + longer + longer + longer);
    CHECK(box.max.y - box.min.y > fixedBox.max.y - fixedBox.min.y);
    CHECK(inside(text, box));
    ImGui::DestroyContext();
}

namespace {

const WidgetRect* rectOf(const Panel& panel, const std::string& id)
{
    for (const WidgetRect& r : panel.widgetRects())
        if (r.id == id)
            return &r;
    return nullptr;
}

} // namespace

TEST_CASE("after ten refusals and a fold hint the newest message is the box's first, whole, "
          "the hint has a place of its own and leaves with its cause",
          "[panel][messages]")
{
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(1400.0f, 960.0f);
    io.DeltaTime = 1.0f / 60.0f;
    io.Fonts->AddFontDefault();
    unsigned char* pixels = nullptr;
    int width = 0, height = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
    Panel panel(true);
    PanelModel model{Settings{}};
    PanelStats stats;
    stats.foldHint = "639 of 1131 cells have stayed folded over for 2 s; the distance "
                     "constraints cannot unfold them. Area stiffness (Physics beyond the page) "
                     "does:";
    const auto draw = [&] {
        ImGui::NewFrame();
        panel.draw(model, stats, {1050.0, 0.0}, {350.0, 960.0});
        ImGui::EndFrame();
    };
    const std::pair<PanelField, const char*> refusals[] = {
        {PanelField::Width, "0"},      {PanelField::Height, "0"},
        {PanelField::TimeStep, "0"},   {PanelField::Iterations, "-1"},
        {PanelField::Gravity, "abc"},  {PanelField::Mass, "0"},
        {PanelField::Substeps, "0"},   {PanelField::Damping, "-1"},
        {PanelField::TearStrain, "x"}, {PanelField::Stiffness, "1,5"},
    };
    for (const auto& [field, text] : refusals) {
        model.commitText(field, text);
        draw();
        draw();
        const std::string& said = model.error(field);
        CHECK(panel.newestMessage() == said);
        const WidgetRect* box = rectOf(panel, "messages");
        const WidgetRect* newest = rectOf(panel, "message-newest");
        REQUIRE(box != nullptr);
        REQUIRE(newest != nullptr);
        INFO(said << ": newest " << newest->min.y << ".." << newest->max.y << ", box "
                  << box->min.y << ".." << box->max.y);
        CHECK(inside(*newest, *box));
        CHECK(newest->min.y == Approx(box->min.y).margin(1.0)); // the first line
    }
    CHECK(model.errors().size() == 10); // each still there, below the newest
    // The same refusal typed again is news again.
    model.commitText(PanelField::Width, "0");
    draw();
    CHECK(panel.newestMessage() == model.error(PanelField::Width));
    // The fold hint sits over the canvas, not in the message box, and leaves with its cause.
    const WidgetRect* hint = rectOf(panel, "fold-hint");
    REQUIRE(hint != nullptr);
    CHECK(hint->max.x <= 1050.0);
    stats.foldHint.clear();
    draw();
    CHECK(rectOf(panel, "fold-hint") == nullptr);
    CHECK(rectOf(panel, "hints") == nullptr);
    ImGui::DestroyContext();
}
