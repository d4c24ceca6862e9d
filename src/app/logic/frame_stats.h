#pragma once
/// \file
/// Where a frame's time goes: simulation, position upload, drawing, the ImGui panel and the
/// buffer swap, averaged over short windows for the panel and summed for the exit summary.

#include <cstddef>

namespace pbd::app {

/// Wall-clock milliseconds of one frame's phases (or their sums or means).
struct FrameTimes {
    double simulation = 0.0; ///< the frame's simulation steps
    double upload = 0.0;     ///< positions converted to float and streamed to the GPU (or,
                             ///< with the GPU solver, its buffer bound: no copy)
    double draw = 0.0;       ///< the canvas's draw calls (issued; the GPU may finish later)
    double interface = 0.0;  ///< ImGui: new frame, the panel, its commits, its rendering
    double swap = 0.0;       ///< glfwSwapBuffers: where the driver waits for the GPU / vsync

    /// The sum of the phases.
    double total() const { return simulation + upload + draw + interface + swap; }
    /// Adds `other` phase by phase.
    FrameTimes& operator+=(const FrameTimes& other);
    /// Every phase multiplied by `factor`.
    FrameTimes scaled(double factor) const;
};

/// Collects FrameTimes per frame. The panel shows means over the last completed window of
/// kWindow frames (steady numbers, refreshed about twice a second at 60 Hz); the exit summary
/// uses the sums over the whole run. No allocation.
class FrameStats {
public:
    static constexpr std::size_t kWindow = 30; ///< frames per published mean

    /// Records one frame: its phases and the wall-clock milliseconds since the previous frame
    /// started (its period, pacing and waiting included; ignored when not positive).
    void add(const FrameTimes& times, double periodMilliseconds);
    /// Forgets the frame period in progress (after the window was hidden: the pause is not a
    /// frame); the sums stay.
    void restartWindow();

    /// The phases' means over the last completed window (zero before the first).
    const FrameTimes& mean() const { return mean_; }
    /// Frames per second over the last completed window: kWindow / its summed periods (0
    /// before the first).
    double framesPerSecond() const { return framesPerSecond_; }
    /// The phases summed over every frame recorded.
    const FrameTimes& sum() const { return sum_; }
    /// Frames recorded.
    long long frames() const { return frames_; }
    /// Frames per second over every recorded period (hidden spells excluded; 0 without any).
    double overallFramesPerSecond() const
    {
        return periodSum_ > 0.0 ? 1000.0 * static_cast<double>(periods_) / periodSum_ : 0.0;
    }

private:
    FrameTimes windowSum_;
    double windowPeriod_ = 0.0;
    std::size_t windowFrames_ = 0;
    FrameTimes mean_;
    double framesPerSecond_ = 0.0;
    FrameTimes sum_;
    long long frames_ = 0;
    double periodSum_ = 0.0;
    long long periods_ = 0;
};

} // namespace pbd::app
