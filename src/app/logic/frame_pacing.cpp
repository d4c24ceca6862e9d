#include "logic/frame_pacing.h"

#include <thread>

namespace pbd::app {

void FramePacing::start()
{
    nextFrame_ = Clock::now();
    lastActivity_ = nextFrame_;
    framesSinceActivity_ = 0;
}

bool FramePacing::settled(Clock::time_point now) const
{
    return std::chrono::duration<double>(now - lastActivity_).count() > kSettleSeconds &&
           framesSinceActivity_ >= kSettleFrames;
}

double FramePacing::beginFrame(Clock::time_point start, bool first)
{
    const double period =
        first || resumed_
            ? 0.0
            : std::chrono::duration<double, std::milli>(start - lastFrameStart_).count();
    lastFrameStart_ = start;
    resumed_ = false;
    if (framesSinceActivity_ < kSettleFrames)
        ++framesSinceActivity_;
    return period;
}

void FramePacing::pace(double refreshRate)
{
    const auto period = std::chrono::duration_cast<Clock::duration>(
        std::chrono::duration<double>(1.0 / refreshRate));
    const Clock::time_point now = Clock::now();
    nextFrame_ += period;
    if (nextFrame_ > now)
        std::this_thread::sleep_until(nextFrame_);
    else
        nextFrame_ = now; // fell behind: do not try to catch up
}

} // namespace pbd::app
