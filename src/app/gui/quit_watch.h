#pragma once
/// \file
/// The quit signals' service of the frame loop: SIGTERM, SIGINT and SIGHUP noted by
/// platform/quit_signals.h end the run as Ctrl+Q does, said once on stderr; the run then
/// counts as interrupted (the autosave is kept).

#include "platform/quit_signals.h"

namespace pbd::app {

class Controller;

class QuitWatch {
public:
    /// Once per loop turn, also while idle: a signal noted since asks `controller` to quit.
    void tick(Controller& controller);
    /// A quit signal ended the run.
    bool interrupted() const { return interrupted_; }

private:
    QuitSignals signals_;
    bool interrupted_ = false;
};

} // namespace pbd::app
