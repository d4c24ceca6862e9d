#include "logic/canvas_view.h"

#include <algorithm>
#include <cmath>

#include <glm/common.hpp>

#include "logic/cloth_bulk.h"
#include "logic/obstacle_geometry.h"
#include "logic/picking.h"
#include "logic/view_culling.h"

namespace pbd::app {
namespace {

bool empty(const WorldRect& box) { return !(box.min.x <= box.max.x); }

/// Whether the page's view (`page`) suits the bulk `box`: it shows it whole, or the bulk is
/// no larger than the page's 40 x 30 cloth and its centre is on the canvas. The second case
/// keeps the page's scene in the page's view where the page itself cuts it: at 192 dpi (zoom
/// 100) its right part runs past a 1050 px canvas, as the page's does in a browser.
bool pageViewKeeps(const Camera& page, const WorldRect& box, glm::dvec2 canvas)
{
    if (page.shows(box.min, box.max, canvas))
        return true;
    constexpr glm::dvec2 kPageCloth{7.8 + 1e-9, 5.8 + 1e-9}; // metres, 39 x 29 cells of 0.2
    const glm::dvec2 size = box.max - box.min;
    const glm::dvec2 centre = page.worldToScreen(0.5 * (box.min + box.max));
    return size.x <= kPageCloth.x && size.y <= kPageCloth.y && centre.x >= 0.0 &&
           centre.y >= 0.0 && centre.x <= canvas.x && centre.y <= canvas.y;
}

} // namespace

bool CanvasView::resize(glm::dvec2 windowSize, double contentScale, double logicalScale)
{
    logicalScale_ = std::isfinite(logicalScale) && logicalScale > 0.0 ? logicalScale : 1.0;
    return layout_.update(windowSize, contentScale, camera_, logicalScale_);
}

void CanvasView::frame(std::span<const glm::dvec2> positions,
                       std::span<const Obstacle> obstacles)
{
    if (layout_.canvasSize().x <= 0.0)
        return;
    switch (mode_) {
    case ViewMode::Page: {
        camera_.resetToPage(layout_.canvasSize(), glm::dvec2(0.0), logicalScale_);
        const WorldRect box = clothBulk(positions);
        if (!empty(box) && !pageViewKeeps(camera_, box, layout_.canvasSize())) {
            const WorldRect framed = frameWithObstacles(box, obstacles);
            camera_.fit(framed.min, framed.max, layout_.canvasSize(),
                        kFitMarginPixels * logicalScale_);
            followUntilRest(); // a big cloth sags out of its first fit: keep it in view
        }
        break; // still Page: a larger window brings the page's view back when the cloth fits
    }
    case ViewMode::Fitted:
        fit(positions, obstacles);
        break;
    case ViewMode::Scene:
        fitScene(positions, obstacles);
        break;
    case ViewMode::User:
        break;
    }
}

void CanvasView::reset()
{
    camera_.resetToPage(layout_.canvasSize(), glm::dvec2(0.0), logicalScale_);
    mode_ = ViewMode::Page;
    rest_.stop();
}

bool CanvasView::fit(std::span<const glm::dvec2> positions, std::span<const Obstacle> obstacles)
{
    const WorldRect box = frameWithObstacles(clothBulk(positions), obstacles);
    if (empty(box) || layout_.canvasSize().x <= 0.0)
        return false; // no finite particle, or no canvas yet
    camera_.fit(box.min, box.max, layout_.canvasSize(), kFitMarginPixels * logicalScale_);
    mode_ = ViewMode::Fitted;
    return true;
}

bool CanvasView::fitScene(std::span<const glm::dvec2> positions,
                          std::span<const Obstacle> obstacles)
{
    mode_ = ViewMode::Scene;
    const WorldRect box = frameWorld(clothBulk(positions), obstacles);
    if (empty(box) || layout_.canvasSize().x <= 0.0)
        return false;
    camera_.fit(box.min, box.max, layout_.canvasSize(), kFitMarginPixels * logicalScale_);
    return true;
}

bool CanvasView::fitIfOutside(std::span<const glm::dvec2> positions)
{
    const WorldRect box = boundsOf(positions);
    if (!empty(box) && layout_.canvasSize().x > 0.0 &&
        !camera_.shows(box.min, box.max, layout_.canvasSize()))
        return fit(positions);
    return false;
}

bool CanvasView::follow(std::span<const glm::dvec2> positions)
{
    return follow(clothBulk(positions));
}

bool CanvasView::follow(const WorldRect& box)
{
    const glm::dvec2 canvas = layout_.canvasSize();
    if (empty(box) || canvas.x <= 0.0 || canvas.y <= 0.0)
        return false;
    const double margin = kFitMarginPixels * logicalScale_;
    // y flips: the world's top (max y) is the screen's smallest y.
    const glm::dvec2 topLeft = camera_.worldToScreen({box.min.x, box.max.y});
    const glm::dvec2 bottomRight = camera_.worldToScreen({box.max.x, box.min.y});
    const glm::dvec2 size = bottomRight - topLeft;
    if (size.x > canvas.x - 2.0 * margin || size.y > canvas.y - 2.0 * margin) {
        const Camera before = camera_;
        camera_.fit(box.min, box.max, canvas, margin); // too large at this zoom
        return camera_.zoom() != before.zoom() || camera_.origin() != before.origin();
    }
    const glm::dvec2 delta = leastPan(topLeft, bottomRight, canvas, margin);
    if (delta == glm::dvec2(0.0))
        return false;
    camera_.pan(delta);
    return true;
}

void CanvasView::followUntilRest()
{
    rest_.start();
}

bool CanvasView::followWhileMoving(std::span<const glm::dvec2> positions, double time,
                                   bool held)
{
    if (!rest_.active())
        return false;
    return followWhileMoving(clothBulk(positions), time, held);
}

bool CanvasView::followWhileMoving(const WorldRect& box, double time, bool held)
{
    if (!rest_.active())
        return false;
    if (empty(box))
        return false;
    // How far the bulk's edges moved since the watch's box, in CSS pixels of this zoom.
    const double scale = camera_.zoom() / logicalScale_;
    const auto moved = [&](const WorldRect& a, const WorldRect& b) {
        const glm::dvec2 low = glm::abs(a.min - b.min);
        const glm::dvec2 high = glm::abs(a.max - b.max);
        return scale * std::max(std::max(low.x, low.y), std::max(high.x, high.y));
    };
    if (!rest_.moving(box, time, held, moved))
        return false;
    return !held && follow(box);
}

bool CanvasView::clothOutOfView(std::span<const glm::dvec2> positions) const
{
    return clothOutOfView(clothBulk(positions));
}

bool CanvasView::clothOutOfView(const WorldRect& box) const
{
    const glm::dvec2 canvas = layout_.canvasSize();
    if (empty(box) || canvas.x <= 0.0 || canvas.y <= 0.0)
        return false;
    const glm::dvec2 topLeft = camera_.worldToScreen({box.min.x, box.max.y});
    const glm::dvec2 bottomRight = camera_.worldToScreen({box.max.x, box.min.y});
    return bottomRight.x < 0.0 || bottomRight.y < 0.0 || topLeft.x > canvas.x ||
           topLeft.y > canvas.y;
}

void CanvasView::include(const WorldRect& box)
{
    const glm::dvec2 canvas = layout_.canvasSize();
    if (canvas.x <= 0.0 || canvas.y <= 0.0)
        return;
    const glm::dvec2 a = camera_.screenToWorld({0.0, 0.0});
    const glm::dvec2 b = camera_.screenToWorld(canvas);
    const glm::dvec2 low = glm::min(glm::min(a, b), box.min);
    const glm::dvec2 high = glm::max(glm::max(a, b), box.max);
    camera_.fit(low, high, canvas, kFitMarginPixels * logicalScale_);
    mode_ = ViewMode::User;
    rest_.stop();
}

void CanvasView::pan(glm::dvec2 screenDelta)
{
    camera_.pan(screenDelta);
    mode_ = ViewMode::User;
    rest_.stop(); // the user took the view
}

void CanvasView::zoomAt(double factor, glm::dvec2 screenPoint)
{
    camera_.zoomAt(factor, screenPoint);
    mode_ = ViewMode::User;
    rest_.stop();
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
