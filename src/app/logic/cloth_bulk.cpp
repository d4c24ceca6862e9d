#include "logic/cloth_bulk.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include <glm/common.hpp>


namespace pbd::app {
namespace {

bool finite(glm::dvec2 p) { return std::isfinite(p.x) && std::isfinite(p.y); }

/// The q-quantile (0 <= q <= 1) of `values` (reordered; not empty), by rank.
double quantile(std::vector<double>& values, double q)
{
    const auto rank = static_cast<std::ptrdiff_t>(
        std::floor(q * static_cast<double>(values.size() - 1) + 0.5));
    std::nth_element(values.begin(), values.begin() + rank, values.end());
    return values[static_cast<std::size_t>(rank)];
}

} // namespace

std::optional<WorldRect> clothBulkReach(std::span<const glm::dvec2> positions)
{
    const std::size_t n = positions.size();
    const auto count =
        static_cast<std::size_t>(std::count_if(positions.begin(), positions.end(), finite));
    if (count < kBulkMinParticles)
        return std::nullopt;

    // The core from evenly spaced samples of the candidates.
    const std::size_t stride = (count + kBulkSamples - 1) / kBulkSamples;
    std::vector<double> xs, ys;
    xs.reserve(count / stride + 1);
    ys.reserve(count / stride + 1);
    std::size_t seen = 0;
    for (std::size_t i = 0; i < n; ++i)
        if (finite(positions[i]) && seen++ % stride == 0) {
            xs.push_back(positions[i].x);
            ys.push_back(positions[i].y);
        }
    const glm::dvec2 lo(quantile(xs, kBulkQuantile), quantile(ys, kBulkQuantile));
    const glm::dvec2 hi(quantile(xs, 1.0 - kBulkQuantile), quantile(ys, 1.0 - kBulkQuantile));
    const glm::dvec2 extent = hi - lo;
    const double least = 0.5 * std::max(extent.x, extent.y);
    const glm::dvec2 grow(std::max(extent.x, least), std::max(extent.y, least));
    return WorldRect{lo - grow, hi + grow};
}

WorldRect clothBulk(std::span<const glm::dvec2> positions)
{
    constexpr double kInf = std::numeric_limits<double>::infinity();
    const std::optional<WorldRect> reach = clothBulkReach(positions);
    const WorldRect within = reach ? *reach : WorldRect{glm::dvec2(-kInf), glm::dvec2(kInf)};
    WorldRect box{glm::dvec2(kInf), glm::dvec2(-kInf)};
    for (const glm::dvec2& p : positions)
        if (finite(p) && p.x >= within.min.x && p.x <= within.max.x && p.y >= within.min.y &&
            p.y <= within.max.y) {
            box.min = glm::min(box.min, p);
            box.max = glm::max(box.max, p);
        }
    return box;
}

} // namespace pbd::app
