#pragma once
/// \file
/// The obstacles' drawn geometry, GL-free: each circle, box and capsule as a convex outline
/// (circle segments from its radius on screen), the ground as its half-plane clipped to the
/// view, and all of them as coloured triangles (the fill) and line pairs (the outline) in
/// world metres, ready to upload (render/renderer_obstacles.cpp draws them).

#include <array>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include <glm/vec2.hpp>

#include "logic/view_culling.h"
#include "logic/world_picking.h"
#include "pbd/ball.h"
#include "pbd/obstacle.h"

namespace pbd::app {

/// Fewest and most segments of a drawn circle (a capsule's two caps share the count).
inline constexpr int kMinCircleSegments = 16;
inline constexpr int kMaxCircleSegments = 128;
/// About this many window pixels per segment of a circle's outline.
inline constexpr double kCircleSegmentPixels = 6.0;

/// Segments of a circle of `radiusPixels` window pixels on screen: one per
/// kCircleSegmentPixels of its circumference, within [kMinCircleSegments, kMaxCircleSegments]
/// (the least for a non-finite or non-positive radius).
int circleSegments(double radiusPixels);

/// The outline of a circle, box or capsule as a convex polygon, counter-clockwise, in metres:
/// a circle's `segments` points on its radius; a box's four corners turned by its angle; a
/// capsule's two half circles of `segments / 2` + 1 points each around its ends. Empty for a
/// ground (see groundPolygon).
std::vector<glm::dvec2> obstacleOutline(const Obstacle& obstacle, int segments);

/// The part of a ground's half-plane (solid opposite its normal (-sin, cos)) inside `view`,
/// as a convex polygon, counter-clockwise; empty when none of the view is solid.
std::vector<glm::dvec2> groundPolygon(const Obstacle& ground, const WorldRect& view);
/// The ground's surface line clipped to `view`, or nothing when it misses the view.
std::optional<std::pair<glm::dvec2, glm::dvec2>> groundSurface(const Obstacle& ground,
                                                               const WorldRect& view);

/// The box around a circle, box or capsule (metres); empty (min > max) for a ground.
WorldRect obstacleBounds(const Obstacle& obstacle);

/// What a fit frames: the cloth's bulk `cloth` grown to hold each circle, box and capsule
/// whose box meets it grown by kTouchReach of its larger side (those the cloth hangs on,
/// rests on or is about to reach). A ground (an infinite half-plane) and far obstacles
/// leave it as it is; an empty `cloth` stays empty.
WorldRect frameWithObstacles(const WorldRect& cloth, std::span<const Obstacle> obstacles);
/// How far beyond the cloth's bulk an obstacle still counts as touching it, as a fraction of
/// the bulk's larger side.
inline constexpr double kTouchReach = 0.1;
/// What a scene's fit frames (its world is part of the picture, and its cloth will move):
/// the cloth's bulk `cloth` grown to hold every circle, box and capsule, and of each ground
/// the point of its surface nearest the bulk's centre (where a cloth dropped on it lands);
/// then grown on every side by kSceneRoom of its larger side. An empty `cloth` stays empty.
WorldRect frameWorld(const WorldRect& cloth, std::span<const Obstacle> obstacles);
/// The room frameWorld() leaves around a scene, as a fraction of its larger side: the `drop`
/// scene's cloth slides 2.5 m down its slope from a 3 m square 1 m above the ground, and the
/// `flag` flaps up and down by about half its length.
inline constexpr double kSceneRoom = 0.5;

/// One vertex as the axes' program reads it: world metres and a colour.
struct ObstacleVertex {
    float x = 0.0f, y = 0.0f;    ///< metres
    float r = 0.0f, g = 0.0f, b = 0.0f;
};

/// What draws the obstacles: the fills as triangles, the outlines as line pairs.
struct ObstacleMesh {
    std::vector<ObstacleVertex> fill;    ///< triangles
    std::vector<ObstacleVertex> outline; ///< segments (pairs)
    void clear()
    {
        fill.clear();
        outline.clear();
    }
};

/// The obstacles' fill colour (a neutral warm grey: lighter than the cloth's #666 lines, far
/// from its blues) and their outline's (darker), as RGB in [0, 1].
inline constexpr std::array<float, 3> kObstacleFill{0xC9 / 255.0f, 0xC2 / 255.0f, 0xB6 / 255.0f};
inline constexpr std::array<float, 3> kObstacleOutline{0x6E / 255.0f, 0x66 / 255.0f,
                                                       0x5A / 255.0f};

/// The balls' fill (a terracotta, apart from the obstacles' grey and the cloth's blues) and
/// outline; the selected item's lighter fills and its 3-pixel orange ring.
inline constexpr std::array<float, 3> kBallFill{0xD0 / 255.0f, 0x8A / 255.0f, 0x6A / 255.0f};
inline constexpr std::array<float, 3> kBallOutline{0x7A / 255.0f, 0x40 / 255.0f, 0x2A / 255.0f};
inline constexpr std::array<float, 3> kSelectedFill{0xE4 / 255.0f, 0xDA / 255.0f, 0xB0 / 255.0f};
inline constexpr std::array<float, 3> kSelectedBallFill{0xE8 / 255.0f, 0xA8 / 255.0f,
                                                        0x88 / 255.0f};
inline constexpr std::array<float, 3> kSelectedOutline{0xFF / 255.0f, 0x8C / 255.0f, 0.0f};

/// Replaces `mesh` with the obstacles, then the balls, in `view` (those whose box misses it
/// are skipped) at `zoom` window pixels per metre; the `selected` one highlighted.
void buildWorldMesh(std::span<const Obstacle> obstacles, std::span<const Ball> balls,
                    std::optional<WorldItem> selected, const WorldRect& view, double zoom,
                    ObstacleMesh& mesh);

/// Replaces `mesh` with the obstacles in `view` (those whose box misses it are skipped) at
/// `zoom` window pixels per metre (which sets the circles' segments).
void buildObstacleMesh(std::span<const Obstacle> obstacles, const WorldRect& view, double zoom,
                       ObstacleMesh& mesh);

} // namespace pbd::app
