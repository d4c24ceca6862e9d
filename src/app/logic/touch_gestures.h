#pragma once
/// \file
/// Turns raw touch points into gestures: one finger drags like the mouse, two fingers
/// pinch-zoom about their centre (and drop any drag).

#include <map>
#include <optional>
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
///
/// The rules (the page's touch handlers, except that the pinch zooms multiplicatively about
/// its centre):
/// - the first finger down gives PointerDown; moving it while it is alone gives PointerMove;
///   lifting it gives PointerUp. Every PointerDown is matched by exactly one PointerUp.
/// - a second finger gives PointerUp for a drag in progress (a pinch never drags) and starts
///   a pinch; moving either pinch finger gives Zoom with
///   factor = new distance / previous distance about the midpoint of the two fingers.
/// - a third or later finger is tracked but ignored: the pinch uses the two earliest fingers
///   still down, and re-measures its distance when one of them is lifted.
/// - going back from two fingers to one starts no drag (drags start only when a touch begins
///   alone), so the remaining finger's moves and lift give nothing.
/// - ids not currently down are ignored by touchMove and touchUp; a repeated touchDown of an
///   id already down is treated as a move.
class TouchGestures {
public:
    /// Distances below this (window pixels) are degenerate: no Zoom is computed from them.
    static constexpr double kMinPinchDistance = 1e-6;

    /// Finger `id` touched at `point` (window pixels).
    std::vector<GestureEvent> touchDown(int id, glm::dvec2 point);
    /// Finger `id` moved to `point` (window pixels).
    std::vector<GestureEvent> touchMove(int id, glm::dvec2 point);
    /// Finger `id` was lifted at `point` (window pixels).
    std::vector<GestureEvent> touchUp(int id, glm::dvec2 point);
    /// Forgets every touch (for example when the window loses focus). Emits nothing: the
    /// caller releases any drag itself.
    void reset();
    /// Fingers currently down.
    std::size_t activeTouches() const { return touches_.size(); }

private:
    /// The pinch's finger distance in window pixels, from the two earliest fingers down.
    std::optional<double> pinchDistance() const;
    /// The midpoint of the two earliest fingers down (window pixels); needs two fingers.
    glm::dvec2 pinchCentre() const;

    std::map<int, glm::dvec2> touches_; ///< id -> last position, window pixels
    std::vector<int> order_;            ///< ids in the order they went down
    std::optional<int> pointerId_;      ///< the finger driving a drag (PointerDown sent)
    std::optional<double> lastPinchDistance_; ///< pixels, at the last Zoom or pinch start
};

} // namespace pbd::app
