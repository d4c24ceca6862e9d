// The self-collision phase instantiated for 3D (world/self_collision.h): its pairs are every
// pair a brute-force search finds, in dense and wrapped grids, for any thread count; solved,
// they end a thickness apart.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <random>
#include <thread>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "pbd/device/self_collision_pairs.h"
#include "world/self_collision.h"

namespace {

using V3 = pbd::Vec<3>;
using Pairs = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

/// Every pair (i < j) within reach, not grid neighbours of a `width`-wide cloth, not both
/// immovable.
Pairs bruteForce(const std::vector<V3>& x, const std::vector<double>& w, int width, double reach)
{
    Pairs pairs;
    const auto wd = static_cast<std::int64_t>(width);
    for (std::size_t i = 0; i < x.size(); ++i)
        for (std::size_t j = i + 1; j < x.size(); ++j) {
            const auto di = static_cast<std::int64_t>(i);
            const auto dj = static_cast<std::int64_t>(j);
            if (std::abs(di / wd - dj / wd) <= 1 && std::abs(di % wd - dj % wd) <= 1)
                continue;
            if (w[i] == 0.0 && w[j] == 0.0)
                continue;
            if (pbd::squaredLength(x[i] - x[j]) < reach * reach)
                pairs.emplace_back(i, j);
        }
    return pairs;
}

Pairs sorted(const std::vector<pbd::detail::SelfCollisionPair>& found)
{
    Pairs pairs;
    for (const auto& p : found)
        pairs.emplace_back(p.i, p.j);
    std::sort(pairs.begin(), pairs.end());
    return pairs;
}

/// Runs a job on `threads` std::threads (thread 0 the caller).
pbd::detail::ThreadRun threadsRun(unsigned threads)
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

/// A cloud of n particles in a box of side `side` (one far away when `wrapped`, so that the
/// grid cannot be dense), every 7th immovable.
void cloud(std::size_t n, double side, bool wrapped, std::uint32_t seed, std::vector<V3>& x,
           std::vector<double>& w)
{
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> c(-0.5 * side, 0.5 * side);
    x.clear();
    w.clear();
    for (std::size_t i = 0; i < n; ++i) {
        x.emplace_back(c(rng), c(rng), c(rng));
        w.push_back(i % 7 == 0 ? 0.0 : 1.0);
    }
    if (wrapped)
        x[n / 2] = V3(4e3, -3e3, 5e3);
}

} // namespace

TEST_CASE("3D self-collision finds exactly the brute-force pairs", "[self-collision3d]")
{
    const double thickness = 0.05;
    const int width = 13;
    for (bool wrapped : {false, true})
        for (std::size_t n : {std::size_t{500}, std::size_t{9000}}) {
            std::vector<V3> x;
            std::vector<double> w;
            cloud(n, n < 1000 ? 0.6 : 1.4, wrapped, static_cast<std::uint32_t>(n) + wrapped, x, w);
            const Pairs expected =
                bruteForce(x, w, width, pbd::detail::kSelfCollisionReach * thickness);
            CAPTURE(n, wrapped, expected.size());
            REQUIRE(expected.size() > n / 10);
            Pairs first;
            for (unsigned threads : {1u, 2u, 3u}) {
                pbd::detail::SelfCollisionOf<3> phase;
                phase.find(x.data(), w.data(), n, width, thickness, threads, threadsRun(threads));
                REQUIRE(sorted(phase.pairs()) == expected);
                // The colours: no particle twice in one (but the serial colour).
                const auto& starts = phase.colourStarts();
                for (std::size_t c = 0; c + 1 < starts.size(); ++c) {
                    if (c == pbd::detail::kSelfCollisionSerialColour)
                        continue;
                    std::vector<std::uint32_t> seen;
                    for (std::size_t k = starts[c]; k < starts[c + 1]; ++k) {
                        seen.push_back(phase.pairs()[k].i);
                        seen.push_back(phase.pairs()[k].j);
                    }
                    std::sort(seen.begin(), seen.end());
                    REQUIRE(std::adjacent_find(seen.begin(), seen.end()) == seen.end());
                }
                Pairs inOrder;
                for (const auto& p : phase.pairs())
                    inOrder.emplace_back(p.i, p.j);
                if (threads == 1)
                    first = inOrder;
                REQUIRE(inOrder == first); // the same order for any thread count
            }
        }
}

TEST_CASE("3D self-collision puts unjoined particles a thickness apart", "[self-collision3d]")
{
    const double thickness = 0.05;
    const int width = 11;
    std::vector<V3> x;
    std::vector<double> w;
    cloud(800, 1.0, false, 5, x, w);
    const std::vector<V3> x0 = x;
    pbd::detail::SelfCollisionOf<3> phase;
    REQUIRE(phase.resolve(x.data(), x0.data(), w.data(), x.size(), width, thickness, 0.0, 1,
                          {}));
    const Pairs close = bruteForce(x, w, width, 0.99 * thickness);
    REQUIRE(close.empty());
    REQUIRE(x != x0);
}
