#pragma once
// The grid's implicit constraint sets written out as lists, for the colored solver's tests.

#include "constraint_coloring.h"

namespace pbd::test {

/// clothGridSets(width, height) expanded by following GridSet's definition literally: set s
/// of the result is GridSet s, its constraints row by row, column by column.
inline ConstraintSets expandGridSets(int width, int height)
{
    ConstraintSets sets;
    for (const GridSet& g : clothGridSets(width, height)) {
        for (int i = g.firstRow; i < g.rowEnd; i += g.rowStep) {
            for (int k = 0; k < g.columnCount; ++k) {
                const Index base = Index(i * width + g.firstColumn + k * g.columnStep);
                sets.constraints.push_back({base + g.aOffset, base + g.bOffset, g.restLength});
            }
        }
        sets.offsets.push_back(sets.constraints.size());
    }
    return sets;
}

} // namespace pbd::test
