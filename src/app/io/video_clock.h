#pragma once
/// \file
/// The video's clock: a frame every kVideoFrameSeconds of simulated time, whatever the
/// display's rate, so that a video of N frames at kVideoFps covers N / kVideoFps seconds of
/// simulated time and plays at the cloth's own speed. The frame loop asks after each drawn
/// frame how many video frames it stands for: none while the simulation stands still or steps
/// less than a frame's interval, several (the same picture repeated) when a display frame
/// steps over more than one.

namespace pbd::app {

inline constexpr int kVideoFps = 30;                           ///< the video file's frame rate
inline constexpr double kVideoFrameSeconds = 1.0 / kVideoFps;  ///< simulated seconds per frame

/// Counts video frames against simulated time.
class VideoClock {
public:
    /// The video starts at simulated time `time` (s): its first frame is due.
    void start(double time);
    /// The drawn frame shows simulated time `time` (s): returns how many video frames it
    /// stands for. Time that goes back (restart, undo, load) starts counting from there,
    /// adding nothing; a non-finite time adds nothing.
    int framesFor(double time);
    /// Simulated seconds covered so far (the sum of the forward steps since start).
    double covered() const { return covered_; }
    /// Video frames counted so far.
    long long frames() const { return frames_; }

private:
    double last_ = 0.0;    ///< the simulated time of the last call
    double covered_ = 0.0; ///< simulated seconds since start, going forward only
    long long frames_ = 0; ///< frames handed out
    bool started_ = false;
};

} // namespace pbd::app
