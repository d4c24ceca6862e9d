#pragma once
// The tether projection, written once for the CPU solvers in scalar form, and lane by lane the
// same operations with AVX2 (tether_projection_avx2.cpp); the GPU's kernel (stage 8 of
// shaders/cloth_solver.comp.glsl) does them too. Private to the core.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "colored/colored_kernels.h"
#include "pbd/distance_constraint.h"
#include "pbd/tethers.h"

namespace pbd::detail {

/// The anchors' positions, in Tethers::anchors' order, read once per step: pinned particles
/// do not move during a step, and a copy lets threads read them while others write their own
/// particles.
template <glm::length_t D>
inline void anchorPositions(const Tethers& tethers, const Vec<D>* x, std::vector<Vec<D>>& out)
{
    out.resize(tethers.anchors.size());
    for (std::size_t k = 0; k < tethers.anchors.size(); ++k)
        out[k] = x[tethers.anchors[k]];
}

/// Projects the tethers of particles [begin, end), each particle's slots in order, nearest
/// anchor first [KCM12]: a unilateral constraint C = |x - a| - L <= 0 with the anchor a
/// immovable, so the particle alone moves, onto the sphere around a:
///   d = x - a,  when |d| > L:  x = a + d (L / |d|).
/// |d|^2 = d.x d.x + d.y d.y (+ d.z d.z) is compared with L L first, so that a slack tether
/// costs no square root; then |d| > L decides. Particles that do not move by themselves
/// (w = 0: pinned, grabbed) are left alone. Written once for D dimensions; the tethers'
/// lengths are the rest sheet's, which is flat in any dimension.
template <glm::length_t D>
inline void projectTethersScalar(Vec<D>* x, const double* w, const Tethers& tethers,
                                 const Vec<D>* anchorAt, std::size_t begin, std::size_t end)
{
    const auto slots = static_cast<std::size_t>(tethers.slots);
    const std::size_t n = tethers.particles;
    const double* length = tethers.length.data();
    const std::uint32_t* anchor = tethers.anchorOf.data();
    for (std::size_t i = begin; i < end; ++i) {
        if (w[i] == 0.0)
            continue;
        Vec<D> p = x[i];
        for (std::size_t s = 0; s < slots; ++s) {
            const std::size_t k = s * n + i;
            const Vec<D> a = anchorAt[anchor[k]];
            const Vec<D> d = p - a;
            const double d2 = squaredLength(d);
            const double l = length[k];
            if (!(d2 > l * l))
                continue;
            const double dl = std::sqrt(d2);
            if (!(dl > l))
                continue;
            const double f = l / dl;
            for (glm::length_t c = 0; c < D; ++c)
                p[c] = a[c] + d[c] * f;
        }
        x[i] = p;
    }
}

/// projectTethersScalar four particles at a time with AVX2, the same bits, on a 2D cloth's
/// positions as x, y pairs (`xy`: particle i at xy[2 i], its anchors' at anchorXY[2 k]), for
/// a CPU that has it (cpuHasAvx2()). Does the particles of [begin, end) in fours and returns
/// where it stopped: the rest, fewer than four, are the scalar kernel's.
std::size_t projectTethersAvx2(double* xy, const double* w, const Tethers& tethers,
                               const double* anchorXY, std::size_t begin, std::size_t end);

/// The tether projection with the best kernel this CPU runs (all give the same bits): in 2D
/// four particles at a time where the CPU has AVX2, else (and in 3D) the scalar kernel.
template <glm::length_t D>
inline void projectTethers(Vec<D>* x, const double* w, const Tethers& tethers,
                           const Vec<D>* anchorAt, std::size_t begin, std::size_t end)
{
    if constexpr (D == 2) {
        static_assert(sizeof(Vec<D>) == D * sizeof(double), "x, y pairs");
        if (cpuHasAvx2())
            begin = projectTethersAvx2(reinterpret_cast<double*>(x), w, tethers,
                                       reinterpret_cast<const double*>(anchorAt), begin, end);
    }
    projectTethersScalar(x, w, tethers, anchorAt, begin, end);
}

} // namespace pbd::detail
