#pragma once
// The colored parallel solver behind Solver::Colored. Private to the core.

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <utility>
#include <vector>

#include "cloth/bending.h"
#include "colored/band_schedule.h"
#include "pbd/device/chebyshev.h"
#include "pbd/device/constraint_coloring.h"
#include "pbd/device/contacts.h"
#include "pbd/simulation.h"
#include "pbd/ball.h"
#include "pbd/substep_pipeline.h"
#include "pbd/tethers.h"
#include "pbd/vec.h"
#include "air/air_rows.h"
#include "step/step_phases.h"
#include "colored/worker_pool.h"

namespace pbd {
namespace detail {
template <glm::length_t D>
class SelfCollisionOf;
}

/// Projects the page grid's eight independent sets (clothGridSets) one after the other,
/// walking each by index arithmetic: only positions and inverse masses are read, no
/// constraint array. The rows are cut into chunks; a step is one sweep of a BandSchedule over
/// them (phase 0 predicts and projects set 0, then one phase per further set and iteration,
/// then velocities), run by a persistent WorkerPool. Because no two constraints of a set
/// share a particle and every particle sees its constraints in the same order under any
/// schedule, the result is bit-identical for every thread count.
/// How the colored solver cuts a width x height cloth into chunks of rows, and the threads
/// that then work on it: the requested count (clamped to 1..kMaxThreads) but no more than
/// there are chunks, since a chunk is the unit of work. rowsPerChunk 0 sizes the chunks for
/// speed (at least kMinChunkParticles particles each, so a small cloth is one chunk and runs
/// on the calling thread); tests pass small values to get many chunks.
struct ChunkLayout {
    int rowsPerChunk;
    std::size_t chunkCount;
    unsigned threadCount;
};
/// In 3D (`dimensions` 3) a chunk has at least two rows: a column's bend (the bending's
/// sets) reaches two rows down, into the next chunk, and no further than its rows.
ChunkLayout coloredChunkLayout(int width, int height, unsigned requestedThreads,
                               int rowsPerChunk = 0, int dimensions = 2);

/// The projection kernels to use. All give the same bits; Sse2 exists so that tests can
/// compare the baseline kernels with the AVX2 ones on a CPU that has AVX2.
enum class ColoredKernel {
    Best, ///< AVX2 where the CPU has it, else SSE2 (or scalar off x86), in 2D and 3D
    Sse2, ///< the x86-64 baseline only
};

/// A torn row's list, listEntries_[begin, begin + count): a horizontal set's live
/// constraints, another set's windows of four constraints (see colored_kernels.h).
struct ColoredLiveList {
    std::uint32_t begin = 0;
    std::uint32_t count = 0;
};

/// The colored solver in D dimensions (2: the page's; 3: the same sets and phases on x, y, z,
/// with the bending's sets after the sweeps), one class instantiated for each.
template <glm::length_t D>
class ColoredSolverOf {
public:
    using Kernel = ColoredKernel;
    using LiveList = ColoredLiveList;
    using ParticlesD = ParticlesOf<D>;

    /// Prepares the sets of a width x height grid with rest lengths `rest` (the page's by
    /// default), cut as coloredChunkLayout says, and starts its threadCount - 1 workers (none
    /// for a cloth of one chunk).
    ColoredSolverOf(int width, int height, unsigned threadCount, Kernel kernel = Kernel::Best,
                    int rowsPerChunk = 0, const ClothRestLengths& rest = clothRestLengths());

    /// The number of chunks of rows.
    std::size_t chunkCount() const { return layout_.chunkCount; }

    /// Threads that take part in a step, the caller included.
    unsigned threadCount() const { return pool_.threadCount(); }

    /// Calls job(thread, threadCount()) once on each of the pool's threads, thread 0 the
    /// caller, and returns when all have returned: for work the caller runs between the
    /// solver's phases (the 3D element contacts' search). Not during a phase.
    void runOnPool(const std::function<void(unsigned, unsigned)>& job)
    {
        const unsigned threads = pool_.threadCount();
        auto each = [&](unsigned thread) { job(thread, threads); };
        pool_.run(each);
    }

    /// One PBD step (no compliance, damping or area constraints) of length dt: substep()
    /// with those parameters.
    void step(ParticlesD& particles, double dt, double gravity, int iterations);

    /// One substep with the colored projection order: predict (and reset the multipliers),
    /// `iterations` sweeps over the sets (the 8 distance sets, then, when params.area, the
    /// 8 sets of cell triangles, whose multipliers `areaLambda` holds, indexed as
    /// detail::projectCellTriangles does), velocities and damping: the pipeline's Predict,
    /// Sweeps and Velocities with no world. `particles` must hold width x height particles.
    /// When `observe` is given it is called on the calling thread after the prediction (0)
    /// and after each sweep k (k), for residual recording.
    void substep(ParticlesD& particles, const detail::SubstepParams& params, double* areaLambda,
                 const std::function<void(int)>* observe);

    /// What the world's phases of the next substep work on; null or empty: none. All must
    /// outlive the substep.
    struct World {
        const Tethers* tethers = nullptr;     ///< projected after the sweeps, each chunk its own
        const Vec<D>* anchorAt = nullptr;     ///< their anchors' positions in this step
        const detail::ContactWorldOf<D>* contacts = nullptr; ///< the obstacles in this substep
        detail::SelfCollisionOf<D>* selfCollision = nullptr; ///< the self-collision's buffers
        double thickness = 0.0;               ///< m, particles' diameter for contacts
        double friction = 0.0;                ///< between particles, and with the balls
        /// The air's inputs in 2D: rows rowBegin - 1 to rowEnd as the substep starts give
        /// rows [rowBegin, rowEnd)'s acceleration (m/s^2) in airAccel, which the prediction
        /// adds. In 3D `air` is null and the caller fills airAccel (per triangle, before the
        /// Air phase: air_triangles.h).
        const detail::AirGrid* air = nullptr;
        Vec<D>* airOut = nullptr;             ///< 2D: where the Air phase writes
        const Vec<D>* airAccel = nullptr;     ///< what the prediction adds (null: no air)
        /// The bending constraints (3D; null: no Bending phase), their multipliers the
        /// solver's own; `alive` (one flag per constraint, null: all live) skips the bends
        /// and twists whose edges were cut.
        const detail::BendingConstraints* bending = nullptr;
        const std::uint8_t* alive = nullptr;
        std::span<BallOf<D>> balls;           ///< stepped in place, serially
    };

    /// The pipeline's substep (pbd/substep_pipeline.h), as runSubstep() drives it:
    /// beginSubstep(), run() for each phase, endSubstep(). Phases whose work stays within a
    /// chunk and its neighbours (air, prediction, sweeps, tethers, contacts, velocities) are
    /// queued into one band schedule; a phase that needs every particle first (self-collision,
    /// the balls) runs what is queued, then itself. With `observe`, as substep() says.
    void beginSubstep(ParticlesD& particles, const detail::SubstepParams& params,
                      double* areaLambda, const World& world,
                      const std::function<void(int)>* observe = nullptr);
    void beginSubstep() {}
    void run(SubstepPhase phase);
    void endSubstep() { flush(); }

    /// Band schedules run so far (each one wake of the workers and one wait for them), for
    /// counting the synchronisations per substep.
    std::uint64_t scheduleRuns() const { return scheduleRuns_; }

    /// Tells the solver which constraints are live (one flag per constraint in the page's
    /// order, as Simulation stores them); `version` changes whenever the flags do, so that
    /// the solver rebuilds its masks only then. Removed constraints move nothing.
    void setLive(std::span<const std::uint8_t> alive, std::uint64_t version);

    /// Sets the air's acceleration per particle that the next prediction adds (3D: the
    /// caller computes it per triangle once the substep's positions are known).
    void setAirAcceleration(const Vec<D>* accel) { now_.world.airAccel = accel; }

private:
    /// Whether set s's torn rows are listed (lists_) rather than masked: with the AVX2
    /// kernels, when its rows are long enough for them.
    bool listed(std::size_t s) const;
    void startRows(int rowBegin, int rowEnd);
    template <typename Task>
    void run(std::uint32_t phases, Task& task);
    /// After sweep `iteration`: its Chebyshev weights and the iterates they need, chunk by
    /// chunk on the workers (chebyshev.h). The observed substep's way.
    void accelerate(detail::ChebyshevSchedule& chebyshev, int iteration, Vec<D>* x,
                    const double* w);
    /// Queues the sweeps of the substep; with Chebyshev weights runs the queue at each
    /// weighted sweep's measure, whose largest correction must be known everywhere before any
    /// particle is weighted, and queues the weights after it.
    void queueSweeps();
    /// The sweeps one iteration at a time, the observer called after each.
    void observeSweeps();
    /// Runs the queued phases as one band schedule, if any.
    void flush();
    /// One queued phase on one chunk.
    void runPlanned(std::uint32_t phase, std::size_t chunk);
    /// The self-collision phase on every particle, on the pool's threads.
    void resolveSelfCollisions(Vec<D>* x, const Vec<D>* x0, const double* w);
    /// Queues the Bending phase: `iterations` passes over the bending's ten sets (3D).
    void queueBending();
    /// The bending's sets (rows, columns and cells by their first row), built once, and
    /// their constraints copied in that order.
    void prepareBending();
    /// bendOrder_ and bendStart_ from the bending's constraints.
    void orderBending();
    /// Bending set `set`'s constraints of the chunk's rows, with their multipliers.
    void projectBendingSet(std::uint32_t set, int rowBegin, int rowEnd);
    /// Chunk `chunk`'s rows: [first, second).
    std::pair<int, int> chunkRows(std::size_t chunk) const;
    /// Particles [first, second) of chunk `chunk`.
    std::pair<std::size_t, std::size_t> chunkParticles(std::size_t chunk) const;

    /// A queued phase: what it does on a chunk. A set's phase may predict the chunk first
    /// (set 0, whose constraints stay in their row), a contacts phase may derive the
    /// velocities after (both touch the chunk's own particles alone).
    struct PlanPhase {
        enum class Kind : std::uint8_t {
            Air,        ///< the air's acceleration of the chunk's rows
            Predict,    ///< startRows()
            Set,        ///< project set `set` (8 and up: triangle set set - 8)
            Tethers,    ///< the chunk's tethers
            Contacts,   ///< the chunk's contacts with the obstacles
            Velocities, ///< the chunk's velocities and damping
            Measure,    ///< Chebyshev: the chunk's largest correction
            Weigh,      ///< Chebyshev: weigh the chunk's sweep by omega, keep the iterates
            Bend,       ///< bending set `set` (3D)
        } kind = Kind::Set;
        std::uint32_t set = 0;
        bool predictFirst = false;   ///< Set: startRows() before
        bool velocitiesAfter = false; ///< Contacts: the velocities after
        double omega = 1.0;
        bool keep = false;
    };
    /// The substep being run.
    struct Now {
        ParticlesD* particles = nullptr;
        const detail::SubstepParams* params = nullptr;
        double* areaLambda = nullptr;
        World world;
        const std::function<void(int)>* observe = nullptr;
    };

    int width_;
    int height_;
    bool avx2_;
    ChunkLayout layout_;
    std::array<GridSet, 8> sets_;
    std::array<std::size_t, 9> lambdaOffset_{}; ///< set s's multipliers: [offset s, s + 1)
    std::vector<double> lambda_;                ///< XPBD multipliers, set by set, row by row
    std::array<std::size_t, 9> rowOffset_{};    ///< set s's rows: [offset s, s + 1)
    std::vector<std::uint8_t> mask_;    ///< 1 live, 0 removed, as lambda_; empty: all live
    std::vector<std::uint8_t> rowDead_; ///< per set row: holds a removed constraint
    std::vector<LiveList> lists_; ///< per set row (as rowOffset_), of torn rows of listed()
                                  ///< sets; empty when none is torn or without AVX2
    std::vector<std::uint32_t> listEntries_; ///< the lists' entries, row after row
    std::uint64_t liveVersion_ = ~std::uint64_t{0}; ///< flags the masks were built from
    Now now_;                           ///< beginSubstep()'s
    detail::AirLanes airLanes_ = detail::bestAirLanes(); ///< airRows()' loops
    std::uint64_t scheduleRuns_ = 0;    ///< scheduleRuns()
    std::vector<Vec<D>> chebyshevPrevious_; ///< Chebyshev: the iterate before the next
    std::vector<Vec<D>> chebyshevCurrent_;  ///< Chebyshev: positions before the sweep
    std::vector<double> chunkLargest_; ///< Chebyshev: each chunk's largest correction, m^2
    /// The bending's sets (3D): bendOrder_ lists set s's constraints (indices into the
    /// bending's bends, then twists at bends.size() on) at [bendStart_[s][0],
    /// bendStart_[s][height]), those of first row i at [bendStart_[s][i], [s][i + 1]);
    /// bendLambda_ holds their multipliers in the same order.
    /// Built once (the sets depend on the grid alone); setBends_ and setTwists_ are the
    /// bending's constraints in that order (the bends' sets first), copied so that a set's
    /// sweep reads them in a row, again whenever the rigidity or spacing changes.
    static constexpr std::size_t kBendingSets = detail::kBendingSets;
    std::vector<std::uint32_t> bendOrder_;
    std::vector<detail::Bend> setBends_;
    std::vector<detail::Twist> setTwists_;
    std::array<double, 3> bendingKey_{}; ///< the rigidity, du and dv they were copied for
    std::array<std::vector<std::uint32_t>, kBendingSets> bendStart_;
    std::vector<Vec<3>> bendLambda_;
    std::vector<PlanPhase> plan_;      ///< the queued phases: the next band schedule
    BandSchedule schedule_;
    WorkerPool pool_;
};

/// The page's (2D) colored solver.
using ColoredSolver = ColoredSolverOf<2>;
extern template class ColoredSolverOf<2>;
extern template class ColoredSolverOf<3>;

} // namespace pbd
