#pragma once
/// \file
/// The panel's "Time per sim. step": the mean of the last 50 steps, refreshed every 50 steps
/// (the page's mainLoop does the same).

#include <cstddef>

namespace pbd::app {

/// Averages step durations over consecutive windows of kWindow steps: the value shown is the
/// mean of the last complete window.
class StepTimer {
public:
    static constexpr std::size_t kWindow = 50; ///< steps per published mean

    /// Records one step's duration in milliseconds.
    void add(double milliseconds);
    /// The mean of the last completed window of kWindow steps (0 before the first).
    double meanMilliseconds() const { return mean_; }
    /// Forgets everything (on restart).
    void reset();

private:
    double sum_ = 0.0;
    std::size_t count_ = 0;
    double mean_ = 0.0;
};

} // namespace pbd::app
