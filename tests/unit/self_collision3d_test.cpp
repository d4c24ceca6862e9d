// The self-collision phase instantiated for 3D (world/self_collision.h): its pairs are every
// pair a brute-force search finds, in dense and wrapped grids, for any thread count; solved,
// they end a thickness apart.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "pbd/device/self_collision_pairs.h"
#include "thread_run.h"
#include "world/self_collision.h"

namespace {

using V3 = pbd::Vec<3>;
using pbd::test::threadsRun;
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

namespace {

/// A `width` x `height` sheet on a grid of spacing h: particle (c, r) at shape(c h, r h).
template <glm::length_t D>
std::vector<pbd::Vec<D>> sheetOf(int width, int height, double h,
                                 const std::function<V3(double, double)>& shape)
{
    std::vector<pbd::Vec<D>> x;
    for (int r = 0; r < height; ++r)
        for (int c = 0; c < width; ++c) {
            const V3 p = shape(c * h, r * h);
            if constexpr (D == 2)
                x.emplace_back(p.x, p.y);
            else
                x.push_back(p);
        }
    return x;
}

template <glm::length_t D>
Pairs inOrder(const pbd::detail::SelfCollisionOf<D>& phase)
{
    Pairs pairs;
    for (const auto& p : phase.pairs())
        pairs.emplace_back(p.i, p.j);
    return pairs;
}

/// The search by patches against the grid over every particle, on sheets from flat to
/// crumpled: the same pairs in the same order (so the same colours and bits), each the
/// brute-force set, on 1 to 3 threads. Returns the names of the sheets without a pair.
template <glm::length_t D>
std::vector<std::string> patchesMatchTheGrid(int width, int height)
{
    using V = pbd::Vec<D>;
    // On a 5 cm grid, 4.5 cm thick (reach 6.75 cm, against 10 cm between the nearest
    // particles that are not grid neighbours at rest).
    constexpr double h = 0.05, thickness = 0.045;
    const double reach = pbd::detail::kSelfCollisionReach * thickness;
    std::mt19937 random(38);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    auto jitter = [&](std::vector<V> x, double by) {
        for (V& p : x)
            for (glm::length_t a = 0; a < D; ++a)
                p[a] += by * unit(random);
        return x;
    };
    const auto flat = sheetOf<D>(width, height, h, [](double c, double r) {
        return V3(c, r, 0.0);
    });
    auto wave = [&](double amplitude, double length, double squeeze) {
        // In 2D the wave is along the sheet (the rows bunch up and spread).
        return sheetOf<D>(width, height, h, [=](double c, double r) {
            const double s = amplitude * std::sin(6.283185307179586 * c / length);
            return D == 2 ? V3(squeeze * c + s, r, 0.0) : V3(squeeze * c, r, s);
        });
    };
    // Folded across its rows: the upper half back over the lower, 1.5 cm off it (in 2D
    // shifted along the rows by a third of the spacing).
    const auto folded = sheetOf<D>(width, height, h, [](double c, double r) {
        const double half = 0.9;
        if (r <= half)
            return V3(c, r, 0.0);
        return D == 2 ? V3(c + 0.017, 2.0 * half - r, 0.0) : V3(c, 2.0 * half - r, 0.015);
    });
    // One particle put onto another three columns on, and a corner of the sheet crumpled:
    // on a large sheet, few patches near another.
    auto poked = flat;
    poked[5 + width * 20] = flat[8 + width * 20] + V(0.004);
    auto corner = flat;
    for (int r = 0; r < 6; ++r)
        for (int c = 0; c < 10; ++c)
            for (glm::length_t a = 0; a < D; ++a)
                corner[static_cast<std::size_t>(c + width * r)][a] += 0.03 * unit(random);
    const auto crumpled = jitter(flat, 0.025);
    auto nan = crumpled;
    nan[100][0] = std::numeric_limits<double>::quiet_NaN();
    auto far = crumpled;
    far[200] = V(3e6);
    auto shifted = flat;
    for (V& p : shifted)
        p += V(0.013);
    auto stretched = crumpled;
    stretched[width * height - 1] = V(60.0);
    std::vector<V> cloud;
    std::mt19937 rng(5);
    std::uniform_real_distribution<double> in(0.0, 0.7);
    for (int k = 0; k < width * height; ++k) {
        V p;
        for (glm::length_t a = 0; a < D; ++a)
            p[a] = in(rng);
        cloud.push_back(p);
    }
    struct Case {
        const char* name;
        std::vector<V> x;
    };
    const std::vector<Case> cases{
        {"flat", flat},
        {"shifted", shifted},
        {"gentle wave", wave(0.02, 1.0, 1.0)},
        {"tight wave", wave(0.03, 0.3, 0.6)},
        {"squeezed", wave(0.004, 0.5, 0.32)},
        {"rough", jitter(flat, 0.018)},
        {"crumpled", crumpled},
        {"folded", jitter(folded, 0.002)},
        {"poked", poked},
        {"crumpled corner", corner},
        {"not a number", nan},
        {"far away", far},
        {"stretched", stretched},
        {"cloud", cloud},
    };
    std::vector<double> w(flat.size(), 1.0);
    w[0] = w[width - 1] = 0.0;
    std::vector<std::string> none;
    for (const Case& c : cases) {
        CAPTURE(c.name);
        const std::vector<V>& x = c.x;
        pbd::detail::SelfCollisionOf<D> grid;
        grid.setPatches(false);
        grid.find(x.data(), w.data(), x.size(), width, thickness, 1, {});
        const Pairs expected = inOrder(grid);
        if constexpr (D == 3)
            if (x.size() < 2000)
                CHECK(sorted(grid.pairs()) == bruteForce(x, w, width, reach));
        if (expected.empty())
            none.emplace_back(c.name);
        for (unsigned threads : {1u, 2u, 3u}) {
            CAPTURE(threads);
            pbd::detail::SelfCollisionOf<D> patches;
            patches.find(x.data(), w.data(), x.size(), width, thickness, threads,
                         threadsRun(threads));
            REQUIRE(inOrder(patches) == expected);
            REQUIRE(patches.colourStarts() == grid.colourStarts());
        }
    }
    return none;
}

} // namespace

TEST_CASE("the search by patches finds the grid's pairs in its order in 2D and 3D",
          "[self-collision3d]")
{
    // The flat, shifted and gently waved sheets have no pair; the others have some.
    // 41 x 37: 5 x 4 patches, the last of each row 9 wide and of each column 12 high; 120 x
    // 100: a particle poked onto another, or a crumpled corner, leave most patches flat (the
    // search over the few near ones).
    const std::vector<std::string> none{"flat", "shifted", "gentle wave"};
    for (const auto& [width, height] : {std::pair{41, 37}, std::pair{120, 100}}) {
        CAPTURE(width, height);
        CHECK(patchesMatchTheGrid<2>(width, height) == none);
        CHECK(patchesMatchTheGrid<3>(width, height) == none);
    }
}

TEST_CASE("the search by patches follows a change of width at the same particle count",
          "[self-collision3d]")
{
    // 41 x 43 then 43 x 41 (both 5 patches wide and high), flat but for the last row's
    // middle particle put onto the particle three rows before it: one phase object, its
    // patches made anew (patches kept from the first would reach past the last particle).
    pbd::detail::SelfCollisionOf<3> reused;
    for (const auto& [width, height] : {std::pair{41, 43}, std::pair{43, 41}}) {
        CAPTURE(width, height);
        std::vector<V3> x = sheetOf<3>(width, height, 0.05, [](double c, double r) {
            return V3(c, r, 0.0);
        });
        const auto at = [w = width](int c, int r) { return static_cast<std::size_t>(c + w * r); };
        x[at(width / 2, height - 1)] = x[at(width / 2, height - 4)] + V3(0.004);
        const std::vector<double> w(x.size(), 1.0);
        pbd::detail::SelfCollisionOf<3> grid;
        grid.setPatches(false);
        grid.find(x.data(), w.data(), x.size(), width, 0.045, 1, {});
        reused.find(x.data(), w.data(), x.size(), width, 0.045, 1, {});
        REQUIRE(!grid.pairs().empty());
        REQUIRE(inOrder(reused) == inOrder(grid));
    }
}
