#pragma once
// Small builders shared by the core's tests.

#include <cmath>
#include <cstring>
#include <vector>

#include "pbd/simulation.h"

namespace pbd::test {

inline Settings clothSettings(int width, int height, int fixedCount = 2, int iterations = 2)
{
    Settings s;
    s.width = width;
    s.height = height;
    s.fixedCount = fixedCount;
    s.iterations = iterations;
    return s;
}

inline void run(Simulation& simulation, int steps)
{
    for (int i = 0; i < steps; ++i)
        simulation.step();
}

/// Whether two position arrays hold the same bits.
inline bool sameBits(const std::vector<glm::dvec2>& a, const std::vector<glm::dvec2>& b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof a[0]) == 0;
}

/// Whether two simulations' positions hold the same bits.
inline bool samePositions(const Simulation& a, const Simulation& b)
{
    return sameBits(a.particles().position, b.particles().position);
}

inline bool allFinite(const Simulation& simulation)
{
    for (const auto& p : simulation.particles().position)
        if (!std::isfinite(p.x) || !std::isfinite(p.y))
            return false;
    for (const auto& v : simulation.particles().velocity)
        if (!std::isfinite(v.x) || !std::isfinite(v.y))
            return false;
    return true;
}

} // namespace pbd::test
