#include "logic/free_spot.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include <glm/geometric.hpp>

namespace pbd::app {
namespace {

glm::dvec2 rotate(glm::dvec2 v, double degrees)
{
    const double t = degrees * std::numbers::pi / 180.0;
    const double c = std::cos(t), s = std::sin(t);
    return {c * v.x - s * v.y, s * v.x + c * v.y};
}

} // namespace

double obstacleDistance(const Obstacle& o, glm::dvec2 p)
{
    switch (o.shape) {
    case ObstacleShape::Circle:
        return glm::length(p - o.a) - o.radius;
    case ObstacleShape::Box: {
        const glm::dvec2 local = glm::abs(rotate(p - o.a, -o.angle));
        const glm::dvec2 q = local - 0.5 * glm::dvec2(o.width, o.height);
        return glm::length(glm::max(q, glm::dvec2(0.0))) + std::min(std::max(q.x, q.y), 0.0);
    }
    case ObstacleShape::Capsule: {
        const glm::dvec2 d = o.b - o.a;
        const double length2 = glm::dot(d, d);
        const double t = length2 > 0.0 ? std::clamp(glm::dot(p - o.a, d) / length2, 0.0, 1.0)
                                       : 0.0;
        return glm::length(p - (o.a + t * d)) - o.radius;
    }
    case ObstacleShape::Ground: {
        const glm::dvec2 normal = rotate({0.0, 1.0}, o.angle); // (-sin, cos): its free side
        return glm::dot(p - o.a, normal);
    }
    }
    return 0.0;
}

std::optional<glm::dvec2> freeSpot(double reach, const WorldRect& view, const Occupied& occupied)
{
    constexpr int kCells = 40; // candidates per side of the view
    const glm::dvec2 low = view.min + glm::dvec2(reach);
    const glm::dvec2 high = view.max - glm::dvec2(reach);
    if (!(low.x <= high.x && low.y <= high.y) || !(reach >= 0.0))
        return std::nullopt; // the view is smaller than the shape
    const glm::dvec2 spacing = glm::max((high - low) / double(kCells), glm::dvec2(1e-9));
    const int nx = static_cast<int>(std::floor((high.x - low.x) / spacing.x)) + 1;
    const int ny = static_cast<int>(std::floor((high.y - low.y) / spacing.y)) + 1;
    std::vector<char> blocked(static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny), 0);
    const double clear = reach + occupied.gap;
    // Each particle blocks the candidates within `clear` of it: a window of the grid, so that
    // a 300 x 300 cloth costs one pass, not one per candidate.
    for (const glm::dvec2 p : occupied.particles) {
        if (!std::isfinite(p.x) || !std::isfinite(p.y))
            continue;
        // The window's bounds in doubles, clamped to the grid before they become indices (a
        // particle a million metres off would overflow an int).
        const auto first = [](double v, int n) {
            return static_cast<int>(std::clamp(std::ceil(v), 0.0, static_cast<double>(n)));
        };
        const auto last = [](double v, int n) {
            return static_cast<int>(std::clamp(std::floor(v), -1.0, static_cast<double>(n - 1)));
        };
        const int i0 = first((p.x - clear - low.x) / spacing.x, nx);
        const int i1 = last((p.x + clear - low.x) / spacing.x, nx);
        const int j0 = first((p.y - clear - low.y) / spacing.y, ny);
        const int j1 = last((p.y + clear - low.y) / spacing.y, ny);
        for (int j = j0; j <= j1; ++j)
            for (int i = i0; i <= i1; ++i) {
                const glm::dvec2 c = low + glm::dvec2(i, j) * spacing;
                if (glm::length(c - p) < clear)
                    blocked[static_cast<std::size_t>(j) * nx + i] = 1;
            }
    }
    const glm::dvec2 centre = 0.5 * (view.min + view.max);
    std::optional<glm::dvec2> best;
    double bestDistance = 0.0;
    for (int j = 0; j < ny; ++j)
        for (int i = 0; i < nx; ++i) {
            if (blocked[static_cast<std::size_t>(j) * nx + i])
                continue;
            const glm::dvec2 c = low + glm::dvec2(i, j) * spacing;
            const double distance = glm::length(c - centre);
            if (best && distance >= bestDistance)
                continue;
            const bool free =
                std::all_of(occupied.obstacles.begin(), occupied.obstacles.end(),
                            [&](const Obstacle& o) { return obstacleDistance(o, c) >= clear; }) &&
                std::all_of(occupied.balls.begin(), occupied.balls.end(), [&](const Ball& b) {
                    return glm::length(c - b.position) >= clear + b.radius;
                });
            if (free) {
                best = c;
                bestDistance = distance;
            }
        }
    return best;
}

} // namespace pbd::app
