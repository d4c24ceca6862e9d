#pragma once
// The "balls" array of state (and scene) files, in DESIGN.md's object form:
// {"x", "y", "vx", "vy", "radius", "mass"} (m, m/s, kg), and "held": true for the ball a
// grab holds (written only then). Private to the core.

#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "pbd/ball.h"
#include "pbd/state_file.h"

namespace pbd::detail {

/// The balls as a JSON array (a held ball with "held": true).
nlohmann::json ballsToJson(const std::vector<Ball>& balls);

/// Reads the "balls" member of `in`: absent (none) or an array of ball objects, each checked
/// (checkBall(), at most kMaxBalls). Refusals name the field, e.g. "balls[0].radius: ...".
std::optional<StateError> ballsFromJson(const nlohmann::json& in, std::vector<Ball>& out);
/// The same for the 3D world's balls (world3_json.cpp).
nlohmann::json ballsToJson(const std::vector<BallOf<3>>& balls);
std::optional<StateError> ballsFromJson(const nlohmann::json& in, std::vector<BallOf<3>>& out);

} // namespace pbd::detail
