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

#include "colored/worker_pool.h"

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

} // namespace

template <glm::length_t D>
void SelfCollisionOf<D>::find(const Vec<D>* x, const double* w, std::size_t n, int width,
                              double thickness, unsigned threads, const ThreadRun& run)
{
    constexpr auto kD = static_cast<std::size_t>(D);
    const double reach = kSelfCollisionReach * thickness;
    const double inverseCell = 1.0 / reach;
    const bool parallel = n >= kParallelParticles;
    const unsigned used = parallel && run ? std::max(threads, 1u) : 1u;
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
    runOn(parallel, used, run, cells);
    CellBox box = bounds_[0];
    for (unsigned t = 1; t < used; ++t)
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
    auto numbers = [&](unsigned thread, unsigned count) {
        const IndexRange range = staticPartition(n, thread, count);
        for (std::size_t i = range.begin; i < range.end; ++i) {
            if (cellOf_[i][0] == kNoCell32) {
                bucket_[i] = outside;
                continue;
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
        }
    };
    runOn(parallel, used, run, numbers);
    // Counting sort, each thread over its own range of buckets (all particles read, its own
    // placed): the counts, their running sum from the buckets before its range, and each
    // particle placed from its bucket's end backwards, last index first, so that every bucket
    // lists its particles in index order.
    bucketStart_.resize(buckets + 1);
    sortedP_.resize(n);
    sortedIndex_.resize(n);
    sortedCell_.resize(dense ? 0 : n);
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
    runOn(parallel, used, run, sort);
    std::size_t inGrid = 0;
    for (std::size_t i = 0; i < n; ++i)
        inGrid += bucket_[i] != outside;
    bucketStart_[buckets] = static_cast<std::uint32_t>(inGrid);

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
                if (b + 2 <= mask) {
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
