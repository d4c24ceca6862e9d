#include "logic/stepping.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace pbd::app {

Stepping::Stepping(Clock clock) : clock_(std::move(clock)) {}

void Stepping::setMode(SteppingMode mode, double speed)
{
    if (mode != mode_ || speed != speed_)
        owed_ = 0.0;
    mode_ = mode;
    speed_ = speed;
}

void Stepping::setFramePeriod(double seconds)
{
    if (seconds > 0.0 && std::isfinite(seconds))
        framePeriod_ = seconds;
}

void Stepping::setDrawCost(double seconds)
{
    if (!(seconds > 0.0) || !std::isfinite(seconds))
        return;
    // A quarter of the way to each new frame: one slow frame (a screenshot, a resize) moves
    // the budget a little, a lasting change (a bigger cloth, another draw mode) within a few.
    drawCost_ = drawCost_ > 0.0 ? drawCost_ + 0.25 * (seconds - drawCost_) : seconds;
}

double Stepping::budget() const
{
    return std::max(kBudgetFraction * framePeriod_, drawCost_ - framePeriod_ / 3.0);
}

double Stepping::wallSinceLastFrame()
{
    const double now = clock_();
    const double gap = started_ ? std::clamp(now - lastFrame_, 0.0, kMaxFrameGap) : 0.0;
    started_ = true;
    lastFrame_ = now;
    return gap;
}

void Stepping::idleFrame()
{
    wallSinceLastFrame();
    owed_ = 0.0;
}

int Stepping::runFrame(double dt, const std::function<void()>& step)
{
    const bool first = !started_; // no wall-clock time to measure against yet
    const double wall = wallSinceLastFrame();
    // Debt carries over; unused credit does not, so a quick frame cannot fund a later burst.
    credit_ = std::min(credit_ + budget(), budget());
    int wanted = kPageStepsPerFrame;
    if (mode_ == SteppingMode::RealTime) {
        owed_ += wall * speed_;
        wanted = static_cast<int>(std::min<double>(std::floor(owed_ / dt), kMaxStepsPerFrame));
    }
    int taken = 0;
    while (taken < wanted && credit_ > 0.0) {
        const double start = clock_();
        step();
        const double cost = clock_() - start;
        // A step that the system stretched (the thread preempted on a busy machine) is
        // charged at most kOutlierFactor times the usual cost, so that one hiccup does not cut
        // a frame's steps; a lasting change (more iterations) soon moves the usual cost.
        credit_ -= typicalCost_ > 0.0 ? std::min(cost, kOutlierFactor * typicalCost_) : cost;
        typicalCost_ = typicalCost_ > 0.0 ? typicalCost_ + 0.25 * (cost - typicalCost_) : cost;
        ++taken;
    }
    const bool cut = taken < wanted;
    if (mode_ == SteppingMode::RealTime) {
        owed_ -= taken * dt;
        if (cut || owed_ >= dt) // what could not be stepped now is dropped, not caught up
            owed_ = std::fmod(std::max(owed_, 0.0), dt);
    }

    if (!first)
        account(wall, taken, dt, cut);
    return taken;
}

void Stepping::offThreadFrame(int finished, double dt)
{
    const bool first = !started_;
    const double wall = wallSinceLastFrame();
    owed_ = 0.0; // steps off the thread cannot keep up by definition: nothing is owed
    credit_ = 0.0;
    if (!first)
        account(wall, finished, dt, true);
}

void Stepping::account(double wall, int taken, double dt, bool cut)
{
    totalSimulated_ += taken * dt;
    totalWall_ += wall;
    windowSimulated_ += taken * dt;
    windowWall_ += wall;
    windowSteps_ += taken;
    ++windowFrames_;
    windowCut_ = windowCut_ || cut;
    if (windowWall_ >= kWindowSeconds) {
        ratio_ = windowSimulated_ / windowWall_;
        stepsPerFrame_ = static_cast<double>(windowSteps_) / static_cast<double>(windowFrames_);
        behind_ = windowCut_;
        windowSimulated_ = windowWall_ = 0.0;
        windowSteps_ = windowFrames_ = 0;
        windowCut_ = false;
    }
}

std::string Stepping::status() const
{
    if (!behind_)
        return {};
    char text[96];
    if (mode_ == SteppingMode::RealTime)
        std::snprintf(text, sizeof text, "running at %.2gx real time (asked %gx)", ratio_,
                      speed_);
    else
        std::snprintf(text, sizeof text, "running at %.2gx real time (%.2g of %d steps per frame)",
                      ratio_, stepsPerFrame_, kPageStepsPerFrame);
    return text;
}

} // namespace pbd::app
