#pragma once
/// \file
/// --view-out's file also while the app runs, at most every kSeconds, so that a script waits
/// on the app's state (a refusal shown, a field being typed in) instead of sleeping.

#include <chrono>

namespace pbd::app {

class ViewOut {
public:
    /// Seconds between two writes while the app runs.
    static constexpr double kSeconds = 0.1;

    /// True when kSeconds have passed since the last write that was due (the first call
    /// after start too); the write is then taken as done.
    bool due()
    {
        const auto now = std::chrono::steady_clock::now();
        if (std::chrono::duration<double>(now - last_).count() < kSeconds)
            return false;
        last_ = now;
        return true;
    }

private:
    std::chrono::steady_clock::time_point last_{};
};

} // namespace pbd::app
