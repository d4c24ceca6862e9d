#include "io/autosave_schedule.h"

namespace pbd::app {

AutosaveSchedule::AutosaveSchedule(double intervalSeconds, double now)
    : interval_(intervalSeconds), last_(now)
{
}

void AutosaveSchedule::taken(double now)
{
    last_ = now;
    changed_ = false;
}

} // namespace pbd::app
