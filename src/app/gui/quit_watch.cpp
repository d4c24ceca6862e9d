#include "gui/quit_watch.h"

#include <cstdio>

#include "logic/controller.h"

namespace pbd::app {

void QuitWatch::tick(Controller& controller)
{
    if (const int signal = signals_.received(); controller.quitOnSignal(signal)) {
        // As Ctrl+Q from here: the last frame, then App::finish() (recording, exit outputs,
        // summary), which writes the autosave once more and keeps it.
        std::fprintf(stderr, "pbd-cloth: %s received; ending as Ctrl+Q does\n",
                     QuitSignals::name(signal));
        interrupted_ = true;
    }
}

} // namespace pbd::app
