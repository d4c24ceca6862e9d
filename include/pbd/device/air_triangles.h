#pragma once
// The air on a 3D cloth's surface triangles (src/pbd/air/air_triangles.h says the law): the
// cap of a triangle's coefficient, and which triangles each particle gathers its force from,
// in what order and with what share. What a device backend (src/gpu) needs to add up the
// same forces in the same order as the CPU solvers.
// Part of the device contract (pbd/device/); namespace detail: not for users of the library.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "pbd/device/air_law.h"
#include "pbd/topology.h"

namespace pbd::detail {

/// The cap of a substep of h seconds for a triangle (three ends: 9 / (8 h)).
inline AirCap airTriangleCap(double h)
{
    const double limit = 9.0 / (8.0 * h);
    return {1.0 / limit, limit * limit};
}

/// Each particle's surface triangles (ClothTopology::surfaceTriangle()) in ascending order,
/// with its share of each one's force: the two ends of the cell's diagonal a quarter each, the
/// third corner half (the particles' masses share the cloth's area so).
struct AirTriangleGather {
    std::vector<std::uint32_t> start;   ///< particle i's entries: [start[i], start[i + 1])
    std::vector<std::uint32_t> entries; ///< triangle indices, particle after particle
    std::vector<double> shares;         ///< each entry's share of its triangle's force
};

/// The gather of n particles of `topology`.
AirTriangleGather airTriangleGather(const ClothTopology& topology, std::size_t n);

} // namespace pbd::detail
