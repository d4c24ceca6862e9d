#pragma once
// The self-collision phase of a substep (Settings::selfCollision): particles are discs of
// diameter `thickness`; every pair of particles that no constraint of the rest cloth joins
// (not grid neighbours) and that are closer than that is pushed apart to it, with Coulomb
// friction between them. Private to the core; docs/physics.md says how. Its limits and its
// pairs are the device contract's (pbd/device/self_collision_pairs.h).

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "pbd/device/contacts.h"
#include "pbd/device/self_collision_pairs.h"

namespace pbd::detail {

/// The patches of the search (SelfCollisionOf::find): this many particles along each side
/// (the last row and column of patches take the rest).
inline constexpr int kSelfCollisionPatch = 8;

/// Runs job(thread, threads) once on each of `threads` threads, thread 0 the caller, and
/// returns when every call has returned. An empty one means: the caller alone (threads 1).
using ThreadRun = std::function<void(const std::function<void(unsigned, unsigned)>& job)>;

/// Runs job(thread, threads) on `threads` threads through `run` when `parallel`, else on the
/// caller alone (job(0, 1)).
inline void runOn(bool parallel, unsigned threads, const ThreadRun& run,
                  const std::function<void(unsigned, unsigned)>& job)
{
    if (parallel && threads > 1 && run)
        run(job);
    else
        job(0, 1);
}

/// The phase's reusable buffers, in D dimensions. find() then solve(), once per substep; the
/// result depends neither on the thread count nor on anything but the positions, the inverse
/// masses and the settings: the pairs are found per particle in index order and coloured
/// greedily in that order, and the pairs of one colour share no particle.
template <glm::length_t D>
class SelfCollisionOf {
public:
    /// Finds the pairs (i < j) of particles of a cloth `width` particles wide, not both
    /// immovable (w = 0), not grid neighbours (|row i - row j| <= 1 and |column i - column j|
    /// <= 1: joined by a constraint of the rest cloth), closer than kSelfCollisionReach *
    /// thickness (metres, > 0); through a uniform grid over the particles' bounding box, its
    /// cells numbered row by row (layer by layer in 3D) and taken modulo a table of buckets,
    /// sorted by bucket with a counting sort in index order. Then colours them.
    void find(const Vec<D>* x, const double* w, std::size_t n, int width, double thickness,
              unsigned threads, const ThreadRun& run);

    /// The whole phase: rounds of find() and solve() until the pairs are apart and no particle
    /// moved far enough to meet one not found, at most kSelfCollisionRounds. `held` (null:
    /// none) as in solve(). False when the rounds ran out first (pairs may still be short).
    bool resolve(Vec<D>* x, const Vec<D>* x0, const double* w, std::size_t n, int width,
                 double thickness, double friction, unsigned threads, const ThreadRun& run,
                 const std::uint8_t* held = nullptr);

    /// The phase with obstacles (self_contact.cpp), before the caller's contact phase proper:
    /// kSelfContactRounds rounds of the obstacles' contacts (resolveContacts on all n
    /// particles, serially) and resolve(), the particles that a contact has moved in this
    /// substep so far counting as held by their obstacle, except in a round after one whose
    /// resolve() ran out of rounds: a particle wedged between two held ones (closer than two
    /// thicknesses, friction locking it) cannot get out while they are immovable.
    void resolveWithContacts(const ContactWorldOf<D>& contacts, Vec<D>* x, const Vec<D>* x0,
                             const double* w, std::size_t n, int width, double thickness,
                             double friction, unsigned threads, const ThreadRun& run);

    /// What solve() did: the passes that moved a pair, whether the last pass moved none, and
    /// the farthest any particle moved, in metres.
    struct SolveResult {
        int passes = 0;
        bool settled = false;
        double largestMove = 0.0;
    };
    /// Pushes every found pair closer than `thickness` apart to it along the line through
    /// them, moving each particle by its inverse-mass share, and removes their relative motion
    /// along the contact since the substep's start (x0) up to `friction` times that push
    /// (static and kinetic alike), in passes until one moves nothing (kSelfCollisionPasses at
    /// most). `held` (null: none), per particle 1 where an obstacle's contact holds it: in a
    /// pair of a held particle and a movable one not held, the held one counts as immovable
    /// (it takes the obstacle's side, so the contacts after do not push it back into the other).
    SolveResult solve(Vec<D>* x, const Vec<D>* x0, const double* w, double thickness,
              double friction, unsigned threads, const ThreadRun& run,
              const std::uint8_t* held = nullptr);

    /// The pairs of the last find(), as (i, j) with i < j, in colour order.
    using Pair = SelfCollisionPair;
    const std::vector<Pair>& pairs() const { return pairs_; }
    /// The number of colours of the last find().
    std::size_t colours() const { return colourStart_.empty() ? 0 : colourStart_.size() - 1; }
    /// Colour c's pairs in pairs(): [start c, start c + 1); colour kSelfCollisionSerialColour
    /// shares particles among its pairs (projected one after the other, in order).
    const std::vector<std::size_t>& colourStarts() const { return colourStart_; }

    /// Whether find() first rules out the pairs within flat blocks of patches (default true;
    /// the same pairs either way: tests turn it off to compare).
    void setPatches(bool on) { patches_ = on; }

private:
    void colour(std::size_t n);
    /// The patches of the sheet that may hold a pair (docs/physics.md, "Self-collision"):
    /// marks them in near_ and returns whether any is; false with patches_ off or no sheet.
    /// Sets patched_ when the marks hold (else every particle is searched).
    bool markNearPatches(const Vec<D>* x, std::size_t n, int width, double reach,
                         unsigned used, const ThreadRun& run);
    /// Whether a flat block holds both patches p and q (neighbours or the same).
    bool flatPair(std::size_t p, std::size_t q) const;

    /// A particle's cell: its column, row (and layer).
    using Cell = std::array<std::int32_t, static_cast<std::size_t>(D)>;
    /// Cells of a part of the particles: their bounding box.
    struct CellBox {
        Cell lo, hi;
    };
    std::vector<Cell> cellOf_;              ///< each particle's cell (column kNoCell32: none)
    std::vector<CellBox> bounds_;           ///< per thread, the box of its particles' cells
    std::vector<std::uint64_t> cell_;       ///< each particle's cell number (wrapped grids)
    std::vector<std::uint32_t> bucket_;     ///< each particle's bucket
    std::vector<std::uint32_t> bucketStart_; ///< bucket b's particles: [start b, start b + 1)
    std::vector<Vec<D>> sortedP_;           ///< the particles by bucket, in index order:
    std::vector<std::uint32_t> sortedIndex_; ///< positions, indices
    std::vector<std::uint64_t> sortedCell_; ///< and cell numbers (wrapped grids only)
    std::vector<std::vector<Pair>> found_;  ///< per thread, the pairs of its particles
    std::vector<Pair> unordered_;           ///< found_ joined, by i then j
    std::vector<std::uint64_t> used_;       ///< per particle, the colours of its pairs
    std::vector<std::uint8_t> pairColour_;  ///< per pair of unordered_
    std::vector<Pair> pairs_;               ///< by colour, then as unordered_
    std::vector<std::size_t> colourStart_;  ///< colour c's pairs: [start c, start c + 1)
    std::vector<std::uint8_t> moved_;       ///< per thread: whether its pairs moved
    std::vector<std::array<Vec<D>, 2>> startOf_; ///< per pair: its particles at find()
    std::vector<std::uint8_t> held_;        ///< resolveWithContacts(): per particle, held
    std::vector<Vec<D>> beforeContacts_;    ///< resolveWithContacts(): x before a contact pass

    // The patches (markNearPatches()): kSelfCollisionPatch particles a side, row by row.
    /// An affine map of the rest grid: particle (i, j) near origin + u (i - ci) + v (j - cj).
    struct GridMap {
        Vec<D> origin, u, v;
        double ci, cj;
        Vec<D> at(double i, double j) const { return origin + (i - ci) * u + (j - cj) * v; }
    };
    struct Patch {
        GridMap map;   ///< through its corner particles
        double off;    ///< its particles' farthest distance from map
        Vec<D> lo, hi;             ///< its particles' box
        std::array<Vec<D>, 2> box; ///< the same grown by reach / 2
        int i0, i1, j0, j1; ///< its particles' columns and rows (inclusive)
    };
    bool patches_ = true;
    bool patched_ = false;                  ///< the last find() searched near patches only
    int patchesWide_ = 0, patchesHigh_ = 0; ///< of the sheet patchOf_ was made for
    std::size_t patchedCount_ = 0;          ///< its particles
    std::size_t patchedWidth_ = 0;          ///< and its width
    std::vector<std::uint32_t> patchOf_;    ///< per particle, its patch
    std::vector<Patch> patch_;
    std::vector<std::uint8_t> flatBlock_;   ///< per block of 2 x 2 patches (its first)
    std::vector<std::uint8_t> near_;        ///< per patch: may hold a pair
    std::vector<double> radii_;             ///< scratch: the patches' largest sides
    /// The patches' table: (cell key, patch) for every cell a patch's box touches, by bucket.
    struct TableEntry {
        std::uint64_t key;
        std::uint32_t patch;
    };
    std::vector<TableEntry> table_;
    std::vector<std::uint64_t> sparseKey_;  ///< find() with few near: (bucket, particle)
    /// find() with few near: (bucket + 1, its first, its end in sparseKey_), 0: an empty slot.
    std::vector<std::array<std::uint32_t, 3>> sparseSlot_;
    std::vector<std::uint32_t> tableStart_; ///< bucket b's entries: [start b, start b + 1)
};
/// The 2D cloth's.
using SelfCollision = SelfCollisionOf<2>;

} // namespace pbd::detail
