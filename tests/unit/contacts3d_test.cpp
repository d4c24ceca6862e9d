// The contact geometry instantiated for 3D (pbd/device/contacts.h): signed distances,
// entries and exits of spheres, capsules, turned boxes and half-spaces checked against
// sampled geometry, and the contact phase leaving no particle inside.

#include <array>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include <catch2/catch.hpp>
#include <glm/geometric.hpp>

#include "pbd/device/contacts.h"

namespace {

using pbd::Vec;
using Shape = pbd::detail::ContactShapeOf<3>;
using Core = Shape::Core;
using V3 = Vec<3>;

/// A right-handed frame turned by random angles about z, y and x.
std::array<V3, 3> turnedAxes(double az, double ay, double ax)
{
    const double cz = std::cos(az), sz = std::sin(az);
    const double cy = std::cos(ay), sy = std::sin(ay);
    const double cx = std::cos(ax), sx = std::sin(ax);
    // Columns of Rz Ry Rx.
    const V3 c0(cz * cy, sz * cy, -sy);
    const V3 c1(cz * sy * sx - sz * cx, sz * sy * sx + cz * cx, cy * sx);
    const V3 c2(cz * sy * cx + sz * sx, sz * sy * cx - cz * sx, cy * cx);
    return {c0, c1, c2};
}

/// The shapes under test: a sphere, a capsule, a turned box with and without a radius, a
/// tilted half-space. Bounding boxes as the solver's set-up makes them.
std::vector<Shape> shapes()
{
    std::vector<Shape> list;
    Shape sphere;
    sphere.core = Core::Point;
    sphere.a = V3(0.3, -0.2, 0.1);
    sphere.r = 0.7;
    list.push_back(sphere);
    Shape capsule;
    capsule.core = Core::Segment;
    capsule.a = V3(-0.5, 0.2, -0.3);
    capsule.b = V3(0.6, -0.1, 0.4);
    capsule.r = 0.25;
    list.push_back(capsule);
    for (double r : {0.0, 0.15}) {
        Shape box;
        box.core = Core::Box;
        box.a = V3(0.1, 0.2, -0.1);
        box.axis = turnedAxes(0.4, -0.7, 1.1);
        box.half = V3(0.5, 0.2, 0.35);
        box.r = r;
        list.push_back(box);
    }
    Shape ground;
    ground.core = Core::HalfSpace;
    ground.a = V3(0.0, -0.4, 0.0);
    ground.normal = glm::normalize(V3(0.2, 1.0, -0.3));
    ground.r = 0.01;
    list.push_back(ground);
    for (Shape& s : list) {
        if (s.core == Core::HalfSpace) {
            s.lo = V3(-std::numeric_limits<double>::infinity());
            s.hi = V3(std::numeric_limits<double>::infinity());
            continue;
        }
        const double reach = s.core == Core::Box
                                 ? std::sqrt(pbd::dot(s.half, s.half)) + s.r
                                 : s.r;
        s.lo = pbd::lowerOf(s.a, s.core == Core::Segment ? s.b : s.a) - reach;
        s.hi = pbd::upperOf(s.a, s.core == Core::Segment ? s.b : s.a) + reach;
    }
    return list;
}

/// Points of the core (before growing), spread over it.
std::vector<V3> corePoints(const Shape& s, std::mt19937& rng)
{
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    std::vector<V3> points;
    for (int k = 0; k < 4000; ++k) {
        switch (s.core) {
        case Core::Point:
            points.push_back(s.a);
            return points;
        case Core::Segment: {
            const double t = 0.5 * (unit(rng) + 1.0);
            points.push_back(s.a + t * (s.b - s.a));
            break;
        }
        case Core::Box: {
            // On the faces (where the nearest points of outside points lie) and inside.
            V3 l(unit(rng), unit(rng), unit(rng));
            l[k % 3] = k % 2 == 0 ? 1.0 : -1.0;
            points.push_back(s.a + l.x * s.half.x * s.axis[0] + l.y * s.half.y * s.axis[1] +
                             l.z * s.half.z * s.axis[2]);
            break;
        }
        case Core::HalfSpace:
            return points;
        }
    }
    return points;
}

double distanceTo(const Shape& s, V3 p) { return pbd::detail::surfaceDistance(s, p).d; }

} // namespace

TEST_CASE("3D surface distances are distances to the grown shapes", "[contacts3d]")
{
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> coordinate(-1.5, 1.5);
    for (const Shape& s : shapes()) {
        const std::vector<V3> core = corePoints(s, rng);
        for (int k = 0; k < 300; ++k) {
            const V3 p(coordinate(rng), coordinate(rng), coordinate(rng));
            const auto sd = pbd::detail::surfaceDistance(s, p);
            CAPTURE(static_cast<int>(s.core), p.x, p.y, p.z, sd.d);
            REQUIRE(std::abs(pbd::squaredLength(sd.n) - 1.0) < 1e-12);
            // The nearest surface point p - d n is on the surface.
            REQUIRE(std::abs(distanceTo(s, p - sd.d * sd.n)) < 1e-9);
            if (s.core == Core::HalfSpace) {
                REQUIRE(sd.d == Approx(pbd::dot(p - s.a, s.normal) - s.r).margin(1e-12));
                continue;
            }
            // No point of the grown shape is nearer than d (outside) ...
            if (sd.d > 0.0)
                for (const V3& q : core)
                    REQUIRE(std::sqrt(pbd::squaredLength(p - q)) - s.r >= sd.d - 1e-12);
            // ... and a point a little further along the normal is out, a little back in.
            REQUIRE(distanceTo(s, p + (1e-6 - sd.d) * sd.n) > 0.0);
        }
    }
}

TEST_CASE("3D entry fractions are where a segment first meets the grown shape",
          "[contacts3d]")
{
    std::mt19937 rng(11);
    std::uniform_real_distribution<double> coordinate(-1.6, 1.6);
    int entered = 0;
    int missed = 0;
    for (const Shape& s : shapes()) {
        for (int k = 0; k < 400; ++k) {
            const V3 a(coordinate(rng), coordinate(rng), coordinate(rng));
            const V3 b(coordinate(rng), coordinate(rng), coordinate(rng));
            if (distanceTo(s, a) <= 1e-9)
                continue; // starts inside: the push-out's case
            const double t = pbd::detail::entryFraction(s, a, b);
            CAPTURE(static_cast<int>(s.core), a.x, a.y, a.z, b.x, b.y, b.z, t);
            const int samples = 2000;
            const double end = t >= 0.0 ? t : 1.0;
            for (int i = 0; i < samples; ++i) { // outside before the entry
                const double f = end * i / samples;
                REQUIRE(distanceTo(s, a + f * (b - a)) > -1e-9);
            }
            if (t >= 0.0) {
                REQUIRE(t <= 1.0);
                REQUIRE(std::abs(distanceTo(s, a + t * (b - a))) < 1e-9);
                ++entered;
            } else {
                REQUIRE(distanceTo(s, b) > -1e-9);
                ++missed;
            }
        }
    }
    REQUIRE(entered > 100);
    REQUIRE(missed > 100);
}

TEST_CASE("3D exit distances lead out of the grown shapes", "[contacts3d]")
{
    std::mt19937 rng(13);
    std::uniform_real_distribution<double> coordinate(-0.8, 0.8);
    int inside = 0;
    for (const Shape& s : shapes()) {
        for (int k = 0; k < 400; ++k) {
            const V3 p(coordinate(rng), coordinate(rng), coordinate(rng));
            const auto sd = pbd::detail::surfaceDistance(s, p);
            if (sd.d >= 0.0) {
                REQUIRE(pbd::detail::exitDistance(s, p, sd.n) == 0.0);
                continue;
            }
            ++inside;
            const V3 n = sd.n;
            const double exit = pbd::detail::exitDistance(s, p, n);
            CAPTURE(static_cast<int>(s.core), p.x, p.y, p.z, exit);
            REQUIRE(std::abs(distanceTo(s, p + exit * n)) < 1e-9);
            REQUIRE(distanceTo(s, p + 0.999 * exit * n) < 0.0);
        }
    }
    REQUIRE(inside > 200);
}

TEST_CASE("the 3D contact phase leaves no particle inside a shape", "[contacts3d]")
{
    // Shapes apart from each other (a pocket between overlapping ones may hold a particle at
    // its start, by design), particles flung through them from outside.
    pbd::detail::ContactWorldOf<3> world;
    world.friction = 0.3;
    for (const Shape& s : shapes())
        world.shapes.push_back(s);
    world.shapes[0].a = V3(-2.0, 0.5, 0.0); // sphere
    world.shapes[1].a += V3(2.0, 0.5, 0.0); // capsule
    world.shapes[1].b += V3(2.0, 0.5, 0.0);
    world.shapes[1].lo += V3(2.0, 0.5, 0.0);
    world.shapes[1].hi += V3(2.0, 0.5, 0.0);
    world.shapes[0].lo = world.shapes[0].a - world.shapes[0].r;
    world.shapes[0].hi = world.shapes[0].a + world.shapes[0].r;
    world.shapes.erase(world.shapes.begin() + 2); // one box: the grown one
    world.shapes[3].a = V3(0.0, -3.0, 0.0);       // the ground below them all
    std::mt19937 rng(17);
    std::uniform_real_distribution<double> coordinate(-3.0, 3.0);
    std::vector<V3> x0, x;
    while (x0.size() < 3000) {
        const V3 a(coordinate(rng), coordinate(rng), coordinate(rng));
        bool outside = true;
        for (const Shape& s : world.shapes)
            outside = outside && distanceTo(s, a) > 0.0;
        if (!outside)
            continue;
        x0.push_back(a);
        x.push_back(V3(coordinate(rng), coordinate(rng), coordinate(rng)));
    }
    const std::vector<double> w(x.size(), 1.0);
    std::vector<V3> before = x;
    pbd::detail::resolveContacts(world, x.data(), x0.data(), w.data(), 0, x.size());
    int moved = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        moved += x[i] != before[i] ? 1 : 0;
        for (const Shape& s : world.shapes)
            REQUIRE(distanceTo(s, x[i]) > -1e-9);
    }
    REQUIRE(moved > 500);
    // Any split into ranges gives the same bits.
    std::vector<V3> split = before;
    for (std::size_t begin = 0; begin < split.size(); begin += 77)
        pbd::detail::resolveContacts(world, split.data(), x0.data(), w.data(), begin,
                                     std::min(split.size(), begin + 77));
    REQUIRE(split == x);
}
