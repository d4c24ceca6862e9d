#pragma once
// The per-particle phases of a substep, written once and shared by every solver, so that all
// of them predict, update velocities and damp with the same arithmetic (the page's, for the
// prediction and the velocity update). Private to the core.

#include <algorithm>
#include <cstddef>

#include <glm/vec2.hpp>

#include "cloth/area_constraint.h"
#include "pbd/device/substep_params.h"

namespace pbd::detail {

/// Symplectic Euler prediction for particles [begin, end): v* = v + h g, x* = x + h v*,
/// remembering x as the substep's start. Immovable particles (w = 0) are left alone.
/// With `accel` (the air's, air.h) each particle's is added too: v* = v + h (g + a).
inline void predict(glm::dvec2* x, glm::dvec2* x0, glm::dvec2* v, const double* w, double h,
                    double g, std::size_t begin, std::size_t end,
                    const glm::dvec2* accel = nullptr)
{
    if (accel != nullptr) {
        for (std::size_t i = begin; i < end; ++i) {
            if (w[i] == 0.0)
                continue;
            x0[i] = x[i];
            v[i].x = v[i].x + h * accel[i].x;
            v[i].y = v[i].y + h * (g + accel[i].y);
            x[i].x = x[i].x + h * v[i].x;
            x[i].y = x[i].y + h * v[i].y;
        }
        return;
    }
    for (std::size_t i = begin; i < end; ++i) {
        if (w[i] == 0.0)
            continue;
        x0[i] = x[i];
        v[i].y = v[i].y + h * g;
        x[i].x = x[i].x + h * v[i].x;
        x[i].y = x[i].y + h * v[i].y;
    }
}

/// v = (x - x_start) / h for particles [begin, end), written as the page writes it:
/// (1/h) * (x - x_start); then, when damping d > 0, v *= max(0, 1 - d h) (with d = 0 the
/// velocities are exactly the undamped ones). Immovable particles keep their velocity.
inline void updateVelocities(const glm::dvec2* x, const glm::dvec2* x0, glm::dvec2* v,
                             const double* w, double h, double damping, std::size_t begin,
                             std::size_t end)
{
    const double invH = 1.0 / h;
    for (std::size_t i = begin; i < end; ++i) {
        if (w[i] == 0.0)
            continue;
        v[i] = invH * (x[i] - x0[i]);
    }
    if (damping > 0.0) {
        const double factor = std::max(0.0, 1.0 - damping * h);
        for (std::size_t i = begin; i < end; ++i) {
            if (w[i] == 0.0)
                continue;
            v[i].x = v[i].x * factor;
            v[i].y = v[i].y * factor;
        }
    }
}

} // namespace pbd::detail
