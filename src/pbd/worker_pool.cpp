#include "pbd/worker_pool.h"

#include <algorithm>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace pbd {
namespace {

/// Busy-wait iterations before a waiting thread gives up its core. A step's phases last
/// microseconds, so barriers almost always finish while spinning; between steps a worker
/// spins about as long, then sleeps.
constexpr int kSpinsBeforeYield = 4096;
constexpr int kYieldsBeforeSleep = 64;

void cpuRelax()
{
#if defined(__x86_64__) || defined(__i386__)
    _mm_pause();
#endif
}

} // namespace

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
        // Wait for the next run: spin, then yield, then sleep until run() notifies.
        std::uint32_t now = generation_.load(std::memory_order_acquire);
        for (int i = 0; now == seen && i < kSpinsBeforeYield; ++i) {
            cpuRelax();
            now = generation_.load(std::memory_order_acquire);
        }
        for (int i = 0; now == seen && i < kYieldsBeforeSleep; ++i) {
            std::this_thread::yield();
            now = generation_.load(std::memory_order_acquire);
        }
        while (now == seen) {
            generation_.wait(seen, std::memory_order_acquire);
            now = generation_.load(std::memory_order_acquire);
        }
        seen = now;
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
        return;
    }
    for (int i = 0; barrierSense_.load(std::memory_order_acquire) == sense; ++i) {
        if (i < kSpinsBeforeYield)
            cpuRelax();
        else
            std::this_thread::yield(); // preempted partner on a busy machine: give way
    }
}

} // namespace pbd
