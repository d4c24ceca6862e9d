#include "gui/window_watch.h"

#include <cstdio>

namespace pbd::app {

bool WindowWatch::gone() const
{
    if (!watch_.windowDestroyed())
        return false;
    std::fprintf(stderr, "pbd-cloth: the window was closed (destroyed by another program); "
                         "ending\n");
    return true;
}

} // namespace pbd::app
