#include "gui/window.h"

#include <algorithm>
#include <cstdio>
#include <string>

#include <glad/gl.h>
// glad must come first: it provides the GL declarations GLFW would otherwise include.
#include <GLFW/glfw3.h>

#include "logic/app_error.h"
#ifdef PBD_HAVE_GPU
#include "gl_read_log.h"
#endif

namespace pbd::app {
namespace {

/// GLFW's description of its last error, or a fallback.
std::string lastGlfwError(const char* fallback)
{
    const char* description = nullptr;
    glfwGetError(&description);
    return description != nullptr ? description : fallback;
}

/// The OpenGL version a default (any version, compatibility) context offers on this display,
/// e.g. "3.0 Mesa 22.3.6", or "unknown"; for the message when 3.3 core is refused.
std::string offeredGlVersion()
{
    glfwDefaultWindowHints();
    glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
    GLFWwindow* probe = glfwCreateWindow(64, 64, "pbd-cloth probe", nullptr, nullptr);
    if (probe == nullptr)
        return "unknown";
    glfwMakeContextCurrent(probe);
    using GetString = const unsigned char* (*)(unsigned);
    const auto getString = reinterpret_cast<GetString>(glfwGetProcAddress("glGetString"));
    const unsigned char* version = getString != nullptr ? getString(GL_VERSION) : nullptr;
    std::string text = version != nullptr ? reinterpret_cast<const char*>(version) : "unknown";
    glfwMakeContextCurrent(nullptr);
    glfwDestroyWindow(probe);
    return text;
}

/// Prints GLFW errors that happen after startup (they do not stop the app).
void printGlfwError(int code, const char* description)
{
    std::fprintf(stderr, "pbd-cloth: GLFW error %d: %s\n", code, description);
}

} // namespace

Window::Window(const char* title, bool debugContext, int samples)
{
    if (glfwInit() != GLFW_TRUE) {
        throw AppError("pbd-cloth: no display found (" + lastGlfwError("glfwInit failed") +
                       "); pbd-cloth needs a graphical session, or run it under xvfb-run");
    }
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE); // required on macOS, harmless elsewhere
    glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE);
    glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE); // HiDPI: a bigger window on dense screens
    glfwWindowHint(GLFW_COCOA_RETINA_FRAMEBUFFER, GLFW_TRUE);
    glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, debugContext ? GLFW_TRUE : GLFW_FALSE);
    glfwWindowHint(GLFW_SAMPLES, std::max(samples, 0));

    int width = kDefaultWidth;
    int height = kDefaultHeight;
    if (GLFWmonitor* monitor = glfwGetPrimaryMonitor()) {
        int x = 0, y = 0, areaWidth = 0, areaHeight = 0;
        glfwGetMonitorWorkarea(monitor, &x, &y, &areaWidth, &areaHeight);
        float scaleX = 1.0f, scaleY = 1.0f;
        glfwGetMonitorContentScale(monitor, &scaleX, &scaleY);
        // GLFW_SCALE_TO_MONITOR multiplies the requested size by the scale on X11 and Windows.
        if (areaWidth > 0 && scaleX > 0.0f)
            width = std::min(width, static_cast<int>(static_cast<float>(areaWidth) / scaleX));
        if (areaHeight > 0 && scaleY > 0.0f)
            height = std::min(height, static_cast<int>(static_cast<float>(areaHeight) / scaleY));
    }

    // OpenGL 4.3 core where the driver has it (the GPU solver's compute shaders), else 3.3;
    // with reset notification where the driver offers robustness (GLFW leaves it out
    // elsewhere), so that a GPU reset ends the app with a message instead of undefined
    // behaviour (the app asks glGetGraphicsResetStatus once per frame).
    glfwWindowHint(GLFW_CONTEXT_ROBUSTNESS, GLFW_LOSE_CONTEXT_ON_RESET);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 4);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwSetErrorCallback(nullptr); // a refused 4.3 is no error worth printing
    window_ = glfwCreateWindow(width, height, title, nullptr, nullptr);
    if (window_ == nullptr) { // a driver that refuses the robust context
        glfwWindowHint(GLFW_CONTEXT_ROBUSTNESS, GLFW_NO_ROBUSTNESS);
        window_ = glfwCreateWindow(width, height, title, nullptr, nullptr);
    }
    if (window_ == nullptr) {
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
        window_ = glfwCreateWindow(width, height, title, nullptr, nullptr);
    }
    if (window_ == nullptr && samples > 0) { // no multisampled configuration: without
        glfwWindowHint(GLFW_SAMPLES, 0);
        window_ = glfwCreateWindow(width, height, title, nullptr, nullptr);
    }
    if (window_ == nullptr) {
        const std::string why = lastGlfwError("glfwCreateWindow failed");
        const std::string offered = offeredGlVersion();
        glfwTerminate();
        throw AppError("pbd-cloth: OpenGL 3.3 core is required, but this display's driver could "
                       "not create such a context (" + why + "); it offers OpenGL " + offered +
                       ". Update the graphics driver, or try LIBGL_ALWAYS_SOFTWARE=1 (Mesa's "
                       "software renderer)");
    }
    glfwMakeContextCurrent(window_);
    const int version = gladLoadGL(glfwGetProcAddress);
#ifdef PBD_HAVE_GPU
    gpu::installGlReadLog(); // test hook PBD_GL_READ_LOG: GL's read-backs counted apart
#endif
    if (version == 0 || version < GLAD_MAKE_VERSION(3, 3)) {
        const auto* renderer = version != 0 ? glGetString(GL_RENDERER) : nullptr;
        const std::string found =
            version == 0 ? std::string("the OpenGL functions could not be loaded")
                         : "this context offers " + std::to_string(GLAD_VERSION_MAJOR(version)) +
                               "." + std::to_string(GLAD_VERSION_MINOR(version)) +
                               (renderer ? std::string(" (") +
                                               reinterpret_cast<const char*>(renderer) + ")"
                                         : std::string());
        glfwDestroyWindow(window_);
        glfwTerminate();
        throw AppError("pbd-cloth: OpenGL 3.3 core is required; " + found);
    }
    glVersion_ = version;
    // Vsync. Where the server has no vertical blank (Xvfb) the swap does not wait; the app
    // then paces frames itself (FramePacing::pace).
    glfwSwapInterval(1);
    glfwSetErrorCallback(printGlfwError);
    if (GLFWmonitor* monitor = glfwGetPrimaryMonitor()) {
        const GLFWvidmode* mode = glfwGetVideoMode(monitor);
        if (mode != nullptr && mode->refreshRate > 0)
            refreshRate_ = mode->refreshRate;
    }
}

int Window::samples() const
{
    GLint samples = 0;
    glGetIntegerv(GL_SAMPLES, &samples);
    return samples;
}

Window::~Window()
{
    glfwSetErrorCallback(nullptr);
    glfwDestroyWindow(window_);
    glfwTerminate();
}

glm::ivec2 Window::size() const
{
    glm::ivec2 s{0};
    glfwGetWindowSize(window_, &s.x, &s.y);
    return s;
}

glm::ivec2 Window::framebufferSize() const
{
    glm::ivec2 s{0};
    glfwGetFramebufferSize(window_, &s.x, &s.y);
    return s;
}

float Window::contentScale() const
{
    float x = 1.0f, y = 1.0f;
    glfwGetWindowContentScale(window_, &x, &y);
    return std::max(1.0f, std::max(x, y));
}

bool Window::hidden() const
{
    const glm::ivec2 fb = framebufferSize();
    return fb.x <= 0 || fb.y <= 0 || glfwGetWindowAttrib(window_, GLFW_ICONIFIED) != 0 ||
           glfwGetWindowAttrib(window_, GLFW_VISIBLE) == 0;
}

} // namespace pbd::app
