// The colored solver's set sweep with the SSE2 kernel (colored_kernels_sse2.h): the sweep of
// Kernel::Sse2, and of Kernel::Best on a CPU without AVX2; and takeEdgeSprings(), which both
// sweeps call for a sized cloth. Private to the core.

#include <cstddef>

#include "colored/colored_kernel_scalar.h"
#include "colored/colored_kernels.h"
#include "colored/colored_kernels_sse2.h"
#include "colored/colored_sweep.h"

namespace pbd {

template <bool Compliant>
void projectSetRowsSse2(const SetSweepContext& sweep, int rowBegin, int rowEnd)
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
            if (row.mask == nullptr) // else takeEdgeSprings() set it
                row.mask = sweep.mask + r * row.count;
            if (set.columnStep == 1)
                projectRow<1, Compliant, true>(row);
            else
                projectRow<2, Compliant, true>(row);
        } else if (set.columnStep == 1) {
            projectRow<1, Compliant, false>(row);
        } else {
            projectRow<2, Compliant, false>(row);
        }
    }
}

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
        projectConstraint<1, true, true>(edge, 0);
        projectConstraint<1, true, true>(edge, last);
    } else {
        projectConstraint<1, true, false>(edge, 0);
        projectConstraint<1, true, false>(edge, last);
    }
    row = rowFrom<1, true>(row, 1);
    row.count -= 1;
    if (edge.mask != nullptr)
        row.mask = edge.mask + 1;
}

template void projectSetRowsSse2<false>(const SetSweepContext&, int, int);
template void projectSetRowsSse2<true>(const SetSweepContext&, int, int);

} // namespace pbd
