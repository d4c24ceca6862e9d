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
#include "cloth/bending.h"
#include "colored/colored_kernels.h"
#include "pbd/device/ball_contacts.h"
#include "pbd/device/contacts.h"
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

/// One set's rows [rowBegin, rowEnd) with the AVX2 kernels or the SSE2 ones (in 3D theirs:
/// colored_kernels_avx2_3d.cpp, colored_kernels_3d.h).
template <bool Compliant, glm::length_t D>
void projectSet(bool avx2, const SetSweepContext& sweep, int rowBegin, int rowEnd)
{
    if constexpr (D == 3) {
#if defined(PBD_HAVE_AVX2_KERNEL)
        if (avx2) {
            projectSetRows3Avx2<Compliant>(sweep, rowBegin, rowEnd);
            return;
        }
#endif
        projectSetRows3<Compliant>(sweep, rowBegin, rowEnd);
        return;
    }
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
                               int rowsPerChunk, int dimensions)
{
    auto rowsFor = [width](int particles) { return (particles + width - 1) / width; };
    const int threads =
        static_cast<int>(std::clamp(requestedThreads, 1u, static_cast<unsigned>(kMaxThreads)));
    const int spread = (height + kChunksPerThread * threads - 1) / (kChunksPerThread * threads);
    int rows = rowsPerChunk > 0 ? rowsPerChunk
                                      : std::max({1, rowsFor(kMinChunkParticles),
                                                  std::min(rowsFor(kChunkParticles), spread)});
    if (dimensions == 3)
        rows = std::max(rows, 2);
    const auto chunks = static_cast<std::size_t>((height + rows - 1) / rows);
    return {rows, chunks,
            static_cast<unsigned>(std::min(static_cast<std::size_t>(threads), chunks))};
}

template <glm::length_t D>
ColoredSolverOf<D>::ColoredSolverOf(int width, int height, unsigned threadCount, Kernel kernel,
                                    int rowsPerChunk, const ClothRestLengths& rest)
    : width_(width), height_(height), avx2_(kernel == Kernel::Best && cpuHasAvx2()),
      layout_(coloredChunkLayout(width, height, threadCount, rowsPerChunk, D)),
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

template <glm::length_t D>
void ColoredSolverOf<D>::step(ParticlesD& particles, double dt, double gravity, int iterations)
{
    detail::SubstepParams params;
    params.h = dt;
    params.gravity = gravity;
    params.iterations = iterations;
    substep(particles, params, nullptr, nullptr);
}

template <glm::length_t D>
void ColoredSolverOf<D>::substep(ParticlesD& particles, const detail::SubstepParams& params,
                            double* areaLambda, const std::function<void(int)>* observe)
{
    beginSubstep(particles, params, areaLambda, World{}, observe);
    PhaseSet phases;
    phases.add(SubstepPhase::Predict);
    phases.add(SubstepPhase::Sweeps);
    phases.add(SubstepPhase::Velocities);
    runSubstep(*this, phases);
}

template <glm::length_t D>
void ColoredSolverOf<D>::beginSubstep(ParticlesD& particles, const detail::SubstepParams& params,
                                 double* areaLambda, const World& world,
                                 const std::function<void(int)>* observe)
{
    now_ = {&particles, &params, areaLambda, world, observe};
    if (now_.world.tethers != nullptr && now_.world.tethers->slots == 0)
        now_.world.tethers = nullptr;
    if (params.compliant())
        lambda_.resize(lambdaOffset_[sets_.size()]);
    if (now_.world.bending != nullptr)
        prepareBending();
    plan_.clear();
}

template <glm::length_t D>
void ColoredSolverOf<D>::run(SubstepPhase phase)
{
    using Kind = typename PlanPhase::Kind;
    const World& world = now_.world;
    ParticlesD& particles = *now_.particles;
    const detail::SubstepParams& params = *now_.params;
    Vec<D>* x = particles.position.data();
    const Vec<D>* x0 = particles.stepStart.data();
    const double* w = particles.inverseMass.data();
    switch (phase) {
    case SubstepPhase::Air: // a chunk predicts only once its neighbours have read its rows
        if (world.air != nullptr)
            plan_.push_back({.kind = Kind::Air});
        break;
    case SubstepPhase::Predict:
        plan_.push_back({.kind = Kind::Predict});
        if (!world.balls.empty())
            detail::predictBalls(world.balls, params.h, params.gravity);
        if (now_.observe != nullptr) { // the observer sees the predicted positions
            flush();
            (*now_.observe)(0);
        }
        break;
    case SubstepPhase::Sweeps:
        if (now_.observe != nullptr)
            observeSweeps();
        else
            queueSweeps();
        break;
    case SubstepPhase::Bending: // 3D only: the 2D pipeline never lists it (phaseInputs())
        if (world.bending != nullptr)
            queueBending();
        break;
    case SubstepPhase::Tethers: // one phase after the sweeps, each chunk its own particles
        if (world.tethers != nullptr)
            plan_.push_back({.kind = Kind::Tethers});
        break;
    case SubstepPhase::SelfCollision: // needs every constraint projected first
        if (world.selfCollision != nullptr) {
            flush();
            resolveSelfCollisions(x, x0, w);
        }
        break;
    case SubstepPhase::Balls: // serial, in a fixed order: every thread count gives the same bits
        if (!world.balls.empty()) {
            flush();
            detail::resolveBallContacts(world.balls, x, x0, w, particles.size(), world.thickness,
                                        world.friction, world.contacts);
        }
        break;
    case SubstepPhase::Contacts: // each chunk its own particles, after every constraint
        if (world.contacts != nullptr)
            plan_.push_back({.kind = Kind::Contacts});
        break;
    case SubstepPhase::SelfContactBound: // the caller's, serially, after every contact (3D)
        flush();
        break;
    case SubstepPhase::Velocities: // once the chunk and its neighbours are through every set
        if (!plan_.empty() && plan_.back().kind == Kind::Contacts)
            plan_.back().velocitiesAfter = true;
        else
            plan_.push_back({.kind = Kind::Velocities});
        if (!world.balls.empty())
            detail::updateBallVelocities(world.balls, params.h, params.damping);
        break;
    case SubstepPhase::Tear: // on the whole cloth: the caller's
        flush();
        break;
    }
}

template <glm::length_t D>
void ColoredSolverOf<D>::observeSweeps()
{
    const detail::SubstepParams& params = *now_.params;
    ParticlesD& particles = *now_.particles;
    const bool area = params.area && now_.areaLambda != nullptr && width_ > 1 && height_ > 1;
    const std::uint32_t sets = area ? 16u : 8u;
    detail::ChebyshevSchedule chebyshev(params.chebyshev, params.iterations);
    for (int iteration = 0; iteration < params.iterations; ++iteration) {
        for (std::uint32_t q = 0; q < sets; ++q)
            plan_.push_back({.kind = PlanPhase::Kind::Set, .set = q});
        flush();
        if (chebyshev.active())
            accelerate(chebyshev, iteration, particles.position.data(),
                       particles.inverseMass.data());
        (*now_.observe)(iteration + 1);
    }
}

template <glm::length_t D>
void ColoredSolverOf<D>::queueSweeps()
{
    using Kind = typename PlanPhase::Kind;
    const detail::SubstepParams& params = *now_.params;
    const bool area = params.area && now_.areaLambda != nullptr && width_ > 1 && height_ > 1;
    const std::uint32_t sets = area ? 16u : 8u;
    // Set 0's constraints stay in their row: a chunk projects them right after predicting.
    auto queueSet = [this](std::uint32_t q) {
        if (q == 0 && !plan_.empty() && plan_.back().kind == Kind::Predict)
            plan_.back() = {.kind = Kind::Set, .set = 0, .predictFirst = true};
        else
            plan_.push_back({.kind = Kind::Set, .set = q});
    };
    detail::ChebyshevSchedule chebyshev(params.chebyshev, params.iterations);
    if (!chebyshev.active()) {
        for (int iteration = 0; iteration < params.iterations; ++iteration)
            for (std::uint32_t q = 0; q < sets; ++q)
                queueSet(q);
        return;
    }
    // A chunk's measure and weights touch only its own particles, so the band schedule's
    // order (a phase on a chunk after the previous phase on it and its neighbours) keeps
    // every set projection, measure and weighing in the order of the stepwise substep.
    const std::size_t n = static_cast<std::size_t>(height_) * static_cast<std::size_t>(width_);
    chebyshevPrevious_.resize(n);
    chebyshevCurrent_.resize(n);
    chunkLargest_.assign(layout_.chunkCount, 0.0);
    for (int iteration = 0; iteration < params.iterations; ++iteration) {
        for (std::uint32_t q = 0; q < sets; ++q)
            queueSet(q);
        if (chebyshev.weighs(iteration)) {
            plan_.push_back({.kind = Kind::Measure});
            flush();
            double largest = 0.0;
            for (double chunkLargest : chunkLargest_)
                largest = detail::largerCorrection(largest, chunkLargest);
            const double omega = chebyshev.omega(iteration, largest);
            const bool keep = chebyshev.keeps(iteration);
            if (omega != 1.0 || keep)
                plan_.push_back({.kind = Kind::Weigh, .omega = omega, .keep = keep});
        } else if (chebyshev.keeps(iteration)) {
            plan_.push_back({.kind = Kind::Weigh, .omega = 1.0, .keep = true});
        }
    }
}

template <glm::length_t D>
void ColoredSolverOf<D>::queueBending()
{
    // After the sweeps, as the sequential solver: `iterations` passes (at least one), each
    // over the ten sets; the chunk's rows, as the distance sets.
    for (int pass = 0; pass < std::max(1, now_.params->iterations); ++pass)
        for (std::uint32_t s = 0; s < kBendingSets; ++s)
            plan_.push_back({.kind = PlanPhase::Kind::Bend, .set = s});
}

template <glm::length_t D>
void ColoredSolverOf<D>::prepareBending()
{
    const detail::BendingConstraints& bending = *now_.world.bending;
    const std::array<double, 3> key{bending.rigidity, bending.across, bending.down};
    if (bendOrder_.empty())
        orderBending();
    if (key == bendingKey_ && setBends_.size() + setTwists_.size() == bendOrder_.size())
        return;
    bendingKey_ = key;
    setBends_.clear();
    setTwists_.clear();
    const std::size_t bends = bending.bends.size();
    for (std::uint32_t k : bendOrder_) {
        if (k < bends)
            setBends_.push_back(bending.bends[k]);
        else
            setTwists_.push_back(bending.twists[k - bends]);
    }
}

template <glm::length_t D>
void ColoredSolverOf<D>::orderBending()
{
    // The device contract's ten sets (pbd/device/bending.h), by first row: a chunk's bends
    // reach two rows into the next (coloredChunkLayout() makes chunks of two rows at least
    // in 3D, so they stop there).
    detail::BendingSetOrder sets = detail::orderBendingSets(*now_.world.bending);
    bendOrder_ = std::move(sets.order);
    bendStart_ = std::move(sets.start);
    bendLambda_.assign(bendOrder_.size(), Vec<3>(0.0));
}

template <glm::length_t D>
void ColoredSolverOf<D>::projectBendingSet(std::uint32_t set, int rowBegin, int rowEnd)
{
    if constexpr (D == 3) {
        Vec<3>* x = now_.particles->position.data();
        const double* w = now_.particles->inverseMass.data();
        const double h = now_.params->h;
        const double invH2 = 1.0 / (h * h);
        const std::uint8_t* alive = now_.world.alive;
        const std::uint32_t first = bendStart_[set][static_cast<std::size_t>(rowBegin)];
        const std::uint32_t last = bendStart_[set][static_cast<std::size_t>(rowEnd)];
        // The bends' sets come first: entry e is setBends_[e], a twist's setTwists_[e - b].
        if (set < 6) {
            for (std::uint32_t e = first; e < last; ++e)
                detail::projectBend(setBends_[e], x, w, invH2, alive, bendLambda_[e]);
        } else {
            const std::size_t bends = setBends_.size();
            for (std::uint32_t e = first; e < last; ++e)
                detail::projectTwist(setTwists_[e - bends], x, w, invH2, alive,
                                     bendLambda_[e]);
        }
    } else {
        (void)set;
        (void)rowBegin;
        (void)rowEnd;
    }
}

template <glm::length_t D>
void ColoredSolverOf<D>::flush()
{
    if (plan_.empty())
        return;
    auto task = [this](std::uint32_t phase, std::size_t chunk) { runPlanned(phase, chunk); };
    run(static_cast<std::uint32_t>(plan_.size()), task);
    plan_.clear();
}

template <glm::length_t D>
void ColoredSolverOf<D>::runPlanned(std::uint32_t phase, std::size_t chunk)
{
    using Kind = typename PlanPhase::Kind;
    const PlanPhase& planned = plan_[phase];
    const World& world = now_.world;
    const detail::SubstepParams& params = *now_.params;
    ParticlesD& particles = *now_.particles;
    Vec<D>* x = particles.position.data();
    Vec<D>* x0 = particles.stepStart.data();
    Vec<D>* v = particles.velocity.data();
    const double* w = particles.inverseMass.data();
    const auto [rowBegin, rowEnd] = chunkRows(chunk);
    const auto [begin, end] = chunkParticles(chunk);
    switch (planned.kind) {
    case Kind::Air:
        if constexpr (D == 2)
            detail::airRows(*world.air, rowBegin, rowEnd, world.airOut, airLanes_);
        return;
    case Kind::Bend:
        projectBendingSet(planned.set, rowBegin, rowEnd);
        return;
    case Kind::Predict:
        startRows(rowBegin, rowEnd);
        return;
    case Kind::Set:
        break;
    case Kind::Tethers:
        detail::projectTethers(x, w, *world.tethers, world.anchorAt, begin, end);
        return;
    case Kind::Contacts:
        detail::resolveContacts(*world.contacts, x, x0, w, begin, end);
        if (planned.velocitiesAfter)
            detail::updateVelocities(x, x0, v, w, params.h, params.damping, begin, end);
        return;
    case Kind::Velocities:
        detail::updateVelocities(x, x0, v, w, params.h, params.damping, begin, end);
        return;
    case Kind::Measure:
        chunkLargest_[chunk] =
            detail::largestCorrection(x, chebyshevCurrent_.data(), w, begin, end);
        return;
    case Kind::Weigh:
        detail::weighSweep(x, chebyshevPrevious_.data(), chebyshevCurrent_.data(), w,
                           planned.omega, planned.keep, begin, end);
        return;
    }
    if (planned.predictFirst)
        startRows(rowBegin, rowEnd);
    const std::uint32_t q = planned.set;
    if (q < sets_.size()) {
        // The diagonals' sets (4 to 7) take the shear's compliance when it has its own.
        const double alphaTilde =
            params.shear && q >= 4 ? params.shearAlphaTilde : params.alphaTilde;
        const bool compliant = alphaTilde != 0.0;
        SetSweepContext sweep;
        sweep.p = &x[0].x;
        sweep.w = w;
        sweep.set = &sets_[q];
        sweep.width = width_;
        sweep.height = height_;
        // takeEdgeSprings() splits a vertical set's rows, which its lists do not know.
        const bool edgeRows =
            compliant && params.edgeAlphaTilde != 0.0 && verticalSet(sets_[q], width_);
        if (!mask_.empty()) {
            sweep.mask = mask_.data() + lambdaOffset_[q];
            sweep.rowDead = rowDead_.data() + rowOffset_[q];
            if (listed(q) && !edgeRows)
                sweep.lists = lists_.data() + rowOffset_[q];
            sweep.entries = listEntries_.data();
        }
        if (compliant) {
            sweep.alphaTilde = alphaTilde;
            sweep.edgeAlphaTilde = params.edgeAlphaTilde;
            sweep.lambda = lambda_.data() + lambdaOffset_[q];
            projectSet<true, D>(avx2_, sweep, rowBegin, rowEnd);
        } else {
            projectSet<false, D>(avx2_, sweep, rowBegin, rowEnd);
        }
        return;
    }
    // Triangle set q - 8: cells of row parity r, column parity c, triangle t (2D only:
    // validate() refuses area stiffness in 3D).
    if constexpr (D == 2) {
        const std::uint32_t t = q - 8;
        detail::projectCellTriangles(x, w, now_.areaLambda, width_, height_,
                                     static_cast<int>(t >> 2), 2, rowBegin, rowEnd,
                                     static_cast<int>((t >> 1) & 1u), 2,
                                     static_cast<int>(t & 1u), params.cellRestArea,
                                     params.areaAlphaTilde);
    }
}

template <glm::length_t D>
void ColoredSolverOf<D>::startRows(int rowBegin, int rowEnd)
{
    const auto width = static_cast<std::size_t>(width_);
    ParticlesD& particles = *now_.particles;
    const detail::SubstepParams& params = *now_.params;
    double* areaLambda = now_.areaLambda;
    detail::predict(particles.position.data(), particles.stepStart.data(),
                    particles.velocity.data(), particles.inverseMass.data(), params.h,
                    params.gravity, static_cast<std::size_t>(rowBegin) * width,
                    static_cast<std::size_t>(rowEnd) * width,
                    now_.world.airAccel);
    if (params.compliant())
        for (std::size_t s = 0; s < sets_.size(); ++s) {
            const auto count = static_cast<std::size_t>(sets_[s].columnCount);
            double* l = lambda_.data() + lambdaOffset_[s];
            std::fill(l + setRowsBefore(sets_[s], rowBegin) * count,
                      l + setRowsBefore(sets_[s], rowEnd) * count, 0.0);
        }
    if (now_.world.bending != nullptr)
        for (std::size_t s = 0; s < kBendingSets; ++s)
            std::fill(bendLambda_.begin() + bendStart_[s][static_cast<std::size_t>(rowBegin)],
                      bendLambda_.begin() + bendStart_[s][static_cast<std::size_t>(rowEnd)],
                      Vec<3>(0.0));
    if (params.area && areaLambda != nullptr && width_ > 1) {
        const std::size_t cellsPerRow = 2 * (width - 1);
        const int cellRowEnd = std::min(rowEnd, height_ - 1);
        if (cellRowEnd > rowBegin)
            std::fill(areaLambda + static_cast<std::size_t>(rowBegin) * cellsPerRow,
                      areaLambda + static_cast<std::size_t>(cellRowEnd) * cellsPerRow, 0.0);
    }
}

template <glm::length_t D>
std::pair<int, int> ColoredSolverOf<D>::chunkRows(std::size_t chunk) const
{
    const int rowBegin = static_cast<int>(chunk) * layout_.rowsPerChunk;
    return {rowBegin, std::min(height_, rowBegin + layout_.rowsPerChunk)};
}

template <glm::length_t D>
std::pair<std::size_t, std::size_t> ColoredSolverOf<D>::chunkParticles(std::size_t chunk) const
{
    const auto width = static_cast<std::size_t>(width_);
    const auto [rowBegin, rowEnd] = chunkRows(chunk);
    return {static_cast<std::size_t>(rowBegin) * width, static_cast<std::size_t>(rowEnd) * width};
}

template <glm::length_t D>
void ColoredSolverOf<D>::accelerate(detail::ChebyshevSchedule& chebyshev, int iteration,
                               Vec<D>* x, const double* w)
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

template <glm::length_t D>
void ColoredSolverOf<D>::resolveSelfCollisions(Vec<D>* x, const Vec<D>* x0, const double* w)
{
    const unsigned threads = pool_.threadCount();
    const detail::ThreadRun onPool = [this, threads](
                                         const std::function<void(unsigned, unsigned)>& job) {
        auto each = [&](unsigned thread) { job(thread, threads); };
        pool_.run(each);
    };
    const auto n = static_cast<std::size_t>(height_) * static_cast<std::size_t>(width_);
    const World& world = now_.world;
    if (world.contacts != nullptr)
        world.selfCollision->resolveWithContacts(*world.contacts, x, x0, w, n, width_,
                                                 world.thickness, world.friction, threads,
                                                 onPool);
    else
        world.selfCollision->resolve(x, x0, w, n, width_, world.thickness, world.friction,
                                     threads, onPool);
}

template <glm::length_t D>
template <typename Task>
void ColoredSolverOf<D>::run(std::uint32_t phases, Task& task)
{
    ++scheduleRuns_;
    schedule_.reset(layout_.chunkCount, phases);
    if (layout_.chunkCount == 1) { // a small cloth: waking the workers would cost more than it gives
        schedule_.work(0, 1, task);
        return;
    }
    const unsigned threads = pool_.threadCount();
    auto job = [&](unsigned thread) { schedule_.work(thread, threads, task); };
    pool_.run(job);
}

template class ColoredSolverOf<2>;
template class ColoredSolverOf<3>;

} // namespace pbd
