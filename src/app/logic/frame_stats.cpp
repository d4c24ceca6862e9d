#include "logic/frame_stats.h"

namespace pbd::app {

FrameTimes& FrameTimes::operator+=(const FrameTimes& other)
{
    simulation += other.simulation;
    upload += other.upload;
    draw += other.draw;
    interface += other.interface;
    swap += other.swap;
    return *this;
}

FrameTimes FrameTimes::scaled(double factor) const
{
    return {simulation * factor, upload * factor, draw * factor, interface * factor,
            swap * factor};
}

void FrameStats::add(const FrameTimes& times, double periodMilliseconds)
{
    sum_ += times;
    ++frames_;
    windowSum_ += times;
    if (periodMilliseconds > 0.0) {
        windowPeriod_ += periodMilliseconds;
        periodSum_ += periodMilliseconds;
        ++periods_;
    }
    if (++windowFrames_ < kWindow)
        return;
    mean_ = windowSum_.scaled(1.0 / static_cast<double>(kWindow));
    framesPerSecond_ =
        windowPeriod_ > 0.0 ? 1000.0 * static_cast<double>(kWindow) / windowPeriod_ : 0.0;
    windowSum_ = {};
    windowPeriod_ = 0.0;
    windowFrames_ = 0;
}

void FrameStats::restartWindow()
{
    windowSum_ = {};
    windowPeriod_ = 0.0;
    windowFrames_ = 0;
}

} // namespace pbd::app
