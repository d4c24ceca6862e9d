// App's input glue: GLFW callbacks and XInput2 touch become Controller calls. The logic
// (what a press, a key or a pinch does) lives in the controller.

#include <glad/gl.h>
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "gui/app.h"

namespace pbd::app {
namespace {

App& appOf(GLFWwindow* window)
{
    return *static_cast<App*>(glfwGetWindowUserPointer(window));
}

Key keyOf(int key)
{
    switch (key) {
    case GLFW_KEY_SPACE: return Key::Space;
    case GLFW_KEY_S: return Key::S;
    case GLFW_KEY_R: return Key::R;
    case GLFW_KEY_F: return Key::F;
    case GLFW_KEY_Q: return Key::Q;
    case GLFW_KEY_O: return Key::O;
    case GLFW_KEY_Z: return Key::Z;
    case GLFW_KEY_HOME: return Key::Home;
    case GLFW_KEY_ESCAPE: return Key::Escape;
    case GLFW_KEY_F1: return Key::F1;
    case GLFW_KEY_F12: return Key::F12;
    default: return Key::Other;
    }
}

MouseButton buttonOf(int button)
{
    switch (button) {
    case GLFW_MOUSE_BUTTON_LEFT: return MouseButton::Left;
    case GLFW_MOUSE_BUTTON_RIGHT: return MouseButton::Right;
    case GLFW_MOUSE_BUTTON_MIDDLE: return MouseButton::Middle;
    default: return MouseButton::Other;
    }
}

Modifiers modifiersOf(int mods)
{
    return {(mods & GLFW_MOD_SHIFT) != 0, (mods & GLFW_MOD_CONTROL) != 0,
            (mods & GLFW_MOD_ALT) != 0};
}

} // namespace

void App::installCallbacks()
{
    GLFWwindow* window = window_->handle();
    glfwSetWindowUserPointer(window, this);
    glm::dvec2 cursor{0.0};
    glfwGetCursorPos(window, &cursor.x, &cursor.y);
    controller_.mouseMove(cursor);
    if (session3_)
        session3_->mouseMove(cursor);
    glfwSetKeyCallback(window, [](GLFWwindow* w, int key, int, int action, int mods) {
        appOf(w).onKey(key, action, mods);
    });
    glfwSetMouseButtonCallback(window, [](GLFWwindow* w, int button, int action, int mods) {
        appOf(w).onMouseButton(button, action, mods);
    });
    glfwSetCursorPosCallback(window, [](GLFWwindow* w, double x, double y) {
        appOf(w).onCursorPos({x, y});
    });
    glfwSetScrollCallback(window, [](GLFWwindow* w, double, double y) { appOf(w).onScroll(y); });
    glfwSetWindowFocusCallback(window, [](GLFWwindow* w, int focused) {
        appOf(w).onFocus(focused != 0);
    });
    glfwSetDropCallback(window, [](GLFWwindow* w, int count, const char** paths) {
        appOf(w).onDrop(std::vector<std::string>(paths, paths + count));
    });
    // Not input, but the picture must be redrawn even while paused and idle.
    glfwSetWindowRefreshCallback(window, [](GLFWwindow* w) { appOf(w).noteActivity(); });
    glfwSetFramebufferSizeCallback(window, [](GLFWwindow* w, int, int) { appOf(w).noteActivity(); });
}

PanelFocus App::panelFocus() const
{
    if (ImGui::GetCurrentContext() == nullptr)
        return {};
    // io's Want* flags are those of the last frame's start: a field closed by Enter in that
    // frame still wants the keyboard, and one opened by a click does not yet. Whether an item
    // is active now says it as the frame left it, so a Space right after Enter pauses and a
    // key right after the click types. A modal popup still takes the keys.
    const ImGuiIO& io = ImGui::GetIO();
    const bool modal = io.WantCaptureKeyboard && !io.WantTextInput;
    return {io.WantCaptureMouse, ImGui::IsAnyItemActive() || modal};
}

void App::onKey(int key, int action, int mods)
{
    noteActivity();
    if (action == GLFW_PRESS && imgui_)
        imgui_->notePress(key);
    if (action != GLFW_PRESS && action != GLFW_REPEAT)
        return;
    if (session3_) {
        // Ctrl+R, Ctrl+S, Ctrl+O even while a field is typed in, as in 2D.
        const Modifiers modifiers = modifiersOf(mods);
        const Key pressed = keyOf(key);
        if (modifiers.control && action == GLFW_PRESS &&
            (pressed == Key::R || pressed == Key::S || pressed == Key::O)) {
            FilesActions asked;
            asked.toggleRecording = pressed == Key::R;
            asked.save = pressed == Key::S;
            asked.load = pressed == Key::O;
            files3(asked);
            return;
        }
        session3_->key(keyOf(key), action == GLFW_REPEAT, modifiersOf(mods), panelFocus());
        return;
    }
    // Ctrl+R, Ctrl+S, Ctrl+O (recording, save, load) even while a field is typed in: the
    // file fields count every edit at once. A 3D state loaded opens in 3D (loadAnySpace).
    const Modifiers modifiers = modifiersOf(mods);
    if (keyOf(key) == Key::O && modifiers.control && !modifiers.alt) {
        if (action == GLFW_PRESS)
            loadAnySpace(files_.statePath());
        return;
    }
    if (files_.key(keyOf(key), action == GLFW_REPEAT, modifiers))
        return;
    controller_.key(keyOf(key), action == GLFW_REPEAT, modifiers, panelFocus());
}

void App::onMouseButton(int button, int action, int mods)
{
    noteActivity();
    if (action != GLFW_PRESS && action != GLFW_RELEASE)
        return;
    if (session3_) {
        session3_->mouseButton(buttonOf(button), action == GLFW_PRESS, modifiersOf(mods),
                               panelFocus());
        return;
    }
    controller_.mouseButton(buttonOf(button), action == GLFW_PRESS, modifiersOf(mods),
                            panelFocus());
}

void App::onCursorPos(glm::dvec2 p)
{
    noteActivity();
    if (session3_)
        session3_->mouseMove(p);
    else
        controller_.mouseMove(p);
}

void App::onScroll(double yOffset)
{
    noteActivity();
    if (session3_)
        session3_->scroll(yOffset, panelFocus());
    else
        controller_.scroll(yOffset, panelFocus());
}

void App::onDrop(std::vector<std::string> paths)
{
    noteActivity();
    if (!paths.empty())
        dropped_ = std::move(paths.front()); // one file opens; the others are ignored
}

void App::onFocus(bool focused)
{
    noteActivity();
    if (!focused && session3_)
        session3_->focusLost();
    else if (!focused)
        controller_.focusLost();
}

} // namespace pbd::app
