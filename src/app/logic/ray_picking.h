#pragma once
/// \file
/// The 3D hand's picking, GL-free: the ray under the cursor against the cloth's triangles
/// (the first hit, so that a fold's front layer is found, not one hidden behind it), and the
/// plane through the hit facing the camera that a grabbed particle is dragged in.

#include <cstdint>
#include <optional>
#include <span>

#include <glm/vec3.hpp>

#include "logic/orbit_camera.h"
#include "pbd/cloth.h"

namespace pbd::app {

/// Where a ray first meets a triangle mesh.
struct MeshHit {
    std::size_t triangle = 0;  ///< which triangle (its indices start at 3 * triangle)
    double distance = 0.0;     ///< along the ray from its origin, m
    glm::dvec3 point{0.0};     ///< the hit point, m
    Index nearest = 0;         ///< that triangle's corner nearest the hit point
};

/// The first triangle of `triangles` (three indices into `positions` each) that `ray` meets
/// in front of its origin, either side counting (Moller-Trumbore); ties go to the lower
/// triangle. Nothing when the ray misses them all; degenerate triangles are never hit.
std::optional<MeshHit> castRay(const Ray3& ray, std::span<const glm::dvec3> positions,
                               std::span<const std::uint32_t> triangles);

/// Where `ray` meets the plane through `point` with normal `normal` (any length > 0);
/// nothing when it runs parallel to the plane or meets it behind its origin.
std::optional<glm::dvec3> rayPlane(const Ray3& ray, glm::dvec3 point, glm::dvec3 normal);

} // namespace pbd::app
