// The colored solver's AVX2 kernel in 3D and its set sweep: four constraints per iteration,
// lane by lane the scalar kernel's 3D operations (projectConstraint<..., 3>,
// colored_kernel_scalar.h), so the same bits as the SSE2 kernel (colored_kernels_3d.h) and,
// with z = 0, as the 2D kernels. Each function carries target("avx2"), as in
// colored_kernels_avx2.cpp. Private to the core.

#include <cstddef>
#include <cstdint>

#include "colored/colored_kernel_scalar.h"
#include "colored/colored_kernels.h"
#include "colored/colored_kernels_3d.h"
#include "colored/colored_sweep.h"
#include "pbd/distance_constraint.h"

#if defined(PBD_HAVE_AVX2_KERNEL)
#include <immintrin.h>
#endif

namespace pbd {

#if defined(PBD_HAVE_AVX2_KERNEL)
namespace {

/// Two particles' x, y (one 128-bit half each) of a 256-bit register: [x0 y0 | x1 y1].
__attribute__((target("avx2"))) inline __m256d pairOf(const double* p0, const double* p1)
{
    return _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(p0)), _mm_loadu_pd(p1), 1);
}

/// The row's constraints four at a time. The lanes hold constraints k, k + 2, k + 1, k + 3
/// (the order in which unpacking two registers of x, y pairs leaves them: kLanesInterleaved);
/// a particle's x and y load as one pair, its z alone. A group with a lane to skip goes
/// through the scalar kernel, as does the row's last count % 4.
template <std::size_t Stride, bool Compliant, bool Masked>
__attribute__((target("avx2"))) inline void projectRow3Avx2(const RowKernelContext& context)
{
    const RowKernelContext row = context;
    const std::size_t count = row.count;
    double* const p = row.p;
    const double* const w = row.w;
    [[maybe_unused]] double* const lambda = row.lambda;
    [[maybe_unused]] const LiveFlag* const mask = row.mask;
    const __m256d restLength = _mm256_set1_pd(row.rest);
    const __m256d minLength = _mm256_set1_pd(kMinConstraintLength);
    const __m256d zero = _mm256_setzero_pd();
    [[maybe_unused]] const __m256d alpha = _mm256_set1_pd(row.alphaTilde);
    std::size_t k = 0;
    for (; k + 4 <= count; k += 4) {
        const std::size_t a0 = row.a + Stride * k;
        const std::size_t b0 = row.b + Stride * k;
        double* const pa0 = p + 3 * a0;
        double* const pa1 = pa0 + 3 * Stride;
        double* const pa2 = pa1 + 3 * Stride;
        double* const pa3 = pa2 + 3 * Stride;
        double* const pb0 = p + 3 * b0;
        double* const pb1 = pb0 + 3 * Stride;
        double* const pb2 = pb1 + 3 * Stride;
        double* const pb3 = pb2 + 3 * Stride;
        const __m256d a01 = pairOf(pa0, pa1);
        const __m256d a23 = pairOf(pa2, pa3);
        const __m256d b01 = pairOf(pb0, pb1);
        const __m256d b23 = pairOf(pb2, pb3);
        const __m256d ax = _mm256_unpacklo_pd(a01, a23); // lanes 0, 2, 1, 3
        const __m256d ay = _mm256_unpackhi_pd(a01, a23);
        const __m256d bx = _mm256_unpacklo_pd(b01, b23);
        const __m256d by = _mm256_unpackhi_pd(b01, b23);
        const __m256d az = _mm256_set_pd(pa3[2], pa1[2], pa2[2], pa0[2]);
        const __m256d bz = _mm256_set_pd(pb3[2], pb1[2], pb2[2], pb0[2]);
        __m256d wa;
        __m256d wb;
        if constexpr (Stride == 1) { // four in a row, into the lanes' order
            wa = _mm256_permute4x64_pd(_mm256_loadu_pd(w + a0), 0xD8);
            wb = _mm256_permute4x64_pd(_mm256_loadu_pd(w + b0), 0xD8);
        } else {
            wa = _mm256_set_pd(w[a0 + 3 * Stride], w[a0 + Stride], w[a0 + 2 * Stride], w[a0]);
            wb = _mm256_set_pd(w[b0 + 3 * Stride], w[b0 + Stride], w[b0 + 2 * Stride], w[b0]);
        }
        const __m256d dx = _mm256_sub_pd(ax, bx);
        const __m256d dy = _mm256_sub_pd(ay, by);
        const __m256d dz = _mm256_sub_pd(az, bz);
        const __m256d length = _mm256_sqrt_pd(_mm256_add_pd(
            _mm256_add_pd(_mm256_mul_pd(dx, dx), _mm256_mul_pd(dy, dy)), _mm256_mul_pd(dz, dz)));
        const __m256d wSum = _mm256_add_pd(wa, wb);
        const __m256d valid = _mm256_and_pd(_mm256_cmp_pd(length, minLength, _CMP_GT_OQ),
                                            _mm256_cmp_pd(wSum, zero, _CMP_NEQ_UQ));
        if (_mm256_movemask_pd(valid) != 15) {
            for (std::size_t q = k; q < k + 4; ++q)
                projectConstraint<Stride, Compliant, Masked, 3>(row, q);
            continue;
        }
        __m256d numerator = _mm256_sub_pd(restLength, length);
        __m256d denominator;
        __m256d l = zero;
        if constexpr (Compliant) {
            l = _mm256_permute4x64_pd(_mm256_loadu_pd(lambda + k), 0xD8); // 0, 2, 1, 3
            numerator = _mm256_sub_pd(numerator, _mm256_mul_pd(alpha, l));
            denominator = _mm256_mul_pd(length, _mm256_add_pd(wSum, alpha));
        } else {
            denominator = _mm256_mul_pd(length, wSum);
        }
        if constexpr (Masked)
            numerator = _mm256_and_pd(
                numerator, _mm256_load_pd(kLanesInterleaved[mask[k] | (mask[k + 1] << 1) |
                                                            (mask[k + 2] << 2) |
                                                            (mask[k + 3] << 3)]
                                              .lane));
        const __m256d s = _mm256_div_pd(numerator, denominator);
        if constexpr (Compliant)
            _mm256_storeu_pd(lambda + k, _mm256_permute4x64_pd(
                                             _mm256_add_pd(l, _mm256_mul_pd(s, length)), 0xD8));
        const __m256d sa = _mm256_mul_pd(wa, s);
        const __m256d sb = _mm256_mul_pd(wb, s);
        const __m256d nax = _mm256_add_pd(ax, _mm256_mul_pd(sa, dx));
        const __m256d nay = _mm256_add_pd(ay, _mm256_mul_pd(sa, dy));
        const __m256d naz = _mm256_add_pd(az, _mm256_mul_pd(sa, dz));
        const __m256d nbx = _mm256_sub_pd(bx, _mm256_mul_pd(sb, dx));
        const __m256d nby = _mm256_sub_pd(by, _mm256_mul_pd(sb, dy));
        const __m256d nbz = _mm256_sub_pd(bz, _mm256_mul_pd(sb, dz));
        const __m256d na01 = _mm256_unpacklo_pd(nax, nay); // [x0 y0 | x1 y1]
        const __m256d na23 = _mm256_unpackhi_pd(nax, nay); // [x2 y2 | x3 y3]
        const __m256d nb01 = _mm256_unpacklo_pd(nbx, nby);
        const __m256d nb23 = _mm256_unpackhi_pd(nbx, nby);
        const __m128d za02 = _mm256_castpd256_pd128(naz); // [z0 z2]
        const __m128d za13 = _mm256_extractf128_pd(naz, 1);
        const __m128d zb02 = _mm256_castpd256_pd128(nbz);
        const __m128d zb13 = _mm256_extractf128_pd(nbz, 1);
        _mm_storeu_pd(pa0, _mm256_castpd256_pd128(na01));
        _mm_store_sd(pa0 + 2, za02);
        _mm_storeu_pd(pa1, _mm256_extractf128_pd(na01, 1));
        _mm_store_sd(pa1 + 2, za13);
        _mm_storeu_pd(pa2, _mm256_castpd256_pd128(na23));
        _mm_storeh_pd(pa2 + 2, za02);
        _mm_storeu_pd(pa3, _mm256_extractf128_pd(na23, 1));
        _mm_storeh_pd(pa3 + 2, za13);
        _mm_storeu_pd(pb0, _mm256_castpd256_pd128(nb01));
        _mm_store_sd(pb0 + 2, zb02);
        _mm_storeu_pd(pb1, _mm256_extractf128_pd(nb01, 1));
        _mm_store_sd(pb1 + 2, zb13);
        _mm_storeu_pd(pb2, _mm256_castpd256_pd128(nb23));
        _mm_storeh_pd(pb2 + 2, zb02);
        _mm_storeu_pd(pb3, _mm256_extractf128_pd(nb23, 1));
        _mm_storeh_pd(pb3 + 2, zb13);
    }
    for (; k < count; ++k)
        projectConstraint<Stride, Compliant, Masked, 3>(row, k);
}

/// One row with the kernel of its stride, masked when torn.
template <bool Compliant>
__attribute__((target("avx2"))) inline void projectRow3Avx2(const RowKernelContext& row,
                                                            bool torn, bool pairs)
{
    if (torn) {
        if (pairs)
            projectRow3Avx2<2, Compliant, true>(row);
        else
            projectRow3Avx2<1, Compliant, true>(row);
    } else if (pairs) {
        projectRow3Avx2<2, Compliant, false>(row);
    } else {
        projectRow3Avx2<1, Compliant, false>(row);
    }
}

} // namespace

template <bool Compliant>
__attribute__((target("avx2"))) void projectSetRows3Avx2(const SetSweepContext& sweep,
                                                         int rowBegin, int rowEnd)
{
    // The walk of projectSetRows3 (colored_kernels_sse2.cpp), inlined here with these kernels.
    const GridSet& set = *sweep.set;
    const int end = setRowEnd(set, rowEnd);
    const bool edges = Compliant && sweep.edgeAlphaTilde != 0.0;
    for (int i = setRowBegin(set, rowBegin); i < end; i += set.rowStep) {
        const std::size_t r = setRowsBefore(set, i);
        RowKernelContext row = setRow<Compliant>(sweep, i, r);
        if (edges)
            takeEdgeSprings<3>(sweep, i, r, row);
        const bool torn = rowTorn(sweep, r);
        if (torn && row.mask == nullptr) // else takeEdgeSprings() set it
            row.mask = sweep.mask + r * row.count;
        projectRow3Avx2<Compliant>(row, torn, set.columnStep != 1);
    }
}

template void projectSetRows3Avx2<false>(const SetSweepContext&, int, int);
template void projectSetRows3Avx2<true>(const SetSweepContext&, int, int);
#endif

} // namespace pbd
