// The tether projection four particles at a time with AVX2 on a 2D cloth's x, y pairs: lane
// by lane the operations of projectTethersScalar (no fused multiply-add), so the same bits.
// As the colored kernels, the function carries target("avx2") and runs only where
// cpuHasAvx2() says so.

#include "tethers/tether_projection.h"

#if defined(PBD_HAVE_AVX2_KERNEL)
#include <immintrin.h>
#endif

namespace pbd::detail {

#if defined(PBD_HAVE_AVX2_KERNEL)
__attribute__((target("avx2"))) std::size_t projectTethersAvx2(double* xy, const double* w,
                                                               const Tethers& tethers,
                                                               const double* anchorXY,
                                                               std::size_t begin, std::size_t end)
{
    const auto slots = static_cast<std::size_t>(tethers.slots);
    const std::size_t n = tethers.particles;
    const double* length = tethers.length.data();
    const std::uint32_t* anchor = tethers.anchorOf.data();
    std::size_t i = begin;
    for (; i + 4 <= end; i += 4) {
        double* p = xy + 2 * i;
        const __m256d movable =
            _mm256_cmp_pd(_mm256_loadu_pd(w + i), _mm256_setzero_pd(), _CMP_NEQ_UQ);
        if (_mm256_movemask_pd(movable) == 0)
            continue;
        // (x0 y0 x1 y1), (x2 y2 x3 y3) -> (x0 x1 x2 x3), (y0 y1 y2 y3).
        const __m256d p01 = _mm256_loadu_pd(p);
        const __m256d p23 = _mm256_loadu_pd(p + 4);
        __m256d px = _mm256_permute4x64_pd(_mm256_unpacklo_pd(p01, p23), 0xD8);
        __m256d py = _mm256_permute4x64_pd(_mm256_unpackhi_pd(p01, p23), 0xD8);
        for (std::size_t s = 0; s < slots; ++s) {
            const std::size_t k = s * n + i;
            const __m256d l = _mm256_loadu_pd(length + k);
            const double* a0 = anchorXY + 2 * std::size_t{anchor[k]};
            const double* a1 = anchorXY + 2 * std::size_t{anchor[k + 1]};
            const double* a2 = anchorXY + 2 * std::size_t{anchor[k + 2]};
            const double* a3 = anchorXY + 2 * std::size_t{anchor[k + 3]};
            const __m256d ax = _mm256_set_pd(a3[0], a2[0], a1[0], a0[0]);
            const __m256d ay = _mm256_set_pd(a3[1], a2[1], a1[1], a0[1]);
            const __m256d dx = _mm256_sub_pd(px, ax);
            const __m256d dy = _mm256_sub_pd(py, ay);
            const __m256d d2 = _mm256_add_pd(_mm256_mul_pd(dx, dx), _mm256_mul_pd(dy, dy));
            const __m256d taut =
                _mm256_and_pd(movable, _mm256_cmp_pd(d2, _mm256_mul_pd(l, l), _CMP_GT_OQ));
            if (_mm256_movemask_pd(taut) == 0)
                continue;
            const __m256d d = _mm256_sqrt_pd(d2);
            const __m256d pull = _mm256_and_pd(taut, _mm256_cmp_pd(d, l, _CMP_GT_OQ));
            const __m256d f = _mm256_div_pd(l, d);
            px = _mm256_blendv_pd(px, _mm256_add_pd(ax, _mm256_mul_pd(dx, f)), pull);
            py = _mm256_blendv_pd(py, _mm256_add_pd(ay, _mm256_mul_pd(dy, f)), pull);
        }
        // Back to (x0 y0 x1 y1), (x2 y2 x3 y3); lanes nothing pulled keep their bits.
        const __m256d lo = _mm256_unpacklo_pd(px, py); // x0 y0 x2 y2
        const __m256d hi = _mm256_unpackhi_pd(px, py); // x1 y1 x3 y3
        _mm256_storeu_pd(p, _mm256_permute2f128_pd(lo, hi, 0x20));
        _mm256_storeu_pd(p + 4, _mm256_permute2f128_pd(lo, hi, 0x31));
    }
    return i;
}
#else
std::size_t projectTethersAvx2(double* /*xy*/, const double* /*w*/, const Tethers& /*tethers*/,
                               const double* /*anchorXY*/, std::size_t begin,
                               std::size_t /*end*/)
{
    return begin; // no AVX2 build: all the scalar kernel's
}
#endif

} // namespace pbd::detail
