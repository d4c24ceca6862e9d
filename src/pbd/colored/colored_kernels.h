#pragma once
// What the colored solver's row kernels take (RowKernelContext), the live flags and lane
// masks of torn rows and the list formats. The arithmetic every kernel must reproduce is
// docs/core-api.md's (section 2b); the scalar kernel (colored_kernel_scalar.h) is that
// arithmetic written once, and the SSE2 (colored_kernels_sse2.h) and AVX2
// (colored_kernels_avx2.cpp) kernels compute it lane by lane, falling back on it for lanes
// they cannot take. Private to the core.

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#if defined(__x86_64__)
#define PBD_HAVE_AVX2_KERNEL 1
#endif

namespace pbd {

/// A removed constraint's flag byte is 0, a live one's 1: one byte per constraint (a quarter
/// of the memory traffic of a double per constraint, which made a torn cloth slower than an
/// intact one). The scalar kernel skips a removed constraint; the lane kernels AND the
/// numerator of s with all-ones (live) or all-zeros (removed), so that a removed lane's s is
/// +0 and moves nothing (the AND, unlike a multiplication of s, stays off the square root's
/// and the division's dependency chain). With AVX2, torn rows are listed instead (see
/// projectSetRowsAvx2): a horizontal set's by its live constraints, since its dense loads
/// hold one constraint each, so that a removed constraint costs nothing; the other sets' by
/// windows of four that skip runs of removed constraints, since their loads hold neighbours.
using LiveFlag = std::uint8_t;

/// Whether the constraint whose flag `flag` points to is live.
inline bool isLive(const LiveFlag* flag) { return *flag != 0; }

/// One row of a grid set as a row kernel sees it: constraint k of the row joins particles
/// a + Stride k and b + Stride k (Stride = the set's column step), all of rest length `rest`.
/// A kernel copies it into a local first, so that its stores to the positions, which the
/// compiler cannot tell apart from this struct's doubles, do not make it reload the fields.
struct RowKernelContext {
    double* p = nullptr;             ///< positions: x, y of each particle, in index order
    const double* w = nullptr;       ///< inverse masses, 1/kg (0: immovable)
    std::size_t a = 0;               ///< particle a of the row's first constraint
    std::size_t b = 0;               ///< particle b of the row's first constraint
    std::size_t count = 0;           ///< constraints in the row
    double rest = 0.0;               ///< their rest length, m
    double alphaTilde = 0.0;         ///< compliance / h^2, 1/kg (Compliant kernels only)
    double* lambda = nullptr;        ///< the row's multipliers, one per constraint (Compliant)
    const LiveFlag* mask = nullptr;  ///< the row's live flags, one per constraint (Masked)
    const std::uint32_t* list = nullptr; ///< a torn row's list entries (the list kernels)
    std::size_t listLength = 0;      ///< entries in `list`: live constraints or windows
};

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
inline constexpr std::array<LaneMasks, 16> kLanesInOrder = laneMaskTable({0, 1, 2, 3});
/// Lanes in the order (k, k + 2, k + 1, k + 3) of projectFourAvx2's unpacked registers.
inline constexpr std::array<LaneMasks, 16> kLanesInterleaved = laneMaskTable({0, 2, 1, 3});

/// A window's list entry (see projectRowWindowsAvx2): two words, 2k and the byte offset of
/// its pattern's lane masks in kLanesInterleaved, so that the kernel needs no arithmetic to
/// find its addresses (2k doubles into the positions, 2k * 4 bytes into the inverse masses
/// and multipliers) or its masks.
inline constexpr std::size_t kWindowWords = 2;
static_assert(sizeof(LaneMasks) == 32, "a pattern's masks lie 32 times the pattern in");

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

/// The rest of an intact `row` from its constraint k on, for a kernel that hands its last
/// constraints to a narrower one.
template <std::size_t Stride, bool Compliant>
inline RowKernelContext rowFrom(const RowKernelContext& row, std::size_t k)
{
    RowKernelContext rest = row;
    rest.a += Stride * k;
    rest.b += Stride * k;
    rest.count -= k;
    if constexpr (Compliant)
        rest.lambda += k;
    return rest;
}

/// Whether this CPU runs the AVX2 kernels (false off x86-64).
bool cpuHasAvx2();

} // namespace pbd
