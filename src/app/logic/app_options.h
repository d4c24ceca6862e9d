#pragma once
/// \file
/// What the command line asks of pbd-cloth.

#include <optional>
#include <string>
#include <vector>

#include "logic/preferences.h"
#include "pbd/drag_script.h"
#include "pbd/run_start.h"
#include "pbd/settings.h"

namespace pbd::app {

/// Parsed and validated command-line options.
struct AppOptions {
    Settings settings;                  ///< what the Simulation is made with (startSettings())
    Settings startedSettings;           ///< what it has once set up (a loaded state's)
    /// --scene, --load, the settings flags, --obstacle and --ball, as `pbd-sim run` takes
    /// them: the App sets its Simulation up with setUpStart()
    RunStart start;
    std::string sceneName;              ///< --scene's name or file, empty without it
    std::size_t startObstacles = 0;     ///< obstacles at the start (a --replay's indices)
    std::size_t startBalls = 0;         ///< balls at the start
    std::optional<long long> frames;    ///< --frames: exit after this many rendered frames
    static constexpr int kMaxSamples = 16; ///< --samples' largest
    /// --samples: the 3D view's window multisampled with this many samples a pixel (0: none;
    /// the driver may give fewer); the 2D canvas is never multisampled
    int samples = 0;
    std::string screenshotFile;         ///< --screenshot: PNG of the window after the last frame
    std::string stateOutFile;           ///< --state-out: positions on exit, pbd-sim run's format
    std::string viewOutFile;            ///< --view-out: camera and panel layout on exit (tests)
    std::string framesDirectory;        ///< --frames-dir: a PNG of every frame in this folder
    Preferences preferences;            ///< --stepping, --speed, --color-by, --strain-scale,
                                        ///< --color-particles, --plots, --on-release,
                                        ///< --grab-radius
    bool paused = false;                ///< --paused: start paused (for measuring drawing)
    std::string recordFile;             ///< --record: record from the start into this file
    std::string replayFile;             ///< --replay: play this recording back
    std::vector<DragEvent> replayEvents; ///< --replay's events, read and checked by main
    /// --replay's events of a recording made in 3D (the window opens in 3D; replayEvents is
    /// empty then)
    std::vector<DragEvent3> replayEvents3;
    bool autosave = true;               ///< false: --no-autosave
    bool restore = false;               ///< --restore: the left-over session at once
    /// Seconds between autosaves: 30, or PBD_AUTOSAVE_SECONDS (a test hook)
    double autosaveSeconds = 30.0;
    /// The simulation's budget per frame in seconds, fixed: PBD_STEP_BUDGET_MS (a test hook);
    /// 0, unset: from the measured frame (Stepping::budget)
    double stepBudgetSeconds = 0.0;
};

} // namespace pbd::app
