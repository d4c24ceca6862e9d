#include "colored_solver.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__)
#include <immintrin.h>
#define PBD_HAVE_AVX2_KERNEL 1
#endif

#include "area_constraint.h"
#include "pbd/distance_constraint.h"
#include "pbd/settings.h"
#include "step_phases.h"

namespace pbd {
namespace {

/// Particles per chunk of rows: enough work per phase (microseconds) to hide the scheduling,
/// few enough that a chunk's rows stay in cache between phases. Smaller chunks make more of
/// them, down to kMinChunkParticles, to give each thread kChunksPerThread: spare chunks let a
/// thread take over the work of one that another process preempted.
constexpr int kChunkParticles = 8192;
constexpr int kMinChunkParticles = 2048;
constexpr int kChunksPerThread = 4;

/// p + k where the kernel uses the array, else nullptr (the array may not exist).
template <bool Used, typename T>
inline T* offset(T* p, std::size_t k)
{
    if constexpr (Used)
        return p + k;
    else
        return nullptr;
}

/// p advanced by `bytes` bytes: lets a kernel address doubles by an index it already holds
/// scaled (a list entry of 2k or 4k), so that the address needs no shift of the index.
template <typename T>
inline T* atByte(T* p, std::size_t bytes)
{
    using Byte = std::conditional_t<std::is_const_v<T>, const char, char>;
    return reinterpret_cast<T*>(reinterpret_cast<Byte*>(p) + bytes);
}

/// A removed constraint's flag byte is 0, a live one's 1: one byte per constraint (a quarter
/// of the memory traffic of a double per constraint, which made a torn cloth slower than an
/// intact one). The scalar kernel skips a removed constraint; the lane kernels AND the
/// numerator of s with all-ones (live) or all-zeros (removed), so that a removed lane's s is
/// +0 and moves nothing (the AND, unlike a multiplication of s, stays off the square root's
/// and the division's dependency chain). With AVX2, torn rows are listed instead (see
/// projectRows): a horizontal set's by its live constraints, since its dense loads hold one
/// constraint each, so that a removed constraint costs nothing; the other sets' by windows
/// of four that skip runs of removed constraints, since their loads hold neighbours.
using LiveFlag = std::uint8_t;

/// Four lanes' masks (all bits set: live; none: removed) for a pattern of four live flags.
struct alignas(32) LaneMasks {
    double lane[4];
};

/// masks[pattern].lane[i] = all ones if bit order[i] of pattern is set, else +0.
constexpr std::array<LaneMasks, 16> laneMaskTable(std::array<int, 4> order)
{
    std::array<LaneMasks, 16> table{};
    for (int pattern = 0; pattern < 16; ++pattern)
        for (int i = 0; i < 4; ++i)
            table[static_cast<std::size_t>(pattern)].lane[i] = std::bit_cast<double>(
                ((pattern >> order[i]) & 1) != 0 ? ~std::uint64_t{0} : std::uint64_t{0});
    return table;
}

/// Lanes in constraint order (k, k + 1, k + 2, k + 3).
constexpr std::array<LaneMasks, 16> kLanesInOrder = laneMaskTable({0, 1, 2, 3});
/// Lanes in the order (k, k + 2, k + 1, k + 3) of projectFourAvx2's unpacked registers.
constexpr std::array<LaneMasks, 16> kLanesInterleaved = laneMaskTable({0, 2, 1, 3});

/// A window's list entry (see projectRowWindowsAvx2): two words, 2k and the byte offset of
/// its pattern's lane masks in kLanesInterleaved, so that the kernel needs no arithmetic to
/// find its addresses (2k doubles into the positions, 2k * 4 bytes into the inverse masses
/// and multipliers) or its masks.
constexpr std::size_t kWindowWords = 2;
static_assert(sizeof(LaneMasks) == 32, "a pattern's masks lie 32 times the pattern in");

/// Whether constraint k is live.
inline bool isLive(const LiveFlag* flags) { return *flags != 0; }

/// One distance projection [MHHR06, BMM17] with |grad C| = |n| = 1 taken exactly, which
/// saves the page's two divisions by the length:
///   C = L - d,  L = |x_a - x_b|,  s = (d - L) / (L (w_a + w_b)),
///   dx_a = +w_a s (x_a - x_b),   dx_b = -w_b s (x_a - x_b).
/// Skipped (positions untouched) when L <= kMinConstraintLength or w_a + w_b = 0, as the
/// sequential kernel does. `p` holds x, y of each particle; the SSE2 path of projectRow
/// computes exactly these operations lane by lane, so it gives the same bits.
/// Compliant: the XPBD form [MMC16] with at = compliance / h^2 and the constraint's
/// multiplier *lambda: s = ((d - L) - at lambda) / (L (w_a + w_b + at)), lambda += s L (with
/// at = 0 and lambda = 0 exactly the PBD s above). Masked: a removed constraint (*mask's
/// bit 0 clear) is skipped.
template <bool Compliant, bool Masked>
inline void projectOne(double* p, const double* w, std::size_t a, std::size_t b, double rest,
                       double at, double* lambda, const LiveFlag* mask)
{
    if constexpr (Masked)
        if (!isLive(mask))
            return;
    const double xa = p[2 * a];
    const double ya = p[2 * a + 1];
    const double xb = p[2 * b];
    const double yb = p[2 * b + 1];
    const double wa = w[a];
    const double wb = w[b];
    const double dx = xa - xb;
    const double dy = ya - yb;
    const double length = std::sqrt(dx * dx + dy * dy);
    const double wSum = wa + wb;
    if (!(length > kMinConstraintLength) || wSum == 0.0)
        return;
    double s;
    if constexpr (Compliant)
        s = ((rest - length) - at * *lambda) / (length * (wSum + at));
    else
        s = (rest - length) / (length * wSum);
    if constexpr (Compliant)
        *lambda = *lambda + s * length;
    const double sa = wa * s;
    const double sb = wb * s;
    p[2 * a] = xa + sa * dx;
    p[2 * a + 1] = ya + sa * dy;
    p[2 * b] = xb - sb * dx;
    p[2 * b + 1] = yb - sb * dy;
}

/// Projects `count` independent constraints (a + Stride k, b + Stride k), k = 0 .. count - 1,
/// all of rest length `rest`: one row of a GridSet.
template <std::size_t Stride, bool Compliant, bool Masked>
void projectRow(double* p, const double* w, std::size_t a, std::size_t b, std::size_t count,
                double rest, double at, double* lambda, const LiveFlag* mask)
{
    std::size_t k = 0;
#if defined(__SSE2__)
    // Two constraints per iteration, one per lane, x and y in separate registers: one packed
    // square root and one packed division serve both, and the corrections need no shuffles
    // until they are stored. Pairs with a lane to skip (a pinned or grabbed particle on both
    // ends, or particles on top of each other) are rare and go through projectOne.
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
            projectOne<Compliant, Masked>(p, w, a0, b0, rest, at, offset<Compliant>(lambda, k),
                                          offset<Masked>(mask, k));
            projectOne<Compliant, Masked>(p, w, a0 + Stride, b0 + Stride, rest, at,
                                          offset<Compliant>(lambda, k + 1),
                                          offset<Masked>(mask, k + 1));
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
        projectOne<Compliant, Masked>(p, w, a + Stride * k, b + Stride * k, rest, at,
                                      offset<Compliant>(lambda, k), offset<Masked>(mask, k));
}

#if defined(PBD_HAVE_AVX2_KERNEL)
/// Four projections at once, lane by lane the same operations as projectOne (so the same
/// bits): the new positions of the four (a, b) pairs. Returns false, writing nothing, when a
/// lane must be skipped (too short, or both particles immovable); the caller then projects
/// those four one by one.
template <bool Compliant, bool Masked>
__attribute__((target("avx2"))) inline bool
projectLanesAvx2(__m256d ax, __m256d ay, __m256d bx, __m256d by, __m256d wa, __m256d wb,
                 double rest, double at, __m256d& lambda, __m256d mask, __m256d& nax,
                 __m256d& nay, __m256d& nbx, __m256d& nby)
{
    const __m256d dx = _mm256_sub_pd(ax, bx);
    const __m256d dy = _mm256_sub_pd(ay, by);
    const __m256d length =
        _mm256_sqrt_pd(_mm256_add_pd(_mm256_mul_pd(dx, dx), _mm256_mul_pd(dy, dy)));
    const __m256d wSum = _mm256_add_pd(wa, wb);
    const __m256d valid =
        _mm256_and_pd(_mm256_cmp_pd(length, _mm256_set1_pd(kMinConstraintLength), _CMP_GT_OQ),
                      _mm256_cmp_pd(wSum, _mm256_setzero_pd(), _CMP_NEQ_UQ));
    if (_mm256_movemask_pd(valid) != 0xF)
        return false;
    __m256d numerator = _mm256_sub_pd(_mm256_set1_pd(rest), length);
    __m256d denominator;
    if constexpr (Compliant) {
        const __m256d alpha = _mm256_set1_pd(at);
        numerator = _mm256_sub_pd(numerator, _mm256_mul_pd(alpha, lambda));
        denominator = _mm256_mul_pd(length, _mm256_add_pd(wSum, alpha));
    } else {
        denominator = _mm256_mul_pd(length, wSum);
    }
    if constexpr (Masked)
        numerator = _mm256_and_pd(numerator, mask);
    const __m256d s = _mm256_div_pd(numerator, denominator);
    if constexpr (Compliant)
        lambda = _mm256_add_pd(lambda, _mm256_mul_pd(s, length));
    const __m256d sa = _mm256_mul_pd(wa, s);
    const __m256d sb = _mm256_mul_pd(wb, s);
    nax = _mm256_add_pd(ax, _mm256_mul_pd(sa, dx));
    nay = _mm256_add_pd(ay, _mm256_mul_pd(sa, dy));
    nbx = _mm256_sub_pd(bx, _mm256_mul_pd(sb, dx));
    nby = _mm256_sub_pd(by, _mm256_mul_pd(sb, dy));
    return true;
}

/// Four neighbouring constraints of a row of projectRow<1>'s form at once: pa, pb point to
/// the x of their first particles a, b (the others follow), wa, wb to those particles'
/// inverse masses, lambda to the first constraint's multiplier (Compliant). Lane by lane the
/// same operations as projectOne, so the same bits. Positions are loaded two particles per
/// register; the unpacks put the lanes in the order (0, 2, 1, 3), and vpermpd puts the
/// inverse masses (and multipliers) in that order too. Masked: a lane whose `mask` lane (in
/// that order) is +0 moves nothing. Returns false, having written nothing, as
/// projectLanesAvx2 does.
template <bool Compliant, bool Masked>
__attribute__((target("avx2"))) inline bool
projectFourAvx2(double* pa, double* pb, const double* wa, const double* wb, double* lambda,
                double rest, double at, __m256d mask)
{
    const __m256d a01 = _mm256_loadu_pd(pa);
    const __m256d a23 = _mm256_loadu_pd(pa + 4);
    const __m256d b01 = _mm256_loadu_pd(pb);
    const __m256d b23 = _mm256_loadu_pd(pb + 4);
    const __m256d ax = _mm256_unpacklo_pd(a01, a23);
    const __m256d ay = _mm256_unpackhi_pd(a01, a23);
    const __m256d bx = _mm256_unpacklo_pd(b01, b23);
    const __m256d by = _mm256_unpackhi_pd(b01, b23);
    const __m256d inverseA = _mm256_permute4x64_pd(_mm256_loadu_pd(wa), 0xD8);
    const __m256d inverseB = _mm256_permute4x64_pd(_mm256_loadu_pd(wb), 0xD8);
    __m256d nax, nay, nbx, nby;
    __m256d l = _mm256_setzero_pd();
    if constexpr (Compliant)
        l = _mm256_permute4x64_pd(_mm256_loadu_pd(lambda), 0xD8);
    if (!projectLanesAvx2<Compliant, Masked>(ax, ay, bx, by, inverseA, inverseB, rest, at, l,
                                             mask, nax, nay, nbx, nby))
        return false;
    if constexpr (Compliant)
        _mm256_storeu_pd(lambda, _mm256_permute4x64_pd(l, 0xD8));
    _mm256_storeu_pd(pa, _mm256_unpacklo_pd(nax, nay));
    _mm256_storeu_pd(pa + 4, _mm256_unpackhi_pd(nax, nay));
    _mm256_storeu_pd(pb, _mm256_unpacklo_pd(nbx, nby));
    _mm256_storeu_pd(pb + 4, _mm256_unpackhi_pd(nbx, nby));
    return true;
}

/// projectRow<1> with four constraints per iteration, for CPUs with AVX2: the square root
/// and division units take four lanes at about the cost of two, which halves the time of the
/// loop's bottleneck. Intact rows only: torn ones take projectRowWindowsAvx2.
template <bool Compliant>
__attribute__((target("avx2"))) void projectRowAvx2(double* p, const double* w, std::size_t a,
                                                    std::size_t b, std::size_t count,
                                                    double rest, double at, double* lambda)
{
    std::size_t k = 0;
    for (; k + 4 <= count; k += 4)
        if (!projectFourAvx2<Compliant, false>(p + 2 * (a + k), p + 2 * (b + k), w + a + k,
                                               w + b + k, offset<Compliant>(lambda, k), rest,
                                               at, _mm256_setzero_pd()))
            for (std::size_t q = k; q < k + 4; ++q)
                projectOne<Compliant, false>(p, w, a + q, b + q, rest, at,
                                             offset<Compliant>(lambda, q), nullptr);
    projectRow<1, Compliant, false>(p, w, a + k, b + k, count - k, rest, at,
                                    offset<Compliant>(lambda, k), nullptr);
}

/// projectRowAvx2 on a torn row's windows of four constraints alone. Each window k .. k + 3
/// (so 4 <= count) has an entry (see kWindowWords) with its pattern, bit i set when
/// constraint k + i is live. Each window starts at a live constraint not yet covered (the
/// last one ends at the row's end instead), so they cover every live constraint once and
/// runs of removed ones between them cost nothing: with 30% removed at random, 9% fewer
/// groups than the dense kernel's. A removed constraint inside a window is masked. The same
/// bits as projectOne on each live constraint.
template <bool Compliant>
__attribute__((target("avx2"))) void
projectRowWindowsAvx2(double* p, const double* w, std::size_t a, std::size_t b,
                      const std::uint32_t* windows, std::size_t n, double rest, double at,
                      double* lambda)
{
    double* rowA = p + 2 * a;
    double* rowB = p + 2 * b;
    // Opaque to the optimizer, so that it addresses the rows as rowA + 2k rather than as
    // p + (2a + 2k), which cost three more instructions per window.
    __asm__("" : "+r"(rowA), "+r"(rowB));
    const double* const rowWA = w + a;
    const double* const rowWB = w + b;
    const std::uint32_t* const end = windows + kWindowWords * n;
    for (const std::uint32_t* entry = windows; entry != end; entry += kWindowWords) {
        const std::size_t twoK = entry[0];
        const std::size_t maskOffset = entry[1];
        const __m256d mask = _mm256_load_pd(atByte(kLanesInterleaved.data(), maskOffset)->lane);
        double* l = nullptr;
        if constexpr (Compliant)
            l = atByte(lambda, 4 * twoK);
        if (!projectFourAvx2<Compliant, true>(rowA + twoK, rowB + twoK, atByte(rowWA, 4 * twoK),
                                              atByte(rowWB, 4 * twoK), l, rest, at, mask)) {
            const std::size_t k = twoK / 2;
            const std::size_t pattern = maskOffset / sizeof(LaneMasks);
            for (std::size_t q = 0; q < 4; ++q)
                if (((pattern >> q) & 1u) != 0)
                    projectOne<Compliant, false>(p, w, a + k + q, b + k + q, rest, at,
                                                 offset<Compliant>(lambda, k + q), nullptr);
        }
    }
}

/// Four constraints of a horizontal set at once: q0 .. q3 point to each one's x_a, y_a, x_b,
/// y_b (one register load each; a 4 x 4 transpose gives natural lane order), w01 holds
/// w_a, w_b of constraints 0 and 1, w23 those of 2 and 3. Writes the new positions (and
/// multipliers, in l) and returns true, or returns false having written nothing, as
/// projectLanesAvx2 does. Unmasked: a torn row of these sets is listed instead.
template <bool Compliant>
__attribute__((target("avx2"))) inline bool
projectFourPairsAvx2(double* q0, double* q1, double* q2, double* q3, __m256d w01, __m256d w23,
                     double rest, double at, __m256d& l)
{
    const __m256d c0 = _mm256_loadu_pd(q0); // xa0 ya0 xb0 yb0
    const __m256d c1 = _mm256_loadu_pd(q1);
    const __m256d c2 = _mm256_loadu_pd(q2);
    const __m256d c3 = _mm256_loadu_pd(q3);
    const __m256d x01 = _mm256_unpacklo_pd(c0, c1); // xa0 xa1 xb0 xb1
    const __m256d y01 = _mm256_unpackhi_pd(c0, c1);
    const __m256d x23 = _mm256_unpacklo_pd(c2, c3);
    const __m256d y23 = _mm256_unpackhi_pd(c2, c3);
    const __m256d ax = _mm256_permute2f128_pd(x01, x23, 0x20);
    const __m256d bx = _mm256_permute2f128_pd(x01, x23, 0x31);
    const __m256d ay = _mm256_permute2f128_pd(y01, y23, 0x20);
    const __m256d by = _mm256_permute2f128_pd(y01, y23, 0x31);
    const __m256d wa = _mm256_permute4x64_pd(_mm256_unpacklo_pd(w01, w23), 0xD8);
    const __m256d wb = _mm256_permute4x64_pd(_mm256_unpackhi_pd(w01, w23), 0xD8);
    __m256d nax, nay, nbx, nby;
    if (!projectLanesAvx2<Compliant, false>(ax, ay, bx, by, wa, wb, rest, at, l,
                                            _mm256_setzero_pd(), nax, nay, nbx, nby))
        return false;
    const __m256d nx01 = _mm256_permute2f128_pd(nax, nbx, 0x20);
    const __m256d nx23 = _mm256_permute2f128_pd(nax, nbx, 0x31);
    const __m256d ny01 = _mm256_permute2f128_pd(nay, nby, 0x20);
    const __m256d ny23 = _mm256_permute2f128_pd(nay, nby, 0x31);
    _mm256_storeu_pd(q0, _mm256_unpacklo_pd(nx01, ny01));
    _mm256_storeu_pd(q1, _mm256_unpackhi_pd(nx01, ny01));
    _mm256_storeu_pd(q2, _mm256_unpacklo_pd(nx23, ny23));
    _mm256_storeu_pd(q3, _mm256_unpackhi_pd(nx23, ny23));
    return true;
}

/// The horizontal sets with AVX2: constraints (a + 2k, a + 2k + 1), so each register load
/// holds one constraint's two particles. Intact rows only: torn ones take
/// projectPairListAvx2.
template <bool Compliant>
__attribute__((target("avx2"))) void projectPairsAvx2(double* p, const double* w,
                                                      std::size_t a, std::size_t count,
                                                      double rest, double at, double* lambda)
{
    std::size_t k = 0;
    for (; k + 4 <= count; k += 4) {
        double* q = p + 2 * (a + 2 * k);
        __m256d l = _mm256_setzero_pd();
        if constexpr (Compliant)
            l = _mm256_loadu_pd(lambda + k);
        if (!projectFourPairsAvx2<Compliant>(q, q + 4, q + 8, q + 12,
                                             _mm256_loadu_pd(w + a + 2 * k),
                                             _mm256_loadu_pd(w + a + 2 * k + 4), rest, at, l)) {
            for (std::size_t r = k; r < k + 4; ++r)
                projectOne<Compliant, false>(p, w, a + 2 * r, a + 2 * r + 1, rest, at,
                                             offset<Compliant>(lambda, r), nullptr);
            continue;
        }
        if constexpr (Compliant)
            _mm256_storeu_pd(lambda + k, l);
    }
    projectRow<2, Compliant, false>(p, w, a + 2 * k, a + 2 * k + 1, count - k, rest, at,
                                    offset<Compliant>(lambda, k), nullptr);
}

/// projectPairsAvx2 on the listed constraints of a torn row alone, so that a removed
/// constraint costs nothing: each register load still holds one constraint's two particles,
/// as in the dense kernel; only the addresses come from the list. `offsets` holds 4k for
/// each live constraint k: its particles' x, y are p[2a + 4k .. + 4) and their inverse
/// masses w[a + 2k], w[a + 2k + 1], so both addresses take no arithmetic. The same bits as
/// projectOne on each listed constraint.
template <bool Compliant>
__attribute__((target("avx2"))) void
projectPairListAvx2(double* p, const double* w, std::size_t a, const std::uint32_t* offsets,
                    std::size_t n, double rest, double at, double* lambda)
{
    double* const row = p + 2 * a;
    const double* const rowW = w + a;
    // Constraint k's inverse masses are 2k doubles into rowW (4 * 4k bytes), its multiplier
    // k doubles into lambda (2 * 4k bytes).
    std::size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        const std::size_t o0 = offsets[i];
        const std::size_t o1 = offsets[i + 1];
        const std::size_t o2 = offsets[i + 2];
        const std::size_t o3 = offsets[i + 3];
        __m256d l = _mm256_setzero_pd();
        if constexpr (Compliant)
            l = _mm256_set_pd(*atByte(lambda, 2 * o3), *atByte(lambda, 2 * o2),
                              *atByte(lambda, 2 * o1), *atByte(lambda, 2 * o0));
        if (!projectFourPairsAvx2<Compliant>(
                row + o0, row + o1, row + o2, row + o3,
                _mm256_loadu2_m128d(atByte(rowW, 4 * o1), atByte(rowW, 4 * o0)),
                _mm256_loadu2_m128d(atByte(rowW, 4 * o3), atByte(rowW, 4 * o2)), rest, at, l)) {
            for (const std::size_t o : {o0, o1, o2, o3})
                projectOne<Compliant, false>(p, w, a + o / 2, a + o / 2 + 1, rest, at,
                                             offset<Compliant>(lambda, o / 4), nullptr);
            continue;
        }
        if constexpr (Compliant) {
            alignas(32) double updated[4];
            _mm256_store_pd(updated, l);
            *atByte(lambda, 2 * o0) = updated[0];
            *atByte(lambda, 2 * o1) = updated[1];
            *atByte(lambda, 2 * o2) = updated[2];
            *atByte(lambda, 2 * o3) = updated[3];
        }
    }
    for (; i < n; ++i) {
        const std::size_t o = offsets[i];
        projectOne<Compliant, false>(p, w, a + o / 2, a + o / 2 + 1, rest, at,
                                     offset<Compliant>(lambda, o / 4), nullptr);
    }
}
#endif

/// Rows of `set` up to (not including) row `row`: the position of row `row`'s constraints in
/// the set's multiplier array, in rows.
std::size_t setRowsBefore(const GridSet& set, int row)
{
    const int end = std::min(row, set.rowEnd);
    return end > set.firstRow
               ? static_cast<std::size_t>((end - set.firstRow + set.rowStep - 1) / set.rowStep)
               : 0;
}

/// Whether `set` joins neighbouring particles (i, j)-(i, j + 1) of every other column: the
/// horizontal sets, whose AVX2 kernels load one constraint per register and whose torn rows
/// list their live constraints (the other sets' list windows).
bool pairSet(const GridSet& set)
{
    return set.columnStep == 2 && set.bOffset == set.aOffset + 1;
}

/// Projects one row of a set: `count` constraints from particles a, b on.
template <bool Compliant, bool Masked>
void projectSetRow(double* p, const double* w, const GridSet& set, std::size_t a,
                   std::size_t b, std::size_t count, bool avx2, double at, double* lambda,
                   const LiveFlag* mask)
{
#if defined(PBD_HAVE_AVX2_KERNEL)
    // With AVX2 a torn row is listed (see projectRows), but for rows of fewer than four
    // constraints, too short for the four-lane kernels.
    if constexpr (!Masked) {
        if (avx2 && set.columnStep == 1) {
            projectRowAvx2<Compliant>(p, w, a, b, count, set.restLength, at, lambda);
            return;
        }
        if (avx2 && pairSet(set)) {
            projectPairsAvx2<Compliant>(p, w, a, count, set.restLength, at, lambda);
            return;
        }
    }
#else
    (void)avx2;
#endif
    if (set.columnStep == 1)
        projectRow<1, Compliant, Masked>(p, w, a, b, count, set.restLength, at, lambda, mask);
    else
        projectRow<2, Compliant, Masked>(p, w, a, b, count, set.restLength, at, lambda, mask);
}

/// Projects the constraints of `set` whose row i lies in [rowBegin, rowEnd). They touch rows
/// rowBegin .. rowEnd (the last only through constraints of row rowEnd - 1). `lambda` is the
/// set's multiplier array (row after row of the set, columnCount each; unused when not
/// Compliant); `mask` the set's live mask in the same layout and `rowDead` one flag per row
/// of the set saying whether it holds a removed constraint (both null when none is removed):
/// rows without one take the unmasked kernels. `lists` (with the AVX2 kernels, for sets
/// whose rows are long enough, else null) says where each torn row's entries are in
/// `entries`: for a horizontal set its live constraints (projectPairListAvx2), for the
/// others its windows (projectRowWindowsAvx2). Torn rows without a list are masked.
template <bool Compliant>
void projectRows(double* p, const double* w, const GridSet& set, int width, int rowBegin,
                 int rowEnd, bool avx2, double at, double* lambda, const LiveFlag* mask,
                 const std::uint8_t* rowDead, const ColoredSolver::LiveList* lists,
                 const std::uint32_t* entries)
{
    int i = std::max(rowBegin, set.firstRow);
    i += (i - set.firstRow) % set.rowStep;
    const auto count = static_cast<std::size_t>(set.columnCount);
    for (; i < std::min(rowEnd, set.rowEnd); i += set.rowStep) {
        const std::size_t base =
            static_cast<std::size_t>(i) * static_cast<std::size_t>(width) + set.firstColumn;
        const std::size_t a = base + set.aOffset;
        const std::size_t b = base + set.bOffset;
        const std::size_t row = setRowsBefore(set, i);
        double* l = Compliant ? lambda + row * count : nullptr;
#if defined(PBD_HAVE_AVX2_KERNEL)
        if (lists != nullptr && rowDead[row] != 0) {
            const std::uint32_t* list = entries + lists[row].begin;
            if (pairSet(set))
                projectPairListAvx2<Compliant>(p, w, a, list, lists[row].count,
                                               set.restLength, at, l);
            else
                projectRowWindowsAvx2<Compliant>(p, w, a, b, list, lists[row].count,
                                                 set.restLength, at, l);
            continue;
        }
#else
        (void)lists;
        (void)entries;
#endif
        if (rowDead != nullptr && rowDead[row] != 0)
            projectSetRow<Compliant, true>(p, w, set, a, b, count, avx2, at, l,
                                           mask + row * count);
        else
            projectSetRow<Compliant, false>(p, w, set, a, b, count, avx2, at, l, nullptr);
    }
}

/// Appends the list of a torn row of `count` constraints, whose live flags are `flags`, to
/// `entries`, and returns its length: for a horizontal set 4k for each live constraint k
/// (see projectPairListAvx2), else its windows (see projectRowWindowsAvx2; count >= 4).
std::uint32_t appendRowList(const LiveFlag* flags, std::size_t count, bool horizontal,
                            std::vector<std::uint32_t>& entries)
{
    std::uint32_t length = 0;
    if (horizontal) {
        for (std::size_t k = 0; k < count; ++k)
            if (isLive(flags + k)) {
                entries.push_back(static_cast<std::uint32_t>(4 * k));
                ++length;
            }
        return length;
    }
    for (std::size_t k = 0; k < count;) {
        if (!isLive(flags + k)) {
            ++k;
            continue;
        }
        // A window from the first live constraint k not yet covered; the last one ends at the
        // row's end, its lanes before k then being removed ones or the previous window's.
        const std::size_t start = std::min(k, count - 4);
        std::uint32_t pattern = 0;
        for (std::size_t q = k; q < start + 4; ++q)
            if (isLive(flags + q))
                pattern |= 1u << (q - start);
        entries.push_back(static_cast<std::uint32_t>(2 * start));
        entries.push_back(pattern * static_cast<std::uint32_t>(sizeof(LaneMasks)));
        ++length;
        k = start + 4;
    }
    return length;
}

bool cpuHasAvx2()
{
#if defined(PBD_HAVE_AVX2_KERNEL)
    return __builtin_cpu_supports("avx2");
#else
    return false;
#endif
}

} // namespace

ChunkLayout coloredChunkLayout(int width, int height, unsigned requestedThreads,
                               int rowsPerChunk)
{
    auto rowsFor = [width](int particles) { return (particles + width - 1) / width; };
    const int threads =
        static_cast<int>(std::clamp(requestedThreads, 1u, static_cast<unsigned>(kMaxThreads)));
    const int spread = (height + kChunksPerThread * threads - 1) / (kChunksPerThread * threads);
    const int rows = rowsPerChunk > 0 ? rowsPerChunk
                                      : std::max({1, rowsFor(kMinChunkParticles),
                                                  std::min(rowsFor(kChunkParticles), spread)});
    const auto chunks = static_cast<std::size_t>((height + rows - 1) / rows);
    return {rows, chunks,
            static_cast<unsigned>(std::min(static_cast<std::size_t>(threads), chunks))};
}

ColoredSolver::ColoredSolver(int width, int height, unsigned threadCount, Kernel kernel,
                             int rowsPerChunk)
    : width_(width), height_(height), avx2_(kernel == Kernel::Best && cpuHasAvx2()),
      layout_(coloredChunkLayout(width, height, threadCount, rowsPerChunk)),
      sets_(clothGridSets(width, height)), pool_(layout_.threadCount)
{
    std::size_t offset = 0;
    std::size_t rows = 0;
    for (std::size_t s = 0; s < sets_.size(); ++s) {
        lambdaOffset_[s] = offset;
        rowOffset_[s] = rows;
        rows += setRowsBefore(sets_[s], height);
        offset += setRowsBefore(sets_[s], height) * static_cast<std::size_t>(sets_[s].columnCount);
    }
    lambdaOffset_[sets_.size()] = offset;
    rowOffset_[sets_.size()] = rows;
}

void ColoredSolver::setLive(std::span<const std::uint8_t> alive, std::uint64_t version)
{
    if (version == liveVersion_)
        return;
    liveVersion_ = version;
    lists_.clear();
    listEntries_.clear();
    if (std::find(alive.begin(), alive.end(), std::uint8_t{0}) == alive.end()) {
        mask_.clear();
        rowDead_.clear();
        return;
    }
    // The constraint index of (set, row i, column j) in the page's order (buildClothGrid):
    // all horizontal, then all vertical, then per cell the diagonal and the anti-diagonal.
    const std::size_t w = static_cast<std::size_t>(width_);
    const std::size_t h = static_cast<std::size_t>(height_);
    const std::size_t verticalBase = h * (w - 1);
    const std::size_t diagonalBase = verticalBase + (h - 1) * w;
    mask_.assign(lambdaOffset_[sets_.size()], 1);
    rowDead_.assign(rowOffset_[sets_.size()], 0);
    if (avx2_)
        lists_.resize(rowOffset_[sets_.size()]);
    for (std::size_t s = 0; s < sets_.size(); ++s) {
        const GridSet& set = sets_[s];
        std::size_t row = 0;
        for (int i = set.firstRow; i < set.rowEnd; i += set.rowStep, ++row)
            for (int k = 0; k < set.columnCount; ++k) {
                const std::size_t ii = static_cast<std::size_t>(i);
                const std::size_t j = static_cast<std::size_t>(set.firstColumn + k * set.columnStep);
                std::size_t index;
                if (s < 2)
                    index = ii * (w - 1) + j;
                else if (s < 4)
                    index = verticalBase + ii * w + j;
                else
                    index = diagonalBase + 2 * (ii * (w - 1) + j) + (s < 6 ? 0 : 1);
                if (alive[index] == 0) {
                    mask_[lambdaOffset_[s] + row * static_cast<std::size_t>(set.columnCount) +
                          static_cast<std::size_t>(k)] = 0;
                    rowDead_[rowOffset_[s] + row] = 1;
                }
            }
        if (!listed(s))
            continue;
        const auto count = static_cast<std::size_t>(set.columnCount);
        for (std::size_t r = 0; r < row; ++r) {
            if (rowDead_[rowOffset_[s] + r] == 0)
                continue;
            const auto begin = static_cast<std::uint32_t>(listEntries_.size());
            lists_[rowOffset_[s] + r] = {
                begin, appendRowList(mask_.data() + lambdaOffset_[s] + r * count, count,
                                     pairSet(set), listEntries_)};
        }
    }
}

bool ColoredSolver::listed(std::size_t s) const
{
    return avx2_ && (pairSet(sets_[s]) || sets_[s].columnCount >= 4);
}

void ColoredSolver::step(Particles& particles, double dt, double gravity, int iterations)
{
    detail::SubstepParams params;
    params.h = dt;
    params.gravity = gravity;
    params.iterations = iterations;
    substep(particles, params, nullptr, nullptr);
}

void ColoredSolver::substep(Particles& particles, const detail::SubstepParams& params,
                            double* areaLambda, const std::function<void(int)>* observe)
{
    glm::dvec2* x = particles.position.data();
    glm::dvec2* x0 = particles.stepStart.data();
    glm::dvec2* v = particles.velocity.data();
    const double* w = particles.inverseMass.data();
    double* p = &x[0].x;
    const bool compliant = params.alphaTilde != 0.0;
    const bool masked = !mask_.empty();
    const bool area = params.area && areaLambda != nullptr && width_ > 1 && height_ > 1;
    if (compliant)
        lambda_.resize(lambdaOffset_[sets_.size()]);
    const std::uint32_t setsPerIteration = area ? 16u : 8u;
    const auto projectionPhases =
        static_cast<std::uint32_t>(setsPerIteration * static_cast<std::uint32_t>(params.iterations));
    const auto width = static_cast<std::size_t>(width_);
    // While observed, the prediction and the velocity update run on their own and the sweeps
    // one iteration at a time, so that the observer sees the positions after each.
    const bool fused = observe == nullptr;

    // Phase 0 predicts a chunk's particles (and resets its rows' multipliers) and projects
    // set 0 on its rows (no set-0 constraint leaves its row); phase S k + s projects set s of
    // iteration k (S = 8 distance sets, then 8 triangle sets when the area constraints are
    // on); the last phase derives velocities, once the chunk and its neighbours are through
    // every set.
    std::uint32_t phaseOffset = 0;
    auto task = [&](std::uint32_t localPhase, std::size_t chunk) {
        const std::uint32_t phase = localPhase + phaseOffset;
        const int rowBegin = static_cast<int>(chunk) * layout_.rowsPerChunk;
        const int rowEnd = std::min(height_, rowBegin + layout_.rowsPerChunk);
        const std::size_t begin = static_cast<std::size_t>(rowBegin) * width;
        const std::size_t end = static_cast<std::size_t>(rowEnd) * width;
        if (phase == 0 && fused)
            startRows(x, x0, v, w, params, areaLambda, rowBegin, rowEnd);
        if (phase < projectionPhases) {
            const std::uint32_t q = phase % setsPerIteration;
            if (q < sets_.size()) {
                const std::uint8_t* mask = masked ? mask_.data() + lambdaOffset_[q] : nullptr;
                const std::uint8_t* dead = masked ? rowDead_.data() + rowOffset_[q] : nullptr;
                const LiveList* lists = masked && listed(q)
                                            ? lists_.data() + rowOffset_[q]
                                            : nullptr;
                if (compliant)
                    projectRows<true>(p, w, sets_[q], width_, rowBegin, rowEnd, avx2_,
                                      params.alphaTilde, lambda_.data() + lambdaOffset_[q],
                                      mask, dead, lists, listEntries_.data());
                else
                    projectRows<false>(p, w, sets_[q], width_, rowBegin, rowEnd, avx2_, 0.0,
                                       nullptr, mask, dead, lists, listEntries_.data());
            } else {
                // Triangle set q - 8: cells of row parity r, column parity c, triangle t.
                const std::uint32_t t = q - 8;
                detail::projectCellTriangles(x, w, areaLambda, width_, height_,
                                             static_cast<int>(t >> 2), 2, rowBegin, rowEnd,
                                             static_cast<int>((t >> 1) & 1u), 2,
                                             static_cast<int>(t & 1u), detail::kCellRestArea,
                                             params.areaAlphaTilde);
            }
        } else if (fused) {
            detail::updateVelocities(x, x0, v, w, params.h, params.damping, begin, end);
        }
    };
    if (fused) {
        run(projectionPhases + 1, task);
        return;
    }
    startRows(x, x0, v, w, params, areaLambda, 0, height_);
    (*observe)(0);
    for (int iteration = 0; iteration < params.iterations; ++iteration) {
        phaseOffset = setsPerIteration * static_cast<std::uint32_t>(iteration);
        run(setsPerIteration, task);
        (*observe)(iteration + 1);
    }
    detail::updateVelocities(x, x0, v, w, params.h, params.damping, 0,
                             static_cast<std::size_t>(height_) * width);
}

void ColoredSolver::startRows(glm::dvec2* x, glm::dvec2* x0, glm::dvec2* v, const double* w,
                              const detail::SubstepParams& params, double* areaLambda,
                              int rowBegin, int rowEnd)
{
    const auto width = static_cast<std::size_t>(width_);
    detail::predict(x, x0, v, w, params.h, params.gravity,
                    static_cast<std::size_t>(rowBegin) * width,
                    static_cast<std::size_t>(rowEnd) * width);
    if (params.alphaTilde != 0.0)
        for (std::size_t s = 0; s < sets_.size(); ++s) {
            const auto count = static_cast<std::size_t>(sets_[s].columnCount);
            double* l = lambda_.data() + lambdaOffset_[s];
            std::fill(l + setRowsBefore(sets_[s], rowBegin) * count,
                      l + setRowsBefore(sets_[s], rowEnd) * count, 0.0);
        }
    if (params.area && areaLambda != nullptr && width_ > 1) {
        const std::size_t cellsPerRow = 2 * (width - 1);
        const int cellRowEnd = std::min(rowEnd, height_ - 1);
        if (cellRowEnd > rowBegin)
            std::fill(areaLambda + static_cast<std::size_t>(rowBegin) * cellsPerRow,
                      areaLambda + static_cast<std::size_t>(cellRowEnd) * cellsPerRow, 0.0);
    }
}

template <typename Task>
void ColoredSolver::run(std::uint32_t phases, Task& task)
{
    schedule_.reset(layout_.chunkCount, phases);
    if (layout_.chunkCount == 1) { // a small cloth: waking the workers would cost more than it gives
        schedule_.work(0, 1, task);
        return;
    }
    const unsigned threads = pool_.threadCount();
    auto job = [&](unsigned thread) { schedule_.work(thread, threads, task); };
    pool_.run(job);
}

} // namespace pbd
