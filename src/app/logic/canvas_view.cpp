#include "logic/canvas_view.h"

#include <cmath>

#include "logic/picking.h"
#include "logic/view_culling.h"

namespace pbd::app {

void CanvasView::resize(glm::dvec2 windowSize, double contentScale, double logicalScale)
{
    logicalScale_ = std::isfinite(logicalScale) && logicalScale > 0.0 ? logicalScale : 1.0;
    layout_.update(windowSize, contentScale, camera_, logicalScale_);
}

void CanvasView::reset()
{
    camera_.resetToPage(layout_.canvasSize(), glm::dvec2(0.0), logicalScale_);
}

bool CanvasView::fit(std::span<const glm::dvec2> positions)
{
    const WorldRect box = boundsOf(positions);
    if (box.min.x > box.max.x || layout_.canvasSize().x <= 0.0)
        return false; // no finite particle, or no canvas yet
    camera_.fit(box.min, box.max, layout_.canvasSize(), kFitMarginPixels * logicalScale_);
    return true;
}

bool CanvasView::fitIfOutside(std::span<const glm::dvec2> positions)
{
    const WorldRect box = boundsOf(positions);
    if (box.min.x <= box.max.x && layout_.canvasSize().x > 0.0 &&
        !camera_.shows(box.min, box.max, layout_.canvasSize()))
        return fit(positions);
    return false;
}

bool CanvasView::inCanvas(glm::dvec2 p) const
{
    return p.x >= 0.0 && p.y >= 0.0 && p.x < layout_.canvasSize().x &&
           p.y < layout_.canvasSize().y;
}

double CanvasView::pickRadius() const
{
    return kPickRadiusPixels * logicalScale_;
}

} // namespace pbd::app
