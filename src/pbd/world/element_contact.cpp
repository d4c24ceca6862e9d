// Self-contact between the cloth's elements in 3D (element_contact.h): the search, the
// motion bound and the proximity contacts.

#include "world/element_contact.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "pbd/device/element_pairs.h"
#include "colored/worker_pool.h"
#include "world/element_geometry.h"
#include "world/sheet_patches.h"

namespace pbd::detail {
namespace {

/// `out` becomes the first `count` threads' parts, one after the other in thread order (the
/// fixed ranges' results joined as one pass over all of them would give them).
template <typename T>
void joinInOrder(const std::vector<std::vector<T>>& parts, unsigned count, std::vector<T>& out)
{
    out.clear();
    for (unsigned t = 0; t < count; ++t)
        out.insert(out.end(), parts[t].begin(), parts[t].end());
}

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

/// A cell key's bucket before the mask (a multiplicative hash: neighbouring cells spread).
std::size_t mixKey(std::uint64_t key)
{
    key ^= key >> 29;
    key *= 0xbf58476d1ce4e5b9ULL;
    key ^= key >> 32;
    return static_cast<std::size_t>(key);
}

/// A coordinate's cell along its axis. The grid's origin lies at half a cell, so that a sheet
/// in a coordinate plane through 0 (every upright 3D cloth lies in z = 0) does not lie on
/// the cells' boundaries, where every element would touch two layers of cells.
std::int64_t cellOf(double c, double inverseSize)
{
    const double f = std::floor(c * inverseSize + 0.5);
    return static_cast<std::int64_t>(std::clamp(f, -4e6, 4e6));
}

bool overlap(const std::array<V3, 2>& p, const std::array<V3, 2>& q)
{
    return p[0].x <= q[1].x && q[0].x <= p[1].x && p[0].y <= q[1].y && q[0].y <= p[1].y &&
           p[0].z <= q[1].z && q[0].z <= p[1].z;
}

/// Whether cell (ci, cj, ck) holds the low corner of the overlap of two boxes whose low
/// corners lie in cells p and q (cellOf is monotonic: that corner's cell is the larger of
/// the two per axis): a pair found in every cell both touch is kept in that one alone.
bool ownsOverlap(std::int64_t ci, std::int64_t cj, std::int64_t ck,
                 const std::array<std::int32_t, 3>& p, const std::array<std::int32_t, 3>& q)
{
    return ci == std::max(p[0], q[0]) && cj == std::max(p[1], q[1]) && ck == std::max(p[2], q[2]);
}

/// Calls f(i, j, k) for every cell a box touches.
template <typename F>
void forCells(const std::array<V3, 2>& box, double inverseSize, F f)
{
    const std::int64_t i0 = cellOf(box[0].x, inverseSize), i1 = cellOf(box[1].x, inverseSize);
    const std::int64_t j0 = cellOf(box[0].y, inverseSize), j1 = cellOf(box[1].y, inverseSize);
    const std::int64_t k0 = cellOf(box[0].z, inverseSize), k1 = cellOf(box[1].z, inverseSize);
    for (std::int64_t k = k0; k <= k1; ++k)
        for (std::int64_t j = j0; j <= j1; ++j)
            for (std::int64_t i = i0; i <= i1; ++i)
                f(i, j, k);
}

/// Calls f(ci, cj, ck, other) for every entry `other` of `table` placed after `self` in each
/// cell a box touches: a bucket lists its entries in place order, so those are its last.
template <typename Table, typename F>
void forLaterInCells(const Table& table, const std::array<V3, 2>& box, double inverseCell,
                     std::size_t self, F f)
{
    forCells(box, inverseCell, [&](std::int64_t ci, std::int64_t cj, std::int64_t ck) {
        if (!table.holds(ci, cj, ck))
            return;
        const std::size_t bucket = table.bucketOf(ci, cj, ck);
        const std::uint64_t key = cellKey(ci, cj, ck);
        for (std::uint32_t q = table.bucketStart[bucket + 1]; q-- > table.bucketStart[bucket];) {
            const auto [keyOther, other] = table.sorted[q];
            if (other <= self)
                break;
            if (keyOther == key)
                f(ci, cj, ck, other);
        }
    });
}

/// Below this many particles the search runs on the calling thread: waking the workers
/// costs more than it gives. The result is the same either way.
constexpr std::size_t kParallelElements = 4096;
/// Below this many patches the search for their pairs runs on the calling thread alone.
constexpr std::size_t kParallelPatches = 256;
/// The same for the plain passes over every element (the boxes, the tables): each pool run
/// costs a wake-up, which on a loaded machine outweighs a pass over a small cloth.
constexpr std::size_t kParallelPasses = 32768;

/// Whether `count` positions at a and at b are the same, bit for bit.
bool sameBits(const V3* a, const V3* b, std::size_t count)
{
    std::uint64_t differ = 0;
    for (std::size_t k = 0; k < count; ++k)
        for (glm::length_t c = 0; c < 3; ++c)
            differ |= std::bit_cast<std::uint64_t>(a[k][c]) ^ std::bit_cast<std::uint64_t>(b[k][c]);
    return differ == 0;
}

/// The unit vector along d, or `fallback` when d is too short to have a direction.
V3 unitOr(const V3& d, const V3& fallback)
{
    const double len = std::sqrt(squaredLength(d));
    return len > 1e-300 ? d / len : fallback;
}

} // namespace

std::size_t ElementContact::CellTable::bucketOf(std::int64_t i, std::int64_t j,
                                                std::int64_t k) const
{
    if (dense)
        return static_cast<std::size_t>(
            static_cast<std::uint64_t>(i - lo[0]) +
            extent[0] * (static_cast<std::uint64_t>(j - lo[1]) +
                         extent[1] * static_cast<std::uint64_t>(k - lo[2])));
    return mixKey(cellKey(i, j, k)) & mask;
}

void ElementContact::buildMesh(const ClothTopology& topology, const std::uint8_t* alive)
{
    if (meshWidth_ != topology.width || meshHeight_ != topology.height ||
        triangleEdges_.size() != 2 * topology.cellCount()) {
        triangleEdges_ = surfaceTriangleEdges(topology);
        meshWidth_ = topology.width;
        meshHeight_ = topology.height;
        meshWhole_ = false;
    } else if (alive == nullptr && meshWhole_) {
        return; // the whole cloth's, as last time
    }
    meshWhole_ = alive == nullptr;
    ++meshVersion_; // the candidates of the last search may name elements no longer there
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
    buildPatches();
}

void ElementContact::resolve(V3* x, const V3* x0, const double* w, std::size_t n,
                             const ClothTopology& topology, const std::uint8_t* alive,
                             double thickness, double friction, SelfContactSwitches switches,
                             unsigned threads, const ThreadRun& run)
{
    switches_ = switches;
    if (!switches_.capsules)
        axes_.clear();
    buildMesh(topology, alive);
    start_.resize(n);
    // The common motion: the particles' mean displacement since the start. The bound
    // applies to each particle's motion relative to it (a translation of the whole changes no
    // distance), so that a falling or flying cloth is not slowed.
    // (A sum in index order on the calling thread: its bits cannot depend on the threads.)
    V3 sum(0.0);
    std::size_t movable = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (w[i] != 0.0) {
            sum += x[i] - x0[i];
            ++movable;
        }
    }
    // An immovable particle cannot follow it, nor can a capsule: then none (their motion must
    // be within the bound as it is).
    common_ = movable == n && n > 0 && axes_.empty() ? sum / static_cast<double>(movable)
                                                     : V3(0.0);
    // Each particle's pad: half the thickness, or more for a particle that moved far relative
    // to the common motion (1.1 / gamma times that motion, so that its bound, gamma times its
    // pad, does not slow it when nothing is near), at most an edge and half a thickness (the
    // speed limit: gamma times that per substep).
    const double cap = mesh_.longestRest + 0.5 * thickness;
    pad_.resize(n);
    moved_.resize(n);
    auto pads = [&](unsigned thread, unsigned threadCount) {
        const IndexRange range = staticPartition(n, thread, threadCount);
        for (std::size_t i = range.begin; i < range.end; ++i) {
            start_[i] = w[i] != 0.0 ? x0[i] : x[i];
            const double moved = std::sqrt(squaredLength(V3(x[i] - start_[i] - common_)));
            moved_[i] = moved;
            pad_[i] = std::max(0.5 * thickness, std::min(1.1 / kSelfContactGamma * moved, cap));
        }
    };
    const bool passes = run && threads > 1 && n >= kParallelPasses;
    runOn(passes, passes ? threads : 1u, run, pads);
    findPairs(x, w, n, thickness, threads, run);
    findEdgeAxes(x, w, thickness);
    computeBounds(n, kSelfContactFloor * thickness);
    project(x, w, thickness, friction);
}

void ElementContact::findPairs(const V3* x, const double* w, std::size_t n, double thickness,
                               unsigned threads, const ThreadRun& run)
{
    const SurfaceMesh& m = mesh_;
    // Each element's box over its particles' start and current positions, grown by its
    // largest pad: two elements whose boxes do not overlap are farther apart, at the start
    // and now, than the sum of their largest pads (and a hair: the boxes grow by 1.001 pads).
    auto grown = [](std::array<V3, 2> box, double pad) {
        const V3 grow(1.001 * pad);
        return std::array<V3, 2>{box[0] - grow, box[1] + grow};
    };
    auto merge = [](const std::array<V3, 2>& a, const std::array<V3, 2>& b) {
        return std::array<V3, 2>{lowerOf(a[0], b[0]), upperOf(a[1], b[1])};
    };
    // (On fixed ranges per thread: each box is its own.)
    const bool parallel = run && threads > 1 && n >= kParallelElements;
    const unsigned count = parallel ? threads : 1u;
    pointBox_.resize(n); // first unpadded, for the elements
    triangleBox_.resize(m.triangles.size());
    edgeBox_.resize(m.edges.size());
    const bool passes = parallel && n >= kParallelPasses;
    // A particle's unpadded box (pointBoxes()'s), and the elements' boxes from them.
    auto unpadded = [&](Index i) {
        return std::array<V3, 2>{lowerOf(x[i], start_[i]), upperOf(x[i], start_[i])};
    };
    auto triangleBox = [&](std::size_t t) {
        const Triangle& tri = m.triangles[t];
        triangleBox_[t] = grown(merge(merge(unpadded(tri.a), unpadded(tri.b)), unpadded(tri.c)),
                                std::max({pad_[tri.a], pad_[tri.b], pad_[tri.c]}));
    };
    auto edgeBox = [&](std::size_t e) {
        const Index a = m.edges[e][0], b = m.edges[e][1];
        edgeBox_[e] = grown(merge(unpadded(a), unpadded(b)), std::max(pad_[a], pad_[b]));
    };
    auto pointBoxes = [&](unsigned thread, unsigned threadCount) {
        const IndexRange range = staticPartition(n, thread, threadCount);
        for (std::size_t i = range.begin; i < range.end; ++i)
            pointBox_[i] = unpadded(static_cast<Index>(i));
    };
    // The patches (their boxes, maps and flat blocks) whenever the sheet has cells: the
    // search by patches skips the flat blocks' pairs, the grid search's filter below drops
    // them, so both give the same pairs.
    const bool patched = switches_.patches && patchesWide_ > 0 &&
                         n == static_cast<std::size_t>(meshWidth_) *
                                  static_cast<std::size_t>(meshHeight_);
    const bool flats = patchesWide_ > 0 && n == static_cast<std::size_t>(meshWidth_) *
                                                    static_cast<std::size_t>(meshHeight_);
    if (flats)
        measurePatches(x, passes ? count : 1u, run);
    // Most patches near another: all count as near, and the grid search over every element
    // below runs instead, with its reuse of the candidates (the same pairs: the filter drops
    // the flat blocks' pairs).
    bool grid = !patched;
    if (patched) {
        findPatchPairs(threads, run);
        grid = 2 * static_cast<std::size_t>(
                       std::count(patchNear_.begin(), patchNear_.end(), std::uint8_t{1})) >
               patches_.size();
        if (grid)
            std::fill(patchNear_.begin(), patchNear_.end(), std::uint8_t{1});
    }
    if (!grid) {
        // Only the elements of patches near another need boxes (the points' padded last).
        searchMeshVersion_ = ~std::uint64_t{0}; // the grid's candidates are gone
        pointGrown_.resize(n);
        std::array<V3, 2>* pointGrown = pointGrown_.data();
        auto elementBoxes = [&](unsigned thread, unsigned threadCount) {
            const IndexRange range = staticPartition(patches_.size(), thread, threadCount);
            for (std::size_t p = range.begin; p < range.end; ++p) {
                if (patchNear_[p] == 0)
                    continue;
                for (std::uint32_t q = patchPointStart_[p]; q < patchPointStart_[p + 1]; ++q) {
                    const std::uint32_t v = patchPoints_[q];
                    pointGrown[v] = grown(unpadded(v), pad_[v]);
                }
                for (std::uint32_t q = patchTriangleStart_[p]; q < patchTriangleStart_[p + 1];
                     ++q)
                    triangleBox(patchTriangles_[q]);
                for (std::uint32_t q = patchEdgeStart_[p]; q < patchEdgeStart_[p + 1]; ++q)
                    edgeBox(patchEdges_[q]);
            }
        };
        runOn(passes, passes ? count : 1u, run, elementBoxes);
        // The capsules' search (findEdgeAxes()) reads every edge's box: those of the patches
        // near none too.
        if (!axes_.empty())
            for (std::size_t e = 0; e < m.edges.size(); ++e)
                if (patchNear_[edgePatch_[e]] == 0)
                    edgeBox(e);
        pointBox_.swap(pointGrown_); // padded where near another patch (and only read there)
        patchElementPairs(n, threads, run);
    } else {
        runOn(passes, passes ? count : 1u, run, pointBoxes);
        auto elementBoxes = [&](unsigned thread, unsigned threadCount) {
            const IndexRange triangles =
                staticPartition(m.triangles.size(), thread, threadCount);
            for (std::size_t t = triangles.begin; t < triangles.end; ++t)
                triangleBox(t);
            const IndexRange edges = staticPartition(m.edges.size(), thread, threadCount);
            for (std::size_t e = edges.begin; e < edges.end; ++e)
                edgeBox(e);
        };
        runOn(passes, passes ? count : 1u, run, elementBoxes);
        // Whether the candidates of the last search still hold every pair whose boxes
        // overlap now. That search grew each element's box by the skin too. Two boxes
        // moved by the same translation T overlap as they did, so the boxes now are compared
        // with those at the search moved by a T common to all: per axis, let a particle's
        // unpadded box (start and current position) have moved its low side by l and its
        // high side by h since the search; with T midway between the smallest l and the
        // largest h, no box now sticks out of its box at the search moved by T by more than
        // delta, half their spread (without a skin T is 0 and delta the largest of h and
        // -l: then only boxes that stayed inside theirs, bit for bit, keep the candidates).
        // With rise the most any particle's pad grew since, every element's box now lies
        // within its box at the search moved by T and grown by delta + 1.001 rise, so while
        // that is below the skin every pair overlapping now overlapped there (0.99 skin:
        // room for the rounding of boxes and sides, some 1e-15 of the coordinates). The
        // filter below keeps of them those overlapping now, in the search's order: the pairs
        // and order of a search of this substep's own, whatever the skin. A falling, flung
        // or sliding sheet so keeps its candidates while its shape changes by less than the
        // skin.
        const double skin = kSelfContactSkin * thickness;
        bool reuse = searchMeshVersion_ == meshVersion_ && searchCount_ == n &&
                     searchEdgeEdge_ == switches_.edgeEdge && searchSkin_ == skin &&
                     searchBox_.size() == n;
        if (reuse) {
            V3 low(1e300), high(-1e300);
            double rise = 0.0;
            for (std::size_t i = 0; i < n; ++i) {
                const std::array<V3, 2>& was = searchBox_[i];
                const std::array<V3, 2>& now = pointBox_[i];
                low = lowerOf(low, V3(now[0] - was[0]));
                high = upperOf(high, V3(now[1] - was[1]));
                rise = std::max(rise, pad_[i] - searchPad_[i]);
            }
            const V3 out =
                skin > 0.0 ? V3(0.5 * (high - low)) : upperOf(high, V3(-low)); // per axis
            const double delta = std::max({0.0, out.x, out.y, out.z});
            reuse = delta + 1.001 * rise <= 0.99 * skin;
        }
        if (!reuse) {
            searchBox_.assign(pointBox_.begin(), pointBox_.end());
            searchPad_.assign(pad_.begin(), pad_.end());
        }
        for (std::size_t i = 0; i < n; ++i)
            pointBox_[i] = grown(pointBox_[i], pad_[i]);
        if (!reuse)
            searchPairs(n, skin, threads, run);
    }

    // This substep's pairs: the candidates whose boxes overlap now, in the search's order,
    // but for those whose particles are all immovable now, for those of a flat block
    // (flatPair(); the search by patches found none) and for the cloth's own neighbours
    // shown apart (apartInSheet()). On fixed ranges of the candidates per thread, joined in
    // order.
    // With a skin, the search's pairs are the skin lists: those overlapping now are this
    // substep's candidates (candidatePointTriangles(): a search of its own, in its order),
    // then filtered as above.
    const bool dropFlat = flats;
    const bool skinned = searchSkin_ > 0.0;
    const std::vector<PointTriangle>& fromPointTriangles =
        skinned ? skinPointTriangles_ : candidatePointTriangles_;
    const std::vector<EdgeEdge>& fromEdgeEdges = skinned ? skinEdgeEdges_ : candidateEdgeEdges_;
    threadPointTriangles_.resize(std::max<std::size_t>(threadPointTriangles_.size(), count));
    threadEdgeEdges_.resize(std::max<std::size_t>(threadEdgeEdges_.size(), count));
    threadCandidatePointTriangles_.resize(
        std::max<std::size_t>(threadCandidatePointTriangles_.size(), count));
    threadCandidateEdgeEdges_.resize(
        std::max<std::size_t>(threadCandidateEdgeEdges_.size(), count));
    // Whether a pair from the search's lists is a candidate (from the skin lists: one
    // whose boxes overlap now, then listed as such).
    auto candidate = [skinned](bool overlaps, auto pair, auto& candidates) {
        if (skinned && overlaps)
            candidates.push_back(pair);
        return overlaps || !skinned;
    };
    auto filter = [&](unsigned thread, unsigned threadCount) {
        std::vector<PointTriangle>& pts = threadPointTriangles_[thread];
        std::vector<PointTriangle>& ptCandidates = threadCandidatePointTriangles_[thread];
        pts.clear();
        ptCandidates.clear();
        const IndexRange ptRange =
            staticPartition(fromPointTriangles.size(), thread, threadCount);
        for (std::size_t k = ptRange.begin; k < ptRange.end; ++k) {
            const PointTriangle pt = fromPointTriangles[k];
            const bool overlaps = overlap(pointBox_[pt.v], triangleBox_[pt.t]);
            if (!candidate(overlaps, pt, ptCandidates))
                continue;
            const Triangle& tri = m.triangles[pt.t];
            if (w[pt.v] == 0.0 && w[tri.a] == 0.0 && w[tri.b] == 0.0 && w[tri.c] == 0.0)
                continue;
            if (dropFlat && flatPair(pointPatch_[pt.v], trianglePatch_[pt.t]))
                continue;
            if (overlaps && !apartInSheet(x, pt))
                pts.push_back(pt);
        }
        std::vector<EdgeEdge>& ees = threadEdgeEdges_[thread];
        std::vector<EdgeEdge>& eeCandidates = threadCandidateEdgeEdges_[thread];
        ees.clear();
        eeCandidates.clear();
        const IndexRange eeRange = staticPartition(fromEdgeEdges.size(), thread, threadCount);
        for (std::size_t k = eeRange.begin; k < eeRange.end; ++k) {
            const EdgeEdge ee = fromEdgeEdges[k];
            const bool overlaps = overlap(edgeBox_[ee.e], edgeBox_[ee.f]);
            if (!candidate(overlaps, ee, eeCandidates))
                continue;
            const auto [a, b] = m.edges[ee.e];
            const auto [c, d] = m.edges[ee.f];
            if (w[a] == 0.0 && w[b] == 0.0 && w[c] == 0.0 && w[d] == 0.0)
                continue;
            if (dropFlat && flatPair(edgePatch_[ee.e], edgePatch_[ee.f]))
                continue;
            if (overlaps && !apartInSheet(x, ee))
                ees.push_back(ee);
        }
    };
    runOn(parallel, count, run, filter);
    joinInOrder(threadPointTriangles_, count, pointTriangles_);
    joinInOrder(threadEdgeEdges_, count, edgeEdges_);
    if (skinned) {
        joinInOrder(threadCandidatePointTriangles_, count, candidatePointTriangles_);
        joinInOrder(threadCandidateEdgeEdges_, count, candidateEdgeEdges_);
    }
}

void ElementContact::buildPatches()
{
    const int width = meshWidth_, height = meshHeight_, side = kSelfContactPatch;
    patchesWide_ = patchesHigh_ = 0;
    patches_.clear();
    measuredValid_ = false;
    if (width < 2 || height < 2)
        return; // no cells, no elements
    patchesWide_ = (width - 2) / side + 1;
    patchesHigh_ = (height - 2) / side + 1;
    const auto count = static_cast<std::size_t>(patchesWide_) * patchesHigh_;
    patches_.resize(count);
    for (int pj = 0; pj < patchesHigh_; ++pj)
        for (int pi = 0; pi < patchesWide_; ++pi) {
            Patch& patch = patches_[static_cast<std::size_t>(pi + patchesWide_ * pj)];
            patch.i0 = pi * side;
            patch.i1 = std::min(patch.i0 + side, width - 1);
            patch.j0 = pj * side;
            patch.j1 = std::min(patch.j0 + side, height - 1);
        }
    // An element's patch: that of its lowest particle's cell (a point on the last row or
    // column: the cell before it), whose corners hold all its particles.
    const auto w = static_cast<Index>(width), h = static_cast<Index>(height);
    auto patchOf = [&](Index lowest) {
        const Index ci = std::min(lowest % w, w - 2), cj = std::min(lowest / w, h - 2);
        return static_cast<std::uint32_t>(ci / static_cast<Index>(side) +
                                          static_cast<Index>(patchesWide_) *
                                              (cj / static_cast<Index>(side)));
    };
    pointPatch_.resize(static_cast<std::size_t>(w) * h);
    for (Index v = 0; v < w * h; ++v)
        pointPatch_[v] = patchOf(v);
    trianglePatch_.resize(mesh_.triangles.size());
    for (std::size_t t = 0; t < mesh_.triangles.size(); ++t)
        trianglePatch_[t] = patchOf(mesh_.triangles[t].a); // k, the cell's first corner
    edgePatch_.resize(mesh_.edges.size());
    for (std::size_t e = 0; e < mesh_.edges.size(); ++e)
        edgePatch_[e] = patchOf(std::min(mesh_.edges[e][0], mesh_.edges[e][1]));
    // Each patch's elements in index order (a counting sort by patch).
    auto group = [count](const std::vector<std::uint32_t>& of, std::vector<std::uint32_t>& start,
                         std::vector<std::uint32_t>& list) {
        start.assign(count + 1, 0);
        for (std::uint32_t p : of)
            ++start[p + 1];
        for (std::size_t p = 0; p < count; ++p)
            start[p + 1] += start[p];
        list.resize(of.size());
        std::vector<std::uint32_t> next(start.begin(), start.end() - 1);
        for (std::size_t k = 0; k < of.size(); ++k)
            list[next[of[k]]++] = static_cast<std::uint32_t>(k);
    };
    group(pointPatch_, patchPointStart_, patchPoints_);
    group(trianglePatch_, patchTriangleStart_, patchTriangles_);
    group(edgePatch_, patchEdgeStart_, patchEdges_);
    flatBlock_.assign(count, 0);
    patchSame_.assign(count, 0);
    patchNear_.assign(count, 0);
}

void ElementContact::measurePatches(const V3* x, unsigned threads, const ThreadRun& run)
{
    // Each patch: its box over its particles' start and current positions, grown by their
    // largest pad, and its maps at the start and now with its particles' farthest offsets.
    // The start side stays in its slot, as the last call measured it as now, when the
    // patch's particles all start where they were then (the same values); only its pad is
    // new.
    const auto width = static_cast<std::size_t>(meshWidth_);
    const V3* s = start_.data();
    const int was = nowSlot_, now = 1 - nowSlot_;
    const bool kept = measuredValid_;
    const std::size_t count = patches_.size();
    for (int slot : {0, 1}) {
        patchSide_[slot].resize(count);
        blockSide_[slot].resize(count);
        measured_[slot].resize(width * static_cast<std::size_t>(meshHeight_));
    }
    const V3* before = measured_[was].data();
    V3* after = measured_[now].data();
    // One side of a patch from positions p.
    auto measureSide = [width](const V3* p, const Patch& patch, PatchSide& side) {
        const GridMap map =
            cornerMap<GridMap>(p, width, patch.i0, patch.i1, patch.j0, patch.j1);
        // map.at(i, j) as origin + (i - ci) u, the same for every row, then + (j - cj) v.
        std::array<V3, kSelfContactPatch + 1> across;
        for (int i = patch.i0; i <= patch.i1; ++i)
            across[static_cast<std::size_t>(i - patch.i0)] = map.origin + (i - map.ci) * map.u;
        V3 lo(1e300), hi(-1e300);
        double off = 0.0;
        for (int j = patch.j0; j <= patch.j1; ++j) {
            const V3 down = (j - map.cj) * map.v;
            const V3* row = p + width * static_cast<std::size_t>(j);
            for (int i = patch.i0; i <= patch.i1; ++i) {
                const V3 q = row[i];
                lo = lowerOf(lo, q);
                hi = upperOf(hi, q);
                off = std::max(
                    off,
                    squaredLength(V3(q - (across[static_cast<std::size_t>(i - patch.i0)] + down))));
            }
        }
        side.map = map;
        side.off = std::sqrt(off);
        side.lo = lo;
        side.hi = hi;
        side.corner = {map.at(patch.i0, patch.j0), map.at(patch.i0, patch.j1),
                       map.at(patch.i1, patch.j0), map.at(patch.i1, patch.j1)};
    };
    auto measure = [&](unsigned thread, unsigned threadCount) {
        const IndexRange range = staticPartition(count, thread, threadCount);
        for (std::size_t p = range.begin; p < range.end; ++p) {
            Patch& patch = patches_[p];
            const auto i0 = static_cast<std::size_t>(patch.i0);
            const auto columns = static_cast<std::size_t>(patch.i1 - patch.i0 + 1);
            bool same = kept;
            for (int j = patch.j0; j <= patch.j1 && same; ++j) {
                const std::size_t first = width * static_cast<std::size_t>(j) + i0;
                same = sameBits(s + first, before + first, columns);
            }
            patchSame_[p] = same ? 1 : 0;
            PatchSide& start = patchSide_[was][p];
            PatchSide& current = patchSide_[now][p];
            if (!same)
                measureSide(s, patch, start);
            measureSide(x, patch, current);
            double pad = 0.0;
            for (int j = patch.j0; j <= patch.j1; ++j) {
                const double* row = pad_.data() + width * static_cast<std::size_t>(j);
                for (int i = patch.i0; i <= patch.i1; ++i)
                    pad = std::max(pad, row[i]);
            }
            const V3 grow(1.001 * pad);
            patch.box = {lowerOf(start.lo, current.lo) - grow,
                         upperOf(start.hi, current.hi) + grow};
            patch.pad = pad;
            // Its own particles' positions for the next call (a particle on a side two
            // patches share is the later patch's, but on the sheet's last row and column).
            const int iEnd = patch.i1 == meshWidth_ - 1 ? patch.i1 : patch.i1 - 1;
            const int jEnd = patch.j1 == meshHeight_ - 1 ? patch.j1 : patch.j1 - 1;
            for (int j = patch.j0; j <= jEnd; ++j) {
                const std::size_t first = width * static_cast<std::size_t>(j) + i0;
                std::copy(x + first, x + first + (iEnd - patch.i0 + 1), after + first);
            }
        }
    };
    runOn(threads > 1, threads, run, measure);
    nowSlot_ = now;
    measuredValid_ = true;
    // Each block of 2 x 2 patches (fewer at the last row and column), from its first: flat
    // when, at the start and now, an affine map A of the rest grid (its corners') has all
    // its particles within `off` of their places and its smallest stretch sigma (m per row
    // or column) leaves sigma / sqrt 2 - 2 off >= 1.001 times twice its largest pad. Every
    // point of an element is the same convex combination of its particles as its rest point
    // of theirs, so lies within off of A's image of that; two elements sharing no particle
    // lie at least 1 / sqrt 2 apart on the rest grid (a particle from a cell's diagonal), so
    // at least sigma / sqrt 2 - 2 off apart in space, beyond their pads: a pair left out as
    // one whose boxes miss. A patch's particles lie within its own offset of its own map,
    // and that map within the largest of its corners' distances of A (an affine difference
    // is largest at a corner): their sum bounds the block's offset. A block whose patches
    // all kept their start side keeps its own.
    const int wide = patchesWide_, high = patchesHigh_;
    // Each block on its own (on fixed ranges per thread: the same flags on any count).
    auto blocks = [&](unsigned thread, unsigned threadCount) {
        const IndexRange range = staticPartition(flatBlock_.size(), thread, threadCount);
        for (std::size_t block = range.begin; block < range.end; ++block) {
            const int ai = static_cast<int>(block % static_cast<std::size_t>(wide));
            const int aj = static_cast<int>(block / static_cast<std::size_t>(wide));
            const int bi = std::min(ai + 1, wide - 1), bj = std::min(aj + 1, high - 1);
            const Patch& first = patches_[static_cast<std::size_t>(ai + wide * aj)];
            const Patch& last = patches_[static_cast<std::size_t>(bi + wide * bj)];
            double pad = 0.0;
            bool same = true;
            for (int pj = aj; pj <= bj; ++pj)
                for (int pi = ai; pi <= bi; ++pi) {
                    const auto q = static_cast<std::size_t>(pi + wide * pj);
                    pad = std::max(pad, patches_[q].pad);
                    same = same && patchSame_[q] != 0;
                }
            // The columns and rows of the patches' corners (the last two once in the last).
            const int columns[3] = {first.i0, first.i1, last.i1};
            const int rows[3] = {first.j0, first.j1, last.j1};
            for (int slot : {was, now}) {
                if (slot == was && same)
                    continue;
                const GridMap map = cornerMap<GridMap>(slot == was ? s : x, width, first.i0,
                                                       last.i1, first.j0, last.j1);
                V3 at[3][3];
                for (int ci = 0; ci <= bi - ai + 1; ++ci)
                    for (int cj = 0; cj <= bj - aj + 1; ++cj)
                        at[ci][cj] = map.at(columns[ci], rows[cj]);
                double off = 0.0;
                for (int pj = aj; pj <= bj; ++pj)
                    for (int pi = ai; pi <= bi; ++pi) {
                        const auto q = static_cast<std::size_t>(pi + wide * pj);
                        const PatchSide& side = patchSide_[slot][q];
                        const int di = pi - ai, dj = pj - aj;
                        const V3* theirs[4] = {&at[di][dj], &at[di][dj + 1], &at[di + 1][dj],
                                               &at[di + 1][dj + 1]};
                        double corner = 0.0;
                        for (std::size_t k = 0; k < 4; ++k)
                            corner = std::max(corner,
                                              squaredLength(V3(side.corner[k] - *theirs[k])));
                        off = std::max(off, side.off + std::sqrt(corner));
                    }
                // sigma^2, the smaller eigenvalue of [u v]'s Gram matrix: its determinant
                // |u x v|^2 over the larger.
                const double uu = dot(map.u, map.u), uv = dot(map.u, map.v),
                             vv = dot(map.v, map.v);
                const double larger =
                    0.5 * (uu + vv) + std::sqrt(0.25 * (uu - vv) * (uu - vv) + uv * uv);
                blockSide_[slot][block] = {
                    off, larger > 0.0 ? squaredLength(glm::cross(map.u, map.v)) / larger : 0.0};
            }
            bool flat = true;
            for (int slot : {was, now}) {
                const BlockSide& side = blockSide_[slot][block];
                const double reach = 2.0 * side.off + 1.001 * 2.0 * pad;
                flat = flat && 0.5 * side.sigma2 >= reach * reach;
            }
            flatBlock_[block] = flat ? 1 : 0;
        }
    };
    runOn(threads > 1, threads, run, blocks);
}

bool ElementContact::flatPair(std::uint32_t p, std::uint32_t q) const
{
    return flatBlockHolds(flatBlock_, static_cast<std::size_t>(patchesWide_), p, q);
}

void ElementContact::findPatchPairs(unsigned threads, const ThreadRun& run)
{
    // The patches' boxes in a table of their own (cells a patch wide at rest).
    patchBox_.resize(patches_.size());
    double pad = 0.0;
    for (std::size_t p = 0; p < patches_.size(); ++p) {
        patchBox_[p] = patches_[p].box;
        pad = std::max(pad, patches_[p].pad);
    }
    const double cell =
        std::max(kSelfContactPatch * mesh_.longestRest + 2.002 * pad, 1e-9);
    buildTable(patchBox_, patchTable_, 1.0 / cell, threads, run, kParallelPatches);
    const CellTable& table = patchTable_;
    // Each patch p's pairs (p, q), q in order, on fixed ranges of p per thread, joined in
    // order: the same list on any thread count.
    const bool parallel = run && threads > 1 && patches_.size() >= kParallelPatches;
    const unsigned count = parallel ? threads : 1u;
    threadPatchPairs_.resize(std::max<std::size_t>(threadPatchPairs_.size(), count));
    threadFound_.resize(std::max<std::size_t>(threadFound_.size(), count));
    auto pairs = [&](unsigned thread, unsigned threadCount) {
        std::vector<std::pair<std::uint32_t, std::uint32_t>>& out = threadPatchPairs_[thread];
        std::vector<std::uint32_t>& found = threadFound_[thread];
        out.clear();
        const IndexRange range = staticPartition(patches_.size(), thread, threadCount);
        for (auto p = static_cast<std::uint32_t>(range.begin); p < range.end; ++p) {
            found.clear();
            if (!flatPair(p, p))
                found.push_back(p);
            const std::array<V3, 2>& box = patchBox_[p];
            const LowCell low = table.low[p];
            forLaterInCells(
                table, box, 1.0 / cell, p,
                [&](std::int64_t ci, std::int64_t cj, std::int64_t ck, std::uint32_t q) {
                    if (overlap(box, patchBox_[q]) &&
                        ownsOverlap(ci, cj, ck, low, table.low[q]) && !flatPair(p, q))
                        found.push_back(q);
                });
            std::sort(found.begin(), found.end());
            for (std::uint32_t q : found)
                out.emplace_back(p, q);
        }
    };
    runOn(parallel, count, run, pairs);
    joinInOrder(threadPatchPairs_, count, patchPairs_);
    std::fill(patchNear_.begin(), patchNear_.end(), std::uint8_t{0});
    for (const auto& [p, q] : patchPairs_)
        patchNear_[p] = patchNear_[q] = 1;
}

void ElementContact::patchElementPairs(std::size_t n, unsigned threads, const ThreadRun& run)
{
    // The elements of the patches near another, each list in index order; the grid search
    // over them alone finds every pair of theirs whose boxes overlap (the filter then drops
    // those of flat blocks). A pair with an element of a patch near none lies in a pair of
    // patches that meet only in a flat block, or not at all. (Where most patches are near,
    // findPairs() runs the grid search over all instead.)
    // Few near (at most 1 in 8): their patches' lists joined and sorted, else a pass over all.
    const auto near = static_cast<std::size_t>(
        std::count(patchNear_.begin(), patchNear_.end(), std::uint8_t{1}));
    auto collect = [&](const std::vector<std::uint32_t>& patchOf,
                       const std::vector<std::uint32_t>& start,
                       const std::vector<std::uint32_t>& list, std::vector<std::uint32_t>& out) {
        out.clear();
        if (near == 0)
            return;
        if (8 * near <= patches_.size()) {
            for (std::size_t p = 0; p < patches_.size(); ++p)
                if (patchNear_[p] != 0)
                    out.insert(out.end(), list.begin() + start[p], list.begin() + start[p + 1]);
            std::sort(out.begin(), out.end());
            return;
        }
        for (std::size_t k = 0; k < patchOf.size(); ++k)
            if (patchNear_[patchOf[k]] != 0)
                out.push_back(static_cast<std::uint32_t>(k));
    };
    collect(pointPatch_, patchPointStart_, patchPoints_, subset_.points);
    collect(trianglePatch_, patchTriangleStart_, patchTriangles_, subset_.triangles);
    collect(edgePatch_, patchEdgeStart_, patchEdges_, subset_.edges);
    searchPairs(n, 0.0, threads, run, &subset_);
    searchMeshVersion_ = ~std::uint64_t{0};
}

bool ElementContact::apartInSheet(const V3* x, PointTriangle pair) const
{
    // A cell's triangle and the cell's fourth corner P: P is joined to all three corners, and
    // lies farther from the corner F across the cell than any point of the triangle can
    // (distance to F is convex, so at most the other corners' over the triangle): the
    // distance from P to the triangle is at least |P - F| - max(|A - F|, |C - F|), a bound
    // that holds for any positions (at rest h (sqrt 2 - 1), 2.07 cm on a 5 cm grid).
    const Triangle& tri = mesh_.triangles[pair.t];
    const auto width = static_cast<Index>(meshWidth_);
    Index far = 0;
    if (tri.b == tri.a + width + 1 && tri.c == tri.a + 1 && pair.v == tri.a + width)
        far = tri.c; // (k, k + w + 1, k + 1) and k + w: across from k + 1
    else if (tri.b == tri.a + width && tri.c == tri.a + width + 1 && pair.v == tri.a + 1)
        far = tri.b; // (k, k + w, k + w + 1) and k + 1: across from k + w
    else
        return false;
    const Index a = tri.a, c = far == tri.c ? tri.b : tri.c;
    const double pads = 1.001 * (pad_[pair.v] + std::max({pad_[tri.a], pad_[tri.b], pad_[tri.c]}));
    // |P - F| - max(...) >= pads, squared (one root).
    auto apart = [&](const V3* p) {
        auto dist2 = [p](Index i, Index j) { return squaredLength(V3(p[i] - p[j])); };
        const double reach = pads + std::sqrt(std::max(dist2(a, far), dist2(c, far)));
        return dist2(pair.v, far) >= reach * reach;
    };
    return apart(start_.data()) && apart(x);
}

bool ElementContact::apartInSheet(const V3* x, EdgeEdge pair) const
{
    // A cell's diagonal (A, C) and an edge: along n, the unit direction from the diagonal's
    // midpoint M to one of the cell's other corners (B = A + 1 or P = A + w), the diagonal's
    // ends lie at +-|(A - M) . n| and the edge's at its ends' heights, so the lowest of these
    // less the highest of those, when positive, is a distance the two cannot be closer than
    // (a separating slab), whatever the positions. At rest h / sqrt 2 (3.5 cm on a 5 cm
    // grid) for the diagonal's neighbours in the sheet.
    const auto width = static_cast<Index>(meshWidth_);
    // Plain names, not structured bindings: lambdas below capture them (C++20 allows it, the
    // clang of Debian 12 does not).
    const Index e0 = mesh_.edges[pair.e][0], e1 = mesh_.edges[pair.e][1];
    const Index f0 = mesh_.edges[pair.f][0], f1 = mesh_.edges[pair.f][1];
    const double pads = 1.001 * (std::max(pad_[e0], pad_[e1]) + std::max(pad_[f0], pad_[f1]));
    // Along d = corner - M unnormalised: (low - half) / |d| >= pads, squared (no root).
    auto slab = [&](const V3* p, Index lo, Index hi, Index u, Index v) {
        const V3 mid = 0.5 * (p[lo] + p[hi]);
        for (Index corner : {static_cast<Index>(lo + 1), static_cast<Index>(lo + width)}) {
            const V3 d = p[corner] - mid;
            const double half = std::abs(dot(V3(p[lo] - mid), d));
            const double gap =
                std::min(dot(V3(p[u] - mid), d), dot(V3(p[v] - mid), d)) - half;
            if (gap > 0.0 && gap * gap >= pads * pads * squaredLength(d))
                return true;
        }
        return false;
    };
    auto apart = [&](const V3* p) {
        const Index e = std::min(e0, e1), eh = std::max(e0, e1);
        const Index f = std::min(f0, f1), fh = std::max(f0, f1);
        return (eh - e == width + 1 && slab(p, e, eh, f0, f1)) ||
               (fh - f == width + 1 && slab(p, f, fh, e0, e1));
    };
    return apart(start_.data()) && apart(x);
}

void ElementContact::buildTable(const std::vector<std::array<V3, 2>>& boxes, CellTable& table,
                                double inverseCell, unsigned threads, const ThreadRun& run,
                                std::size_t parallelFrom)
{
    // Every element in every cell its box touches, as (cell key, element), in element order,
    // sorted by bucket with a counting sort (in element order within a bucket). A bucket per
    // cell of the boxes' bounding box (numbered along x, then y, then z) where that box has
    // no more than four cells per entry; else the cells hashed into a power-of-two number of
    // buckets, a bucket then holding entries of several cells. Each pass on fixed ranges per
    // thread (of elements, then of buckets): the same table on any thread count.
    const bool parallel = run && threads > 1 && boxes.size() >= parallelFrom;
    const unsigned count = parallel ? threads : 1u;
    tableParts_.resize(count);
    table.low.resize(boxes.size());
    TablePart* parts = tableParts_.data();
    auto measure = [&](unsigned thread, unsigned threadCount) {
        TablePart part{{INT64_MAX, INT64_MAX, INT64_MAX}, {INT64_MIN, INT64_MIN, INT64_MIN}, 0};
        const IndexRange range = staticPartition(boxes.size(), thread, threadCount);
        for (std::size_t k = range.begin; k < range.end; ++k) {
            std::int64_t c0[3], c1[3];
            for (int a = 0; a < 3; ++a) {
                c0[a] = cellOf(boxes[k][0][a], inverseCell);
                c1[a] = cellOf(boxes[k][1][a], inverseCell);
                table.low[k][static_cast<std::size_t>(a)] = static_cast<std::int32_t>(c0[a]);
                part.lo[a] = std::min(part.lo[a], c0[a]);
                part.hi[a] = std::max(part.hi[a], c1[a]);
            }
            part.entries += static_cast<std::size_t>(
                (c1[0] - c0[0] + 1) * (c1[1] - c0[1] + 1) * (c1[2] - c0[2] + 1));
        }
        parts[thread] = part;
    };
    runOn(parallel, count, run, measure);
    std::int64_t lo[3] = {INT64_MAX, INT64_MAX, INT64_MAX};
    std::int64_t hi[3] = {INT64_MIN, INT64_MIN, INT64_MIN};
    std::size_t entries = 0;
    for (unsigned t = 0; t < count; ++t) {
        for (int a = 0; a < 3; ++a) {
            lo[a] = std::min(lo[a], parts[t].lo[a]);
            hi[a] = std::max(hi[a], parts[t].hi[a]);
        }
        const std::size_t mine = parts[t].entries;
        parts[t].entries = entries; // from now on: where its entries start
        entries += mine;
    }
    table.dense = false;
    if (!boxes.empty()) {
        double cells = 1.0;
        for (int a = 0; a < 3; ++a) {
            table.lo[a] = lo[a];
            table.extent[a] = static_cast<std::uint64_t>(hi[a] - lo[a] + 1);
            cells *= static_cast<double>(table.extent[a]);
        }
        table.dense = cells <= 4.0 * static_cast<double>(entries) + 16.0;
    }
    std::size_t buckets = 1;
    if (table.dense) {
        buckets = static_cast<std::size_t>(table.extent[0] * table.extent[1] * table.extent[2]);
    } else {
        while (buckets < 2 * entries)
            buckets *= 2;
    }
    table.mask = buckets - 1;
    table.cells.resize(entries);
    auto fillCells = [&](unsigned thread, unsigned threadCount) {
        std::size_t at = parts[thread].entries;
        const IndexRange range = staticPartition(boxes.size(), thread, threadCount);
        for (std::size_t k = range.begin; k < range.end; ++k)
            forCells(boxes[k], inverseCell, [&](std::int64_t i, std::int64_t j, std::int64_t l) {
                table.cells[at++] = {cellKey(i, j, l), static_cast<std::uint32_t>(k),
                                     static_cast<std::uint32_t>(table.bucketOf(i, j, l))};
            });
    };
    runOn(parallel, count, run, fillCells);
    // The counting sort, each thread over its own range of buckets (all entries read, its
    // own placed in entry order).
    table.bucketStart.resize(buckets + 1);
    table.sorted.resize(entries);
    auto sort = [&](unsigned thread, unsigned threadCount) {
        const IndexRange mine = staticPartition(buckets, thread, threadCount);
        const auto bLo = static_cast<std::uint32_t>(mine.begin);
        const auto bHi = static_cast<std::uint32_t>(mine.end);
        std::uint32_t* start = table.bucketStart.data();
        std::fill(start + bLo, start + bHi, 0u);
        std::uint32_t before = 0;
        for (const CellEntry& entry : table.cells) {
            if (entry.bucket < bLo)
                ++before;
            else if (entry.bucket < bHi)
                ++start[entry.bucket];
        }
        std::uint32_t next = before; // bucket b's first slot, then its next
        for (std::uint32_t b = bLo; b < bHi; ++b) {
            const std::uint32_t size = start[b];
            start[b] = next;
            next += size;
        }
        // start[b] now advances as bucket b fills; it is put back below.
        for (const CellEntry& entry : table.cells)
            if (entry.bucket >= bLo && entry.bucket < bHi)
                table.sorted[start[entry.bucket]++] = {entry.key, entry.element};
        // Each bucket's start is its predecessor's end: shift back by one bucket.
        for (std::uint32_t b = bHi; b-- > bLo + 1;)
            start[b] = start[b - 1];
        if (bHi > bLo)
            start[bLo] = before;
    };
    runOn(parallel, count, run, sort);
    table.bucketStart[buckets] = static_cast<std::uint32_t>(entries);
}

void ElementContact::searchPairs(std::size_t n, double skin, unsigned threads,
                                 const ThreadRun& run, const SearchSubset* subset)
{
    const SurfaceMesh& m = mesh_;
    ++searches_;
    searchMeshVersion_ = meshVersion_;
    searchCount_ = n;
    searchEdgeEdge_ = switches_.edgeEdge;
    searchSkin_ = skin;
    // The boxes of this substep grown by the skin (kept in the search's own buffers).
    auto skinned = [skin](const std::vector<std::array<V3, 2>>& from,
                          std::vector<std::array<V3, 2>>& to) {
        to.resize(from.size());
        const V3 grow(skin);
        for (std::size_t k = 0; k < from.size(); ++k)
            to[k] = {from[k][0] - grow, from[k][1] + grow};
    };
    if (skin > 0.0) {
        skinned(pointBox_, skinPointBox_);
        skinned(triangleBox_, skinTriangleBox_);
        skinned(edgeBox_, skinEdgeBox_);
    }
    const std::vector<std::array<V3, 2>>& pointBox = skin > 0.0 ? skinPointBox_ : pointBox_;
    const std::vector<std::array<V3, 2>>& triangleBox =
        skin > 0.0 ? skinTriangleBox_ : triangleBox_;
    const std::vector<std::array<V3, 2>>& edgeBox = skin > 0.0 ? skinEdgeBox_ : edgeBox_;
    // The elements searched: all, or the subset's (each list in index order). The tables
    // number their elements by place in the list (in index order too: a bucket's last
    // entries are still the highest).
    const std::size_t pointCount = subset ? subset->points.size() : n;
    const std::size_t edgeCount = subset ? subset->edges.size() : m.edges.size();
    auto pointAt = [subset](std::size_t k) {
        return subset ? subset->points[k] : static_cast<std::uint32_t>(k);
    };
    auto triangleAt = [subset](std::uint32_t k) { return subset ? subset->triangles[k] : k; };
    auto edgeAt = [subset](std::uint32_t k) { return subset ? subset->edges[k] : k; };
    auto gather = [](const std::vector<std::array<V3, 2>>& from,
                     const std::vector<std::uint32_t>& list,
                     std::vector<std::array<V3, 2>>& to) -> const std::vector<std::array<V3, 2>>& {
        to.resize(list.size());
        for (std::size_t k = 0; k < list.size(); ++k)
            to[k] = from[list[k]];
        return to;
    };
    const std::vector<std::array<V3, 2>>& tableTriangleBox =
        subset ? gather(triangleBox, subset->triangles, subsetTriangleBox_) : triangleBox;
    double thinnest = pad_.empty() ? 0.0 : pad_[0];
    for (double p : pad_)
        thinnest = std::min(thinnest, p);
    // Cells about an edge wide: most boxes touch 1 to 4 cells, and a cell holds a few.
    cell_ = std::max(m.longestRest, 2.0 * (thinnest + skin));
    inverseCell_ = 1.0 / cell_;
    // A pair of overlapping boxes is found in every cell both touch, and kept only in the
    // cell that holds the low corner of their overlap: once.
    // (cellOf is monotonic: the overlap's low corner's cell is the larger of the two boxes'
    // low corners' cells, per axis.)
    auto owns = ownsOverlap;
    auto lowCell = [this](const std::array<V3, 2>& box) {
        return LowCell{static_cast<std::int32_t>(cellOf(box[0].x, inverseCell_)),
                       static_cast<std::int32_t>(cellOf(box[0].y, inverseCell_)),
                       static_cast<std::int32_t>(cellOf(box[0].z, inverseCell_))};
    };
    const bool parallel = run && threads > 1 && n >= kParallelElements;
    const unsigned count = parallel ? threads : 1u;
    threadPointTriangles_.resize(std::max<std::size_t>(threadPointTriangles_.size(), count));
    threadEdgeEdges_.resize(std::max<std::size_t>(threadEdgeEdges_.size(), count));
    threadFound_.resize(std::max<std::size_t>(threadFound_.size(), count));
    // Sorts a query's few candidates (insertion sort: they come nearly in order).
    auto sortSmall = [](std::vector<std::uint32_t>& v) {
        for (std::size_t i = 1; i < v.size(); ++i) {
            const std::uint32_t key = v[i];
            std::size_t j = i;
            for (; j > 0 && v[j - 1] > key; --j)
                v[j] = v[j - 1];
            v[j] = key;
        }
    };

    // Points against triangles: each point, in index order, against the triangles of the
    // cells its box touches.
    buildTable(tableTriangleBox, triangleTable_, inverseCell_, threads, run, kParallelPasses);
    auto points = [&](unsigned thread, unsigned threadCount) {
        std::vector<PointTriangle>& out = threadPointTriangles_[thread];
        std::vector<std::uint32_t>& found = threadFound_[thread];
        out.clear();
        const CellTable& table = triangleTable_;
        const IndexRange range = staticPartition(pointCount, thread, threadCount);
        for (std::size_t i = range.begin; i < range.end; ++i) {
            const auto v = static_cast<Index>(pointAt(i));
            const std::array<V3, 2>& box = pointBox[v];
            const LowCell low = lowCell(box);
            found.clear();
            forCells(box, inverseCell_, [&](std::int64_t ci, std::int64_t cj, std::int64_t ck) {
                if (!table.holds(ci, cj, ck))
                    return;
                const std::size_t b = table.bucketOf(ci, cj, ck);
                const std::uint64_t key = cellKey(ci, cj, ck);
                for (std::uint32_t q = table.bucketStart[b]; q < table.bucketStart[b + 1]; ++q) {
                    const auto [keyT, at] = table.sorted[q];
                    if (keyT != key)
                        continue;
                    const Triangle& tri = m.triangles[triangleAt(at)];
                    if (tri.a == v || tri.b == v || tri.c == v)
                        continue;
                    if (overlap(box, tableTriangleBox[at]) &&
                        owns(ci, cj, ck, low, table.low[at]))
                        found.push_back(triangleAt(at));
                }
            });
            sortSmall(found);
            for (std::uint32_t t : found)
                out.push_back({v, t});
        }
    };
    runOn(parallel, count, run, points);
    // With a skin, its pairs go to the skin lists; findPairs() filters the candidates.
    std::vector<PointTriangle>& pointTriangles =
        skin > 0.0 ? skinPointTriangles_ : candidatePointTriangles_;
    std::vector<EdgeEdge>& edgeEdges = skin > 0.0 ? skinEdgeEdges_ : candidateEdgeEdges_;
    joinInOrder(threadPointTriangles_, count, pointTriangles);
    edgeEdges.clear();
    if (!searchEdgeEdge_)
        return;
    // Edges against edges: each edge e, in index order, against the edges f > e of the cells
    // its box touches.
    const std::vector<std::array<V3, 2>>& tableEdgeBox =
        subset ? gather(edgeBox, subset->edges, subsetEdgeBox_) : edgeBox;
    buildTable(tableEdgeBox, edgeTable_, inverseCell_, threads, run, kParallelPasses);
    auto edges = [&](unsigned thread, unsigned threadCount) {
        std::vector<EdgeEdge>& out = threadEdgeEdges_[thread];
        std::vector<std::uint32_t>& found = threadFound_[thread];
        out.clear();
        const CellTable& table = edgeTable_;
        const IndexRange range = staticPartition(edgeCount, thread, threadCount);
        for (std::size_t place = range.begin; place < range.end; ++place) {
            const std::uint32_t e = edgeAt(static_cast<std::uint32_t>(place));
            const Index a = m.edges[e][0], b = m.edges[e][1]; // captured below: not a binding
            const std::array<V3, 2>& box = tableEdgeBox[place];
            const LowCell low = table.low[place];
            found.clear();
            // The edges placed after e in its cells (a bucket lists them in index order).
            forLaterInCells(
                table, box, inverseCell_, place,
                [&](std::int64_t ci, std::int64_t cj, std::int64_t ck, std::uint32_t at) {
                    const Index c = m.edges[edgeAt(at)][0], d = m.edges[edgeAt(at)][1];
                    if (a == c || a == d || b == c || b == d)
                        return;
                    if (overlap(box, tableEdgeBox[at]) && owns(ci, cj, ck, low, table.low[at]))
                        found.push_back(edgeAt(at));
                });
            sortSmall(found);
            for (std::uint32_t f : found)
                out.push_back({e, f});
        }
    };
    runOn(parallel, count, run, edges);
    joinInOrder(threadEdgeEdges_, count, edgeEdges);
}

void capsuleAxes(std::span<const Obstacle3> obstacles, int substep, int substeps,
                 std::vector<CapsuleAxis>& out)
{
    out.clear();
    // Where the contact phase puts a capsule (contacts3.cpp): its midpoint moved linearly
    // from its start pose to its pose now over the step, its own ends at the step's end.
    auto ends = [](const Obstacle3& o, double f, V3& a, V3& b) {
        if (f >= 1.0) {
            a = o.a;
            b = o.b;
            return;
        }
        const V3 centre = o.start.centre + f * (obstaclePose(o).centre - o.start.centre);
        const V3 half = 0.5 * (o.b - o.a);
        a = centre - half;
        b = centre + half;
    };
    for (const Obstacle3& o : obstacles) {
        if (o.shape != Obstacle3Shape::Capsule)
            continue;
        CapsuleAxis axis{};
        axis.radius = o.radius;
        ends(o, static_cast<double>(substep) / substeps, axis.a0, axis.b0);
        ends(o, static_cast<double>(substep + 1) / substeps, axis.a1, axis.b1);
        out.push_back(axis);
    }
}

void ElementContact::setCapsules(std::span<const Obstacle3> obstacles, int substep,
                                 int substeps)
{
    capsuleAxes(obstacles, substep, substeps, axes_);
}

void ElementContact::findEdgeAxes(const V3* x, const double* w, double thickness)
{
    (void)x;
    edgeAxes_.clear();
    if (axes_.empty())
        return;
    // An axis's box over its start and end, grown by its radius, a thickness and its motion
    // relative to the common one: an edge whose box (grown by its pads) misses it is farther
    // from the axis than its pads and all that, and stays apart within its speed limit.
    for (std::uint32_t c = 0; c < axes_.size(); ++c) {
        const Axis& axis = axes_[c];
        const double move = std::sqrt(squaredLength(V3(axis.a1 - axis.a0 - common_)));
        const V3 grow(1.001 * (axis.radius + thickness + move));
        const std::array<V3, 2> box{
            lowerOf(lowerOf(axis.a0, axis.b0), lowerOf(axis.a1, axis.b1)) - grow,
            upperOf(upperOf(axis.a0, axis.b0), upperOf(axis.a1, axis.b1)) + grow};
        for (std::uint32_t e = 0; e < mesh_.edges.size(); ++e) {
            const auto [a, b] = mesh_.edges[e];
            if (w[a] == 0.0 && w[b] == 0.0)
                continue;
            if (overlap(edgeBox_[e], box))
                edgeAxes_.push_back({e, c});
        }
    }
}

Vec<3> ElementContact::startNormal(PointTriangle pair) const
{
    const V3* s = start_.data();
    const Triangle& tri = mesh_.triangles[pair.t];
    const TriangleClosest c = closestOnTriangle(s[pair.v], s[tri.a], s[tri.b], s[tri.c]);
    const V3 face = unitOr(glm::cross(V3(s[tri.b] - s[tri.a]), V3(s[tri.c] - s[tri.a])),
                           V3(0.0, 1.0, 0.0));
    return unitOr(V3(s[pair.v] - c.point), face);
}

Vec<3> ElementContact::startNormal(EdgeEdge pair) const
{
    const V3* s = start_.data();
    const auto [a, b] = mesh_.edges[pair.e];
    const auto [c, d] = mesh_.edges[pair.f];
    const SegmentsClosest cl = closestOnSegments(s[a], s[b], s[c], s[d]);
    const V3 p = s[a] + cl.s * (s[b] - s[a]);
    const V3 q = s[c] + cl.t * (s[d] - s[c]);
    const V3 across = unitOr(glm::cross(V3(s[b] - s[a]), V3(s[d] - s[c])), V3(0.0, 1.0, 0.0));
    return unitOr(V3(p - q), across);
}

void ElementContact::computeBounds(std::size_t n, double floor)
{
    const SurfaceMesh& m = mesh_;
    const V3* s = start_.data();
    // A particle alone may move gamma times its pad. A pair closer at the start than its two
    // sides' largest pads, gap < P + Q, shares gamma (gap - floor) between its sides in
    // proportion to their pads: no particle of the first side may move more than
    // gamma (gap - floor) P / (P + Q), of the second the rest, so that together they close
    // at most gamma (gap - floor): a pair never comes closer than the floor (or than it was,
    // when it started closer), and rounding cannot wear a gap down to nothing.
    bound_.resize(n);
    for (std::size_t i = 0; i < n; ++i)
        bound_[i] = kSelfContactGamma * pad_[i];
    auto limit = [&](Index i, double b) { bound_[i] = std::min(bound_[i], b); };
    // The same pair as a separating direction: at the start, the first side's particles all
    // lie at least `gap` beyond the second side's along n = (p - q) / gap (p, q the closest
    // points: the planes through them across n support the two sides). Heights along a fixed
    // n change linearly along straight paths, so while the first side's lowest particle stays
    // above the second side's highest at the end, it did all the way: the pair stays apart
    // whatever else its particles do (slide along each other, leave). Particles within their
    // shares of motion keep that separation at least (1 - gamma) gap, so bound() moves back
    // only the particles of pairs that lost it.
    guards_.clear();
    auto guard = [&](std::array<Index, 4> v, int split, V3 across, double gap, double shareP,
                     double shareQ) {
        if (!(gap > 1e-12)) { // no direction to trust: the shares alone
            guards_.push_back({v, -1, V3(0.0), 0.0});
            return;
        }
        guards_.push_back({v, split, across / gap, gap - shareP - shareQ});
    };
    // Pairs whose boxes at the start are farther apart than their pads need no guard: their
    // start direction (zero here) is found only if project() meets them.
    auto apart = [](const V3& lo1, const V3& hi1, const V3& lo2, const V3& hi2, double r) {
        return lo1.x - hi2.x >= r || lo2.x - hi1.x >= r || lo1.y - hi2.y >= r ||
               lo2.y - hi1.y >= r || lo1.z - hi2.z >= r || lo2.z - hi1.z >= r;
    };
    pointTriangleNormal_.resize(pointTriangles_.size());
    pointTriangleGap_.resize(pointTriangles_.size());
    for (std::size_t k = 0; k < pointTriangles_.size(); ++k) {
        pointTriangleGap_[k] = -1.0; // unknown: project() meets the pair
        const auto [v, t] = pointTriangles_[k];
        const Triangle& tri = m.triangles[t];
        if (apart(s[v], s[v], lowerOf(lowerOf(s[tri.a], s[tri.b]), s[tri.c]),
                  upperOf(upperOf(s[tri.a], s[tri.b]), s[tri.c]),
                  pad_[v] + std::max({pad_[tri.a], pad_[tri.b], pad_[tri.c]}))) {
            pointTriangleNormal_[k] = V3(0.0);
            continue;
        }
        // startNormal()'s, from the one closest point.
        const TriangleClosest c = closestOnTriangle(s[v], s[tri.a], s[tri.b], s[tri.c]);
        const V3 d = s[v] - c.point;
        pointTriangleNormal_[k] = unitOr(
            d, unitOr(glm::cross(V3(s[tri.b] - s[tri.a]), V3(s[tri.c] - s[tri.a])),
                      V3(0.0, 1.0, 0.0)));
        const double gap = std::sqrt(squaredLength(d));
        pointTriangleGap_[k] = gap;
        const double p = pad_[v];
        const double q = std::max({pad_[tri.a], pad_[tri.b], pad_[tri.c]});
        if (gap < p + q) {
            const double share = kSelfContactGamma * std::max(0.0, gap - floor) / (p + q);
            limit(v, share * p);
            limit(tri.a, share * q);
            limit(tri.b, share * q);
            limit(tri.c, share * q);
            guard({v, tri.a, tri.b, tri.c}, 1, d, gap, share * p, share * q);
        }
    }
    edgeEdgeNormal_.resize(edgeEdges_.size());
    edgeEdgeGap_.resize(edgeEdges_.size());
    for (std::size_t k = 0; k < edgeEdges_.size(); ++k) {
        edgeEdgeGap_[k] = -1.0;
        const auto [a, b] = m.edges[edgeEdges_[k].e];
        const auto [c, d] = m.edges[edgeEdges_[k].f];
        if (apart(lowerOf(s[a], s[b]), upperOf(s[a], s[b]), lowerOf(s[c], s[d]),
                  upperOf(s[c], s[d]),
                  std::max(pad_[a], pad_[b]) + std::max(pad_[c], pad_[d]))) {
            edgeEdgeNormal_[k] = V3(0.0);
            continue;
        }
        const SegmentsClosest cl = closestOnSegments(s[a], s[b], s[c], s[d]);
        const V3 p = s[a] + cl.s * (s[b] - s[a]);
        const V3 q = s[c] + cl.t * (s[d] - s[c]);
        edgeEdgeNormal_[k] = unitOr( // startNormal()'s, from the one closest pair
            V3(p - q),
            unitOr(glm::cross(V3(s[b] - s[a]), V3(s[d] - s[c])), V3(0.0, 1.0, 0.0)));
        const double gap = std::sqrt(squaredLength(V3(p - q)));
        edgeEdgeGap_[k] = gap;
        const double padE = std::max(pad_[a], pad_[b]);
        const double padF = std::max(pad_[c], pad_[d]);
        if (gap < padE + padF) {
            const double share = kSelfContactGamma * std::max(0.0, gap - floor) / (padE + padF);
            limit(a, share * padE);
            limit(b, share * padE);
            limit(c, share * padF);
            limit(d, share * padF);
            guard({a, b, c, d}, 2, V3(p - q), gap, share * padE, share * padF);
        }
    }
    // Edges against capsules' axes: the capsule moves as scripted (by `move` relative to the
    // common motion), the edge's particles share what is left of gamma (gap - floor).
    const double reach = floor / kSelfContactFloor; // the thickness
    for (EdgeAxis& ea : edgeAxes_) {
        const auto [a, b] = m.edges[ea.e];
        const Axis& axis = axes_[ea.c];
        const SegmentsClosest cl = closestOnSegments(s[a], s[b], axis.a0, axis.b0);
        const V3 p = s[a] + cl.s * (s[b] - s[a]);
        const V3 q = axis.a0 + cl.t * (axis.b0 - axis.a0);
        const double gap = std::sqrt(squaredLength(V3(p - q))) - axis.radius;
        ea.normal = unitOr(V3(p - q), unitOr(glm::cross(V3(s[b] - s[a]),
                                                        V3(axis.b0 - axis.a0)),
                                             V3(0.0, 1.0, 0.0)));
        const double move = std::sqrt(squaredLength(V3(axis.a1 - axis.a0 - common_)));
        const double pad = std::max(pad_[a], pad_[b]);
        ea.guarded = gap < pad + axis.radius + reach + move;
        if (!ea.guarded)
            continue;
        const double share = std::max(0.0, kSelfContactGamma * (gap - floor) - move);
        limit(a, share);
        limit(b, share);
        // Heights along n: the edge's must stay above the axis's surface by what is left.
        ea.margin = axis.radius + gap - share - move;
        if (!(gap > 1e-12))
            ea.margin = -1.0; // no direction to trust: the shares alone
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
            const double by = w[i[k]] * g[k] * push;
            x[i[k]] += by * normal;
            moved_[i[k]] += std::abs(by); // still at least the particle's motion
            slide += g[k] * (x[i[k]] - s[i[k]]);
        }
        if (friction <= 0.0)
            return;
        const V3 across = slide - dot(slide, normal) * normal;
        const double len = std::sqrt(squaredLength(across));
        if (!(len > 0.0))
            return;
        const double share = std::min(1.0, friction * (thickness - gap) / len) / sum;
        for (int k = 0; k < 4; ++k) {
            x[i[k]] -= (w[i[k]] * g[k] * share) * across;
            moved_[i[k]] += std::abs(w[i[k]] * g[k] * share) * len;
        }
    };
    // The signed gap of a pair along its normal: the start's side counts, so that a particle
    // found across a triangle (or an edge across another) goes back.
    const bool startSide = switches_.startSide;
    auto sided = [thickness, startSide](const V3& d, const V3& was, V3& normal) {
        const double along = dot(d, was);
        const double dist = std::sqrt(squaredLength(d));
        const bool sameSide = (along > 0.0 || !startSide) && dist > 1e-12 * thickness;
        normal = sameSide ? d / dist : was;
        return sameSide ? dist : along;
    };
    auto pointTriangle = [&](std::size_t k) {
        const auto [v, t] = pointTriangles_[k];
        const Triangle& tri = m.triangles[t];
        const TriangleClosest c = closestOnTriangle(x[v], x[tri.a], x[tri.b], x[tri.c]);
        V3& was = pointTriangleNormal_[k];
        if (was == V3(0.0))
            was = startNormal(pointTriangles_[k]);
        V3 normal;
        const double gap = sided(V3(x[v] - c.point), was, normal);
        if (gap < thickness)
            solve({v, tri.a, tri.b, tri.c}, {1.0, -c.wa, -c.wb, -c.wc}, normal, gap);
        return gap;
    };
    auto edgeEdge = [&](std::size_t k) {
        const auto [a, b] = m.edges[edgeEdges_[k].e];
        const auto [c, e] = m.edges[edgeEdges_[k].f];
        const SegmentsClosest cl = closestOnSegments(x[a], x[b], x[c], x[e]);
        const V3 d = (x[a] + cl.s * (x[b] - x[a])) - (x[c] + cl.t * (x[e] - x[c]));
        V3& was = edgeEdgeNormal_[k];
        if (was == V3(0.0))
            was = startNormal(edgeEdges_[k]);
        V3 normal;
        const double gap = sided(d, was, normal);
        if (gap < thickness)
            solve({a, b, c, e}, {1.0 - cl.s, cl.s, -(1.0 - cl.t), -cl.t}, normal, gap);
        return gap;
    };
    // The first pass over every pair; the later ones over those it found within 1.25
    // thicknesses (the pushes move the particles by little: a pair beyond that they bring
    // closer waits for the next substep, and the bound keeps it from crossing meanwhile).
    constexpr double kActive = 1.25;
    // (A pair whose boxes now are farther apart than that is passed over at once.)
    const double reach = kActive * thickness;
    auto apart = [reach](const V3& lo1, const V3& hi1, const V3& lo2, const V3& hi2) {
        return lo1.x - hi2.x >= reach || lo2.x - hi1.x >= reach || lo1.y - hi2.y >= reach ||
               lo2.y - hi1.y >= reach || lo1.z - hi2.z >= reach || lo2.z - hi1.z >= reach;
    };
    // A pair whose start gap, less its sides' largest motions since the start (moved_, an
    // upper bound of each particle's motion relative to the common one, grown by every push
    // of this pass), is still beyond the reach is beyond it now: pointTriangle() and
    // edgeEdge() would neither push it nor keep it, so it is passed over without them.
    const double far = 1.001 * reach;
    auto most = [this](Index a, Index b) { return std::max(moved_[a], moved_[b]); };
    activePointTriangles_.clear();
    for (std::size_t k = 0; k < pointTriangles_.size(); ++k) {
        const auto [v, t] = pointTriangles_[k];
        const Triangle& tri = m.triangles[t];
        if (pointTriangleGap_[k] - moved_[v] - std::max(most(tri.a, tri.b), moved_[tri.c]) >=
            far)
            continue;
        if (apart(x[v], x[v], lowerOf(lowerOf(x[tri.a], x[tri.b]), x[tri.c]),
                  upperOf(upperOf(x[tri.a], x[tri.b]), x[tri.c])))
            continue;
        if (pointTriangle(k) < reach)
            activePointTriangles_.push_back(static_cast<std::uint32_t>(k));
    }
    activeEdgeEdges_.clear();
    for (std::size_t k = 0; k < edgeEdges_.size(); ++k) {
        const auto [a, b] = m.edges[edgeEdges_[k].e];
        const auto [c, d] = m.edges[edgeEdges_[k].f];
        if (edgeEdgeGap_[k] - most(a, b) - most(c, d) >= far)
            continue;
        if (apart(lowerOf(x[a], x[b]), upperOf(x[a], x[b]), lowerOf(x[c], x[d]),
                  upperOf(x[c], x[d])))
            continue;
        if (edgeEdge(k) < reach)
            activeEdgeEdges_.push_back(static_cast<std::uint32_t>(k));
    }
    // An edge against a capsule's axis (at the substep's end, immovable): kept its radius and
    // half a thickness away, on the side it had at the start.
    auto edgeAxis = [&](const EdgeAxis& ea) {
        const auto [a, b] = m.edges[ea.e];
        const Axis& axis = axes_[ea.c];
        const SegmentsClosest cl = closestOnSegments(x[a], x[b], axis.a1, axis.b1);
        const V3 d = (x[a] + cl.s * (x[b] - x[a])) - (axis.a1 + cl.t * (axis.b1 - axis.a1));
        V3 normal;
        const double gap = sided(d, ea.normal, normal) - axis.radius + 0.5 * thickness;
        if (gap >= thickness)
            return;
        const double ga = 1.0 - cl.s, gb = cl.s;
        const double sum = ga * ga * w[a] + gb * gb * w[b];
        if (!(sum > 0.0))
            return;
        const double push = (thickness - gap) / sum;
        x[a] += (w[a] * ga * push) * normal;
        x[b] += (w[b] * gb * push) * normal;
        if (friction <= 0.0)
            return;
        // Coulomb friction against the capsule's own motion, as between layers.
        const V3 slide = ga * (x[a] - s[a]) + gb * (x[b] - s[b]) - (axis.a1 - axis.a0);
        const V3 across = slide - dot(slide, normal) * normal;
        const double len = std::sqrt(squaredLength(across));
        if (!(len > 0.0))
            return;
        const double share = std::min(1.0, friction * (thickness - gap) / len) / sum;
        x[a] -= (w[a] * ga * share) * across;
        x[b] -= (w[b] * gb * share) * across;
    };
    for (int pass = 1; pass < kSelfContactPasses; ++pass) {
        for (std::uint32_t k : activePointTriangles_)
            pointTriangle(k);
        for (std::uint32_t k : activeEdgeEdges_)
            edgeEdge(k);
    }
    for (int pass = 0; pass < kSelfContactPasses; ++pass)
        for (const EdgeAxis& ea : edgeAxes_)
            edgeAxis(ea);
}

SelfContactBoundInputs ElementContact::boundInputs(std::size_t n,
                                                   std::vector<double>& speedLimit,
                                                   std::vector<SelfContactGuard>& guards) const
{
    SelfContactBoundInputs in;
    speedLimit.clear();
    guards.clear();
    if (!switches_.bound || start_.size() != n)
        return in;
    in.active = true;
    in.common = common_;
    // bound()'s own values: its speed limit, its guards in its order, then its guarded edges
    // near an axis (v = a, b, a, b: the repeats are back already when met).
    speedLimit.resize(n);
    for (std::size_t i = 0; i < n; ++i)
        speedLimit[i] = kSelfContactGamma * pad_[i];
    for (const Guard& g : guards_)
        guards.push_back({g.v, g.split, g.normal, g.margin, 0.0});
    for (const EdgeAxis& ea : edgeAxes_) {
        if (!ea.guarded)
            continue;
        const Index a = mesh_.edges[ea.e][0], b = mesh_.edges[ea.e][1];
        const Axis& axis = axes_[ea.c];
        const double high = std::max(dot(axis.a1, ea.normal), dot(axis.b1, ea.normal));
        guards.push_back({{a, b, a, b}, ea.margin >= 0.0 ? 4 : -1, ea.normal, ea.margin, high});
    }
    in.speedLimit = speedLimit;
    in.bound = bound_;
    in.guards = guards;
    return in;
}

std::size_t ElementContact::bound(V3* x, const double* w, std::size_t n, unsigned threads,
                                  const ThreadRun& run)
{
    if (!switches_.bound || start_.size() != n)
        return 0;
    back_.resize(n);
    // Moves particle i back along its path (in the frame of the common motion) to `limit`;
    // whether it did.
    auto clampTo = [&](std::size_t i, double limit) {
        if (w[i] == 0.0)
            return false;
        const V3 d = x[i] - start_[i] - common_;
        const double len2 = squaredLength(d);
        if (len2 <= limit * limit)
            return false;
        x[i] = start_[i] + common_ + (limit / std::sqrt(len2)) * d;
        return true;
    };
    // The pairs not found: a speed limit, gamma times each particle's pad (each particle on
    // its own: on fixed ranges per thread).
    const bool parallel = run && threads > 1 && n >= kParallelPasses;
    const unsigned count = parallel ? threads : 1u;
    threadMoved_.assign(count, 0);
    auto limits = [&](unsigned thread, unsigned threadCount) {
        const IndexRange range = staticPartition(n, thread, threadCount);
        std::fill(back_.begin() + static_cast<std::ptrdiff_t>(range.begin),
                  back_.begin() + static_cast<std::ptrdiff_t>(range.end), std::uint8_t{0});
        std::size_t mine = 0;
        for (std::size_t i = range.begin; i < range.end; ++i)
            mine += clampTo(i, kSelfContactGamma * pad_[i]) ? 1 : 0;
        threadMoved_[thread] = mine;
    };
    runOn(parallel, count, run, limits);
    std::size_t moved = 0;
    for (std::size_t m : threadMoved_)
        moved += m;
    // The pairs found: every particle of a pair that lost its separation goes back to its
    // bound, until none has (a particle gone back never moves again, so this ends).
    for (bool again = true; again;) {
        again = false;
        for (const Guard& g : guards_) {
            bool apart = g.split >= 0;
            if (apart) {
                double low = 1e300, high = -1e300;
                for (int k = 0; k < 4; ++k) {
                    const double h = dot(x[g.v[static_cast<std::size_t>(k)]], g.normal);
                    if (k < g.split)
                        low = std::min(low, h);
                    else
                        high = std::max(high, h);
                }
                apart = low - high >= g.margin;
            }
            if (apart)
                continue;
            for (Index i : g.v)
                if (back_[i] == 0) {
                    back_[i] = 1;
                    moved += clampTo(i, bound_[i]) ? 1 : 0;
                    again = true;
                }
        }
        for (const EdgeAxis& ea : edgeAxes_) {
            if (!ea.guarded)
                continue;
            const auto [a, b] = mesh_.edges[ea.e];
            const Axis& axis = axes_[ea.c];
            const double low = std::min(dot(x[a], ea.normal), dot(x[b], ea.normal));
            const double high = std::max(dot(axis.a1, ea.normal), dot(axis.b1, ea.normal));
            if (ea.margin >= 0.0 && low - high >= ea.margin)
                continue;
            for (Index i : {a, b})
                if (back_[i] == 0) {
                    back_[i] = 1;
                    moved += clampTo(i, bound_[i]) ? 1 : 0;
                    again = true;
                }
        }
    }
    return moved;
}

} // namespace pbd::detail
