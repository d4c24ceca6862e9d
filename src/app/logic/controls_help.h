#pragma once
/// \file
/// The one list of the app's mouse, touch and key controls: the help overlay (F1), the
/// panel's Help section and `pbd-cloth --help` all show it.

#include <span>
#include <string>

namespace pbd::app {

/// One control: the input and what it does.
struct ControlHelp {
    const char* input;  ///< e.g. "Right- or middle-drag"
    const char* action; ///< e.g. "pan the view"
};

/// Every control, in the order the help shows them: the 2D canvas's, or with `threeD` the 3D
/// view's (orbit camera, the hand through a ray cast).
std::span<const ControlHelp> controlsHelp(bool threeD = false);

/// The list as plain text, one "  INPUT  ACTION" line per control with the inputs padded to
/// one column, for `--help`.
std::string controlsHelpText();

} // namespace pbd::app
