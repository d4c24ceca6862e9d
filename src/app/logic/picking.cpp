#include "logic/picking.h"

#include <cmath>

namespace pbd::app {

std::optional<Index> pickParticle(const Camera& camera, std::span<const glm::dvec2> positions,
                                  glm::dvec2 screenPoint, double radiusPixels)
{
    std::optional<Index> best;
    double bestDistance = radiusPixels; // candidates must be strictly closer than the radius
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const glm::dvec2 d = camera.worldToScreen(positions[i]) - screenPoint;
        // The page's test: sqrt(dx*dx + dy*dy) < 10; strict < keeps the lower index on ties.
        const double distance = std::sqrt(d.x * d.x + d.y * d.y);
        if (distance < bestDistance) {
            bestDistance = distance;
            best = static_cast<Index>(i);
        }
    }
    return best;
}

} // namespace pbd::app
