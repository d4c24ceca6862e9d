#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "logic/controls_help.h"

using pbd::app::controlsHelp;
using pbd::app::controlsHelpText;

TEST_CASE("the controls help names every key and mouse control the controller handles",
          "[help]")
{
    std::string inputs;
    for (const auto& control : controlsHelp())
        inputs += std::string(control.input) + "\n";
    for (const char* input : {"Left-drag", "Shift+click", "Ctrl+drag", "finger", "Wheel", "pinch", "Right- or middle-drag",
                              "F\n", "Home", "Space", "S\n", "R\n", "F1", "F12", "Esc", "Ctrl+Q",
                              "Ctrl+R", "Ctrl+S", "Ctrl+O", "Ctrl+Z", "Ctrl+Shift+Z"})
        CHECK(inputs.find(input) != std::string::npos);
}

TEST_CASE("the --help text has one aligned line per control", "[help]")
{
    const std::string text = controlsHelpText();
    std::size_t lines = 0, column = std::string::npos;
    for (const auto& control : controlsHelp()) {
        const std::string action = control.action;
        const std::size_t at = text.find(action);
        REQUIRE(at != std::string::npos);
        const std::size_t lineStart = text.rfind('\n', at) + 1; // npos + 1 == 0 on the first
        CHECK(text.compare(lineStart + 2, std::string(control.input).size(), control.input) == 0);
        if (column == std::string::npos)
            column = at - lineStart;
        CHECK(at - lineStart == column); // the actions start in one column
        ++lines;
    }
    CHECK(lines == controlsHelp().size());
    CHECK(std::count(text.begin(), text.end(), '\n') == static_cast<long>(lines));
}

TEST_CASE("the controls help names the colouring and plot panel items with their flags", "[help]")
{
    std::string text;
    for (const auto& control : controlsHelp())
        text += std::string(control.input) + " " + control.action + "\n";
    for (const char* item : {"Strain scale", "Colour particles by", "Plots", "--strain-scale",
                             "Grab radius", "--grab-radius",
                             "--color-particles", "--plots"})
        CHECK(text.find(item) != std::string::npos);
}

TEST_CASE("the 3D help names the orbit camera's and the 3D hand's controls, and the keys",
          "[help][3d]")
{
    std::string inputs;
    for (const auto& control : controlsHelp(true))
        inputs += std::string(control.input) + " " + control.action + "\n";
    for (const char* input : {"Left-drag", "ray", "facing the camera", "Shift+click", "solid or ball",
                              "Remove selected",
                              "Ctrl+drag", "knife", "Right-drag", "orbit", "Middle-drag", "Shift+right-drag", "Wheel",
                              "F ", "Home", "Space", "S ", "R ", "F1", "F12", "Esc",
                              "Ctrl+R", "Ctrl+S", "Ctrl+O", "Ctrl+Z", "Ctrl+Q"})
        CHECK(inputs.find(input) != std::string::npos);
}
