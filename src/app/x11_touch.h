#pragma once
/// \file
/// Touch and touchpad-pinch input on Linux/X11 through XInput2, which GLFW 3.3 does not
/// report: touchscreen fingers (XI 2.2) and touchpad pinch gestures (XI 2.4), read on a
/// second X connection so that GLFW's own event handling is untouched.

#include <memory>
#include <vector>

#include <glm/vec2.hpp>

struct GLFWwindow;

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

/// Selects XInput2 touch and pinch events on the GLFW window. Does nothing (and reports
/// nothing) when the platform is not X11 or the server lacks XInput 2.2.
class X11Touch {
public:
    explicit X11Touch(GLFWwindow* window);
    ~X11Touch();
    X11Touch(const X11Touch&) = delete;
    X11Touch& operator=(const X11Touch&) = delete;

    /// True when touch events were selected (XI >= 2.2).
    bool touchAvailable() const;
    /// True when touchpad pinch gestures were selected (XI >= 2.4).
    bool pinchAvailable() const;
    /// The events that arrived since the last call, in order. Never blocks.
    std::vector<TouchEvent> poll();

private:
    struct State;
    std::unique_ptr<State> state_;
};

} // namespace pbd::app
