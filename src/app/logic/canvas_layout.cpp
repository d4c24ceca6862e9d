#include "logic/canvas_layout.h"

#include <algorithm>
#include <cmath>

namespace pbd::app {

double logicalPixelScale(double contentScale, double windowWidth, double framebufferWidth)
{
    const auto positive = [](double v) { return std::isfinite(v) && v > 0.0; };
    if (!positive(contentScale) || !positive(windowWidth) || !positive(framebufferWidth))
        return 1.0;
    const double scale = contentScale * windowWidth / framebufferWidth;
    return positive(scale) ? scale : 1.0;
}

bool CanvasLayout::update(glm::dvec2 size, double contentScale, Camera& camera,
                          double logicalScale)
{
    if (!(std::isfinite(size.x) && std::isfinite(size.y)) || size.x <= 0.0 || size.y <= 0.0 ||
        size == windowSize_)
        return false;
    const double scale = std::isfinite(contentScale) && contentScale > 0.0 ? contentScale : 1.0;
    const double minimum = std::min(kMinPanelWidth * scale, 0.5 * size.x);
    const double panel = std::max(std::round(kPanelFraction * size.x), minimum);
    const glm::dvec2 canvas{size.x - panel, size.y};
    if (windowSize_.x <= 0.0) {
        camera.resetToPage(canvas, glm::dvec2(0.0), logicalScale);
    } else {
        // Keep the world point at the canvas centre where it was (the initial view stays
        // centred for the new canvas size); shrinking and growing back returns the view.
        camera.pan(0.5 * (canvas - canvasSize_));
    }
    windowSize_ = size;
    canvasSize_ = canvas;
    return true;
}

} // namespace pbd::app
