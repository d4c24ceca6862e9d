#pragma once
/// \file
/// The window's 3D session, free of OpenGL, GLFW and ImGui: what the App holds instead of the
/// 2D controller when the cloth has three dimensions. It shares the 2D controller's parts
/// that are written for either dimension (the step driver, the panel model, the preferences,
/// the history of commands, the throw's trail) and adds what differs in 3D: the orbit camera
/// and its gestures (logic/orbit_gestures.h), the hand that grabs through a ray cast
/// (logic/hand3.h), and the cloth's triangles to draw and pick.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "logic/cloth_mesh.h"
#include "logic/hand3.h"
#include "logic/input.h"
#include "logic/keys.h"
#include "logic/orbit_camera.h"
#include "logic/orbit_gestures.h"
#include "logic/panel_actions.h"
#include "logic/panel_model.h"
#include "logic/preferences.h"
#include "logic/step_driver.h"
#include "logic/touch_router.h"
#include "logic/stepping.h"
#include "logic/view_follow.h"
#include "pbd/command.h"
#include "pbd/history.h"
#include "pbd/simulation.h"

namespace pbd::app {

/// An axis-aligned box in metres.
struct Box3 {
    glm::dvec3 min{0.0};
    glm::dvec3 max{0.0};
    glm::dvec3 centre() const { return 0.5 * (min + max); }
    /// Half the diagonal: the radius of the sphere around it.
    double radius() const;
};

/// The 3D cloth in the window: input -> commands and camera; every change through issue().
class Session3 {
public:
    /// Pixels kept clear around what a fit frames.
    static constexpr double kFitMarginPixels = 20.0;
    /// The view's angles at start and after Home (radians): from the front, a little to the
    /// right and above, so that a vertical sheet and a draped one both read as 3D.
    static constexpr double kStartYaw = 0.5;
    static constexpr double kStartPitch = 0.35;

    /// A cloth of `settings` (dimensions 3; throws std::invalid_argument when they are
    /// invalid, as Simulation3's constructor). `clock` (monotonic seconds) paces real-time
    /// stepping and times throws.
    Session3(const Settings& settings, Stepping::Clock clock);
    Session3(const Session3&) = delete;
    Session3& operator=(const Session3&) = delete;

    /// The canvas in window coordinates. The first one frames the cloth and its world
    /// (fitScene: the cloth's bounding box inside the canvas on the first frame).
    void resize(glm::dvec2 canvasOffset, glm::dvec2 canvasSize);

    // ---- input ----
    void mouseButton(MouseButton button, bool pressed, Modifiers modifiers, PanelFocus focus);
    void mouseMove(glm::dvec2 point);
    void scroll(double yOffset, PanelFocus focus);
    /// One touch or pinch event, routed as in 2D (TouchRouter): one finger on the canvas is
    /// the left button (the hand: grab, drag, throw; a solid selected and dragged), two
    /// fingers pinch-zoom the camera towards the point under their centre at the target's
    /// depth (OrbitCamera::zoomAt), as a touchpad pinch does about the pointer. Returns the
    /// panel taps to forward to ImGui, in order.
    std::vector<PanelPointer> touch(const TouchEvent& event);
    /// A key (see keyAction): Space, S, R, F (fit), Home (the start's view), F1, Esc, Ctrl+Q,
    /// F12, Ctrl+Z and Ctrl+Shift+Z, as in 2D.
    void key(Key key, bool repeat, Modifiers modifiers, PanelFocus focus);
    /// The window lost the focus: a drag lets go where it is.
    void focusLost();
    /// The window system's events of a frame were all handled (Input::eventsPolled).
    void eventsPolled() { hand_.eventsPolled(); }
    /// The panel's requests of this frame: settings become commands, the buttons act, the
    /// preferences follow the model and the combos.
    void panel(const PanelActions& actions);

    /// The single path of every change: through the history (undo, redo), as in 2D.
    std::optional<CommandError> issue(const Command3& command);
    /// Replaces the cloth and its world by the 3D scene `name` (a built-in name or a scene
    /// file) as one `scene` command (undo takes it back, a recording writes it), keeping the
    /// solver, and frames it. Returns why it was refused (a 2D scene, a bad file), changing
    /// nothing.
    std::optional<std::string> chooseScene(const std::string& name);
    /// Replaces the whole state by the 3D state saved in `path` (Ctrl+O, the panel's Load) as
    /// one `load` command, as --load starts a run (startFromState: its obstacles and balls are
    /// what R brings back); undo takes it back, a recording writes it. A bad file (a 2D one
    /// too) changes nothing; the reason names the field.
    std::optional<std::string> loadState(const std::string& path);
    /// The fresh cloth a recording starts from (Ctrl+R, the panel's Record), as in 2D: the
    /// panel's values, a restart (to the start's world: a scene chosen comes back), and a
    /// history with nothing before it to undo (the recording could not say what it was).
    void restartForRecording();
    /// Forgets every undoable action (a playback starts afresh).
    void clearHistory() { history_.clear(); }
    /// The World section's edits (world_edits3.cpp): a sphere, box or capsule added at the
    /// view's target and a ground under the cloth, each as its `--obstacle` spec reads back
    /// (the sizes of the 2D buttons; the one added becomes the selected one), the selected
    /// obstacle or ball removed, or every obstacle and ball removed; one command each.
    /// Returns what to tell the user: "added obstacle SPEC", or pbd-sim's refusal of SPEC.
    std::vector<std::string> world(const WorldActions& actions);
    /// The scene last chosen or given (--scene), empty when none was named.
    const std::string& sceneName() const { return sceneName_; }
    void setSceneName(std::string name) { sceneName_ = std::move(name); }

    // ---- per frame ----
    /// Takes this frame's steps (StepDriverOf<3>::advance); `framePeriod` in seconds.
    void advance(double framePeriod = 1.0 / 60.0, bool resumed = false);

    // ---- view ----
    /// Fits the cloth and the solids and balls of its world into the canvas (F, and the
    /// first frame), keeping the angles.
    void fitView();
    /// The start's angles and a fit (Home); no following after it.
    void resetView();
    /// After F or a scene's fit: the view follows the cloth (follow()) until it comes to rest
    /// (RestWatch), so that a falling or sliding cloth stays in view; the user's orbit, pan
    /// or zoom and Home end it.
    void followUntilRest() { rest_.start(); }
    /// Whether the first canvas's fit follows until rest too (a scene's, as the 2D view
    /// follows a scene's fit; false by default: a plain cloth's first view stays put).
    void setFollowFirstFit(bool follow) { followFirstFit_ = follow; }
    bool followingUntilRest() const { return rest_.active(); }
    /// Follow (--follow, and until rest): keeps the distance and the angles and pans the
    /// least that brings the cloth's box inside the canvas, kFitMarginPixels from its edges
    /// (exactly at the depth of its centre); a box too large for the canvas at this distance,
    /// or reaching behind the eye, is fitted. The box is clothBox(), or the measurer's latest
    /// answer while it measures (setClothMeasure). True when the camera moved.
    bool follow();
    /// Where the view reads the cloth's box while the state lives on a device: the app
    /// installs a measurement on the GPU (read a frame or so late, a few bytes, no state).
    void setClothMeasure(ClothMeasure<Box3> measure) { clothMeasure_ = std::move(measure); }
    /// The whole box of the cloth lies outside the canvas (or behind the eye), as of the last
    /// advance() (watched while following, on the CPU solvers, and from the measurer's latest
    /// answer while it measures): the app offers Follow, Fit and Restart
    /// (gui/lost_cloth_hint.h).
    bool clothOutOfView() const { return clothOutOfView_; }
    const OrbitCamera& camera() const { return camera_; }

    /// The cloth's live triangles at level of detail `step` (1: every cell; cloth_mesh.h),
    /// rebuilt only when a constraint was removed, the cloth rebuilt or the step changed.
    std::span<const std::uint32_t> triangles(int step = 1);
    /// Counts triangles()'s rebuilds from 1: the same number, the same triangles (the
    /// renderer keeps them on the GPU until it changes).
    std::uint64_t trianglesVersion() const { return trianglesBuilt_; }
    /// The cloth's live constraints as lines (each its constraint's), rebuilt only when a
    /// constraint was removed or the cloth rebuilt: what the strain colours average per
    /// particle on the shaded mesh (cloth_mesh.h's particleStrains).
    const LineSet& liveLines();
    /// Once a frame: the particle under the cursor that a left press would grab (the nearest
    /// corner of the first triangle at this level of detail that its ray meets), or none over
    /// the panel, while a hand, knife or camera drag is on, or off the cloth.
    void updateHover(PanelFocus focus);
    /// The particle updateHover() found.
    std::optional<Index> hovered() const { return hovered_; }
    /// Where the grab radius's circle is drawn (m), facing the camera, as the 2D hand's: the
    /// area grab's point while it holds, else the point of the cloth under the cursor that
    /// updateHover() found (a press there grabs every particle within the radius of it);
    /// nothing with a grab radius of 0 or off the cloth.
    std::optional<glm::dvec3> reachCentre() const;
    /// The obstacle or ball clicked last (a left press that met it before the cloth, as in
    /// 2D) or added last in the World section, while it still exists: drawn outlined, and
    /// what "Remove selected" removes.
    std::optional<WorldItem> selected() const;
    /// The level of detail the canvas asks for now: cells under kLodMinCellPixels on screen
    /// at the target's depth are drawn k x k together.
    int lodStep() const;
    /// The box around the cloth's finite positions (the origin when there are none).
    Box3 clothBox() const;
    /// clothBox() grown by the solids and balls of the world (not the ground or planes).
    Box3 sceneBox() const;

    Simulation3& simulation() { return simulation_; }
    const Simulation3& simulation() const { return simulation_; }
    PanelModel& model() { return model_; }
    const PanelModel& model() const { return model_; }
    const Preferences& preferences() const { return preferences_; }
    /// Replaces the preferences (the command line's), as the 2D controller does.
    void setPreferences(const Preferences& preferences);
    StepDriverOf<3>& driver() { return driver_; }
    const StepDriverOf<3>& driver() const { return driver_; }
    const History3& history() const { return history_; }
    const Hand3& hand() const { return hand_; }

    bool paused() const { return driver_.paused(); }
    void setPaused(bool paused) { driver_.setPaused(paused); }
    bool idle() const { return driver_.idle(); }
    bool helpVisible() const { return helpVisible_; }
    bool quitRequested() const { return quitRequested_; }
    /// The export requests since the last call, which clears them.
    ExportRequests takeExportRequests() { return std::exchange(exportRequests_, {}); }
    /// The message of the last refused command (empty when none was refused).
    const std::string& lastError() const { return lastError_; }
    /// The window title, e.g. "pbd-cloth: 40 x 30 particles, 3D (paused)".
    std::string title() const;

private:
    /// What a key or a panel button that does the same asks.
    void perform(KeyAction action);
    void restart();
    void clothChanged();
    /// After the steps: Follow, or the follow until rest, and the out-of-view watch.
    void followCloth();
    /// Follow, or the follow until rest, with the cloth's box at simulated time `time`.
    void followBox(const Box3& box, double time);
    /// follow() to `box`.
    bool followTo(const Box3& box);
    /// `box` lies wholly outside the canvas (or behind the eye).
    bool outOfView(const Box3& box) const;
    /// The user moved the camera: no following until rest now.
    void userMovedCamera() { rest_.stop(); }
    /// A left press (or one finger) at `point`: the hand's, and a solid it meets selected.
    void pressLeft(glm::dvec2 point, Modifiers modifiers);

    Simulation3 simulation_;
    PanelModel model_;
    Preferences preferences_;
    OrbitCamera camera_;
    StepDriverOf<3> driver_;
    History3 history_;
    OrbitGestures gestures_{camera_};
    Hand3 hand_;
    bool framed_ = false; ///< the first canvas has framed the scene
    bool followFirstFit_ = false;   ///< setFollowFirstFit()
    RestWatch<Box3> rest_;          ///< followUntilRest()
    bool clothOutOfView_ = false;   ///< clothOutOfView() as of the last advance()
    ClothMeasure<Box3> clothMeasure_; ///< setClothMeasure()
    /// The measurer measured at the last advance(), and its latest answer then.
    bool measuredOnDevice_ = false;
    std::optional<MeasuredBox<Box3>> measured_;
    std::optional<glm::dvec2> cursor_;
    TouchRouter touchRouter_;
    bool touchDrag_ = false; ///< the hand's drag in progress is a finger's
    bool helpVisible_ = false;
    bool quitRequested_ = false;
    ExportRequests exportRequests_;
    std::string lastError_;
    std::string sceneName_; ///< sceneName()
    /// triangles()'s cache: for this constraints version and step.
    std::vector<std::uint32_t> triangles_;
    std::optional<std::pair<std::uint64_t, int>> trianglesFor_;
    std::uint64_t trianglesBuilt_ = 0;
    LineSet lines_; ///< liveLines()'s cache, for linesFor_'s constraints version
    std::optional<std::uint64_t> linesFor_;
    std::optional<Index> hovered_;
    std::optional<glm::dvec3> hoverPoint_; ///< where updateHover()'s ray met the cloth
    std::optional<WorldItem> selected_;    ///< selected(), unless removed since
};

} // namespace pbd::app
