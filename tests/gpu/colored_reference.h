#pragma once
// A plain scalar CPU step in the colored order, written from docs/core-api.md's colored form
// and "the step" (predict, lambda = 0, sweeps over the eight grid sets, velocity, damping),
// in double or float: the cases the core does not run (XPBD, substeps, damping; float), for
// the GPU kernels to match. The step's scalars (h, 1/h, compliance / h^2, the damping factor)
// are computed in double and rounded once to Real, as the GPU solver passes them. Compiled
// with -ffp-contract=off like the core, so that every operation is rounded on its own.

#include <algorithm>
#include <cmath>
#include <vector>

#include <glm/vec2.hpp>

#include "gpu_solver.h"
#include "pbd/device/constraint_coloring.h"
#include "pbd/distance_constraint.h"
#include "pbd/particles.h"

namespace pbd::test {

template <class Real>
struct ReferenceState {
    using Vec = glm::vec<2, Real>;
    std::vector<Vec> position;
    std::vector<Vec> stepStart;
    std::vector<Vec> velocity;
    std::vector<Real> inverseMass;
};

template <class Real>
ReferenceState<Real> toReference(const Particles& s)
{
    ReferenceState<Real> r;
    for (std::size_t i = 0; i < s.position.size(); ++i) {
        r.position.emplace_back(s.position[i]);
        r.stepStart.emplace_back(s.stepStart[i]);
        r.velocity.emplace_back(s.velocity[i]);
        r.inverseMass.push_back(static_cast<Real>(s.inverseMass[i]));
    }
    return r;
}

template <class Real>
Particles fromReference(const ReferenceState<Real>& r)
{
    Particles s;
    for (std::size_t i = 0; i < r.position.size(); ++i) {
        s.position.emplace_back(r.position[i]);
        s.stepStart.emplace_back(r.stepStart[i]);
        s.velocity.emplace_back(r.velocity[i]);
        s.inverseMass.push_back(r.inverseMass[i]);
    }
    return s;
}

template <class Real>
void coloredReferenceStep(ReferenceState<Real>& s, int width, int height,
                          const gpu::GpuStepParameters& p)
{
    const auto sets = clothGridSets(width, height);
    const std::size_t n = s.position.size();
    const double hd = p.settings.timeStep / p.settings.substeps;
    const double alpha = p.settings.stiffness == 0.0 ? 0.0 : 1.0 / p.settings.stiffness;
    const auto h = static_cast<Real>(hd);
    const auto g = static_cast<Real>(p.settings.gravity);
    const auto invH = static_cast<Real>(1.0 / hd);
    const auto at = static_cast<Real>(alpha / (hd * hd));
    const auto f = static_cast<Real>(std::max(0.0, 1.0 - p.settings.damping * hd));
    const auto minLength = static_cast<Real>(kMinConstraintLength);
    std::vector<std::vector<Real>> lambda(sets.size());
    for (int substep = 0; substep < p.settings.substeps; ++substep) {
        for (std::size_t i = 0; i < n; ++i) {
            if (s.inverseMass[i] == Real(0))
                continue;
            s.stepStart[i] = s.position[i];
            s.velocity[i].y = s.velocity[i].y + h * g;
            s.position[i].x = s.position[i].x + h * s.velocity[i].x;
            s.position[i].y = s.position[i].y + h * s.velocity[i].y;
        }
        for (auto& l : lambda)
            l.clear();
        for (int iteration = 0; iteration < p.settings.iterations; ++iteration) {
            for (std::size_t si = 0; si < sets.size(); ++si) {
                const GridSet& set = sets[si];
                const auto rest = static_cast<Real>(set.restLength);
                std::size_t t = 0;
                for (int i = set.firstRow; i < set.rowEnd; i += set.rowStep) {
                    for (int k = 0; k < set.columnCount; ++k, ++t) {
                        const std::size_t base = static_cast<std::size_t>(i) * width +
                                                 set.firstColumn + k * set.columnStep;
                        const std::size_t a = base + set.aOffset;
                        const std::size_t b = base + set.bOffset;
                        if (lambda[si].size() <= t)
                            lambda[si].resize(t + 1, Real(0));
                        const Real wa = s.inverseMass[a];
                        const Real wb = s.inverseMass[b];
                        const Real dx = s.position[a].x - s.position[b].x;
                        const Real dy = s.position[a].y - s.position[b].y;
                        const Real len = std::sqrt(dx * dx + dy * dy);
                        const Real wSum = wa + wb;
                        if (!(len > minLength) || wSum == Real(0))
                            continue;
                        const Real sc = ((rest - len) - at * lambda[si][t]) / (len * (wSum + at));
                        lambda[si][t] = lambda[si][t] + sc * len;
                        const Real sa = wa * sc;
                        const Real sb = wb * sc;
                        s.position[a].x = s.position[a].x + sa * dx;
                        s.position[a].y = s.position[a].y + sa * dy;
                        s.position[b].x = s.position[b].x - sb * dx;
                        s.position[b].y = s.position[b].y - sb * dy;
                    }
                }
            }
        }
        for (std::size_t i = 0; i < n; ++i) {
            if (s.inverseMass[i] == Real(0))
                continue;
            s.velocity[i].x = invH * (s.position[i].x - s.stepStart[i].x);
            s.velocity[i].y = invH * (s.position[i].y - s.stepStart[i].y);
            if (p.settings.damping > 0.0) {
                s.velocity[i].x = s.velocity[i].x * f;
                s.velocity[i].y = s.velocity[i].y * f;
            }
        }
    }
}

} // namespace pbd::test
