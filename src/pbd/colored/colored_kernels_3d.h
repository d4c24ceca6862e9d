#pragma once
// The colored solver's row kernel in 3D: two constraints per iteration with SSE2, lane by
// lane the scalar kernel's operations in 3D (projectConstraint<..., 3>,
// colored_kernel_scalar.h), so the same bits; off x86-64 the scalar kernel's loop. Positions
// are x, y, z per particle (glm::dvec3), so a particle's x and y load as one pair and its z
// alone. With z = 0 throughout, every lane computes the 2D kernels' x and y bits. Private to
// the core.

#include <cstddef>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "colored/colored_kernel_scalar.h"
#include "colored/colored_kernels.h"
#include "pbd/distance_constraint.h"

namespace pbd {

/// Projects the row's `count` independent constraints (a + Stride k, b + Stride k) in 3D,
/// k = 0 .. count - 1, all of rest length `rest`: one row of a GridSet.
template <std::size_t Stride, bool Compliant, bool Masked>
inline void projectRow3(const RowKernelContext& context)
{
    const RowKernelContext row = context;
    const std::size_t count = row.count;
    std::size_t k = 0;
#if defined(__SSE2__)
    double* const p = row.p;
    const double* const w = row.w;
    const std::size_t a = row.a;
    const std::size_t b = row.b;
    [[maybe_unused]] const double at = row.alphaTilde;
    [[maybe_unused]] double* const lambda = row.lambda;
    [[maybe_unused]] const LiveFlag* const mask = row.mask;
    // As the 2D SSE2 kernel (colored_kernels_sse2.h): one constraint per lane, each
    // coordinate in a register of its own, pairs with a lane to skip through the scalar
    // kernel.
    const __m128d restLength = _mm_set1_pd(row.rest);
    const __m128d minLength = _mm_set1_pd(kMinConstraintLength);
    const __m128d zero = _mm_setzero_pd();
    for (; k + 2 <= count; k += 2) {
        double* const pa0 = p + 3 * (a + Stride * k);
        double* const pa1 = pa0 + 3 * Stride;
        double* const pb0 = p + 3 * (b + Stride * k);
        double* const pb1 = pb0 + 3 * Stride;
        const __m128d xya0 = _mm_loadu_pd(pa0);
        const __m128d xya1 = _mm_loadu_pd(pa1);
        const __m128d xyb0 = _mm_loadu_pd(pb0);
        const __m128d xyb1 = _mm_loadu_pd(pb1);
        const __m128d ax = _mm_unpacklo_pd(xya0, xya1);
        const __m128d ay = _mm_unpackhi_pd(xya0, xya1);
        const __m128d az = _mm_loadh_pd(_mm_load_sd(pa0 + 2), pa1 + 2);
        const __m128d bx = _mm_unpacklo_pd(xyb0, xyb1);
        const __m128d by = _mm_unpackhi_pd(xyb0, xyb1);
        const __m128d bz = _mm_loadh_pd(_mm_load_sd(pb0 + 2), pb1 + 2);
        const std::size_t a0 = a + Stride * k;
        const std::size_t b0 = b + Stride * k;
        __m128d wa;
        __m128d wb;
        if constexpr (Stride == 1) {
            wa = _mm_loadu_pd(w + a0);
            wb = _mm_loadu_pd(w + b0);
        } else {
            wa = _mm_set_pd(w[a0 + Stride], w[a0]);
            wb = _mm_set_pd(w[b0 + Stride], w[b0]);
        }
        const __m128d dx = _mm_sub_pd(ax, bx);
        const __m128d dy = _mm_sub_pd(ay, by);
        const __m128d dz = _mm_sub_pd(az, bz);
        const __m128d length = _mm_sqrt_pd(_mm_add_pd(
            _mm_add_pd(_mm_mul_pd(dx, dx), _mm_mul_pd(dy, dy)), _mm_mul_pd(dz, dz)));
        const __m128d wSum = _mm_add_pd(wa, wb);
        const __m128d valid =
            _mm_and_pd(_mm_cmpgt_pd(length, minLength), _mm_cmpneq_pd(wSum, zero));
        if (_mm_movemask_pd(valid) != 3) {
            projectConstraint<Stride, Compliant, Masked, 3>(row, k);
            projectConstraint<Stride, Compliant, Masked, 3>(row, k + 1);
            continue;
        }
        __m128d numerator = _mm_sub_pd(restLength, length);
        __m128d denominator;
        __m128d l = zero;
        if constexpr (Compliant) {
            const __m128d alpha = _mm_set1_pd(at);
            l = _mm_loadu_pd(lambda + k);
            numerator = _mm_sub_pd(numerator, _mm_mul_pd(alpha, l));
            denominator = _mm_mul_pd(length, _mm_add_pd(wSum, alpha));
        } else {
            denominator = _mm_mul_pd(length, wSum);
        }
        if constexpr (Masked)
            numerator = _mm_and_pd(
                numerator, _mm_load_pd(kLanesInOrder[mask[k] | (mask[k + 1] << 1)].lane));
        const __m128d s = _mm_div_pd(numerator, denominator);
        if constexpr (Compliant)
            _mm_storeu_pd(lambda + k, _mm_add_pd(l, _mm_mul_pd(s, length)));
        const __m128d sa = _mm_mul_pd(wa, s);
        const __m128d sb = _mm_mul_pd(wb, s);
        const __m128d nax = _mm_add_pd(ax, _mm_mul_pd(sa, dx));
        const __m128d nay = _mm_add_pd(ay, _mm_mul_pd(sa, dy));
        const __m128d naz = _mm_add_pd(az, _mm_mul_pd(sa, dz));
        const __m128d nbx = _mm_sub_pd(bx, _mm_mul_pd(sb, dx));
        const __m128d nby = _mm_sub_pd(by, _mm_mul_pd(sb, dy));
        const __m128d nbz = _mm_sub_pd(bz, _mm_mul_pd(sb, dz));
        _mm_storeu_pd(pa0, _mm_unpacklo_pd(nax, nay));
        _mm_store_sd(pa0 + 2, naz);
        _mm_storeu_pd(pa1, _mm_unpackhi_pd(nax, nay));
        _mm_storeh_pd(pa1 + 2, naz);
        _mm_storeu_pd(pb0, _mm_unpacklo_pd(nbx, nby));
        _mm_store_sd(pb0 + 2, nbz);
        _mm_storeu_pd(pb1, _mm_unpackhi_pd(nbx, nby));
        _mm_storeh_pd(pb1 + 2, nbz);
    }
#endif
    for (; k < count; ++k)
        projectConstraint<Stride, Compliant, Masked, 3>(row, k);
}

} // namespace pbd
