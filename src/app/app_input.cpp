// App's input: GLFW callbacks, XInput2 touch and pinch. Every zoom ends in Camera::zoomAt.

#include <cmath>

#include <glad/gl.h>
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>

#include "app.h"
#include "picking.h"

namespace pbd::app {
namespace {

App& appOf(GLFWwindow* window)
{
    return *static_cast<App*>(glfwGetWindowUserPointer(window));
}

glm::dvec2 cursorOf(GLFWwindow* window)
{
    glm::dvec2 p{0.0};
    glfwGetCursorPos(window, &p.x, &p.y);
    return p;
}

} // namespace

void App::installCallbacks()
{
    GLFWwindow* window = window_->handle();
    glfwSetWindowUserPointer(window, this);
    cursor_ = cursorOf(window);
    glfwSetKeyCallback(window, [](GLFWwindow* w, int key, int, int action, int) {
        appOf(w).onKey(key, action);
    });
    glfwSetMouseButtonCallback(window, [](GLFWwindow* w, int button, int action, int) {
        appOf(w).onMouseButton(button, action);
    });
    glfwSetCursorPosCallback(window, [](GLFWwindow* w, double x, double y) {
        appOf(w).onCursorPos({x, y});
    });
    glfwSetScrollCallback(window, [](GLFWwindow* w, double, double y) { appOf(w).onScroll(y); });
    glfwSetWindowFocusCallback(window, [](GLFWwindow* w, int focused) {
        appOf(w).onFocus(focused != 0);
    });
}

bool App::inCanvas(glm::dvec2 p) const
{
    return p.x >= 0.0 && p.y >= 0.0 && p.x < layout_.canvasSize().x && p.y < layout_.canvasSize().y;
}

bool App::imguiWantsMouse() const
{
    return ImGui::GetCurrentContext() != nullptr && ImGui::GetIO().WantCaptureMouse;
}

void App::onKey(int key, int action)
{
    if (action == GLFW_PRESS && imgui_)
        imgui_->notePress(key);
    if (action != GLFW_PRESS && action != GLFW_REPEAT)
        return;
    if (ImGui::GetCurrentContext() != nullptr &&
        (ImGui::GetIO().WantTextInput || ImGui::GetIO().WantCaptureKeyboard))
        return; // typing into a field
    switch (key) {
    case GLFW_KEY_SPACE:
        if (action == GLFW_PRESS)
            paused_ = !paused_;
        break;
    case GLFW_KEY_R:
        if (action == GLFW_PRESS)
            restart();
        break;
    case GLFW_KEY_S:
        if (paused_)
            singleStep_ = true;
        break;
    case GLFW_KEY_HOME:
        resetView();
        break;
    case GLFW_KEY_ESCAPE:
        glfwSetWindowShouldClose(window_->handle(), GLFW_TRUE);
        break;
    default:
        break;
    }
}

void App::onMouseButton(int button, int action)
{
    // Where the pointer was when the button went down: the last motion event before it, not
    // where the pointer is by the time the queued event is handled.
    const glm::dvec2 p = cursor_;
    if (action == GLFW_RELEASE) {
        if (button == GLFW_MOUSE_BUTTON_LEFT)
            pointerUp(); // always: a drag may end over the panel
        else if (button == GLFW_MOUSE_BUTTON_RIGHT || button == GLFW_MOUSE_BUTTON_MIDDLE)
            panFrom_.reset();
        return;
    }
    if (action != GLFW_PRESS || imguiWantsMouse() || !inCanvas(p))
        return;
    if (button == GLFW_MOUSE_BUTTON_LEFT)
        pointerDown(p);
    else if (button == GLFW_MOUSE_BUTTON_RIGHT || button == GLFW_MOUSE_BUTTON_MIDDLE)
        panFrom_ = p;
}

void App::onCursorPos(glm::dvec2 p)
{
    cursor_ = p;
    if (panFrom_) {
        camera_.pan(p - *panFrom_);
        panFrom_ = p;
    }
    pointerMove(p);
}

void App::onScroll(double yOffset)
{
    // Wheel notches give +-1, touchpads fractions, Ctrl+wheel (a Windows precision-touchpad
    // pinch) the same: all zoom smoothly about the cursor.
    const glm::dvec2 p = cursor_;
    if (imguiWantsMouse() || !inCanvas(p))
        return;
    camera_.zoomAt(std::pow(kWheelZoomBase, yOffset), p);
    pointerMove(p); // a held particle stays under the cursor
}

void App::onFocus(bool focused)
{
    if (focused)
        return;
    // Touches in flight will not be finished in this window. (A mouse drag will: X sends the
    // button release to the window that got the press.)
    perform(touchRouter_.reset());
}

void App::pointerDown(glm::dvec2 p)
{
    // A press grabs the nearest particle within the pick radius; it moves only when the
    // pointer moves.
    if (auto picked = pickParticle(camera_, simulation_.particles().position, p,
                                   kPickRadiusPixels * logicalScale()))
        simulation_.grab(*picked);
}

void App::pointerMove(glm::dvec2 p)
{
    if (simulation_.grabbed())
        simulation_.moveGrabbed(camera_.screenToWorld(p));
}

void App::pointerUp()
{
    simulation_.release();
}

void App::resetView()
{
    camera_.resetToPage(layout_.canvasSize(), glm::dvec2(0.0), logicalScale());
}

void App::handleTouch()
{
    for (const TouchEvent& e : touch_->poll())
        perform(touchRouter_.route(e, layout_.canvasSize()));
}

void App::perform(const std::vector<TouchAction>& actions)
{
    for (const TouchAction& a : actions) {
        switch (a.kind) {
        case TouchAction::Kind::PanelPress:
            // ImGui only sees GLFW's pointer, and touch events are not turned into pointer
            // events for us: put the pointer there and press.
            glfwSetCursorPos(window_->handle(), a.point.x, a.point.y);
            ImGui_ImplGlfw_MouseButtonCallback(window_->handle(), GLFW_MOUSE_BUTTON_LEFT,
                                               GLFW_PRESS, 0);
            break;
        case TouchAction::Kind::PanelRelease:
            ImGui_ImplGlfw_MouseButtonCallback(window_->handle(), GLFW_MOUSE_BUTTON_LEFT,
                                               GLFW_RELEASE, 0);
            break;
        case TouchAction::Kind::PointerDown:
            pointerDown(a.point);
            break;
        case TouchAction::Kind::PointerMove:
            pointerMove(a.point);
            break;
        case TouchAction::Kind::PointerUp:
            pointerUp();
            break;
        case TouchAction::Kind::Zoom:
            camera_.zoomAt(a.factor, a.point);
            break;
        }
    }
}

} // namespace pbd::app
