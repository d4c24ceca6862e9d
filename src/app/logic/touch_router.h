#pragma once
/// \file
/// Where the app's touch input goes: a lone finger on the panel taps it like a mouse click,
/// fingers on the canvas drag and pinch-zoom (TouchGestures), a touchpad pinch zooms the
/// canvas. GL-free, so that the routing is unit-tested; app_input.cpp carries out the actions.

#include <optional>
#include <vector>

#include <glm/vec2.hpp>

#include "logic/touch_gestures.h"

namespace pbd::app {

/// One XInput2 event, in window coordinates.
struct TouchEvent {
    enum class Kind {
        Begin,       ///< a finger touched (id)
        Update,      ///< a finger moved (id)
        End,         ///< a finger was lifted (id)
        PinchBegin,  ///< a touchpad pinch started
        PinchUpdate, ///< the pinch's scale changed: `scale` relative to PinchBegin
        PinchEnd,
    };
    Kind kind;
    int id = 0;            ///< finger id for Begin/Update/End
    glm::dvec2 point{0.0}; ///< window coordinates
    double scale = 1.0;    ///< pinch only: finger distance relative to the start
};

/// What the app does for a touch event.
struct TouchAction {
    enum class Kind {
        PanelPress,   ///< put ImGui's pointer at `point` and press its left button
        PanelRelease, ///< release ImGui's left button
        PointerDown,  ///< a left press on the canvas at `point`: grab the particle there
        PointerMove,  ///< the dragging finger moved to `point`
        PointerUp,    ///< the drag ended: release the grabbed particle
        Zoom,         ///< zoom the canvas by `factor` about `point`
    };
    Kind kind;
    glm::dvec2 point{0.0}; ///< window pixels
    double factor = 1.0;   ///< Zoom only
};

/// Routes touch events for a window whose canvas is the rectangle [0, canvasSize) from its
/// top-left corner (the panel lies to its right):
/// - a finger that comes down alone (no other finger down, none on the panel) outside the
///   canvas is a panel tap: PanelPress where it came down, PanelRelease when it is lifted,
///   nothing while it moves (ImGui only sees GLFW's pointer, so the app forwards the tap);
/// - every other finger goes to TouchGestures; its PointerDown starts a drag only inside the
///   canvas, PointerMove and PointerUp only reach a drag that started so, Zoom always passes;
/// - a touchpad pinch zooms by the ratio of consecutive scales about the pinch point, over
///   the canvas only; non-positive scales are ignored.
class TouchRouter {
public:
    /// The actions for one event, in order.
    std::vector<TouchAction> route(const TouchEvent& event, glm::dvec2 canvasSize);
    /// Forgets every touch in flight (the window lost focus): PointerUp when a finger was
    /// dragging, else nothing.
    std::vector<TouchAction> reset();

private:
    TouchGestures gestures_;
    std::optional<int> panelTouch_; ///< the finger tapping the panel
    bool drag_ = false;             ///< a finger on the canvas acts as the left button
    double pinchScale_ = 1.0;       ///< touchpad pinch: scale at the last update
};

} // namespace pbd::app
