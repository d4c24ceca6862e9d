#pragma once
/// \file
/// The throw's trail: where a dragged grab point was at recent pointer events, and the
/// pointer's mean velocity over the last moments before a release. Written once for both
/// dimensions (the 2D hand and the 3D hand in its camera-facing plane).

#include <algorithm>
#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

#include "pbd/vec.h"

namespace pbd::app {

/// Samples (clock seconds, world metres) of a drag, newest last, and the polls of the window
/// system's events that saw the pointer still.
///
/// The clock is the one the app handles events by, not the window system's (GLFW gives no
/// event times): a frame slower than the throw window between the last move and the release
/// would look like a pointer that rested. So a rest is judged by the polls the app made: the
/// pointer rested until the latest poll after the newest sample in which nothing moved it (a
/// quiet poll); a release handled in the poll right after a move rested not at all.
template <glm::length_t D>
class ThrowTrailOf {
public:
    /// A throw takes the pointer's velocity over this many seconds before the release.
    static constexpr double kWindow = 0.05;

    void clear()
    {
        samples_.clear();
        moved_ = false;
        stillUntil_.reset();
    }
    /// The grab point is at `world` at clock time `now`. Keeps what the throw window needs:
    /// the samples inside it and the last one before it.
    void note(double now, Vec<D> world)
    {
        while (samples_.size() >= 2 && samples_[1].first < now - kWindow)
            samples_.erase(samples_.begin());
        samples_.emplace_back(now, world);
        moved_ = true;
        stillUntil_.reset();
    }
    /// The window system's events were handled at `now`: if none of them moved the grab
    /// point, the pointer was still until then.
    void polled(double now)
    {
        if (!moved_ && !samples_.empty())
            stillUntil_ = now;
        moved_ = false;
    }
    /// The pointer's mean velocity (m/s) over the last kWindow seconds before it was last
    /// known to be where it let go: the newest sample, or the latest quiet poll after it
    /// (`now` is the release's handling time, which bounds both). From the sample at or just
    /// before the window's start to the newest one. A pointer that rested for the whole
    /// window throws nothing.
    Vec<D> velocity(double now) const
    {
        if (samples_.size() < 2)
            return Vec<D>(0.0);
        const auto& [t1, p1] = samples_.back();
        const double end = std::min(now, std::max(t1, stillUntil_.value_or(t1)));
        if (t1 < end - kWindow)
            return Vec<D>(0.0);
        std::size_t first = 0;
        while (first + 1 < samples_.size() && samples_[first + 1].first <= end - kWindow)
            ++first;
        const auto& [t0, p0] = samples_[first];
        const double dt = std::max(end, t1) - t0;
        return dt > 0.0 ? (p1 - p0) / dt : Vec<D>(0.0);
    }

private:
    std::vector<std::pair<double, Vec<D>>> samples_;
    bool moved_ = false;               ///< a sample since the last poll
    std::optional<double> stillUntil_; ///< the latest quiet poll after the newest sample
};

} // namespace pbd::app
