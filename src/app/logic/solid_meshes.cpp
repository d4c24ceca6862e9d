#include "logic/solid_meshes.h"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

namespace pbd::app {
namespace {

constexpr double kPi = 3.14159265358979323846;

std::uint32_t addVertex(SolidMesh& mesh, glm::dvec3 position, glm::dvec3 normal)
{
    mesh.positions.emplace_back(position);
    mesh.normals.emplace_back(normal);
    return static_cast<std::uint32_t>(mesh.positions.size() - 1);
}

/// Adds the triangle (i, j, k) turned so that it is counter-clockwise seen from the side
/// `outward` points to; a degenerate one (a pole's sliver) is left out.
void addTriangle(SolidMesh& mesh, std::uint32_t i, std::uint32_t j, std::uint32_t k,
                 glm::dvec3 outward)
{
    const glm::dvec3 a(mesh.positions[i]), b(mesh.positions[j]), c(mesh.positions[k]);
    const glm::dvec3 n = glm::cross(b - a, c - a);
    const double side = glm::dot(n, outward);
    if (side == 0.0 || glm::dot(n, n) == 0.0)
        return;
    mesh.indices.insert(mesh.indices.end(), {i, side > 0.0 ? j : k, side > 0.0 ? k : j});
}

/// Two unit vectors completing `u` (unit) to an orthonormal basis.
std::pair<glm::dvec3, glm::dvec3> completeBasis(glm::dvec3 u)
{
    const glm::dvec3 other = std::abs(u.y) < 0.9 ? glm::dvec3(0.0, 1.0, 0.0)
                                                 : glm::dvec3(1.0, 0.0, 0.0);
    const glm::dvec3 v = glm::normalize(glm::cross(other, u));
    return {v, glm::cross(u, v)};
}

} // namespace

void appendSphere(SolidMesh& mesh, glm::dvec3 centre, double radius, int segments)
{
    appendCapsule(mesh, centre, centre, radius, segments);
}

void appendCapsule(SolidMesh& mesh, glm::dvec3 a, glm::dvec3 b, double radius, int segments)
{
    segments = std::max(segments, 4) & ~1; // even, so the equator is a ring
    const int rings = segments / 2;
    const glm::dvec3 axis = b - a;
    const double length = glm::length(axis);
    const glm::dvec3 u = length > 0.0 ? axis / length : glm::dvec3(0.0, 1.0, 0.0);
    const auto [v, w] = completeBasis(u);
    // Rings from the pole beyond b (angle 0 from u) to the pole beyond a (angle pi); the
    // equator twice, once around b and once around a, so the cylinder between is one band.
    struct Ring {
        double angle;
        glm::dvec3 centre;
    };
    std::vector<Ring> ringList;
    for (int r = 0; r <= rings / 2; ++r)
        ringList.push_back({kPi * r / rings, b});
    for (int r = rings / 2; r <= rings; ++r)
        ringList.push_back({kPi * r / rings, a});
    const auto first = static_cast<std::uint32_t>(mesh.positions.size());
    for (const Ring& ring : ringList)
        for (int s = 0; s <= segments; ++s) {
            const double phi = 2.0 * kPi * s / segments;
            const glm::dvec3 n = std::cos(ring.angle) * u +
                                 std::sin(ring.angle) * (std::cos(phi) * v + std::sin(phi) * w);
            addVertex(mesh, ring.centre + radius * n, n);
        }
    const auto stride = static_cast<std::uint32_t>(segments + 1);
    for (std::uint32_t r = 0; r + 1 < ringList.size(); ++r)
        for (std::uint32_t s = 0; s < static_cast<std::uint32_t>(segments); ++s) {
            const std::uint32_t p = first + r * stride + s, q = p + stride;
            // Outward: from the segment towards the quad (its first vertex's normal will do
            // except on the poles' slivers, which addTriangle drops).
            const glm::dvec3 out = glm::dvec3(mesh.normals[p] + mesh.normals[q + 1]);
            addTriangle(mesh, p, p + 1, q, out);
            addTriangle(mesh, p + 1, q + 1, q, out);
        }
}

void appendBox(SolidMesh& mesh, glm::dvec3 centre, glm::dvec3 size,
               const std::array<glm::dvec3, 3>& axes)
{
    for (int k = 0; k < 3; ++k)
        for (const double sign : {-1.0, 1.0}) {
            const glm::dvec3 n = sign * axes[k];
            const glm::dvec3 face = centre + 0.5 * size[k] * n;
            const glm::dvec3 s = 0.5 * size[(k + 1) % 3] * axes[(k + 1) % 3];
            const glm::dvec3 t = 0.5 * size[(k + 2) % 3] * axes[(k + 2) % 3];
            const std::uint32_t p0 = addVertex(mesh, face - s - t, n);
            const std::uint32_t p1 = addVertex(mesh, face + s - t, n);
            const std::uint32_t p2 = addVertex(mesh, face + s + t, n);
            const std::uint32_t p3 = addVertex(mesh, face - s + t, n);
            addTriangle(mesh, p0, p1, p2, n);
            addTriangle(mesh, p0, p2, p3, n);
        }
}

void appendPlane(SolidMesh& mesh, glm::dvec3 point, glm::dvec3 normal, glm::dvec3 focus,
                 double halfSide)
{
    const double length = glm::length(normal);
    if (!(length > 0.0))
        return;
    const glm::dvec3 n = normal / length;
    const glm::dvec3 centre = focus - glm::dot(focus - point, n) * n;
    const auto [s, t] = completeBasis(n);
    const std::uint32_t p0 = addVertex(mesh, centre - halfSide * (s + t), n);
    const std::uint32_t p1 = addVertex(mesh, centre + halfSide * (s - t), n);
    const std::uint32_t p2 = addVertex(mesh, centre + halfSide * (s + t), n);
    const std::uint32_t p3 = addVertex(mesh, centre + halfSide * (t - s), n);
    addTriangle(mesh, p0, p1, p2, n);
    addTriangle(mesh, p0, p2, p3, n);
}

void appendObstacle(SolidMesh& mesh, const Obstacle3& obstacle, glm::dvec3 focus,
                    double planeHalfSide)
{
    switch (obstacle.shape) {
    case Obstacle3Shape::Sphere:
        appendSphere(mesh, obstacle.a, obstacle.radius);
        break;
    case Obstacle3Shape::Box:
        appendBox(mesh, obstacle.a, obstacle.size, rotationColumns(obstacle.angles));
        break;
    case Obstacle3Shape::Capsule:
        appendCapsule(mesh, obstacle.a, obstacle.b, obstacle.radius);
        break;
    case Obstacle3Shape::Ground:
        appendPlane(mesh, obstacle.a, {0.0, 1.0, 0.0}, focus, planeHalfSide);
        break;
    case Obstacle3Shape::Plane:
        appendPlane(mesh, obstacle.a, obstacle.normal, focus, planeHalfSide);
        break;
    }
}

void appendBalls(SolidMesh& mesh, std::span<const BallOf<3>> balls)
{
    for (const BallOf<3>& ball : balls)
        appendSphere(mesh, ball.position, ball.radius);
}

} // namespace pbd::app
