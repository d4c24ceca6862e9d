#pragma once
// Self-contact between the cloth's elements in 3D (Settings::selfCollision with dimensions 3):
// point-triangle and edge-edge pairs that share no particle are kept `thickness` apart
// (proximity contacts, with Coulomb friction between the layers), and then every particle's
// motion in the substep is bounded so that no pair can meet on the way: a scheme that needs no
// continuous collision (the offset bound of Chen et al. 2025, "Offset Geometric Contact", taken
// once per substep). docs/physics.md says how and what it guarantees. Private to the core.
//
// The guarantee: let d be the distance of a pair at the substep's start and its two sides'
// particles move in straight lines by at most shares of gamma (d - floor) (gamma < 1). Every
// point of an element is a convex combination of its particles, so it moves by at most its
// side's share too, and the pair stays more than the floor apart over the whole motion: an edge
// that did not cross a triangle at the start cannot cross it during or after the substep. The
// minimum distance of an edge and a triangle sharing no particle is that of a point-triangle or
// an edge-edge pair of theirs, so bounding those pairs bounds all. A pair whose sides stayed
// apart along its start direction (heights along a fixed direction are linear along straight
// paths) was never closer either: only the particles of pairs that lost that go back to their
// shares. Motion is taken relative to the cloth's mean motion (a translation changes no
// distance), so that a falling sheet is not slowed, unless a particle is immovable or there is
// a capsule (neither follows the mean).

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "pbd/device/self_contact3.h"
#include "pbd/obstacle3.h"
#include "pbd/topology.h"
#include "pbd/vec.h"
#include "world/self_collision.h"

namespace pbd::detail {

/// Which parts of the 3D self-contact run: all, always, in the programs. Tests turn one off to
/// see their checks fail without it.
struct SelfContactSwitches {
    bool bound = true;     ///< the motion bound of the file comment
    bool startSide = true; ///< proximity pushes to the side a pair had at the substep's start
                           ///< (else to the nearer side now: discrete proximity)
    bool edgeEdge = true; ///< the edge-edge pairs, in the proximity contacts and the bound
    bool capsules = true; ///< the edges against capsules' axes (thin obstacles)
    bool patches = true;  ///< the search by patches of the sheet, pairs within a flat block
                          ///< shown apart skipped (else the grid over every element, its
                          ///< candidates filtered by the same blocks: the same pairs)
};

/// The share of half its pairs' gap a particle may move in a substep (gamma above).
inline constexpr double kSelfContactGamma = 0.9;
/// The gap, as a share of the thickness, below which the bound lets no pair come closer.
inline constexpr double kSelfContactFloor = 0.1;
/// Gauss-Seidel passes over the proximity contacts per substep.
inline constexpr int kSelfContactPasses = 4;
/// The skin of the candidate pairs, as a share of the thickness: the grid search finds the
/// pairs whose boxes overlap when grown by it too, and later substeps only filter those,
/// until the boxes, up to a translation common to all, have left their boxes at the search
/// by more than the skin allows. Any skin gives the pairs, order and bits of a search in
/// every substep; 0.5 was the fastest of 0 to 1 on the draped and piled scenes
/// (docs/physics.md).
inline constexpr double kSelfContactSkin = 0.5;

/// A patch of the sheet, for the search by patches: this many cells along each side.
inline constexpr int kSelfContactPatch = 4;

/// The live surface of a cloth: its whole triangles (all three constraints alive) and its
/// edges (the triangles' edges whose constraint is alive), each edge once, in the order of
/// its constraint.
struct SurfaceMesh {
    std::vector<Triangle> triangles;
    std::vector<std::array<Index, 2>> edges;
    double longestRest = 0.0; ///< the longest rest length of an edge (m)
};

/// The phase's buffers, reused from substep to substep. resolve() in the SelfCollision phase,
/// bound() in the SelfContactBound phase after the contacts; their passes over every
/// particle, patch or element on fixed ranges per thread (each item on its own, the ranges'
/// results joined in order), the rest serial in index order, so that the result depends on
/// nothing but the positions, masses and settings.
class ElementContact {
public:
    /// Finds the pairs near enough to meet in this substep (through a uniform grid hashed into
    /// a sorted table), the bound of each particle's motion from the positions at the
    /// substep's start (x0 for movable particles, x for immovable ones: they do not move in a
    /// substep), and projects the proximity contacts in kSelfContactPasses passes.
    /// The search runs on `threads` threads through `run` (an empty one: the caller alone),
    /// each on a fixed range of element indices, joined in index order: the same pairs in the
    /// same order on any thread count.
    void resolve(Vec<3>* x, const Vec<3>* x0, const double* w, std::size_t n,
                 const ClothTopology& topology, const std::uint8_t* alive, double thickness,
                 double friction, SelfContactSwitches switches, unsigned threads = 1,
                 const ThreadRun& run = {});

    /// The thin obstacles of the coming resolve(): every capsule's axis at the start and the
    /// end of substep `substep` of `substeps`, which the cloth's edges meet as they meet each
    /// other (kept the thickness / 2 plus its radius away, and bounded), so that a capsule
    /// thinner than the spacing cannot pass between the particles.
    void setCapsules(std::span<const Obstacle3> obstacles, int substep, int substeps);

    /// Moves every movable particle that went farther than its bound since the substep's
    /// start, relative to the common motion, back along its path to the bound. Returns how
    /// many it moved. Nothing when the switches turn the bound off. The speed limit's pass
    /// (each particle on its own) on `threads` threads through `run`, on fixed ranges; the
    /// guards' in order on the calling thread.
    std::size_t bound(Vec<3>* x, const double* w, std::size_t n, unsigned threads = 1,
                      const ThreadRun& run = {});
    /// What bound() would do for `n` particles, as data (pbd/device/self_contact3.h): its
    /// speed limits and guards written to `speedLimit` and `guards` (kept by the caller), the
    /// bounds and common motion its own; active false where bound() does nothing.
    SelfContactBoundInputs boundInputs(std::size_t n, std::vector<double>& speedLimit,
                                       std::vector<SelfContactGuard>& guards) const;

    /// A point-triangle pair: particle v, triangle t of the mesh.
    struct PointTriangle {
        Index v;
        std::uint32_t t;
    };
    /// An edge-edge pair: edges e < f of the mesh.
    struct EdgeEdge {
        std::uint32_t e, f;
    };
    const std::vector<PointTriangle>& pointTriangles() const { return pointTriangles_; }
    const std::vector<EdgeEdge>& edgeEdges() const { return edgeEdges_; }
    /// The last search's candidates (searchPairs(): the set and order a device search must
    /// give), of which the pairs above are those still near now and not shown apart in the
    /// sheet (apartInSheet()).
    const std::vector<PointTriangle>& candidatePointTriangles() const
    {
        return candidatePointTriangles_;
    }
    const std::vector<EdgeEdge>& candidateEdgeEdges() const { return candidateEdgeEdges_; }
    const SurfaceMesh& mesh() const { return mesh_; }
    /// A capsule's axis in the substep: ends at its start (a0, b0) and end (a1, b1), radius.
    using Axis = CapsuleAxis;
    const std::vector<Axis>& axes() const { return axes_; }
    /// Each particle's bound in this substep (m).
    const std::vector<double>& bounds() const { return bound_; }
    /// Each particle's pad in this substep (m): pairs farther apart at the start than their
    /// sides' largest pads need no bound but gamma times the pad.
    const std::vector<double>& pads() const { return pad_; }
    /// The boxes the last search compared (grown by the pads: elements whose boxes do not
    /// overlap are farther apart than their pads), per particle, triangle and edge of mesh(),
    /// and its cells' size (m): what a device search takes (pbd/device/element_pairs.h). After
    /// the search by patches, only the boxes of the elements of patches near another are
    /// made (the others are stale).
    const std::vector<std::array<Vec<3>, 2>>& pointBoxes() const { return pointBox_; }
    const std::vector<std::array<Vec<3>, 2>>& triangleBoxes() const { return triangleBox_; }
    const std::vector<std::array<Vec<3>, 2>>& edgeBoxes() const { return edgeBox_; }
    double cellSize() const { return cell_; }
    /// How many spatial searches resolve() ran so far (the others reused the candidates).
    std::size_t searches() const { return searches_; }
    /// How many patches kept their start side from the last call in the last search by
    /// patches, and how many there are (statistics for the tests).
    std::size_t keptPatches() const
    {
        return static_cast<std::size_t>(
            std::count(patchSame_.begin(), patchSame_.end(), std::uint8_t{1}));
    }
    std::size_t patchCount() const { return patches_.size(); }

private:
    void buildMesh(const ClothTopology& topology, const std::uint8_t* alive);
    void findPairs(const Vec<3>* x, const double* w, std::size_t n, double thickness,
                   unsigned threads, const ThreadRun& run);
    /// The pair search, the one a device search must match: every point-triangle pair
    /// (point v, triangle t not having v as a corner) and every edge-edge pair (edges e < f
    /// sharing no particle) whose boxes (pointBox_, triangleBox_, edgeBox_ grown by `skin`)
    /// overlap, in the canonical order: by v then t, by e then f. Through a uniform grid
    /// whose table holds the triangles and the edges; each point and each edge queries the
    /// cells its box touches, on fixed index ranges per thread.
    /// Some elements of the mesh, each list in index order.
    struct SearchSubset {
        std::vector<std::uint32_t> points, triangles, edges;
    };
    /// With `subset`, the same among its elements alone.
    void searchPairs(std::size_t n, double skin, unsigned threads, const ThreadRun& run,
                     const SearchSubset* subset = nullptr);
    /// Whether a pair of the cloth's own neighbours (a cell's fourth corner and its other
    /// triangle; a cell's diagonal and an edge) is shown farther apart, at the substep's start
    /// and now (x), than its sides' largest pads by a lower bound of its distance taken from
    /// particle distances alone: then it is left out, as a pair whose boxes miss.
    bool apartInSheet(const Vec<3>* x, PointTriangle pair) const;
    bool apartInSheet(const Vec<3>* x, EdgeEdge pair) const;
    void computeBounds(std::size_t n, double floor);
    /// A pair's unit direction at the substep's start, from the second side to the first.
    Vec<3> startNormal(PointTriangle pair) const;
    Vec<3> startNormal(EdgeEdge pair) const;
    void project(Vec<3>* x, const double* w, double thickness, double friction);

    SurfaceMesh mesh_;
    std::vector<std::array<std::uint32_t, 3>> triangleEdges_; ///< the topology's, cached
    int meshWidth_ = 0, meshHeight_ = 0;   ///< the topology triangleEdges_ is of
    bool meshWhole_ = false;               ///< mesh_ is the whole (untorn) cloth's
    std::vector<Vec<3>> start_;            ///< the positions at the substep's start
    std::vector<double> bound_;            ///< per particle, its bound (m)
    std::vector<PointTriangle> pointTriangles_;
    std::vector<EdgeEdge> edgeEdges_;
    std::vector<std::uint32_t> activePointTriangles_, activeEdgeEdges_; ///< project()'s
    std::vector<Vec<3>> pointTriangleNormal_; ///< per pair: unit direction at the start
    std::vector<Vec<3>> edgeEdgeNormal_;      ///< per pair: unit direction at the start
    /// Per pair: its gap at the start (m), -1 when computeBounds() did not measure it.
    std::vector<double> pointTriangleGap_, edgeEdgeGap_;
    /// Per particle: at least how far it moved relative to the common motion since the
    /// start (resolve() sets it, project()'s pushes grow it).
    std::vector<double> moved_;
    std::vector<std::array<Vec<3>, 2>> triangleBox_, edgeBox_, pointBox_;
    /// The search's table of one kind of element: (cell key, element) for every cell an
    /// element's box touches, sorted by bucket (a hash of the key) with a counting sort.
    struct CellEntry {
        std::uint64_t key;
        std::uint32_t element, bucket;
    };
    /// A box's low corner's cell (cellOf() is within +-4e6).
    using LowCell = std::array<std::int32_t, 3>;
    struct CellTable {
        std::vector<CellEntry> cells;           ///< in element order
        std::vector<LowCell> low;               ///< per element, its box's low corner's cell
        std::vector<std::uint32_t> bucketStart; ///< bucket b's entries: [start b, start b + 1)
        std::vector<std::pair<std::uint64_t, std::uint32_t>> sorted; ///< (key, element)
        bool dense = false;          ///< a bucket per cell of the bounding box, else hashed
        std::int64_t lo[3] = {};     ///< dense: the bounding box's first cell
        std::uint64_t extent[3] = {}; ///< dense: its cells along each axis
        std::size_t mask = 0;        ///< hashed: buckets - 1
        /// Whether cell (i, j, k) can hold entries (dense: inside the bounding box).
        bool holds(std::int64_t i, std::int64_t j, std::int64_t k) const
        {
            return !dense || (static_cast<std::uint64_t>(i - lo[0]) < extent[0] &&
                              static_cast<std::uint64_t>(j - lo[1]) < extent[1] &&
                              static_cast<std::uint64_t>(k - lo[2]) < extent[2]);
        }
        /// The bucket of cell (i, j, k) (dense: one inside the bounding box).
        std::size_t bucketOf(std::int64_t i, std::int64_t j, std::int64_t k) const;
    };
    /// (On the pool from `parallelFrom` boxes on: the same table on any thread count.)
    void buildTable(const std::vector<std::array<Vec<3>, 2>>& boxes, CellTable& table,
                    double inverseCell, unsigned threads, const ThreadRun& run,
                    std::size_t parallelFrom);
    /// buildTable()'s per thread: its elements' cells' bounding box and entry count (then
    /// where its entries start).
    struct TablePart {
        std::int64_t lo[3], hi[3];
        std::size_t entries;
    };
    std::vector<TablePart> tableParts_;
    CellTable triangleTable_, edgeTable_;
    /// Per thread: its range's pairs, and one query's candidates.
    std::vector<std::vector<PointTriangle>> threadPointTriangles_;
    std::vector<std::vector<EdgeEdge>> threadEdgeEdges_;
    std::vector<std::vector<std::uint32_t>> threadFound_;
    std::vector<std::uint32_t> found_;     ///< buildMesh()'s scratch
    /// The candidate pairs of the last search and what they hold for: each particle's
    /// unpadded box (start and current position) and pad at the search, the mesh's version,
    /// the particle count and the edge-edge switch. Valid while every particle's box and pad
    /// stay within the skin of the search's, up to a common translation (findPairs() says
    /// how). With a skin, the search's pairs (boxes grown by it) are the skin lists, and the
    /// candidates those of them whose boxes overlap now: a search of this substep's own.
    std::vector<PointTriangle> candidatePointTriangles_, skinPointTriangles_;
    std::vector<EdgeEdge> candidateEdgeEdges_, skinEdgeEdges_;
    /// The filter's per thread: its range's candidates (from the skin lists).
    std::vector<std::vector<PointTriangle>> threadCandidatePointTriangles_;
    std::vector<std::vector<EdgeEdge>> threadCandidateEdgeEdges_;
    std::vector<std::array<Vec<3>, 2>> searchBox_;
    std::vector<double> searchPad_;
    std::vector<std::array<Vec<3>, 2>> skinPointBox_, skinTriangleBox_, skinEdgeBox_;
    std::uint64_t meshVersion_ = 0, searchMeshVersion_ = ~std::uint64_t{0};
    std::size_t searchCount_ = 0;
    bool searchEdgeEdge_ = false;
    double searchSkin_ = 0.0;
    std::size_t searches_ = 0; ///< how many searches ran (statistics for the tests)
    double cell_ = 1.0;                    ///< the grid's cell size (m)
    double inverseCell_ = 1.0;             ///< 1 / cell_ (cells per metre)
    std::vector<double> pad_;              ///< per particle, its pad (m)
    /// A close pair as a separating direction: particles v[0, split) must stay at least
    /// `margin` beyond v[split, 4) along `normal` (split -1: no direction, the bounds alone).
    struct Guard {
        std::array<Index, 4> v;
        int split;
        Vec<3> normal;
        double margin;
    };
    std::vector<Guard> guards_;
    void findEdgeAxes(const Vec<3>* x, const double* w, double thickness);
    std::vector<Axis> axes_;                  ///< setCapsules()

    // The search by patches (docs/physics.md): the sheet's cells in patches of
    // kSelfContactPatch x kSelfContactPatch, each element in the patch of its cell; a block of
    // 2 x 2 patches whose particles lie near an affine map of the rest grid, at the start and
    // now, is "flat": no two of its elements sharing no particle are within their pads.
    /// An affine map of the rest grid: particle (i, j) near origin + u (i - ci) + v (j - cj).
    struct GridMap {
        Vec<3> origin, u, v;
        double ci, cj;
        Vec<3> at(double i, double j) const { return origin + (i - ci) * u + (j - cj) * v; }
    };
    struct Patch {
        std::array<Vec<3>, 2> box; ///< its particles' start and current positions, padded
        double pad;                ///< its particles' largest pad
        int i0, i1, j0, j1;        ///< its particles' rows and columns (inclusive)
    };
    /// A patch at one time (the start or now): its map fitted to its corners, its particles'
    /// farthest distance from it and their box (unpadded), and the map's images of its
    /// corners (i0, j0), (i0, j1), (i1, j0), (i1, j1).
    struct PatchSide {
        GridMap map;
        double off;
        Vec<3> lo, hi;
        std::array<Vec<3>, 4> corner;
    };
    /// A block's affine map at one time, as the flat test reads it: its particles' farthest
    /// distance from it (through its patches' maps) and its smallest stretch squared.
    struct BlockSide {
        double off, sigma2;
    };
    void buildPatches();
    void measurePatches(const Vec<3>* x, unsigned threads, const ThreadRun& run);
    /// Whether every pair of an element of patch p and one of patch q (p == q: within p)
    /// sharing no particle is farther apart than its pads, at the start and now.
    bool flatPair(std::uint32_t p, std::uint32_t q) const;
    /// The pairs of patches (p <= q) whose boxes overlap and that no flat block holds, in
    /// order; each patch in one of them marked near.
    void findPatchPairs(unsigned threads, const ThreadRun& run);
    /// The candidates: searchPairs() over the elements of the patches near another.
    void patchElementPairs(std::size_t n, unsigned threads, const ThreadRun& run);
    SearchSubset subset_; ///< patchElementPairs()'s
    /// searchPairs()'s table boxes of a subset.
    std::vector<std::array<Vec<3>, 2>> subsetTriangleBox_, subsetEdgeBox_;
    int patchesWide_ = 0, patchesHigh_ = 0; ///< 0: no patches (no cells)
    std::vector<Patch> patches_;
    std::vector<std::uint8_t> flatBlock_; ///< per block (its first patch), whether flat
    /// The patches' and the blocks' sides in two slots used in turns: measurePatches()
    /// writes the now side in one, the start side in the other, where the last call wrote its
    /// now side: a patch whose particles start this substep where that call measured them
    /// (bit for bit: nothing moved them since) keeps it as it is, and a block of such
    /// patches its own.
    std::vector<PatchSide> patchSide_[2];
    std::vector<BlockSide> blockSide_[2];
    std::vector<Vec<3>> measured_[2]; ///< the positions each slot's now side measured
    int nowSlot_ = 0;                 ///< the slot of the last call's now side
    bool measuredValid_ = false;      ///< that slot's sides are the patches' of measured_
    std::vector<std::uint8_t> patchSame_; ///< per patch: its start side was kept
    std::vector<std::uint32_t> pointPatch_, trianglePatch_, edgePatch_;
    /// Each patch's elements, in index order: [start p, start p + 1) of the list.
    std::vector<std::uint32_t> patchPointStart_, patchPoints_, patchTriangleStart_,
        patchTriangles_, patchEdgeStart_, patchEdges_;
    std::vector<std::array<Vec<3>, 2>> patchBox_; ///< the patches' boxes, for their table
    std::vector<std::array<Vec<3>, 2>> pointGrown_; ///< findPairs()'s scratch
    CellTable patchTable_;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> patchPairs_; ///< near, not flat
    /// findPatchPairs()'s per thread: its range's pairs.
    std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> threadPatchPairs_;
    std::vector<std::uint8_t> patchNear_; ///< per patch: in a pair above (its boxes made)
    /// An edge near a capsule's axis: edge e, axis c; its start direction; its guard (as a
    /// Guard's, the axis's end points the second side, which the bound cannot move).
    struct EdgeAxis {
        std::uint32_t e, c;
        Vec<3> normal{0.0};
        double margin = 0.0;
        bool guarded = false;
    };
    std::vector<EdgeAxis> edgeAxes_;
    std::vector<std::uint8_t> back_;       ///< bound(): per particle, whether it goes back
    std::vector<std::size_t> threadMoved_; ///< bound(): per thread, the particles it moved
    Vec<3> common_{0.0};                   ///< the common motion of the substep (resolve())
    SelfContactSwitches switches_;
};

} // namespace pbd::detail
