#pragma once
// The colored solver's SSE2 row kernel, the x86-64 baseline: two constraints per iteration,
// lane by lane the scalar kernel's operations (colored_kernel_scalar.h), so the same bits;
// off x86-64 the scalar kernel's loop. Inline, so that the SSE2 sweep
// (colored_kernels_sse2.cpp) and the AVX2 kernels, which hand it a row's last constraints
// and the torn rows too short for them, each compile it into their loops. Private to the core.

#include <cstddef>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "colored/colored_kernel_scalar.h"
#include "colored/colored_kernels.h"
#include "pbd/distance_constraint.h"

namespace pbd {

/// Projects the row's `count` independent constraints (a + Stride k, b + Stride k),
/// k = 0 .. count - 1, all of rest length `rest`: one row of a GridSet.
template <std::size_t Stride, bool Compliant, bool Masked>
inline void projectRow(const RowKernelContext& context)
{
    const RowKernelContext row = context;
    const std::size_t count = row.count;
    std::size_t k = 0;
#if defined(__SSE2__)
    double* const p = row.p;
    const double* const w = row.w;
    const std::size_t a = row.a;
    const std::size_t b = row.b;
    const double rest = row.rest;
    [[maybe_unused]] const double at = row.alphaTilde;
    [[maybe_unused]] double* const lambda = row.lambda;
    [[maybe_unused]] const LiveFlag* const mask = row.mask;
    // Two constraints per iteration, one per lane, x and y in separate registers: one packed
    // square root and one packed division serve both, and the corrections need no shuffles
    // until they are stored. Pairs with a lane to skip (a pinned or grabbed particle on both
    // ends, or particles on top of each other) are rare and go through projectConstraint.
    const __m128d restLength = _mm_set1_pd(rest);
    const __m128d minLength = _mm_set1_pd(kMinConstraintLength);
    const __m128d zero = _mm_setzero_pd();
    for (; k + 2 <= count; k += 2) {
        const std::size_t a0 = a + Stride * k;
        const std::size_t b0 = b + Stride * k;
        const __m128d pa0 = _mm_loadu_pd(p + 2 * a0);
        const __m128d pa1 = _mm_loadu_pd(p + 2 * (a0 + Stride));
        const __m128d pb0 = _mm_loadu_pd(p + 2 * b0);
        const __m128d pb1 = _mm_loadu_pd(p + 2 * (b0 + Stride));
        const __m128d ax = _mm_unpacklo_pd(pa0, pa1);
        const __m128d ay = _mm_unpackhi_pd(pa0, pa1);
        const __m128d bx = _mm_unpacklo_pd(pb0, pb1);
        const __m128d by = _mm_unpackhi_pd(pb0, pb1);
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
        const __m128d length = _mm_sqrt_pd(_mm_add_pd(_mm_mul_pd(dx, dx), _mm_mul_pd(dy, dy)));
        const __m128d wSum = _mm_add_pd(wa, wb);
        const __m128d valid =
            _mm_and_pd(_mm_cmpgt_pd(length, minLength), _mm_cmpneq_pd(wSum, zero));
        if (_mm_movemask_pd(valid) != 3) {
            projectConstraint<Stride, Compliant, Masked>(row, k);
            projectConstraint<Stride, Compliant, Masked>(row, k + 1);
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
                numerator,
                _mm_load_pd(kLanesInOrder[mask[k] | (mask[k + 1] << 1)].lane));
        const __m128d s = _mm_div_pd(numerator, denominator);
        if constexpr (Compliant)
            _mm_storeu_pd(lambda + k, _mm_add_pd(l, _mm_mul_pd(s, length)));
        const __m128d sa = _mm_mul_pd(wa, s);
        const __m128d sb = _mm_mul_pd(wb, s);
        const __m128d nax = _mm_add_pd(ax, _mm_mul_pd(sa, dx));
        const __m128d nay = _mm_add_pd(ay, _mm_mul_pd(sa, dy));
        const __m128d nbx = _mm_sub_pd(bx, _mm_mul_pd(sb, dx));
        const __m128d nby = _mm_sub_pd(by, _mm_mul_pd(sb, dy));
        _mm_storeu_pd(p + 2 * a0, _mm_unpacklo_pd(nax, nay));
        _mm_storeu_pd(p + 2 * (a0 + Stride), _mm_unpackhi_pd(nax, nay));
        _mm_storeu_pd(p + 2 * b0, _mm_unpacklo_pd(nbx, nby));
        _mm_storeu_pd(p + 2 * (b0 + Stride), _mm_unpackhi_pd(nbx, nby));
    }
#endif
    for (; k < count; ++k)
        projectConstraint<Stride, Compliant, Masked>(row, k);
}

} // namespace pbd
