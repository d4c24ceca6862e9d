// The contact phase: where the obstacles are in a substep, and how each particle is put back
// outside them with continuous collision and Coulomb friction. Per particle, so that any
// split of the particles into ranges gives the same bits.

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "contacts.h"

namespace pbd::detail {
namespace {

constexpr double kDegree = std::numbers::pi / 180.0;
/// Passes over the obstacles that push a particle out of their union: one suffices unless
/// obstacles overlap; where they do, each pass pushes it out of the ones it is still in.
constexpr int kContactPasses = 8;
/// Depth below which a particle counts as on the surface, not in it, m: what rounding leaves
/// of a particle just put on a surface.
constexpr double kSlop = 1e-12;

double dot(glm::dvec2 a, glm::dvec2 b) { return a.x * b.x + a.y * b.y; }

/// An angle difference in degrees wrapped into (-180, 180]: the shorter turn.
double shorterTurn(double degrees)
{
    double d = std::remainder(degrees, 360.0);
    return d == -180.0 ? 180.0 : d;
}

/// The pose at fraction f of the step, on the way from `start` to `end`.
ObstaclePose poseAt(const ObstaclePose& start, const ObstaclePose& end, double f)
{
    if (f >= 1.0)
        return end;
    return {start.centre + f * (end.centre - start.centre),
            start.angle + f * shorterTurn(end.angle - start.angle)};
}

glm::dvec2 unit(double degrees) { return {std::cos(degrees * kDegree), std::sin(degrees * kDegree)}; }

/// The obstacle's core and radius at `pose` (its own when `own`, exactly as given).
ContactShape shapeAt(const Obstacle& o, const ObstaclePose& pose, bool own, double grow)
{
    ContactShape s;
    switch (o.shape) {
    case ObstacleShape::Circle:
        s.core = ContactShape::Core::Point;
        s.a = pose.centre;
        s.r = o.radius + grow;
        s.lo = s.a - s.r;
        s.hi = s.a + s.r;
        break;
    case ObstacleShape::Capsule: {
        s.core = ContactShape::Core::Segment;
        if (own) {
            s.a = o.a;
            s.b = o.b;
        } else {
            const glm::dvec2 d = o.b - o.a;
            const glm::dvec2 half = 0.5 * std::sqrt(dot(d, d)) * unit(pose.angle);
            s.a = pose.centre - half;
            s.b = pose.centre + half;
        }
        s.r = o.radius + grow;
        s.lo = glm::dvec2(std::min(s.a.x, s.b.x), std::min(s.a.y, s.b.y)) - s.r;
        s.hi = glm::dvec2(std::max(s.a.x, s.b.x), std::max(s.a.y, s.b.y)) + s.r;
        break;
    }
    case ObstacleShape::Box: {
        s.core = ContactShape::Core::Rectangle;
        s.a = pose.centre;
        s.u = unit(pose.angle);
        s.half = {0.5 * o.width, 0.5 * o.height};
        s.r = grow;
        const glm::dvec2 extent(std::abs(s.u.x) * s.half.x + std::abs(s.u.y) * s.half.y,
                                std::abs(s.u.y) * s.half.x + std::abs(s.u.x) * s.half.y);
        s.lo = s.a - extent - s.r;
        s.hi = s.a + extent + s.r;
        break;
    }
    case ObstacleShape::Ground: {
        s.core = ContactShape::Core::HalfPlane;
        s.a = pose.centre;
        const glm::dvec2 along = unit(pose.angle);
        s.u = {-along.y, along.x};
        s.r = grow;
        s.lo = glm::dvec2(-std::numeric_limits<double>::infinity());
        s.hi = glm::dvec2(std::numeric_limits<double>::infinity());
        break;
    }
    }
    return s;
}

bool overlaps(const ContactShape& s, glm::dvec2 lo, glm::dvec2 hi)
{
    return lo.x <= s.hi.x && hi.x >= s.lo.x && lo.y <= s.hi.y && hi.y >= s.lo.y;
}

/// Coulomb friction at a contact of normal n whose normal correction was `depth`: the
/// particle's motion relative to the surface over the substep (from `carriedStart`, where it
/// would be had it moved with the obstacle) loses its tangential part up to mu depth, all of it
/// when it is shorter (static friction).
glm::dvec2 withFriction(glm::dvec2 p, glm::dvec2 carriedStart, glm::dvec2 n, double depth,
                        double mu)
{
    const glm::dvec2 moved = p - carriedStart;
    const glm::dvec2 tangential = moved - dot(moved, n) * n;
    const double length = std::sqrt(dot(tangential, tangential));
    const double limit = mu * depth;
    if (length <= limit)
        return p - tangential;
    return p - (limit / length) * tangential;
}

} // namespace

void prepareContacts(std::span<const Obstacle> obstacles, double thickness, double friction,
                     int substep, int substeps, ContactWorld& world)
{
    world.friction = friction;
    world.shapes.resize(obstacles.size());
    const double grow = 0.5 * thickness;
    const double f0 = static_cast<double>(substep) / substeps;
    const double f1 = substep + 1 == substeps ? 1.0 : static_cast<double>(substep + 1) / substeps;
    for (std::size_t k = 0; k < obstacles.size(); ++k) {
        const Obstacle& o = obstacles[k];
        const ObstaclePose end = obstaclePose(o);
        const bool moving = !(o.start == end);
        const ObstaclePose at = moving ? poseAt(o.start, end, f1) : end;
        ContactShape& s = world.shapes[k];
        s = shapeAt(o, at, !moving || f1 >= 1.0, grow);
        s.moving = moving;
        if (moving) {
            const ObstaclePose before = poseAt(o.start, end, f0);
            const double turn = shorterTurn(at.angle - before.angle) * kDegree;
            s.from = before.centre;
            s.to = at.centre;
            s.cosTurn = std::cos(turn);
            s.sinTurn = std::sin(turn);
        }
    }
}

void resolveContacts(const ContactWorld& world, glm::dvec2* x, const glm::dvec2* x0,
                     const double* w, std::size_t begin, std::size_t end)
{
    const std::size_t count = world.shapes.size();
    const ContactShape* shapes = world.shapes.data();
    const double mu = world.friction;
    for (std::size_t i = begin; i < end; ++i) {
        if (w[i] == 0.0)
            continue;
        glm::dvec2 p = x[i];
        const glm::dvec2 start = x0[i];
        bool touched = false;
        // Continuous collision first: the earliest obstacle the path from the start (as the
        // obstacle carried it) to p enters stops it there; p goes back onto the tangent line
        // at that point, keeping its motion along the surface.
        double first = 2.0;
        std::size_t hit = count;
        glm::dvec2 hitStart(0.0);
        for (std::size_t k = 0; k < count; ++k) {
            const ContactShape& s = shapes[k];
            const glm::dvec2 from = carried(s, start);
            const glm::dvec2 lo(std::min(from.x, p.x), std::min(from.y, p.y));
            const glm::dvec2 hi(std::max(from.x, p.x), std::max(from.y, p.y));
            if (!overlaps(s, lo, hi) || surfaceDistance(s, from).d < -kSlop)
                continue; // out of reach, or it started inside: the passes push it out
            const double t = entryFraction(s, from, p);
            if (t >= 0.0 && t < first) {
                first = t;
                hit = k;
                hitStart = from;
            }
        }
        if (hit != count) {
            const glm::dvec2 at = hitStart + first * (p - hitStart);
            const glm::dvec2 n = surfaceDistance(shapes[hit], at).n;
            const double depth = dot(at - p, n);
            if (depth > 0.0) {
                p += depth * n;
                if (mu > 0.0)
                    p = withFriction(p, hitStart, n, depth, mu);
                touched = true;
            }
        }
        // Then out of every obstacle it is in, to the nearest surface point; where obstacles
        // overlap, out of the union by repeated passes.
        for (int pass = 0; pass < kContactPasses; ++pass) {
            bool moved = false;
            for (std::size_t k = 0; k < count; ++k) {
                const ContactShape& s = shapes[k];
                if (!overlaps(s, p, p))
                    continue;
                const SurfaceDistance sd = surfaceDistance(s, p);
                if (sd.d >= -kSlop)
                    continue;
                p -= sd.d * sd.n;
                if (mu > 0.0)
                    p = withFriction(p, carried(s, start), sd.n, -sd.d, mu);
                moved = true;
            }
            if (!moved)
                break;
            touched = true;
        }
        if (touched)
            x[i] = p;
    }
}

} // namespace pbd::detail
