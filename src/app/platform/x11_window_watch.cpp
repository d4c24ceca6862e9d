#include "platform/x11_window_watch.h"

#include <atomic>
#include <cstdio>

#define GLFW_EXPOSE_NATIVE_X11
#include <GLFW/glfw3.h>
#include <GLFW/glfw3native.h>
#include <X11/Xlib.h>

namespace pbd::app {
namespace {

/// Set by the handler (see X11WindowWatch for why this is process-wide).
std::atomic<bool>& destroyedFlag()
{
    static std::atomic<bool> destroyed{false};
    return destroyed;
}

int noteXError(Display* display, XErrorEvent* event)
{
    if (event->error_code == BadWindow || event->error_code == BadDrawable) {
        destroyedFlag().store(true);
        return 0;
    }
    char text[256] = "";
    XGetErrorText(display, event->error_code, text, sizeof text);
    std::fprintf(stderr, "pbd-cloth: X error %d (%s), request %d.%d; carrying on\n",
                 event->error_code, text, event->request_code, event->minor_code);
    return 0;
}

} // namespace

X11WindowWatch::X11WindowWatch()
{
    rearm();
}

void X11WindowWatch::rearm()
{
    if (glfwGetX11Display() != nullptr)
        XSetErrorHandler(noteXError);
}

bool X11WindowWatch::windowDestroyed() const
{
    return destroyedFlag().load();
}

} // namespace pbd::app
