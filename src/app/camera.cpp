#include "camera.h"

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

} // namespace pbd::app
