// Self-contact between the cloth's elements in 3D (world/element_contact.h): the judge
// (crossing_judge.h) on hand-made crossings, the core's closest points against the judge's
// distances, and cloths that fold, heap and fling with no edge crossing a triangle after any
// substep, on both CPU solvers.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "crossing_judge.h"
#include "pbd/obstacle3.h"
#include "pbd/simulation.h"
#include "sim_builders.h"
#include "state3.h"
#include "step/step_solver.h"
#include "thread_run.h"
#include "world/element_contact.h"
#include "world/element_geometry.h"

namespace {

using V3 = pbd::Vec<3>;
using pbd::test::JudgeMesh;
using pbd::test::State3;
using pbd::test::segmentMeetsTriangle;

/// The flat sheet's positions of a width x height grid with spacing h, laid by `place`.
template <typename Place>
std::vector<V3> grid(int width, int height, double h, Place place)
{
    std::vector<V3> x;
    for (int r = 0; r < height; ++r)
        for (int c = 0; c < width; ++c)
            x.push_back(place(h * c, h * r));
    return x;
}

pbd::ClothTopology topologyOf(int width, int height, double h)
{
    return pbd::clothTopology(width, height, pbd::ClothRestLengths{h, h, h * std::sqrt(2.0)});
}

} // namespace

TEST_CASE("the crossing judge finds hand-made crossings and touches, and nothing else",
          "[self-contact3d]")
{
    const V3 a(0.0, 0.0, 0.0), b(1.0, 0.0, 0.0), c(0.0, 1.0, 0.0);
    // Through the inside, through a vertex, through an edge, ending on the face.
    CHECK(segmentMeetsTriangle(V3(0.2, 0.2, -1.0), V3(0.2, 0.2, 1.0), a, b, c));
    CHECK(segmentMeetsTriangle(V3(0.0, 0.0, -1.0), V3(0.0, 0.0, 1.0), a, b, c));
    CHECK(segmentMeetsTriangle(V3(0.5, 0.0, -1.0), V3(0.5, 0.0, 1.0), a, b, c));
    CHECK(segmentMeetsTriangle(V3(0.2, 0.2, 0.0), V3(0.2, 0.2, 1.0), a, b, c));
    // Slanted through the inside.
    CHECK(segmentMeetsTriangle(V3(-0.5, 0.1, -0.3), V3(0.9, 0.3, 0.4), a, b, c));
    // In its plane, across it, and collinear with an edge overlapping it.
    CHECK(segmentMeetsTriangle(V3(-1.0, 0.2, 0.0), V3(2.0, 0.2, 0.0), a, b, c));
    CHECK(segmentMeetsTriangle(V3(0.5, 0.0, 0.0), V3(3.0, 0.0, 0.0), a, b, c));
    // Beside, above, in its plane beyond an edge and collinear beyond it: no.
    CHECK_FALSE(segmentMeetsTriangle(V3(2.0, 2.0, -1.0), V3(2.0, 2.0, 1.0), a, b, c));
    CHECK_FALSE(segmentMeetsTriangle(V3(0.2, 0.2, 0.5), V3(0.3, 0.3, 1.0), a, b, c));
    CHECK_FALSE(segmentMeetsTriangle(V3(0.6, 0.6, 0.0), V3(2.0, 2.0, 0.0), a, b, c));
    CHECK_FALSE(segmentMeetsTriangle(V3(1.5, 0.0, 0.0), V3(3.0, 0.0, 0.0), a, b, c));
    // Passing just outside an edge, a micrometre off: no; a nanometre off: a touch.
    CHECK_FALSE(segmentMeetsTriangle(V3(0.5, -1e-6, -1.0), V3(0.5, -1e-6, 1.0), a, b, c));
    CHECK(segmentMeetsTriangle(V3(0.5, -1e-10, -1.0), V3(0.5, -1e-10, 1.0), a, b, c));
}

TEST_CASE("the crossing judge finds no crossing in a flat sheet, and one edge pushed through",
          "[self-contact3d]")
{
    const int width = 7, height = 6;
    const double h = 0.05;
    const pbd::ClothTopology topology = topologyOf(width, height, h);
    const JudgeMesh mesh = pbd::test::judgeMesh(topology, {});
    REQUIRE(mesh.triangles.size() == 2u * 6u * 5u);
    REQUIRE(mesh.edges.size() == 6u * 6u + 7u * 5u + 6u * 5u); // rows, columns, diagonals
    // Upright, lying and tilted: the grid's collinear edges stay apart.
    const auto upright = grid(width, height, h, [](double u, double v) { return V3(u, -v, 0.0); });
    const auto lying = grid(width, height, h, [](double u, double v) { return V3(u, 0.3, v); });
    const auto tilted = grid(width, height, h, [](double u, double v) {
        return V3(0.8 * u + 0.1 * v, 0.36 * u - 0.7 * v, 0.48 * u + 0.2 * v);
    });
    CHECK(pbd::test::clothCrossings(upright, mesh).count == 0);
    CHECK(pbd::test::clothCrossings(lying, mesh).count == 0);
    CHECK(pbd::test::clothCrossings(tilted, mesh).count == 0);
    // Out of its plane by rounding noise alone (a femtometre): the volumes' signs are noise,
    // and no crossing is found.
    std::mt19937 rng(5);
    std::uniform_real_distribution<double> noise(-1e-15, 1e-15);
    std::vector<V3> rough = lying;
    for (V3& p : rough)
        p.y += noise(rng);
    CHECK(pbd::test::clothCrossings(rough, mesh).count == 0);
    // The edge between particles 8 and 9 (row 1) put across the middle of cell (3, 4)'s
    // first triangle, one end above the sheet and one below.
    std::vector<V3> pierced = lying;
    const pbd::Triangle t = topology.surfaceTriangle(2 * (3 * (width - 1) + 4));
    const V3 centre = (lying[t.a] + lying[t.b] + lying[t.c]) / 3.0;
    pierced[8] = centre + V3(0.0, 0.02, 0.0);
    pierced[9] = centre + V3(0.0, -0.02, 0.001);
    CHECK(segmentMeetsTriangle(pierced[8], pierced[9], pierced[t.a], pierced[t.b], pierced[t.c]));
    CHECK(pbd::test::clothCrossings(pierced, mesh).count > 0);
}

TEST_CASE("the core's closest points are at the judge's distances", "[self-contact3d]")
{
    std::mt19937 rng(38);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    auto point = [&] { return V3(u(rng), u(rng), u(rng)); };
    for (int k = 0; k < 2000; ++k) {
        const V3 p = point(), a = point(), b = point(), c = point(), q = point();
        // Every fifth case degenerate: a flat triangle, parallel segments.
        const V3 c2 = k % 5 == 0 ? a + 0.5 * (b - a) : c;
        const pbd::detail::TriangleClosest t = pbd::detail::closestOnTriangle(p, a, b, c2);
        CHECK(std::abs(t.wa + t.wb + t.wc - 1.0) < 1e-12);
        CHECK(std::sqrt(pbd::squaredLength(V3(p - t.point))) ==
              Approx(pbd::test::pointTriangleDistance(p, a, b, c2)).margin(1e-12));
        const V3 q1 = k % 5 == 0 ? q + (b - a) : c;
        const pbd::detail::SegmentsClosest s = pbd::detail::closestOnSegments(a, b, q, q1);
        const V3 d = (a + s.s * (b - a)) - (q + s.t * (q1 - q));
        CHECK(std::sqrt(pbd::squaredLength(d)) ==
              Approx(pbd::test::segmentSegmentDistance(a, b, q, q1)).margin(1e-12));
    }
}

namespace {

/// A run of a 3D cloth with self-contact, judged after every substep (one substep a step).
struct Judged {
    int crossedSteps = 0; ///< steps after which the judge found a crossing
    int firstCrossed = -1;
    double lowest = 1e300; ///< the lowest particle's height at the end (m)
};

/// Steps `s3` `steps` times with the CPU solver `kind` and `switches`, calling kick(s3, step)
/// before each step, and judges the cloth after each.
template <typename Kick>
Judged judgedRun(State3& s3, pbd::Solver kind, pbd::detail::SelfContactSwitches switches,
                 int steps, Kick kick, double touch = 1e-9)
{
    auto solver = pbd::test::cpuSolver(s3, kind);
    solver->setSelfContactSwitches(switches);
    const pbd::ClothTopology topology = pbd::clothTopology(
        s3.settings.width, s3.settings.height,
        std::vector<pbd::DistanceConstraint>(s3.constraints.begin(), s3.constraints.end()));
    Judged judged;
    REQUIRE(pbd::test::clothCrossings(s3.particles.position,
                                      pbd::test::judgeMesh(topology, s3.alive))
                .count == 0);
    for (int step = 0; step < steps; ++step) {
        kick(s3, step);
        auto state = s3.view(topology);
        solver->step(state);
        const JudgeMesh mesh = pbd::test::judgeMesh(topology, s3.alive);
        std::size_t count = pbd::test::clothCrossings(s3.particles.position, mesh, touch).count;
        for (const pbd::Obstacle3& o : s3.obstacles) // thin obstacles: the capsules' axes
            if (o.shape == pbd::Obstacle3Shape::Capsule)
                count += pbd::test::axisCrossings(s3.particles.position, mesh, o.a, o.b, touch);
        if (count > 0) {
            if (judged.firstCrossed < 0)
                judged.firstCrossed = step;
            ++judged.crossedSteps;
        }
    }
    for (const V3& x : s3.particles.position)
        judged.lowest = std::min(judged.lowest, x.y);
    return judged;
}

/// A width x height cloth on a 5 cm grid, 1 cm thick, self-contact on, one substep a step of
/// 1/300 s, nothing fixed, laid by `place` (from the page's 2D positions).
template <typename Place>
State3 cloth(int width, int height, Place place)
{
    pbd::Settings settings = pbd::test::clothSettings(width, height, 1, 6);
    settings.clothWidth = 0.05 * (width - 1);
    settings.clothHeight = 0.05 * (height - 1);
    settings.density = 0.2;
    settings.dimensions = 3;
    settings.timeStep = 1.0 / 300.0;
    settings.substeps = 1;
    settings.shearStiffness = 50.0; // a soft shear, so that it folds as cloth
    settings.thickness = 0.01;
    settings.friction = 0.3;
    settings.selfCollision = true;
    pbd::Settings flat = settings;
    flat.dimensions = 2;
    flat.selfCollision = false;
    pbd::Simulation sim(flat);
    State3 s3(sim, place);
    s3.settings = settings;
    for (std::size_t i = 0; i < s3.particles.size(); ++i) // nothing fixed
        s3.particles.inverseMass[i] = 1.0 / s3.particles.mass[i];
    return s3;
}

pbd::Obstacle3 sphereAt(V3 centre, double radius)
{
    pbd::Obstacle3 o;
    o.shape = pbd::Obstacle3Shape::Sphere;
    o.a = centre;
    o.radius = radius;
    o.start = pbd::obstaclePose(o);
    return o;
}

pbd::Obstacle3 planeThrough(V3 point, V3 normal)
{
    pbd::Obstacle3 o;
    o.shape = pbd::Obstacle3Shape::Plane;
    o.a = point;
    o.normal = normal;
    o.start = pbd::obstaclePose(o);
    return o;
}

void noKick(State3&, int) {}

pbd::Obstacle3 capsuleFrom(V3 a, V3 b, double radius)
{
    pbd::Obstacle3 o;
    o.shape = pbd::Obstacle3Shape::Capsule;
    o.a = a;
    o.b = b;
    o.radius = radius;
    o.start = pbd::obstaclePose(o);
    return o;
}

/// A 0.5 m by 0.45 m sheet (11 x 10) dropped from 0.1 m onto a washing line: a capsule of
/// radius 5 mm along x under its middle, halfway between rows 4 and 5 (2.5 cm from each, so
/// that the particles, 1 cm thick, miss it): it must hang over the line.
Judged washingLine(pbd::Solver kind, pbd::detail::SelfContactSwitches switches, double* middle)
{
    State3 s3 = cloth(11, 10, [](glm::dvec2 p) { return V3(p.x - 0.25, 0.1, -p.y - 0.225); });
    s3.obstacles = {capsuleFrom(V3(-0.5, 0.0, 0.0), V3(0.5, 0.0, 0.0), 0.005),
                    planeThrough(V3(0.0, -0.4, 0.0), V3(0.0, 1.0, 0.0))};
    const Judged judged = judgedRun(s3, kind, switches, 240, noKick);
    *middle = 0.5 * (s3.particles.position[4 * 11 + 5].y + s3.particles.position[5 * 11 + 5].y);
    return judged;
}

/// The scenes, each as a cloth and its world, run for `steps` with `switches`.
/// A 0.5 m square sheet lying 0.1 m above a sphere of radius 0.1 m: it drapes and its sides
/// fold against each other.
Judged sphereDrop(pbd::Solver kind, pbd::detail::SelfContactSwitches switches)
{
    State3 s3 = cloth(11, 11, [](glm::dvec2 p) { return V3(p.x - 0.25, 0.2, -p.y - 0.25); });
    s3.obstacles = {sphereAt(V3(0.0), 0.1), planeThrough(V3(0.0, -0.12, 0.0), V3(0.0, 1.0, 0.0))};
    return judgedRun(s3, kind, switches, 300, noKick);
}

/// A strip 4 x 40 (0.15 m by 1.95 m) hanging upright, its foot 5 cm above a plane tilted by
/// 15 degrees: it falls on its foot and piles up in folds.
Judged heap(pbd::Solver kind, pbd::detail::SelfContactSwitches switches, double touch = 1e-9)
{
    State3 s3 = cloth(4, 40, [](glm::dvec2 p) { return V3(p.x, p.y + 2.0, 0.02 * p.x); });
    const double tilt = 15.0 * 3.14159265358979323846 / 180.0;
    s3.obstacles = {planeThrough(V3(0.0), V3(std::sin(tilt), std::cos(tilt), 0.0))};
    return judgedRun(s3, kind, switches, 450, noKick, touch);
}

/// A 0.45 m square sheet lying on the ground; every 40 steps a patch of radius 0.12 m round a
/// random particle is flung at 4 to 8 m/s towards the sheet's middle and a little up, so that
/// it folds over the rest and lands on it.
Judged flings(pbd::Solver kind, pbd::detail::SelfContactSwitches switches, double speedAt = 6.0)
{
    State3 s3 = cloth(10, 10, [](glm::dvec2 p) { return V3(p.x, 0.006, -p.y); });
    s3.obstacles = {planeThrough(V3(0.0), V3(0.0, 1.0, 0.0))};
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    auto kick = [&](State3& st, int step) {
        if (step % 40 != 0)
            return;
        const std::size_t n = st.particles.size();
        const auto at = static_cast<std::size_t>(0.5 * (u(rng) + 1.0) * static_cast<double>(n - 1));
        V3 centre(0.0);
        for (const V3& x : st.particles.position)
            centre += x / static_cast<double>(n);
        V3 over = centre - st.particles.position[at];
        over.y = 0.0;
        const V3 dir = glm::normalize(over + V3(0.1 * u(rng), 0.15, 0.1 * u(rng)));
        const double speed = speedAt * (1.0 + u(rng) / 3.0);
        for (std::size_t i = 0; i < n; ++i)
            if (pbd::squaredLength(V3(st.particles.position[i] - st.particles.position[at])) <
                0.12 * 0.12)
                st.particles.velocity[i] = speed * dir;
    };
    return judgedRun(s3, kind, switches, 400, kick);
}

/// The smallest distance of a particle to a triangle it is not a corner of: below the
/// thickness only where layers lie on each other (in the sheet it is the grid's at least,
/// about 3.5 cm), so that a scene's test can show its layers met.
double nearestLayers(const std::vector<V3>& x, const JudgeMesh& mesh)
{
    double nearest = 1e300;
    for (std::size_t i = 0; i < x.size(); ++i)
        for (const pbd::Triangle& t : mesh.triangles)
            if (t.a != i && t.b != i && t.c != i)
                nearest = std::min(nearest, pbd::test::pointTriangleDistance(x[i], x[t.a],
                                                                             x[t.b], x[t.c]));
    return nearest;
}

/// A strip 4 x 21 (0.15 m by 1 m) lying level along x, 0.5 m up, held by its two end rows;
/// the far row is turned about the strip's long axis through two full turns over 1.2 s while
/// it comes 0.4 m nearer (its pins moved along circles before each step, as a drag moves a
/// held particle), then held: the strip wrings, its layers coiling on each other. `nearest`
/// gets the smallest particle-triangle distance over the run (nearestLayers()).
Judged twist(pbd::Solver kind, pbd::detail::SelfContactSwitches switches, double* nearest)
{
    const int width = 4, height = 21;
    State3 s3 = cloth(width, height, [](glm::dvec2 p) { return V3(-p.y, 0.5, p.x - 0.075); });
    const std::size_t last = static_cast<std::size_t>((height - 1) * width);
    for (std::size_t c = 0; c < static_cast<std::size_t>(width); ++c) {
        s3.particles.inverseMass[c] = 0.0;
        s3.particles.inverseMass[last + c] = 0.0;
    }
    const double turns = 2.0, nearer = 0.4;
    const int turning = 360, steps = 480;
    const pbd::ClothTopology topology = topologyOf(width, height, 0.05);
    const JudgeMesh mesh = pbd::test::judgeMesh(topology, {});
    *nearest = 1e300;
    auto kick = [&](State3& st, int step) {
        *nearest = std::min(*nearest, nearestLayers(st.particles.position, mesh));
        const double f = std::min(1.0, (step + 1.0) / turning);
        const double angle = 2.0 * 3.14159265358979323846 * turns * f;
        for (std::size_t c = 0; c < static_cast<std::size_t>(width); ++c) {
            const double across = 0.05 * static_cast<double>(c) - 0.075;
            const V3 at(1.0 - nearer * f, 0.5 - across * std::sin(angle),
                        across * std::cos(angle));
            st.particles.position[last + c] = at;
            st.particles.stepStart[last + c] = at;
        }
    };
    return judgedRun(s3, kind, switches, steps, kick);
}

} // namespace

TEST_CASE("a sheet dropped on a sphere never crosses itself", "[self-contact3d]")
{
    const pbd::Solver kind = GENERATE(pbd::Solver::Sequential, pbd::Solver::Colored);
    CAPTURE(pbd::solverName(kind));
    const Judged judged = sphereDrop(kind, {});
    CAPTURE(judged.firstCrossed);
    REQUIRE(judged.crossedSteps == 0);
    REQUIRE(judged.lowest < -0.05); // it came down the sphere's sides
}

TEST_CASE("a strip dropped in a heap on a tilted plane never crosses itself", "[self-contact3d]")
{
    const pbd::Solver kind = GENERATE(pbd::Solver::Sequential, pbd::Solver::Colored);
    CAPTURE(pbd::solverName(kind));
    const Judged judged = heap(kind, {});
    CAPTURE(judged.firstCrossed);
    REQUIRE(judged.crossedSteps == 0);
    REQUIRE(judged.lowest < 0.0); // it reached the plane and slid down it
}

TEST_CASE("a sheet flung about at random never crosses itself", "[self-contact3d]")
{
    const pbd::Solver kind = GENERATE(pbd::Solver::Sequential, pbd::Solver::Colored);
    CAPTURE(pbd::solverName(kind));
    const Judged judged = flings(kind, {});
    CAPTURE(judged.firstCrossed);
    REQUIRE(judged.crossedSteps == 0);
}

TEST_CASE("a sheet dropped on a 5 mm washing line hangs over it, never through",
          "[self-contact3d]")
{
    const pbd::Solver kind = GENERATE(pbd::Solver::Sequential, pbd::Solver::Colored);
    CAPTURE(pbd::solverName(kind));
    double middle = 0.0;
    const Judged judged = washingLine(kind, {}, &middle);
    CAPTURE(judged.firstCrossed, middle);
    REQUIRE(judged.crossedSteps == 0);
    REQUIRE(middle > -0.05); // it hangs on the line (falling through, it reaches the ground)
}

TEST_CASE("a strip wrung by turning one held end twice never crosses itself",
          "[self-contact3d]")
{
    const pbd::Solver kind = GENERATE(pbd::Solver::Sequential, pbd::Solver::Colored);
    CAPTURE(pbd::solverName(kind));
    double nearest = 0.0;
    const Judged judged = twist(kind, {}, &nearest);
    CAPTURE(judged.firstCrossed, nearest);
    REQUIRE(judged.crossedSteps == 0);
    REQUIRE(nearest < 0.012); // its layers met (in the sheet they are 3.5 cm apart at least)
}

TEST_CASE("a layer on a tilted layer sticks when mu > tan theta and slides by Coulomb's law "
          "otherwise",
          "[self-contact3d]")
{
    const pbd::Solver kind = GENERATE(pbd::Solver::Sequential, pbd::Solver::Colored);
    CAPTURE(pbd::solverName(kind));
    // One 6 x 11 cloth cut in two along row 5: rows 0 to 4 held flat on a 20-degree slope,
    // rows 6 to 10 laid on them one thickness up, their particles over the lower layer's
    // triangles (offset by a quarter spacing); the upper layer meets the lower only through
    // the element contacts and their friction.
    const double theta = 20.0 * 3.14159265358979323846 / 180.0;
    const V3 down(std::cos(theta), -std::sin(theta), 0.0);
    const V3 normal(std::sin(theta), std::cos(theta), 0.0);
    const int width = 6, height = 11;
    for (double mu : {0.6, 0.1}) {
        CAPTURE(mu);
        State3 s3 = cloth(width, height, [](glm::dvec2) { return V3(0.0); });
        s3.settings.friction = mu;
        std::vector<std::size_t> upper;
        for (int r = 0; r < height; ++r)
            for (int c = 0; c < width; ++c) {
                const auto i = static_cast<std::size_t>(r * width + c);
                V3& x = s3.particles.position[i];
                if (r < 5) {
                    x = (0.05 * c) * down + V3(0.0, 0.0, 0.05 * r);
                    s3.particles.inverseMass[i] = 0.0;
                } else if (r == 5) {
                    x = V3(10.0 + c, 10.0, 10.0); // out of the way, held
                    s3.particles.inverseMass[i] = 0.0;
                } else {
                    x = (0.05 * c + 0.0125) * down + V3(0.0, 0.0, 0.05 * (r - 6) + 0.0125) +
                        0.0102 * normal;
                    upper.push_back(i);
                }
                s3.particles.stepStart[i] = x;
            }
        for (std::size_t k = 0; k < s3.constraints.size(); ++k) {
            const auto& c = s3.constraints[k];
            if (static_cast<int>(c.a) / width == 5 || static_cast<int>(c.b) / width == 5 ||
                (static_cast<int>(c.a) / width < 5) != (static_cast<int>(c.b) / width < 5)) {
                s3.alive[k] = 0;
                --s3.liveCount;
            }
        }
        ++s3.constraintsVersion;
        auto mean = [&] {
            V3 m(0.0);
            for (std::size_t i : upper)
                m += s3.particles.position[i] / static_cast<double>(upper.size());
            return m;
        };
        const V3 before = mean();
        const int steps = 90; // 0.3 s
        const Judged judged = judgedRun(s3, kind, {}, steps, noKick);
        REQUIRE(judged.crossedSteps == 0);
        const V3 moved = mean() - before;
        const double along = pbd::dot(moved, down);
        const double t = steps * s3.settings.timeStep;
        CAPTURE(along, pbd::dot(moved, normal));
        if (mu > std::tan(theta)) {
            CHECK(std::abs(along) < 0.002); // sticks, on the layer
            CHECK(std::abs(pbd::dot(moved, normal)) < 0.002);
        } else { // (its lower end slides off the layer's edge and droops)
            const double law = 0.5 * 9.81 * (std::sin(theta) - mu * std::cos(theta)) * t * t;
            CHECK(along == Approx(law).epsilon(0.1)); // slides
        }
    }
}

TEST_CASE("the motion bound alone keeps a heap from crossing, with discrete proximity",
          "[self-contact3d]")
{
    // The proximity contacts pushing to whichever side is nearer now (they can push a layer
    // through another): what keeps the layers apart is the bound alone, as it guarantees.
    const pbd::Solver kind = GENERATE(pbd::Solver::Sequential, pbd::Solver::Colored);
    CAPTURE(pbd::solverName(kind));
    const Judged judged = heap(kind, {.startSide = false});
    CAPTURE(judged.firstCrossed);
    REQUIRE(judged.crossedSteps == 0);
}

// The same scenes with a part turned off, to see the judge fail without it (hidden: run with
// `pbd_unit_tests "[.self-contact3d-off]"`; docs/physics.md quotes the counts). Without the
// continuous step: no bound, and proximity contacts pushing to the side nearer now.
TEST_CASE("without the continuous step or the edge-edge pairs, the scenes cross",
          "[.self-contact3d-off]")
{
    const pbd::Solver kind = GENERATE(pbd::Solver::Sequential, pbd::Solver::Colored);
    CAPTURE(pbd::solverName(kind));
    const pbd::detail::SelfContactSwitches discrete{.bound = false, .startSide = false};
    const pbd::detail::SelfContactSwitches noEdgeEdge{.edgeEdge = false};
    const Judged heapDiscrete = heap(kind, discrete);
    const Judged heapNoEdgeEdge = heap(kind, noEdgeEdge);
    const Judged sphereNoEdgeEdge = sphereDrop(kind, noEdgeEdge);
    const Judged flingsDiscrete = flings(kind, discrete);
    const Judged flingsNoEdgeEdge = flings(kind, noEdgeEdge);
    WARN("steps crossed: heap without the continuous step " << heapDiscrete.crossedSteps
         << ", without edge-edge " << heapNoEdgeEdge.crossedSteps << "; sphere without "
         << "edge-edge " << sphereNoEdgeEdge.crossedSteps << "; flings without the continuous "
         << "step " << flingsDiscrete.crossedSteps << ", without edge-edge "
         << flingsNoEdgeEdge.crossedSteps);
    CHECK(heapDiscrete.crossedSteps > 0);
    CHECK(heapNoEdgeEdge.crossedSteps > 0);
    CHECK(sphereNoEdgeEdge.crossedSteps > 0);
    CHECK(flingsDiscrete.crossedSteps + flingsNoEdgeEdge.crossedSteps > 0);
    double nearest = 0.0;
    const Judged twistDiscrete = twist(kind, discrete, &nearest);
    const Judged twistNoEdgeEdge = twist(kind, noEdgeEdge, &nearest);
    WARN("twisted strip: steps crossed without the continuous step "
         << twistDiscrete.crossedSteps << ", without edge-edge "
         << twistNoEdgeEdge.crossedSteps);
    CHECK(twistDiscrete.crossedSteps + twistNoEdgeEdge.crossedSteps > 0);
    double middle = 0.0;
    const Judged lineNoCapsules = washingLine(kind, {.capsules = false}, &middle);
    WARN("washing line without the edges against the capsule: " << lineNoCapsules.crossedSteps
         << " steps crossed, the middle at y " << middle);
    // The sheet passes the line lying parallel to it: no edge meets the axis at the end of a
    // step, but the sheet is through, on the ground below.
    CHECK(middle < -0.3);
}


namespace {

/// Every pair of elements sharing no particle (point-triangle (v, t), edge-edge (e, f) with
/// e < f) closer at `start` or at `now` than its two sides' largest pads, by brute force.
struct NearPairs {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pointTriangles, edgeEdges;
};

NearPairs pairsWithinPads(const pbd::detail::SurfaceMesh& mesh, const std::vector<double>& pad,
                          const std::vector<V3>& start, const std::vector<V3>& now)
{
    NearPairs near;
    auto closer = [&](const std::vector<V3>& x, auto distance, double reach) {
        return distance(x) < reach;
    };
    for (std::uint32_t v = 0; v < start.size(); ++v)
        for (std::uint32_t t = 0; t < mesh.triangles.size(); ++t) {
            const pbd::Triangle& tri = mesh.triangles[t];
            if (tri.a == v || tri.b == v || tri.c == v)
                continue;
            auto distance = [&](const std::vector<V3>& x) {
                return pbd::test::pointTriangleDistance(x[v], x[tri.a], x[tri.b], x[tri.c]);
            };
            const double reach = pad[v] + std::max({pad[tri.a], pad[tri.b], pad[tri.c]});
            if (closer(start, distance, reach) || closer(now, distance, reach))
                near.pointTriangles.emplace_back(v, t);
        }
    for (std::uint32_t e = 0; e < mesh.edges.size(); ++e)
        for (std::uint32_t f = e + 1; f < mesh.edges.size(); ++f) {
            // Plain names, not structured bindings: the lambda captures them (clang 14).
            const pbd::Index a = mesh.edges[e][0], b = mesh.edges[e][1];
            const pbd::Index c = mesh.edges[f][0], d = mesh.edges[f][1];
            if (a == c || a == d || b == c || b == d)
                continue;
            auto distance = [&](const std::vector<V3>& x) {
                return pbd::test::segmentSegmentDistance(x[a], x[b], x[c], x[d]);
            };
            const double reach = std::max(pad[a], pad[b]) + std::max(pad[c], pad[d]);
            if (closer(start, distance, reach) || closer(now, distance, reach))
                near.edgeEdges.emplace_back(e, f);
        }
    return near;
}

/// Whether two element contacts found the same pairs in the same order.
void requireSamePairs(const pbd::detail::ElementContact& a, const pbd::detail::ElementContact& b)
{
    REQUIRE(a.pointTriangles().size() == b.pointTriangles().size());
    REQUIRE(a.edgeEdges().size() == b.edgeEdges().size());
    for (std::size_t k = 0; k < b.pointTriangles().size(); ++k) {
        CHECK(a.pointTriangles()[k].v == b.pointTriangles()[k].v);
        CHECK(a.pointTriangles()[k].t == b.pointTriangles()[k].t);
    }
    for (std::size_t k = 0; k < b.edgeEdges().size(); ++k) {
        CHECK(a.edgeEdges()[k].e == b.edgeEdges()[k].e);
        CHECK(a.edgeEdges()[k].f == b.edgeEdges()[k].f);
    }
}

/// resolve() from `start` to `now` by `kept` (kept over substeps) and by `fresh` (made afresh
/// for it), on copies of `now`: the same pairs, positions and bounds. Returns the positions.
std::vector<V3> resolveKeptAndFresh(pbd::detail::ElementContact& kept,
                                    pbd::detail::ElementContact& fresh,
                                    const std::vector<V3>& start, const std::vector<V3>& now,
                                    const std::vector<double>& w,
                                    const pbd::ClothTopology& topology, double thickness)
{
    std::vector<V3> keptX = now, freshX = now;
    kept.resolve(keptX.data(), start.data(), w.data(), w.size(), topology, nullptr, thickness,
                 0.3, {});
    fresh.resolve(freshX.data(), start.data(), w.data(), w.size(), topology, nullptr,
                  thickness, 0.3, {});
    requireSamePairs(kept, fresh);
    CHECK(keptX == freshX);
    CHECK(kept.bounds() == fresh.bounds());
    return keptX;
}

} // namespace

TEST_CASE("the search by patches finds the grid search's pairs, every pair within its pads "
          "among them, and skips a flat sheet",
          "[self-contact3d]")
{
    // A 21 x 21 sheet on a 5 cm grid, 1 cm thick (5 x 5 patches of 4 x 4 cells), laid at its
    // start and now (moved up to 2 cm: larger pads) in shapes from flat to crumpled. Both
    // searches run resolve() on copies; the pairs before the proximity passes are compared.
    constexpr int side = 21;
    constexpr double h = 0.05, thickness = 0.01;
    const pbd::ClothTopology small = topologyOf(side, side, h);
    std::mt19937 random(38);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    auto jitter = [&](std::vector<V3> x, double by) {
        for (V3& p : x)
            p += by * V3(unit(random), unit(random), unit(random));
        return x;
    };
    auto shifted = [](std::vector<V3> x, V3 by) {
        for (V3& p : x)
            p += by;
        return x;
    };
    auto wave = [](double amplitude, double length, double squeeze) {
        return grid(side, side, h, [=](double c, double r) {
            return V3(squeeze * c, r, amplitude * std::sin(6.283185307179586 * c / length));
        });
    };
    const std::vector<V3> flat = grid(side, side, h, [](double c, double r) {
        return V3(c, r, 0.0);
    });
    // Folded in half across its rows, the upper half 1.5 cm above the lower.
    const std::vector<V3> folded = grid(side, side, h, [](double c, double r) {
        const double half = 0.5;
        return r <= half ? V3(c, r, 0.0) : V3(c, 2.0 * half - r, 0.015);
    });
    struct Case {
        const char* name;
        std::vector<V3> start, now;
        bool skipsAll; ///< the search by patches finds no candidate at all
    };
    const std::vector<Case> cases{
        {"flat", flat, flat, true},
        {"falling flat", flat, shifted(flat, V3(0.003, -0.02, 0.001)), true},
        {"gentle wave", wave(0.02, 1.0, 1.0), wave(0.021, 1.0, 1.0), false},
        {"tight wave", wave(0.03, 0.25, 1.0), wave(0.03, 0.25, 1.0), false},
        {"squeezed wave", wave(0.01, 0.5, 0.6), jitter(wave(0.01, 0.5, 0.55), 0.003), false},
        {"rough", jitter(flat, 0.004), jitter(flat, 0.006), false},
        {"crumpled", jitter(flat, 0.012), jitter(flat, 0.012), false},
        {"moved far", flat, jitter(flat, 0.02), false},
        {"folded", folded, jitter(folded, 0.002), false},
    };
    // A 41 x 41 sheet (10 x 10 patches) flat but for a crumpled corner: few patches near
    // another (their elements gathered from the patches' lists).
    const pbd::ClothTopology large = topologyOf(41, 41, h);
    const std::vector<V3> largeFlat = grid(41, 41, h, [](double c, double r) {
        return V3(c, r, 0.0);
    });
    std::vector<V3> corner = largeFlat;
    for (int r = 0; r < 6; ++r)
        for (int c = 0; c < 6; ++c)
            corner[static_cast<std::size_t>(c + 41 * r)] +=
                0.012 * V3(unit(random), unit(random), unit(random));
    std::vector<Case> all = cases;
    all.push_back({"crumpled corner", largeFlat, corner, false});
    std::size_t flatSkipped = 0;
    for (const Case& c : all) {
        CAPTURE(c.name);
        const pbd::ClothTopology& topology = c.start.size() == flat.size() ? small : large;
        const std::vector<double> w(c.start.size(), 1.0);
        std::vector<V3> byPatches = c.now, byGrid = c.now;
        pbd::detail::ElementContact patches, cells;
        patches.resolve(byPatches.data(), c.start.data(), w.data(), w.size(), topology, nullptr,
                        thickness, 0.3, {});
        cells.resolve(byGrid.data(), c.start.data(), w.data(), w.size(), topology, nullptr,
                      thickness, 0.3, {.patches = false});
        // The same pairs in the same order, so the same positions after the passes.
        requireSamePairs(patches, cells);
        CHECK(byPatches == byGrid);
        // Every pair within its pads is one of them: none was left out as flat (or as in-sheet
        // neighbours shown apart) that was not apart.
        const NearPairs near = pairsWithinPads(patches.mesh(), patches.pads(), c.start, c.now);
        std::size_t missing = 0;
        for (const auto& vt : near.pointTriangles)
            missing += std::none_of(
                patches.pointTriangles().begin(), patches.pointTriangles().end(),
                [&](const auto& p) { return p.v == vt.first && p.t == vt.second; });
        for (const auto& ef : near.edgeEdges)
            missing += std::none_of(
                patches.edgeEdges().begin(), patches.edgeEdges().end(),
                [&](const auto& p) { return p.e == ef.first && p.f == ef.second; });
        CAPTURE(near.pointTriangles.size(), near.edgeEdges.size());
        CHECK(missing == 0);
        // What the patches skipped: the grid search's candidates (before the filter) less
        // theirs.
        flatSkipped += cells.candidatePointTriangles().size() + cells.candidateEdgeEdges().size() -
                       patches.candidatePointTriangles().size() -
                       patches.candidateEdgeEdges().size();
        if (c.skipsAll) {
            CHECK(patches.candidatePointTriangles().empty());
            CHECK(patches.candidateEdgeEdges().empty());
        }
    }
    CHECK(flatSkipped > 0);
}

TEST_CASE("the patches' start sides kept from the last substep give a fresh search's bits",
          "[self-contact3d]")
{
    // A 21 x 21 sheet on a 5 cm grid, 1 cm thick (5 x 5 patches), falling flat; each substep
    // starts where the last one ended (the start sides kept) but for a band of rows that
    // starts crumpled, while every particle ends on the flat sheet. A patch of the band that
    // wrongly kept its start side would take its block as flat at the start and drop the
    // band's pairs. The same resolve() by an ElementContact made afresh in each substep (all
    // measured) must give the same pairs, positions and bounds.
    constexpr int side = 21;
    constexpr double h = 0.05, thickness = 0.01;
    const pbd::ClothTopology topology = topologyOf(side, side, h);
    std::mt19937 random(38);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    auto flatAt = [&](double fall) {
        return grid(side, side, h, [fall](double c, double r) { return V3(c, r - fall, 0.0); });
    };
    const std::vector<double> w(static_cast<std::size_t>(side * side), 1.0);
    std::vector<V3> start = flatAt(0.0), now = flatAt(0.004);
    pbd::detail::ElementContact kept;
    std::size_t keptSome = 0, bandPairs = 0;
    for (int substep = 0; substep < 6; ++substep) {
        CAPTURE(substep);
        pbd::detail::ElementContact fresh;
        const std::vector<V3> keptX =
            resolveKeptAndFresh(kept, fresh, start, now, w, topology, thickness);
        if (substep > 0) {
            // Some patches kept their start side, not the band's.
            CHECK(kept.keptPatches() > 0);
            CHECK(kept.keptPatches() < kept.patchCount());
            keptSome += kept.keptPatches();
            bandPairs += fresh.pointTriangles().size() + fresh.edgeEdges().size();
        }
        // The next substep: from where this one ended, a band of 5 rows (moving up the sheet)
        // crumpled by up to 1.2 cm, to the flat sheet 4 mm lower.
        start = keptX;
        const int band = 3 * substep % (side - 5);
        for (int r = band; r < band + 5; ++r)
            for (int c = 0; c < side; ++c)
                start[static_cast<std::size_t>(c + side * r)] +=
                    0.012 * V3(unit(random), unit(random), unit(random));
        now = flatAt(0.004 * (substep + 2));
    }
    CHECK(keptSome > 0);
    CHECK(bandPairs > 0); // the crumpled bands had pairs to lose
}

TEST_CASE("the element contact gives the same bits on 1 to 3 threads", "[self-contact3d]")
{
    // A 190 x 190 sheet (36100 particles: the passes over every particle, the patches' table
    // and pairs and the speed limit all take the pool), flat but for a crumpled band, every
    // 50th particle flung 8 cm (beyond its speed limit): two substeps, the second from where
    // the first ended, on 1 thread and on 2 and 3.
    constexpr int side = 190;
    constexpr double h = 0.05, thickness = 0.01;
    const pbd::ClothTopology topology = topologyOf(side, side, h);
    const std::vector<double> w(static_cast<std::size_t>(side * side), 1.0);
    std::mt19937 random(7);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    std::vector<V3> start = grid(side, side, h, [](double c, double r) { return V3(c, r, 0.0); });
    std::vector<std::vector<V3>> ends(2);
    for (int substep = 0; substep < 2; ++substep) {
        std::vector<V3> now = start;
        for (std::size_t i = 0; i < now.size(); ++i) {
            now[i].y -= 0.003;
            const int row = static_cast<int>(i) / side;
            if (row >= 60 + 20 * substep && row < 70 + 20 * substep)
                now[i] += 0.012 * V3(unit(random), unit(random), unit(random));
            if (i % 50 == 0)
                now[i] += 0.08 * V3(unit(random), unit(random), unit(random));
        }
        ends[static_cast<std::size_t>(substep)] = now;
        start = now;
    }
    struct Result {
        std::vector<V3> x;
        std::vector<double> bounds;
        std::size_t pairs = 0, moved = 0;
    };
    auto run = [&](unsigned threads) {
        pbd::detail::ElementContact contact;
        std::vector<V3> from = grid(side, side, h, [](double c, double r) { return V3(c, r, 0.0); });
        Result result;
        for (const std::vector<V3>& end : ends) {
            result.x = end;
            contact.resolve(result.x.data(), from.data(), w.data(), w.size(), topology, nullptr,
                            thickness, 0.3, {}, threads, pbd::test::threadsRun(threads));
            result.moved += contact.bound(result.x.data(), w.data(), w.size(), threads,
                                          pbd::test::threadsRun(threads));
            result.pairs += contact.pointTriangles().size() + contact.edgeEdges().size();
            from = result.x;
        }
        result.bounds = contact.bounds();
        return result;
    };
    const Result one = run(1);
    CHECK(one.pairs > 0);
    CHECK(one.moved > 0);
    for (unsigned threads : {2u, 3u}) {
        CAPTURE(threads);
        const Result many = run(threads);
        CHECK(many.pairs == one.pairs);
        CHECK(many.moved == one.moved);
        CHECK(many.bounds == one.bounds);
        CHECK(many.x == one.x);
    }
}

TEST_CASE("a flat sheet's edges near a capsule are found by the search by patches as by the "
          "grid search", "[self-contact3d]")
{
    // A flat 21 x 21 sheet on a 5 cm grid, 1 cm thick, 1 m above the origin: every block of
    // patches flat, so the search by patches makes no element's box. A thin capsule lies 8 mm
    // above it across its middle: the edges under it must meet its axis (their bounds and
    // guards) with the patches as without them, each edge's box made for the axes.
    constexpr int side = 21;
    constexpr double h = 0.05, thickness = 0.01;
    const pbd::ClothTopology topology = topologyOf(side, side, h);
    const std::vector<V3> flat = grid(side, side, h, [](double c, double r) {
        return V3(c, 1.0, r);
    });
    const std::vector<pbd::Obstacle3> obstacles{
        capsuleFrom(V3(-0.1, 1.008, 0.52), V3(1.1, 1.008, 0.52), 0.002)};
    const std::vector<double> w(flat.size(), 1.0);
    auto axisGuards = [&](pbd::detail::SelfContactSwitches switches, std::vector<V3>& x) {
        pbd::detail::ElementContact contact;
        contact.setCapsules(obstacles, 0, 1);
        contact.resolve(x.data(), flat.data(), w.data(), w.size(), topology, nullptr, thickness,
                        0.3, switches);
        std::vector<double> limits;
        std::vector<pbd::detail::SelfContactGuard> guards;
        contact.boundInputs(x.size(), limits, guards);
        return std::count_if(guards.begin(), guards.end(),
                             [](const pbd::detail::SelfContactGuard& g) { return g.v[0] == g.v[2]; });
    };
    std::vector<V3> byPatches = flat, byGrid = flat;
    const auto patched = axisGuards({}, byPatches);
    const auto gridded = axisGuards({.patches = false}, byGrid);
    CAPTURE(patched, gridded);
    CHECK(gridded > 0);
    CHECK(patched == gridded);
    CHECK(byPatches == byGrid);
}

TEST_CASE("candidates reused over a fall are a fresh search's, pairs and bits too",
          "[self-contact3d]")
{
    // A 21 x 21 sheet on a 5 cm grid, 1 cm thick, folded in half across its rows (the upper
    // half 4 cm above the lower) and crumpled by up to 8 mm (most patches near another: the
    // grid search with its reuse). In each substep it falls 3 cm (three times the thickness,
    // far beyond the skin) while the upper half comes 3 mm nearer the lower, so that pairs
    // across the layers appear; each substep starts where the last ended. One
    // ElementContact kept over all substeps (its candidates reused while the shape allows)
    // against one made afresh in each: the same candidates (those a device search must give:
    // every pair sharing no particle whose boxes overlap now, by brute force, in the
    // canonical order), pairs, positions and bounds.
    constexpr int side = 21;
    constexpr double h = 0.05, thickness = 0.01;
    const pbd::ClothTopology topology = topologyOf(side, side, h);
    std::mt19937 random(7);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    auto upper = [](std::size_t k) { return k / side > side / 2; };
    std::vector<V3> start = grid(side, side, h, [](double c, double r) {
        const double half = 0.5;
        return r <= half ? V3(c, r, 0.0) : V3(c, 2.0 * half - r, 0.04);
    });
    for (V3& p : start)
        p += 0.008 * V3(unit(random), unit(random), unit(random));
    const std::vector<double> w(start.size(), 1.0);
    pbd::detail::ElementContact kept;
    constexpr int substeps = 12;
    std::size_t candidates = 0, across = 0;
    for (int substep = 0; substep < substeps; ++substep) {
        CAPTURE(substep);
        std::vector<V3> now = start;
        for (std::size_t k = 0; k < now.size(); ++k)
            now[k] += V3(0.004, -0.03, upper(k) ? -0.001 : 0.002) +
                      0.0002 * V3(unit(random), unit(random), unit(random));
        pbd::detail::ElementContact fresh;
        const std::vector<V3> keptX =
            resolveKeptAndFresh(kept, fresh, start, now, w, topology, thickness);
        // Every pair whose boxes overlap now, by brute force, in the canonical order.
        auto overlap = [](const std::array<V3, 2>& p, const std::array<V3, 2>& q) {
            for (int a = 0; a < 3; ++a)
                if (!(p[0][a] <= q[1][a] && q[0][a] <= p[1][a]))
                    return false;
            return true;
        };
        const pbd::detail::SurfaceMesh& mesh = kept.mesh();
        std::vector<std::pair<std::uint32_t, std::uint32_t>> pointTriangles, edgeEdges;
        for (std::uint32_t v = 0; v < w.size(); ++v)
            for (std::uint32_t t = 0; t < mesh.triangles.size(); ++t) {
                const pbd::Triangle& tri = mesh.triangles[t];
                if (tri.a != v && tri.b != v && tri.c != v &&
                    overlap(kept.pointBoxes()[v], kept.triangleBoxes()[t])) {
                    pointTriangles.emplace_back(v, t);
                    // A point of one layer over a triangle of the other, off the fold.
                    const auto row = [](std::uint32_t k) { return static_cast<int>(k) / side; };
                    across += upper(v) != upper(tri.a) && std::abs(row(v) - row(tri.a)) > 3;
                }
            }
        for (std::uint32_t e = 0; e < mesh.edges.size(); ++e)
            for (std::uint32_t f = e + 1; f < mesh.edges.size(); ++f) {
                const auto& [a, b] = mesh.edges[e];
                const auto& [c, d] = mesh.edges[f];
                if (a != c && a != d && b != c && b != d &&
                    overlap(kept.edgeBoxes()[e], kept.edgeBoxes()[f]))
                    edgeEdges.emplace_back(e, f);
            }
        REQUIRE(kept.candidatePointTriangles().size() == pointTriangles.size());
        REQUIRE(kept.candidateEdgeEdges().size() == edgeEdges.size());
        for (std::size_t k = 0; k < pointTriangles.size(); ++k) {
            CHECK(kept.candidatePointTriangles()[k].v == pointTriangles[k].first);
            CHECK(kept.candidatePointTriangles()[k].t == pointTriangles[k].second);
        }
        for (std::size_t k = 0; k < edgeEdges.size(); ++k) {
            CHECK(kept.candidateEdgeEdges()[k].e == edgeEdges[k].first);
            CHECK(kept.candidateEdgeEdges()[k].f == edgeEdges[k].second);
        }
        CHECK(fresh.candidatePointTriangles().size() == pointTriangles.size());
        CHECK(fresh.candidateEdgeEdges().size() == edgeEdges.size());
        candidates += pointTriangles.size() + edgeEdges.size();
        start = keptX;
    }
    CHECK(candidates > 0);
    CHECK(across > 0); // the layers came near: pairs across them appeared
    // The candidates were reused in most substeps, yet searched again as the layers neared.
    INFO(kept.searches() << " searches in " << substeps << " substeps");
    CHECK(kept.searches() >= 2);
    CHECK(kept.searches() <= substeps / 2);
}
