#pragma once
/// \file
/// The touch service of the frame loop: XInput2 fingers and pinches (platform/x11_touch.h)
/// become calls of the 2D controller or the 3D session; their panel taps reach ImGui as GLFW's
/// left button, with the pointer put under the finger.

#include <functional>
#include <vector>

#include "logic/input.h"
#include "platform/x11_touch.h"

struct GLFWwindow;

namespace pbd::app {

class TouchInput {
public:
    explicit TouchInput(GLFWwindow* window) : window_(window), touch_(window) {}

    /// What takes a touch event and returns the panel taps it makes (Controller::touch,
    /// Session3::touch).
    using Route = std::function<std::vector<PanelPointer>(const TouchEvent&)>;

    /// Once per loop turn, also while idle: hands the events that arrived to `route`.
    /// Returns whether any arrived (input: frames must be drawn).
    bool tick(const Route& route);

private:
    GLFWwindow* window_;
    X11Touch touch_;
};

} // namespace pbd::app
