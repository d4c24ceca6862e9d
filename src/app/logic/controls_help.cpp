#include "logic/controls_help.h"

#include <algorithm>
#include <array>
#include <cstring>

namespace pbd::app {
namespace {

constexpr std::array<ControlHelp, 24> kControls{{
    {"Left-drag a particle", "grab the nearest particle within 10 px (fixed corners too) and move it; let go while moving to throw it"},
    {"Left-drag an obstacle or ball", "select it and move it; a ball is thrown"},
    {"Shift+click a particle", "pin it where it is, or unpin it (corners too)"},
    {"Ctrl+drag", "knife: cut every constraint the line crosses"},
    {"One finger on the canvas", "drags like the left button"},
    {"Wheel, Ctrl+wheel, pinch", "zoom about the cursor or the pinch centre"},
    {"Right- or middle-drag", "pan the view"},
    {"F", "fit the whole cloth into the canvas and follow it until it rests"},
    {"Home", "the page's view"},
    {"Space", "pause / resume"},
    {"S", "one step while paused"},
    {"R", "restart the cloth"},
    {"F1", "show / hide this help"},
    {"F12", "save a PNG of the window (pbd-cloth-DATE-TIME.png in the working folder)"},
    {"Esc", "cancel a drag or a field edit; close this help"},
    {"Ctrl+R", "start recording from a fresh cloth (the cloth restarts) / stop recording"},
    {"Ctrl+S", "save the whole state to the panel's state file (pbd-cloth-state.json)"},
    {"Ctrl+O", "load the state file (a 3D one switches to 3D); a bad file changes nothing"},
    {"Ctrl+Z / Ctrl+Shift+Z", "undo / redo the last cut, pin, setting change, restart, load, whole grab or world edit"},
    {"Ctrl+Q", "quit (as the window's close button)"},
    {"Panel: Colour lines by, Strain scale", "lines by strain, saturating at auto (99th percentile) or a typed scale (--color-by, --strain-scale)"},
    {"Panel: Colour particles by", "particles by speed in m/s, dark to bright, legend on the canvas (--color-particles)"},
    {"Panel: Grab radius", "a left drag holds every particle within it, each at its offset; 0: one particle (--grab-radius)"},
    {"Panel: Plots", "open: the last step's error per iteration, 10 s of energy, strain, ms per step (--plots)"},
}};

constexpr std::array<ControlHelp, 21> kControls3{{
    {"Left-drag the cloth", "grab the particle nearest where the ray under the cursor first meets the cloth (a fold's front layer) and move it in the plane through that point facing the camera; let go while moving to throw it"},
    {"Shift+click the cloth", "pin the particle under the cursor where it is, or unpin it (corners too)"},
    {"Left-click or drag a solid or ball", "select it (outlined; the panel's Remove selected removes it) and move it in the plane facing the camera"},
    {"Ctrl+drag", "knife: on release, cut every constraint under the stroke, every layer (the cut runs along the view)"},
    {"Right-drag", "orbit the camera around its target"},
    {"Middle-drag, Shift+right-drag", "pan the view"},
    {"Wheel, pinch", "zoom towards the point under the cursor or the pinch centre"},
    {"One finger on the canvas", "drags like the left button"},
    {"F", "fit the cloth and the solids and balls of its world into the canvas"},
    {"Home", "the start's view: from the front, a little right and above, fitted"},
    {"Space", "pause / resume"},
    {"S", "one step while paused"},
    {"R", "restart the cloth"},
    {"F1", "show / hide this help"},
    {"F12", "save a PNG of the window (pbd-cloth-DATE-TIME.png in the working folder)"},
    {"Esc", "let a drag go where it is; close this help"},
    {"Ctrl+R", "start recording from a fresh cloth (the cloth restarts) / stop recording"},
    {"Ctrl+S", "save the whole state to the panel's state file (pbd-cloth-state.json)"},
    {"Ctrl+O", "load the state file (a 2D one switches to 2D); a bad file changes nothing"},
    {"Ctrl+Z / Ctrl+Shift+Z", "undo / redo the last cut, pin, setting change, restart, load, whole grab or world edit"},
    {"Ctrl+Q", "quit (as the window's close button)"},
}};

} // namespace

std::span<const ControlHelp> controlsHelp(bool threeD)
{
    if (threeD)
        return kControls3;
    return kControls;
}

std::string controlsHelpText()
{
    std::size_t width = 0;
    for (const ControlHelp& c : kControls)
        width = std::max(width, std::strlen(c.input));
    std::string text;
    for (const ControlHelp& c : kControls) {
        text += "  ";
        text += c.input;
        text.append(width + 2 - std::strlen(c.input), ' ');
        text += c.action;
        text += '\n';
    }
    return text;
}

} // namespace pbd::app
