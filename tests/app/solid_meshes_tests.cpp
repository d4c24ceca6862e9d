#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

#include <glm/geometric.hpp>

#include "logic/solid_meshes.h"

using namespace pbd;
using namespace pbd::app;

namespace {

constexpr double kPi = 3.14159265358979323846;

/// The volume a closed mesh encloses (divergence theorem): positive when every triangle is
/// counter-clockwise seen from outside.
double enclosedVolume(const SolidMesh& mesh)
{
    double volume = 0.0;
    for (std::size_t t = 0; t < mesh.indices.size(); t += 3) {
        const glm::dvec3 a(mesh.positions[mesh.indices[t]]), b(mesh.positions[mesh.indices[t + 1]]),
            c(mesh.positions[mesh.indices[t + 2]]);
        volume += glm::dot(a, glm::cross(b, c)) / 6.0;
    }
    return volume;
}

/// Every vertex on the surface (distance ~ 0 by `distance`), its normal of unit length and
/// along the distance's gradient, and every triangle facing the way its vertices' normals do.
void checkSurface(const SolidMesh& mesh, const std::function<double(glm::dvec3)>& distance)
{
    REQUIRE(mesh.positions.size() == mesh.normals.size());
    REQUIRE(mesh.indices.size() % 3 == 0);
    for (std::size_t i = 0; i < mesh.positions.size(); ++i) {
        const glm::dvec3 p(mesh.positions[i]), n(mesh.normals[i]);
        CHECK(std::abs(distance(p)) < 1e-5);
        CHECK(glm::length(n) == Approx(1.0).margin(1e-6));
        // Outward: a step along the normal leaves the shape.
        CHECK(distance(p + 1e-3 * n) > 0.5e-3);
    }
    for (std::size_t t = 0; t < mesh.indices.size(); t += 3) {
        const std::uint32_t i = mesh.indices[t], j = mesh.indices[t + 1], k = mesh.indices[t + 2];
        const glm::dvec3 face = glm::cross(glm::dvec3(mesh.positions[j] - mesh.positions[i]),
                                           glm::dvec3(mesh.positions[k] - mesh.positions[i]));
        CHECK(glm::dot(face, glm::dvec3(mesh.normals[i] + mesh.normals[j] + mesh.normals[k])) >
              0.0);
    }
}

double segmentDistance(glm::dvec3 p, glm::dvec3 a, glm::dvec3 b)
{
    const glm::dvec3 ab = b - a;
    const double t = glm::dot(ab, ab) > 0.0
                         ? std::clamp(glm::dot(p - a, ab) / glm::dot(ab, ab), 0.0, 1.0)
                         : 0.0;
    return glm::length(p - (a + t * ab));
}

} // namespace

TEST_CASE("a sphere's mesh lies on it, faces outwards and holds its volume",
          "[solid-meshes]")
{
    SolidMesh mesh;
    const glm::dvec3 c{1.0, -2.0, 0.5};
    appendSphere(mesh, c, 0.8);
    checkSurface(mesh, [&](glm::dvec3 p) { return glm::length(p - c) - 0.8; });
    const double volume = 4.0 / 3.0 * kPi * 0.8 * 0.8 * 0.8;
    // Inscribed in the sphere: a little less, within 2% at 32 segments.
    CHECK(enclosedVolume(mesh) < volume);
    CHECK(enclosedVolume(mesh) > 0.98 * volume);
}

TEST_CASE("a capsule's mesh lies on it, faces outwards and holds its volume",
          "[solid-meshes]")
{
    SolidMesh mesh;
    const glm::dvec3 a{-1.0, 0.0, 0.0}, b{1.0, 1.0, 2.0};
    const double r = 0.3, length = glm::length(b - a);
    appendCapsule(mesh, a, b, r);
    checkSurface(mesh, [&](glm::dvec3 p) { return segmentDistance(p, a, b) - r; });
    const double volume = kPi * r * r * length + 4.0 / 3.0 * kPi * r * r * r;
    CHECK(enclosedVolume(mesh) < volume);
    CHECK(enclosedVolume(mesh) > 0.98 * volume);
}

TEST_CASE("a turned box's mesh is its six faces, outwards, with its exact volume",
          "[solid-meshes]")
{
    Obstacle3 box;
    box.shape = Obstacle3Shape::Box;
    box.a = {0.5, 1.0, -1.0};
    box.size = {2.0, 0.4, 1.2};
    box.angles = {10.0, 30.0, -20.0};
    SolidMesh mesh;
    appendObstacle(mesh, box, glm::dvec3(0.0), 10.0);
    CHECK(mesh.triangles() == 12);
    const auto axes = rotationColumns(box.angles);
    checkSurface(mesh, [&](glm::dvec3 p) {
        // The box's signed distance in its own frame.
        const glm::dvec3 d = p - box.a;
        const glm::dvec3 q{std::abs(glm::dot(d, axes[0])) - 0.5 * box.size.x,
                           std::abs(glm::dot(d, axes[1])) - 0.5 * box.size.y,
                           std::abs(glm::dot(d, axes[2])) - 0.5 * box.size.z};
        return glm::length(glm::max(q, glm::dvec3(0.0))) +
               std::min(std::max(q.x, std::max(q.y, q.z)), 0.0);
    });
    CHECK(enclosedVolume(mesh) == Approx(2.0 * 0.4 * 1.2).epsilon(1e-6));
}

TEST_CASE("the ground and a plane are squares around the point nearest the cloth",
          "[solid-meshes]")
{
    Obstacle3 ground;
    ground.shape = Obstacle3Shape::Ground;
    ground.a = {0.0, -3.0, 0.0};
    SolidMesh mesh;
    const glm::dvec3 focus{4.0, 2.0, -1.0};
    appendObstacle(mesh, ground, focus, 20.0);
    REQUIRE(mesh.positions.size() == 4);
    glm::dvec3 centre(0.0);
    for (const glm::vec3 p : mesh.positions) {
        CHECK(p.y == -3.0f);
        centre += glm::dvec3(p) / 4.0;
    }
    CHECK(centre.x == Approx(4.0));
    CHECK(centre.z == Approx(-1.0));
    for (const glm::vec3 n : mesh.normals)
        CHECK(n == glm::vec3(0.0f, 1.0f, 0.0f));
    checkSurface(mesh, [](glm::dvec3 p) { return p.y + 3.0; });

    Obstacle3 plane;
    plane.shape = Obstacle3Shape::Plane;
    plane.a = {0.0, 0.0, 0.0};
    plane.normal = {1.0, 2.0, 0.0}; // any length
    mesh.clear();
    appendObstacle(mesh, plane, focus, 5.0);
    const glm::dvec3 n = glm::normalize(plane.normal);
    checkSurface(mesh, [&](glm::dvec3 p) { return glm::dot(p, n); });
    CHECK(mesh.triangles() == 2);
}
