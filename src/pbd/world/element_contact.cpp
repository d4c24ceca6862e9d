// Self-contact between the cloth's elements in 3D (element_contact.h): the search, the
// motion bound and the proximity contacts.

#include "world/element_contact.h"

#include <algorithm>
#include <cmath>

#include "world/element_geometry.h"

namespace pbd::detail {
namespace {

using V3 = Vec<3>;

/// A grid cell's key: its three coordinates, 21 bits each (cells beyond share keys, which
/// costs only extra candidates: every candidate's boxes are compared).
std::uint64_t cellKey(std::int64_t i, std::int64_t j, std::int64_t k)
{
    auto bits = [](std::int64_t c) {
        return static_cast<std::uint64_t>(std::clamp<std::int64_t>(c + (1 << 20), 0,
                                                                   (1 << 21) - 1));
    };
    return bits(i) | bits(j) << 21 | bits(k) << 42;
}

std::int64_t cellOf(double c, double size)
{
    const double f = std::floor(c / size);
    return static_cast<std::int64_t>(std::clamp(f, -4e6, 4e6));
}

bool overlap(const std::array<V3, 2>& p, const std::array<V3, 2>& q)
{
    return p[0].x <= q[1].x && q[0].x <= p[1].x && p[0].y <= q[1].y && q[0].y <= p[1].y &&
           p[0].z <= q[1].z && q[0].z <= p[1].z;
}

/// Calls f(key) for every cell a box touches.
template <typename F>
void forCells(const std::array<V3, 2>& box, double size, F f)
{
    const std::int64_t i0 = cellOf(box[0].x, size), i1 = cellOf(box[1].x, size);
    const std::int64_t j0 = cellOf(box[0].y, size), j1 = cellOf(box[1].y, size);
    const std::int64_t k0 = cellOf(box[0].z, size), k1 = cellOf(box[1].z, size);
    for (std::int64_t k = k0; k <= k1; ++k)
        for (std::int64_t j = j0; j <= j1; ++j)
            for (std::int64_t i = i0; i <= i1; ++i)
                f(cellKey(i, j, k));
}

/// The unit vector along d, or `fallback` when d is too short to have a direction.
V3 unitOr(const V3& d, const V3& fallback)
{
    const double len = std::sqrt(squaredLength(d));
    return len > 1e-300 ? d / len : fallback;
}

} // namespace

void ElementContact::buildMesh(const ClothTopology& topology, const std::uint8_t* alive)
{
    if (meshWidth_ != topology.width || meshHeight_ != topology.height ||
        triangleEdges_.size() != 2 * topology.cellCount()) {
        triangleEdges_ = surfaceTriangleEdges(topology);
        meshWidth_ = topology.width;
        meshHeight_ = topology.height;
    }
    mesh_.triangles.clear();
    mesh_.edges.clear();
    mesh_.longestRest = 0.0;
    std::vector<std::uint32_t>& edgeIds = found_;
    edgeIds.clear();
    for (std::size_t t = 0; t < triangleEdges_.size(); ++t) {
        const auto& e = triangleEdges_[t];
        for (std::uint32_t k : e)
            if (alive == nullptr || alive[k] != 0)
                edgeIds.push_back(k);
        if (alive == nullptr || (alive[e[0]] != 0 && alive[e[1]] != 0 && alive[e[2]] != 0))
            mesh_.triangles.push_back(topology.surfaceTriangle(t));
    }
    std::sort(edgeIds.begin(), edgeIds.end());
    edgeIds.erase(std::unique(edgeIds.begin(), edgeIds.end()), edgeIds.end());
    for (std::uint32_t k : edgeIds) {
        const DistanceConstraint& c = topology.constraints[k];
        mesh_.edges.push_back({c.a, c.b});
        mesh_.longestRest = std::max(mesh_.longestRest, c.restLength);
    }
}

void ElementContact::resolve(V3* x, const V3* x0, const double* w, std::size_t n,
                             const ClothTopology& topology, const std::uint8_t* alive,
                             double thickness, double friction, SelfContactSwitches switches)
{
    switches_ = switches;
    buildMesh(topology, alive);
    start_.resize(n);
    // The common motion: the particles' mean displacement since the start. The bound
    // applies to each particle's motion relative to it (a translation of the whole changes no
    // distance), so that a falling or flying cloth is not slowed.
    V3 sum(0.0);
    std::size_t movable = 0;
    for (std::size_t i = 0; i < n; ++i) {
        start_[i] = w[i] != 0.0 ? x0[i] : x[i];
        if (w[i] != 0.0) {
            sum += x[i] - start_[i];
            ++movable;
        }
    }
    // An immovable particle cannot follow it: then none (its motion, 0, must be within bound).
    common_ = movable == n && n > 0 ? sum / static_cast<double>(movable) : V3(0.0);
    double moved = 0.0; // the farthest any particle went relative to the common motion
    for (std::size_t i = 0; i < n; ++i)
        moved = std::max(moved, squaredLength(V3(x[i] - start_[i] - common_)));
    moved = std::sqrt(moved);
    // The reach: pairs farther apart than it at the start need no bound below gamma reach / 2
    // (which is at least the farthest motion so far, so that free flight is not slowed), but
    // at most two edges and a thickness (beyond, a particle may move at most gamma / 2 of it
    // in a substep: a speed limit of tens of m/s on a cloth of centimetres).
    const double cap = 2.0 * mesh_.longestRest + thickness;
    reach_ = std::clamp(2.1 * moved / kSelfContactGamma, thickness, std::max(cap, thickness));
    findPairs(x, w, n, 0.5 * reach_ * 1.001);
    computeBounds(w, n);
    project(x, w, thickness, friction);
}

void ElementContact::findPairs(const V3* x, const double* w, std::size_t n, double pad)
{
    const SurfaceMesh& m = mesh_;
    // Each element's box over its start and current positions, grown by pad: two elements
    // within 2 pad of each other at the start or now have overlapping boxes.
    auto boxOf = [&](Index i) {
        return std::array<V3, 2>{lowerOf(x[i], start_[i]) - V3(pad),
                                 upperOf(x[i], start_[i]) + V3(pad)};
    };
    auto merge = [](std::array<V3, 2> a, const std::array<V3, 2>& b) {
        return std::array<V3, 2>{lowerOf(a[0], b[0]), upperOf(a[1], b[1])};
    };
    pointBox_.resize(n);
    for (std::size_t i = 0; i < n; ++i)
        pointBox_[i] = boxOf(static_cast<Index>(i));
    triangleBox_.resize(m.triangles.size());
    for (std::size_t t = 0; t < m.triangles.size(); ++t) {
        const Triangle& tri = m.triangles[t];
        triangleBox_[t] = merge(merge(pointBox_[tri.a], pointBox_[tri.b]), pointBox_[tri.c]);
    }
    edgeBox_.resize(m.edges.size());
    for (std::size_t e = 0; e < m.edges.size(); ++e)
        edgeBox_[e] = merge(pointBox_[m.edges[e][0]], pointBox_[m.edges[e][1]]);
    cell_ = std::max(m.longestRest, 2.0 * pad);

    auto table = [&](const std::vector<std::array<V3, 2>>& boxes) {
        cells_.clear();
        for (std::size_t k = 0; k < boxes.size(); ++k)
            forCells(boxes[k], cell_, [&](std::uint64_t key) {
                cells_.emplace_back(key, static_cast<std::uint32_t>(k));
            });
        std::sort(cells_.begin(), cells_.end());
    };
    // Every element of the table in the cells `box` touches, once each, in index order.
    auto query = [&](const std::array<V3, 2>& box) {
        found_.clear();
        forCells(box, cell_, [&](std::uint64_t key) {
            auto at = std::lower_bound(cells_.begin(), cells_.end(),
                                       std::pair<std::uint64_t, std::uint32_t>{key, 0});
            for (; at != cells_.end() && at->first == key; ++at)
                found_.push_back(at->second);
        });
        std::sort(found_.begin(), found_.end());
        found_.erase(std::unique(found_.begin(), found_.end()), found_.end());
    };

    pointTriangles_.clear();
    table(triangleBox_);
    for (std::size_t i = 0; i < n; ++i) {
        query(pointBox_[i]);
        const auto v = static_cast<Index>(i);
        for (std::uint32_t t : found_) {
            const Triangle& tri = m.triangles[t];
            if (tri.a == v || tri.b == v || tri.c == v)
                continue;
            if (w[v] == 0.0 && w[tri.a] == 0.0 && w[tri.b] == 0.0 && w[tri.c] == 0.0)
                continue;
            if (overlap(pointBox_[i], triangleBox_[t]))
                pointTriangles_.push_back({v, t});
        }
    }
    edgeEdges_.clear();
    if (!switches_.edgeEdge)
        return;
    table(edgeBox_);
    for (std::size_t e = 0; e < m.edges.size(); ++e) {
        query(edgeBox_[e]);
        const auto [a, b] = m.edges[e];
        for (std::uint32_t f : found_) {
            if (f <= e)
                continue;
            const auto [c, d] = m.edges[f];
            if (a == c || a == d || b == c || b == d)
                continue;
            if (w[a] == 0.0 && w[b] == 0.0 && w[c] == 0.0 && w[d] == 0.0)
                continue;
            if (overlap(edgeBox_[e], edgeBox_[f]))
                edgeEdges_.push_back({static_cast<std::uint32_t>(e), f});
        }
    }
}

void ElementContact::computeBounds(const double* w, std::size_t n)
{
    (void)w;
    const SurfaceMesh& m = mesh_;
    const V3* s = start_.data();
    bound_.assign(n, 0.5 * kSelfContactGamma * reach_);
    auto limit = [&](Index i, double b) { bound_[i] = std::min(bound_[i], b); };
    pointTriangleNormal_.resize(pointTriangles_.size());
    for (std::size_t k = 0; k < pointTriangles_.size(); ++k) {
        const auto [v, t] = pointTriangles_[k];
        const Triangle& tri = m.triangles[t];
        const TriangleClosest c = closestOnTriangle(s[v], s[tri.a], s[tri.b], s[tri.c]);
        const V3 d = s[v] - c.point;
        const V3 face = unitOr(glm::cross(V3(s[tri.b] - s[tri.a]), V3(s[tri.c] - s[tri.a])),
                               V3(0.0, 1.0, 0.0));
        pointTriangleNormal_[k] = unitOr(d, face);
        const double gap = std::sqrt(squaredLength(d));
        if (gap < reach_) {
            const double b = 0.5 * kSelfContactGamma * gap;
            limit(v, b);
            limit(tri.a, b);
            limit(tri.b, b);
            limit(tri.c, b);
        }
    }
    edgeEdgeNormal_.resize(edgeEdges_.size());
    for (std::size_t k = 0; k < edgeEdges_.size(); ++k) {
        const auto [a, b] = m.edges[edgeEdges_[k].e];
        const auto [c, d] = m.edges[edgeEdges_[k].f];
        const SegmentsClosest cl = closestOnSegments(s[a], s[b], s[c], s[d]);
        const V3 p = s[a] + cl.s * (s[b] - s[a]);
        const V3 q = s[c] + cl.t * (s[d] - s[c]);
        const V3 across = unitOr(glm::cross(V3(s[b] - s[a]), V3(s[d] - s[c])),
                                 V3(0.0, 1.0, 0.0));
        edgeEdgeNormal_[k] = unitOr(V3(p - q), across);
        const double gap = std::sqrt(squaredLength(V3(p - q)));
        if (gap < reach_) {
            const double bb = 0.5 * kSelfContactGamma * gap;
            limit(a, bb);
            limit(b, bb);
            limit(c, bb);
            limit(d, bb);
        }
    }
}

void ElementContact::project(V3* x, const double* w, double thickness, double friction)
{
    const SurfaceMesh& m = mesh_;
    const V3* s = start_.data();
    // One contact of particles i[0..3] with weights g (the gradient's scale per particle, the
    // second side negative) whose separation along `normal` is `gap` (< thickness): pushed to
    // the thickness along the normal [MHHR06], then their relative motion across the normal
    // since the start removed up to `friction` times that push.
    auto solve = [&](const std::array<Index, 4>& i, const std::array<double, 4>& g,
                     const V3& normal, double gap) {
        double sum = 0.0;
        for (int k = 0; k < 4; ++k)
            sum += g[k] * g[k] * w[i[k]];
        if (!(sum > 0.0))
            return;
        const double push = (thickness - gap) / sum;
        V3 slide(0.0); // the pair's relative motion since the start
        for (int k = 0; k < 4; ++k) {
            x[i[k]] += (w[i[k]] * g[k] * push) * normal;
            slide += g[k] * (x[i[k]] - s[i[k]]);
        }
        if (friction <= 0.0)
            return;
        const V3 across = slide - dot(slide, normal) * normal;
        const double len = std::sqrt(squaredLength(across));
        if (!(len > 0.0))
            return;
        const double share = std::min(1.0, friction * (thickness - gap) / len) / sum;
        for (int k = 0; k < 4; ++k)
            x[i[k]] -= (w[i[k]] * g[k] * share) * across;
    };
    for (int pass = 0; pass < kSelfContactPasses; ++pass) {
        for (std::size_t k = 0; k < pointTriangles_.size(); ++k) {
            const auto [v, t] = pointTriangles_[k];
            const Triangle& tri = m.triangles[t];
            const TriangleClosest c = closestOnTriangle(x[v], x[tri.a], x[tri.b], x[tri.c]);
            const V3 d = x[v] - c.point;
            const V3& was = pointTriangleNormal_[k];
            // The side is the start's: a particle found across the triangle goes back.
            const double along = dot(d, was);
            const double dist = std::sqrt(squaredLength(d));
            const bool sameSide = along > 0.0 && dist > 1e-12 * thickness;
            const V3 normal = sameSide ? d / dist : was;
            const double gap = sameSide ? dist : along;
            if (gap >= thickness)
                continue;
            solve({v, tri.a, tri.b, tri.c}, {1.0, -c.wa, -c.wb, -c.wc}, normal, gap);
        }
        for (std::size_t k = 0; k < edgeEdges_.size(); ++k) {
            const auto [a, b] = m.edges[edgeEdges_[k].e];
            const auto [c, e] = m.edges[edgeEdges_[k].f];
            const SegmentsClosest cl = closestOnSegments(x[a], x[b], x[c], x[e]);
            const V3 d = (x[a] + cl.s * (x[b] - x[a])) - (x[c] + cl.t * (x[e] - x[c]));
            const V3& was = edgeEdgeNormal_[k];
            const double along = dot(d, was);
            const double dist = std::sqrt(squaredLength(d));
            const bool sameSide = along > 0.0 && dist > 1e-12 * thickness;
            const V3 normal = sameSide ? d / dist : was;
            const double gap = sameSide ? dist : along;
            if (gap >= thickness)
                continue;
            solve({a, b, c, e}, {1.0 - cl.s, cl.s, -(1.0 - cl.t), -cl.t}, normal, gap);
        }
    }
}

std::size_t ElementContact::bound(V3* x, const double* w, std::size_t n)
{
    if (!switches_.bound || start_.size() != n)
        return 0;
    std::size_t moved = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (w[i] == 0.0)
            continue;
        const V3 d = x[i] - start_[i] - common_;
        const double len2 = squaredLength(d);
        const double b = bound_[i];
        if (len2 <= b * b)
            continue;
        x[i] = start_[i] + common_ + (b / std::sqrt(len2)) * d;
        ++moved;
    }
    return moved;
}

} // namespace pbd::detail
