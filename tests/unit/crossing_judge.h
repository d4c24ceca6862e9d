#pragma once
// The judge of 3D self-contact: a brute-force check that no edge of a cloth crosses (or
// touches) a triangle of it that shares no particle with the edge, and that no thin
// obstacle's axis crosses a triangle. Its geometry is its own (orientations of four points
// and plain distances), not the core's closest-point code, so that it can catch the core's
// mistakes.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <glm/geometric.hpp>

#include "pbd/topology.h"
#include "pbd/vec.h"

namespace pbd::test {

using JudgeVec = glm::dvec3;

/// Six times the signed volume of (a, b, c, d): > 0 when d is on the side of the triangle
/// (a, b, c) that its normal (b - a) x (c - a) points to.
inline double orient3(const JudgeVec& a, const JudgeVec& b, const JudgeVec& c,
                      const JudgeVec& d)
{
    return glm::dot(glm::cross(b - a, c - a), d - a);
}

/// The distance from p to segment [a, b].
inline double pointSegmentDistance(const JudgeVec& p, const JudgeVec& a, const JudgeVec& b)
{
    const JudgeVec ab = b - a;
    const double len2 = glm::dot(ab, ab);
    double t = len2 > 0.0 ? glm::dot(p - a, ab) / len2 : 0.0;
    t = std::clamp(t, 0.0, 1.0);
    return glm::length(p - (a + t * ab));
}

/// The distance from p to triangle (a, b, c): to its plane when p's foot lies inside (all
/// three edges see the foot on the inner side), else to the nearest edge.
inline double pointTriangleDistance(const JudgeVec& p, const JudgeVec& a, const JudgeVec& b,
                                    const JudgeVec& c)
{
    const JudgeVec n = glm::cross(b - a, c - a);
    const double n2 = glm::dot(n, n);
    if (n2 > 0.0) {
        const JudgeVec foot = p - (glm::dot(p - a, n) / n2) * n;
        const bool inside = glm::dot(glm::cross(b - a, foot - a), n) >= 0.0 &&
                            glm::dot(glm::cross(c - b, foot - b), n) >= 0.0 &&
                            glm::dot(glm::cross(a - c, foot - c), n) >= 0.0;
        if (inside)
            return glm::length(p - foot);
    }
    return std::min({pointSegmentDistance(p, a, b), pointSegmentDistance(p, b, c),
                     pointSegmentDistance(p, c, a)});
}

/// The distance between segments [p, q] and [a, b]: the lines' nearest points when both lie
/// inside the segments, else the least of the four endpoint-to-segment distances (the
/// distance of two segments is reached at an endpoint of one unless both are interior).
inline double segmentSegmentDistance(const JudgeVec& p, const JudgeVec& q, const JudgeVec& a,
                                     const JudgeVec& b)
{
    double best = std::min({pointSegmentDistance(p, a, b), pointSegmentDistance(q, a, b),
                            pointSegmentDistance(a, p, q), pointSegmentDistance(b, p, q)});
    const JudgeVec u = q - p, v = b - a, r = p - a;
    const double uu = glm::dot(u, u), uv = glm::dot(u, v), vv = glm::dot(v, v);
    const double ur = glm::dot(u, r), vr = glm::dot(v, r);
    const double det = uu * vv - uv * uv;
    if (det > 1e-12 * uu * vv) {
        const double s = (uv * vr - vv * ur) / det;
        const double t = (uu * vr - uv * ur) / det;
        if (s > 0.0 && s < 1.0 && t > 0.0 && t < 1.0)
            best = std::min(best, glm::length((p + s * u) - (a + t * v)));
    }
    return best;
}

/// Whether segment [p, q] crosses triangle (a, b, c) or comes within `touch` metres of it:
/// the ends strictly on opposite sides of its plane and the segment's line strictly inside
/// its three edges (beyond rounding), or a distance (end to triangle, segment to edge) within `touch` (which
/// covers every touching and coplanar case the signs leave open).
inline bool segmentMeetsTriangle(const JudgeVec& p, const JudgeVec& q, const JudgeVec& a,
                                 const JudgeVec& b, const JudgeVec& c, double touch = 1e-9)
{
    // Signs count only beyond rounding: a volume within 1e-12 L^3 (L the largest coordinate
    // difference) is taken as zero, and the distances below decide (in a flat sheet, edges and
    // triangles in one plane have volumes of rounding noise with any signs).
    double span = 0.0;
    for (const JudgeVec* v : {&q, &a, &b, &c})
        for (int k = 0; k < 3; ++k)
            span = std::max(span, std::abs((*v)[k] - p[k]));
    const double zero = 1e-12 * span * span * span;
    const double sp = orient3(a, b, c, p);
    const double sq = orient3(a, b, c, q);
    if ((sp > zero && sq < -zero) || (sp < -zero && sq > zero)) {
        const double e1 = orient3(p, q, a, b);
        const double e2 = orient3(p, q, b, c);
        const double e3 = orient3(p, q, c, a);
        if ((e1 > zero && e2 > zero && e3 > zero) || (e1 < -zero && e2 < -zero && e3 < -zero))
            return true;
    }
    return pointTriangleDistance(p, a, b, c) <= touch ||
           pointTriangleDistance(q, a, b, c) <= touch ||
           segmentSegmentDistance(p, q, a, b) <= touch ||
           segmentSegmentDistance(p, q, b, c) <= touch ||
           segmentSegmentDistance(p, q, c, a) <= touch;
}

/// A cloth's live surface as the judge sees it, from the topology alone: the triangles whose
/// three constraints are alive, and the edges of all triangles whose constraint is alive.
struct JudgeMesh {
    std::vector<Triangle> triangles;
    std::vector<std::array<Index, 2>> edges;
};
inline JudgeMesh judgeMesh(const ClothTopology& topology, const std::vector<std::uint8_t>& alive)
{
    JudgeMesh mesh;
    const auto triangleEdges = surfaceTriangleEdges(topology);
    std::vector<std::uint32_t> ids;
    for (std::size_t t = 0; t < triangleEdges.size(); ++t) {
        bool whole = true;
        for (std::uint32_t k : triangleEdges[t]) {
            if (alive.empty() || alive[k] != 0)
                ids.push_back(k);
            else
                whole = false;
        }
        if (whole)
            mesh.triangles.push_back(topology.surfaceTriangle(t));
    }
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    for (std::uint32_t k : ids)
        mesh.edges.push_back({topology.constraints[k].a, topology.constraints[k].b});
    return mesh;
}

/// What the judge found: how many edge-triangle pairs meet, and the first.
struct Crossings {
    std::size_t count = 0;
    std::array<Index, 2> edge{};
    Triangle triangle{};
};

/// Every edge of the mesh against every triangle that shares no particle with it.
template <typename Positions>
Crossings clothCrossings(const Positions& x, const JudgeMesh& mesh, double touch = 1e-9)
{
    Crossings found;
    std::vector<std::array<JudgeVec, 2>> boxes;
    boxes.reserve(mesh.triangles.size());
    for (const Triangle& t : mesh.triangles) {
        const JudgeVec a = x[t.a], b = x[t.b], c = x[t.c];
        boxes.push_back({glm::min(a, glm::min(b, c)) - JudgeVec(touch),
                         glm::max(a, glm::max(b, c)) + JudgeVec(touch)});
    }
    for (const auto& e : mesh.edges) {
        const JudgeVec p = x[e[0]], q = x[e[1]];
        const JudgeVec lo = glm::min(p, q), hi = glm::max(p, q);
        for (std::size_t k = 0; k < mesh.triangles.size(); ++k) {
            const Triangle& t = mesh.triangles[k];
            if (e[0] == t.a || e[0] == t.b || e[0] == t.c || e[1] == t.a || e[1] == t.b ||
                e[1] == t.c)
                continue;
            const auto& box = boxes[k];
            if (hi.x < box[0].x || lo.x > box[1].x || hi.y < box[0].y || lo.y > box[1].y ||
                hi.z < box[0].z || lo.z > box[1].z)
                continue;
            if (segmentMeetsTriangle(p, q, x[t.a], x[t.b], x[t.c], touch)) {
                if (found.count == 0) {
                    found.edge = e;
                    found.triangle = t;
                }
                ++found.count;
            }
        }
    }
    return found;
}

/// Every triangle of the mesh against a thin obstacle's axis [p, q] (a capsule's segment).
template <typename Positions>
std::size_t axisCrossings(const Positions& x, const JudgeMesh& mesh, const JudgeVec& p,
                          const JudgeVec& q, double touch = 1e-9)
{
    std::size_t count = 0;
    for (const Triangle& t : mesh.triangles)
        if (segmentMeetsTriangle(p, q, x[t.a], x[t.b], x[t.c], touch))
            ++count;
    return count;
}

} // namespace pbd::test
