#pragma once
/// \file
/// The frame loop's clock (App::run): whether the window may sleep until the next event, how
/// long the last frame period was, and holding the frame rate at the monitor's where the swap
/// does not wait for it. Owns the times it needs; the app tells it of input (noteActivity).
/// Free of GLFW: the app polls the events itself, waiting up to kIdleWakeSeconds while idle.

#include <chrono>

namespace pbd::app {

class FramePacing {
public:
    using Clock = std::chrono::steady_clock;
    /// After the last input, keep drawing this long before idling (ImGui's hover and tooltip
    /// changes need a few frames), in seconds,
    static constexpr double kSettleSeconds = 1.0;
    /// and at least this many frames, however long they take (a loaded machine's first
    /// frames can take a second between them).
    static constexpr int kSettleFrames = 3;
    /// While idle, wake this often to read touch events (they arrive on their own X
    /// connection, which glfwWaitEvents does not watch), in seconds.
    static constexpr double kIdleWakeSeconds = 0.25;

    /// The loop starts: the first frame is due now and counts as input.
    void start();
    /// Something happened that needs frames drawn (input, expose, resize).
    void noteActivity()
    {
        lastActivity_ = Clock::now();
        framesSinceActivity_ = 0;
    }
    /// No input for kSettleSeconds (at `now`) and kSettleFrames frames begun since.
    bool settled(Clock::time_point now = Clock::now()) const;
    /// A turn without a frame (the window hidden, or idle): the spell is no frame period.
    void skip() { resumed_ = true; }
    /// A frame starts at `start`; returns the frame period in milliseconds since the last
    /// frame's start, 0 for the `first` frame and after a skipped spell.
    double beginFrame(Clock::time_point start, bool first);
    /// With working vsync the swap already waited for the display. Where it does not wait
    /// (Xvfb, vsync forced off) sleeps until the next frame is due at `refreshRate` Hz, so
    /// that the cloth moves at its intended speed and the CPU is not spun for frames nobody
    /// sees; a frame that fell behind does not try to catch up.
    void pace(double refreshRate);

private:
    Clock::time_point nextFrame_{};
    Clock::time_point lastFrameStart_{};
    Clock::time_point lastActivity_{};
    bool resumed_ = false; ///< the window was hidden or idle since the last frame
    int framesSinceActivity_ = kSettleFrames; ///< frames begun since the last input
};

} // namespace pbd::app
