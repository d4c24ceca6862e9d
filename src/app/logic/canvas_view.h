#pragma once
/// \file
/// The controller's view part: the camera over the canvas, the canvas's place in the window,
/// the two ways back to a known view (the page's view, a fit of the cloth), and the rules
/// that keep the cloth in view: at start, on a window resize until the user zooms or pans,
/// and while following (docs/app.md#the-view). It knows nothing of input or stepping; the
/// controller's other parts move its camera through pan() and zoomAt().

#include <span>

#include <glm/vec2.hpp>

#include "logic/camera.h"
#include "logic/canvas_layout.h"
#include "logic/view_culling.h"
#include "logic/view_follow.h"
#include "pbd/obstacle.h"

namespace pbd::app {

/// What a new canvas size does to the view (see CanvasView::frame).
enum class ViewMode {
    Page,   ///< the page's view, or a fit when the cloth's bulk does not fit it (start, Home)
    Fitted, ///< a fit of the cloth's bulk (F, or a fit the app made)
    Scene,  ///< a fit of the cloth's bulk and its whole world (a scene given or chosen)
    User,   ///< the user zoomed or panned: a resize keeps the world point at the centre
};

/// Camera, canvas layout and the logical pixel scale of one window.
class CanvasView {
public:
    static constexpr double kFitMarginPixels = 20; ///< CSS pixels around a fitted cloth

    /// Follows the window: size in window coordinates, the monitor's content scale (panel)
    /// and the window pixels per CSS pixel (logicalScale; not finite or <= 0 counts as 1).
    /// The first call sets the page's view. True when the canvas changed (then frame() it).
    bool resize(glm::dvec2 windowSize, double contentScale, double logicalScale);
    /// Applies the mode to the cloth as it is now (`positions` in metres). Page: the page's
    /// view when it shows the bulk (clothBulk) whole, or when the bulk is no larger than the
    /// page's cloth (7.8 x 5.8 m) and its centre is on the canvas (the page's scene at 192
    /// dpi, cut by the canvas's edge as on the page); else a fit, followed until the cloth
    /// rests (followUntilRest: a big cloth sags out of its first fit). Fitted: a fit of the bulk.
    /// Scene: fitScene().
    /// User: nothing. The app calls it at start and after every resize. A fit frames the
    /// obstacles the cloth touches too (frameWithObstacles).
    void frame(std::span<const glm::dvec2> positions, std::span<const Obstacle> obstacles = {});
    /// The page's view for the current canvas (Home); the mode becomes Page.
    void reset();
    /// Fits the cloth's bulk (clothBulk) into
    /// the canvas with kFitMarginPixels (F); the mode becomes Fitted. False, changing
    /// nothing, when no position is finite or there is no canvas yet. With `obstacles`, the
    /// ones the cloth touches are framed too (frameWithObstacles; never a ground).
    bool fit(std::span<const glm::dvec2> positions, std::span<const Obstacle> obstacles = {});
    /// A scene's fit (`--scene`, the Scene combo): as fit(), with every obstacle and each
    /// ground's point nearest the cloth (frameWorld), so that what the cloth will meet shows;
    /// the mode becomes Scene, also when there is no canvas yet (the first frame() fits).
    bool fitScene(std::span<const glm::dvec2> positions, std::span<const Obstacle> obstacles);
    /// Fits as fit() only when the canvas does not show all of `positions` (a cloth grown
    /// beyond the view, a loaded state elsewhere). True when it fitted.
    bool fitIfOutside(std::span<const glm::dvec2> positions);
    /// Follow (--follow): keeps the zoom and pans the least that brings the cloth's bulk
    /// inside the canvas, kFitMarginPixels from its edges; a bulk too large for the canvas at
    /// this zoom is fitted. The mode stays. True when the camera moved.
    bool follow(std::span<const glm::dvec2> positions);
    /// follow() with the cloth's bulk given (as clothBulk finds it: measured elsewhere).
    bool follow(const WorldRect& bulk);

    /// After F or a scene's fit: follow() the cloth from now until it comes to rest, so that
    /// a falling or sliding cloth stays in view. Ends at rest (the bulk's box moved less than
    /// kRestPixels on the canvas over kRestSeconds of simulated time), on the user's pan or
    /// zoom, and on Home.
    void followUntilRest();
    /// While followUntilRest() holds: follows the cloth as it is at simulated time `time`
    /// (seconds; a time that goes back, as after a restart or undo, starts the watch again)
    /// and ends the following once it rests. `held`: the user holds a particle or a ball,
    /// whose hand a pan would move: no pan now. True when the camera moved.
    bool followWhileMoving(std::span<const glm::dvec2> positions, double time, bool held);
    /// followWhileMoving() with the cloth's bulk at `time` given.
    bool followWhileMoving(const WorldRect& bulk, double time, bool held);
    /// followUntilRest() holds: the view will pan to keep a moving cloth in view.
    bool followingUntilRest() const { return rest_.active(); }
    static constexpr double kRestPixels = RestWatch<WorldRect>::kRestPixels;
    static constexpr double kRestSeconds = RestWatch<WorldRect>::kRestSeconds;

    /// The cloth's bulk (clothBulk) lies wholly outside the canvas: nothing of the cloth but
    /// pins or strays shows (the app then offers Follow, Fit and Restart). False without a
    /// canvas or a finite position.
    bool clothOutOfView(std::span<const glm::dvec2> positions) const;
    /// clothOutOfView() with the cloth's bulk given.
    bool clothOutOfView(const WorldRect& bulk) const;

    /// Fits what the canvas shows now together with `box` (world metres): a shape added
    /// where the view had no room comes into view. The mode becomes User.
    void include(const WorldRect& box);

    /// The user's pan by a window-pixel delta (a drag): the mode becomes User.
    void pan(glm::dvec2 screenDelta);
    /// The user's zoom about a window point (wheel, pinch): the mode becomes User.
    void zoomAt(double factor, glm::dvec2 screenPoint);
    /// What a resize does now.
    ViewMode mode() const { return mode_; }

    /// The point (window coordinates) lies on the canvas, not on the panel's side.
    bool inCanvas(glm::dvec2 point) const;
    /// The pick radius in window pixels: the page's 10 px times the logical scale.
    double pickRadius() const;

    const Camera& camera() const { return camera_; }
    /// The camera itself (tests); the input part moves it through pan() and zoomAt().
    Camera& camera() { return camera_; }
    const CanvasLayout& layout() const { return layout_; }
    /// Window pixels per CSS pixel of the page (from the last resize).
    double logicalScale() const { return logicalScale_; }

private:
    Camera camera_;
    CanvasLayout layout_;
    double logicalScale_ = 1.0;
    ViewMode mode_ = ViewMode::Page;
    RestWatch<WorldRect> rest_; ///< followUntilRest() and its watch of the bulk
};

} // namespace pbd::app
