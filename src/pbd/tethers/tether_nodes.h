#pragma once
// The graph the tether search runs on: the particles and the cell centres of the rest grid,
// with the moves between neighbours that stay in the cloth. Private to the core.

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "pbd/tethers.h"
#include "tethers/tether_domain.h"

namespace pbd::detail {

/// The search graph: the particles (index i * width + j) and, after them, the cell centres
/// (particle count + i * (width - 1) + j): the corners where a shortest path may bend. Each
/// node's moves (to the neighbours whose segment lies in the cloth) are found once.
class TetherNodes {
public:
    static constexpr int kMaxNeighbours = 12;

    TetherNodes(const TetherCloth& cloth, const TetherDomain& domain);

    std::size_t count() const { return count_; }
    std::size_t particles() const { return particles_; }
    GridPoint point(std::size_t v) const
    {
        if (v < particles_)
            return {static_cast<int>(2 * (v % width_)), static_cast<int>(2 * (v / width_))};
        const std::size_t c = v - particles_;
        return {static_cast<int>(2 * (c % cells_) + 1), static_cast<int>(2 * (c / cells_) + 1)};
    }
    /// The node at a particle's or a centre's point.
    std::size_t node(GridPoint p) const
    {
        const auto x = static_cast<std::size_t>(p.x / 2);
        const auto y = static_cast<std::size_t>(p.y / 2);
        return p.x % 2 == 0 ? y * width_ + x : particles_ + y * cells_ + x;
    }
    /// Rest distance in metres between two points of the grid.
    double length(GridPoint a, GridPoint b) const;
    /// The neighbours of v that a segment in the cloth joins to it; returns how many.
    int moves(std::size_t v, std::array<std::uint32_t, kMaxNeighbours>& out) const;

private:
    /// All neighbours of v (a particle's eight and its cells' centres; a centre's corners and
    /// the centres beside it), in a fixed order; returns how many.
    int neighbours(std::size_t v, std::array<std::uint32_t, kMaxNeighbours>& out) const;

    std::size_t width_;
    std::size_t height_;
    std::size_t particles_;
    std::size_t cells_; ///< cells per row (0 without cells)
    std::size_t count_;
    double halfX_;
    double halfY_;
    std::vector<std::uint16_t> moves_; ///< per node: bit k set when neighbour k is a move
};

} // namespace pbd::detail
