#pragma once
/// \file
/// The controller's input part: pointer, wheel, touch and keys become camera changes and core
/// commands. It holds what a gesture in progress needs (the cursor, a drag, a pan, a knife,
/// the throw's trail, the hover) and changes the simulation only through the command path it
/// is given.

#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include <glm/vec2.hpp>

#include "logic/canvas_view.h"
#include "logic/keys.h"
#include "logic/preferences.h"
#include "logic/stepping.h"
#include "logic/throw_trail.h"
#include "logic/touch_router.h"
#include "logic/world_drag.h"
#include "logic/world_picking.h"
#include "pbd/command.h"
#include "pbd/simulation.h"

namespace pbd::app {

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

/// What a key asks of the app; the controller carries it out.
enum class KeyAction {
    None,
    Quit,        ///< Ctrl+Q, even while typing in a field
    Screenshot,  ///< F12, even while typing (it types nothing)
    TogglePause, ///< Space
    Restart,     ///< R: the panel's values, then a fresh cloth
    SingleStep,  ///< S: one step while paused (repeats with the key)
    ResetView,   ///< Home
    FitView,     ///< F
    ToggleHelp,  ///< F1
    Cancel,      ///< Esc: ends a drag or knife without effect and closes the help
    Undo,        ///< Ctrl+Z: back to the state before the last action (pbd/history.h)
    Redo,        ///< Ctrl+Shift+Z: forward to the state after the last undone action
};

/// The action of a key pressed (`repeat` false) or auto-repeated (`repeat` true). While a
/// field is being typed in, the field has the keys (Esc cancels the edit there, Ctrl+Z undoes
/// the typing), except Ctrl+Q and F12; Ctrl combinations other than Ctrl+Q, Ctrl+Z and
/// Ctrl+Shift+Z are not ours (Ctrl+O and Ctrl+R are RunFiles'). Undo and redo repeat with the key.
KeyAction keyAction(Key key, bool repeat, Modifiers modifiers, PanelFocus focus);

/// The single path of every change: applies a command, or refuses it with the reason (for
/// the cloth in D dimensions; IssueCommand in 2D).
template <glm::length_t D>
using IssueCommandOf = std::function<std::optional<CommandError>(const CommandOf<D>&)>;
using IssueCommand = IssueCommandOf<2>;

/// Pointer and touch gestures on the canvas.
class Input {
public:
    static constexpr double kWheelZoomBase = 1.1; ///< zoom factor per wheel notch
    /// A throw takes the pointer's velocity over this many seconds before the release.
    static constexpr double kThrowWindow = ThrowTrailOf<2>::kWindow;

    /// Finds the particle under a window point within a radius in window pixels.
    using HoverPicker =
        std::function<std::optional<Index>(const Camera&, glm::dvec2 point, double radius)>;

    /// `view`, `simulation` and `preferences` must outlive the input; `clock` (monotonic
    /// seconds) times the throw's trail; `issue` applies the commands gestures make. The
    /// simulation is only read, and synced (Simulation::sync) before a pick needs its
    /// positions; every change goes through `issue`.
    Input(CanvasView& view, Simulation& simulation, const Preferences& preferences,
          Stepping::Clock clock, IssueCommand issue);

    /// A button went down (`pressed`) or up where the pointer last moved to. Left on a
    /// particle grabs it (Shift: pins or unpins it instead); with no particle within the pick
    /// radius, left on an obstacle or ball selects it and drags it (an obstacle follows the
    /// cursor as `move-obstacle`, a ball is grabbed, moved and thrown); with a grab radius
    /// (Preferences::grabRadius > 0) left holds every particle within it of the press, if
    /// any; Ctrl+left starts a knife that cuts on release; right or middle pans.
    void mouseButton(MouseButton button, bool pressed, Modifiers modifiers, PanelFocus focus);
    /// The pointer moved to `point` (window coordinates).
    void mouseMove(glm::dvec2 point);
    /// Wheel or touchpad scroll of `yOffset` notches (fractions from touchpads) at the pointer.
    void scroll(double yOffset, PanelFocus focus);
    /// One touch or pinch event (routed by TouchRouter). Returns the panel taps to forward to
    /// ImGui, in order (none unless a finger taps the panel).
    std::vector<PanelPointer> touch(const TouchEvent& event);
    /// The window lost the focus: touches in flight will not finish here.
    void focusLost();
    /// The window system's events of a frame were all handled (a throw judges the pointer's
    /// rest by these polls, ThrowTrailOf).
    void eventsPolled() { trail_.polled(clock_()); }
    /// Esc: a drag lets its particle go where it is (no throw), a pan or knife ends.
    void cancel();
    /// The camera moved under a still pointer (F): a held particle follows the cursor.
    void followCursor();

    /// Recomputes the particle a left click would grab now (the cloth moves under a still
    /// pointer); none while dragging, panning, or with the pointer off the canvas.
    void updateHover(PanelFocus focus);
    /// Where updateHover looks: by default pickParticle over the simulation's positions.
    void setHoverPicker(HoverPicker picker) { hoverPicker_ = std::move(picker); }

    /// The cloth was rebuilt: the core dropped the grab with the old cloth.
    void clothRebuilt();
    /// A saved state replaced the simulation: every gesture in progress ends.
    void stateReplaced();

    /// The knife being drawn (Ctrl+drag): from and to in world metres.
    std::optional<std::pair<glm::dvec2, glm::dvec2>> knife() const { return knife_; }
    /// The particle a left click would grab (see updateHover).
    std::optional<Index> hovered() const { return hovered_; }
    /// The obstacle or ball clicked last (drawn highlighted), while it still exists.
    std::optional<WorldItem> selected() const;
    /// Makes `item` the selected one (the World section's additions), or none.
    void select(std::optional<WorldItem> item) { selected_ = item; }
    /// The obstacle or ball being dragged, if any.
    std::optional<WorldItem> worldDrag() const { return worldDrag_.item(); }
    /// A drag holds particles, an obstacle or a ball under the pointer (a pan would move them).
    bool holding() const { return dragging_ || worldDrag_.item().has_value(); }
    /// Where the hand of a grab radius is drawn (world metres): the area grab's point while
    /// it holds, else the pointer on the canvas; nothing with a grab radius of 0.
    std::optional<glm::dvec2> reachCentre() const;

private:
    void pointerDown(glm::dvec2 point, Modifiers modifiers);
    void pointerMove(glm::dvec2 point);
    void pointerUp();
    /// Starts dragging `item` from the press at `world` (metres); false when refused.
    bool startWorldDrag(const WorldItem& item, glm::dvec2 world);
    void moveWorldDrag(glm::dvec2 world);
    /// Ends the obstacle's or ball's drag: a ball is let go, thrown when `thrown`.
    void endWorldDrag(bool thrown);
    void noteTrail(glm::dvec2 world);
    glm::dvec2 throwVelocity() const;
    std::vector<PanelPointer> perform(const std::vector<TouchAction>& actions);

    CanvasView& view_;
    Simulation& simulation_; ///< read, and synced before a pick; changed only through issue_
    const Preferences& preferences_;
    Stepping::Clock clock_;
    IssueCommand issue_;
    HoverPicker hoverPicker_;
    TouchRouter touchRouter_;
    /// The dragged particle's target (world metres) at recent pointer events: the throw's
    /// velocity.
    ThrowTrailOf<2> trail_;
    std::optional<std::pair<glm::dvec2, glm::dvec2>> knife_;
    bool dragging_ = false;             ///< a left-button or one-finger drag holds particles
    std::optional<glm::dvec2> panFrom_; ///< right/middle drag in progress: last pointer
    bool touchDrag_ = false;            ///< the drag in progress is a finger's
    std::optional<glm::dvec2> cursor_;  ///< pointer at the last motion event, window coords
    std::optional<Index> hovered_;
    std::optional<WorldItem> selected_;  ///< the last obstacle or ball clicked
    WorldDragOf<2> worldDrag_;           ///< the obstacle or ball being dragged
};

} // namespace pbd::app
