#pragma once
// The colored parallel solver behind Solver::Colored. Private to the core.

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <utility>
#include <vector>

#include "colored/band_schedule.h"
#include "step/chebyshev.h"
#include "colored/constraint_coloring.h"
#include "pbd/simulation.h"
#include "pbd/tethers.h"
#include "step/step_phases.h"
#include "colored/worker_pool.h"

namespace pbd {
namespace detail {
struct ContactWorld;
class SelfCollision;
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
ChunkLayout coloredChunkLayout(int width, int height, unsigned requestedThreads,
                               int rowsPerChunk = 0);

class ColoredSolver {
public:
    /// The projection kernels to use. All give the same bits; Sse2 exists so that tests can
    /// compare the baseline kernels with the AVX2 ones on a CPU that has AVX2.
    enum class Kernel {
        Best, ///< AVX2 where the CPU has it, else SSE2 (or scalar off x86)
        Sse2, ///< the x86-64 baseline only
    };

    /// Prepares the sets of a width x height grid with rest lengths `rest` (the page's by
    /// default), cut as coloredChunkLayout says, and starts its threadCount - 1 workers (none
    /// for a cloth of one chunk).
    ColoredSolver(int width, int height, unsigned threadCount, Kernel kernel = Kernel::Best,
                  int rowsPerChunk = 0, const ClothRestLengths& rest = clothRestLengths());

    /// The number of chunks of rows.
    std::size_t chunkCount() const { return layout_.chunkCount; }

    /// Threads that take part in a step, the caller included.
    unsigned threadCount() const { return pool_.threadCount(); }

    /// One PBD step (no compliance, damping or area constraints) of length dt: substep()
    /// with those parameters.
    void step(Particles& particles, double dt, double gravity, int iterations);

    /// One substep with the colored projection order: predict (and reset the multipliers),
    /// `iterations` sweeps over the sets (the 8 distance sets, then, when params.area, the
    /// 8 sets of cell triangles, whose multipliers `areaLambda` holds, indexed as
    /// detail::projectCellTriangles does), velocities and damping. `particles` must hold
    /// width x height particles. When `observe` is given it is called on the calling thread
    /// after the prediction (0) and after each sweep k (k), for residual recording.
    void substep(Particles& particles, const detail::SubstepParams& params, double* areaLambda,
                 const std::function<void(int)>* observe);

    /// The tethers that the following substeps project after their sweeps over the sets (each
    /// chunk its own particles), with their anchors' positions in this step; null: none. Both
    /// must outlive those substeps.
    void setTethers(const Tethers* tethers, const glm::dvec2* anchorAt)
    {
        tethers_ = tethers != nullptr && tethers->slots > 0 ? tethers : nullptr;
        anchorAt_ = anchorAt;
    }
    /// The obstacles that the following substeps' contact phase resolves (each chunk its own
    /// particles, before their velocities), as the caller prepares them per substep; null:
    /// none. It must outlive those substeps.
    void setContacts(const detail::ContactWorld* contacts) { contacts_ = contacts; }
    /// The balls' contact phase (x, the substep's start x0 and w of every particle), run
    /// serially after the tethers and before the obstacles' contacts; null: none. It must
    /// outlive those substeps.
    void setBallPhase(
        const std::function<void(glm::dvec2*, const glm::dvec2*, const double*)>* phase)
    {
        ballPhase_ = phase;
    }

    /// The self-collision phase (self_collision.h) that the following substeps run after the
    /// tethers and before the balls and the contacts, on the pool's threads, with particles
    /// `thickness` (m) thick and `friction` between them; null: none. It must outlive those
    /// substeps.
    void setSelfCollision(detail::SelfCollision* phase, double thickness, double friction)
    {
        selfCollision_ = phase;
        selfThickness_ = thickness;
        selfFriction_ = friction;
    }
    /// The air's phase and the acceleration per particle (m/s^2) that it writes and the
    /// following substeps' predictions add (air.h); null: no air. (*phase)(rowBegin, rowEnd)
    /// must write `accel` of those rows' particles from the positions and velocities of rows
    /// rowBegin - 1 to rowEnd (as the substep starts) alone: each substep runs it first,
    /// chunk by chunk, where it can as the band schedule's first phase, so that it adds no
    /// wait for the workers. Both must outlive those substeps.
    void setAir(const std::function<void(int, int)>* phase, const glm::dvec2* accel)
    {
        airPhase_ = accel != nullptr ? phase : nullptr;
        airAccel_ = phase != nullptr ? accel : nullptr;
    }

    /// Tells the solver which constraints are live (one flag per constraint in the page's
    /// order, as Simulation stores them); `version` changes whenever the flags do, so that
    /// the solver rebuilds its masks only then. Removed constraints move nothing.
    void setLive(std::span<const std::uint8_t> alive, std::uint64_t version);

    /// A torn row's list, listEntries_[begin, begin + count): a horizontal set's live
    /// constraints, another set's windows of four constraints (see colored_kernels.h).
    struct LiveList {
        std::uint32_t begin = 0;
        std::uint32_t count = 0;
    };

private:
    /// Whether set s's torn rows are listed (lists_) rather than masked: with the AVX2
    /// kernels, when its rows are long enough for them.
    bool listed(std::size_t s) const;
    void startRows(glm::dvec2* x, glm::dvec2* x0, glm::dvec2* v, const double* w,
                   const detail::SubstepParams& params, double* areaLambda, int rowBegin,
                   int rowEnd);
    template <typename Task>
    void run(std::uint32_t phases, Task& task);
    /// After sweep `iteration`: its Chebyshev weights and the iterates they need, chunk by
    /// chunk on the workers (chebyshev.h). The observed substep's way.
    void accelerate(detail::ChebyshevSchedule& chebyshev, int iteration, glm::dvec2* x,
                    const double* w);
    /// The whole substep's `phases` phases of `task` with Chebyshev weights between its
    /// sweeps: one band schedule from each weighted sweep's guard decision to the next, the
    /// kept iterates, the measures and the weights as phases of their own.
    template <typename Task>
    void runAccelerated(detail::ChebyshevSchedule& chebyshev, std::uint32_t setsPerIteration,
                        std::uint32_t phases, int iterations, Task& task, glm::dvec2* x,
                        const double* w);
    /// The self-collision phase on every particle, on the pool's threads.
    void resolveSelfCollisions(glm::dvec2* x, const glm::dvec2* x0, const double* w);
    /// Chunk `chunk`'s rows: [first, second).
    std::pair<int, int> chunkRows(std::size_t chunk) const;
    /// Particles [first, second) of chunk `chunk`.
    std::pair<std::size_t, std::size_t> chunkParticles(std::size_t chunk) const;

    /// A phase of runAccelerated(): `task`'s phase, a chunk's largest correction, or its
    /// weights (omega, and whether to keep the iterates).
    struct PlanPhase {
        enum class Kind : std::uint8_t { Task, Measure, Weigh } kind = Kind::Task;
        std::uint32_t phase = 0;
        double omega = 1.0;
        bool keep = false;
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
    const Tethers* tethers_ = nullptr;     ///< setTethers(): projected after the sweeps
    const glm::dvec2* anchorAt_ = nullptr; ///< their anchors' positions
    const detail::ContactWorld* contacts_ = nullptr; ///< setContacts()
    const std::function<void(glm::dvec2*, const glm::dvec2*, const double*)>* ballPhase_ = nullptr;
    detail::SelfCollision* selfCollision_ = nullptr; ///< setSelfCollision()
    double selfThickness_ = 0.0;
    double selfFriction_ = 0.0;
    const std::function<void(int, int)>* airPhase_ = nullptr; ///< setAir()
    const glm::dvec2* airAccel_ = nullptr;                     ///< setAir()
    std::vector<glm::dvec2> chebyshevPrevious_; ///< Chebyshev: the iterate before the next
    std::vector<glm::dvec2> chebyshevCurrent_;  ///< Chebyshev: positions before the sweep
    std::vector<double> chunkLargest_; ///< Chebyshev: each chunk's largest correction, m^2
    std::vector<PlanPhase> plan_;      ///< Chebyshev: runAccelerated()'s phases of one run
    BandSchedule schedule_;
    WorkerPool pool_;
};

} // namespace pbd
