#include "cloth/bending.h"

#include <array>

namespace pbd::detail {

BendingConstraints buildBending(int width, int height, double du, double dv, double rigidity)
{
    BendingConstraints out;
    out.width = width;
    out.height = height;
    out.across = du;
    out.down = dv;
    out.rigidity = rigidity;
    const std::uint32_t w = static_cast<std::uint32_t>(width);
    const std::uint32_t h = static_cast<std::uint32_t>(height);
    // The constraints' order (buildClothGrid()): h (w - 1) horizontals, then (h - 1) w
    // verticals, then two diagonals per cell.
    const std::uint32_t verticals = h * (w - 1);
    const std::uint32_t diagonals = verticals + (h - 1) * w;
    const double cell = du * dv;
    out.bends.reserve((w > 2 ? static_cast<std::size_t>(h) * (w - 2) : 0) +
                      (h > 2 ? static_cast<std::size_t>(w) * (h - 2) : 0));
    // A row's line of particles stands for a strip dv wide (half that on the first and last
    // rows): alpha = du^4 / (B du dv).
    for (std::uint32_t i = 0; i < h; ++i) {
        const double area = (i == 0 || i + 1 == h) ? 0.5 * cell : cell;
        const double compliance = du * du * du * du / (rigidity * area);
        for (std::uint32_t j = 1; j + 1 < w; ++j) {
            const Index b = i * w + j;
            out.bends.push_back({b - 1, b, b + 1, i * (w - 1) + j - 1, i * (w - 1) + j,
                                 compliance});
        }
    }
    for (std::uint32_t j = 0; j < w; ++j) {
        const double area = (j == 0 || j + 1 == w) ? 0.5 * cell : cell;
        const double compliance = dv * dv * dv * dv / (rigidity * area);
        for (std::uint32_t i = 1; i + 1 < h; ++i) {
            const Index b = i * w + j;
            out.bends.push_back({b - w, b, b + w, verticals + (i - 1) * w + j,
                                 verticals + i * w + j, compliance});
        }
    }
    out.twists.reserve(static_cast<std::size_t>(h - 1) * (w - 1));
    const double twist = cell / (2.0 * rigidity);
    for (std::uint32_t i = 0; i + 1 < h; ++i)
        for (std::uint32_t j = 0; j + 1 < w; ++j) {
            const Index k = i * w + j;
            out.twists.push_back({k, k + 1, k + w, k + w + 1,
                                  diagonals + 2 * (i * (w - 1) + j), twist});
        }
    return out;
}

BendingSetOrder orderBendingSets(const BendingConstraints& bending)
{
    // Ten sets of constraints that share no particle: a row's bends by their middle column
    // mod 3, a column's by their first row mod 3, the cells' twists by row and column
    // parity. Each constraint belongs to the row of its first particle, so that a chunk of
    // rows projects its own (the colored solver's chunks reach two rows into the next).
    const auto width = static_cast<std::uint32_t>(bending.width);
    const auto rows = static_cast<std::size_t>(bending.height);
    std::vector<std::uint8_t> setOf;
    std::vector<std::uint32_t> rowOf;
    for (const Bend& k : bending.bends) {
        const std::uint32_t i = k.a / width;
        rowOf.push_back(i);
        setOf.push_back(static_cast<std::uint8_t>(k.b - k.a == 1 ? (k.b % width) % 3
                                                                  : 3 + i % 3));
    }
    for (const Twist& k : bending.twists) {
        const std::uint32_t i = k.a / width;
        rowOf.push_back(i);
        setOf.push_back(static_cast<std::uint8_t>(6 + 2 * (i % 2) + (k.a % width) % 2));
    }
    std::array<std::vector<std::uint32_t>, kBendingSets> counts;
    for (auto& c : counts)
        c.assign(rows + 1, 0);
    for (std::size_t k = 0; k < setOf.size(); ++k)
        ++counts[setOf[k]][rowOf[k] + 1];
    BendingSetOrder out;
    std::uint32_t offset = 0;
    for (std::size_t s = 0; s < kBendingSets; ++s) {
        out.start[s].assign(rows + 1, 0);
        for (std::size_t i = 0; i <= rows; ++i) {
            offset += counts[s][i];
            out.start[s][i] = offset;
        }
    }
    out.order.assign(setOf.size(), 0);
    std::array<std::vector<std::uint32_t>, kBendingSets> next = out.start;
    for (std::size_t k = 0; k < setOf.size(); ++k)
        out.order[next[setOf[k]][rowOf[k]]++] = static_cast<std::uint32_t>(k);
    return out;
}

void projectBending(const BendingConstraints& bending, Vec<3>* x, const double* w, double h,
                    const std::uint8_t* alive, Vec<3>* lambda)
{
    const double invH2 = 1.0 / (h * h);
    for (const Bend& k : bending.bends)
        projectBend(k, x, w, invH2, alive, *lambda++);
    for (const Twist& k : bending.twists)
        projectTwist(k, x, w, invH2, alive, *lambda++);
}

double bendingEnergy(const BendingConstraints& bending, const Vec<3>* x)
{
    double e = 0.0;
    for (const Bend& k : bending.bends) {
        const Vec<3> c = x[k.a] - 2.0 * x[k.b] + x[k.c];
        e += 0.5 * squaredLength(c) / k.compliance;
    }
    for (const Twist& k : bending.twists) {
        const Vec<3> c = (x[k.a] - x[k.b]) - (x[k.c] - x[k.d]);
        e += 0.5 * squaredLength(c) / k.compliance;
    }
    return e;
}

} // namespace pbd::detail
