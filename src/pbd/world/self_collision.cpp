// Self-collision: a uniform grid of cells kSelfCollisionReach * thickness wide, hashed into a
// table of buckets and sorted by bucket with a counting sort (particles in index order within
// each), as in Ten Minute Physics' spatial hash; the pairs found per particle in bucket order
// (so that any partition of the particles among threads joins to the same list),
// coloured greedily so that the pairs of one colour share no particle and can be projected in
// parallel with the same bits as one after the other.

#include "world/self_collision.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include "colored/worker_pool.h"
#include "world/sheet_patches.h"

namespace pbd::detail {
namespace {

constexpr std::int64_t kNoCell = INT64_MIN;
constexpr std::int32_t kNoCell32 = INT32_MIN; // a cell column: the particle is in no cell
/// Cells beyond this many in either direction are left out of the grid: such a particle
/// meets nothing, rather than overflowing the cell numbers (below 2^63).
constexpr double kLargestCell = 1e9;
/// Below this many particles (pairs) the phase runs on the calling thread: waking the
/// workers costs more than it gives. The result is the same either way.
constexpr std::size_t kParallelParticles = 8192;
constexpr std::size_t kParallelPairs = 2048;
constexpr std::uint8_t kSerialColour = kSelfCollisionSerialColour;
constexpr double kSettled = kSelfCollisionSettled;

std::int64_t cellOf(double coordinate, double inverseCell)
{
    const double c = std::floor(coordinate * inverseCell);
    if (!(std::abs(c) < kLargestCell)) // also NaN
        return kNoCell;
    return static_cast<std::int64_t>(c);
}

/// Patches beyond this far from the origin (m), or larger, leave the search to the grid alone.
constexpr double kLargestPatch = 1e6;

} // namespace

template <glm::length_t D>
bool SelfCollisionOf<D>::flatPair(std::size_t p, std::size_t q) const
{
    return flatBlockHolds(flatBlock_, static_cast<std::size_t>(patchesWide_), p, q);
}

template <glm::length_t D>
bool SelfCollisionOf<D>::markNearPatches(const Vec<D>* x, std::size_t n, int width,
                                         double reach, unsigned used, const ThreadRun& run)
{
    patched_ = false;
    const auto side = static_cast<std::size_t>(kSelfCollisionPatch);
    const std::size_t wide = width > 0 ? static_cast<std::size_t>(width) : 0;
    if (!patches_ || wide < 2 || n % wide != 0 || n / wide < 2)
        return false;
    const std::size_t high = n / wide;
    if (patchedCount_ != n || patchedWidth_ != wide) {
        // The patches: columns [pi side, (pi + 1) side), the last to the cloth's edge, so
        // that every patch is at least two particles wide and high.
        patchesWide_ = static_cast<int>(std::max<std::size_t>((wide - 1) / side, 1));
        patchesHigh_ = static_cast<int>(std::max<std::size_t>((high - 1) / side, 1));
        patchedCount_ = n;
        patchedWidth_ = wide;
        patch_.resize(static_cast<std::size_t>(patchesWide_) * patchesHigh_);
        patchOf_.resize(n);
        for (int pj = 0; pj < patchesHigh_; ++pj)
            for (int pi = 0; pi < patchesWide_; ++pi) {
                Patch& patch = patch_[static_cast<std::size_t>(pi + patchesWide_ * pj)];
                patch.i0 = pi * kSelfCollisionPatch;
                patch.i1 = pi + 1 == patchesWide_ ? static_cast<int>(wide) - 1
                                                  : patch.i0 + kSelfCollisionPatch - 1;
                patch.j0 = pj * kSelfCollisionPatch;
                patch.j1 = pj + 1 == patchesHigh_ ? static_cast<int>(high) - 1
                                                  : patch.j0 + kSelfCollisionPatch - 1;
                for (int j = patch.j0; j <= patch.j1; ++j)
                    for (int i = patch.i0; i <= patch.i1; ++i)
                        patchOf_[static_cast<std::size_t>(i) + wide * static_cast<std::size_t>(j)] =
                            static_cast<std::uint32_t>(pi + patchesWide_ * pj);
            }
    }
    const std::size_t count = patch_.size();
    // Each patch: its map through its corners, its particles' farthest distance from it, and
    // a sphere about the map's origin holding every particle grown by reach / 2 (two
    // particles within reach lie in patches whose spheres overlap).
    auto measure = [&](unsigned thread, unsigned threads) {
        const IndexRange range = staticPartition(count, thread, threads);
        for (std::size_t p = range.begin; p < range.end; ++p) {
            Patch& patch = patch_[p];
            patch.map = cornerMap<GridMap>(x, wide, patch.i0, patch.i1, patch.j0, patch.j1);
            double off = 0.0;
            Vec<D> lo = x[static_cast<std::size_t>(patch.i0) +
                          wide * static_cast<std::size_t>(patch.j0)];
            Vec<D> hi = lo;
            for (int j = patch.j0; j <= patch.j1; ++j) {
                const Vec<D>* row = x + wide * static_cast<std::size_t>(j);
                for (int i = patch.i0; i <= patch.i1; ++i) {
                    off = std::max(off, squaredLength(Vec<D>(row[i] - patch.map.at(i, j))));
                    lo = lowerOf(lo, row[i]);
                    hi = upperOf(hi, row[i]);
                }
            }
            patch.off = std::sqrt(off);
            patch.lo = lo;
            patch.hi = hi;
            const Vec<D> grow(0.5 * 1.001 * reach);
            patch.box = {lo - grow, hi + grow};
        }
    };
    runOn(used > 1, used, run, measure);
    near_.assign(count, 0);
    // Far out, huge or not finite (NaN compares false): the grid alone decides.
    for (const Patch& patch : patch_) {
        bool sane = patch.off < kLargestPatch;
        for (glm::length_t k = 0; k < D; ++k)
            sane = sane && std::abs(patch.box[0][k]) < kLargestPatch &&
                   std::abs(patch.box[1][k]) < kLargestPatch;
        if (!sane)
            return false;
    }
    // Each block of 2 x 2 patches (fewer at the last row and column), from its first: flat
    // when an affine map A of the rest grid (through its corners) has all its particles
    // within `off` of their places and its smallest stretch sigma (m per row or column)
    // leaves 2 sigma - 2 off >= 1.001 reach. Two particles that are not grid neighbours lie
    // at least 2 apart on the rest grid, so at least 2 sigma - 2 off apart in space: no pair.
    // A patch's particles lie within its own offset of its own map, and that map within the
    // largest of its corners' distances of A (an affine difference is largest at a corner).
    const int pw = patchesWide_, ph = patchesHigh_;
    flatBlock_.resize(count);
    auto blocks = [&](unsigned thread, unsigned threads) {
        const IndexRange range = staticPartition(count, thread, threads);
        for (std::size_t b = range.begin; b < range.end; ++b) {
            const int ai = static_cast<int>(b % static_cast<std::size_t>(pw));
            const int aj = static_cast<int>(b / static_cast<std::size_t>(pw));
            const int bi = std::min(ai + 1, pw - 1), bj = std::min(aj + 1, ph - 1);
            const Patch& first = patch_[static_cast<std::size_t>(ai + pw * aj)];
            const Patch& last = patch_[static_cast<std::size_t>(bi + pw * bj)];
            const GridMap map =
                cornerMap<GridMap>(x, wide, first.i0, last.i1, first.j0, last.j1);
            double off = 0.0;
            for (int pj = aj; pj <= bj; ++pj)
                for (int pi = ai; pi <= bi; ++pi) {
                    const Patch& q = patch_[static_cast<std::size_t>(pi + pw * pj)];
                    double corner = 0.0;
                    for (int i : {q.i0, q.i1})
                        for (int j : {q.j0, q.j1})
                            corner = std::max(
                                corner, squaredLength(Vec<D>(q.map.at(i, j) - map.at(i, j))));
                    off = std::max(off, q.off + std::sqrt(corner));
                }
            // sigma^2, the smaller eigenvalue of [u v]'s Gram matrix: its determinant over
            // the larger.
            const double uu = dot(map.u, map.u), uv = dot(map.u, map.v), vv = dot(map.v, map.v);
            const double larger =
                0.5 * (uu + vv) + std::sqrt(0.25 * (uu - vv) * (uu - vv) + uv * uv);
            const double sigma2 = larger > 0.0 ? (uu * vv - uv * uv) / larger : 0.0;
            const double need = off + 0.5 * 1.001 * reach;
            flatBlock_[b] = sigma2 >= need * need ? 1 : 0;
        }
    };
    runOn(used > 1, used, run, blocks);
    auto meet = [&](std::size_t p, std::size_t q) {
        for (glm::length_t k = 0; k < D; ++k)
            if (patch_[p].box[0][k] > patch_[q].box[1][k] ||
                patch_[q].box[0][k] > patch_[p].box[1][k])
                return false;
        return true;
    };
    // A patch and itself or a neighbour: near unless a flat block holds both.
    for (int pj = 0; pj < ph; ++pj)
        for (int pi = 0; pi < pw; ++pi) {
            const auto p = static_cast<std::size_t>(pi + pw * pj);
            for (int qj = pj; qj <= std::min(pj + 1, ph - 1); ++qj)
                for (int qi = std::max(pi - 1, 0); qi <= std::min(pi + 1, pw - 1); ++qi) {
                    const auto q = static_cast<std::size_t>(qi + pw * qj);
                    if (q < p || near_[p] + near_[q] == 2 || flatPair(p, q) || !meet(p, q))
                        continue;
                    near_[p] = near_[q] = 1;
                }
        }
    // Patches that are not neighbours: their boxes overlap (grown by reach / 2, two particles
    // within reach lie in patches whose boxes overlap). A table of cells as wide as the
    // median patch, each patch in every cell its box touches (more than 64 cells a patch in
    // all: every patch near), numbered over the boxes' bounding box, sorted by bucket with a
    // counting sort; each patch meets the later ones in its cells, a pair counted in the cell
    // holding the low corner of their overlap.
    radii_.resize(count);
    for (std::size_t p = 0; p < count; ++p) {
        const Patch& patch = patch_[p];
        double largest = 0.0;
        for (glm::length_t k = 0; k < D; ++k)
            largest = std::max(largest, patch.box[1][k] - patch.box[0][k]);
        radii_[p] = largest;
    }
    std::nth_element(radii_.begin(), radii_.begin() + static_cast<std::ptrdiff_t>(count / 2),
                     radii_.end());
    const double inverse = 1.0 / std::max(radii_[count / 2], 1e-9);
    Vec<D> lowest(std::numeric_limits<double>::max());
    for (const Patch& patch : patch_)
        lowest = lowerOf(lowest, patch.box[0]);
    auto cellOfBox = [&](const Vec<D>& corner, glm::length_t k) {
        return static_cast<std::uint64_t>(std::floor((corner[k] - lowest[k]) * inverse));
    };
    // The cells along each axis (the boxes lie within kLargestPatch, so these are bounded).
    std::uint64_t extent[3] = {1, 1, 1};
    double entries = 0.0;
    for (const Patch& patch : patch_) {
        double cells = 1.0;
        for (glm::length_t k = 0; k < D; ++k) {
            const std::uint64_t hi = cellOfBox(patch.box[1], k);
            extent[k] = std::max(extent[k], hi + 1);
            cells *= static_cast<double>(hi - cellOfBox(patch.box[0], k) + 1);
        }
        entries += cells;
        if (entries > 64.0 * static_cast<double>(count)) {
            std::fill(near_.begin(), near_.end(), std::uint8_t{1});
            patched_ = true;
            return true;
        }
    }
    const std::size_t buckets =
        std::bit_ceil(std::max<std::size_t>(static_cast<std::size_t>(entries), 16));
    const std::uint64_t mask = buckets - 1;
    auto keyOf = [&](const std::uint64_t* c) {
        return c[0] + extent[0] * (c[1] + extent[1] * (D == 3 ? c[2] : 0));
    };
    auto bucketOf = [&](std::uint64_t key) {
        key ^= key >> 29;
        key *= 0xbf58476d1ce4e5b9ULL;
        key ^= key >> 32;
        return static_cast<std::size_t>(key & mask);
    };
    // Each patch's cells, in order: f(key).
    auto forCells = [&](const Patch& patch, auto f) {
        std::uint64_t lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0}, c[3] = {0, 0, 0};
        for (glm::length_t k = 0; k < D; ++k) {
            lo[k] = cellOfBox(patch.box[0], k);
            hi[k] = cellOfBox(patch.box[1], k);
        }
        for (c[2] = lo[2]; c[2] <= hi[2]; ++c[2])
            for (c[1] = lo[1]; c[1] <= hi[1]; ++c[1])
                for (c[0] = lo[0]; c[0] <= hi[0]; ++c[0])
                    f(keyOf(c));
    };
    tableStart_.assign(buckets + 1, 0);
    for (const Patch& patch : patch_)
        forCells(patch, [&](std::uint64_t key) { ++tableStart_[bucketOf(key) + 1]; });
    for (std::size_t b = 0; b < buckets; ++b)
        tableStart_[b + 1] += tableStart_[b];
    table_.resize(static_cast<std::size_t>(entries));
    for (std::size_t p = 0; p < count; ++p)
        forCells(patch_[p], [&](std::uint64_t key) {
            table_[tableStart_[bucketOf(key)]++] = {key, static_cast<std::uint32_t>(p)};
        });
    for (std::size_t b = buckets; b > 0; --b) // back to each bucket's start
        tableStart_[b] = tableStart_[b - 1];
    tableStart_[0] = 0;
    for (std::size_t p = 0; p < count; ++p) {
        const Patch& a = patch_[p];
        const std::size_t pi = p % static_cast<std::size_t>(pw), pj = p / static_cast<std::size_t>(pw);
        forCells(a, [&](std::uint64_t key) {
            const std::size_t b = bucketOf(key);
            for (std::uint32_t e = tableStart_[b]; e < tableStart_[b + 1]; ++e) {
                const std::size_t q = table_[e].patch;
                if (q <= p || table_[e].key != key || (near_[p] != 0 && near_[q] != 0))
                    continue;
                const std::size_t qi = q % static_cast<std::size_t>(pw), qj = q / static_cast<std::size_t>(pw);
                if (std::max(pi, qi) - std::min(pi, qi) <= 1 &&
                    std::max(pj, qj) - std::min(pj, qj) <= 1)
                    continue; // neighbours: above
                const Patch& c = patch_[q];
                bool overlap = true;
                std::uint64_t owner[3] = {0, 0, 0};
                for (glm::length_t k = 0; k < D; ++k) {
                    overlap = overlap && a.box[0][k] <= c.box[1][k] && c.box[0][k] <= a.box[1][k];
                    owner[k] = cellOfBox(upperOf(a.box[0], c.box[0]), k);
                }
                if (overlap && keyOf(owner) == key)
                    near_[p] = near_[q] = 1;
            }
        });
    }
    patched_ = true;
    return std::find(near_.begin(), near_.end(), std::uint8_t{1}) != near_.end();
}

template <glm::length_t D>
void SelfCollisionOf<D>::find(const Vec<D>* x, const double* w, std::size_t n, int width,
                              double thickness, unsigned threads, const ThreadRun& run)
{
    constexpr auto kD = static_cast<std::size_t>(D);
    const double reach = kSelfCollisionReach * thickness;
    const double inverseCell = 1.0 / reach;
    const bool parallel = n >= kParallelParticles;
    const unsigned used = parallel && run ? std::max(threads, 1u) : 1u;
    // The sheet's patches first: where none may hold a pair, there is none; else only the
    // particles of those that may are placed in the grid and searched (the pairs and their
    // order are those of the grid over all: the others have no pair, and each bucket keeps
    // its particles in index order).
    if (!markNearPatches(x, n, width, reach, used, run) && patched_) {
        unordered_.clear();
        colour(n);
        return;
    }
    const std::uint8_t* nearPatch = patched_ ? near_.data() : nullptr;
    const std::uint32_t* patchOf = patchOf_.data();
    // Few particles in near patches (at most 1 in 16), every particle in the grid: the box of
    // their cells from the patches' boxes, and only those particles' cells, sorted by
    // (bucket, index) rather than counted into every bucket.
    bool sparse = false;
    CellBox patchCells;
    if (patched_) {
        std::size_t nearCount = 0;
        Vec<D> lo(std::numeric_limits<double>::max()), hi(-std::numeric_limits<double>::max());
        for (std::size_t p = 0; p < patch_.size(); ++p) {
            const Patch& patch = patch_[p];
            lo = lowerOf(lo, patch.lo);
            hi = upperOf(hi, patch.hi);
            if (near_[p] != 0)
                nearCount += static_cast<std::size_t>(patch.i1 - patch.i0 + 1) *
                             static_cast<std::size_t>(patch.j1 - patch.j0 + 1);
        }
        sparse = 16 * nearCount <= n;
        for (std::size_t k = 0; k < kD; ++k) {
            const std::int64_t a = cellOf(lo[static_cast<glm::length_t>(k)], inverseCell);
            const std::int64_t b = cellOf(hi[static_cast<glm::length_t>(k)], inverseCell);
            sparse = sparse && a != kNoCell && b != kNoCell; // then every particle's is in
            patchCells.lo[k] = static_cast<std::int32_t>(a);
            patchCells.hi[k] = static_cast<std::int32_t>(b);
        }
    }
    // Every pass below runs on `used` threads, each on a part of the particles (or of the
    // buckets) that no other touches, and gives the same arrays whatever the parts: the
    // pass over 90 000 particles is memory-bound, and one thread alone left the others idle.
    cellOf_.resize(n);
    bounds_.resize(used);
    auto cells = [&](unsigned thread, unsigned count) {
        CellBox box;
        box.lo.fill(INT32_MAX);
        box.hi.fill(INT32_MIN);
        const IndexRange range = staticPartition(n, thread, count);
        for (std::size_t i = range.begin; i < range.end; ++i) {
            Cell cell;
            bool inGrid = true;
            for (std::size_t k = 0; k < kD; ++k) {
                const std::int64_t c = cellOf(x[i][static_cast<glm::length_t>(k)], inverseCell);
                inGrid = inGrid && c != kNoCell;
                cell[k] = static_cast<std::int32_t>(c); // |c| < kLargestCell < 2^31
            }
            if (!inGrid) {
                cellOf_[i][0] = kNoCell32;
                continue;
            }
            cellOf_[i] = cell;
            for (std::size_t k = 0; k < kD; ++k) {
                box.lo[k] = std::min(box.lo[k], cell[k]);
                box.hi[k] = std::max(box.hi[k], cell[k]);
            }
        }
        bounds_[thread] = box;
    };
    if (!sparse)
        runOn(parallel, used, run, cells);
    CellBox box = sparse ? patchCells : bounds_[0];
    for (unsigned t = 1; t < used && !sparse; ++t)
        for (std::size_t k = 0; k < kD; ++k) {
            box.lo[k] = std::min(box.lo[k], bounds_[t].lo[k]);
            box.hi[k] = std::max(box.hi[k], bounds_[t].hi[k]);
        }
    // The cells of the particles' bounding box (and a border) numbered row by row (and layer
    // by layer); a bucket per cell number modulo a power of two at least twice the particles:
    // a dense grid where the cloth's box has no more cells, else a grid wrapped onto itself (a
    // bucket then holds particles of several cells, told apart by their cell numbers; in 3D
    // the numbers themselves may wrap modulo 2^64, which only adds candidates that the
    // distance test rejects). Either way a row of three neighbouring cells is three
    // neighbouring buckets.
    const std::size_t buckets = std::bit_ceil(std::max<std::size_t>(2 * n, 16));
    const std::uint64_t mask = buckets - 1;
    const bool any = box.hi[0] >= box.lo[0];
    std::uint64_t extent[kD]; // cells along each axis, border included
    for (std::size_t k = 0; k < kD; ++k)
        extent[k] = static_cast<std::uint64_t>(
            any ? static_cast<std::int64_t>(box.hi[k]) - box.lo[k] + 3 : 1);
    const std::uint64_t pitch = extent[0];
    const std::uint64_t rows = extent[1];
    // Dense: every cell number (border included) is its own bucket, so the buckets of a row of
    // three cells hold those cells' particles only and the cell numbers need not be kept.
    bool dense = rows <= buckets / pitch;
    if constexpr (D == 3)
        dense = dense && extent[2] <= buckets / pitch / rows;
    cell_.resize(dense ? 0 : n);
    bucket_.resize(n);
    const auto outside = static_cast<std::uint32_t>(buckets); // not in the grid: never placed
    auto number = [&](std::size_t i) {
        if (cellOf_[i][0] == kNoCell32 || (nearPatch && nearPatch[patchOf[i]] == 0)) {
            bucket_[i] = outside;
            return;
        }
        // Along axis k, from the border's 0.
        auto at = [&](std::size_t k) {
            return static_cast<std::uint64_t>(static_cast<std::int64_t>(cellOf_[i][k]) -
                                              box.lo[k] + 1);
        };
        std::uint64_t cell = at(1) * pitch + at(0);
        if constexpr (D == 3)
            cell = cell + at(2) * rows * pitch;
        if (!dense)
            cell_[i] = cell;
        bucket_[i] = static_cast<std::uint32_t>(cell & mask);
    };
    auto numbers = [&](unsigned thread, unsigned count) {
        const IndexRange range = staticPartition(n, thread, count);
        for (std::size_t i = range.begin; i < range.end; ++i)
            number(i);
    };
    std::size_t inGrid = 0;
    if (sparse) {
        // The near patches' particles: their cells and buckets, sorted by bucket and index.
        sparseKey_.clear();
        for (std::size_t p = 0; p < patch_.size(); ++p) {
            if (near_[p] == 0)
                continue;
            const Patch& patch = patch_[p];
            for (int j = patch.j0; j <= patch.j1; ++j)
                for (int i = patch.i0; i <= patch.i1; ++i) {
                    const std::size_t k = static_cast<std::size_t>(i) +
                                          static_cast<std::size_t>(width) * static_cast<std::size_t>(j);
                    for (std::size_t a = 0; a < kD; ++a)
                        cellOf_[k][a] = static_cast<std::int32_t>(
                            cellOf(x[k][static_cast<glm::length_t>(a)], inverseCell));
                    number(k);
                    sparseKey_.push_back(std::uint64_t{bucket_[k]} << 32 | k);
                }
        }
        std::sort(sparseKey_.begin(), sparseKey_.end());
        inGrid = sparseKey_.size();
        // Grown only: shrinking and growing back would clear them in every find().
        sortedP_.resize(std::max(sortedP_.size(), inGrid));
        sortedIndex_.resize(std::max(sortedIndex_.size(), inGrid));
        if (!dense)
            sortedCell_.resize(std::max(sortedCell_.size(), inGrid));
        for (std::size_t k = 0; k < inGrid; ++k) {
            const auto i = static_cast<std::uint32_t>(sparseKey_[k]);
            sortedP_[k] = x[i];
            sortedIndex_[k] = i;
            if (!dense)
                sortedCell_[k] = cell_[i];
        }
    } else {
        runOn(parallel, used, run, numbers);
    }
    // Counting sort, each thread over its own range of buckets (all particles read, its own
    // placed): the counts, their running sum from the buckets before its range, and each
    // particle placed from its bucket's end backwards, last index first, so that every bucket
    // lists its particles in index order.
    if (!sparse) {
        bucketStart_.resize(buckets + 1);
        sortedP_.resize(n);
        sortedIndex_.resize(n);
        sortedCell_.resize(dense ? 0 : n);
    }
    auto sort = [&](unsigned thread, unsigned count) {
        const IndexRange mine = staticPartition(buckets, thread, count);
        const auto lo = static_cast<std::uint32_t>(mine.begin);
        const auto hi = static_cast<std::uint32_t>(mine.end);
        std::fill(bucketStart_.begin() + static_cast<std::ptrdiff_t>(lo),
                  bucketStart_.begin() + static_cast<std::ptrdiff_t>(hi), 0u);
        std::uint32_t before = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint32_t b = bucket_[i];
            if (b < lo)
                ++before;
            else if (b < hi)
                ++bucketStart_[b];
        }
        std::uint32_t end = before; // bucket b's end, its particles placed from there back
        for (std::uint32_t b = lo; b < hi; ++b) {
            end += bucketStart_[b];
            bucketStart_[b] = end;
        }
        for (std::size_t i = n; i-- > 0;) {
            const std::uint32_t b = bucket_[i];
            if (b < lo || b >= hi)
                continue;
            const std::uint32_t k = --bucketStart_[b];
            sortedP_[k] = x[i];
            sortedIndex_[k] = static_cast<std::uint32_t>(i);
            if (!dense)
                sortedCell_[k] = cell_[i];
        }
    };
    if (!sparse) {
        runOn(parallel, used, run, sort);
        for (std::size_t i = 0; i < n; ++i)
            inGrid += bucket_[i] != outside;
        bucketStart_[buckets] = static_cast<std::uint32_t>(inGrid);
    }
    // Sparse: each bucket's particles [start, end) in the sorted order through a small
    // open-addressed table of the buckets that hold any.
    const std::size_t slots = std::bit_ceil(std::max<std::size_t>(4 * inGrid, 16));
    if (sparse) {
        sparseSlot_.assign(slots, {0, 0, 0});
        for (std::size_t k = 0; k < inGrid;) {
            const auto b = static_cast<std::uint32_t>(sparseKey_[k] >> 32);
            std::size_t end = k + 1;
            while (end < inGrid && sparseKey_[end] >> 32 == b)
                ++end;
            std::size_t s = (b * std::size_t{0x9e3779b1}) & (slots - 1);
            while (sparseSlot_[s][0] != 0)
                s = (s + 1) & (slots - 1);
            sparseSlot_[s] = {b + 1, static_cast<std::uint32_t>(k), static_cast<std::uint32_t>(end)};
            k = end;
        }
    }
    auto sparseRange = [&](std::uint64_t b) -> std::array<std::uint32_t, 3> {
        for (std::size_t s = (b * std::size_t{0x9e3779b1}) & (slots - 1);;
             s = (s + 1) & (slots - 1)) {
            if (sparseSlot_[s][0] == 0 || sparseSlot_[s][0] == b + 1)
                return sparseSlot_[s];
        }
    };

    const double reachSquared = reach * reach;
    const auto columns = static_cast<std::uint32_t>(width);
    found_.resize(std::max<std::size_t>(found_.size(), used));
    // Walks the particles in bucket order (memory order), each against the three rows of three
    // cells around its own.
    auto search = [&](unsigned thread, unsigned count) {
        std::vector<Pair>& out = found_[thread];
        out.clear();
        const IndexRange range = staticPartition(inGrid, thread, count);
        for (std::size_t k = range.begin; k < range.end; ++k) {
            const Vec<D> p = sortedP_[k];
            const std::uint32_t i = sortedIndex_[k];
            const std::uint64_t cellI = dense ? bucket_[i] : sortedCell_[k]; // dense: cell = bucket
            // What only a particle within reach needs (most have none): looked up at the first.
            bool known = false;
            bool fixedI = false;
            std::int64_t rowI = 0;
            std::int64_t colI = 0;
            auto visit = [&](std::size_t from, std::size_t to, std::uint64_t first) {
                for (std::size_t q = from; q < to; ++q) {
                    const std::uint32_t j = sortedIndex_[q];
                    // Each pair once (i < j), from the three cells (not a bucket's others).
                    if (j <= i || (!dense && sortedCell_[q] - first > 2))
                        continue;
                    const Vec<D> d = p - sortedP_[q];
                    if (squaredLength(d) >= reachSquared)
                        continue;
                    if (!known) {
                        known = true;
                        fixedI = w[i] == 0.0;
                        rowI = static_cast<std::int64_t>(i / columns);
                        colI = static_cast<std::int64_t>(i % columns);
                    }
                    if (fixedI && w[j] == 0.0)
                        continue;
                    const auto rowJ = static_cast<std::int64_t>(j / columns);
                    const auto colJ = static_cast<std::int64_t>(j % columns);
                    if (std::abs(rowJ - rowI) <= 1 && std::abs(colJ - colI) <= 1)
                        continue; // joined by a constraint of the rest cloth
                    out.push_back({i, j});
                }
            };
            // The rows of three cells around: dy in -1..1 (and dz in -1..1 in 3D).
            for (int row = 0; row < (D == 3 ? 9 : 3); ++row) {
                const int dy = row % 3 - 1;
                std::uint64_t first = cellI + static_cast<std::uint64_t>(dy) * pitch - 1;
                if constexpr (D == 3)
                    first = first + static_cast<std::uint64_t>(row / 3 - 1) * rows * pitch;
                const std::uint64_t b = first & mask;
                if (sparse) {
                    for (std::uint64_t c = 0; c < 3; ++c) {
                        const std::array<std::uint32_t, 3> r = sparseRange((first + c) & mask);
                        visit(r[1], r[2], first);
                    }
                } else if (b + 2 <= mask) {
                    visit(bucketStart_[b], bucketStart_[b + 3], first);
                } else {
                    for (std::uint64_t c = 0; c < 3; ++c) {
                        const std::uint64_t bc = (first + c) & mask;
                        visit(bucketStart_[bc], bucketStart_[bc + 1], first);
                    }
                }
            }
        }
    };
    runOn(parallel, used, run, search);
    unordered_.clear();
    for (unsigned t = 0; t < used; ++t)
        unordered_.insert(unordered_.end(), found_[t].begin(), found_[t].end());
    colour(n);
}

template <glm::length_t D>
void SelfCollisionOf<D>::colour(std::size_t n)
{
    // Greedy: each pair, in order, takes the smallest colour that neither of its particles
    // has yet. The pairs of a colour then share no particle.
    used_.resize(n);
    pairColour_.resize(unordered_.size());
    std::size_t counts[kSerialColour + 2] = {};
    for (std::size_t k = 0; k < unordered_.size(); ++k) {
        const Pair p = unordered_[k];
        const std::uint64_t taken = used_[p.i] | used_[p.j];
        const auto free = static_cast<std::uint8_t>(std::countr_one(taken));
        const std::uint8_t c = std::min(free, kSerialColour);
        if (c < kSerialColour) {
            used_[p.i] |= std::uint64_t{1} << c;
            used_[p.j] |= std::uint64_t{1} << c;
        }
        pairColour_[k] = c;
        ++counts[c + 1];
    }
    for (const Pair p : unordered_) // back to no colours, for the next find()
        used_[p.i] = used_[p.j] = 0;
    std::size_t last = 0;
    for (std::size_t c = 0; c <= kSerialColour; ++c)
        if (counts[c + 1] != 0)
            last = c + 1;
    colourStart_.assign(last + 1, 0);
    for (std::size_t c = 1; c <= last; ++c)
        colourStart_[c] = colourStart_[c - 1] + counts[c];
    std::vector<std::size_t> cursor(colourStart_.begin(), colourStart_.end() - 1);
    pairs_.resize(unordered_.size());
    for (std::size_t k = 0; k < unordered_.size(); ++k)
        pairs_[cursor[pairColour_[k]]++] = unordered_[k];
}

template <glm::length_t D>
typename SelfCollisionOf<D>::SolveResult
SelfCollisionOf<D>::solve(Vec<D>* x, const Vec<D>* x0, const double* w, double thickness,
                          double friction, unsigned threads, const ThreadRun& run,
                          const std::uint8_t* held)
{
    const double thicknessSquared = thickness * thickness;
    // One pair: the distance constraint |xi - xj| >= thickness, as [MHHR06]'s inequality
    // constraints, then friction on the relative motion along the contact.
    auto project = [&](Pair p) -> bool {
        const Vec<D> d = x[p.i] - x[p.j];
        const double squared = squaredLength(d);
        if (squared >= thicknessSquared)
            return false;
        double wi = w[p.i];
        double wj = w[p.j];
        if (held != nullptr && held[p.i] != held[p.j]) { // the held one takes its obstacle's side
            if (held[p.i] != 0 && wj > 0.0)
                wi = 0.0;
            else if (held[p.j] != 0 && wi > 0.0)
                wj = 0.0;
        }
        const double wSum = wi + wj;
        const double length = std::sqrt(squared);
        Vec<D> n;
        if (length > 0.0) {
            n = d / length;
        } else { // on top of each other: apart along where they came from, else along x
            const Vec<D> d0 = x0[p.i] - x0[p.j];
            const double l0 = std::sqrt(squaredLength(d0));
            Vec<D> alongX(0.0);
            alongX.x = 1.0;
            n = l0 > 0.0 ? d0 / l0 : alongX;
        }
        const double depth = thickness - length; // > 0
        // A pair put apart by the pass before may be short of the thickness by a rounding:
        // it moves, but does not count as moving (else the passes would never end).
        const bool moves = depth > kSettled * thickness;
        x[p.i] += (wi / wSum * depth) * n;
        x[p.j] -= (wj / wSum * depth) * n;
        if (friction > 0.0) {
            const Vec<D> rel = (x[p.i] - x0[p.i]) - (x[p.j] - x0[p.j]);
            const Vec<D> tangent = rel - dot(rel, n) * n;
            const double slide = std::sqrt(squaredLength(tangent));
            const double hold = friction * depth;
            if (slide > 0.0) {
                const Vec<D> undo = slide <= hold ? tangent : (hold / slide) * tangent;
                x[p.i] -= (wi / wSum) * undo;
                x[p.j] += (wj / wSum) * undo;
            }
        }
        return moves;
    };
    const bool parallel = pairs_.size() >= kParallelPairs && run && threads > 1;
    const unsigned count = parallel ? threads : 1u;
    moved_.assign(count, 0);
    // Where the pairs' particles were at the find(): only they move.
    startOf_.resize(pairs_.size());
    for (std::size_t k = 0; k < pairs_.size(); ++k)
        startOf_[k] = {x[pairs_[k].i], x[pairs_[k].j]};
    int passes = 0;
    bool settled = pairs_.empty();
    for (int pass = 0; pass < kSelfCollisionPasses; ++pass) {
        std::fill(moved_.begin(), moved_.end(), 0);
        // Colour after colour, each a run of its own (its pairs share no particle, so any
        // partition among threads gives the same bits); the serial colour on one thread.
        for (std::size_t c = 0; c + 1 < colourStart_.size(); ++c) {
            const std::size_t begin = colourStart_[c];
            const std::size_t size = colourStart_[c + 1] - begin;
            auto sweep = [&](unsigned thread, unsigned threadCount) {
                const IndexRange range = staticPartition(size, thread, threadCount);
                for (std::size_t k = range.begin; k < range.end; ++k)
                    if (project(pairs_[begin + k]))
                        moved_[thread] = 1;
            };
            runOn(parallel && c != kSerialColour && size >= count, count, run, sweep);
        }
        if (std::none_of(moved_.begin(), moved_.end(), [](std::uint8_t m) { return m != 0; })) {
            settled = true;
            break;
        }
        ++passes;
    }
    double largest = 0.0;
    for (std::size_t k = 0; k < pairs_.size(); ++k) {
        const Vec<D> di = x[pairs_[k].i] - startOf_[k][0];
        const Vec<D> dj = x[pairs_[k].j] - startOf_[k][1];
        largest = std::max({largest, squaredLength(di), squaredLength(dj)});
    }
    return {passes, settled, std::sqrt(largest)};
}

template <glm::length_t D>
bool SelfCollisionOf<D>::resolve(Vec<D>* x, const Vec<D>* x0, const double* w, std::size_t n,
                                 int width, double thickness, double friction,
                                 unsigned threads, const ThreadRun& run,
                                 const std::uint8_t* held)
{
    // A pair not found was kSelfCollisionReach * thickness apart or more at the find(); when no particle
    // has moved more than half the margin since, it is still at least thickness apart.
    const double margin = 0.5 * (kSelfCollisionReach - 1.0) * thickness;
    for (int round = 0; round < kSelfCollisionRounds; ++round) {
        find(x, w, n, width, thickness, threads, run);
        const SolveResult result = solve(x, x0, w, thickness, friction, threads, run, held);
        if (result.largestMove <= margin && result.settled)
            return true;
    }
    return false;
}

template class SelfCollisionOf<2>;
template class SelfCollisionOf<3>;

} // namespace pbd::detail
