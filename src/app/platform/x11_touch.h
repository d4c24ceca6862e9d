#pragma once
/// \file
/// Touch and touchpad-pinch input on Linux/X11 through XInput2, which GLFW 3.3 does not
/// report: touchscreen fingers (XI 2.2) and touchpad pinch gestures (XI 2.4), read on a
/// second X connection so that GLFW's own event handling is untouched.

#include <memory>
#include <vector>

#include "logic/touch_router.h" // TouchEvent

struct GLFWwindow;

namespace pbd::app {

/// Selects XInput2 touch and pinch events on the GLFW window. Does nothing (and reports
/// nothing) when the platform is not X11 or the server lacks XInput 2.2.
class X11Touch {
public:
    explicit X11Touch(GLFWwindow* window);
    ~X11Touch();
    X11Touch(const X11Touch&) = delete;
    X11Touch& operator=(const X11Touch&) = delete;

    /// The events that arrived since the last call, in order. Never blocks.
    std::vector<TouchEvent> poll();

private:
    struct State;
    std::unique_ptr<State> state_;
};

} // namespace pbd::app
