// The colored solver's set sweep with the SSE2 kernel (colored_kernels_sse2.h): the sweep of
// Kernel::Sse2, and of Kernel::Best on a CPU without AVX2, and the 3D sweep with the 3D SSE2
// kernel (colored_kernels_3d.h), one walk over the rows for both; and takeEdgeSprings(),
// which every sweep calls for a sized cloth. Private to the core.

#include <cstddef>

#include "colored/colored_kernel_scalar.h"
#include "colored/colored_kernels.h"
#include "colored/colored_kernels_3d.h"
#include "colored/colored_kernels_sse2.h"
#include "colored/colored_sweep.h"

namespace pbd {

namespace {

/// A set's rows [rowBegin, rowEnd) with the SSE2 row kernel of Dims dimensions: the one walk
/// of both sweeps.
template <bool Compliant, int Dims>
void sweepSetRows(const SetSweepContext& sweep, int rowBegin, int rowEnd)
{
    const GridSet& set = *sweep.set;
    const int end = setRowEnd(set, rowEnd);
    const bool edges = Compliant && sweep.edgeAlphaTilde != 0.0;
    auto project = [](const RowKernelContext& row, bool torn, bool pairs) {
        if constexpr (Dims == 2) {
            if (torn) {
                if (pairs)
                    projectRow<2, Compliant, true>(row);
                else
                    projectRow<1, Compliant, true>(row);
            } else if (pairs) {
                projectRow<2, Compliant, false>(row);
            } else {
                projectRow<1, Compliant, false>(row);
            }
        } else {
            if (torn) {
                if (pairs)
                    projectRow3<2, Compliant, true>(row);
                else
                    projectRow3<1, Compliant, true>(row);
            } else if (pairs) {
                projectRow3<2, Compliant, false>(row);
            } else {
                projectRow3<1, Compliant, false>(row);
            }
        }
    };
    for (int i = setRowBegin(set, rowBegin); i < end; i += set.rowStep) {
        const std::size_t r = setRowsBefore(set, i);
        RowKernelContext row = setRow<Compliant>(sweep, i, r);
        if (edges)
            takeEdgeSprings<Dims>(sweep, i, r, row);
        const bool torn = rowTorn(sweep, r);
        if (torn && row.mask == nullptr) // else takeEdgeSprings() set it
            row.mask = sweep.mask + r * row.count;
        project(row, torn, set.columnStep != 1);
    }
}

} // namespace

template <bool Compliant>
void projectSetRowsSse2(const SetSweepContext& sweep, int rowBegin, int rowEnd)
{
    sweepSetRows<Compliant, 2>(sweep, rowBegin, rowEnd);
}

template <bool Compliant>
void projectSetRows3(const SetSweepContext& sweep, int rowBegin, int rowEnd)
{
    sweepSetRows<Compliant, 3>(sweep, rowBegin, rowEnd);
}

template <int Dims>
void takeEdgeSprings(const SetSweepContext& sweep, int i, std::size_t r, RowKernelContext& row)
{
    const GridSet& set = *sweep.set;
    if (pairSet(set)) {
        if (sweep.height > 1 && (i == 0 || i == sweep.height - 1))
            row.alphaTilde = sweep.edgeAlphaTilde;
        return;
    }
    if (!verticalSet(set, sweep.width) || row.count < 2)
        return;
    RowKernelContext edge = row;
    edge.alphaTilde = sweep.edgeAlphaTilde;
    const std::size_t last = row.count - 1;
    if (rowTorn(sweep, r)) {
        edge.mask = sweep.mask + r * row.count;
        projectConstraint<1, true, true, Dims>(edge, 0);
        projectConstraint<1, true, true, Dims>(edge, last);
    } else {
        projectConstraint<1, true, false, Dims>(edge, 0);
        projectConstraint<1, true, false, Dims>(edge, last);
    }
    row = rowFrom<1, true>(row, 1);
    row.count -= 1;
    if (edge.mask != nullptr)
        row.mask = edge.mask + 1;
}

template void takeEdgeSprings<2>(const SetSweepContext&, int, std::size_t, RowKernelContext&);
template void takeEdgeSprings<3>(const SetSweepContext&, int, std::size_t, RowKernelContext&);
template void projectSetRowsSse2<false>(const SetSweepContext&, int, int);
template void projectSetRowsSse2<true>(const SetSweepContext&, int, int);
template void projectSetRows3<false>(const SetSweepContext&, int, int);
template void projectSetRows3<true>(const SetSweepContext&, int, int);

} // namespace pbd
