#pragma once
/// \file
/// GLFW and the OpenGL 3.3 core context: initialisation, the window, the loader, teardown.

#include <glm/vec2.hpp>

struct GLFWwindow;

namespace pbd::app {

/// Owns GLFW (glfwInit .. glfwTerminate) and one window with a current OpenGL 3.3 core context
/// loaded through glad. Not copyable. The constructor throws AppError with a clear message
/// when there is no display, the window cannot be created, or the context is older than 3.3.
class Window {
public:
    /// Default window size in screen coordinates, scaled by the monitor's content scale and
    /// shrunk to fit the monitor's work area.
    static constexpr int kDefaultWidth = 1400;
    static constexpr int kDefaultHeight = 960;

    /// `debugContext`: ask for a debug context (GL debug output fully on; see GlDebug);
    /// `samples`: ask for a multisampled framebuffer of that many samples a pixel (0: none;
    /// what the driver gives: samples()).
    Window(const char* title, bool debugContext, int samples = 0);
    /// Samples a pixel of the window's framebuffer (GL_SAMPLES; 0: not multisampled).
    int samples() const;
    ~Window();
    Window(const Window&) = delete;
    Window& operator=(const Window&) = delete;

    GLFWwindow* handle() const { return window_; }
    /// Window size in window coordinates (what the cursor and the camera use).
    glm::ivec2 size() const;
    /// Framebuffer size in pixels (what glViewport and glReadPixels use).
    glm::ivec2 framebufferSize() const;
    /// The monitor's content scale (1 on a standard-density display), for the UI.
    float contentScale() const;
    /// True while minimised (iconified, or unmapped as X11 window managers do), or with an
    /// empty framebuffer (0x0, as Windows reports a minimised window): no frame is drawn then.
    bool hidden() const;
    /// The primary monitor's refresh rate in Hz (60 when unknown), read once when the window
    /// opened: asking the X server every frame costs a round trip and Xlib allocations.
    int refreshRate() const { return refreshRate_; }
    /// The context's OpenGL version as GLAD_MAKE_VERSION(major, minor): 4.3 or later where
    /// the driver offers it, else 3.3 or later.
    int glVersion() const { return glVersion_; }

private:
    GLFWwindow* window_ = nullptr;
    int glVersion_ = 0;
    int refreshRate_ = 60;
};

} // namespace pbd::app
