#pragma once
/// \file
/// The 3D world as triangles to shade, GL-free: each obstacle and ball as a closed mesh of its
/// surface (a sphere, a turned box, a capsule) and the ground or a plane as a square around a
/// point of interest, with outward normals and counter-clockwise triangles seen from outside.
/// The 3D renderer uploads what these build; the tests check them against the shapes.

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include <glm/vec3.hpp>

#include "pbd/ball.h"
#include "pbd/obstacle3.h"

namespace pbd::app {

/// Triangles with a normal per vertex (float, for upload), appended to by the builders.
struct SolidMesh {
    std::vector<glm::vec3> positions;
    std::vector<glm::vec3> normals;
    std::vector<std::uint32_t> indices; ///< 3 per triangle, counter-clockwise from outside

    void clear()
    {
        positions.clear();
        normals.clear();
        indices.clear();
    }
    std::size_t triangles() const { return indices.size() / 3; }
};

/// Segments around a sphere's or a capsule's equator (rings of latitude: half as many).
inline constexpr int kSolidSegments = 32;

/// Appends the sphere of centre `centre` and radius `radius`.
void appendSphere(SolidMesh& mesh, glm::dvec3 centre, double radius,
                  int segments = kSolidSegments);
/// Appends a box of full sizes `size` along its axes `axes` (unit columns), centred at
/// `centre`: six faces of two triangles, each face with its own normals (sharp edges).
void appendBox(SolidMesh& mesh, glm::dvec3 centre, glm::dvec3 size,
               const std::array<glm::dvec3, 3>& axes);
/// Appends the capsule of the points within `radius` of the segment a-b (a sphere when the
/// ends meet).
void appendCapsule(SolidMesh& mesh, glm::dvec3 a, glm::dvec3 b, double radius,
                   int segments = kSolidSegments);
/// Appends the square of side 2 `halfSide` on the plane through `point` with normal `normal`
/// (any length > 0), centred on the point of the plane nearest `focus`.
void appendPlane(SolidMesh& mesh, glm::dvec3 point, glm::dvec3 normal, glm::dvec3 focus,
                 double halfSide);

/// The obstacle's surface: a sphere, box or capsule closed mesh; the ground or a plane as a
/// square of side 2 `planeHalfSide` around `focus` (the cloth's centre).
void appendObstacle(SolidMesh& mesh, const Obstacle3& obstacle, glm::dvec3 focus,
                    double planeHalfSide);
/// Every ball's sphere.
void appendBalls(SolidMesh& mesh, std::span<const BallOf<3>> balls);

} // namespace pbd::app
