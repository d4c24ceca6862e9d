#include "logic/camera.h"

#include <algorithm>
#include <cmath>

namespace pbd::app {

void Camera::resetToPage(glm::dvec2 canvasSize, glm::dvec2 canvasOffset, double logicalScale)
{
    // The page: origin = (canvas.width / 2, canvas.height / 2 - 200), zoom = 50, in CSS pixels.
    const double s = std::isfinite(logicalScale) && logicalScale > 0.0 ? logicalScale : 1.0;
    zoom_ = std::clamp(kPageZoom * s, kMinZoom, kMaxZoom);
    origin_ = canvasOffset +
              glm::dvec2(canvasSize.x / 2.0, canvasSize.y / 2.0 - kPageOriginLift * s);
}

glm::dvec2 Camera::worldToScreen(glm::dvec2 world) const
{
    return origin_ + zoom_ * glm::dvec2(world.x, -world.y);
}

glm::dvec2 Camera::screenToWorld(glm::dvec2 screen) const
{
    const glm::dvec2 d = (screen - origin_) / zoom_;
    return {d.x, -d.y};
}

void Camera::zoomAt(double factor, glm::dvec2 screenPoint)
{
    if (!std::isfinite(factor) || factor <= 0.0 || !std::isfinite(screenPoint.x) ||
        !std::isfinite(screenPoint.y))
        return;
    const double newZoom = std::clamp(zoom_ * factor, kMinZoom, kMaxZoom);
    // Keep the world point w under screenPoint p: p = origin + zoom * (w.x, -w.y) before and
    // after, so origin' = p - (p - origin) * zoom' / zoom (the Box2D samples' re-pan).
    origin_ = screenPoint - (screenPoint - origin_) * (newZoom / zoom_);
    zoom_ = newZoom;
}

void Camera::pan(glm::dvec2 screenDelta)
{
    if (std::isfinite(screenDelta.x) && std::isfinite(screenDelta.y))
        origin_ += screenDelta;
}

void Camera::fit(glm::dvec2 worldMin, glm::dvec2 worldMax, glm::dvec2 canvasSize,
                 double marginPixels)
{
    const auto finite = [](glm::dvec2 v) { return std::isfinite(v.x) && std::isfinite(v.y); };
    if (!finite(worldMin) || !finite(worldMax) || !finite(canvasSize) ||
        !std::isfinite(marginPixels) || worldMax.x < worldMin.x || worldMax.y < worldMin.y ||
        canvasSize.x <= 0.0 || canvasSize.y <= 0.0)
        return;
    // A canvas narrower than two margins keeps a margin of a quarter of its smaller side.
    const double margin = std::clamp(marginPixels, 0.0, 0.25 * std::min(canvasSize.x, canvasSize.y));
    const glm::dvec2 room = canvasSize - 2.0 * margin;
    const glm::dvec2 extent = worldMax - worldMin;
    double zoom = zoom_;
    if (extent.x > 0.0 && extent.y > 0.0)
        zoom = std::min(room.x / extent.x, room.y / extent.y);
    else if (extent.x > 0.0)
        zoom = room.x / extent.x;
    else if (extent.y > 0.0)
        zoom = room.y / extent.y;
    zoom_ = std::clamp(zoom, kMinZoom, kMaxZoom);
    const glm::dvec2 centre = 0.5 * (worldMin + worldMax);
    origin_ = 0.5 * canvasSize - zoom_ * glm::dvec2(centre.x, -centre.y);
}

bool Camera::shows(glm::dvec2 worldMin, glm::dvec2 worldMax, glm::dvec2 canvasSize,
                   double marginPixels) const
{
    // y flips: the world's top (max y) is the screen's smallest y.
    const glm::dvec2 topLeft = worldToScreen({worldMin.x, worldMax.y});
    const glm::dvec2 bottomRight = worldToScreen({worldMax.x, worldMin.y});
    return topLeft.x >= marginPixels && topLeft.y >= marginPixels &&
           bottomRight.x <= canvasSize.x - marginPixels &&
           bottomRight.y <= canvasSize.y - marginPixels;
}

} // namespace pbd::app
