#include "colored/worker_pool.h"

#include <algorithm>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace pbd {
namespace {

/// Busy-wait iterations (tens of microseconds) before a waiting thread sleeps. A step's
/// phases last microseconds, so on an idle machine barriers finish while spinning. When
/// another process holds a core, a partner thread may be descheduled for milliseconds:
/// sleeping (rather than spinning or yielding) then frees this core, and the kernel moves the
/// partner onto it.
constexpr int kSpinsBeforeSleep = 2048;

void cpuRelax()
{
#if defined(__x86_64__) || defined(__i386__)
    _mm_pause();
#endif
}

} // namespace

void waitWhileEqual(const std::atomic<std::uint32_t>& value, std::uint32_t old)
{
    for (int i = 0; i < kSpinsBeforeSleep; ++i) {
        if (value.load(std::memory_order_acquire) != old)
            return;
        cpuRelax();
    }
    while (value.load(std::memory_order_acquire) == old)
        value.wait(old, std::memory_order_acquire);
}

unsigned resolveThreadCount(int requested)
{
    long long count = requested;
    if (requested <= 0)
        count = std::max(1u, std::thread::hardware_concurrency());
    return static_cast<unsigned>(std::clamp<long long>(count, 1, kMaxThreads));
}

WorkerPool::WorkerPool(unsigned threadCount)
    : threadCount_(std::clamp<unsigned>(threadCount, 1, kMaxThreads))
{
    workers_.reserve(threadCount_ - 1);
    for (unsigned thread = 1; thread < threadCount_; ++thread)
        workers_.emplace_back([this, thread] { workerLoop(thread); });
}

WorkerPool::~WorkerPool()
{
    stop_ = true;
    generation_.fetch_add(1, std::memory_order_release);
    generation_.notify_all();
    for (std::thread& worker : workers_)
        worker.join();
}

void WorkerPool::runErased(void* context, JobFunction function)
{
    if (threadCount_ == 1) {
        function(context, 0);
        return;
    }
    jobContext_ = context;
    jobFunction_ = function;
    generation_.fetch_add(1, std::memory_order_release);
    generation_.notify_all();
    function(context, 0);
    barrier(); // every worker has finished its call
}

void WorkerPool::workerLoop(unsigned thread)
{
    std::uint32_t seen = 0;
    for (;;) {
        // Wait for the next run: spin, then sleep until run() notifies.
        waitWhileEqual(generation_, seen);
        seen = generation_.load(std::memory_order_acquire);
        if (stop_)
            return;
        jobFunction_(jobContext_, thread);
        barrier();
    }
}

void WorkerPool::barrier()
{
    if (threadCount_ == 1)
        return;
    // The sense cannot change before this thread arrives, so this is the current phase's.
    const std::uint32_t sense = barrierSense_.load(std::memory_order_acquire);
    if (arrived_.fetch_add(1, std::memory_order_acq_rel) + 1 == threadCount_) {
        arrived_.store(0, std::memory_order_relaxed);
        barrierSense_.store(sense + 1, std::memory_order_release);
        barrierSense_.notify_all(); // no system call unless a thread sleeps
        return;
    }
    waitWhileEqual(barrierSense_, sense);
}

} // namespace pbd
