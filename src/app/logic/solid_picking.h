#pragma once
/// \file
/// The 3D hand's picking of the world, GL-free: the ray under the cursor against the
/// obstacles' and balls' solids, so that a left press on a sphere, box, capsule or ball drags
/// it (logic/world_drag.h) as the 2D hand drags a shape under the pointer.

#include <optional>
#include <span>

#include <glm/vec3.hpp>

#include "logic/orbit_camera.h"
#include "logic/world_picking.h"
#include "pbd/ball.h"
#include "pbd/obstacle3.h"

namespace pbd::app {

/// Where a ray first meets a solid of the world.
struct SolidHit {
    WorldItem item;          ///< the obstacle or ball
    double distance = 0.0;   ///< along the ray from its origin, m
    glm::dvec3 point{0.0};   ///< the hit point on its surface, m
};

/// The signed distance (m) from `point` to the obstacle's surface, negative inside: exact for
/// a sphere, a capsule and a turned box; the ground and planes' distance to their plane.
double solidDistance(const Obstacle3& obstacle, glm::dvec3 point);

/// The first sphere, box or capsule obstacle or ball that `ray` meets in front of its origin
/// (sphere tracing of solidDistance, to 1e-6 of the distance travelled); ties go to obstacles
/// before balls and lower indices. The ground and planes are never picked (they lie under
/// every press that misses the rest), nor a solid the ray starts inside.
std::optional<SolidHit> castRaySolids(const Ray3& ray, std::span<const Obstacle3> obstacles,
                                      std::span<const BallOf<3>> balls);

} // namespace pbd::app
