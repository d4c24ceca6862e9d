// The colored solver's chunking and scheduling: how the rows are cut into chunks, which
// phase projects which set, and the substep that runs them. The kernels and their set sweeps
// (colored_kernel*.h, colored_kernels_*.cpp, colored_sweep.h) and the live flags and lists
// (colored_live_lists.cpp) live in their own files; docs/core-api.md says what they compute.

#include "colored/colored_solver.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "cloth/area_constraint.h"
#include "colored/colored_kernels.h"
#include "world/contacts.h"
#include "world/self_collision.h"
#include "colored/colored_sweep.h"
#include "pbd/settings.h"
#include "step/step_phases.h"
#include "tethers/tether_projection.h"

namespace pbd {
namespace {

/// Particles per chunk of rows: enough work per phase (microseconds) to hide the scheduling,
/// few enough that a chunk's rows stay in cache between phases. Smaller chunks make more of
/// them, down to kMinChunkParticles, to give each thread kChunksPerThread: spare chunks let a
/// thread take over the work of one that another process preempted.
constexpr int kChunkParticles = 8192;
constexpr int kMinChunkParticles = 2048;
constexpr int kChunksPerThread = 4;

/// One set's rows [rowBegin, rowEnd) with the AVX2 kernels or the SSE2 ones.
template <bool Compliant>
void projectSet(bool avx2, const SetSweepContext& sweep, int rowBegin, int rowEnd)
{
#if defined(PBD_HAVE_AVX2_KERNEL)
    if (avx2) {
        projectSetRowsAvx2<Compliant>(sweep, rowBegin, rowEnd);
        return;
    }
#else
    (void)avx2;
#endif
    projectSetRowsSse2<Compliant>(sweep, rowBegin, rowEnd);
}

} // namespace

ChunkLayout coloredChunkLayout(int width, int height, unsigned requestedThreads,
                               int rowsPerChunk)
{
    auto rowsFor = [width](int particles) { return (particles + width - 1) / width; };
    const int threads =
        static_cast<int>(std::clamp(requestedThreads, 1u, static_cast<unsigned>(kMaxThreads)));
    const int spread = (height + kChunksPerThread * threads - 1) / (kChunksPerThread * threads);
    const int rows = rowsPerChunk > 0 ? rowsPerChunk
                                      : std::max({1, rowsFor(kMinChunkParticles),
                                                  std::min(rowsFor(kChunkParticles), spread)});
    const auto chunks = static_cast<std::size_t>((height + rows - 1) / rows);
    return {rows, chunks,
            static_cast<unsigned>(std::min(static_cast<std::size_t>(threads), chunks))};
}

ColoredSolver::ColoredSolver(int width, int height, unsigned threadCount, Kernel kernel,
                             int rowsPerChunk, const ClothRestLengths& rest)
    : width_(width), height_(height), avx2_(kernel == Kernel::Best && cpuHasAvx2()),
      layout_(coloredChunkLayout(width, height, threadCount, rowsPerChunk)),
      sets_(clothGridSets(width, height, rest)), pool_(layout_.threadCount)
{
    std::size_t offset = 0;
    std::size_t rows = 0;
    for (std::size_t s = 0; s < sets_.size(); ++s) {
        lambdaOffset_[s] = offset;
        rowOffset_[s] = rows;
        rows += setRowsBefore(sets_[s], height);
        offset += setRowsBefore(sets_[s], height) * static_cast<std::size_t>(sets_[s].columnCount);
    }
    lambdaOffset_[sets_.size()] = offset;
    rowOffset_[sets_.size()] = rows;
}

void ColoredSolver::step(Particles& particles, double dt, double gravity, int iterations)
{
    detail::SubstepParams params;
    params.h = dt;
    params.gravity = gravity;
    params.iterations = iterations;
    substep(particles, params, nullptr, nullptr);
}

void ColoredSolver::substep(Particles& particles, const detail::SubstepParams& params,
                            double* areaLambda, const std::function<void(int)>* observe)
{
    glm::dvec2* x = particles.position.data();
    glm::dvec2* x0 = particles.stepStart.data();
    glm::dvec2* v = particles.velocity.data();
    const double* w = particles.inverseMass.data();
    double* p = &x[0].x;
    const bool compliant = params.alphaTilde != 0.0;
    const bool masked = !mask_.empty();
    const bool area = params.area && areaLambda != nullptr && width_ > 1 && height_ > 1;
    if (compliant)
        lambda_.resize(lambdaOffset_[sets_.size()]);
    const std::uint32_t setsPerIteration = area ? 16u : 8u;
    const auto projectionPhases =
        static_cast<std::uint32_t>(setsPerIteration * static_cast<std::uint32_t>(params.iterations));
    // With tethers, one phase after the sweeps projects them, each chunk its own particles.
    const std::uint32_t tetherPhases = tethers_ != nullptr ? 1u : 0u;
    const auto width = static_cast<std::size_t>(width_);
    // While observed, the prediction and the velocity update run on their own and the sweeps
    // one iteration at a time, so that the observer sees the positions after each.
    // With Chebyshev weights, runAccelerated() runs the phases: each weighted sweep's largest
    // correction must be known everywhere before any particle is weighted.
    detail::ChebyshevSchedule chebyshev(params.chebyshev, params.iterations);
    // The balls' phase runs between the tethers and the contacts, serially: not fused. The
    // self-collision phase there too needs every constraint projected first: without
    // Chebyshev weights the phases up to the tethers run as one schedule, then it, then the
    // contacts and velocities as another (`chunkedEnds`: the chunks predict and end).
    const bool chunkedEnds = observe == nullptr && ballPhase_ == nullptr &&
                             (selfCollision_ == nullptr ||
                              (!chebyshev.active() && projectionPhases + tetherPhases > 0));
    const bool fused = chunkedEnds && selfCollision_ == nullptr;

    // Phase 0 predicts a chunk's particles (and resets its rows' multipliers) and projects
    // set 0 on its rows (no set-0 constraint leaves its row); phase S k + s projects set s of
    // iteration k (S = 8 distance sets, then 8 triangle sets when the area constraints are
    // on); then, with tethers, one phase projects them; the last phase derives velocities,
    // once the chunk and its neighbours are through every set.
    std::uint32_t phaseOffset = 0;
    auto task = [&](std::uint32_t localPhase, std::size_t chunk) {
        const std::uint32_t phase = localPhase + phaseOffset;
        const int rowBegin = static_cast<int>(chunk) * layout_.rowsPerChunk;
        const int rowEnd = std::min(height_, rowBegin + layout_.rowsPerChunk);
        const std::size_t begin = static_cast<std::size_t>(rowBegin) * width;
        const std::size_t end = static_cast<std::size_t>(rowEnd) * width;
        if (phase == 0 && chunkedEnds)
            startRows(x, x0, v, w, params, areaLambda, rowBegin, rowEnd);
        if (phase < projectionPhases) {
            const std::uint32_t q = phase % setsPerIteration;
            if (q < sets_.size()) {
                SetSweepContext sweep;
                sweep.p = p;
                sweep.w = w;
                sweep.set = &sets_[q];
                sweep.width = width_;
                sweep.height = height_;
                // takeEdgeSprings() splits a vertical set's rows, which its lists do not know.
                const bool edgeRows = compliant && params.edgeAlphaTilde != 0.0 &&
                                      verticalSet(sets_[q], width_);
                if (masked) {
                    sweep.mask = mask_.data() + lambdaOffset_[q];
                    sweep.rowDead = rowDead_.data() + rowOffset_[q];
                    if (listed(q) && !edgeRows)
                        sweep.lists = lists_.data() + rowOffset_[q];
                    sweep.entries = listEntries_.data();
                }
                if (compliant) {
                    sweep.alphaTilde = params.alphaTilde;
                    sweep.edgeAlphaTilde = params.edgeAlphaTilde;
                    sweep.lambda = lambda_.data() + lambdaOffset_[q];
                    projectSet<true>(avx2_, sweep, rowBegin, rowEnd);
                } else {
                    projectSet<false>(avx2_, sweep, rowBegin, rowEnd);
                }
            } else {
                // Triangle set q - 8: cells of row parity r, column parity c, triangle t.
                const std::uint32_t t = q - 8;
                detail::projectCellTriangles(x, w, areaLambda, width_, height_,
                                             static_cast<int>(t >> 2), 2, rowBegin, rowEnd,
                                             static_cast<int>((t >> 1) & 1u), 2,
                                             static_cast<int>(t & 1u), params.cellRestArea,
                                             params.areaAlphaTilde);
            }
        } else if (phase < projectionPhases + tetherPhases) {
            detail::projectTethers(x, w, *tethers_, anchorAt_, begin, end);
        } else if (chunkedEnds) {
            if (contacts_ != nullptr) // each chunk its own particles, after every constraint
                detail::resolveContacts(*contacts_, x, x0, w, begin, end);
            detail::updateVelocities(x, x0, v, w, params.h, params.damping, begin, end);
        }
    };
    // The air first: where the whole substep is one band schedule, as its phase 0 (a chunk
    // predicts only once its neighbours have read its edge rows), else on its own.
    auto air = [this](std::uint32_t, std::size_t chunk) {
        const auto [rowBegin, rowEnd] = chunkRows(chunk);
        (*airPhase_)(rowBegin, rowEnd);
    };
    if (fused && !chebyshev.active()) {
        if (airPhase_ != nullptr) {
            auto airThenTask = [&](std::uint32_t localPhase, std::size_t chunk) {
                if (localPhase == 0)
                    air(0, chunk);
                else
                    task(localPhase - 1, chunk);
            };
            run(1 + projectionPhases + tetherPhases + 1, airThenTask);
        } else {
            run(projectionPhases + tetherPhases + 1, task);
        }
        return;
    }
    if (airPhase_ != nullptr)
        run(1, air);
    if (fused) {
        runAccelerated(chebyshev, setsPerIteration, projectionPhases + tetherPhases + 1,
                       params.iterations, task, x, w);
        return;
    }
    if (chunkedEnds) { // self-collision between the two schedules
        run(projectionPhases + tetherPhases, task);
        resolveSelfCollisions(x, x0, w);
        phaseOffset = projectionPhases + tetherPhases;
        run(1, task);
        return;
    }
    startRows(x, x0, v, w, params, areaLambda, 0, height_);
    if (observe != nullptr)
        (*observe)(0);
    for (int iteration = 0; iteration < params.iterations; ++iteration) {
        phaseOffset = setsPerIteration * static_cast<std::uint32_t>(iteration);
        run(setsPerIteration, task);
        if (chebyshev.active())
            accelerate(chebyshev, iteration, x, w);
        if (observe != nullptr)
            (*observe)(iteration + 1);
    }
    if (tetherPhases != 0) {
        phaseOffset = projectionPhases;
        run(1, task);
    }
    if (selfCollision_ != nullptr)
        resolveSelfCollisions(x, x0, w);
    if (ballPhase_ != nullptr)
        (*ballPhase_)(x, x0, w);
    if (contacts_ != nullptr)
        detail::resolveContacts(*contacts_, x, x0, w, 0, static_cast<std::size_t>(height_) * width);
    detail::updateVelocities(x, x0, v, w, params.h, params.damping, 0,
                             static_cast<std::size_t>(height_) * width);
}

void ColoredSolver::startRows(glm::dvec2* x, glm::dvec2* x0, glm::dvec2* v, const double* w,
                              const detail::SubstepParams& params, double* areaLambda,
                              int rowBegin, int rowEnd)
{
    const auto width = static_cast<std::size_t>(width_);
    detail::predict(x, x0, v, w, params.h, params.gravity,
                    static_cast<std::size_t>(rowBegin) * width,
                    static_cast<std::size_t>(rowEnd) * width, airAccel_);
    if (params.alphaTilde != 0.0)
        for (std::size_t s = 0; s < sets_.size(); ++s) {
            const auto count = static_cast<std::size_t>(sets_[s].columnCount);
            double* l = lambda_.data() + lambdaOffset_[s];
            std::fill(l + setRowsBefore(sets_[s], rowBegin) * count,
                      l + setRowsBefore(sets_[s], rowEnd) * count, 0.0);
        }
    if (params.area && areaLambda != nullptr && width_ > 1) {
        const std::size_t cellsPerRow = 2 * (width - 1);
        const int cellRowEnd = std::min(rowEnd, height_ - 1);
        if (cellRowEnd > rowBegin)
            std::fill(areaLambda + static_cast<std::size_t>(rowBegin) * cellsPerRow,
                      areaLambda + static_cast<std::size_t>(cellRowEnd) * cellsPerRow, 0.0);
    }
}

std::pair<int, int> ColoredSolver::chunkRows(std::size_t chunk) const
{
    const int rowBegin = static_cast<int>(chunk) * layout_.rowsPerChunk;
    return {rowBegin, std::min(height_, rowBegin + layout_.rowsPerChunk)};
}

std::pair<std::size_t, std::size_t> ColoredSolver::chunkParticles(std::size_t chunk) const
{
    const auto width = static_cast<std::size_t>(width_);
    const auto [rowBegin, rowEnd] = chunkRows(chunk);
    return {static_cast<std::size_t>(rowBegin) * width, static_cast<std::size_t>(rowEnd) * width};
}

void ColoredSolver::accelerate(detail::ChebyshevSchedule& chebyshev, int iteration,
                               glm::dvec2* x, const double* w)
{
    const std::size_t n = static_cast<std::size_t>(height_) * static_cast<std::size_t>(width_);
    chebyshevPrevious_.resize(n);
    chebyshevCurrent_.resize(n);
    double omega = 1.0;
    if (chebyshev.weighs(iteration)) {
        // Each chunk's largest, then the largest of those: a maximum, whatever the chunks.
        chunkLargest_.assign(layout_.chunkCount, 0.0);
        auto measure = [&](std::uint32_t, std::size_t chunk) {
            const auto [begin, end] = chunkParticles(chunk);
            chunkLargest_[chunk] =
                detail::largestCorrection(x, chebyshevCurrent_.data(), w, begin, end);
        };
        run(1, measure);
        double largest = 0.0;
        for (double chunkLargest : chunkLargest_)
            largest = detail::largerCorrection(largest, chunkLargest);
        omega = chebyshev.omega(iteration, largest);
    }
    const bool keep = chebyshev.keeps(iteration);
    if (omega == 1.0 && !keep)
        return;
    auto weigh = [&](std::uint32_t, std::size_t chunk) {
        const auto [begin, end] = chunkParticles(chunk);
        detail::weighSweep(x, chebyshevPrevious_.data(), chebyshevCurrent_.data(), w, omega,
                           keep, begin, end);
    };
    run(1, weigh);
}

template <typename Task>
void ColoredSolver::runAccelerated(detail::ChebyshevSchedule& chebyshev,
                                   std::uint32_t setsPerIteration, std::uint32_t phases,
                                   int iterations, Task& task, glm::dvec2* x, const double* w)
{
    const std::size_t n = static_cast<std::size_t>(height_) * static_cast<std::size_t>(width_);
    chebyshevPrevious_.resize(n);
    chebyshevCurrent_.resize(n);
    chunkLargest_.assign(layout_.chunkCount, 0.0);
    // A chunk's measure and weights touch only its own particles, so the band schedule's
    // order (a phase on a chunk after the previous phase on it and its neighbours) keeps
    // every set projection, measure and weighing in the order of the stepwise substep.
    auto planned = [&](std::uint32_t p, std::size_t chunk) {
        const PlanPhase& step = plan_[p];
        if (step.kind == PlanPhase::Kind::Task) {
            task(step.phase, chunk);
            return;
        }
        const auto [begin, end] = chunkParticles(chunk);
        if (step.kind == PlanPhase::Kind::Measure)
            chunkLargest_[chunk] =
                detail::largestCorrection(x, chebyshevCurrent_.data(), w, begin, end);
        else
            detail::weighSweep(x, chebyshevPrevious_.data(), chebyshevCurrent_.data(), w,
                               step.omega, step.keep, begin, end);
    };
    std::uint32_t next = 0; // task's next phase
    int iteration = 0;
    PlanPhase weighing;      // the weights of the sweep measured last, when pending
    bool pending = false;
    for (;;) {
        plan_.clear();
        if (pending)
            plan_.push_back(weighing);
        // The sweeps up to the next weighted one, whose measure ends this run.
        bool measured = false;
        for (; iteration < iterations && !measured; ++iteration) {
            for (std::uint32_t s = 0; s < setsPerIteration; ++s)
                plan_.push_back({PlanPhase::Kind::Task, next++, 1.0, false});
            if (chebyshev.weighs(iteration))
                plan_.push_back({PlanPhase::Kind::Measure, 0, 1.0, false});
            else if (chebyshev.keeps(iteration))
                plan_.push_back({PlanPhase::Kind::Weigh, 0, 1.0, true});
            measured = chebyshev.weighs(iteration);
        }
        if (!measured) // every sweep is queued: the tethers and the velocities follow
            while (next < phases)
                plan_.push_back({PlanPhase::Kind::Task, next++, 1.0, false});
        run(static_cast<std::uint32_t>(plan_.size()), planned);
        if (!measured && iteration == iterations && next == phases)
            return;
        double largest = 0.0;
        for (double chunkLargest : chunkLargest_)
            largest = detail::largerCorrection(largest, chunkLargest);
        const int measuredSweep = iteration - 1;
        const double omega = chebyshev.omega(measuredSweep, largest);
        const bool keep = chebyshev.keeps(measuredSweep);
        weighing = {PlanPhase::Kind::Weigh, 0, omega, keep};
        pending = omega != 1.0 || keep;
    }
}

void ColoredSolver::resolveSelfCollisions(glm::dvec2* x, const glm::dvec2* x0, const double* w)
{
    const unsigned threads = pool_.threadCount();
    const detail::ThreadRun onPool = [this, threads](
                                         const std::function<void(unsigned, unsigned)>& job) {
        auto each = [&](unsigned thread) { job(thread, threads); };
        pool_.run(each);
    };
    const auto n = static_cast<std::size_t>(height_) * static_cast<std::size_t>(width_);
    if (contacts_ != nullptr)
        selfCollision_->resolveWithContacts(*contacts_, x, x0, w, n, width_, selfThickness_,
                                            selfFriction_, threads, onPool);
    else
        selfCollision_->resolve(x, x0, w, n, width_, selfThickness_, selfFriction_, threads,
                                onPool);
}

template <typename Task>
void ColoredSolver::run(std::uint32_t phases, Task& task)
{
    schedule_.reset(layout_.chunkCount, phases);
    if (layout_.chunkCount == 1) { // a small cloth: waking the workers would cost more than it gives
        schedule_.work(0, 1, task);
        return;
    }
    const unsigned threads = pool_.threadCount();
    auto job = [&](unsigned thread) { schedule_.work(thread, threads, task); };
    pool_.run(job);
}

} // namespace pbd
