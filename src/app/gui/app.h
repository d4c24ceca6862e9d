#pragma once
/// \file
/// The desktop app: the glue between the window, the controller and the renderer. Platform
/// events become Controller calls (app_input.cpp); each frame the controller steps the
/// simulation, the panel and the renderer draw (input -> controller -> simulation -> renderer).

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include <glm/vec2.hpp>

#include "logic/app_options.h"
#include "logic/controller.h"
#include "gui/exporter.h"
#include "logic/frame_stats.h"
#include "render/gl_debug.h"
#include "render/gpu_view.h"
#include "gui/imgui_layer.h"
#include "gui/panel.h"
#include "pbd/simulation.h"
#include "render/renderer.h"
#include "io/autosave.h"
#include "io/run_files.h"
#include "gui/window.h"
#include "platform/quit_signals.h"
#include "platform/x11_touch.h"
#include "platform/x11_window_watch.h"

struct GLFWwindow;

namespace pbd::app {

/// One window running one simulation. The GLFW window's user pointer leads here; there is no
/// global state. Construction opens the window (throws AppError on failure); run() loops until
/// the window closes, Ctrl+Q or a quit signal (SIGTERM, SIGINT, SIGHUP), or --frames is
/// reached and returns the exit status.
class App {
public:
    /// After the last input, keep drawing this long before idling (ImGui's hover and tooltip
    /// changes need a few frames), in seconds.
    static constexpr double kSettleSeconds = 1.0;
    /// While idle, wake this often to read touch events (they arrive on their own X
    /// connection, which glfwWaitEvents does not watch), in seconds.
    static constexpr double kIdleWakeSeconds = 0.25;

    explicit App(const AppOptions& options);
    ~App();
    App(const App&) = delete;
    App& operator=(const App&) = delete;

    /// Runs the frame loop; returns the process exit status.
    int run();

    // Platform input, called from the GLFW callbacks (app_input.cpp).
    void onKey(int key, int action, int mods);
    void onMouseButton(int button, int action, int mods);
    void onCursorPos(glm::dvec2 point);
    void onScroll(double yOffset);
    void onFocus(bool focused);
    /// Something happened that needs frames drawn (input, expose, resize).
    void noteActivity();

private:
    // app.cpp
    /// One frame, as Dear ImGui's example loop: new frame, the phases below, render, swap.
    void frame(bool last, double periodMilliseconds);
    /// This frame's steps (none while closing); prints new GPU refusals. `resumed`: after a
    /// hidden or idle spell.
    void step(bool resumed);
    /// The panel, its requests to the controller and the files, the help overlay, the hover.
    void drawPanel();
    // canvas_overlays.cpp
    /// Over the canvas: the knife's line, the grab radius's circle, the paused badge, the
    /// strain and speed colours and their legends.
    void drawCanvasOverlays();
    /// "PAUSED" at the canvas's top-left corner while paused.
    /// Draws the paused badge at the canvas's top-left, below `top` window pixels; returns
    /// the bottom of what it drew.
    float drawPausedBadge(float top);
    /// The recording's or replay's badge at the canvas's top-left ("REC", "REPLAY") while
    /// one runs; returns the bottom of what it drew (`top` when nothing).
    float drawFilesBadge(float top);
    /// The window title, set when it changed.
    void updateTitle();
    /// The cloth's lines when they changed, its positions (unless the GPU draws them), pins.
    void uploadCloth();
    /// Draws the canvas; false when the window was destroyed meanwhile (nothing drawn).
    bool drawCanvas();
    /// F12, --frames-dir and the video take this frame.
    void exportFrame();
    /// --screenshot, after the last frame.
    void writeLastFrame();
    void updateLayout();
    void pace();
    bool idle() const;
    Viewport viewport() const;
    /// The particle under the pointer for the controller's hover: searched on the GPU while
    /// the GPU solver holds the state, else in the CPU's positions.
    std::optional<Index> hoverAt(const Camera& camera, glm::dvec2 point, double radiusPixels);
    /// True (saying so) when the X server destroyed the window: the run ends as if closed.
    bool windowGone() const;
    /// Frees the GPU solver while the window's context exists (once).
    void releaseGpu();

    // app_exit.cpp
    /// Ends the run: the step on its way, the recording, exports and output files; returns
    /// the exit status.
    int finish();
    void printSummary() const;
    /// Writes --view-out's file (view_dump.h); an error message on failure.
    std::optional<std::string> writeViewOut();
    /// Seconds between two writes of --view-out's file while the app runs.
    static constexpr double kViewOutSeconds = 0.1;
    /// Writes --view-out's file when kViewOutSeconds have passed since the last write, or
    /// at once (`now`) when a frame drawn since is not in it yet.
    void writeViewWhileRunning(bool now = false);

    // app_input.cpp
    void installCallbacks();
    void handleTouch();
    PanelFocus panelFocus() const;

    /// First, so that a signal during the window's opening ends the run too (the loop's first
    /// frame reads it).
    QuitSignals quitSignals_;
    AppOptions options_;
    Simulation simulation_;
    Controller controller_;
    RunFiles files_; ///< recording, playback, save and load; watches controller_
    std::optional<Autosave> autosave_; ///< the session to restore (made once the GPU can load)
    bool interrupted_ = false;         ///< a quit signal ended the run: the autosave stays
    FrameStats frameStats_;

    // Created in this order in the constructor and destroyed in reverse (declaration order).
    std::optional<Window> window_;
    std::optional<GlDebug> glDebug_; ///< only when GlDebug::wanted()
    std::optional<ImGuiLayer> imgui_;
    std::optional<Renderer> renderer_;
    std::optional<GpuView> gpuView_; ///< the GPU solver's side of drawing, hover and resets
    std::optional<Panel> panel_;
    std::optional<X11Touch> touch_;
    std::optional<X11WindowWatch> windowWatch_; ///< the window destroyed under the app
    std::optional<Exporter> exporter_; ///< F12, --frames-dir, Export video (before the window goes)

    std::uint64_t uploadedConstraints_ = 0; ///< constraintsVersion() of the renderer's lines
    std::uint64_t uploadedCloth_ = 0;        ///< the step driver's clothVersion() of those lines
    Viewport frameView_;                     ///< the window and canvas of this frame
    ExportRequests exports_;                 ///< this frame's export requests
    bool hoverShown_ = true; ///< this frame draws the hover ring and the grab radius's circle
    std::string title_;                      ///< the window title last set
    std::optional<WidgetRect> helpRect_;     ///< the help overlay as drawn in the last frame
    std::vector<WidgetRect> lostHintRects_;  ///< the lost-cloth hint and its buttons, last frame
    std::optional<WidgetRect> legendRect_;   ///< the strain legend as drawn in the last frame
    std::optional<WidgetRect> speedLegendRect_; ///< the speed legend as drawn in the last frame
    std::vector<float> strains_;             ///< signed strain per constraint (colour by strain)
    std::vector<Index> pinned_;              ///< pinned particles of this frame, drawn apart
    std::vector<float> strainScratch_;       ///< autoStrainScale's workspace
    double strainScale_ = 0.0;               ///< the colours' saturation strain, last frame
    std::optional<LineColoring> lineColoring_;         ///< this frame's, when by strain
    std::optional<ParticleColoring> particleColoring_; ///< this frame's, when by speed
    std::vector<float> speeds_;              ///< speed per particle (colour by speed), m/s
    std::vector<float> speedScratch_;        ///< autoSpeedScale's workspace
    double speedScale_ = 0.0;                ///< the discs' saturation speed, last frame, m/s
    bool outputFailed_ = false;     ///< the screenshot could not be written: exit status 1
    std::optional<std::string> contextLost_; ///< why the GL context was lost: exit status 1
    std::string gpuReleased_;       ///< what freeing the GPU solver's buffers found
    bool gpuReleasedOnce_ = false;  ///< releaseGpu() ran
    long long frames_ = 0;
    double workMilliseconds_ = 0.0; ///< summed over frames: events, steps, drawing, swap
    double exportMilliseconds_ = 0.0; ///< the part of it spent handing frames to the exports
    std::chrono::steady_clock::time_point nextFrame_{};
    std::chrono::steady_clock::time_point lastFrameStart_{};
    std::chrono::steady_clock::time_point lastActivity_{};
    std::chrono::steady_clock::time_point lastViewOut_{}; ///< --view-out's last write
    long long viewOutFrames_ = 0; ///< the frame count that write held (none before a frame)
    bool resumed_ = false; ///< the window was hidden or idle since the last frame
};

} // namespace pbd::app
