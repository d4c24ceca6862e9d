#pragma once
/// \file
/// The window split into the canvas (left) and the Controls panel (right), kept sane for any
/// window size: zero (minimised), a few pixels, or far larger than the screen.

#include <glm/vec2.hpp>

#include "logic/camera.h"

namespace pbd::app {

/// Window coordinates per CSS pixel of the page: contentScale * windowWidth / framebufferWidth.
/// 1 on a standard display and on macOS Retina (window coordinates are already points there,
/// the framebuffer twice as wide); 2 on X11 or Windows at 192 dpi (window coordinates are
/// physical pixels). Sizes or a scale that are zero, negative or non-finite give 1.
double logicalPixelScale(double contentScale, double windowWidth, double framebufferWidth);

/// The page's columns: canvas 75%, panel 25%, with a panel never too narrow to read (at least
/// kMinPanelWidth times the content scale, but at most half the window).
class CanvasLayout {
public:
    static constexpr double kPanelFraction = 0.25; ///< the page's 75% / 25% columns
    static constexpr double kMinPanelWidth = 260.0; ///< window coordinates at content scale 1

    /// Follows a new window size (window coordinates). The first non-empty size sets the
    /// initial view (Camera::resetToPage) on `camera` (for `logicalScale` window pixels per CSS pixel, see
    /// logicalPixelScale); later ones pan it so that the world point at the canvas centre stays
    /// there. An empty or non-finite size (minimised window) changes nothing and returns false;
    /// so do sizes equal to the current one. Returns true when the layout changed.
    bool update(glm::dvec2 windowSize, double contentScale, Camera& camera,
                double logicalScale = 1.0);

    /// The window size of the last update (0 before the first non-empty one).
    glm::dvec2 windowSize() const { return windowSize_; }
    /// The canvas: from (0, 0) to canvasSize() in window coordinates.
    glm::dvec2 canvasSize() const { return canvasSize_; }
    /// The panel's width in window coordinates (windowSize().x - canvasSize().x).
    double panelWidth() const { return windowSize_.x - canvasSize_.x; }

private:
    glm::dvec2 windowSize_{0.0};
    glm::dvec2 canvasSize_{0.0};
};

} // namespace pbd::app
