#pragma once
/// \file
/// The window watch's service of the frame loop: the X server destroying the window under
/// the app (platform/x11_window_watch.h) ends the run as if it had been closed, said once.

#include "platform/x11_window_watch.h"

namespace pbd::app {

class WindowWatch {
public:
    /// Once per loop turn, before the window is used: rearms the handler; true (said on
    /// stderr) when the window is gone.
    bool tick()
    {
        watch_.rearm();
        return gone();
    }
    /// True (said on stderr) when the X server destroyed the window.
    bool gone() const;
    /// The X server destroyed the window (nothing said).
    bool destroyed() const { return watch_.windowDestroyed(); }

private:
    X11WindowWatch watch_;
};

} // namespace pbd::app
