// The gust winds of a row of particles, four to an AVX2 instruction: gustWind()'s operations
// (air.cpp) lane by lane, so the same bits. The lattice values of the cell that the last four
// particles fell in are kept (as cachedNoise() keeps them): four neighbours nearly always
// share a cell 4 m across, and then no hashing is needed; otherwise each lane hashes its
// cell's eight corners in integer lanes (the same unsigned arithmetic as latticeHash()).

#include "air/air_row_kernels.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace pbd::detail {

#if defined(__x86_64__)
namespace {

/// held(): NaN and anything beyond -1e9 to -1e9, anything beyond 1e9 to 1e9.
[[gnu::target("avx2")]] inline __m256d held(__m256d q)
{
    const __m256d far = _mm256_set1_pd(1e9);
    const __m256d nearFar = _mm256_set1_pd(-1e9);
    q = _mm256_blendv_pd(nearFar, q, _mm256_cmp_pd(q, nearFar, _CMP_GT_OQ));
    return _mm256_blendv_pd(far, q, _mm256_cmp_pd(q, far, _CMP_LT_OQ));
}

/// floorHeld(): the floor, +0 where it is -0 (floorHeld's truncation gives +0 there).
[[gnu::target("avx2")]] inline __m256d floorHeld(__m256d q)
{
    return _mm256_add_pd(_mm256_round_pd(q, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC),
                         _mm256_setzero_pd());
}

/// fade(): s s s (s (s 6 - 15) + 10).
[[gnu::target("avx2")]] inline __m256d fade(__m256d s)
{
    const __m256d inner = _mm256_add_pd(
        _mm256_mul_pd(s, _mm256_sub_pd(_mm256_mul_pd(s, _mm256_set1_pd(6.0)),
                                       _mm256_set1_pd(15.0))),
        _mm256_set1_pd(10.0));
    return _mm256_mul_pd(_mm256_mul_pd(_mm256_mul_pd(s, s), s), inner);
}

/// mix(): a + (b - a) s.
[[gnu::target("avx2")]] inline __m256d mix(__m256d a, __m256d b, __m256d s)
{
    return _mm256_add_pd(a, _mm256_mul_pd(_mm256_sub_pd(b, a), s));
}

/// latticeValue() of four lattice points: the two channels.
[[gnu::target("avx2")]] inline void latticeValues(__m128i i, __m128i j, __m128i k, __m256d& a,
                                                  __m256d& b)
{
    __m128i h = _mm_xor_si128(
        _mm_xor_si128(_mm_mullo_epi32(i, _mm_set1_epi32(static_cast<int>(kGustHashI))),
                      _mm_mullo_epi32(j, _mm_set1_epi32(static_cast<int>(kGustHashJ)))),
        _mm_mullo_epi32(k, _mm_set1_epi32(static_cast<int>(kGustHashK))));
    h = _mm_xor_si128(h, _mm_srli_epi32(h, 16));
    h = _mm_mullo_epi32(h, _mm_set1_epi32(static_cast<int>(kGustMix1)));
    h = _mm_xor_si128(h, _mm_srli_epi32(h, 15));
    h = _mm_mullo_epi32(h, _mm_set1_epi32(static_cast<int>(kGustMix2)));
    h = _mm_xor_si128(h, _mm_srli_epi32(h, 16));
    const __m256d middle = _mm256_set1_pd(32767.5);
    const __m256d scale = _mm256_set1_pd(1.0 / 32767.5);
    // Both halves are below 2^16: exact as signed 32-bit integers.
    const __m256d low = _mm256_cvtepi32_pd(_mm_and_si128(h, _mm_set1_epi32(0xffff)));
    const __m256d high = _mm256_cvtepi32_pd(_mm_srli_epi32(h, 16));
    a = _mm256_mul_pd(_mm256_sub_pd(low, middle), scale);
    b = _mm256_mul_pd(_mm256_sub_pd(high, middle), scale);
}

/// The eight corners' two channels, [dk][dj][di], each lane its own cell or all the kept one.
struct Corners {
    __m256d a[2][2][2];
    __m256d b[2][2][2];
};

[[gnu::target("avx2")]] inline void cornersOf(__m128i i, __m128i j, __m128i k, Corners& c)
{
    const __m128i one = _mm_set1_epi32(1);
    for (int dk = 0; dk < 2; ++dk)
        for (int dj = 0; dj < 2; ++dj)
            for (int di = 0; di < 2; ++di)
                latticeValues(di != 0 ? _mm_add_epi32(i, one) : i,
                              dj != 0 ? _mm_add_epi32(j, one) : j,
                              dk != 0 ? _mm_add_epi32(k, one) : k, c.a[dk][dj][di],
                              c.b[dk][dj][di]);
}

} // namespace

[[gnu::target("avx2")]] std::size_t airGustWindsAvx2(const AirParams& params,
                                                      const glm::dvec2* x, std::size_t n,
                                                      double* windX, double* windY)
{
    const glm::dvec2 w = params.wind;
    const double t = params.time;
    const __m256d shiftX = _mm256_set1_pd(w.x * t);
    const __m256d shiftY = _mm256_set1_pd(w.y * t);
    const __m256d perLength = _mm256_set1_pd(1.0 / kGustLength);
    // The time coordinate is every particle's: its cell and fraction once.
    const __m256d qt = held(_mm256_set1_pd(t * (1.0 / kGustPeriod)));
    const __m256d ft = floorHeld(qt);
    const __m256d st = fade(_mm256_sub_pd(qt, ft));
    const __m128i k = _mm256_cvttpd_epi32(ft);
    const __m256d along = _mm256_set1_pd(params.gusts * 0.8);
    const __m256d across = _mm256_set1_pd(params.gusts * 0.6);
    const __m256d wx = _mm256_set1_pd(w.x);
    const __m256d wy = _mm256_set1_pd(w.y);
    Corners kept{};
    __m128i keptI = _mm_setzero_si128();
    __m128i keptJ = _mm_setzero_si128();
    bool haveKept = false;
    std::size_t p = 0;
    for (; p + 4 <= n; p += 4) {
        const __m256d first = _mm256_loadu_pd(&x[p].x);      // x0 y0 x1 y1
        const __m256d second = _mm256_loadu_pd(&x[p + 2].x); // x2 y2 x3 y3
        const __m256d px = _mm256_permute4x64_pd(_mm256_unpacklo_pd(first, second), 0xd8);
        const __m256d py = _mm256_permute4x64_pd(_mm256_unpackhi_pd(first, second), 0xd8);
        const __m256d qx = held(_mm256_mul_pd(_mm256_sub_pd(px, shiftX), perLength));
        const __m256d qy = held(_mm256_mul_pd(_mm256_sub_pd(py, shiftY), perLength));
        const __m256d fx = floorHeld(qx);
        const __m256d fy = floorHeld(qy);
        const __m128i i = _mm256_cvttpd_epi32(fx);
        const __m128i j = _mm256_cvttpd_epi32(fy);
        const __m256d sx = fade(_mm256_sub_pd(qx, fx));
        const __m256d sy = fade(_mm256_sub_pd(qy, fy));
        const bool same =
            haveKept && _mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi32(i, keptI),
                                                        _mm_cmpeq_epi32(j, keptJ))) == 0xffff;
        Corners own;
        const Corners* c = &kept;
        if (!same) {
            cornersOf(i, j, k, own);
            c = &own;
            // Keep the last lane's cell, the next four particles' likeliest.
            keptI = _mm_shuffle_epi32(i, 0xff);
            keptJ = _mm_shuffle_epi32(j, 0xff);
            for (int dk = 0; dk < 2; ++dk)
                for (int dj = 0; dj < 2; ++dj)
                    for (int di = 0; di < 2; ++di) {
                        kept.a[dk][dj][di] = _mm256_permute4x64_pd(own.a[dk][dj][di], 0xff);
                        kept.b[dk][dj][di] = _mm256_permute4x64_pd(own.b[dk][dj][di], 0xff);
                    }
            haveKept = true;
        }
        __m256d plane[2][2];
        for (int dk = 0; dk < 2; ++dk) {
            plane[dk][0] = mix(mix(c->a[dk][0][0], c->a[dk][0][1], sx),
                               mix(c->a[dk][1][0], c->a[dk][1][1], sx), sy);
            plane[dk][1] = mix(mix(c->b[dk][0][0], c->b[dk][0][1], sx),
                               mix(c->b[dk][1][0], c->b[dk][1][1], sx), sy);
        }
        const __m256d noiseA = mix(plane[0][0], plane[1][0], st);
        const __m256d noiseB = mix(plane[0][1], plane[1][1], st);
        // gustWind(): along the wind by 0.8 a g, across it by 0.6 b g.
        const __m256d a = _mm256_mul_pd(along, noiseA);
        const __m256d b = _mm256_mul_pd(across, noiseB);
        _mm256_storeu_pd(windX + p, _mm256_sub_pd(_mm256_add_pd(wx, _mm256_mul_pd(a, wx)),
                                                  _mm256_mul_pd(b, wy)));
        _mm256_storeu_pd(windY + p, _mm256_add_pd(_mm256_add_pd(wy, _mm256_mul_pd(a, wy)),
                                                  _mm256_mul_pd(b, wx)));
    }
    return p;
}
#endif

} // namespace pbd::detail
