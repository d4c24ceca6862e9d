#pragma once
/// \file
/// --view-out's file also while the app runs, at most every kSeconds, so that a script waits
/// on the app's state (a refusal shown, a field being typed in) instead of sleeping; and once
/// more when the app stops drawing (idle, hidden), so that the file holds the last frame drawn
/// (a replay's end that paused it).

#include <chrono>

namespace pbd::app {

class ViewOut {
public:
    /// Seconds between two writes while the app runs.
    static constexpr double kSeconds = 0.1;

    /// True when kSeconds have passed since the last write that was due (the first call
    /// after start too); the write, after `frames` frames, is then taken as done.
    bool due(long long frames)
    {
        const auto now = std::chrono::steady_clock::now();
        if (std::chrono::duration<double>(now - last_).count() < kSeconds)
            return false;
        last_ = now;
        frames_ = frames;
        return true;
    }

    /// True when a frame was drawn since the last write (`frames` frames now, none before
    /// the first): the write is then taken as done.
    bool behind(long long frames)
    {
        if (frames == frames_)
            return false;
        last_ = std::chrono::steady_clock::now();
        frames_ = frames;
        return true;
    }

private:
    std::chrono::steady_clock::time_point last_{};
    long long frames_ = 0; ///< the frame count the last write held
};

} // namespace pbd::app
