#pragma once
// The per-particle phases of a step, shared by the sequential and the colored solver so that
// both predict and update velocities with the page's exact arithmetic. Private to the core.

#include <cstddef>

#include <glm/vec2.hpp>

namespace pbd::detail {

/// Symplectic Euler prediction for particles [begin, end): v* = v + dt g, x* = x + dt v*,
/// remembering x as the step's start. Immovable particles (w = 0) are left alone.
inline void predict(glm::dvec2* x, glm::dvec2* x0, glm::dvec2* v, const double* w, double dt,
                    double g, std::size_t begin, std::size_t end)
{
    for (std::size_t i = begin; i < end; ++i) {
        if (w[i] == 0.0)
            continue;
        x0[i] = x[i];
        v[i].y = v[i].y + dt * g;
        x[i].x = x[i].x + dt * v[i].x;
        x[i].y = x[i].y + dt * v[i].y;
    }
}

/// v = (x - x_start) / dt for particles [begin, end), written as the page writes it:
/// (1/dt) * (x - x_start). Immovable particles keep their velocity.
inline void updateVelocities(const glm::dvec2* x, const glm::dvec2* x0, glm::dvec2* v,
                             const double* w, double dt, std::size_t begin, std::size_t end)
{
    const double invDt = 1.0 / dt;
    for (std::size_t i = begin; i < end; ++i) {
        if (w[i] == 0.0)
            continue;
        v[i] = invDt * (x[i] - x0[i]);
    }
}

} // namespace pbd::detail
