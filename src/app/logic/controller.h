#pragma once
/// \file
/// The app's controller, free of OpenGL, GLFW and ImGui: it turns input events (mouse, wheel,
/// keys, touch, panel commits) into camera changes and core commands, and keeps the app's
/// interaction state (paused, dragging, panning, hover, help). The window layer translates
/// platform events into these calls; unit tests call them directly.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <glm/vec2.hpp>

#include "logic/background_step.h"
#include "logic/camera.h"
#include "logic/canvas_layout.h"
#include "logic/panel_actions.h"
#include "logic/panel_model.h"
#include "pbd/command.h"
#include "pbd/simulation.h"
#include "logic/plot_history.h"
#include "logic/step_timer.h"
#include "logic/stepping.h"
#include "logic/touch_router.h"

namespace pbd::app {

/// Mouse buttons the app uses.
enum class MouseButton { Left, Right, Middle, Other };

/// Keys the app uses; everything else is Other.
enum class Key { Space, S, R, F, Q, O, Home, Escape, F1, F12, Other };

/// Modifier keys held with an event.
struct Modifiers {
    bool shift = false;
    bool control = false;
    bool alt = false;
};

/// What the panel (ImGui) claimed in the last frame.
struct PanelFocus {
    bool mouse = false;    ///< the pointer is over the panel or a panel widget is held
    bool keyboard = false; ///< a field is being typed in
};

/// A finger tapping the panel: the app forwards it to ImGui as the left button.
struct PanelPointer {
    glm::dvec2 point{0.0}; ///< window coordinates
    bool down = false;     ///< press (true) or release (false)
};

/// What the user asked of the exports (F12, the Export section's buttons); the app carries
/// them out, since they read the window.
struct ExportRequests {
    bool screenshot = false;  ///< write a PNG of the window (F12)
    bool toggleVideo = false; ///< start or stop the video export
};

/// Where running frames step the cloth: Auto moves the steps to a thread of their own (see
/// BackgroundStep) while one step costs more than the frame's budget; Always and Never are
/// for tests and measurements.
enum class OffThread { Auto, Always, Never };

/// Input -> commands and view. Owns the camera, the canvas layout and the panel's model;
/// changes the simulation only through pbd::apply.
class Controller {
public:
    static constexpr double kWheelZoomBase = 1.1;  ///< zoom factor per wheel notch
    static constexpr double kFitMarginPixels = 20; ///< CSS pixels around a fitted cloth
    /// A throw takes the pointer's velocity over this many seconds before the release.
    static constexpr double kThrowWindow = 0.05;

    /// `simulation` must outlive the controller. The panel starts from its settings.
    /// `clock` (monotonic seconds) paces real-time stepping; tests pass a fake one.
    Controller(Simulation& simulation, Stepping::Clock clock);

    /// Follows the window: size in window coordinates, the monitor's content scale (panel)
    /// and the window pixels per CSS pixel (logicalPixelScale). The first call sets the
    /// page's view.
    void resize(glm::dvec2 windowSize, double contentScale, double logicalScale);

    // ---- input ----
    /// A button went down (`pressed`) or up where the pointer last moved to. Left on a
    /// particle grabs it (Shift: pins or unpins it instead); Ctrl+left starts a knife that
    /// cuts on release; right or middle pans.
    void mouseButton(MouseButton button, bool pressed, Modifiers modifiers, PanelFocus focus);
    /// The pointer moved to `point` (window coordinates).
    void mouseMove(glm::dvec2 point);
    /// Wheel or touchpad scroll of `yOffset` notches (fractions from touchpads) at the pointer.
    void scroll(double yOffset, PanelFocus focus);
    /// A key was pressed (`repeat` false) or auto-repeated (`repeat` true).
    void key(Key key, bool repeat, Modifiers modifiers, PanelFocus focus);
    /// One touch or pinch event (routed by TouchRouter). Returns the panel taps to forward to
    /// ImGui, in order (none unless a finger taps the panel).
    std::vector<PanelPointer> touch(const TouchEvent& event);
    /// The window lost the focus: touches in flight will not finish here.
    void focusLost();
    /// The panel's requests of this frame (its model already holds the committed values).
    void panel(const PanelActions& actions);

    // ---- per frame ----
    /// Takes this frame's steps as the panel's stepping choice asks (the page's 8, or real
    /// time), within the budget of a display frame of `framePeriod` seconds; none while paused
    /// (one after S). `resumed`: the window was hidden or idle since the last frame, which is
    /// not owed in real time.
    void advance(double framePeriod = 1.0 / 60.0, bool resumed = false);
    /// Recomputes the particle a left click would grab now (the cloth moves under a still
    /// pointer); none while dragging, panning, or with the pointer off the canvas.
    void updateHover(PanelFocus focus);
    /// Finds the particle under a window point within a radius in window pixels.
    using HoverPicker =
        std::function<std::optional<Index>(const Camera&, glm::dvec2 point, double radius)>;
    /// Where updateHover looks: by default pickParticle over the simulation's positions; the
    /// app installs a search on the GPU while the positions live there (no read-back).
    void setHoverPicker(HoverPicker picker) { hoverPicker_ = std::move(picker); }

    // ---- view ----
    /// The page's view for the current canvas (Home).
    void resetView();
    /// Fits the whole cloth, as it is now, into the canvas with kFitMarginPixels (F).
    void fitView();

    /// Applies one command to the simulation: the single path of every change. Refused
    /// commands change nothing; their message is kept in lastError().
    std::optional<CommandError> issue(const Command& command);
    /// While a step runs off the UI thread (see OffThread), commands still apply at once to
    /// the state on screen, and again, in order, to the stepped state when it arrives; the
    /// observer sees them then, after that step, which is where they take effect.
    /// Called with every command that was applied (for recording and tests).
    void setCommandObserver(std::function<void(const Command&)> observer)
    {
        observer_ = std::move(observer);
    }

    /// Where running frames take their steps (default Auto).
    void setOffThread(OffThread policy) { offThread_ = policy; }
    /// A step is running on another thread: the simulation shows the last finished state.
    bool steppingOffThread() const { return background_.running(); }
    /// Waits for a step running on another thread and applies it (and the commands issued
    /// meanwhile): before the app writes its final state, and in tests.
    void finishOffThreadStep();

    /// Replaces the whole state by the saved one in `path` (pbd/state_file.h): the panel shows
    /// its settings, a drag or knife in progress ends (a grab saved in the file stays). On any
    /// problem nothing changes and the reason, naming the field, is returned.
    std::optional<std::string> loadState(const std::string& path);

    const Simulation& simulation() const { return simulation_; }
    const Camera& camera() const { return camera_; }
    const CanvasLayout& layout() const { return layout_; }
    PanelModel& model() { return model_; }
    const PanelModel& model() const { return model_; }
    const StepTimer& stepTimer() const { return stepTimer_; }
    const Stepping& stepping() const { return stepping_; }
    /// Steps taken by advance() so far (single steps too), for the exit summary.
    long long steps() const { return steps_; }
    bool paused() const { return paused_; }
    /// Pauses or resumes (--paused starts paused; Space and the panel toggle). Pausing during
    /// advance() skips the frame's other steps.
    void setPaused(bool paused) { paused_ = paused; }
    bool helpVisible() const { return helpVisible_; }
    /// What the constraint lines show (panel combo, --color-by).
    ColorBy colorBy() const { return colorBy_; }
    void setColorBy(ColorBy colorBy) { colorBy_ = colorBy; }
    /// What the particles' discs show (panel combo, --color-particles).
    ParticleColorBy particleColorBy() const { return particleColorBy_; }
    void setParticleColorBy(ParticleColorBy colorBy) { particleColorBy_ = colorBy; }
    /// Opens or closes the panel's "Plots" section. Open: the simulation records its
    /// residuals (Simulation::recordResiduals) and each frame that steps adds a sample to
    /// plotHistory(); opening starts the history afresh. Closed: neither costs anything.
    void setPlotsOpen(bool open);
    bool plotsOpen() const { return plotsOpen_; }
    /// The plots' history (empty while the Plots section is closed).
    const PlotHistory& plotHistory() const { return plotHistory_; }
    /// On release: throw (the particle takes the pointer's velocity, the default) or keep its
    /// velocity (the page's behaviour).
    bool throwOnRelease() const { return throwOnRelease_; }
    void setThrowOnRelease(bool on) { throwOnRelease_ = on; }
    /// The knife being drawn (Ctrl+drag): from and to in world metres.
    std::optional<std::pair<glm::dvec2, glm::dvec2>> knife() const { return knife_; }
    bool quitRequested() const { return quitRequested_; }
    /// The export requests since the last call, which clears them.
    ExportRequests takeExportRequests() { return std::exchange(exportRequests_, {}); }
    /// The particle a left click would grab (see updateHover).
    std::optional<Index> hovered() const { return hovered_; }
    /// Changes whenever the cloth was rebuilt (restart, new size): re-upload its lines.
    std::uint64_t clothVersion() const { return clothVersion_; }
    /// Nothing will change until the next input: paused, no single step pending.
    bool idle() const { return paused_ && !singleStep_ && !background_.running(); }
    /// The last refused command's message (empty when none was refused).
    const std::string& lastError() const { return lastError_; }
    /// Each time the GPU solver could not run (a cloth beyond its buffer limits, a kernel the
    /// driver does not compile) and the controller went back to what ran before: the message.
    /// The app prints them; the panel shows the last.
    const std::vector<std::string>& refusals() const { return refusals_; }
    /// The window title: the cloth's size and whether it runs, e.g.
    /// "pbd-cloth: 40 x 30 particles (paused)".
    std::string title() const;
    /// Window pixels per CSS pixel of the page (from the last resize).
    double logicalScale() const { return logicalScale_; }
    /// The pick radius in window pixels: the page's 10 px times the logical scale.
    double pickRadius() const;

private:
    bool inCanvas(glm::dvec2 point) const;
    void pointerDown(glm::dvec2 point, Modifiers modifiers);
    void pointerMove(glm::dvec2 point);
    void pointerUp();
    void cancelDrag();
    void timedStep();
    void refuseSolver(const std::string& why);
    void noteTrail(glm::dvec2 world);
    glm::dvec2 throwVelocity() const;
    std::vector<PanelPointer> perform(const std::vector<TouchAction>& actions);
    void applyModelSettings();
    void fitIfClothOutside();
    void samplePlots(double stepMilliseconds, long long steps);
    /// Running frames should step on another thread now (see OffThread).
    bool stepsOffThread() const;
    /// Takes the finished off-thread step: its state replaces the simulation's, then the
    /// commands issued meanwhile apply again. Returns the steps it took.
    int collectOffThreadStep();

    Simulation& simulation_;
    PanelModel model_;
    Camera camera_;
    CanvasLayout layout_;
    StepTimer stepTimer_;
    Stepping stepping_;
    TouchRouter touchRouter_;
    long long steps_ = 0;
    std::function<void(const Command&)> observer_;
    HoverPicker hoverPicker_;
    OffThread offThread_ = OffThread::Auto;
    BackgroundStep background_;
    std::vector<Command> deferred_; ///< issued while a step ran off the thread, in order
    double stepCost_ = 0.0;         ///< running mean wall-clock cost of a step, s (0: none yet)

    double logicalScale_ = 1.0;
    bool paused_ = false;
    bool singleStep_ = false;           ///< S while paused: one step in the next frame
    bool helpVisible_ = false;
    ColorBy colorBy_ = ColorBy::None;
    bool throwOnRelease_ = true;
    ParticleColorBy particleColorBy_ = ParticleColorBy::None;
    bool plotsOpen_ = false;
    PlotHistory plotHistory_;
    double frameStepMilliseconds_ = 0.0; ///< summed over this frame's steps
    Stepping::Clock clock_;
    /// The dragged particle's target (world metres) at recent pointer events, with their times
    /// (clock seconds), newest last: the throw's velocity.
    std::vector<std::pair<double, glm::dvec2>> trail_;
    std::optional<std::pair<glm::dvec2, glm::dvec2>> knife_;
    bool quitRequested_ = false;
    ExportRequests exportRequests_;
    bool dragging_ = false;             ///< a left-button or one-finger drag holds a particle
    std::optional<glm::dvec2> panFrom_; ///< right/middle drag in progress: last pointer
    bool touchDrag_ = false;            ///< the drag in progress is a finger's
    std::optional<glm::dvec2> cursor_;  ///< pointer at the last motion event, window coords
    std::optional<Index> hovered_;
    std::uint64_t clothVersion_ = 0;
    std::string lastError_;
    std::vector<std::string> refusals_;
    /// Solver and GPU precision of the last step that ran.
    std::optional<std::pair<Solver, GpuPrecision>> lastStepped_;
};

} // namespace pbd::app
