// The colored solver's AVX2 kernels and their set sweep: four constraints per iteration, lane
// by lane the scalar kernel's operations (colored_kernel_scalar.h), so the same bits. Each
// function carries target("avx2") rather than the file an -mavx2 flag: the inline functions
// this file shares with others (the scalar and SSE2 kernels, the standard library) then keep
// their baseline code wherever the linker takes their out-of-line copies from, and only what
// the solver calls where cpuHasAvx2() runs AVX2. Private to the core.

#include <cstddef>
#include <cstdint>

#include "colored/colored_kernel_scalar.h"
#include "colored/colored_kernels.h"
#include "colored/colored_kernels_sse2.h"
#include "colored/colored_sweep.h"
#include "pbd/distance_constraint.h"

#if defined(PBD_HAVE_AVX2_KERNEL)
#include <immintrin.h>
#endif

namespace pbd {

bool cpuHasAvx2()
{
#if defined(PBD_HAVE_AVX2_KERNEL)
    return __builtin_cpu_supports("avx2");
#else
    return false;
#endif
}

#if defined(PBD_HAVE_AVX2_KERNEL)
namespace {

/// Four projections at once, lane by lane the same operations as projectConstraint (so the
/// same bits): the new positions of the four (a, b) pairs. Returns false, writing nothing,
/// when a lane must be skipped (too short, or both particles immovable); the caller then
/// projects those four one by one.
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
/// same operations as projectConstraint, so the same bits. Positions are loaded two particles
/// per register; the unpacks put the lanes in the order (0, 2, 1, 3), and vpermpd puts the
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

/// projectRow<1> with four constraints per iteration, for CPUs with AVX2: the square root
/// and division units take four lanes at about the cost of two, which halves the time of the
/// loop's bottleneck. Intact rows only: torn ones take projectRowWindowsAvx2.
template <bool Compliant>
__attribute__((target("avx2"))) void projectRowAvx2(const RowKernelContext& context)
{
    const RowKernelContext row = context;
    double* const p = row.p;
    const double* const w = row.w;
    const std::size_t a = row.a;
    const std::size_t b = row.b;
    const std::size_t count = row.count;
    std::size_t k = 0;
    for (; k + 4 <= count; k += 4)
        if (!projectFourAvx2<Compliant, false>(p + 2 * (a + k), p + 2 * (b + k), w + a + k,
                                               w + b + k, offset<Compliant>(row.lambda, k),
                                               row.rest, row.alphaTilde, _mm256_setzero_pd()))
            for (std::size_t q = k; q < k + 4; ++q)
                projectConstraint<1, Compliant, false>(row, q);
    projectRow<1, Compliant, false>(rowFrom<1, Compliant>(row, k));
}

/// projectRowAvx2 on a torn row's windows of four constraints alone. Each window k .. k + 3
/// (so 4 <= count) has an entry (see kWindowWords) with its pattern, bit i set when
/// constraint k + i is live. Each window starts at a live constraint not yet covered (the
/// last one ends at the row's end instead), so they cover every live constraint once and
/// runs of removed ones between them cost nothing: with 30% removed at random, 9% fewer
/// groups than the dense kernel's. A removed constraint inside a window is masked. The same
/// bits as projectConstraint on each live constraint.
template <bool Compliant>
__attribute__((target("avx2"), noinline)) void
projectRowWindowsAvx2(const RowKernelContext& context)
{
    const RowKernelContext row = context;
    const double rest = row.rest;
    const double at = row.alphaTilde;
    [[maybe_unused]] double* const lambda = row.lambda;
    double* rowA = row.p + 2 * row.a;
    double* rowB = row.p + 2 * row.b;
    // Opaque to the optimizer, so that it addresses the rows as rowA + 2k rather than as
    // p + (2a + 2k), which cost three more instructions per window.
    __asm__("" : "+r"(rowA), "+r"(rowB));
    const double* const rowWA = row.w + row.a;
    const double* const rowWB = row.w + row.b;
    const std::uint32_t* const windows = row.list;
    const std::uint32_t* const end = windows + kWindowWords * row.listLength;
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
                    projectConstraint<1, Compliant, false>(row, k + q);
        }
    }
}

/// The horizontal sets with AVX2: constraints (a + 2k, a + 2k + 1), so each register load
/// holds one constraint's two particles. Intact rows only: torn ones take
/// projectPairListAvx2.
template <bool Compliant>
__attribute__((target("avx2"))) void projectPairsAvx2(const RowKernelContext& context)
{
    const RowKernelContext row = context;
    double* const p = row.p;
    const double* const w = row.w;
    const std::size_t a = row.a;
    const std::size_t count = row.count;
    [[maybe_unused]] double* const lambda = row.lambda;
    std::size_t k = 0;
    for (; k + 4 <= count; k += 4) {
        double* q = p + 2 * (a + 2 * k);
        __m256d l = _mm256_setzero_pd();
        if constexpr (Compliant)
            l = _mm256_loadu_pd(lambda + k);
        if (!projectFourPairsAvx2<Compliant>(q, q + 4, q + 8, q + 12,
                                             _mm256_loadu_pd(w + a + 2 * k),
                                             _mm256_loadu_pd(w + a + 2 * k + 4), row.rest,
                                             row.alphaTilde, l)) {
            for (std::size_t r = k; r < k + 4; ++r)
                projectConstraint<2, Compliant, false>(row, r);
            continue;
        }
        if constexpr (Compliant)
            _mm256_storeu_pd(lambda + k, l);
    }
    projectRow<2, Compliant, false>(rowFrom<2, Compliant>(row, k));
}

/// projectPairsAvx2 on the listed constraints of a torn row alone, so that a removed
/// constraint costs nothing: each register load still holds one constraint's two particles,
/// as in the dense kernel; only the addresses come from the list. The list holds 4k for
/// each live constraint k: its particles' x, y are p[2a + 4k .. + 4) and their inverse
/// masses w[a + 2k], w[a + 2k + 1], so both addresses take no arithmetic. The same bits as
/// projectConstraint on each listed constraint.
template <bool Compliant>
__attribute__((target("avx2"), noinline)) void
projectPairListAvx2(const RowKernelContext& context)
{
    const RowKernelContext row = context;
    const double rest = row.rest;
    const double at = row.alphaTilde;
    [[maybe_unused]] double* const lambda = row.lambda;
    const std::uint32_t* const offsets = row.list;
    const std::size_t n = row.listLength;
    double* const rowP = row.p + 2 * row.a;
    const double* const rowW = row.w + row.a;
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
                rowP + o0, rowP + o1, rowP + o2, rowP + o3,
                _mm256_loadu2_m128d(atByte(rowW, 4 * o1), atByte(rowW, 4 * o0)),
                _mm256_loadu2_m128d(atByte(rowW, 4 * o3), atByte(rowW, 4 * o2)), rest, at, l)) {
            for (const std::size_t o : {o0, o1, o2, o3})
                projectConstraint<2, Compliant, false>(row, o / 4);
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
    for (; i < n; ++i)
        projectConstraint<2, Compliant, false>(row, offsets[i] / 4);
}

} // namespace

// The torn rows' kernels (projectRowWindowsAvx2, projectPairListAvx2) are noinline: each has
// one call site here, and GCC, inlining them into this loop, compiled them worse (4% more
// instructions for a 30% torn cloth under callgrind) than as functions of their own.
template <bool Compliant>
__attribute__((target("avx2"))) void projectSetRowsAvx2(const SetSweepContext& sweep,
                                                        int rowBegin, int rowEnd)
{
    const GridSet& set = *sweep.set;
    const int end = setRowEnd(set, rowEnd);
    const bool edges = Compliant && sweep.edgeAlphaTilde != 0.0;
    for (int i = setRowBegin(set, rowBegin); i < end; i += set.rowStep) {
        const std::size_t r = setRowsBefore(set, i);
        RowKernelContext row = setRow<Compliant>(sweep, i, r);
        if (edges)
            takeEdgeSprings(sweep, i, r, row);
        if (rowTorn(sweep, r)) {
            if (sweep.lists != nullptr) {
                row.list = sweep.entries + sweep.lists[r].begin;
                row.listLength = sweep.lists[r].count;
                if (pairSet(set))
                    projectPairListAvx2<Compliant>(row);
                else
                    projectRowWindowsAvx2<Compliant>(row);
            } else {
                // A torn row too short for the four-lane kernels, so not listed (listed()),
                // or a vertical set's with edge springs, whose mask takeEdgeSprings() set.
                if (row.mask == nullptr)
                    row.mask = sweep.mask + r * row.count;
                if (set.columnStep == 1)
                    projectRow<1, Compliant, true>(row);
                else
                    projectRow<2, Compliant, true>(row);
            }
        } else if (set.columnStep == 1) {
            projectRowAvx2<Compliant>(row);
        } else if (pairSet(set)) {
            projectPairsAvx2<Compliant>(row);
        } else {
            projectRow<2, Compliant, false>(row);
        }
    }
}

template void projectSetRowsAvx2<false>(const SetSweepContext&, int, int);
template void projectSetRowsAvx2<true>(const SetSweepContext&, int, int);
#endif

} // namespace pbd
