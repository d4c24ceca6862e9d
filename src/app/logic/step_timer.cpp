#include "logic/step_timer.h"

namespace pbd::app {

void StepTimer::add(double milliseconds)
{
    // Accumulate, and every kWindow steps publish the mean and start over.
    sum_ += milliseconds;
    ++count_;
    if (count_ == kWindow) {
        mean_ = sum_ / static_cast<double>(count_);
        sum_ = 0.0;
        count_ = 0;
    }
}

void StepTimer::reset()
{
    sum_ = 0.0;
    count_ = 0;
    mean_ = 0.0;
}

} // namespace pbd::app
