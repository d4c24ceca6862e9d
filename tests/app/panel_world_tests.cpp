// The panel's World section (issue 24, item 4), drawn headless with ImGui: its rows come from
// the settings table (Thickness, Friction), a refused value keeps the last valid one with a
// message, and its buttons and Scene combo become the WorldActions the controller turns into
// commands.

#include <catch2/catch.hpp>

#include <string>

#include <imgui.h>

#include "gui/panel.h"

using namespace pbd;
using namespace pbd::app;

namespace {

/// A headless ImGui context with a window tall enough to show the whole panel.
struct HeadlessImGui {
    HeadlessImGui()
    {
        ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.DisplaySize = ImVec2(1400.0f, 3000.0f);
        io.DeltaTime = 1.0f / 60.0f;
        io.Fonts->AddFontDefault();
        unsigned char* pixels = nullptr;
        int width = 0, height = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
    }
    ~HeadlessImGui() { ImGui::DestroyContext(); }
};

PanelActions frame(Panel& panel, PanelModel& model, const PanelStats& stats)
{
    ImGui::NewFrame();
    const PanelActions actions = panel.draw(model, stats, {1050.0, 0.0}, {350.0, 3000.0});
    ImGui::EndFrame();
    return actions;
}

const WidgetRect* rect(const Panel& panel, const std::string& id)
{
    for (const WidgetRect& r : panel.widgetRects())
        if (r.id == id)
            return &r;
    return nullptr;
}

/// Clicks the widget `id` (press, then release over it); returns the release frame's actions.
PanelActions click(Panel& panel, PanelModel& model, const PanelStats& stats,
                   const std::string& id)
{
    frame(panel, model, stats);
    const WidgetRect* r = rect(panel, id);
    REQUIRE(r != nullptr);
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = ImVec2(static_cast<float>(0.5 * (r->min.x + r->max.x)),
                         static_cast<float>(0.5 * (r->min.y + r->max.y)));
    frame(panel, model, stats);
    io.MouseDown[0] = true;
    frame(panel, model, stats);
    io.MouseDown[0] = false;
    const PanelActions actions = frame(panel, model, stats);
    io.MousePos = ImVec2(0.0f, 0.0f);
    frame(panel, model, stats);
    return actions;
}

PanelField rowNamed(const char* name)
{
    for (PanelField f : panelFields())
        if (std::string(settingField(f).name) == name)
            return f;
    FAIL("no panel row " << name);
    return PanelField::Width;
}

} // namespace

TEST_CASE("the World section shows Thickness and Friction from the settings table, the scene "
          "and its buttons, below Physics beyond the page",
          "[panel][world]")
{
    HeadlessImGui imgui;
    Panel panel(true);
    PanelModel model{Settings{}};
    frame(panel, model, PanelStats{});
    CHECK(rect(panel, "thickness") == nullptr); // the page's cloth alone: collapsed
    PanelStats scene;
    scene.scene = "pegs"; // a world: open from the start
    Panel opened(true);
    frame(opened, model, scene);
    frame(opened, model, scene);
    const Panel& panelShown = opened;
    for (const char* id : {"thickness", "friction", "scene", "add-circle", "add-box",
                           "add-capsule", "add-ball", "remove-selected", "clear-world"})
        CHECK(rect(panelShown, id) != nullptr);
    REQUIRE(rect(panelShown, "thickness") != nullptr);
    REQUIRE(rect(panelShown, "chebyshev") != nullptr);
    CHECK(rect(panelShown, "thickness")->min.y > rect(panelShown, "chebyshev")->min.y);
    CHECK(rect(panelShown, "friction")->min.y > rect(panelShown, "thickness")->min.y);
    CHECK(settingField(rowNamed("thickness")).section == PanelSection::World);
}

TEST_CASE("a refused thickness or friction keeps the last valid value with a message naming "
          "it",
          "[panel][world]")
{
    PanelModel model{Settings{}};
    CHECK(model.commitText(rowNamed("friction"), "0.4") == CommitEffect::Live);
    CHECK(model.settings().friction == 0.4);
    CHECK(model.commitText(rowNamed("friction"), "-1") == CommitEffect::None);
    CHECK(model.settings().friction == 0.4);
    CHECK(model.error(rowNamed("friction")).find("Friction") != std::string::npos);
    CHECK(model.commitText(rowNamed("thickness"), "nan") == CommitEffect::None);
    CHECK(model.settings().thickness == 0.0);
    CHECK(model.error(rowNamed("thickness")).find("Thickness") != std::string::npos);
}

TEST_CASE("the World section's buttons ask for their edits, Remove and Clear wait for "
          "something to remove",
          "[panel][world]")
{
    HeadlessImGui imgui;
    Panel panel(true);
    PanelModel model{Settings{}};
    PanelStats empty;
    empty.scene = "page"; // named: the section opens
    CHECK(click(panel, model, empty, "add-circle").world.addCircle);
    CHECK(click(panel, model, empty, "add-box").world.addBox);
    CHECK(click(panel, model, empty, "add-capsule").world.addCapsule);
    CHECK(click(panel, model, empty, "add-ball").world.addBall);
    CHECK_FALSE(click(panel, model, empty, "remove-selected").world.removeSelected);
    CHECK_FALSE(click(panel, model, empty, "clear-world").world.clear);
    PanelStats some;
    some.obstacles = 2;
    some.worldSelected = true;
    CHECK(click(panel, model, some, "remove-selected").world.removeSelected);
    CHECK(click(panel, model, some, "clear-world").world.clear);
}
