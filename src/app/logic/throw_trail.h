#pragma once
/// \file
/// The throw's trail: where a dragged grab point was at recent pointer events, and the
/// pointer's mean velocity over the last moments before a release. Written once for both
/// dimensions (the 2D hand and the 3D hand in its camera-facing plane).

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

#include "pbd/vec.h"

namespace pbd::app {

/// Samples (clock seconds, world metres) of a drag, newest last.
template <glm::length_t D>
class ThrowTrailOf {
public:
    /// A throw takes the pointer's velocity over this many seconds before the release.
    static constexpr double kWindow = 0.05;

    void clear() { samples_.clear(); }
    /// The grab point is at `world` at clock time `now`. Keeps what the throw window needs:
    /// the samples inside it and the last one before it.
    void note(double now, Vec<D> world)
    {
        while (samples_.size() >= 2 && samples_[1].first < now - kWindow)
            samples_.erase(samples_.begin());
        samples_.emplace_back(now, world);
    }
    /// The pointer's mean velocity (m/s) over the last kWindow seconds before `now`: from the
    /// sample at or just before the window's start to the newest one. A pointer that rested
    /// for the whole window throws nothing.
    Vec<D> velocity(double now) const
    {
        if (samples_.size() < 2)
            return Vec<D>(0.0);
        const auto& [t1, p1] = samples_.back();
        if (t1 < now - kWindow)
            return Vec<D>(0.0);
        std::size_t first = 0;
        while (first + 1 < samples_.size() && samples_[first + 1].first <= now - kWindow)
            ++first;
        const auto& [t0, p0] = samples_[first];
        const double dt = std::max(now, t1) - t0;
        return dt > 0.0 ? (p1 - p0) / dt : Vec<D>(0.0);
    }

private:
    std::vector<std::pair<double, Vec<D>>> samples_;
};

} // namespace pbd::app
