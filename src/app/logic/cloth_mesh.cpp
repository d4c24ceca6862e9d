#include "logic/cloth_mesh.h"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

namespace pbd::app {
namespace {

/// Rows (or columns) a decimated picture keeps: 0, step, 2 step, ... and always the last.
std::vector<int> sampled(int count, int step)
{
    std::vector<int> kept;
    for (int i = 0; i < count; i += step)
        kept.push_back(i);
    if (kept.back() != count - 1)
        kept.push_back(count - 1);
    return kept;
}

/// One cell's two triangles (a top-left, b top-right, c bottom-left, d bottom-right),
/// counter-clockwise with y up (rows go down), or the whole triangles of the better split.
void cellTriangles(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d,
                   const std::array<bool, 4>& whole, std::vector<std::uint32_t>& out)
{
    // whole: (a, d, b), (a, c, d) split along the falling diagonal; (a, c, b), (b, c, d) along
    // the rising one. The falling split unless the rising one has more.
    const int falling = int{whole[0]} + int{whole[1]};
    const int rising = int{whole[2]} + int{whole[3]};
    const std::array<std::array<std::uint32_t, 3>, 4> triangles{
        {{a, d, b}, {a, c, d}, {a, c, b}, {b, c, d}}};
    const std::size_t first = rising > falling ? 2 : 0;
    for (std::size_t t = first; t < first + 2; ++t)
        if (whole[t])
            out.insert(out.end(), triangles[t].begin(), triangles[t].end());
}

} // namespace

const char* drawModeName(DrawMode mode)
{
    for (const auto& [value, name] : kDrawModeNames)
        if (value == mode)
            return name.data();
    return "lines";
}

std::optional<DrawMode> drawModeFromName(std::string_view name)
{
    for (const auto& [value, word] : kDrawModeNames)
        if (word == name)
            return value;
    return std::nullopt;
}

bool GridEdges::cellWhole(int i, int j) const
{
    const std::size_t a = static_cast<std::size_t>(i) * static_cast<std::size_t>(width) +
                          static_cast<std::size_t>(j);
    const std::size_t c = a + static_cast<std::size_t>(width);
    return right[a] != kNoEdge && right[c] != kNoEdge && down[a] != kNoEdge &&
           down[a + 1] != kNoEdge && (falling[a] != kNoEdge || rising[a] != kNoEdge);
}

GridEdges gridEdges(int width, int height, std::span<const DistanceConstraint> constraints,
                    std::span<const std::uint8_t> alive)
{
    GridEdges edges;
    if (width < 2 || height < 2)
        return edges;
    edges.width = width;
    edges.height = height;
    const std::size_t n = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    for (auto* list : {&edges.right, &edges.down, &edges.falling, &edges.rising})
        list->assign(n, kNoEdge);
    const auto w = static_cast<std::size_t>(width);
    for (std::size_t k = 0; k < constraints.size(); ++k) {
        if (k < alive.size() && alive[k] == 0)
            continue;
        const std::size_t a = std::min(constraints[k].a, constraints[k].b);
        const std::size_t b = std::max(constraints[k].a, constraints[k].b);
        if (b >= n)
            continue;
        const std::size_t column = a % w;
        const auto id = static_cast<std::uint32_t>(k);
        if (b == a + 1 && column + 1 < w)
            edges.right[a] = id;
        else if (b == a + w)
            edges.down[a] = id;
        else if (b == a + w + 1 && column + 1 < w)
            edges.falling[a] = id;
        else if (b + 1 == a + w && column > 0) // (i, j+1)-(i+1, j): the cell left of a
            edges.rising[a - 1] = id;
    }
    return edges;
}

int lodStep(double cellPixels, double minPixels)
{
    constexpr int kLargest = 1 << 16;
    if (!(cellPixels > 0.0) || !std::isfinite(cellPixels))
        return kLargest;
    int step = 1;
    while (step < kLargest && step * cellPixels < minPixels)
        step *= 2;
    return step;
}

void decimatedLines(const GridEdges& edges, int step, LineSet& out)
{
    out.pairs.clear();
    out.constraints.clear();
    if (edges.empty())
        return;
    step = std::max(step, 1);
    const auto w = static_cast<std::uint32_t>(edges.width);
    const std::vector<int> rows = sampled(edges.height, step);
    const std::vector<int> columns = sampled(edges.width, step);
    // A segment from particle p over `cells` edges of `list`, each `stride` further on.
    const auto segment = [&](const std::vector<std::uint32_t>& list, std::uint32_t p,
                             int cells, std::uint32_t stride) {
        for (int c = 0; c < cells; ++c)
            if (list[p + static_cast<std::uint32_t>(c) * stride] == kNoEdge)
                return;
        out.pairs.push_back(p);
        out.pairs.push_back(p + static_cast<std::uint32_t>(cells) * stride);
        out.constraints.push_back(list[p]);
    };
    for (int i : rows)
        for (std::size_t c = 0; c + 1 < columns.size(); ++c)
            segment(edges.right, static_cast<std::uint32_t>(i) * w + static_cast<std::uint32_t>(columns[c]),
                    columns[c + 1] - columns[c], 1);
    for (int j : columns)
        for (std::size_t r = 0; r + 1 < rows.size(); ++r)
            segment(edges.down, static_cast<std::uint32_t>(rows[r]) * w + static_cast<std::uint32_t>(j),
                    rows[r + 1] - rows[r], w);
}

void meshTriangles(const GridEdges& edges, int step, std::vector<std::uint32_t>& out)
{
    out.clear();
    if (edges.empty())
        return;
    const auto w = static_cast<std::uint32_t>(edges.width);
    const auto at = [w](int i, int j) {
        return static_cast<std::uint32_t>(i) * w + static_cast<std::uint32_t>(j);
    };
    const auto alive = [](std::uint32_t id) { return id != kNoEdge; };
    if (step <= 1) {
        out.reserve(6 * static_cast<std::size_t>(edges.width - 1) *
                    static_cast<std::size_t>(edges.height - 1));
        for (int i = 0; i + 1 < edges.height; ++i)
            for (int j = 0; j + 1 < edges.width; ++j) {
                const std::uint32_t a = at(i, j), b = a + 1, c = a + w, d = c + 1;
                const bool top = alive(edges.right[a]), bottom = alive(edges.right[c]);
                const bool left = alive(edges.down[a]), right = alive(edges.down[b]);
                const bool fall = alive(edges.falling[a]), rise = alive(edges.rising[a]);
                cellTriangles(a, b, c, d,
                              {fall && right && top, fall && left && bottom,
                               rise && left && top, rise && right && bottom},
                              out);
            }
        return;
    }
    const std::vector<int> rows = sampled(edges.height, step);
    const std::vector<int> columns = sampled(edges.width, step);
    for (std::size_t r = 0; r + 1 < rows.size(); ++r)
        for (std::size_t c = 0; c + 1 < columns.size(); ++c) {
            bool whole = true;
            for (int i = rows[r]; i < rows[r + 1] && whole; ++i)
                for (int j = columns[c]; j < columns[c + 1] && whole; ++j)
                    whole = edges.cellWhole(i, j);
            if (!whole)
                continue;
            const std::uint32_t a = at(rows[r], columns[c]), b = at(rows[r], columns[c + 1]);
            const std::uint32_t cc = at(rows[r + 1], columns[c]), d = at(rows[r + 1], columns[c + 1]);
            cellTriangles(a, b, cc, d, {true, true, false, false}, out);
        }
}

void particleStrains(const LineSet& lines, std::span<const float> strains, std::size_t particles,
                     std::vector<float>& out, std::vector<std::uint16_t>& counts)
{
    out.assign(particles, 0.0f);
    counts.assign(particles, 0);
    for (std::size_t l = 0; l < lines.constraints.size(); ++l) {
        const std::uint32_t k = lines.constraints[l];
        if (k >= strains.size())
            continue;
        for (std::uint32_t p : {lines.pairs[2 * l], lines.pairs[2 * l + 1]})
            if (p < particles) {
                out[p] += strains[k];
                ++counts[p];
            }
    }
    for (std::size_t p = 0; p < particles; ++p)
        if (counts[p] > 0)
            out[p] /= static_cast<float>(counts[p]);
}

void vertexNormals(std::span<const glm::dvec3> positions, std::span<const std::uint32_t> triangles,
                   std::vector<glm::vec3>& out)
{
    // Each face in double, the sums in float: at most six faces meet at a particle.
    out.assign(positions.size(), glm::vec3(0.0f));
    for (std::size_t t = 0; t + 2 < triangles.size(); t += 3) {
        const std::uint32_t a = triangles[t], b = triangles[t + 1], c = triangles[t + 2];
        const glm::dvec3 n = glm::cross(positions[b] - positions[a], positions[c] - positions[a]);
        const glm::vec3 f(n);
        out[a] += f;
        out[b] += f;
        out[c] += f;
    }
    for (glm::vec3& n : out) {
        const float length = glm::length(n);
        n = length > 0.0f && std::isfinite(length) ? n / length : glm::vec3(0.0f, 0.0f, 1.0f);
    }
}

} // namespace pbd::app
