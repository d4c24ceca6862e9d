#pragma once
// The "obstacles" array of state (and later scene) files, in DESIGN.md's object form:
// {"shape": "circle", "x", "y", "radius"}, {"shape": "box", "x", "y", "width", "height",
// "angle"}, {"shape": "capsule", "x1", "y1", "x2", "y2", "radius"}, {"shape": "ground", "x",
// "y", "angle"} (a point on its line; angles in degrees). Private to the core.

#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "pbd/obstacle.h"
#include "pbd/obstacle3.h"
#include "pbd/state_file.h"

namespace pbd::detail {

/// The obstacles as a JSON array; a scripted motion adds "vx" and "vy" (m/s), a pending
/// move (start pose not the pose now) "start": {"x", "y", "angle"}, so that a saved state
/// continues exactly.
nlohmann::json obstaclesToJson(const std::vector<Obstacle>& obstacles);

/// Reads the "obstacles" member of `in`: absent (none) or an array of obstacle objects, each
/// checked (checkObstacle(), at most kMaxObstacles). Refusals name the field, e.g.
/// "obstacles[2].radius: -1 is not allowed; ...".
std::optional<StateError> obstaclesFromJson(const nlohmann::json& in,
                                            std::vector<Obstacle>& out);
/// The same for the 3D world's shapes (world3_json.cpp).
nlohmann::json obstaclesToJson(const std::vector<Obstacle3>& obstacles);
std::optional<StateError> obstaclesFromJson(const nlohmann::json& in,
                                            std::vector<Obstacle3>& out);

} // namespace pbd::detail
