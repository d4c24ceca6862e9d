#pragma once
/// \file
/// Survives the X server destroying the app's window under it (`xdotool windowclose`, a
/// window manager that kills windows): every later request naming the window fails with
/// BadWindow or BadDrawable, and Xlib's default error handler would end the process with
/// status 1 in the middle of a frame. This handler notes it instead; the app then ends as if
/// the window had been closed (status 0, the GPU solver's buffers freed).

namespace pbd::app {

/// Installs the error handler on GLFW's X connection. Xlib's error handler is one function
/// per process without a user pointer, so what it notes lives in one process-wide flag: the
/// one exception to "no global mutable state", forced by Xlib (and the app has one window).
class X11WindowWatch {
public:
    /// Needs GLFW initialised on X11, with the window open.
    X11WindowWatch();
    /// The handler stays installed until the display closes: GLFW's teardown still names
    /// the window (the errors it gets then are no longer fatal either).
    ~X11WindowWatch() = default;
    X11WindowWatch(const X11WindowWatch&) = delete;
    X11WindowWatch& operator=(const X11WindowWatch&) = delete;

    /// Installs the handler again (GLFW 3.3 puts Xlib's default handler back after some of
    /// its own calls). Once per frame, before the window is used.
    void rearm();
    /// True once the X server said that the window (or its drawable) no longer exists.
    bool windowDestroyed() const;
};

} // namespace pbd::app
