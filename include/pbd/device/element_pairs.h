#pragma once
// The 3D self-contact's candidate pairs (src/pbd/world/element_contact.h) as a search gives
// them, on the host or on a device (src/gpu/gpu_element_pairs.h): what both sides agree on
// so that a device search gives the CPU's pairs in the CPU's order.
// Part of the device contract (pbd/device/); namespace detail: not for users of the library.

#include <cstddef>
#include <cstdint>

namespace pbd::detail {

/// A box as a search takes it: low x, y, z then high x, y, z (m).
inline constexpr std::size_t kElementBoxReals = 6;

/// A candidate pair: a query element (a particle against triangles, or an edge against the
/// edges after it) and a table element (a triangle, or an edge), whose boxes overlap and
/// which share no particle.
struct ElementPair {
    std::uint32_t query;
    std::uint32_t table;
};

/// The canonical order of a search's pairs: by query, then by table element. The CPU's search
/// sorts its candidates so (whatever order its grid finds them in), a device search writes
/// them so, and the proximity contacts are projected in it (Gauss-Seidel: the order is part
/// of the result).
constexpr bool canonicalBefore(std::uint32_t query, std::uint32_t table, std::uint32_t otherQuery,
                               std::uint32_t otherTable)
{
    return query < otherQuery || (query == otherQuery && table < otherTable);
}

} // namespace pbd::detail
