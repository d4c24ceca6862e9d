#pragma once
/// \file
/// Dear ImGui's lifetime for one GLFW window: context, style scaled for HiDPI, font, the GLFW
/// and OpenGL 3 backends, and the per-frame begin/render calls.

#include <vector>

struct GLFWwindow;

namespace pbd::app {

/// Creates the ImGui context and backends in the order of Dear ImGui's
/// example_glfw_opengl3; destroys them in reverse. Construct it after the app has installed
/// its own GLFW callbacks: the GLFW backend chains to them.
class ImGuiLayer {
public:
    ImGuiLayer(GLFWwindow* window, float contentScale);
    ~ImGuiLayer();
    ImGuiLayer(const ImGuiLayer&) = delete;
    ImGuiLayer& operator=(const ImGuiLayer&) = delete;

    /// True when the loaded font has the play and pause symbols (U+25B6 and U+25AE).
    bool hasSymbols() const { return hasSymbols_; }

    /// Records a key press (GLFW key code). ImGui 1.86 reads keys as a per-frame down state,
    /// so a press and release within one frame (a quick tap at a low frame rate, or xdotool)
    /// would be lost; a recorded key is shown to ImGui as down for one frame.
    void notePress(int key);

    void beginFrame();
    void render();

private:
    GLFWwindow* window_;
    bool hasSymbols_ = false;
    std::vector<int> pressed_; ///< keys pressed since the last frame
};

} // namespace pbd::app
