#pragma once
// The per-particle phases of a substep, written once and shared by every solver, so that all
// of them predict, update velocities and damp with the same arithmetic (the page's, for the
// prediction and the velocity update). Private to the core.

#include <algorithm>
#include <cstddef>

#include <glm/vec2.hpp>

#include "cloth/area_constraint.h"
#include "pbd/device/substep_params.h"
#include "pbd/distance_constraint.h"

namespace pbd::detail {

/// Symplectic Euler prediction for particles [begin, end): v* = v + h g, x* = x + h v*,
/// remembering x as the substep's start. Immovable particles (w = 0) are left alone. Gravity
/// g (m/s^2) acts along y. With `accel` (the air's, air.h) each particle's is added too:
/// v* = v + h (g + a). Written once for D dimensions, each component as the page computes x
/// and y.
template <glm::length_t D>
inline void predict(Vec<D>* x, Vec<D>* x0, Vec<D>* v, const double* w, double h, double g,
                    std::size_t begin, std::size_t end, const Vec<D>* accel = nullptr)
{
    if (accel != nullptr) {
        for (std::size_t i = begin; i < end; ++i) {
            if (w[i] == 0.0)
                continue;
            x0[i] = x[i];
            for (glm::length_t c = 0; c < D; ++c)
                v[i][c] = v[i][c] + h * (c == 1 ? g + accel[i][c] : accel[i][c]);
            for (glm::length_t c = 0; c < D; ++c)
                x[i][c] = x[i][c] + h * v[i][c];
        }
        return;
    }
    for (std::size_t i = begin; i < end; ++i) {
        if (w[i] == 0.0)
            continue;
        x0[i] = x[i];
        v[i].y = v[i].y + h * g;
        for (glm::length_t c = 0; c < D; ++c)
            x[i][c] = x[i][c] + h * v[i][c];
    }
}

/// v = (x - x_start) / h for particles [begin, end), written as the page writes it:
/// (1/h) * (x - x_start); then, when damping d > 0, v *= max(0, 1 - d h) (with d = 0 the
/// velocities are exactly the undamped ones). Immovable particles keep their velocity.
template <glm::length_t D>
inline void updateVelocities(const Vec<D>* x, const Vec<D>* x0, Vec<D>* v, const double* w,
                             double h, double damping, std::size_t begin, std::size_t end)
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
            for (glm::length_t c = 0; c < D; ++c)
                v[i][c] = v[i][c] * factor;
        }
    }
}

} // namespace pbd::detail
