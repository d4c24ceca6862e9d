#pragma once
/// \file
/// What the user asked for in the panel this frame: the ImGui panel fills it in, the
/// controller turns it into commands and view changes.

#include "panel_model.h"

namespace pbd::app {

/// What the user asked for this frame.
struct PanelActions {
    CommitEffect effect = CommitEffect::None; ///< strongest effect of this frame's commits
    bool restart = false;                     ///< the Restart button
    bool togglePause = false;                 ///< the Pause / Resume button
    bool fitView = false;                     ///< the Fit view button
    bool toggleHelp = false;                  ///< the "?" button
};

} // namespace pbd::app
