#include "logic/export_options.h"

#include <algorithm>
#include <cmath>

namespace pbd::app {

glm::ivec2 exportedPixels(bool canvasOnly, glm::ivec2 framebufferSize, double canvasWidth,
                          double windowWidth)
{
    if (!canvasOnly || framebufferSize.x <= 0 || !std::isfinite(canvasWidth) ||
        !std::isfinite(windowWidth) || canvasWidth <= 0.0 || windowWidth <= 0.0)
        return framebufferSize;
    const double columns = std::round(canvasWidth * framebufferSize.x / windowWidth);
    return {static_cast<int>(std::clamp(columns, 1.0, static_cast<double>(framebufferSize.x))),
            framebufferSize.y};
}

} // namespace pbd::app
