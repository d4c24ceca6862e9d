#pragma once
// The cloth at rest as a region of the plane, for the tether lengths: which parts of it are
// material, and whether a straight segment between two of its points stays inside. Private to
// the core (the tests reach it to check it against a brute force).

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace pbd::detail {

/// A point of the rest grid in doubled grid units: particle (row i, column j) is (2j, 2i), the
/// centre of cell (i, j) is (2j + 1, 2i + 1); y grows with the row. Visibility is affine
/// invariant, so these integer coordinates decide it exactly whatever the spacing.
struct GridPoint {
    int x = 0;
    int y = 0;
    bool operator==(const GridPoint&) const = default;
};

/// A cell's quarters: the four triangles between its edges and its centre.
enum Quarter : int { kTopQuarter = 0, kRightQuarter = 1, kBottomQuarter = 2, kLeftQuarter = 3 };

/// The cloth as a region D of the plane. Each cell (i, j) of the grid holds four triangles
/// made of its constraints, two per diagonal: (TL, TR, BR) and (TL, BR, BL) with the diagonal
/// TL-BR, (TL, TR, BL) and (TR, BR, BL) with TR-BL. A triangle is material when its three
/// constraints are live; D is the union of the material triangles and of the live constraints
/// (segments), closed. A quarter of a cell lies in D when one of the two triangles covering it
/// is material, so a cell with one diagonal removed stays whole (the other pair covers it), a
/// removed edge opens a diamond between its two cells, and a cut leaves a gap one cell wide.
class TetherDomain {
public:
    /// `alive`: one flag per constraint in buildClothGrid's order (1 live).
    TetherDomain(int width, int height, std::span<const std::uint8_t> alive);

    int width() const { return width_; }
    int height() const { return height_; }
    /// Every cell has its four quarters (then D is the whole rectangle, and with a cloth one
    /// particle wide or high, every constraint is live).
    bool intact() const { return intact_; }
    /// Whether quarter q of cell (i, j) lies in D.
    bool quarter(int i, int j, int q) const
    {
        return (quarters_[static_cast<std::size_t>(i) * cellColumns_ + j] >> q & 1u) != 0;
    }
    /// Cells among rows [i0, i1] and columns [j0, j1] (clamped to the grid) that are not whole.
    std::uint32_t brokenCells(int i0, int i1, int j0, int j1) const;
    /// Whether constraint k is live.
    bool live(std::size_t k) const { return alive_[k] != 0; }

    /// Whether the closed segment from a to b lies in D (both are particles or cell centres).
    /// Exact: integer arithmetic throughout.
    bool visible(GridPoint a, GridPoint b) const;

    /// Constraint indices in buildClothGrid's order.
    std::size_t horizontal(int i, int j) const;     ///< (i, j) - (i, j + 1)
    std::size_t vertical(int i, int j) const;       ///< (i, j) - (i + 1, j)
    std::size_t diagonal(int i, int j) const;       ///< (i, j) - (i + 1, j + 1)
    std::size_t antiDiagonal(int i, int j) const;   ///< (i, j + 1) - (i + 1, j)

private:
    bool cellFull(int i, int j) const
    {
        return quarters_[static_cast<std::size_t>(i) * cellColumns_ + j] == 0xFu;
    }
    bool alongRow(GridPoint a, GridPoint b) const;
    bool alongColumn(GridPoint a, GridPoint b) const;
    bool alongDiagonal(GridPoint a, GridPoint b) const;
    bool across(GridPoint a, GridPoint b) const;

    int width_;
    int height_;
    int cellColumns_; ///< width - 1 (0 when there are no cells)
    int cellRows_;    ///< height - 1
    std::span<const std::uint8_t> alive_;
    std::vector<std::uint8_t> quarters_; ///< per cell: bit q set when quarter q lies in D
    /// Summed-area table of the non-whole cells, (cellRows + 1) x (cellColumns + 1).
    std::vector<std::uint32_t> broken_;
    bool intact_ = true;
};

} // namespace pbd::detail
