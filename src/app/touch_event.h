#pragma once
/// \file
/// One raw touch or touchpad-pinch event in window coordinates, as the platform layer
/// (x11_touch.h) reports it and the controller consumes it.

#include <glm/vec2.hpp>

namespace pbd::app {

/// One touch or pinch event, in window coordinates.
struct TouchEvent {
    enum class Kind {
        Begin,       ///< a finger touched (id)
        Update,      ///< a finger moved (id)
        End,         ///< a finger was lifted (id)
        PinchBegin,  ///< a touchpad pinch started
        PinchUpdate, ///< the pinch's scale changed: `scale` relative to PinchBegin
        PinchEnd,
    };
    Kind kind;
    int id = 0;            ///< finger id for Begin/Update/End
    glm::dvec2 point{0.0}; ///< window coordinates
    double scale = 1.0;    ///< pinch only: finger distance relative to the start
};

} // namespace pbd::app
