#pragma once
/// \file
/// The 2D view: world metres (y up) <-> window pixels (y down).

#include <glm/vec2.hpp>

namespace pbd::app {

/// Maps world coordinates to window coordinates:
///   screen = origin + zoom * (x, -y)   (the page's canvas transform).
/// Window coordinates are GLFW's (pixels of the window, not the framebuffer, origin top-left).
class Camera {
public:
    static constexpr double kPageZoom = 50.0;      ///< CSS pixels per metre in the page's view
    static constexpr double kPageOriginLift = 200; ///< page: origin 200 CSS px above the centre
    static constexpr double kMinZoom = 1.0;        ///< pixels per metre
    static constexpr double kMaxZoom = 20000.0;    ///< pixels per metre

    /// The page's view for a canvas of `canvasSize` pixels whose top-left corner is at
    /// `canvasOffset` in the window: zoom 50, origin at the canvas centre lifted by 200 px, both
    /// in the page's CSS pixels. `logicalScale` is the number of window pixels per CSS pixel
    /// (logicalPixelScale in canvas_layout.h: 2 on X11 at 192 dpi, 1 on macOS Retina); the
    /// view is then zoom 50 * scale and lift 200 * scale. A non-finite or non-positive scale
    /// counts as 1.
    void resetToPage(glm::dvec2 canvasSize, glm::dvec2 canvasOffset = glm::dvec2(0.0),
                     double logicalScale = 1.0);

    /// World metres (y up) -> window pixels (y down).
    glm::dvec2 worldToScreen(glm::dvec2 world) const;
    /// Window pixels (y down) -> world metres (y up); the inverse of worldToScreen.
    glm::dvec2 screenToWorld(glm::dvec2 screen) const;

    /// Multiplies the zoom by `factor` (clamped to [kMinZoom, kMaxZoom]) and re-pans so that
    /// the world point under `screenPoint` stays under it. Every zoom gesture ends here.
    /// A non-finite or non-positive factor, or a non-finite point, changes nothing.
    void zoomAt(double factor, glm::dvec2 screenPoint);
    /// Moves the view by a window-pixel delta: the world follows the pointer.
    void pan(glm::dvec2 screenDelta);

    /// Fits the world box [worldMin, worldMax] (metres) into a canvas of `canvasSize` window
    /// pixels at the window's top-left, `marginPixels` from every edge, as large as it goes
    /// with the same zoom on both axes, centred. A box of zero width or height (one row or
    /// column of particles) is fitted by its other side; a single point keeps the zoom and
    /// is centred. The margin shrinks when the canvas is smaller than two margins. The zoom
    /// stays within [kMinZoom, kMaxZoom]. Non-finite or inverted input changes nothing.
    void fit(glm::dvec2 worldMin, glm::dvec2 worldMax, glm::dvec2 canvasSize,
             double marginPixels);
    /// True when the world box [worldMin, worldMax] is drawn inside the canvas of
    /// `canvasSize` window pixels, at least `marginPixels` from every edge.
    bool shows(glm::dvec2 worldMin, glm::dvec2 worldMax, glm::dvec2 canvasSize,
               double marginPixels = 0.0) const;

    /// Pixels per metre.
    double zoom() const { return zoom_; }
    /// Where the world origin is drawn, in window pixels.
    glm::dvec2 origin() const { return origin_; }

private:
    glm::dvec2 origin_{512.0, 280.0};
    double zoom_ = kPageZoom;
};

} // namespace pbd::app
