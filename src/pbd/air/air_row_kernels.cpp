// The air's row loops, scalar and in lanes (see air_row_kernels.h). The AVX2 functions carry
// target("avx2") rather than the file an -mavx2 flag, as in colored_kernels_avx2.cpp: only
// what runs where the CPU has AVX2 is built for it.

#include "air/air_row_kernels.h"

#include <algorithm>
#include <cmath>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace pbd::detail {
namespace {

/// Constraints [first, n) of `r`, one at a time: airForcesOf's operations (air.cpp).
template <bool Removed, bool Gusts>
void forcesScalar(const AirForceRun& r, std::size_t first)
{
    for (std::size_t j = first; j < r.n; ++j) {
        const double dx = r.bx[j] - r.ax[j];
        const double dy = r.by[j] - r.ay[j];
        const double windX = Gusts ? 0.5 * (r.awx[j] + r.bwx[j]) : r.meanWindX;
        const double windY = Gusts ? 0.5 * (r.awy[j] + r.bwy[j]) : r.meanWindY;
        const double relX = windX - 0.5 * (r.avx[j] + r.bvx[j]);
        const double relY = windY - 0.5 * (r.avy[j] + r.bvy[j]);
        const double across = relX * -dy + relY * dx;
        const double lengthSquared = dx * dx + dy * dy;
        // A removed constraint as one too short: no force.
        if ((Removed && r.alive[j * r.stride] == 0) || !(lengthSquared >= 1e-6)) {
            r.fx[j] = 0.0;
            r.fy[j] = 0.0;
            continue;
        }
        const double s = airScale(r.drag, across, r.aw[j] + r.bw[j], lengthSquared, r.cap);
        r.fx[j] = s * -dy;
        r.fy[j] = s * dx;
    }
}

/// Particles [first, n) of `r`, one at a time.
void sumsScalar(const AirSumRun& r, std::size_t first)
{
    for (std::size_t j = first; j < r.n; ++j) {
        double sumX = 0.0;
        double sumY = 0.0;
        for (int t = 0; t < 8; ++t) {
            sumX = sumX + r.termX[t][j];
            sumY = sumY + r.termY[t][j];
        }
        // Half of each constraint's force, over this particle's mass.
        r.out[j] = r.w[j] == 0.0 ? glm::dvec2(0.0)
                                 : glm::dvec2(0.5 * r.w[j] * sumX, 0.5 * r.w[j] * sumY);
    }
}

void loadScalar(const AirLoadRun& r, std::size_t first)
{
    for (std::size_t j = first; j < r.n; ++j) {
        r.px[j] = r.x[j].x;
        r.py[j] = r.x[j].y;
        r.vx[j] = r.w[j] == 0.0 ? 0.0 : r.v[j].x;
        r.vy[j] = r.w[j] == 0.0 ? 0.0 : r.v[j].y;
    }
}

#if defined(__x86_64__)

/// Four particles' (x, y) pairs from `xy` as x0..x3 and y0..y3.
[[gnu::target("avx2")]] inline void splitFour(const double* xy, __m256d& xs, __m256d& ys)
{
    const __m256d first = _mm256_loadu_pd(xy);      // x0 y0 x1 y1
    const __m256d second = _mm256_loadu_pd(xy + 4); // x2 y2 x3 y3
    // (x0 x2 x1 x3), then lanes 0 2 1 3 of it.
    xs = _mm256_permute4x64_pd(_mm256_unpacklo_pd(first, second), 0xd8);
    ys = _mm256_permute4x64_pd(_mm256_unpackhi_pd(first, second), 0xd8);
}

[[gnu::target("avx2")]] void loadAvx2(const AirLoadRun& r)
{
    const __m256d zero = _mm256_setzero_pd();
    if (r.n < 4)
        return loadScalar(r, 0);
    for (std::size_t next = 0; next < r.n; next += 4) {
        // Past the last multiple of four, the last four again (those already done get the
        // same bits again) rather than a scalar tail: the forces' would divide one by one.
        const std::size_t j = std::min(next, r.n - 4);
        __m256d xs, ys, vxs, vys;
        splitFour(&r.x[j].x, xs, ys);
        splitFour(&r.v[j].x, vxs, vys);
        const __m256d moves = _mm256_cmp_pd(_mm256_loadu_pd(r.w + j), zero, _CMP_NEQ_UQ);
        _mm256_storeu_pd(r.px + j, xs);
        _mm256_storeu_pd(r.py + j, ys);
        _mm256_storeu_pd(r.vx + j, _mm256_and_pd(moves, vxs));
        _mm256_storeu_pd(r.vy + j, _mm256_and_pd(moves, vys));
    }
}

// In the lanes, a removed constraint's squared length is ANDed to +0 and every force ANDed
// with the lane's "at least 1 mm" comparison: the +0 that the scalar loop writes. The
// negation -dy is an XOR of the sign bit, as exact as the scalar's.

template <bool Removed, bool Gusts>
void forcesSse2(const AirForceRun& r)
{
    const __m128d half = _mm_set1_pd(0.5);
    const __m128d sign = _mm_set1_pd(-0.0);
    const __m128d drag = _mm_set1_pd(r.drag);
    const __m128d shortest = _mm_set1_pd(1e-6);
    const __m128d limit = _mm_set1_pd(r.cap.limitSquared);
    const __m128d twoH = _mm_set1_pd(r.cap.twoH);
    const __m128d meanX = _mm_set1_pd(r.meanWindX);
    const __m128d meanY = _mm_set1_pd(r.meanWindY);
    std::size_t j = 0;
    for (; j + 2 <= r.n; j += 2) {
        const __m128d dx = _mm_sub_pd(_mm_loadu_pd(r.bx + j), _mm_loadu_pd(r.ax + j));
        const __m128d dy = _mm_sub_pd(_mm_loadu_pd(r.by + j), _mm_loadu_pd(r.ay + j));
        const __m128d windX =
            Gusts ? _mm_mul_pd(half, _mm_add_pd(_mm_loadu_pd(r.awx + j), _mm_loadu_pd(r.bwx + j)))
                  : meanX;
        const __m128d windY =
            Gusts ? _mm_mul_pd(half, _mm_add_pd(_mm_loadu_pd(r.awy + j), _mm_loadu_pd(r.bwy + j)))
                  : meanY;
        const __m128d relX = _mm_sub_pd(
            windX, _mm_mul_pd(half, _mm_add_pd(_mm_loadu_pd(r.avx + j), _mm_loadu_pd(r.bvx + j))));
        const __m128d relY = _mm_sub_pd(
            windY, _mm_mul_pd(half, _mm_add_pd(_mm_loadu_pd(r.avy + j), _mm_loadu_pd(r.bvy + j))));
        const __m128d minusDy = _mm_xor_pd(dy, sign);
        const __m128d across = _mm_add_pd(_mm_mul_pd(relX, minusDy), _mm_mul_pd(relY, dx));
        __m128d lengthSquared = _mm_add_pd(_mm_mul_pd(dx, dx), _mm_mul_pd(dy, dy));
        if (Removed) {
            const std::uint8_t* a = r.alive + j * r.stride;
            lengthSquared = _mm_and_pd(
                lengthSquared, _mm_castsi128_pd(_mm_set_epi64x(-std::int64_t{a[r.stride] != 0},
                                                               -std::int64_t{a[0] != 0})));
        }
        __m128d s = _mm_div_pd(_mm_mul_pd(drag, across), _mm_sqrt_pd(lengthSquared));
        const __m128d wSum = _mm_add_pd(_mm_loadu_pd(r.aw + j), _mm_loadu_pd(r.bw + j));
        const __m128d q = _mm_mul_pd(drag, wSum);
        const __m128d capped = _mm_cmpgt_pd(_mm_mul_pd(_mm_mul_pd(q, q), lengthSquared), limit);
        if (_mm_movemask_pd(capped) != 0) {
            const __m128d held =
                _mm_div_pd(across, _mm_mul_pd(_mm_mul_pd(twoH, wSum), lengthSquared));
            s = _mm_or_pd(_mm_and_pd(capped, held), _mm_andnot_pd(capped, s));
        }
        const __m128d on = _mm_cmpge_pd(lengthSquared, shortest);
        _mm_storeu_pd(r.fx + j, _mm_and_pd(on, _mm_mul_pd(s, minusDy)));
        _mm_storeu_pd(r.fy + j, _mm_and_pd(on, _mm_mul_pd(s, dx)));
    }
    forcesScalar<Removed, Gusts>(r, j);
}

template <bool Removed, bool Gusts>
[[gnu::target("avx2")]] void forcesAvx2(const AirForceRun& r)
{
    const __m256d half = _mm256_set1_pd(0.5);
    const __m256d sign = _mm256_set1_pd(-0.0);
    const __m256d drag = _mm256_set1_pd(r.drag);
    const __m256d shortest = _mm256_set1_pd(1e-6);
    const __m256d limit = _mm256_set1_pd(r.cap.limitSquared);
    const __m256d twoH = _mm256_set1_pd(r.cap.twoH);
    const __m256d meanX = _mm256_set1_pd(r.meanWindX);
    const __m256d meanY = _mm256_set1_pd(r.meanWindY);
    if (r.n < 4)
        return forcesScalar<Removed, Gusts>(r, 0);
    for (std::size_t next = 0; next < r.n; next += 4) {
        // Past the last multiple of four, the last four again (those already done get the
        // same bits again) rather than a scalar tail: the forces' would divide one by one.
        const std::size_t j = std::min(next, r.n - 4);
        const __m256d dx = _mm256_sub_pd(_mm256_loadu_pd(r.bx + j), _mm256_loadu_pd(r.ax + j));
        const __m256d dy = _mm256_sub_pd(_mm256_loadu_pd(r.by + j), _mm256_loadu_pd(r.ay + j));
        const __m256d windX =
            Gusts ? _mm256_mul_pd(half, _mm256_add_pd(_mm256_loadu_pd(r.awx + j),
                                                      _mm256_loadu_pd(r.bwx + j)))
                  : meanX;
        const __m256d windY =
            Gusts ? _mm256_mul_pd(half, _mm256_add_pd(_mm256_loadu_pd(r.awy + j),
                                                      _mm256_loadu_pd(r.bwy + j)))
                  : meanY;
        const __m256d relX = _mm256_sub_pd(
            windX, _mm256_mul_pd(half, _mm256_add_pd(_mm256_loadu_pd(r.avx + j),
                                                     _mm256_loadu_pd(r.bvx + j))));
        const __m256d relY = _mm256_sub_pd(
            windY, _mm256_mul_pd(half, _mm256_add_pd(_mm256_loadu_pd(r.avy + j),
                                                     _mm256_loadu_pd(r.bvy + j))));
        const __m256d minusDy = _mm256_xor_pd(dy, sign);
        const __m256d across =
            _mm256_add_pd(_mm256_mul_pd(relX, minusDy), _mm256_mul_pd(relY, dx));
        __m256d lengthSquared = _mm256_add_pd(_mm256_mul_pd(dx, dx), _mm256_mul_pd(dy, dy));
        if (Removed) {
            const std::uint8_t* a = r.alive + j * r.stride;
            const std::size_t s = r.stride;
            lengthSquared = _mm256_and_pd(
                lengthSquared,
                _mm256_castsi256_pd(_mm256_set_epi64x(
                    -std::int64_t{a[3 * s] != 0}, -std::int64_t{a[2 * s] != 0},
                    -std::int64_t{a[s] != 0}, -std::int64_t{a[0] != 0})));
        }
        __m256d s = _mm256_div_pd(_mm256_mul_pd(drag, across), _mm256_sqrt_pd(lengthSquared));
        const __m256d wSum =
            _mm256_add_pd(_mm256_loadu_pd(r.aw + j), _mm256_loadu_pd(r.bw + j));
        const __m256d q = _mm256_mul_pd(drag, wSum);
        const __m256d capped = _mm256_cmp_pd(
            _mm256_mul_pd(_mm256_mul_pd(q, q), lengthSquared), limit, _CMP_GT_OQ);
        if (_mm256_movemask_pd(capped) != 0) {
            const __m256d held = _mm256_div_pd(
                across, _mm256_mul_pd(_mm256_mul_pd(twoH, wSum), lengthSquared));
            s = _mm256_blendv_pd(s, held, capped);
        }
        const __m256d on = _mm256_cmp_pd(lengthSquared, shortest, _CMP_GE_OQ);
        _mm256_storeu_pd(r.fx + j, _mm256_and_pd(on, _mm256_mul_pd(s, minusDy)));
        _mm256_storeu_pd(r.fy + j, _mm256_and_pd(on, _mm256_mul_pd(s, dx)));
    }
}

void sumsSse2(const AirSumRun& r)
{
    const __m128d half = _mm_set1_pd(0.5);
    const __m128d zero = _mm_setzero_pd();
    std::size_t j = 0;
    for (; j + 2 <= r.n; j += 2) {
        __m128d sumX = zero;
        __m128d sumY = zero;
        for (int t = 0; t < 8; ++t) {
            sumX = _mm_add_pd(sumX, _mm_loadu_pd(r.termX[t] + j));
            sumY = _mm_add_pd(sumY, _mm_loadu_pd(r.termY[t] + j));
        }
        const __m128d w = _mm_loadu_pd(r.w + j);
        const __m128d moves = _mm_cmpneq_pd(w, zero);
        const __m128d halfW = _mm_mul_pd(half, w);
        const __m128d ax = _mm_and_pd(moves, _mm_mul_pd(halfW, sumX));
        const __m128d ay = _mm_and_pd(moves, _mm_mul_pd(halfW, sumY));
        double* out = &r.out[j].x;
        _mm_storeu_pd(out, _mm_unpacklo_pd(ax, ay));
        _mm_storeu_pd(out + 2, _mm_unpackhi_pd(ax, ay));
    }
    sumsScalar(r, j);
}

[[gnu::target("avx2")]] void sumsAvx2(const AirSumRun& r)
{
    const __m256d half = _mm256_set1_pd(0.5);
    const __m256d zero = _mm256_setzero_pd();
    if (r.n < 4)
        return sumsScalar(r, 0);
    for (std::size_t next = 0; next < r.n; next += 4) {
        // Past the last multiple of four, the last four again (those already done get the
        // same bits again) rather than a scalar tail: the forces' would divide one by one.
        const std::size_t j = std::min(next, r.n - 4);
        __m256d sumX = zero;
        __m256d sumY = zero;
        for (int t = 0; t < 8; ++t) {
            sumX = _mm256_add_pd(sumX, _mm256_loadu_pd(r.termX[t] + j));
            sumY = _mm256_add_pd(sumY, _mm256_loadu_pd(r.termY[t] + j));
        }
        const __m256d w = _mm256_loadu_pd(r.w + j);
        const __m256d moves = _mm256_cmp_pd(w, zero, _CMP_NEQ_UQ);
        const __m256d halfW = _mm256_mul_pd(half, w);
        const __m256d ax = _mm256_and_pd(moves, _mm256_mul_pd(halfW, sumX));
        const __m256d ay = _mm256_and_pd(moves, _mm256_mul_pd(halfW, sumY));
        // (x0 y0 x2 y2) and (x1 y1 x3 y3), then their halves in particle order.
        const __m256d even = _mm256_unpacklo_pd(ax, ay);
        const __m256d odd = _mm256_unpackhi_pd(ax, ay);
        double* out = &r.out[j].x;
        _mm256_storeu_pd(out, _mm256_permute2f128_pd(even, odd, 0x20));
        _mm256_storeu_pd(out + 4, _mm256_permute2f128_pd(even, odd, 0x31));
    }
}

#endif

template <bool Removed, bool Gusts>
void forcesOf(const AirForceRun& r, AirLanes lanes)
{
#if defined(__x86_64__)
    if (lanes == AirLanes::Avx2)
        return forcesAvx2<Removed, Gusts>(r);
    if (lanes == AirLanes::Sse2)
        return forcesSse2<Removed, Gusts>(r);
#else
    (void)lanes;
#endif
    forcesScalar<Removed, Gusts>(r, 0);
}

} // namespace

AirLanes bestAirLanes()
{
#if defined(__x86_64__)
    return __builtin_cpu_supports("avx2") ? AirLanes::Avx2 : AirLanes::Sse2;
#else
    return AirLanes::Scalar;
#endif
}

void airForceLanes(const AirForceRun& run, AirLanes lanes)
{
    if (run.alive != nullptr)
        run.gusts ? forcesOf<true, true>(run, lanes) : forcesOf<true, false>(run, lanes);
    else
        run.gusts ? forcesOf<false, true>(run, lanes) : forcesOf<false, false>(run, lanes);
}

void airLoadLanes(const AirLoadRun& run, AirLanes lanes)
{
#if defined(__x86_64__)
    if (lanes == AirLanes::Avx2)
        return loadAvx2(run);
#else
    (void)lanes;
#endif
    loadScalar(run, 0); // SSE2 has no faster way than GCC's code for this loop
}

void airSumLanes(const AirSumRun& run, AirLanes lanes)
{
#if defined(__x86_64__)
    if (lanes == AirLanes::Avx2)
        return sumsAvx2(run);
    if (lanes == AirLanes::Sse2)
        return sumsSse2(run);
#else
    (void)lanes;
#endif
    sumsScalar(run, 0);
}

} // namespace pbd::detail
