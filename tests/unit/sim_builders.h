#pragma once
// Small builders shared by the core's tests.

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
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

/// Whether two arrays (positions, velocities: any plain values) hold the same bits.
template <class T>
bool sameBits(const std::vector<T>& a, const std::vector<T>& b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof a[0]) == 0;
}

/// Whether two simulations' positions hold the same bits.
inline bool samePositions(const Simulation& a, const Simulation& b)
{
    return sameBits(a.particles().position, b.particles().position);
}

/// The total momentum of the cloth's particles and the balls.
inline glm::dvec2 momentum(const Simulation& sim)
{
    glm::dvec2 total(0.0);
    const auto& p = sim.particles();
    for (std::size_t i = 0; i < p.size(); ++i)
        total += p.mass[i] * p.velocity[i];
    for (const Ball& b : sim.balls())
        total += b.mass * b.velocity;
    return total;
}

/// A file's bytes.
inline std::string readText(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
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
