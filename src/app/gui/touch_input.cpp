#include "gui/touch_input.h"

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>


namespace pbd::app {

bool TouchInput::tick(const Route& route)
{
    bool any = false;
    for (const TouchEvent& e : touch_.poll()) {
        any = true;
        for (const PanelPointer& tap : route(e)) {
            // ImGui sees only GLFW's pointer: put it under the finger and press or release.
            if (tap.down)
                glfwSetCursorPos(window_, tap.point.x, tap.point.y);
            ImGui_ImplGlfw_MouseButtonCallback(window_, GLFW_MOUSE_BUTTON_LEFT,
                                               tap.down ? GLFW_PRESS : GLFW_RELEASE, 0);
        }
    }
    return any;
}

} // namespace pbd::app
