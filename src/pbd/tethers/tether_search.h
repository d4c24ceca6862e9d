#pragma once
// Shortest paths through the cloth at rest from one anchor to every particle, for the tether
// lengths (computeTethers). Private to the core.

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "pbd/tethers.h"
#include "tethers/tether_domain.h"
#include "tethers/tether_nodes.h"

namespace pbd::detail {

/// Shortest rest distances through the cloth from an anchor to every node.
class AnchorSearch {
public:
    AnchorSearch(const TetherDomain& domain, const TetherNodes& nodes);

    /// Distances in metres from particle `anchor` (infinity where no path leads); valid until
    /// the next run.
    const std::vector<double>& run(std::size_t anchor);

private:
    struct Entry;
    void settle(std::size_t v, double d, std::uint32_t parent);
    void searchShadow();
    void refine();
    Entry bendAtNeighbour(std::size_t v, std::uint32_t tried) const;
    bool onlyParent(const Entry& e, GridPoint p) const;
    void straighten(Entry& e, GridPoint p) const;
    void slideBend(Entry& e, GridPoint p) const;
    std::uint32_t pullBack(std::uint32_t from, std::uint32_t to, GridPoint p, std::size_t v) const;
    bool better(double key, std::uint32_t parent, const Entry& best) const;
    bool sees(std::uint32_t from, GridPoint p, std::size_t v) const;

    const TetherDomain& domain_;
    const TetherNodes& nodes_;
    std::uint32_t anchor_ = 0;
    std::vector<double> distance_;
    std::vector<std::uint32_t> parent_;
    std::vector<std::uint32_t> second_; ///< another parent as near, or none (Entry::second)
    std::vector<std::uint8_t> done_;
    std::vector<std::uint8_t> seenByAnchor_; ///< the anchor sees the node
    std::vector<double> best_;               ///< the smallest key pushed per node
};

} // namespace pbd::detail
