#pragma once
/// \file
/// Turns raw touch points into the page's gestures: one finger drags like the mouse, two
/// fingers pinch-zoom about their centre (and drop any drag).

#include <map>
#include <vector>

#include <glm/vec2.hpp>

namespace pbd::app {

/// What a touch event means for the app.
struct GestureEvent {
    enum class Kind {
        PointerDown, ///< one finger went down at `point`: like a left mouse press
        PointerMove, ///< the single finger moved to `point`: like a mouse move
        PointerUp,   ///< the single finger was lifted, or a second finger arrived: like a release
        Zoom,        ///< pinch: zoom by `factor` about `point` (the pinch centre)
    };
    Kind kind;
    glm::dvec2 point{0.0}; ///< window pixels
    double factor = 1.0;   ///< Zoom only: ratio of the new finger distance to the previous one
};

/// Tracks touch points by id (window pixels). Each call returns the gestures it completes.
class TouchGestures {
public:
    std::vector<GestureEvent> touchDown(int id, glm::dvec2 point);
    std::vector<GestureEvent> touchMove(int id, glm::dvec2 point);
    std::vector<GestureEvent> touchUp(int id, glm::dvec2 point);
    /// Forgets every touch (for example when the window loses focus).
    void reset() { touches_.clear(); }
    std::size_t activeTouches() const { return touches_.size(); }

private:
    std::map<int, glm::dvec2> touches_;
};

} // namespace pbd::app
