#include <atomic>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "colored/band_schedule.h"
#include "colored/worker_pool.h"

using pbd::BandSchedule;
using pbd::WorkerPool;

TEST_CASE("a band schedule runs every task once, each after its neighbours' previous phase",
          "[pool]")
{
    for (unsigned threads : {1u, 2u, 3u, 5u}) {
        for (std::size_t chunks : {1u, 2u, 3u, 7u, 40u}) {
            for (std::uint32_t phases : {1u, 2u, 17u}) {
                CAPTURE(threads, chunks, phases);
                WorkerPool pool(threads);
                BandSchedule schedule;
                // Per chunk: phases finished and the phase now running (-1: none).
                std::vector<std::atomic<int>> finished(chunks);
                std::vector<std::atomic<int>> running(chunks);
                std::atomic<int> violations{0};
                std::atomic<std::uint64_t> spin{0};
                auto task = [&](std::uint32_t phase, std::size_t c) {
                    const int p = static_cast<int>(phase);
                    if (finished[c].load() != p || running[c].exchange(p) != -1)
                        ++violations;
                    // Neighbours have finished phase p - 1 and run nothing later than p.
                    for (std::size_t n : {c - 1, c + 1}) {
                        if (n >= chunks)
                            continue;
                        if (finished[n].load() < p || running[n].load() > p)
                            ++violations;
                    }
                    // Uneven task lengths shuffle the interleaving.
                    for (std::size_t i = 0; i < (c * 7 + phase * 3) % 5 * 200; ++i)
                        spin.fetch_add(1, std::memory_order_relaxed);
                    if ((c + phase) % 13 == 0)
                        std::this_thread::yield();
                    running[c].store(-1);
                    finished[c].fetch_add(1);
                };
                for (int sweep = 0; sweep < 3; ++sweep) {
                    for (std::size_t c = 0; c < chunks; ++c) {
                        finished[c] = 0;
                        running[c] = -1;
                    }
                    schedule.reset(chunks, phases);
                    auto job = [&](unsigned thread) { schedule.work(thread, threads, task); };
                    pool.run(job);
                    for (std::size_t c = 0; c < chunks; ++c)
                        REQUIRE(finished[c].load() == int(phases));
                }
                CHECK(violations.load() == 0);
            }
        }
    }
}
