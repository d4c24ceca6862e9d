#include "platform/x11_touch.h"

#define GLFW_EXPOSE_NATIVE_X11
#include <GLFW/glfw3.h>
#include <GLFW/glfw3native.h>
#include <X11/Xlib.h>
#include <X11/extensions/XInput2.h>

namespace pbd::app {
namespace {

/// Ignores X errors while selecting: a refused selection (another client already owns touch
/// events on the window) must only mean "no touch", not the end of the process.
int ignoreXError(Display*, XErrorEvent*) { return 0; }

void setMask(std::vector<unsigned char>& bits, int event)
{
    bits[static_cast<std::size_t>(event >> 3)] |= static_cast<unsigned char>(1u << (event & 7));
}

} // namespace

struct X11Touch::State {
    Display* display = nullptr; ///< our own connection
    int opcode = 0;             ///< XInputExtension major opcode
};

X11Touch::X11Touch(GLFWwindow* window) : state_(std::make_unique<State>())
{
    Display* glfwDisplay = glfwGetX11Display();
    const ::Window xwindow = glfwGetX11Window(window);
    if (glfwDisplay == nullptr || xwindow == 0)
        return; // not running on X11
    Display* display = XOpenDisplay(DisplayString(glfwDisplay));
    if (display == nullptr)
        return;
    int event = 0, error = 0;
    int major = 2, minor = 4;
    if (!XQueryExtension(display, "XInputExtension", &state_->opcode, &event, &error) ||
        XIQueryVersion(display, &major, &minor) != Success ||
        (major == 2 && minor < 2)) {
        XCloseDisplay(display);
        return;
    }
    [[maybe_unused]] const bool pinch = major > 2 || minor >= 4;

    std::vector<unsigned char> bits(XIMaskLen(XI_LASTEVENT), 0);
    setMask(bits, XI_TouchBegin);
    setMask(bits, XI_TouchUpdate);
    setMask(bits, XI_TouchEnd);
#ifdef XI_GesturePinchBegin
    if (pinch) {
        setMask(bits, XI_GesturePinchBegin);
        setMask(bits, XI_GesturePinchUpdate);
        setMask(bits, XI_GesturePinchEnd);
    }
#endif
    XIEventMask mask;
    mask.deviceid = XIAllMasterDevices;
    mask.mask_len = static_cast<int>(bits.size());
    mask.mask = bits.data();

    XSync(display, False);
    auto* previous = XSetErrorHandler(ignoreXError);
    XISelectEvents(display, xwindow, &mask, 1); // refused: simply no touch events
    XSync(display, False);
    XSetErrorHandler(previous);

    state_->display = display;
}

X11Touch::~X11Touch()
{
    if (state_->display != nullptr)
        XCloseDisplay(state_->display);
}

std::vector<TouchEvent> X11Touch::poll()
{
    std::vector<TouchEvent> events;
    Display* display = state_->display;
    if (display == nullptr)
        return events;
    while (XPending(display) > 0) {
        XEvent xevent;
        XNextEvent(display, &xevent);
        XGenericEventCookie* cookie = &xevent.xcookie;
        if (cookie->type != GenericEvent || cookie->extension != state_->opcode ||
            !XGetEventData(display, cookie))
            continue;
        switch (cookie->evtype) {
        case XI_TouchBegin:
        case XI_TouchUpdate:
        case XI_TouchEnd: {
            const auto* e = static_cast<const XIDeviceEvent*>(cookie->data);
            const TouchEvent::Kind kind = cookie->evtype == XI_TouchBegin ? TouchEvent::Kind::Begin
                                          : cookie->evtype == XI_TouchEnd ? TouchEvent::Kind::End
                                                                          : TouchEvent::Kind::Update;
            events.push_back({kind, e->detail, {e->event_x, e->event_y}, 1.0});
            break;
        }
#ifdef XI_GesturePinchBegin
        case XI_GesturePinchBegin:
        case XI_GesturePinchUpdate:
        case XI_GesturePinchEnd: {
            const auto* e = static_cast<const XIGesturePinchEvent*>(cookie->data);
            const TouchEvent::Kind kind =
                cookie->evtype == XI_GesturePinchBegin ? TouchEvent::Kind::PinchBegin
                : cookie->evtype == XI_GesturePinchEnd ? TouchEvent::Kind::PinchEnd
                                                       : TouchEvent::Kind::PinchUpdate;
            events.push_back({kind, 0, {e->event_x, e->event_y}, e->scale});
            break;
        }
#endif
        default:
            break;
        }
        XFreeEventData(display, cookie);
    }
    return events;
}

} // namespace pbd::app
