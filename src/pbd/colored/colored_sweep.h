#pragma once
// What a set sweep of the colored solver needs (SetSweepContext), and the walk over a set's
// rows that every instruction set's sweep shares (colored_kernels_sse2.cpp,
// colored_kernels_avx2.cpp): inline, so that each sweep is one loop over its rows with its
// kernels inlined, one call per set and chunk. Private to the core.

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "colored/colored_kernels.h"
#include "colored/colored_solver.h"
#include "pbd/device/constraint_coloring.h"

namespace pbd {

/// What a set sweep needs of one set in one substep. `lambda` is the set's multiplier array
/// (row after row of the set, columnCount each; null when not Compliant); `mask` the set's
/// live flags in the same layout and `rowDead` one flag per row of the set saying whether it
/// holds a removed constraint (both null when none is removed): rows without one take the
/// unmasked kernels. `lists` (with the AVX2 kernels, for sets whose rows are long enough,
/// else null) says where each torn row's entries are in `entries`: for a horizontal set its
/// live constraints (projectPairListAvx2), for the others its windows
/// (projectRowWindowsAvx2). Torn rows without a list are masked.
struct SetSweepContext {
    double* p = nullptr;                            ///< positions: x, y (, z) of each particle
    const double* w = nullptr;                      ///< inverse masses, 1/kg
    const GridSet* set = nullptr;                   ///< the set to project
    int width = 0;                                  ///< particles per row of the cloth
    int height = 0;                                 ///< particles per column of the cloth
    double alphaTilde = 0.0;                        ///< compliance / h^2, 1/kg (Compliant)
    /// The edge springs' compliance / h^2 (Compliant, SubstepParams::edgeAlphaTilde); 0:
    /// they have alphaTilde. Then a vertical set's torn rows are masked, not listed.
    double edgeAlphaTilde = 0.0;
    double* lambda = nullptr;                       ///< the set's multipliers (Compliant)
    const LiveFlag* mask = nullptr;                 ///< the set's live flags, or null
    const std::uint8_t* rowDead = nullptr;          ///< per row of the set: torn, or null
    const ColoredLiveList* lists = nullptr; ///< per row of the set: its list, or null
    const std::uint32_t* entries = nullptr;         ///< the lists' entries
};

/// Projects the constraints of `sweep.set` whose row i lies in [rowBegin, rowEnd) with the
/// SSE2 kernel (the scalar one off x86-64). Compliant: XPBD with sweep.alphaTilde and
/// sweep.lambda. Instantiated for both.
template <bool Compliant>
void projectSetRowsSse2(const SetSweepContext& sweep, int rowBegin, int rowEnd);

/// projectSetRowsSse2 in 3D: sweep.p holds x, y, z of each particle, the SSE2 kernel
/// projectRow3 (the scalar one off x86-64); torn rows masked (never listed). With z = 0
/// throughout it computes the 2D sweep's x and y bits. Instantiated for both.
template <bool Compliant>
void projectSetRows3(const SetSweepContext& sweep, int rowBegin, int rowEnd);

#if defined(PBD_HAVE_AVX2_KERNEL)
/// projectSetRowsSse2 with the AVX2 kernels, for a CPU with AVX2 (cpuHasAvx2()): intact rows
/// four constraints at a time, torn rows by their lists (sweep.lists). Its target is declared
/// here as at its definition: to GCC a declaration with another target is another function.
template <bool Compliant>
__attribute__((target("avx2"))) void projectSetRowsAvx2(const SetSweepContext& sweep,
                                                        int rowBegin, int rowEnd);
/// projectSetRows3 with the 3D AVX2 kernel (colored_kernels_avx2_3d.cpp): the same bits.
template <bool Compliant>
__attribute__((target("avx2"))) void projectSetRows3Avx2(const SetSweepContext& sweep,
                                                         int rowBegin, int rowEnd);
#endif

/// Rows of `set` up to (not including) row `row`: the position of row `row`'s constraints in
/// the set's multiplier array, in rows.
inline std::size_t setRowsBefore(const GridSet& set, int row)
{
    const int end = std::min(row, set.rowEnd);
    return end > set.firstRow
               ? static_cast<std::size_t>((end - set.firstRow + set.rowStep - 1) / set.rowStep)
               : 0;
}

/// Whether `set` joins neighbouring particles (i, j)-(i, j + 1) of every other column: the
/// horizontal sets, whose AVX2 kernels load one constraint per register and whose torn rows
/// list their live constraints (the other sets' list windows).
inline bool pairSet(const GridSet& set)
{
    return set.columnStep == 2 && set.bOffset == set.aOffset + 1;
}

/// Whether `set` joins particles (i, j)-(i + 1, j) of a `width`-wide cloth: the vertical sets.
inline bool verticalSet(const GridSet& set, int width)
{
    return set.columnStep == 1 && set.aOffset == 0 && set.bOffset == static_cast<Index>(width);
}

/// The first row i >= rowBegin of `set`; its rows i < setRowEnd(set, rowEnd) then follow
/// every set.rowStep. A chunk [rowBegin, rowEnd) projects the constraints of those rows,
/// which touch rows rowBegin .. rowEnd (the last only through row rowEnd - 1's).
inline int setRowBegin(const GridSet& set, int rowBegin)
{
    int i = std::max(rowBegin, set.firstRow);
    i += (i - set.firstRow) % set.rowStep;
    return i;
}

/// The end of `set`'s rows in a chunk ending at rowEnd.
inline int setRowEnd(const GridSet& set, int rowEnd) { return std::min(rowEnd, set.rowEnd); }

/// Row i of the set, the r-th (r = setRowsBefore(set, i)), as its kernels take it: unmasked
/// and unlisted (the sweep sets mask or list for a torn row).
template <bool Compliant>
inline RowKernelContext setRow(const SetSweepContext& sweep, int i, std::size_t r)
{
    const GridSet& set = *sweep.set;
    const auto count = static_cast<std::size_t>(set.columnCount);
    const std::size_t base = static_cast<std::size_t>(i) * static_cast<std::size_t>(sweep.width) +
                             static_cast<std::size_t>(set.firstColumn);
    RowKernelContext row;
    row.p = sweep.p;
    row.w = sweep.w;
    row.a = base + set.aOffset;
    row.b = base + set.bOffset;
    row.count = count;
    row.rest = set.restLength;
    row.alphaTilde = sweep.alphaTilde;
    row.lambda = Compliant ? sweep.lambda + r * count : nullptr;
    return row;
}

/// Gives row i (the r-th) of the sweep's set its edge springs' compliance (isEdgeSpring()),
/// for a sweep with sweep.edgeAlphaTilde != 0: a horizontal set's first and last rows take
/// it whole; a vertical set's row projects its first and last constraints (columns 0 and
/// width - 1) here, with the scalar kernel (masked when the row is torn), and `row` becomes
/// the rest, for the row kernels (its mask set when torn). The constraints of a row are
/// independent, so this changes no other's bits. Out of line, in the baseline instruction
/// set, so that the sweeps' row loops stay as they are without edge springs.
template <int Dims = 2>
void takeEdgeSprings(const SetSweepContext& sweep, int i, std::size_t r, RowKernelContext& row);

/// Whether the r-th row of the sweep's set holds a removed constraint.
inline bool rowTorn(const SetSweepContext& sweep, std::size_t r)
{
    return sweep.rowDead != nullptr && sweep.rowDead[r] != 0;
}

} // namespace pbd
