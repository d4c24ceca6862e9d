#pragma once
/// \file
/// What the command line asks of pbd-cloth.

#include <optional>
#include <string>
#include <vector>

#include "logic/panel_model.h"
#include "pbd/drag_script.h"
#include "pbd/settings.h"
#include "logic/speed_colors.h"
#include "logic/strain_colors.h"

namespace pbd::app {

/// Parsed and validated command-line options.
struct AppOptions {
    Settings settings;                  ///< the parameter flags shared with `pbd-sim run`
    std::optional<long long> frames;    ///< --frames: exit after this many rendered frames
    std::string screenshotFile;         ///< --screenshot: PNG of the window after the last frame
    std::string stateOutFile;           ///< --state-out: positions on exit, pbd-sim run's format
    std::string viewOutFile;            ///< --view-out: camera and panel layout on exit (tests)
    std::string framesDirectory;        ///< --frames-dir: a PNG of every frame in this folder
    ColorBy colorBy = ColorBy::None;    ///< --color-by: what the constraint lines show
    /// --strain-scale: the strain colours' saturation strain; empty: auto (99th percentile)
    std::optional<double> strainScale;
    /// --color-particles: what the particles' discs show
    ParticleColorBy particleColorBy = ParticleColorBy::None;
    bool plots = false;                 ///< --plots: the panel's Plots section starts open
    bool paused = false;                ///< --paused: start paused (for measuring drawing)
    SteppingMode stepping = SteppingMode::Page; ///< --stepping page|realtime
    double speed = 1.0;                 ///< --speed: real-time factor, kMinSpeed to kMaxSpeed
    bool throwOnRelease = true;         ///< --on-release throw (true) or keep (the page's)
    std::string recordFile;             ///< --record: record from the start into this file
    std::string replayFile;             ///< --replay: play this recording back
    std::vector<DragEvent> replayEvents; ///< --replay's events, read and checked by main
};

} // namespace pbd::app
