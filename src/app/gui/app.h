#pragma once
/// \file
/// The desktop app: the glue between the window, the controller and the renderer. Platform
/// events become Controller calls (app_input.cpp); each loop turn polls the events, ticks the
/// services (touch, window watch, files, autosave, quit signals: each a class of its own that
/// owns its state), draws a frame (the controller steps the simulation, the panel and the
/// renderer draw) and paces the loop (FramePacing).

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <glm/vec2.hpp>

#include "gui/canvas_colours.h"
#include "gui/exporter.h"
#include "gui/imgui_layer.h"
#include "gui/panel.h"
#include "gui/quit_watch.h"
#include "gui/touch_input.h"
#include "gui/view_dump.h"
#include "gui/view_out.h"
#include "gui/window.h"
#include "gui/window_watch.h"
#include "io/autosave.h"
#include "io/run_files.h"
#include "logic/app_options.h"
#include "logic/controller.h"
#include "logic/frame_pacing.h"
#include "logic/frame_stats.h"
#include "logic/session3.h"
#include "logic/validation_law.h"
#include "pbd/simulation.h"
#include "render/cloth_feed.h"
#include "render/gl_debug.h"
#include "render/gpu_view.h"
#include "render/program_cache.h"
#include "render/renderer.h"
#include "render/scene3_pass.h"

struct GLFWwindow;

namespace pbd::app {

/// One window running one simulation. The GLFW window's user pointer leads here; there is no
/// global state. A 3D cloth (dimensions 3) runs in a Session3 (logic/session3.h) drawn by
/// Scene3Pass; the 2D controller then stands by with the page's cloth and serves what the
/// window's services watch (touch, quit signals), so the 2D path stays as it was. Construction opens the window (throws AppError on failure); run() loops until
/// the window closes, Ctrl+Q or a quit signal (SIGTERM, SIGINT, SIGHUP), or --frames is
/// reached and returns the exit status.
class App {
public:
    explicit App(const AppOptions& options);
    ~App();
    App(const App&) = delete;
    App& operator=(const App&) = delete;

    /// Runs the frame loop (poll, services, frame, pacing); returns the process exit status.
    int run();

    // Platform input, called from the GLFW callbacks (app_input.cpp).
    void onKey(int key, int action, int mods);
    void onMouseButton(int button, int action, int mods);
    void onCursorPos(glm::dvec2 point);
    void onScroll(double yOffset);
    void onFocus(bool focused);
    /// Files dropped on the window: the first is opened in the next frame (openDropped()).
    void onDrop(std::vector<std::string> paths);
    /// Something happened that needs frames drawn (input, expose, resize).
    void noteActivity() { pacing_.noteActivity(); }

private:
    // app.cpp
    /// What a loop turn does after the services: draw a frame, skip it (the window hidden, or
    /// idle), or end the run.
    enum class Turn { Frame, Skip, End };
    /// The services of a loop turn, in this order: touch, window watch, the run's files, the
    /// autosave, the quit signals. False when the run must end (the window is gone).
    bool tickServices();
    /// Whether this turn draws (`wasIdle`: the turn's poll waited).
    Turn nextTurn(bool wasIdle);
    /// One timed frame (frame()); true when it was the last.
    bool timedFrame(bool closing);
    /// One frame, as Dear ImGui's example loop: new frame, the phases below, render, swap.
    void frame(bool last, double periodMilliseconds);
    /// This frame's steps (none while closing); prints new GPU refusals. `resumed`: after a
    /// hidden or idle spell.
    void step(bool resumed);
    /// The panel, its requests to the controller and the files, the help overlay, the hover.
    void drawPanel();
    /// A file dropped on the window, opened as what it is (as pbd-cloth FILE opens it): a
    /// state loaded and a recording replayed in their own space (loadAnySpace,
    /// replayAnySpace), a scene chosen as the Scene combo chooses one (into `actions`).
    void openDropped(PanelActions& actions);
    // canvas_overlays.cpp
    /// Over the canvas: the knife's line, the grab radius's circle, the badges, the wind's
    /// arrow, the strain and speed colours and their legends.
    void drawCanvasOverlays();
    /// A 3D validation scene's law over the cloth, through the orbit camera (app3.cpp).
    void drawLaw3();
    /// The 3D canvas's: the pins (and the clamp where pins sit side by side), the hovered and
    /// grabbed particles, the knife's line, the badge while paused, the wind's arrow as the
    /// camera sees the wind, the strain and speed colours and their legends.
    void drawCanvasOverlays3();
    /// The window title, set when it changed.
    void updateTitle();
    /// Draws the canvas; false when the window was destroyed meanwhile (nothing drawn).
    bool drawCanvas();
    // app3.cpp: the 3D session's side of the frame
    /// The 3D cloth, its world and the light's shadow sphere to the GPU (Scene3Pass).
    void upload3();
    /// Clears the window and draws the 3D canvas.
    void drawCanvas3();
    /// The panel's read-only values, from the 2D controller or the 3D session.
    PanelStats panelStats() const;
    /// The preferences in effect (the 3D session's, or the controller's).
    const Preferences& preferences() const;
    /// Steps taken so far (the 3D session's, or the controller's).
    long long stepsTaken() const;
    /// Records the 3D cloth into `path` from now on (--record, Ctrl+R): RecorderOf<3>
    /// noting the session's commands (watch3()); the reason when the file cannot be written.
    std::optional<std::string> record3(const std::string& path, bool fromState);
    /// Watches the 3D session's commands (each new session's): the autosave's count of
    /// changes, the recording's lines, the playback's steps.
    void watch3();
    /// Every command the 3D session applied (watch3()).
    void onCommand3(const Command3& command);
    /// Plays a 3D recording's events in the 3D session from its start (--replay of a
    /// recording made in 3D; the panel's Replay of one in 3D), as RunFiles plays a 2D one.
    void startReplay3(std::vector<DragEvent3> events, const std::string& path);
    /// The playback's events due before the 3D session's next step; at its end step the
    /// session pauses and the message place gives the positions' hash.
    void playDue3();
    /// Ends the 3D playback, `why` in the message place (and on stderr).
    void stopReplay3(const std::string& why);
    /// The panel's Replay in 3D: stops the playback, or plays the recording field's file
    /// (replayAnySpace).
    void toggleReplay3();
    /// The Record and save section's requests in 3D: the file fields (kept by files_ for
    /// either space), Record, Replay (a recording made in 3D), Save and Load.
    void files3(const FilesActions& actions);
    /// Ctrl+S and Save in 3D: the whole 3D state into the state field's file.
    void save3();
    /// Ctrl+O and Load in 3D: the 3D state in `path` (Session3::loadState).
    bool load3(const std::string& path);
    /// Ctrl+O, Load, a restored autosave: the state file at `path`, in the space its
    /// dimensions say: a file of the other dimension count switches space first (enterSpace),
    /// once it has been read and checked whole (a bad file changes nothing). The outcome is
    /// files_'s message; false when nothing was loaded.
    bool loadAnySpace(const std::string& path);
    /// The panel's Replay, a dropped recording: plays the recording at `path` in the space it
    /// was made in (readEventScriptFile3), switching space first when it is the other one.
    /// False (files_'s message says why) when it cannot be played.
    bool replayAnySpace(const std::string& path);
    /// Ctrl+R and the panel's Record in 3D: stops the recording, or opens the recording
    /// field's file and then restarts the cloth (Session3::restartForRecording) and records
    /// into it; a file that cannot be written is refused first, changing nothing (as in 2D).
    void toggleRecording3();
    /// The --view-out dump's 3D lines and values (the camera line, no zoom or origin).
    void viewDump3(ViewDump& dump) const;
    /// F12, --frames-dir and the video take this frame.
    void exportFrame();
    /// --screenshot, after the last frame.
    void writeLastFrame();
    void updateLayout();
    bool idle() const;
    Viewport viewport() const;
    /// The particle under the pointer for the controller's hover: searched on the GPU while
    /// the GPU solver holds the state, else in the CPU's positions.
    std::optional<Index> hoverAt(const Camera& camera, glm::dvec2 point, double radiusPixels);
    /// Frees the GPU solver while the window's context exists (once).
    void releaseGpu();

    /// The monotonic clock the step drivers pace real time by (seconds).
    static double clockSeconds();
    /// Offers the GPU solver to the cloth that runs (the 3D session's or the 2D one): its
    /// backend installed when the window's OpenGL can run it, else the panel says why not.
    void offerGpu();
    /// Scene3Pass and its programs, made for the first 3D cloth and kept.
    void prepareDrawing3();
    // app_space.cpp
    /// The panel's Dimensions switch and a Scene combo choice of the other dimension count:
    /// restarts the cloth in the other space (the panel's values, preferences and pause
    /// carried over, the world left behind, both undo histories cleared, a recording ended).
    /// True when it switched, or refused a switch (the reason on stderr): the frame's other
    /// panel requests are then dropped.
    bool switchSpace(const PanelActions& actions);
    /// Restarts the cloth in `wanted` dimensions as switchSpace() does: the scene `scene`
    /// (named `sceneName`) when given, else the panel's values. False when the new cloth was
    /// refused (the reason on stderr): nothing changed then.
    bool enterSpace(int wanted, const std::optional<Scene>& scene, const std::string& sceneName);

    // app_exit.cpp
    /// Ends a recording of the 3D cloth (--record): its end line and hash; false when the
    /// file could not be written.
    bool stopRecording3();
    /// Ends the run: the step on its way, the recording, exports and output files; returns
    /// the exit status.
    int finish();
    void printSummary() const;
    /// The exit summary's line for the cloth in D dimensions.
    template <glm::length_t D>
    void printRunSummary(const SimulationOf<D>& simulation, const StepDriverOf<D>& driver,
                         const Preferences& preferences) const;
    /// Writes --view-out's file (view_dump.h); an error message on failure.
    std::optional<std::string> writeViewOut();

    // app_input.cpp
    void installCallbacks();
    PanelFocus panelFocus() const;

    /// First, so that a signal during the window's opening ends the run too (the loop's first
    /// turn reads it).
    QuitWatch quitWatch_;
    AppOptions options_;
    Simulation simulation_; ///< the 2D cloth (the page's, standing by, in 3D)
    Controller controller_;
    /// The 3D cloth and its view, input and history (dimensions 3); null in 2D.
    std::unique_ptr<Session3> session3_;
    /// --record of a 3D run: the 3D session's commands as an event script (the 2D run's
    /// recording, and the panel's, are files_'s).
    std::optional<Recorder3> recorder3_;
    RunFiles files_; ///< recording, playback, save and load; watches controller_
    /// A playback of a 3D recording in the 3D session (files_'s is the 2D cloth's).
    std::optional<Replayer3> replay3_;
    /// The 3D command being applied is the playback's, or a recording's start's (not noted).
    bool ownCommand3_ = false;
    std::uint64_t changes3_ = 0; ///< the 3D sessions' commands so far (steps too)
    /// What the autosave reads and loads: the cloth that runs, 2D or 3D.
    class SessionHost final : public AutosaveHost {
    public:
        explicit SessionHost(App& app) : app_(app) {}
        AnySimulationState snapshot() override;
        void finishOffThreadStep() override;
        std::uint64_t changes() const override;
        bool load(const std::string& path) override { return app_.loadAnySpace(path); }
        const std::string& message() const override { return app_.files_.message(); }
        void report(std::string message, bool failed) override
        {
            app_.files_.report(std::move(message), failed);
        }

    private:
        App& app_;
    };
    SessionHost sessionHost_{*this};
    std::optional<Autosave> autosave_; ///< the session to restore (made once the GPU can load)
    FrameStats frameStats_;
    FramePacing pacing_;

    // Created in this order in the constructor and destroyed in reverse (declaration order).
    std::optional<Window> window_;
    std::optional<GlDebug> glDebug_; ///< only when GlDebug::wanted()
    std::optional<ImGuiLayer> imgui_;
    std::optional<Renderer> renderer_;
    std::optional<ProgramCache> programs3_; ///< 3D only: Scene3Pass's programs
    std::optional<Scene3Pass> scene3_;      ///< 3D only: the shaded cloth, world and shadow
    std::optional<GpuView> gpuView_; ///< the GPU solver's side of drawing, hover and resets
    std::optional<Panel> panel_;
    std::optional<TouchInput> touch_;
    std::optional<WindowWatch> windowWatch_; ///< the window destroyed under the app
    std::optional<Exporter> exporter_; ///< F12, --frames-dir, Export video (before the window goes)

    ClothFeed clothFeed_;                    ///< the renderer's cloth and world, per frame
    CanvasColours colours_;                  ///< strain and speed colours, legends, per frame
    std::optional<MeshColoring> colouring3_; ///< the 3D mesh's colouring this frame
    std::vector<float> vertexStrains3_;      ///< its strain per particle (by strain)
    std::vector<std::uint16_t> strainCounts3_; ///< scratch for vertexStrains3_
    ViewOut viewOut_;                        ///< --view-out's writes while the app runs
    Viewport frameView_;                     ///< the window and canvas of this frame
    ExportRequests exports_;                 ///< this frame's export requests
    bool hoverShown_ = true; ///< this frame draws the hover ring and the grab radius's circle
    std::string title_;                      ///< the window title last set
    std::optional<std::string> dropped_;     ///< a file dropped since the last frame
    std::optional<WidgetRect> helpRect_;     ///< the help overlay as drawn in the last frame
    std::vector<WidgetRect> lostHintRects_;  ///< the lost-cloth hint and its buttons, last frame
    /// A validation scene's law over its cloth, as drawn in the last frame (--view-out's law
    /// line), and its legend's rectangle; nothing for the other scenes.
    std::optional<LawOverlay> law_;
    std::optional<WidgetRect> lawRect_;
    bool outputFailed_ = false;     ///< the screenshot could not be written: exit status 1
    std::optional<std::string> contextLost_; ///< why the GL context was lost: exit status 1
    long long frames_ = 0;
    int glVersion_ = 0; ///< the window's OpenGL version (GLAD_MAKE_VERSION)
    double workMilliseconds_ = 0.0; ///< summed over frames: events, steps, drawing, swap
    double exportMilliseconds_ = 0.0; ///< the part of it spent handing frames to the exports
};

} // namespace pbd::app
