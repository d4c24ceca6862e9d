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

/// Four consecutive particles' x, y, z (12 doubles from p) as three registers of the four
/// in index order, by three loads and six shuffles: [x0 y0 z0 x1 | y1 z1 x2 y2 | z2 x3 y3 z3].
struct Xyz {
    __m256d x, y, z;
};

__attribute__((target("avx2"))) inline __m256d halves(const double* lo, const double* hi)
{
    return _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(lo)), _mm_loadu_pd(hi), 1);
}

__attribute__((target("avx2"))) inline Xyz loadFour(const double* p)
{
    const __m256d xy02 = halves(p, p + 6);      // x0 y0 x2 y2
    const __m256d zx = halves(p + 2, p + 8);    // z0 x1 z2 x3
    const __m256d yz13 = halves(p + 4, p + 10); // y1 z1 y3 z3
    return {_mm256_shuffle_pd(xy02, zx, 0b1010), _mm256_shuffle_pd(xy02, yz13, 0b0101),
            _mm256_shuffle_pd(zx, yz13, 0b1010)};
}

/// loadFour's inverse: the four particles' x, y, z back into their 12 doubles.
__attribute__((target("avx2"))) inline void storeFour(double* p, const Xyz& q)
{
    const __m256d xy02 = _mm256_unpacklo_pd(q.x, q.y);      // x0 y0 x2 y2
    const __m256d zx = _mm256_shuffle_pd(q.z, q.x, 0b1010); // z0 x1 z2 x3
    const __m256d yz13 = _mm256_unpackhi_pd(q.y, q.z);      // y1 z1 y3 z3
    _mm_storeu_pd(p, _mm256_castpd256_pd128(xy02));
    _mm_storeu_pd(p + 2, _mm256_castpd256_pd128(zx));
    _mm_storeu_pd(p + 4, _mm256_castpd256_pd128(yz13));
    _mm_storeu_pd(p + 6, _mm256_extractf128_pd(xy02, 1));
    _mm_storeu_pd(p + 8, _mm256_extractf128_pd(zx, 1));
    _mm_storeu_pd(p + 10, _mm256_extractf128_pd(yz13, 1));
}

/// Lanes a of Xyz pairs made of alternating particles (a0 b0 a1 b1, a2 b2 a3 b3): constraints
/// k, k + 2, k + 1, k + 3 (kLanesInterleaved), and their inverse.
__attribute__((target("avx2"))) inline Xyz evens(const Xyz& q01, const Xyz& q23)
{
    return {_mm256_unpacklo_pd(q01.x, q23.x), _mm256_unpacklo_pd(q01.y, q23.y),
            _mm256_unpacklo_pd(q01.z, q23.z)};
}
__attribute__((target("avx2"))) inline Xyz odds(const Xyz& q01, const Xyz& q23)
{
    return {_mm256_unpackhi_pd(q01.x, q23.x), _mm256_unpackhi_pd(q01.y, q23.y),
            _mm256_unpackhi_pd(q01.z, q23.z)};
}

/// The row's constraints four at a time, the particles moved in blocks of four (loadFour).
/// Stride 1 (the vertical and diagonal sets): a's four and b's four each lie in a row, the
/// lanes in index order. Stride 2 (the horizontal sets, b = a + 1): the eight particles
/// a0 b0 ... a3 b3 lie in a row, the lanes in kLanesInterleaved's order. No two constraints
/// of a set share a particle, and the blocks hold only the group's own particles, so the
/// stores write back nothing that another constraint moves. A group with a lane to skip goes
/// through the scalar kernel, as does the row's last count % 4 and a stride-2 row whose b is
/// not a + 1 (no grid set has one).
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
    constexpr bool inOrder = Stride == 1;
    std::size_t k = 0;
    if (Stride == 1 || row.b == row.a + 1)
        for (; k + 4 <= count; k += 4) {
            const std::size_t a0 = row.a + Stride * k;
            const std::size_t b0 = row.b + Stride * k;
            Xyz a;
            Xyz b;
            __m256d wa;
            __m256d wb;
            if constexpr (inOrder) {
                a = loadFour(p + 3 * a0);
                b = loadFour(p + 3 * b0);
                wa = _mm256_loadu_pd(w + a0);
                wb = _mm256_loadu_pd(w + b0);
            } else {
                const Xyz q01 = loadFour(p + 3 * a0);
                const Xyz q23 = loadFour(p + 3 * a0 + 12);
                a = evens(q01, q23);
                b = odds(q01, q23);
                const __m256d w01 = _mm256_loadu_pd(w + a0);
                const __m256d w23 = _mm256_loadu_pd(w + a0 + 4);
                wa = _mm256_unpacklo_pd(w01, w23);
                wb = _mm256_unpackhi_pd(w01, w23);
            }
            const __m256d dx = _mm256_sub_pd(a.x, b.x);
            const __m256d dy = _mm256_sub_pd(a.y, b.y);
            const __m256d dz = _mm256_sub_pd(a.z, b.z);
            const __m256d length = _mm256_sqrt_pd(
                _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(dx, dx), _mm256_mul_pd(dy, dy)),
                              _mm256_mul_pd(dz, dz)));
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
                l = _mm256_loadu_pd(lambda + k);
                if constexpr (!inOrder)
                    l = _mm256_permute4x64_pd(l, 0xD8); // 0, 2, 1, 3
                numerator = _mm256_sub_pd(numerator, _mm256_mul_pd(alpha, l));
                denominator = _mm256_mul_pd(length, _mm256_add_pd(wSum, alpha));
            } else {
                denominator = _mm256_mul_pd(length, wSum);
            }
            if constexpr (Masked) {
                const std::size_t pattern =
                    mask[k] | (mask[k + 1] << 1) | (mask[k + 2] << 2) | (mask[k + 3] << 3);
                numerator = _mm256_and_pd(
                    numerator, _mm256_load_pd(inOrder ? kLanesInOrder[pattern].lane
                                                      : kLanesInterleaved[pattern].lane));
            }
            const __m256d s = _mm256_div_pd(numerator, denominator);
            if constexpr (Compliant) {
                __m256d next = _mm256_add_pd(l, _mm256_mul_pd(s, length));
                if constexpr (!inOrder)
                    next = _mm256_permute4x64_pd(next, 0xD8);
                _mm256_storeu_pd(lambda + k, next);
            }
            const __m256d sa = _mm256_mul_pd(wa, s);
            const __m256d sb = _mm256_mul_pd(wb, s);
            a = {_mm256_add_pd(a.x, _mm256_mul_pd(sa, dx)), _mm256_add_pd(a.y, _mm256_mul_pd(sa, dy)),
                 _mm256_add_pd(a.z, _mm256_mul_pd(sa, dz))};
            b = {_mm256_sub_pd(b.x, _mm256_mul_pd(sb, dx)), _mm256_sub_pd(b.y, _mm256_mul_pd(sb, dy)),
                 _mm256_sub_pd(b.z, _mm256_mul_pd(sb, dz))};
            if constexpr (inOrder) {
                storeFour(p + 3 * a0, a);
                storeFour(p + 3 * b0, b);
            } else { // evens/odds' inverse: a0 b0 a1 b1 and a2 b2 a3 b3 again
                storeFour(p + 3 * a0, evens(a, b));
                storeFour(p + 3 * a0 + 12, odds(a, b));
            }
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
