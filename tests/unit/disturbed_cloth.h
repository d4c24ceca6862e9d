#pragma once
// A disturbed cloth state that reaches every special case of the solvers' kernels, shared by
// the colored-kernel and XPBD-kernel tests.

#include <cstdint>
#include <cstring>
#include <vector>

#include "pbd/cloth.h"
#include "pbd/simulation.h"

namespace pbd::test {

/// A disturbed cloth: the page's grid with every particle moved a little and given a velocity,
/// masses of 0.5 kg and some of 0.2 and 1.3 kg, a few pinned particles (two of them
/// neighbours, so that some constraints have w_a + w_b = 0) and two coincident neighbours
/// (length below kMinConstraintLength).
inline Particles disturbedCloth(int width, int height)
{
    const pbd::ClothGrid grid = pbd::buildClothGrid(width, height);
    const std::size_t n = grid.positions.size();
    Particles particles;
    particles.position = grid.positions;
    particles.velocity.assign(n, glm::dvec2(0.0));
    particles.inverseMass.assign(n, 2.0);
    particles.mass.assign(n, 0.5);
    particles.flags.assign(n, 0);
    std::uint64_t state = 0x9E3779B97F4A7C15ull + n;
    auto random = [&state] { // in [-1, 1)
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return double(state >> 11) / double(1ull << 52) - 1.0;
    };
    for (std::size_t i = 0; i < n; ++i) {
        particles.position[i] += 0.03 * glm::dvec2(random(), random());
        particles.velocity[i] = glm::dvec2(random(), random());
        if (i % 7 == 3)
            particles.inverseMass[i] = 5.0;
        if (i % 11 == 5)
            particles.inverseMass[i] = 1.0 / 1.3;
    }
    for (std::size_t i : {std::size_t{0}, n / 2, n / 2 + 1, n - 1})
        if (i < n)
            particles.inverseMass[i] = 0.0;
    if (n > 4)
        particles.position[n / 3 + 1] = particles.position[n / 3] + glm::dvec2(1e-4, 0.0);
    particles.stepStart = particles.position;
    return particles;
}

/// Whether two position or velocity arrays hold the same bits.
inline bool bitIdentical(const std::vector<glm::dvec2>& a, const std::vector<glm::dvec2>& b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof a[0]) == 0;
}

} // namespace pbd::test
