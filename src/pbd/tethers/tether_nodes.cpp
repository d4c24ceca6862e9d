#include "tethers/tether_nodes.h"

#include <cmath>

namespace pbd::detail {

TetherNodes::TetherNodes(const TetherCloth& cloth, const TetherDomain& domain)
    : width_(static_cast<std::size_t>(cloth.width)), height_(static_cast<std::size_t>(cloth.height)),
      particles_(width_ * height_),
      cells_(cloth.width > 1 && cloth.height > 1 ? width_ - 1 : 0),
      count_(particles_ + cells_ * (cells_ > 0 ? height_ - 1 : 0)),
      halfX_(0.5 * cloth.spacingX), halfY_(0.5 * cloth.spacingY), moves_(count_, 0)
{
    std::array<std::uint32_t, kMaxNeighbours> around{};
    for (std::size_t v = 0; v < count_; ++v) {
        const int n = neighbours(v, around);
        // Among whole cells every neighbour is a move.
        const GridPoint p = point(v);
        const int i = p.y / 2;
        const int j = p.x / 2;
        const bool particle = v < particles_;
        if (cells_ > 0 && domain.brokenCells(i - 1, particle ? i : i + 1, j - 1,
                                             particle ? j : j + 1) == 0) {
            moves_[v] = static_cast<std::uint16_t>((1u << n) - 1);
            continue;
        }
        for (int k = 0; k < n; ++k)
            if (domain.visible(point(v), point(around[static_cast<std::size_t>(k)])))
                moves_[v] = static_cast<std::uint16_t>(moves_[v] | (1u << k));
    }
}

double TetherNodes::length(GridPoint a, GridPoint b) const
{
    const double dx = halfX_ * (b.x - a.x);
    const double dy = halfY_ * (b.y - a.y);
    return std::sqrt(dx * dx + dy * dy);
}

int TetherNodes::neighbours(std::size_t v, std::array<std::uint32_t, kMaxNeighbours>& out) const
{
    int n = 0;
    const GridPoint p = point(v);
    const long long i = p.y / 2;
    const long long j = p.x / 2;
    const auto w = static_cast<long long>(width_);
    const auto h = static_cast<long long>(height_);
    const auto c = static_cast<long long>(cells_);
    auto particle = [&](long long r, long long col) {
        if (r >= 0 && col >= 0 && r < h && col < w)
            out[static_cast<std::size_t>(n++)] = static_cast<std::uint32_t>(r * w + col);
    };
    auto centre = [&](long long r, long long col) {
        if (c > 0 && r >= 0 && col >= 0 && r < h - 1 && col < c)
            out[static_cast<std::size_t>(n++)] =
                static_cast<std::uint32_t>(static_cast<long long>(particles_) + r * c + col);
    };
    if (v < particles_) {
        for (long long r = i - 1; r <= i + 1; ++r)
            for (long long col = j - 1; col <= j + 1; ++col)
                if (r != i || col != j)
                    particle(r, col);
        centre(i - 1, j - 1);
        centre(i - 1, j);
        centre(i, j - 1);
        centre(i, j);
    } else {
        particle(i, j);
        particle(i, j + 1);
        particle(i + 1, j);
        particle(i + 1, j + 1);
        centre(i - 1, j);
        centre(i + 1, j);
        centre(i, j - 1);
        centre(i, j + 1);
    }
    return n;
}

int TetherNodes::moves(std::size_t v, std::array<std::uint32_t, kMaxNeighbours>& out) const
{
    std::array<std::uint32_t, kMaxNeighbours> around{};
    const int n = neighbours(v, around);
    int m = 0;
    for (int k = 0; k < n; ++k)
        if ((moves_[v] >> k & 1u) != 0)
            out[static_cast<std::size_t>(m++)] = around[static_cast<std::size_t>(k)];
    return m;
}

} // namespace pbd::detail
