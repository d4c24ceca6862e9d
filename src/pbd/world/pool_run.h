#pragma once
// The self-collision search's ThreadRun (world/self_collision.h) on a worker pool of its
// own: job(thread, threads) on each of the pool's threads.

#include <functional>

#include "colored/worker_pool.h"
#include "world/self_collision.h"

namespace pbd::detail {

/// Runs each job on every thread of `pool` (which must outlive the ThreadRun).
inline ThreadRun runOnPool(WorkerPool& pool)
{
    const unsigned threads = pool.threadCount();
    return [&pool, threads](const std::function<void(unsigned, unsigned)>& job) {
        auto each = [&](unsigned thread) { job(thread, threads); };
        pool.run(each);
    };
}

} // namespace pbd::detail
