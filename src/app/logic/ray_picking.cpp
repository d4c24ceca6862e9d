#include "logic/ray_picking.h"

#include <cmath>
#include <limits>

#include <glm/geometric.hpp>

namespace pbd::app {
namespace {

/// Barycentric slack of a hit, so that the triangles of a mesh leave no gap along their edges.
constexpr double kEdgeSlack = 1e-9;

} // namespace

std::optional<MeshHit> castRay(const Ray3& ray, std::span<const glm::dvec3> positions,
                               std::span<const std::uint32_t> triangles)
{
    // Moller and Trumbore, "Fast, minimum storage ray-triangle intersection" (1997): the hit
    // o + t d = (1 - u - v) a + u b + v c solved by Cramer's rule, both sides of a triangle.
    std::optional<MeshHit> best;
    double nearest = std::numeric_limits<double>::infinity();
    const std::size_t n = positions.size();
    for (std::size_t k = 0; k + 2 < triangles.size(); k += 3) {
        const std::uint32_t ia = triangles[k], ib = triangles[k + 1], ic = triangles[k + 2];
        if (ia >= n || ib >= n || ic >= n)
            continue;
        const glm::dvec3 a = positions[ia], e1 = positions[ib] - a, e2 = positions[ic] - a;
        const glm::dvec3 p = glm::cross(ray.direction, e2);
        const double det = glm::dot(e1, p);
        // Relative to the edges' size, so that a small cloth's triangles are not skipped.
        if (!(std::abs(det) > 1e-12 * glm::dot(e1, e1) * glm::length(e2)))
            continue;
        const double inverse = 1.0 / det;
        const glm::dvec3 s = ray.origin - a;
        // A hit on a shared edge must not fall between its two triangles by rounding (and
        // through to a layer behind): the barycentric bounds get a little slack.
        const double u = glm::dot(s, p) * inverse;
        if (u < -kEdgeSlack || u > 1.0 + kEdgeSlack)
            continue;
        const glm::dvec3 q = glm::cross(s, e1);
        const double v = glm::dot(ray.direction, q) * inverse;
        if (v < -kEdgeSlack || u + v > 1.0 + kEdgeSlack)
            continue;
        const double t = glm::dot(e2, q) * inverse;
        if (!(t > 0.0) || !(t < nearest))
            continue;
        nearest = t;
        MeshHit hit;
        hit.triangle = k / 3;
        hit.distance = t;
        hit.point = ray.origin + t * ray.direction;
        // The corner with the largest barycentric weight is the one nearest the hit in the
        // triangle's own measure; take the nearest in space, as a hand would.
        Index corner = ia;
        double closest = glm::dot(hit.point - positions[ia], hit.point - positions[ia]);
        for (const std::uint32_t i : {ib, ic}) {
            const double d = glm::dot(hit.point - positions[i], hit.point - positions[i]);
            if (d < closest) {
                closest = d;
                corner = i;
            }
        }
        hit.nearest = corner;
        best = hit;
    }
    return best;
}

std::optional<glm::dvec3> rayPlane(const Ray3& ray, glm::dvec3 point, glm::dvec3 normal)
{
    const double across = glm::dot(ray.direction, normal);
    if (!(std::abs(across) > 1e-12 * glm::length(normal)))
        return std::nullopt;
    const double t = glm::dot(point - ray.origin, normal) / across;
    if (!(t >= 0.0) || !std::isfinite(t))
        return std::nullopt;
    return ray.origin + t * ray.direction;
}

} // namespace pbd::app
