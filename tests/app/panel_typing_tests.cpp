// Typing into the panel's number fields (issue 35, item 4), drawn headless with ImGui: every
// character typed reaches the panel model, which refuses what pbd-sim refuses, so that no
// text typed becomes another number without a message.

#include <catch2/catch.hpp>

#include <string>

#include <imgui.h>

#include "gui/panel.h"

using namespace pbd;
using namespace pbd::app;

namespace {

constexpr int kEnterKey = 257; ///< any index of io.KeysDown: the key map points Enter at it

struct HeadlessImGui {
    HeadlessImGui()
    {
        ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.DisplaySize = ImVec2(1400.0f, 3000.0f);
        io.DeltaTime = 1.0f / 60.0f;
        io.KeyMap[ImGuiKey_Enter] = kEnterKey;
        io.Fonts->AddFontDefault();
        unsigned char* pixels = nullptr;
        int width = 0, height = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
    }
    ~HeadlessImGui() { ImGui::DestroyContext(); }
};

void frame(Panel& panel, PanelModel& model)
{
    ImGui::NewFrame();
    panel.draw(model, PanelStats{}, {1050.0, 0.0}, {350.0, 3000.0});
    ImGui::EndFrame();
}

/// Clicks into the field `id`, types `text` character by character and presses Enter, one
/// frame for each step, as a user's keys reach ImGui.
void typeInto(Panel& panel, PanelModel& model, const std::string& id, const std::string& text)
{
    frame(panel, model);
    const WidgetRect* box = nullptr;
    for (const WidgetRect& r : panel.widgetRects())
        if (r.id == id)
            box = &r;
    REQUIRE(box != nullptr);
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = ImVec2(static_cast<float>(0.5 * (box->min.x + box->max.x)),
                         static_cast<float>(0.5 * (box->min.y + box->max.y)));
    frame(panel, model);
    io.MouseDown[0] = true;
    frame(panel, model);
    io.MouseDown[0] = false;
    frame(panel, model);
    for (char c : text) {
        io.AddInputCharacter(static_cast<unsigned char>(c));
        frame(panel, model);
    }
    io.KeysDown[kEnterKey] = true;
    frame(panel, model);
    io.KeysDown[kEnterKey] = false;
    frame(panel, model);
}

} // namespace

TEST_CASE("text typed into a number field that pbd-sim would refuse is refused whole, with "
          "the field, the text and the range, and the last valid value stays",
          "[panel][typing]")
{
    HeadlessImGui imgui;
    Panel panel(true);
    PanelModel model{Settings{}};
    typeInto(panel, model, "stiffness", "250");
    REQUIRE(model.settings().stiffness == 250.0);
    REQUIRE(model.error(PanelField::Stiffness).empty());
    for (const std::string text : {"1,5", "0x10", "abc", "nan", "inf", "1e3x", "+5"}) {
        INFO("typed '" << text << "'");
        typeInto(panel, model, "stiffness", text);
        CHECK(model.settings().stiffness == 250.0);
        const std::string reason = text == "nan" || text == "inf" ? "is not a finite number"
                                                                 : "is not a number";
        CHECK(model.error(PanelField::Stiffness) ==
              "Stiffness: '" + text + "' " + reason +
                  "; allowed: a finite number from 0 to 1e+12 N/m");
    }
    // Whole-number fields alike: "1,5" is not 15.
    typeInto(panel, model, "iterations", "1,5");
    CHECK(model.settings().iterations == 2);
    CHECK(model.error(PanelField::Iterations) ==
          "Iterations: '1,5' is not a whole number; allowed: a whole number from 0 to 1000");
}

TEST_CASE("a long number typed into a field arrives whole", "[panel][typing]")
{
    HeadlessImGui imgui;
    Panel panel(true);
    PanelModel model{Settings{}};
    // 0.000...0001 with 99 decimals: cut at a 64-byte buffer it would read as 0.
    const std::string tiny = "0." + std::string(98, '0') + "1";
    typeInto(panel, model, "stiffness", tiny);
    CHECK(model.error(PanelField::Stiffness).empty());
    CHECK(model.settings().stiffness == 1e-99);
}

TEST_CASE("a field's refusal stays until that field takes a valid value", "[panel][typing]")
{
    HeadlessImGui imgui;
    Panel panel(true);
    PanelModel model{Settings{}};
    typeInto(panel, model, "stiffness", "1,5");
    REQUIRE_FALSE(model.error(PanelField::Stiffness).empty());
    // Settings that change elsewhere (a replay, a load, an undo) leave it.
    Settings elsewhere;
    elsewhere.gravity = -1.0;
    model.showSettings(elsewhere);
    frame(panel, model);
    CHECK(model.error(PanelField::Stiffness) ==
          "Stiffness: '1,5' is not a number; allowed: a finite number from 0 to 1e+12 N/m");
    // Another field's valid value leaves it too.
    typeInto(panel, model, "mass", "2");
    CHECK(model.settings().mass == 2.0);
    CHECK_FALSE(model.error(PanelField::Stiffness).empty());
    // Its own field's valid value clears it.
    typeInto(panel, model, "stiffness", "1.5");
    CHECK(model.settings().stiffness == 1.5);
    CHECK(model.error(PanelField::Stiffness).empty());
}
