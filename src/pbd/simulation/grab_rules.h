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

/// A grab radius: finite, more than 0 up to kMaxGrabRadius metres.
inline bool grabRadius(double r) { return std::isfinite(r) && r > 0.0 && r <= kMaxGrabRadius; }

/// Why a saved area grab cannot be restored on a cloth of `n` particles (`single`: the state
/// holds a single-particle grab too), or nothing.
std::optional<std::string> checkAreaGrab(const AreaGrab& grab, std::size_t n, bool single);

} // namespace pbd::detail
