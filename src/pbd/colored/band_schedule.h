#pragma once
/// \file
/// A dependency-driven schedule for sweeps over a domain cut into bands (the colored solver's
/// row chunks): phase after phase, each phase touching a chunk and at most the first row of the
/// next one. Task (p, c), phase p on chunk c, may run once tasks (p - 1, c - 1), (p - 1, c) and
/// (p - 1, c + 1) are done; tasks of one phase never touch the same data. Instead of a barrier
/// after every phase, each chunk advances as soon as its neighbours allow, so a thread that
/// another process preempts holds back only the chunks near the one it was running, and the
/// other threads keep working, one more phase at each chunk further away.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "colored/worker_pool.h"

namespace pbd {

/// Runs the chunks x phases tasks of one sweep on the threads of a WorkerPool job. Every
/// schedule of the tasks that the dependencies allow does the same operations on every datum
/// in the same order, so results do not depend on the thread count or the timing.
class BandSchedule {
public:
    /// Arms a sweep of `phases` phases over `chunks` chunks. Call between sweeps only.
    void reset(std::size_t chunks, std::uint32_t phases);

    std::size_t chunkCount() const { return chunkCount_; }
    std::uint32_t phaseCount() const { return phaseCount_; }

    /// Runs tasks on the calling thread until every task of the sweep is done; every thread of
    /// the job calls it with its own `thread` index (0 .. threads - 1). task(phase, chunk)
    /// runs each task exactly once. A thread first takes the chunks of its static partition
    /// (so a chunk's data mostly stays in one core's cache), then any other chunk that is
    /// ready, and sleeps (after a short spin) only when no task is ready.
    template <typename Task>
    void work(unsigned thread, unsigned threads, Task& task)
    {
        const IndexRange own = staticPartition(chunkCount_, thread, threads);
        const std::uint32_t total = static_cast<std::uint32_t>(chunkCount_) * phaseCount_;
        for (;;) {
            const std::uint32_t done = done_.load(std::memory_order_acquire);
            if (done == total)
                return;
            bool ran = false;
            for (std::size_t c = own.begin; c < own.end; ++c)
                ran |= tryRun(c, task);
            for (std::size_t c = 0; !ran && c < chunkCount_; ++c)
                if (c < own.begin || c >= own.end)
                    ran = tryRun(c, task);
            if (!ran)
                waitWhileEqual(done_, done);
        }
    }

private:
    /// Runs the next phase of `chunk` if its neighbours allow and no other thread has claimed
    /// it; returns whether it ran.
    template <typename Task>
    bool tryRun(std::size_t chunk, Task& task)
    {
        std::uint32_t state = states_[chunk].value.load(std::memory_order_acquire);
        const std::uint32_t phase = state >> 1;
        if ((state & 1) != 0 || phase >= phaseCount_)
            return false;
        if (chunk > 0 && phasesDone(chunk - 1) < phase)
            return false;
        if (chunk + 1 < chunkCount_ && phasesDone(chunk + 1) < phase)
            return false;
        if (!states_[chunk].value.compare_exchange_strong(state, state | 1,
                                                          std::memory_order_acquire,
                                                          std::memory_order_relaxed))
            return false;
        task(phase, chunk);
        states_[chunk].value.store((phase + 1) << 1, std::memory_order_release);
        done_.fetch_add(1, std::memory_order_release);
        done_.notify_all();
        return true;
    }

    std::uint32_t phasesDone(std::size_t chunk) const
    {
        return states_[chunk].value.load(std::memory_order_acquire) >> 1;
    }

    /// Per chunk: 2 * (phases done) + 1 while a thread runs its next phase. One cache line
    /// each, so that finishing a chunk does not disturb the threads on its neighbours.
    struct alignas(64) ChunkState {
        std::atomic<std::uint32_t> value{0};
    };
    std::unique_ptr<ChunkState[]> states_;
    std::size_t chunkCount_ = 0;
    std::uint32_t phaseCount_ = 0;
    alignas(64) std::atomic<std::uint32_t> done_{0}; ///< tasks done in this sweep
};

} // namespace pbd
