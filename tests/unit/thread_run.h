#pragma once
// A ThreadRun for the tests of the core's passes on fixed ranges per thread: each job on
// `threads` std::threads, thread 0 the caller.

#include <functional>
#include <thread>
#include <vector>

#include "world/self_collision.h"

namespace pbd::test {

/// Runs a job on `threads` std::threads (thread 0 the caller).
inline pbd::detail::ThreadRun threadsRun(unsigned threads)
{
    return [threads](const std::function<void(unsigned, unsigned)>& job) {
        std::vector<std::thread> others;
        for (unsigned t = 1; t < threads; ++t)
            others.emplace_back([&job, t, threads] { job(t, threads); });
        job(0, threads);
        for (std::thread& t : others)
            t.join();
    };
}

} // namespace pbd::test
