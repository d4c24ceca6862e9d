#pragma once
/// \file
/// The app's controller, free of OpenGL, GLFW and ImGui: the façade that owns the parts with
/// one job each and routes the window's events to them.
///   - Input (logic/input.h): pointer, wheel, touch and keys to camera changes and commands
///   - StepDriver (logic/step_driver.h): the frame's steps, off the thread too, plots, the
///     GPU solver's fallback
///   - CanvasView (logic/canvas_view.h): camera, canvas layout, fit and reset
///   - Preferences (logic/preferences.h): stepping, speed, colours, plots, on-release
///   - PanelModel (logic/panel_model.h): the panel's values being edited
/// The controller itself keeps the single command path (issue), the help and quit flags, the
/// export requests and the window title. The window layer translates platform events into
/// these calls; unit tests call them, or the parts, directly.

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <glm/vec2.hpp>

#include "logic/canvas_view.h"
#include "logic/files_host.h"
#include "logic/fold_hint.h"
#include "logic/input.h"
#include "logic/panel_actions.h"
#include "logic/panel_model.h"
#include "logic/preferences.h"
#include "logic/step_driver.h"
#include "logic/stepping.h"
#include "logic/touch_router.h"
#include "pbd/command.h"
#include "pbd/history.h"
#include "pbd/scene.h"
#include "pbd/simulation.h"

namespace pbd::app {

/// Input -> commands and view; changes the simulation only through pbd::apply. Is the
/// FilesHost that io/ takes (logic/files_host.h).
class Controller final : public FilesHost {
public:
    /// `simulation` must outlive the controller. The panel starts from its settings.
    /// `clock` (monotonic seconds) paces real-time stepping and times throws; tests pass a
    /// fake one.
    Controller(Simulation& simulation, Stepping::Clock clock);
    Controller(const Controller&) = delete;
    Controller& operator=(const Controller&) = delete;

    /// Follows the window (see CanvasView::resize); a new canvas frames the cloth by the
    /// view's mode (CanvasView::frame): at start the page's view, or a fit when the cloth
    /// does not fit it.
    void resize(glm::dvec2 windowSize, double contentScale, double logicalScale);

    // ---- input (see Input) ----
    void mouseButton(MouseButton button, bool pressed, Modifiers modifiers, PanelFocus focus);
    void mouseMove(glm::dvec2 point) { input_.mouseMove(point); }
    void scroll(double yOffset, PanelFocus focus) { input_.scroll(yOffset, focus); }
    /// A key was pressed (`repeat` false) or auto-repeated (`repeat` true): see keyAction.
    void key(Key key, bool repeat, Modifiers modifiers, PanelFocus focus);
    /// Returns the panel taps to forward to ImGui (see Input::touch).
    std::vector<PanelPointer> touch(const TouchEvent& event) { return input_.touch(event); }
    void focusLost() { input_.focusLost(); }
    /// The window system's events of a frame were all handled (Input::eventsPolled).
    void eventsPolled() { input_.eventsPolled(); }
    /// The panel's requests of this frame (its model already holds the committed values):
    /// settings become commands, the model's stepping, speed and strain scale and the combos'
    /// choices become the preferences.
    void panel(const PanelActions& actions);
    /// The World section's requests (logic/world_edits.cpp): obstacles and balls added in
    /// free space in view (placeNew) and selected, the selected one removed, all cleared, a
    /// scene.
    void world(const WorldActions& actions);
    /// Replaces the cloth and its world by the scene `name` (a built-in name or a scene
    /// file), as commands (logic/world_edits.h), and fits the view. Returns why it was
    /// refused, changing nothing.
    std::optional<std::string> chooseScene(const std::string& name);
    /// The scene last chosen (chooseScene, or the command line's --scene: setSceneName);
    /// empty when none was named. Undo and redo bring back the one of the state they restore.
    const std::string& sceneName() const { return scene_->name; }
    void setSceneName(std::string name);
    /// R and the Restart button: the panel's values, a fresh cloth, and the world of a scene
    /// chosen in the panel again.
    void restart();
    /// The fresh cloth a recording starts from: a restart, and the world of a scene chosen in
    /// the panel again, which then becomes what a restart brings back (keepWorldAsStart), so
    /// that the recording's start (startScene) is the world shown; the view as after R. Not
    /// R: the panel's unsaved values stay unsaved.
    void restartForRecording() override;

    // ---- per frame ----
    /// Takes this frame's steps (see StepDriver::advance), then follows the cloth when
    /// Preferences::follow is on (CanvasView::follow), or until it rests after a fit, and
    /// watches whether it left the view; `framePeriod` in seconds. The cloth's bulk comes
    /// from the measurer where it measures (setClothMeasure), else from the CPU's positions
    /// (synced while following).
    void advance(double framePeriod = 1.0 / 60.0, bool resumed = false);
    /// Where the view reads the cloth's bulk while the state lives on a device: the app
    /// installs a measurement on the GPU (read a frame or so late, a few bytes, no state).
    void setClothMeasure(ClothMeasure<WorldRect> measure) { clothMeasure_ = std::move(measure); }
    /// Recomputes the hovered particle (see Input::updateHover).
    void updateHover(PanelFocus focus) { input_.updateHover(focus); }
    /// Where updateHover looks: the app installs a search on the GPU while the positions live
    /// there (no read-back).
    void setHoverPicker(Input::HoverPicker picker) { input_.setHoverPicker(std::move(picker)); }

    // ---- view ----
    /// The page's view for the current canvas (Home).
    void resetView() { view_.reset(); }
    /// Fits the whole cloth, as it is now, into the canvas (F); a held particle follows. The
    /// view then follows the cloth until it comes to rest (CanvasView::followUntilRest).
    void fitView();
    /// Fits the cloth and its whole world (CanvasView::fitScene): a scene chosen, or given
    /// with --scene (then on the first frame); the view follows the cloth until it rests.
    void fitScene();
    /// The cloth's bulk has wholly left the canvas (CanvasView::clothOutOfView), as of the
    /// last advance(): the app offers Follow, Fit and Restart. While the state lives on a
    /// device, from the measurer's latest answer (false before the first).
    bool clothOutOfView() const { return clothOutOfView_; }

    /// Applies one command to the simulation: the single path of every change, through the
    /// history (pbd/history.h) that undo and redo use, as pbd-sim's event player does. Undo
    /// and redo wait for a step running on another thread first, and end every gesture.
    /// Refused commands change nothing; their message is kept in lastError().
    std::optional<CommandError> issue(const Command& command) override;
    /// The actions undo and redo go through.
    const History& history() const { return history_; }
    /// Forgets every action: a recording or a playback starts from a fresh cloth, and nothing
    /// before it may be undone (the recording could not say what it was).
    void clearHistory() override { history_.clear(); }
    /// Whether cells have stayed folded over without area constraints (see FoldWatch).
    const FoldWatch& foldWatch() const { return foldWatch_; }
    /// Called with every command that took effect (for recording and tests): while a step
    /// runs off the UI thread, after that step (see StepDriver::applied).
    void setCommandObserver(std::function<void(const Command&)> observer) override
    {
        driver_.setCommandObserver(std::move(observer));
    }
    /// Waits for a step running on another thread and applies it (and the commands issued
    /// meanwhile): before the app writes its final state, and in tests.
    void finishOffThreadStep() override { driver_.finishOffThreadStep(); }

    /// Replaces the whole state by the saved one in `path` (pbd/state_file.h) as `--load`
    /// starts a run (startFromState: its obstacles and balls are what a restart brings
    /// back): the panel shows its settings, a drag or knife in progress ends (a grab saved in
    /// the file stays). On any
    /// problem nothing changes and the reason, naming the field, is returned.
    std::optional<std::string> loadState(const std::string& path) override;

    /// The preferences in effect (the panel's edits arrive with panel()).
    const Preferences& preferences() const { return preferences_; }
    /// Replaces the preferences (the command line's; a speed out of range keeps the
    /// current one). Opening or closing the plots starts their history afresh.
    void setPreferences(const Preferences& preferences);

    const Simulation& simulation() const override { return simulation_; }
    /// The simulation with a device solver's state read back first (Simulation::sync; nothing
    /// to read with the CPU solvers): for what needs the positions now, such as saving and
    /// the hashes of a recording or a replay.
    const Simulation& syncedSimulation() override
    {
        simulation_.sync();
        return simulation_;
    }
    /// Why `solver` cannot run in this window ("" when it can: PanelModel::unavailable).
    std::string solverUnavailable(Solver solver) const override
    {
        return model_.unavailable(solver);
    }
    PanelModel& model() { return model_; }
    const PanelModel& model() const { return model_; }
    const CanvasView& view() const { return view_; }
    const Input& input() const { return input_; }
    StepDriver& driver() { return driver_; }
    const StepDriver& driver() const { return driver_; }

    bool paused() const { return driver_.paused(); }
    /// Pauses or resumes (--paused starts paused; Space and the panel toggle).
    void setPaused(bool paused) override { driver_.setPaused(paused); }
    /// Nothing will change until the next input: paused, no single step pending.
    bool idle() const { return driver_.idle(); }
    bool helpVisible() const { return helpVisible_; }
    bool quitRequested() const { return quitRequested_; }
    /// The frame loop's note of a quit signal (platform/quit_signals.h; 0 = none): ends the
    /// run as Ctrl+Q does. True when this call made the request (the app then says which
    /// signal ended it); false for 0 or when a quit was already requested.
    bool quitOnSignal(int signal);
    /// The export requests since the last call, which clears them.
    ExportRequests takeExportRequests() { return std::exchange(exportRequests_, {}); }
    /// The message of the last refused command or GPU solver (empty when none was refused).
    const std::string& lastError() const { return lastError_; }
    /// The window title: the cloth's size and whether it runs, e.g.
    /// "pbd-cloth: 40 x 30 particles (paused)".
    std::string title() const;

private:
    void perform(KeyAction action);
    void applyModelSettings();
    void setPlotsOpen(bool open);
    void fitIfClothOutside();
    void followCloth();
    /// advance()'s following and out-of-view watch from the measurer's answer.
    void followMeasured(const DeviceMeasure<WorldRect>& measure);
    /// Where a new shape reaching `reach` m from its centre goes: the free spot nearest the
    /// view's centre, clear of the cloth, the obstacles and the balls (freeSpot); without
    /// room in view, one around it, and the view zooms out to show it.
    glm::dvec2 placeNew(double reach);

    Simulation& simulation_;
    PanelModel model_;
    Preferences preferences_;
    CanvasView view_;
    StepDriver driver_;
    Input input_;
    History history_;
    FoldWatch foldWatch_;
    bool helpVisible_ = false;
    bool quitRequested_ = false;
    bool clothOutOfView_ = false;
    ClothMeasure<WorldRect> clothMeasure_; ///< setClothMeasure()
    /// The measurer measured at the last advance(), and its latest answer then.
    bool measuredOnDevice_ = false;
    std::optional<MeasuredBox<WorldRect>> measured_;
    ExportRequests exportRequests_;
    std::string lastError_;
    /// A scene choice: the scene chosen in the panel, which restart() replays (none for the
    /// command line's: the simulation keeps its world as the initial one), and its name.
    struct SceneChoice {
        std::optional<Scene> scene;
        std::string name;
    };
    /// Ties the choice now to the history's position (after an action made through it).
    void keepScene();
    /// A fresh cloth, the world of a scene chosen in the panel again, and the view fitted as
    /// R leaves it (restart(), restartForRecording()).
    void restartWorld();
    std::shared_ptr<const SceneChoice> scene_ = std::make_shared<const SceneChoice>();
    /// The choice in force in the state just after each action (History::position()), so
    /// that undo and redo bring it back with the state.
    std::map<std::uint64_t, std::shared_ptr<const SceneChoice>> scenes_{{0, scene_}};
};

} // namespace pbd::app
