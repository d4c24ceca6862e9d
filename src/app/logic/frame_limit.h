#pragma once
/// \file
/// What limits the frame rate, named from the measured phases of the frames (FrameTimes), not
/// guessed: the display (the frames' work fits its period), drawing (upload, draw calls and
/// the swap, where the driver finishes drawing), the simulation or the panel, whichever takes
/// the largest part of a frame that overran the display period.

#include <string>

#include "logic/frame_stats.h"

namespace pbd::app {

/// The part of a frame that limits the frame rate.
enum class FrameLimit {
    Display,    ///< the work fits the display's period: nothing to speed up
    Drawing,    ///< upload + draw + swap is the largest part
    Simulation, ///< the steps are the largest part
    Panel,      ///< the panel (ImGui) is the largest part
};

/// The limit of frames whose phases took `mean` milliseconds each on average, on a display of
/// `displayPeriodMs` milliseconds per frame (> 0).
FrameLimit frameLimit(const FrameTimes& mean, double displayPeriodMs);

/// The Performance section's words for it and the part's share of a frame, short enough for
/// the panel's row: e.g. "drawing: 175 of 190 ms" or "display: 9.1 of 16.7 ms used"; "-"
/// before any frame was measured.
std::string frameLimitText(const FrameTimes& mean, double displayPeriodMs);

} // namespace pbd::app
