// The colored solver's 3D kernels (the SSE2 one, colored_kernels_3d.h, and the AVX2 one,
// colored_kernels_avx2_3d.cpp) against a plain 3D sweep over the grid's sets written out as
// lists, on a cloth out of its plane with pinned particles, coincident particles, uneven
// masses and rows of every length modulo 4; intact and torn, PBD and XPBD with a sized
// cloth's edge springs; for several chunkings and thread counts.

#include <cstdint>
#include <cstring>
#include <map>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "colored/colored_solver.h"
#include "disturbed_cloth.h"
#include "grid_set_builders.h"
#include "kernel_choice.h"
#include "pbd/cloth.h"
#include "step/step_phases.h"

namespace {

using V3 = pbd::Vec<3>;
using Kernel = pbd::ColoredKernel;

/// disturbedCloth() lifted out of its plane: each particle a pseudo-random z in [-0.03,
/// 0.03) m and a z velocity.
pbd::ParticlesOf<3> disturbedCloth3(int width, int height)
{
    const pbd::Particles flat = pbd::test::disturbedCloth(width, height);
    pbd::ParticlesOf<3> p;
    std::uint64_t state = 0x2545F4914F6CDD1Dull;
    auto random = [&state] { // in [-1, 1)
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return double(state >> 11) / double(1ull << 52) - 1.0;
    };
    for (std::size_t i = 0; i < flat.size(); ++i) {
        p.position.push_back(V3(flat.position[i], 0.03 * random()));
        p.velocity.push_back(V3(flat.velocity[i], random()));
    }
    p.stepStart = p.position;
    p.inverseMass = flat.inverseMass;
    p.mass = flat.mass;
    p.flags = flat.flags;
    return p;
}

/// One substep as the colored order defines it, written plainly in 3D (see referenceStep in
/// colored_kernel_test.cpp).
void referenceStep3(pbd::ParticlesOf<3>& p, const pbd::ConstraintSets& sets, double h,
                    double gravity, int iterations, const std::vector<std::uint8_t>* live,
                    double at, const std::vector<double>* ats)
{
    auto& x = p.position;
    for (std::size_t i = 0; i < x.size(); ++i) {
        if (p.inverseMass[i] == 0.0)
            continue;
        p.stepStart[i] = x[i];
        p.velocity[i].y = p.velocity[i].y + h * gravity;
        for (glm::length_t c = 0; c < 3; ++c)
            x[i][c] = x[i][c] + h * p.velocity[i][c];
    }
    std::vector<double> lambda(sets.constraints.size(), 0.0);
    for (int iteration = 0; iteration < iterations; ++iteration)
        pbd::test::referenceSweep(x, p.inverseMass, sets, at, lambda, live, ats);
    const double invH = 1.0 / h;
    for (std::size_t i = 0; i < x.size(); ++i)
        if (p.inverseMass[i] != 0.0)
            p.velocity[i] = invH * (x[i] - p.stepStart[i]);
}

bool same(const std::vector<V3>& a, const std::vector<V3>& b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(V3)) == 0;
}

void checkAgainstPlainSweep3(Kernel kernel)
{
    const double h = 0.005;
    const double gravity = -9.81;
    for (auto [w, hgt] : {std::pair{2, 2}, {5, 3}, {13, 11}, {31, 23}, {64, 40}}) {
        const pbd::ConstraintSets sets = pbd::test::expandGridSets(w, hgt);
        const pbd::ClothGrid grid = pbd::buildClothGrid(w, hgt);
        std::map<std::pair<pbd::Index, pbd::Index>, std::size_t> pageIndex;
        for (std::size_t i = 0; i < grid.constraints.size(); ++i)
            pageIndex[{grid.constraints[i].a, grid.constraints[i].b}] = i;
        for (const bool torn : {false, true}) {
            std::vector<std::uint8_t> alive(grid.constraints.size(), 1);
            std::uint32_t state = 777;
            if (torn)
                for (std::size_t i = 0; i < alive.size(); ++i) {
                    state = state * 1664525u + 1013904223u;
                    alive[i] = (i / 8) % 5 == 0 ? 0 : ((state >> 16) % 3 != 0);
                }
            std::vector<std::uint8_t> live(sets.constraints.size());
            for (std::size_t k = 0; k < live.size(); ++k)
                live[k] = alive[pageIndex.at({sets.constraints[k].a, sets.constraints[k].b})];
            for (const auto& [stiffness, edges] : {std::pair{0.0, false}, {1000.0, false},
                                                  {1000.0, true}}) {
                const double at = pbd::complianceOverStepSquared(stiffness, h);
                const std::vector<double> ats =
                    pbd::test::edgeCompliances(sets, w, hgt, at, edges ? 2.0 * at : at);
                pbd::ParticlesOf<3> expected = disturbedCloth3(w, hgt);
                for (int step = 0; step < 6; ++step)
                    referenceStep3(expected, sets, h, gravity, 3, &live, at, &ats);
                pbd::detail::SubstepParams params;
                params.h = h;
                params.gravity = gravity;
                params.iterations = 3;
                params.alphaTilde = at;
                params.edgeAlphaTilde = edges ? 2.0 * at : 0.0;
                for (int rows : {0, 2, 3}) {
                    for (unsigned threads : {1u, 2u}) {
                        CAPTURE(w, hgt, torn, stiffness, edges, rows, threads);
                        pbd::ParticlesOf<3> particles = disturbedCloth3(w, hgt);
                        pbd::ColoredSolverOf<3> solver(w, hgt, threads, kernel, rows);
                        solver.setLive(alive, 1);
                        for (int step = 0; step < 6; ++step)
                            solver.substep(particles, params, nullptr, nullptr);
                        CHECK(same(particles.position, expected.position));
                        CHECK(same(particles.velocity, expected.velocity));
                    }
                }
            }
        }
    }
}

} // namespace

TEST_CASE("the colored solver's 3D SSE2 kernel does exactly the plain 3D sweep", "[colored]")
{
    checkAgainstPlainSweep3(Kernel::Sse2);
}

TEST_CASE("the colored solver's 3D AVX2 kernel does exactly the plain 3D sweep", "[colored]")
{
    PBD_REQUIRE_AVX2_OR_SKIP();
    checkAgainstPlainSweep3(Kernel::Best);
}
