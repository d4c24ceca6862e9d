#include "logic/touch_router.h"

namespace pbd::app {
namespace {

bool inCanvas(glm::dvec2 p, glm::dvec2 size)
{
    return p.x >= 0.0 && p.y >= 0.0 && p.x < size.x && p.y < size.y;
}

} // namespace

std::vector<TouchAction> TouchRouter::route(const TouchEvent& e, glm::dvec2 canvasSize)
{
    using Kind = TouchEvent::Kind;
    using Action = TouchAction::Kind;
    std::vector<TouchAction> actions;
    switch (e.kind) {
    case Kind::PinchBegin:
    case Kind::PinchEnd:
        pinchScale_ = 1.0;
        return actions;
    case Kind::PinchUpdate:
        if (e.scale > 0.0 && pinchScale_ > 0.0 && inCanvas(e.point, canvasSize))
            actions.push_back({Action::Zoom, e.point, e.scale / pinchScale_});
        if (e.scale > 0.0)
            pinchScale_ = e.scale;
        return actions;
    case Kind::Begin:
        if (gestures_.activeTouches() == 0 && !panelTouch_ && !inCanvas(e.point, canvasSize)) {
            panelTouch_ = e.id;
            actions.push_back({Action::PanelPress, e.point});
            return actions;
        }
        break;
    case Kind::Update:
    case Kind::End:
        if (panelTouch_ == e.id) {
            if (e.kind == Kind::End) {
                panelTouch_.reset();
                actions.push_back({Action::PanelRelease, e.point});
            }
            return actions;
        }
        break;
    }
    const std::vector<GestureEvent> gestures =
        e.kind == Kind::Begin ? gestures_.touchDown(e.id, e.point)
        : e.kind == Kind::End ? gestures_.touchUp(e.id, e.point)
                              : gestures_.touchMove(e.id, e.point);
    for (const GestureEvent& g : gestures) {
        switch (g.kind) {
        case GestureEvent::Kind::PointerDown:
            if (inCanvas(g.point, canvasSize)) {
                drag_ = true;
                actions.push_back({Action::PointerDown, g.point});
            }
            break;
        case GestureEvent::Kind::PointerMove:
            if (drag_)
                actions.push_back({Action::PointerMove, g.point});
            break;
        case GestureEvent::Kind::PointerUp:
            if (drag_) {
                drag_ = false;
                actions.push_back({Action::PointerUp, g.point});
            }
            break;
        case GestureEvent::Kind::Zoom:
            actions.push_back({Action::Zoom, g.point, g.factor});
            break;
        }
    }
    return actions;
}

std::vector<TouchAction> TouchRouter::reset()
{
    gestures_.reset();
    panelTouch_.reset();
    pinchScale_ = 1.0;
    std::vector<TouchAction> actions;
    if (drag_) {
        drag_ = false;
        actions.push_back({TouchAction::Kind::PointerUp});
    }
    return actions;
}

} // namespace pbd::app
