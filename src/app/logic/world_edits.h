#pragma once
/// \file
/// The World section's edits as commands, so that recordings replay them and undo takes them
/// back: default obstacles and balls at a point, clearing the world, and a scene's world put
/// in place after a restart.
///
/// A scene chosen in the panel is played with the event lines that exist (no `scene` line):
/// its settings as a `set`, a `restart`, the world left by the restart removed, the scene's
/// obstacles added (`obstacle SPEC`) and its pins made (`pin` / `unpin`). The history takes
/// them as one action (pbd/history.h), and the app's Restart plays the scene's part again
/// after its own restart, so that R brings the chosen scene back.

#include <optional>
#include <type_traits>

#include <glm/vec2.hpp>

#include "logic/input.h"
#include "pbd/scene.h"
#include "pbd/simulation.h"

namespace pbd::app {

/// The World section's default sizes, in metres (and kilograms): the page's cloth is 7.8 m
/// wide, its cells 0.2 m.
inline constexpr double kNewCircleRadius = 0.5;
inline constexpr double kNewBoxWidth = 1.2;
inline constexpr double kNewBoxHeight = 0.4;
inline constexpr double kNewCapsuleLength = 1.6;
inline constexpr double kNewCapsuleRadius = 0.1;
inline constexpr double kNewBallRadius = 0.3;
inline constexpr double kNewBallMass = 1.0;

/// The least gap, in CSS pixels, between a new shape and the cloth or another shape.
inline constexpr double kNewGapPixels = 12.0;

/// How far a new obstacle of `shape` reaches from its centre (its bounding circle), m.
double newReach(ObstacleShape shape);

/// A new obstacle of `shape` (not Ground) centred on `centre`, of the default size, as its
/// spec reads back (what a recording's `obstacle` line gives).
Obstacle newObstacle(ObstacleShape shape, glm::dvec2 centre);
/// A new ball at rest at `centre`, of the default size, as `ball X Y R MASS` reads back.
Ball newBall(glm::dvec2 centre);

/// Removes every obstacle and ball, the last first (one command each), in D dimensions.
template <glm::length_t D>
void clearWorld(const SimulationOf<D>& simulation,
                const std::type_identity_t<IssueCommandOf<D>>& issue);
/// Removes the obstacle or ball `item` (the World section's "Remove selected"), one command,
/// in D dimensions.
template <glm::length_t D>
void removeWorldItem(const WorldItem& item, const std::type_identity_t<IssueCommandOf<D>>& issue);
/// After a restart: replaces the world with the scene's (clearWorld, then its obstacles as
/// their specs read back) and pins what the scene pins (its `pinned`, else the fixed
/// corners), unpinning the rest.
void placeScene(const Simulation& simulation, const Scene& scene, const IssueCommand& issue);
/// The scene's settings with the current solver, threads and GPU precision kept (how the
/// machine steps is not the scene's).
Settings sceneSettings(const Scene& scene, const Settings& current);

} // namespace pbd::app
