#pragma once
/// \file
/// The controller's view part: the camera over the canvas, the canvas's place in the window,
/// and the two ways back to a known view (the page's view, a fit of the cloth). It knows
/// nothing of input or stepping; the controller's other parts move its camera.

#include <span>

#include <glm/vec2.hpp>

#include "logic/camera.h"
#include "logic/canvas_layout.h"

namespace pbd::app {

/// Camera, canvas layout and the logical pixel scale of one window.
class CanvasView {
public:
    static constexpr double kFitMarginPixels = 20; ///< CSS pixels around a fitted cloth

    /// Follows the window: size in window coordinates, the monitor's content scale (panel)
    /// and the window pixels per CSS pixel (logicalScale; not finite or <= 0 counts as 1).
    /// The first call sets the page's view.
    void resize(glm::dvec2 windowSize, double contentScale, double logicalScale);
    /// The page's view for the current canvas (Home).
    void reset();
    /// Fits the bounds of `positions` (world metres) into the canvas with kFitMarginPixels
    /// (F). False, changing nothing, when no position is finite or there is no canvas yet.
    bool fit(std::span<const glm::dvec2> positions);
    /// Fits as fit() only when the canvas does not show all of `positions` (a cloth grown
    /// beyond the view, a loaded state elsewhere). True when it fitted.
    bool fitIfOutside(std::span<const glm::dvec2> positions);

    /// The point (window coordinates) lies on the canvas, not on the panel's side.
    bool inCanvas(glm::dvec2 point) const;
    /// The pick radius in window pixels: the page's 10 px times the logical scale.
    double pickRadius() const;

    const Camera& camera() const { return camera_; }
    /// The camera, for the input part's pans and zooms.
    Camera& camera() { return camera_; }
    const CanvasLayout& layout() const { return layout_; }
    /// Window pixels per CSS pixel of the page (from the last resize).
    double logicalScale() const { return logicalScale_; }

private:
    Camera camera_;
    CanvasLayout layout_;
    double logicalScale_ = 1.0;
};

} // namespace pbd::app
