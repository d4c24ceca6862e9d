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
          "and scrolls what is longer",
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
    // Four times as long: it wraps past the box, which scrolls instead of growing.
    const auto [box, text] = drawWithNotice(panel, model, longer + longer + longer + longer);
    CHECK(text.max.y > box.max.y);
    const auto [emptyBox, none] = drawWithNotice(panel, model, "");
    CHECK(emptyBox.max.y - emptyBox.min.y == Approx(box.max.y - box.min.y)); // fixed height
    ImGui::DestroyContext();
}
