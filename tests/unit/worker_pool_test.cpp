#include <atomic>
#include <vector>

#include <catch2/catch.hpp>

#include "colored/worker_pool.h"

using pbd::WorkerPool;

TEST_CASE("a worker pool calls the job exactly once per thread on every run", "[pool]")
{
    for (unsigned threads : {1u, 2u, 3u, 5u}) {
        CAPTURE(threads);
        WorkerPool pool(threads);
        REQUIRE(pool.threadCount() == threads);
        std::vector<std::atomic<int>> calls(threads);
        for (int run = 1; run <= 200; ++run) {
            auto job = [&](unsigned thread) { calls[thread].fetch_add(1); };
            pool.run(job);
            // run() returns only after every call has returned.
            for (unsigned t = 0; t < threads; ++t)
                REQUIRE(calls[t].load() == run);
        }
    }
}

TEST_CASE("static partitions cover every task exactly once", "[pool]")
{
    for (std::size_t count : {0u, 1u, 2u, 7u, 100u, 1001u}) {
        for (unsigned threads : {1u, 2u, 3u, 8u}) {
            std::vector<int> hits(count, 0);
            std::size_t expectedBegin = 0;
            for (unsigned t = 0; t < threads; ++t) {
                const pbd::IndexRange r = pbd::staticPartition(count, t, threads);
                REQUIRE(r.begin == expectedBegin);
                REQUIRE(r.end >= r.begin);
                for (std::size_t i = r.begin; i < r.end; ++i)
                    ++hits[i];
                expectedBegin = r.end;
            }
            REQUIRE(expectedBegin == count);
            for (int h : hits)
                REQUIRE(h == 1);
        }
    }
}

TEST_CASE("a worker pool runs every partitioned task exactly once, phase by phase", "[pool]")
{
    const unsigned threads = 3;
    WorkerPool pool(threads);
    const std::size_t tasks = 1000;
    std::vector<int> done(tasks, 0);
    std::atomic<bool> orderBroken{false};
    auto job = [&](unsigned thread) {
        const pbd::IndexRange mine = pbd::staticPartition(tasks, thread, threads);
        for (int phase = 1; phase <= 50; ++phase) {
            for (std::size_t i = mine.begin; i < mine.end; ++i)
                ++done[i];
            pool.barrier();
            // After the barrier every task of this phase is done, whoever owned it.
            for (std::size_t i = 0; i < tasks; i += 97)
                if (done[i] < phase)
                    orderBroken = true;
            pool.barrier();
        }
    };
    pool.run(job);
    pool.run(job);
    CHECK_FALSE(orderBroken.load());
    for (int d : done)
        REQUIRE(d == 100);
}

TEST_CASE("worker pools shut down cleanly, busy or idle", "[pool]")
{
    for (int i = 0; i < 20; ++i) {
        WorkerPool pool(4);
        if (i % 2 == 0) {
            std::atomic<int> calls{0};
            auto job = [&](unsigned) { calls.fetch_add(1); };
            pool.run(job);
            REQUIRE(calls.load() == 4);
        }
    } // destructors join every worker; a hang here fails the test by timeout
    SUCCEED();
}

TEST_CASE("thread counts resolve to the cores or the request, within limits", "[pool]")
{
    CHECK(pbd::resolveThreadCount(0) >= 1);
    CHECK(pbd::resolveThreadCount(3) == 3);
    CHECK(pbd::resolveThreadCount(pbd::kMaxThreads + 5) == unsigned(pbd::kMaxThreads));
    CHECK(WorkerPool(0).threadCount() == 1);
}
