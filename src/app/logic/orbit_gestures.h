#pragma once
/// \file
/// The 3D view's camera under the pointer, GL-free: right-drag orbits around the target,
/// middle-drag or Shift+right-drag pans, the wheel zooms towards the point under the cursor.
/// The left button is the hand's (logic/hand3.h); F and Home are the session's.

#include <optional>

#include <glm/vec2.hpp>

#include "logic/keys.h"
#include "logic/orbit_camera.h"

namespace pbd::app {

/// A camera drag in progress, and the wheel.
class OrbitGestures {
public:
    static constexpr double kWheelZoomBase = 1.1; ///< zoom factor per wheel notch

    /// `camera` must outlive the gestures.
    explicit OrbitGestures(OrbitCamera& camera) : camera_(camera) {}

    /// A button went down at `point` (window coordinates): right starts an orbit (with Shift
    /// a pan), middle a pan. Other buttons, or a second button during a drag, do nothing.
    /// True when a drag started.
    bool press(MouseButton button, Modifiers modifiers, glm::dvec2 point);
    /// A button went up: the drag it started ends.
    void release(MouseButton button);
    /// The pointer moved to `point`: an orbit turns by the motion, a pan moves the view so
    /// that the point at the target's depth follows the pointer. True when the camera moved.
    bool move(glm::dvec2 point);
    /// `notches` of the wheel (fractions from touchpads) at `point`: zooms by
    /// kWheelZoomBase^notches towards the point under it (OrbitCamera::zoomAt).
    void wheel(double notches, glm::dvec2 point);
    /// Ends a drag without a release (focus lost, Esc).
    void cancel() { drag_.reset(); }
    /// A camera drag is in progress.
    bool dragging() const { return drag_.has_value(); }

private:
    enum class Kind { Orbit, Pan };
    struct Drag {
        Kind kind = Kind::Orbit;
        MouseButton button = MouseButton::Right;
        glm::dvec2 last{0.0};
    };
    OrbitCamera& camera_;
    std::optional<Drag> drag_;
};

} // namespace pbd::app
