#pragma once
/// \file
/// A persistent pool of worker threads that run one job together, with a barrier between
/// phases. The colored solver runs a whole step as one job: no thread is created per step.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

#include "pbd/settings.h" // kMaxThreads

namespace pbd {

/// The threads to use for a requested count: 0 -> one per hardware core
/// (std::thread::hardware_concurrency(), at least 1), otherwise the count itself; always
/// clamped to 1..kMaxThreads.
unsigned resolveThreadCount(int requested);

/// The half-open range [begin, end) of `count` items that thread `thread` of `threads` owns
/// under a static, contiguous partition. The same count and thread count always give the
/// same ranges; together they cover 0..count exactly once.
struct IndexRange {
    std::size_t begin;
    std::size_t end;
};
inline IndexRange staticPartition(std::size_t count, unsigned thread, unsigned threads)
{
    return {count * thread / threads, count * (thread + 1) / threads};
}

/// Returns once `value` no longer equals `old`: spins briefly (the phases of a step take
/// microseconds), then sleeps on an atomic wait, which frees the core for a thread that another
/// process preempted. Whoever changes `value` must call notify_all() on it; libstdc++ makes
/// that a system call only while someone sleeps.
void waitWhileEqual(const std::atomic<std::uint32_t>& value, std::uint32_t old);

/// threadCount - 1 worker threads, started once and joined by the destructor, plus the
/// calling thread. run() hands one job to all of them; between runs the workers spin briefly
/// (steps usually follow each other closely) and then sleep on an atomic wait, so an idle
/// pool costs no CPU. Not copyable or movable; one run at a time, from one thread.
class WorkerPool {
public:
    /// Starts threadCount - 1 workers; threadCount is clamped to 1..kMaxThreads.
    explicit WorkerPool(unsigned threadCount);
    /// Stops and joins every worker.
    ~WorkerPool();
    WorkerPool(const WorkerPool&) = delete;
    WorkerPool& operator=(const WorkerPool&) = delete;

    /// Threads that take part in a run, the caller included (>= 1).
    unsigned threadCount() const { return threadCount_; }

    /// Calls job(thread) exactly once on each of threadCount() threads, thread 0 being the
    /// caller, and returns when every call has returned. The job must not throw. It may call
    /// barrier() to separate phases; every thread must then call it the same number of times.
    template <typename Job>
    void run(Job& job)
    {
        runErased(&job, [](void* context, unsigned thread) { (*static_cast<Job*>(context))(thread); });
    }

    /// Inside a job: returns when all threadCount() threads have reached this barrier. Each
    /// thread's writes before the barrier are visible to every thread after it.
    void barrier();

private:
    using JobFunction = void (*)(void* context, unsigned thread);
    void runErased(void* context, JobFunction function);
    void workerLoop(unsigned thread);

    unsigned threadCount_;
    std::vector<std::thread> workers_;
    // The job of the current run; written before generation_ is bumped.
    void* jobContext_ = nullptr;
    JobFunction jobFunction_ = nullptr;
    bool stop_ = false;
    // Incremented by run() (and by the destructor) to wake the workers.
    alignas(64) std::atomic<std::uint32_t> generation_{0};
    // Sense-reversing barrier: arrivals in the current phase, and the phase's sense.
    alignas(64) std::atomic<unsigned> arrived_{0};
    alignas(64) std::atomic<std::uint32_t> barrierSense_{0};
};

} // namespace pbd
