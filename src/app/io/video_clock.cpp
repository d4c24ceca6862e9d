#include "io/video_clock.h"

#include <cmath>

namespace pbd::app {

void VideoClock::start(double time)
{
    last_ = std::isfinite(time) ? time : 0.0;
    covered_ = 0.0;
    frames_ = 0;
    started_ = true;
}

int VideoClock::framesFor(double time)
{
    if (!started_)
        start(time);
    if (std::isfinite(time)) {
        if (time > last_)
            covered_ += time - last_;
        last_ = time;
    }
    // Frame k shows the first drawn state at or after k intervals: k = 0 .. floor(covered /
    // interval) are due. The small tolerance keeps steps that sum to a whole interval in
    // rounding (8 x 0.005 s against 1/25 s) from falling a frame short.
    const long long due =
        static_cast<long long>(std::floor(covered_ / kVideoFrameSeconds + 1e-9)) + 1;
    const long long add = due > frames_ ? due - frames_ : 0;
    frames_ += add;
    return static_cast<int>(add);
}

} // namespace pbd::app
