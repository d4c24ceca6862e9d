#include "logic/touch_gestures.h"

#include <algorithm>
#include <cmath>

namespace pbd::app {

using Kind = GestureEvent::Kind;

std::optional<double> TouchGestures::pinchDistance() const
{
    if (order_.size() < 2)
        return std::nullopt;
    const glm::dvec2 d = touches_.at(order_[0]) - touches_.at(order_[1]);
    const double distance = std::sqrt(d.x * d.x + d.y * d.y);
    if (!std::isfinite(distance) || distance < kMinPinchDistance)
        return std::nullopt;
    return distance;
}

glm::dvec2 TouchGestures::pinchCentre() const
{
    return 0.5 * (touches_.at(order_[0]) + touches_.at(order_[1]));
}

void TouchGestures::reset()
{
    touches_.clear();
    order_.clear();
    pointerId_.reset();
    lastPinchDistance_.reset();
}

std::vector<GestureEvent> TouchGestures::touchDown(int id, glm::dvec2 point)
{
    if (touches_.count(id))
        return touchMove(id, point);
    std::vector<GestureEvent> events;
    touches_[id] = point;
    order_.push_back(id);
    if (order_.size() == 1) {
        pointerId_ = id;
        events.push_back({Kind::PointerDown, point});
    } else if (order_.size() == 2) {
        // Pinching releases the grabbed particle, where its finger is now.
        if (pointerId_) {
            events.push_back({Kind::PointerUp, touches_.at(*pointerId_)});
            pointerId_.reset();
        }
        lastPinchDistance_ = pinchDistance();
    }
    return events;
}

std::vector<GestureEvent> TouchGestures::touchMove(int id, glm::dvec2 point)
{
    std::vector<GestureEvent> events;
    const auto it = touches_.find(id);
    if (it == touches_.end())
        return events;
    it->second = point;
    if (order_.size() == 1) {
        if (pointerId_ == id)
            events.push_back({Kind::PointerMove, point});
        return events;
    }
    if (id != order_[0] && id != order_[1])
        return events; // a third or later finger does not take part in the pinch
    const std::optional<double> distance = pinchDistance();
    if (distance && lastPinchDistance_) {
        const double factor = *distance / *lastPinchDistance_;
        if (std::isfinite(factor) && factor > 0.0 && factor != 1.0)
            events.push_back({Kind::Zoom, pinchCentre(), factor});
    }
    lastPinchDistance_ = distance;
    return events;
}

std::vector<GestureEvent> TouchGestures::touchUp(int id, glm::dvec2 point)
{
    std::vector<GestureEvent> events;
    const auto it = touches_.find(id);
    if (it == touches_.end())
        return events;
    touches_.erase(it);
    order_.erase(std::find(order_.begin(), order_.end(), id));
    if (pointerId_ == id) {
        events.push_back({Kind::PointerUp, point});
        pointerId_.reset();
    }
    // Two or more left: the pinch goes on with the two earliest, measured afresh so the change
    // of fingers is not read as a zoom. Fewer than two: the pinch is over.
    lastPinchDistance_ = pinchDistance();
    return events;
}

} // namespace pbd::app
