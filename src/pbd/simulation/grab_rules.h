#pragma once
// What an area grab may be: the coordinates and radius Simulation::grabArea and a restored
// state accept. Private to the core.

#include <cmath>
#include <cstddef>
#include <optional>
#include <string>

#include "pbd/simulation.h"

namespace pbd::detail {

/// A grab point's coordinate: finite, within +-kMaxGrabCoordinate metres.
inline bool grabCoordinate(double v) { return std::isfinite(v) && std::abs(v) <= kMaxGrabCoordinate; }

/// A grab point: every coordinate a grabCoordinate().
template <glm::length_t D>
inline bool grabPoint(const Vec<D>& p)
{
    for (glm::length_t c = 0; c < D; ++c)
        if (!grabCoordinate(p[c]))
            return false;
    return true;
}

/// Whether every component is finite.
template <glm::length_t D>
inline bool finiteVector(const Vec<D>& v)
{
    for (glm::length_t c = 0; c < D; ++c)
        if (!std::isfinite(v[c]))
            return false;
    return true;
}

/// A grab radius: finite, more than 0 up to kMaxGrabRadius metres.
inline bool grabRadius(double r) { return std::isfinite(r) && r > 0.0 && r <= kMaxGrabRadius; }

/// Why a saved area grab cannot be restored on a cloth of `n` particles (`single`: the state
/// holds a single-particle grab too), or nothing.
template <glm::length_t D>
std::optional<std::string> checkAreaGrab(const AreaGrabOf<D>& grab, std::size_t n, bool single);

} // namespace pbd::detail
