// The contact phase in D dimensions: how each particle is put back outside the obstacles'
// shapes of a substep (where each dimension's obstacles are: obstacle.cpp in 2D, contacts3.cpp
// in 3D) with continuous collision and Coulomb friction. Per particle, so that any split of
// the particles into ranges gives the same bits.

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

#include "pbd/device/contacts.h"

namespace pbd::detail {
namespace {

/// Depth below which a particle counts as on the surface, not in it, m: what rounding leaves
/// of a particle just put on a surface.
constexpr double kSlop = 1e-12;

/// Whether the box [lo, hi] reaches the grown shape's bounding box, or, for a half-space,
/// the grown half-space itself (its corner deepest along the normal does).
template <glm::length_t D>
bool overlaps(const ContactShapeOf<D>& s, Vec<D> lo, Vec<D> hi)
{
    if (s.core == ContactShapeOf<D>::Core::HalfSpace) {
        Vec<D> corner;
        for (glm::length_t k = 0; k < D; ++k)
            corner[k] = s.normal[k] >= 0.0 ? lo[k] : hi[k];
        return dot(corner - s.a, s.normal) - s.r <= 0.0;
    }
    for (glm::length_t k = 0; k < D; ++k)
        if (!(lo[k] <= s.hi[k] && hi[k] >= s.lo[k]))
            return false;
    return true;
}

/// Coulomb friction at a contact of normal n whose normal correction was `depth`: the
/// particle's motion relative to the surface over the substep (from `carriedStart`, where it
/// would be had it moved with the obstacle) loses its tangential part up to mu depth, all of it
/// when it is shorter (static friction).
template <glm::length_t D>
Vec<D> withFriction(Vec<D> p, Vec<D> carriedStart, Vec<D> n, double depth, double mu)
{
    const Vec<D> moved = p - carriedStart;
    const Vec<D> tangential = moved - dot(moved, n) * n;
    const double length = std::sqrt(dot(tangential, tangential));
    const double limit = mu * depth;
    if (length <= limit)
        return p - tangential;
    return p - (limit / length) * tangential;
}

/// The shortest way found out of the union of the shapes a point is in.
template <glm::length_t D>
struct PushOut {
    std::size_t shape;  ///< the shape whose normal it leaves along; the count when it is in none
    Vec<D> n{0.0};      ///< that unit normal
    double distance = 0.0;
    bool stuck = false; ///< it is in some shape, but no way out was found
};

/// Out of the union of the shapes p is in: along the outward normal at p of each shape it is
/// in, to where that ray leaves every shape (a ray leaves a convex shape once and never comes
/// back, so that walk ends after at most one exit per shape); the shortest of these. A walk
/// that meets another shape adds that shape's normal there as one more way to try (a box
/// standing on the ground: down through the box meets the ground, and up is the way out).
/// With one shape it is the nearest surface point; where shapes overlap, the point is never
/// left inside one.
template <glm::length_t D>
PushOut<D> pushOut(const ContactShapeOf<D>* shapes, std::size_t count, Vec<D> p)
{
    constexpr std::size_t kMaxWays = 16;
    constexpr std::size_t kPairRoom = 6; // kept for the wedges' ways
    struct Way {
        std::size_t shape;
        Vec<D> n;
        double distance;
    };
    Way ways[kMaxWays];
    std::size_t wayCount = 0;
    auto inside = [&](std::size_t k, Vec<D> q, SurfaceDistanceOf<D>& sd) {
        if (!overlaps(shapes[k], q, q))
            return false;
        sd = surfaceDistance(shapes[k], q);
        return sd.d < -kSlop;
    };
    for (std::size_t k = 0; k < count && wayCount < kMaxWays; ++k) {
        SurfaceDistanceOf<D> sd;
        if (inside(k, p, sd))
            ways[wayCount++] = {k, sd.n, -sd.d};
    }
    PushOut<D> best{count};
    bool paired = false;
    for (std::size_t w = 0; w < wayCount; ++w) {
        const Way way = ways[w];
        double distance = way.distance;
        bool out = false;
        for (std::size_t walk = 0; walk <= count && std::isfinite(distance); ++walk) {
            const Vec<D> q = p + distance * way.n;
            std::size_t in = count;
            SurfaceDistanceOf<D> sd;
            for (std::size_t j = 0; j < count && in == count; ++j)
                if (inside(j, q, sd))
                    in = j;
            if (in == count) {
                out = true;
                break;
            }
            if (wayCount + kPairRoom < kMaxWays)
                ways[wayCount++] = {in, sd.n, 0.0}; // from p, along the met shape's normal
            distance += exitDistance(shapes[in], q, way.n);
        }
        if (out && (best.shape == count || distance < best.distance))
            best = {way.shape, way.n, distance};
        if (w + 1 == wayCount && best.shape == count && !paired) {
            paired = true;
            const std::size_t known = wayCount;
            // Where two surfaces meet at a wedge neither normal leads out: the corner, found as if
            // both were lines (p + a n_i + b n_j on both), and the bisector.
            for (std::size_t i = 0; i < known; ++i)
                for (std::size_t j = i + 1; j < known && wayCount + 2 <= kMaxWays; ++j) {
                    const Vec<D> ni = ways[i].n, nj = ways[j].n;
                    const double c = dot(ni, nj);
                    const double det = 1.0 - c * c;
                    if (det > 1e-12) {
                        const double a = (ways[i].distance - c * ways[j].distance) / det;
                        const double b = (ways[j].distance - c * ways[i].distance) / det;
                        const Vec<D> corner = a * ni + b * nj;
                        const double length = std::sqrt(dot(corner, corner));
                        if (length > 0.0)
                            ways[wayCount++] = {ways[i].shape, corner / length, 0.0};
                    }
                    const Vec<D> sum = ni + nj;
                    const double length = std::sqrt(dot(sum, sum));
                    if (length > 1e-12)
                        ways[wayCount++] = {ways[i].shape, sum / length, 0.0};
                }
        }
    }
    best.stuck = best.shape == count && wayCount > 0;
    return best;
}

/// One particle's contacts over every shape: from `start` (its place at the substep's start)
/// to `end` (after the constraints); returns where it ends, or nothing when no shape touched it.
template <glm::length_t D>
std::optional<Vec<D>> resolveParticle(const ContactShapeOf<D>* shapes, std::size_t count,
                                      double mu, Vec<D> start, Vec<D> end)
{
    Vec<D> p = end;
    bool touched = false;
    // Continuous collision first: the earliest obstacle the path from the start (as the
    // obstacle carried it) to p enters stops it there; p goes back onto the tangent line
    // at that point, keeping its motion along the surface.
    double first = 2.0;
    std::size_t hit = count;
    Vec<D> hitStart(0.0);
    for (std::size_t k = 0; k < count; ++k) {
        const ContactShapeOf<D>& s = shapes[k];
        const Vec<D> from = carried(s, start);
        if (!overlaps(s, lowerOf(from, p), upperOf(from, p)) || surfaceDistance(s, from).d < -kSlop)
            continue; // out of reach, or it started inside: the passes push it out
        const double t = entryFraction(s, from, p);
        if (t >= 0.0 && t < first) {
            first = t;
            hit = k;
            hitStart = from;
        }
    }
    if (hit != count) {
        const Vec<D> at = hitStart + first * (p - hitStart);
        const Vec<D> n = surfaceDistance(shapes[hit], at).n;
        const double depth = dot(at - p, n);
        if (depth > 0.0) {
            p += depth * n;
            if (mu > 0.0)
                p = withFriction(p, hitStart, n, depth, mu);
            touched = true;
        }
    }
    // Then out of the union of the obstacles it is in (the first round with friction,
    // and a second without should friction have moved it into one).
    for (int round = 0; round < 2; ++round) {
        const PushOut<D> out = pushOut(shapes, count, p);
        if (out.stuck) {
            // No way out found (a pocket among many overlapping shapes): back to the start,
            // when that is outside them all: the particle stops there.
            const PushOut<D> back = pushOut(shapes, count, start);
            if (back.shape == count && !back.stuck) {
                p = start;
                touched = true;
            }
            break;
        }
        if (out.shape == count)
            break;
        p += out.distance * out.n;
        if (mu > 0.0 && round == 0)
            p = withFriction(p, carried(shapes[out.shape], start), out.n, out.distance, mu);
        touched = true;
    }
    if (!touched)
        return std::nullopt;
    return p;
}

} // namespace

template <glm::length_t D>
void resolveContacts(const ContactWorldOf<D>& world, Vec<D>* x, const Vec<D>* x0,
                     const double* w, std::size_t begin, std::size_t end)
{
    const std::size_t count = world.shapes.size();
    const ContactShapeOf<D>* shapes = world.shapes.data();
    // Broad phase: per block of particles the shapes that reach the box of their paths (every
    // moving one: it carries the starts elsewhere); per particle, the whole resolution only
    // when its path's box reaches one of them. A particle skipped here is one the whole
    // resolution would leave alone, so any split into blocks and ranges gives the same bits.
    constexpr std::size_t kBlock = 256;
    std::vector<std::size_t> near;
    near.reserve(count);
    for (std::size_t block = begin; block < end; block += kBlock) {
        const std::size_t blockEnd = std::min(end, block + kBlock);
        Vec<D> lo(std::numeric_limits<double>::infinity());
        Vec<D> hi(-std::numeric_limits<double>::infinity());
        for (std::size_t i = block; i < blockEnd; ++i) {
            lo = lowerOf(lowerOf(lo, x[i]), x0[i]);
            hi = upperOf(upperOf(hi, x[i]), x0[i]);
        }
        near.clear();
        for (std::size_t k = 0; k < count; ++k)
            if (shapes[k].moving || overlaps(shapes[k], lo, hi))
                near.push_back(k);
        if (near.empty())
            continue;
        for (std::size_t i = block; i < blockEnd; ++i) {
            if (w[i] == 0.0)
                continue;
            const Vec<D> a = x0[i], b = x[i];
            const Vec<D> pathLo = lowerOf(a, b);
            const Vec<D> pathHi = upperOf(a, b);
            bool reaches = false;
            for (std::size_t k : near)
                reaches = reaches || shapes[k].moving || overlaps(shapes[k], pathLo, pathHi);
            if (!reaches)
                continue;
            if (const auto p = resolveParticle(shapes, count, world.friction, a, b))
                x[i] = *p;
        }
    }
}

template void resolveContacts(const ContactWorldOf<2>&, Vec<2>*, const Vec<2>*, const double*,
                              std::size_t, std::size_t);
template void resolveContacts(const ContactWorldOf<3>&, Vec<3>*, const Vec<3>*, const double*,
                              std::size_t, std::size_t);

} // namespace pbd::detail
