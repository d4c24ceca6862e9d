#include "logic/orbit_gestures.h"

#include <cmath>

namespace pbd::app {

bool OrbitGestures::press(MouseButton button, Modifiers modifiers, glm::dvec2 point)
{
    if (drag_)
        return false;
    if (button == MouseButton::Right)
        drag_ = Drag{modifiers.shift ? Kind::Pan : Kind::Orbit, button, point};
    else if (button == MouseButton::Middle)
        drag_ = Drag{Kind::Pan, button, point};
    return drag_.has_value();
}

void OrbitGestures::release(MouseButton button)
{
    if (drag_ && drag_->button == button)
        drag_.reset();
}

bool OrbitGestures::move(glm::dvec2 point)
{
    if (!drag_)
        return false;
    const glm::dvec2 delta = point - drag_->last;
    drag_->last = point;
    if (delta == glm::dvec2(0.0))
        return false;
    if (drag_->kind == Kind::Orbit)
        camera_.orbit(delta);
    else
        camera_.pan(delta);
    return true;
}

void OrbitGestures::wheel(double notches, glm::dvec2 point)
{
    if (std::isfinite(notches) && notches != 0.0)
        camera_.zoomAt(std::pow(kWheelZoomBase, notches), point);
}

} // namespace pbd::app
