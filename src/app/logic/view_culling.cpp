#include "logic/view_culling.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/common.hpp>

namespace pbd::app {

WorldRect visibleWorld(const Camera& camera, glm::dvec2 canvasSize, double marginPixels)
{
    // Screen y grows down, world y up: the canvas's top-left is the world's (min x, max y).
    const glm::dvec2 topLeft = camera.screenToWorld(glm::dvec2(-marginPixels));
    const glm::dvec2 bottomRight = camera.screenToWorld(canvasSize + glm::dvec2(marginPixels));
    return {{topLeft.x, bottomRight.y}, {bottomRight.x, topLeft.y}};
}

WorldRect boundsOf(std::span<const glm::dvec2> positions)
{
    constexpr double kInf = std::numeric_limits<double>::infinity();
    WorldRect box{glm::dvec2(kInf), glm::dvec2(-kInf)};
    for (const glm::dvec2& p : positions) {
        if (!std::isfinite(p.x) || !std::isfinite(p.y))
            continue;
        box.min = glm::min(box.min, p);
        box.max = glm::max(box.max, p);
    }
    return box;
}

void visibleParticles(std::span<const glm::dvec2> positions, const WorldRect& rect,
                      std::vector<std::uint32_t>& out)
{
    out.clear();
    for (std::size_t i = 0; i < positions.size(); ++i)
        if (rect.contains(positions[i]))
            out.push_back(static_cast<std::uint32_t>(i));
}

void visibleLines(std::span<const glm::dvec2> positions, std::span<const std::uint32_t> pairs,
                  const WorldRect& rect, std::vector<std::uint32_t>& out,
                  std::vector<std::uint32_t>* kept)
{
    out.clear();
    if (kept)
        kept->clear();
    for (std::size_t k = 0; k + 1 < pairs.size(); k += 2) {
        const std::uint32_t a = pairs[k], b = pairs[k + 1];
        if (a >= positions.size() || b >= positions.size())
            continue;
        const glm::dvec2 pa = positions[a], pb = positions[b];
        if (std::max(pa.x, pb.x) >= rect.min.x && std::min(pa.x, pb.x) <= rect.max.x &&
            std::max(pa.y, pb.y) >= rect.min.y && std::min(pa.y, pb.y) <= rect.max.y) {
            out.push_back(a);
            out.push_back(b);
            if (kept)
                kept->push_back(static_cast<std::uint32_t>(k / 2));
        }
    }
}

double discRadius(const ClothRestLengths& rest)
{
    return kPageDiscRadius * (std::min(rest.horizontal, rest.vertical) / kGridSpacing);
}

bool discsVisible(double radius, double zoom, double pixelScale)
{
    return 2.0 * radius * zoom * pixelScale >= kMinDiscDiameterPixels;
}

} // namespace pbd::app
