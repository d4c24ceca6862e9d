#pragma once
/// \file
/// What the 2D and the 3D views share to keep a moving cloth in view, GL-free: the least pan
/// that brings a rectangle of the screen inside the canvas, and the watch that ends a
/// follow once the cloth has come to rest (after F or a scene's fit). The 2D CanvasView and
/// the 3D Session3 each measure their cloth's box on screen and move their own camera.

#include <functional>
#include <optional>

#include <glm/vec2.hpp>

namespace pbd::app {

/// The least pan (window pixels, each axis alone) that brings the screen rectangle from
/// `low` to `high` (canvas pixels, low <= high) inside a canvas of `canvas` pixels,
/// `margin` from its edges: zero on an axis where it lies inside already. A rectangle larger
/// than the canvas less the margins is the caller's to fit.
glm::dvec2 leastPan(glm::dvec2 low, glm::dvec2 high, glm::dvec2 canvas, double margin);

/// Follow-until-rest: on from start() until the cloth rests (its box moved at most
/// kRestPixels on the canvas over kRestSeconds of simulated time) or stop() (the user's pan,
/// zoom or orbit, Home). `Box`: the view's box of the cloth (WorldRect in 2D, Box3 in 3D).
template <class Box>
class RestWatch {
public:
    static constexpr double kRestPixels = 2.0;  ///< CSS pixels the box may move at rest
    static constexpr double kRestSeconds = 1.0; ///< simulated seconds it must stay so

    void start()
    {
        active_ = true;
        anchored_ = false;
    }
    void stop() { active_ = false; }
    bool active() const { return active_; }

    /// The cloth's box `box` at simulated time `time` (a time that goes back, as after a
    /// restart or undo, starts the watch again); `moved(a, b)` says how many CSS pixels
    /// apart two boxes are on the canvas; `held`: the user holds a particle or a ball (the
    /// box is not at rest). True while the view should still follow: false once the cloth
    /// rests (the watch then stops) or when it was not active.
    template <class Moved>
    bool moving(const Box& box, double time, bool held, Moved moved)
    {
        if (!active_)
            return false;
        if (!anchored_ || time < time_ || held || moved(box, anchor_) > kRestPixels) {
            anchor_ = box;
            time_ = time;
            anchored_ = true;
        } else if (time - time_ >= kRestSeconds) {
            active_ = false; // at rest: the view stays where it is
            return false;
        }
        return true;
    }

private:
    bool active_ = false;
    bool anchored_ = false; ///< anchor_ and time_ hold a box to compare with
    Box anchor_{};          ///< the box when it last moved more than kRestPixels
    double time_ = 0.0;     ///< the simulated time then
};

/// The view's box of the cloth as measured where the state lives (the GPU solver's buffers,
/// render/gpu_view.h), read a frame or so after the state it describes.
template <class Box>
struct MeasuredBox {
    Box box{};         ///< the view's box by its CPU rule (2D: clothBulk; 3D: Session3::clothBox)
    double time = 0.0; ///< the simulated time of the state measured, s
};

/// What the app's measurer says once a frame, after the steps (it queues the next
/// measurement of the state as it is then).
template <class Box>
struct DeviceMeasure {
    /// The state is on the device and measured there: the view and the out-of-view test use
    /// `latest` and never read the state back. False: they read the CPU's positions (synced).
    bool measures = false;
    /// The latest answer about the current state (none before the first arrives).
    std::optional<MeasuredBox<Box>> latest;
};

/// The measurer: set by the app where a GPU solver may hold the state; none (the default)
/// reads the CPU's positions always. Its argument: the view follows the cloth now (Follow, or
/// until rest), so every new state is worth measuring; else only the out-of-view watch reads
/// the answers, which may come less often.
template <class Box>
using ClothMeasure = std::function<DeviceMeasure<Box>(bool following)>;

} // namespace pbd::app
