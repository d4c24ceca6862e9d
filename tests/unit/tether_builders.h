#pragma once
// Builders and checks shared by the tether tests.

#include <algorithm>
#include <vector>

#include <catch2/catch.hpp>
#include <glm/geometric.hpp>

#include "pbd/simulation.h"
#include "sim_builders.h"

namespace tether_test {

using pbd::Index;
using pbd::Settings;
using pbd::Simulation;

inline Settings tethered(int width, int height, pbd::Solver solver = pbd::Solver::Sequential,
                         int threads = 1)
{
    Settings s = pbd::test::clothSettings(width, height);
    s.tethers = true;
    s.solver = solver;
    s.threads = threads;
    return s;
}

/// The largest |x_i - a| - L over every tether of the simulation, in metres (negative when
/// every tether is slack).
inline double worstTether(Simulation& sim)
{
    const pbd::Tethers& t = sim.tethers();
    const auto& x = sim.particles().position;
    double worst = -1e300;
    for (std::size_t s = 0; s < static_cast<std::size_t>(t.slots); ++s)
        for (std::size_t i = 0; i < t.particles; ++i) {
            const std::size_t k = s * t.particles + i;
            if (t.length[k] >= pbd::kNoTether || sim.particles().inverseMass[i] == 0.0)
                continue; // no tether, or held by the pointer where it may be
            const glm::dvec2 a = x[t.anchors[t.anchorOf[k]]];
            worst = std::max(worst, glm::distance(x[i], a) - t.length[k]);
        }
    return worst;
}

struct CentreOfMass {
    glm::dvec2 position{0.0};
    glm::dvec2 velocity{0.0};
};

inline CentreOfMass centreOf(const Simulation& sim, const std::vector<Index>& particles)
{
    CentreOfMass c;
    for (Index i : particles) {
        c.position += sim.particles().position[i];
        c.velocity += sim.particles().velocity[i];
    }
    c.position /= static_cast<double>(particles.size());
    c.velocity /= static_cast<double>(particles.size());
    return c;
}

/// Cuts between rows `row` and `row + 1` along the cloth as it lies now: a knife through the
/// midpoints of the vertical constraints between them.
inline void cutBetweenRows(Simulation& sim, int row)
{
    const int w = sim.settings().width;
    const auto& x = sim.particles().position;
    auto mid = [&](int j) {
        const auto a = static_cast<std::size_t>(row * w + j);
        return 0.5 * (x[a] + x[a + static_cast<std::size_t>(w)]);
    };
    const glm::dvec2 before = mid(0) + (mid(0) - mid(1));
    const glm::dvec2 after = mid(w - 1) + (mid(w - 1) - mid(w - 2));
    sim.cut(before, mid(0));
    for (int j = 0; j + 1 < w; ++j)
        sim.cut(mid(j), mid(j + 1));
    sim.cut(mid(w - 1), after);
}

/// Steps `steps` times and checks that the centre of mass of `piece` follows symplectic
/// Euler under gravity from where it is now: v += h g, x += h v, within 1% of its fall.
inline void checkFreeFall(Simulation& sim, const std::vector<Index>& piece, int steps)
{
    const CentreOfMass start = centreOf(sim, piece);
    const double h = sim.settings().timeStep;
    const double g = sim.settings().gravity;
    glm::dvec2 x = start.position;
    glm::dvec2 v = start.velocity;
    for (int n = 0; n < steps; ++n) {
        sim.step();
        v.y += h * g;
        x += h * v;
    }
    const CentreOfMass end = centreOf(sim, piece);
    const double fall = glm::distance(x, start.position);
    INFO("predicted " << x.x << ", " << x.y << "; simulated " << end.position.x << ", "
                      << end.position.y << "; fall " << fall);
    REQUIRE(fall > 1.0);
    CHECK(glm::distance(end.position, x) < 0.01 * fall);
}

} // namespace tether_test
