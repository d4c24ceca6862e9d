#pragma once
/// \file
/// The touch service of the frame loop: XInput2 fingers and pinches (platform/x11_touch.h)
/// become Controller calls; the controller's panel taps reach ImGui as GLFW's left button,
/// with the pointer put under the finger.

#include "platform/x11_touch.h"

struct GLFWwindow;

namespace pbd::app {

class Controller;

class TouchInput {
public:
    explicit TouchInput(GLFWwindow* window) : window_(window), touch_(window) {}

    /// Once per loop turn, also while idle: hands the events that arrived to `controller`.
    /// Returns whether any arrived (input: frames must be drawn).
    bool tick(Controller& controller);

private:
    GLFWwindow* window_;
    X11Touch touch_;
};

} // namespace pbd::app
