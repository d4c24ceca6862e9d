// The colored solver's set sweep with the SSE2 kernel (colored_kernels_sse2.h): the sweep of
// Kernel::Sse2, and of Kernel::Best on a CPU without AVX2. Private to the core.

#include <cstddef>

#include "colored_kernels.h"
#include "colored_kernels_sse2.h"
#include "colored_sweep.h"

namespace pbd {

template <bool Compliant>
void projectSetRowsSse2(const SetSweepContext& sweep, int rowBegin, int rowEnd)
{
    const GridSet& set = *sweep.set;
    const int end = setRowEnd(set, rowEnd);
    for (int i = setRowBegin(set, rowBegin); i < end; i += set.rowStep) {
        const std::size_t r = setRowsBefore(set, i);
        RowKernelContext row = setRow<Compliant>(sweep, i, r);
        const bool torn = rowTorn(sweep, r);
        if (torn)
            row.mask = sweep.mask + r * row.count;
        takeEdgeSprings<Compliant>(sweep, i, row);
        if (torn) {
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

template void projectSetRowsSse2<false>(const SetSweepContext&, int, int);
template void projectSetRowsSse2<true>(const SetSweepContext&, int, int);

} // namespace pbd
