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
    gestures_.reset();
    panelTouch_.reset();
    if (touchDrag_) {
        touchDrag_ = false;
        pointerUp();
    }
}

void App::pointerDown(glm::dvec2 p)
{
    // The page's mouseDown: select the particle, move it only when the pointer moves.
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
    for (const TouchEvent& e : touch_->poll()) {
        using Kind = TouchEvent::Kind;
        switch (e.kind) {
        case Kind::PinchBegin:
            pinchScale_ = 1.0;
            break;
        case Kind::PinchUpdate:
            if (e.scale > 0.0 && pinchScale_ > 0.0 && inCanvas(e.point))
                camera_.zoomAt(e.scale / pinchScale_, e.point);
            pinchScale_ = e.scale;
            break;
        case Kind::PinchEnd:
            pinchScale_ = 1.0;
            break;
        case Kind::Begin:
            // A lone finger on the panel taps it like a mouse click (ImGui only sees GLFW's
            // pointer, and touch events are no longer turned into pointer events for us).
            if (gestures_.activeTouches() == 0 && !panelTouch_ && !inCanvas(e.point)) {
                panelTouch_ = e.id;
                glfwSetCursorPos(window_->handle(), e.point.x, e.point.y);
                ImGui_ImplGlfw_MouseButtonCallback(window_->handle(), GLFW_MOUSE_BUTTON_LEFT,
                                                   GLFW_PRESS, 0);
                continue;
            }
            break;
        case Kind::Update:
        case Kind::End:
            if (panelTouch_ && *panelTouch_ == e.id) {
                if (e.kind == Kind::End) {
                    panelTouch_.reset();
                    ImGui_ImplGlfw_MouseButtonCallback(window_->handle(), GLFW_MOUSE_BUTTON_LEFT,
                                                       GLFW_RELEASE, 0);
                }
                continue;
            }
            break;
        }
        if (e.kind != Kind::Begin && e.kind != Kind::Update && e.kind != Kind::End)
            continue;
        const std::vector<GestureEvent> gestures =
            e.kind == Kind::Begin  ? gestures_.touchDown(e.id, e.point)
            : e.kind == Kind::End ? gestures_.touchUp(e.id, e.point)
                                  : gestures_.touchMove(e.id, e.point);
        for (const GestureEvent& g : gestures) {
            switch (g.kind) {
            case GestureEvent::Kind::PointerDown:
                if (inCanvas(g.point)) {
                    touchDrag_ = true;
                    pointerDown(g.point);
                }
                break;
            case GestureEvent::Kind::PointerMove:
                pointerMove(g.point);
                break;
            case GestureEvent::Kind::PointerUp:
                if (touchDrag_) {
                    touchDrag_ = false;
                    pointerUp();
                }
                break;
            case GestureEvent::Kind::Zoom:
                camera_.zoomAt(g.factor, g.point);
                break;
            }
        }
    }
}

} // namespace pbd::app
