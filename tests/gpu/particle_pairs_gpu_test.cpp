// The particles' self-collision pairs found on the GPU (gpu_particle_pairs.h): in double the
// CPU's own search (makeHostPairSearch, SelfCollision::find()) gives the same pairs in the same
// colour order and the same colour starts, in 3D and 2D, on a sheet folded over a sphere and on
// random clouds (a dense grid, a wrapped one whose 64-bit cell numbers wrap, particles in no
// cell, fixed ones, a particle in more than 63 pairs: the serial colour), also past buffers
// made too small; in float every pair within the reach is found, two runs are identical, and the
// pairs of a colour share no particle.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <glad/gl.h>

#include "folded_sheet.h"
#include "gpu_particle_pairs.h"
#include "pbd/device/self_collision_pairs.h"
#include "pbd/simulation.h"

namespace {

using pbd::detail::SelfCollisionPair;

/// A cloud of particles in D dimensions, with inverse masses and a width for the grid rule.
template <glm::length_t D>
struct Cloud {
    std::vector<pbd::Vec<D>> x;
    std::vector<double> w;
    int width = 1;
    double thickness = 0.02;
};

/// A buffer holding `values` as doubles or floats.
GLuint realBuffer(const std::vector<double>& values, bool dbl)
{
    GLuint buffer = 0;
    glGenBuffers(1, &buffer);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
    const std::vector<float> floats(values.begin(), values.end());
    const std::size_t bytes = dbl ? 8 * values.size() : 4 * values.size();
    glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(std::max<std::size_t>(bytes, 16)),
                 nullptr, GL_STATIC_DRAW);
    glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(bytes),
                    dbl ? static_cast<const void*>(values.data()) : floats.data());
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    return buffer;
}

struct Found {
    std::vector<SelfCollisionPair> pairs;
    std::vector<std::size_t> starts;
};

template <glm::length_t D>
Found deviceSearch(pbd::gpu::GpuParticlePairs& gpu, const Cloud<D>& c, bool dbl)
{
    std::vector<double> reals;
    for (const pbd::Vec<D>& p : c.x)
        for (glm::length_t k = 0; k < D; ++k)
            reals.push_back(p[k]);
    const GLuint x = realBuffer(reals, dbl);
    const GLuint w = realBuffer(c.w, dbl);
    gpu.find(x, w, c.x.size(), c.width, c.thickness);
    Found f{gpu.downloadPairs(), gpu.colourStarts()};
    glDeleteBuffers(1, &x);
    glDeleteBuffers(1, &w);
    return f;
}

template <glm::length_t D>
Found hostSearch(const Cloud<D>& c)
{
    auto host = pbd::detail::makeHostPairSearch<D>(1);
    host->find(c.x.data(), c.w.data(), c.x.size(), c.width, c.thickness);
    return {std::vector<SelfCollisionPair>(host->pairs().begin(), host->pairs().end()),
            std::vector<std::size_t>(host->colourStarts().begin(), host->colourStarts().end())};
}

/// Double on the device against the CPU: the same pairs in the same order, the same starts.
/// `capacity`: pairs the first buffers hold (0: as in the step, capacityFor()).
template <glm::length_t D>
void checkDouble(const Cloud<D>& c, std::size_t fewestPairs, std::size_t fewestColours,
                 std::size_t capacity = 0)
{
    std::string why;
    auto gpu = pbd::gpu::GpuParticlePairs::create(true, D, why);
    INFO(why);
    REQUIRE(gpu != nullptr);
    if (capacity != 0)
        gpu->setCapacity(capacity);
    const Found want = hostSearch(c);
    const Found got = deviceSearch(*gpu, c, true);
    INFO(want.pairs.size() << " pairs in " << want.starts.size() - 1 << " colours on the CPU, "
                           << got.pairs.size() << " on the GPU");
    CHECK(want.pairs.size() >= fewestPairs);
    CHECK(want.starts.size() >= fewestColours + 1);
    REQUIRE(got.pairs.size() == want.pairs.size());
    std::size_t differ = 0;
    for (std::size_t k = 0; k < got.pairs.size(); ++k)
        differ += got.pairs[k].i != want.pairs[k].i || got.pairs[k].j != want.pairs[k].j;
    CHECK(differ == 0);
    CHECK(got.starts == want.starts);
    // A second search with the same buffers (the particles' colours were cleared) agrees.
    const Found again = deviceSearch(*gpu, c, true);
    CHECK(again.starts == got.starts);
    CHECK(std::equal(again.pairs.begin(), again.pairs.end(), got.pairs.begin(), got.pairs.end(),
                     [](SelfCollisionPair a, SelfCollisionPair b) { return a.i == b.i && a.j == b.j; }));
}

/// A random cloud of `n` particles in a cube `side` m wide at `offset`; every 97th fixed.
template <glm::length_t D>
Cloud<D> randomCloud(std::size_t n, double side, double offset, unsigned seed)
{
    std::mt19937 random(seed);
    std::uniform_real_distribution<double> at(0.0, side);
    Cloud<D> c;
    c.width = 37;
    for (std::size_t i = 0; i < n; ++i) {
        pbd::Vec<D> p;
        for (glm::length_t k = 0; k < D; ++k)
            p[k] = offset + at(random);
        c.x.push_back(p);
        c.w.push_back(i % 97 == 5 ? 0.0 : 1.0);
    }
    return c;
}

/// `c` with a clump of 80 particles within a thickness of its first (more than 63 pairs
/// each: the serial colour), one far out (a wrapped grid whose cell numbers overflow 64 bits
/// in 3D), one at 1e12 m and one NaN (in no cell).
template <glm::length_t D>
Cloud<D> withExtremes(Cloud<D> c)
{
    std::mt19937 random(3);
    std::uniform_real_distribution<double> jitter(-0.3 * c.thickness, 0.3 * c.thickness);
    const pbd::Vec<D> centre = c.x.front();
    for (int k = 0; k < 80; ++k) {
        pbd::Vec<D> p = centre;
        for (glm::length_t a = 0; a < D; ++a)
            p[a] += jitter(random);
        c.x.push_back(p);
        c.w.push_back(1.0);
    }
    c.x.push_back(pbd::Vec<D>(-9e6));
    c.x.push_back(pbd::Vec<D>(1e12));
    c.x.push_back(pbd::Vec<D>(std::numeric_limits<double>::quiet_NaN()));
    c.w.insert(c.w.end(), {1.0, 1.0, 1.0});
    return c;
}

} // namespace

TEST_CASE("GPU particle pairs: double finds the CPU's pairs in its colour order, in 3D on a "
          "folded sheet and on random clouds",
          "[gpu3d][particle-pairs]")
{
    // A free 20 x 20 sheet dropped over a sphere until its sides fold.
    const pbd::Settings s = foldedSheetSettings(0.04);
    pbd::Simulation3 sim(s);
    foldOverSphere(sim);
    Cloud<3> sheet;
    sheet.x = sim.particles().position;
    sheet.w = sim.particles().inverseMass;
    sheet.w[7] = sheet.w[8] = 0.0; // two fixed neighbours: their pair is left out
    sheet.width = s.width;
    // Searched as if 8 cm thick: the folds' layers and the sheet's particles two apart
    // (5.3 cm) are within the reach (12 cm).
    sheet.thickness = 0.08;
    SECTION("the folded sheet") { checkDouble(sheet, 20, 2); }
    // Dense grid (2000 particles in a 0.2 m cube: 10^3 cells within 4096 buckets).
    SECTION("a dense cloud") { checkDouble(randomCloud<3>(2000, 0.2, 0.0, 1), 2000, 8, 1000); }
    // Wrapped: 3000 in a 3 m cube at -1 m, the clump, the far ones.
    SECTION("a wrapped cloud with the extremes")
    {
        checkDouble(withExtremes(randomCloud<3>(3000, 3.0, -1.0, 2)), 3000, 64);
    }
}

TEST_CASE("GPU particle pairs: double finds the CPU's pairs in its colour order in 2D",
          "[gpu3d][particle-pairs]")
{
    // Past the first buffers (1000 pairs): grown and run again.
    SECTION("dense") { checkDouble(randomCloud<2>(3000, 0.4, 0.0, 4), 3000, 8, 1000); }
    SECTION("wrapped, with the extremes")
    {
        checkDouble(withExtremes(randomCloud<2>(3000, 30.0, -10.0, 5)), 200, 64);
    }
}

TEST_CASE("GPU particle pairs: float finds every pair within the reach, the same in two runs, "
          "and a colour's pairs share no particle",
          "[gpu3d][particle-pairs]")
{
    // Corners of a float grid: the positions are the same numbers in float and double.
    Cloud<3> c = randomCloud<3>(4000, 0.5, 0.0, 6);
    for (pbd::Vec<3>& p : c.x)
        p = pbd::Vec<3>(glm::vec3(p));
    std::string why;
    auto gpu = pbd::gpu::GpuParticlePairs::create(false, 3, why);
    INFO(why);
    REQUIRE(gpu != nullptr);
    const Found first = deviceSearch(*gpu, c, false);
    const Found second = deviceSearch(*gpu, c, false);
    CHECK(first.starts == second.starts);
    REQUIRE(first.pairs.size() == second.pairs.size());
    bool same = true;
    for (std::size_t k = 0; k < first.pairs.size(); ++k)
        same = same && first.pairs[k].i == second.pairs[k].i && first.pairs[k].j == second.pairs[k].j;
    CHECK(same);
    // Against every pair of the cloud in double: within the reach less a float's rounding all
    // found, none found beyond it plus that.
    const double reach = pbd::detail::kSelfCollisionReach * c.thickness;
    std::set<std::pair<std::uint32_t, std::uint32_t>> got;
    for (const SelfCollisionPair p : first.pairs)
        got.insert({p.i, p.j});
    REQUIRE(got.size() == first.pairs.size());
    std::size_t missed = 0, extra = 0, inside = 0;
    for (std::uint32_t i = 0; i < c.x.size(); ++i)
        for (std::uint32_t j = i + 1; j < c.x.size(); ++j) {
            const int ri = static_cast<int>(i) / c.width, rj = static_cast<int>(j) / c.width;
            const int ci = static_cast<int>(i) % c.width, cj = static_cast<int>(j) % c.width;
            const bool joined = std::abs(ri - rj) <= 1 && std::abs(ci - cj) <= 1;
            const bool fixedBoth = c.w[i] == 0.0 && c.w[j] == 0.0;
            const double d = std::sqrt(pbd::squaredLength(c.x[i] - c.x[j]));
            const bool found = got.count({i, j}) != 0;
            if (!joined && !fixedBoth && d < reach * (1 - 1e-5)) {
                ++inside;
                missed += !found;
            }
            if (found && (joined || fixedBoth || d > reach * (1 + 1e-5)))
                ++extra;
        }
    INFO(first.pairs.size() << " pairs found, " << inside << " well within the reach");
    CHECK(inside > 1000);
    CHECK(missed == 0);
    CHECK(extra == 0);
    // The colours: pairs of a colour but the serial one share no particle.
    bool apart = true;
    for (std::size_t col = 0; col + 1 < first.starts.size(); ++col) {
        if (col == pbd::detail::kSelfCollisionSerialColour)
            continue;
        std::set<std::uint32_t> seen;
        for (std::size_t k = first.starts[col]; k < first.starts[col + 1]; ++k)
            apart = seen.insert(first.pairs[k].i).second && seen.insert(first.pairs[k].j).second &&
                    apart;
    }
    CHECK(apart);
    CHECK(first.starts.back() == first.pairs.size());
}
