#pragma once
/// \file
/// The 3D view: a perspective camera orbiting a target, world metres (x right, y up, z towards
/// the viewer) <-> window pixels (y down) over the canvas rectangle. GL-free; the renderer
/// takes its matrices, the input its gestures, a test its `camera` line (the view dump).
///
/// The eye sits `distance` from the target in the direction (cos p sin a, sin p, cos p cos a)
/// for yaw a and pitch p, so yaw 0, pitch 0 looks along -z at the x-y plane as the 2D view
/// does; up is world y tilted with the pitch. A world point's pixel is
///   canvasOffset + canvasSize / 2 + f (xc / zc, -yc / zc),
/// (xc, yc, zc) its coordinates along right, up and forward from the eye, and
/// f = (canvas height / 2) / tan(fovy / 2) the focal length in pixels.

#include <optional>
#include <string>
#include <utility>

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

namespace pbd::app {

/// A ray from the eye through a pixel: origin + t direction, direction of unit length.
struct Ray3 {
    glm::dvec3 origin{0.0};
    glm::dvec3 direction{0.0, 0.0, -1.0};
};

class OrbitCamera {
public:
    static constexpr double kFovyDegrees = 40.0;          ///< vertical field of view
    static constexpr double kMinDistance = 1e-3;          ///< m from eye to target
    static constexpr double kMaxDistance = 1e5;           ///< m
    static constexpr double kMaxPitch = 1.5533430342749532; ///< 89 degrees, in radians
    static constexpr double kOrbitRadiansPerPixel = 0.01; ///< a right-drag's turn

    /// The canvas in window pixels: its size and its top-left corner. A size not positive
    /// or not finite changes nothing.
    void setCanvas(glm::dvec2 canvasSize, glm::dvec2 canvasOffset = glm::dvec2(0.0));

    /// Sets the angles (radians; the pitch clamped to +-kMaxPitch), keeping the target and
    /// the distance. Non-finite angles change nothing.
    void setAngles(double yaw, double pitch);
    /// Sets the target and the distance (clamped), keeping the angles. Non-finite input
    /// changes nothing.
    void lookAt(glm::dvec3 target, double distance);

    /// Turns the eye around the target by a window-pixel drag: right turns the scene
    /// right (the eye goes left), down turns its top towards the viewer (the eye goes up).
    void orbit(glm::dvec2 screenDelta);
    /// Moves eye and target in the view plane so that a point at the target's depth
    /// follows the pointer.
    void pan(glm::dvec2 screenDelta);
    /// Moves towards (factor > 1) or away from the point under `screenPoint` at the
    /// target's depth, which stays under it: the eye and the target scale about that point by
    /// 1 / factor (the distance clamped). Non-finite or non-positive input changes nothing.
    void zoomAt(double factor, glm::dvec2 screenPoint);
    /// Fits the box [worldMin, worldMax]: the target at its centre, the distance at which
    /// its bounding sphere fills the canvas, `marginPixels` from the nearer pair of edges;
    /// the angles stay. A single point keeps the distance. Non-finite or inverted input
    /// changes nothing.
    void fit(glm::dvec3 worldMin, glm::dvec3 worldMax, double marginPixels);
    /// True when all eight corners of the box lie in front of the eye and are drawn inside
    /// the canvas, at least `marginPixels` from every edge.
    bool shows(glm::dvec3 worldMin, glm::dvec3 worldMax, double marginPixels = 0.0) const;
    /// The window-pixel rectangle (top-left, bottom-right) around the eight corners of the
    /// box as drawn; nothing when a corner does not lie in front of the eye.
    std::optional<std::pair<glm::dvec2, glm::dvec2>> screenRect(glm::dvec3 worldMin,
                                                                glm::dvec3 worldMax) const;

    /// World metres -> window pixels; nothing for a point not in front of the eye.
    std::optional<glm::dvec2> worldToScreen(glm::dvec3 world) const;
    /// The ray from the eye through a window pixel.
    Ray3 ray(glm::dvec2 screen) const;
    /// The point at the target's depth (the plane through the target facing the camera)
    /// under a window pixel.
    glm::dvec3 pointAtTargetDepth(glm::dvec2 screen) const;

    glm::dvec3 eye() const;
    glm::dvec3 target() const { return target_; }
    /// Unit vectors of the view: forward (eye to target), right and up.
    glm::dvec3 forward() const;
    glm::dvec3 right() const;
    glm::dvec3 up() const;
    double distance() const { return distance_; }
    double yaw() const { return yaw_; }
    double pitch() const { return pitch_; }
    double fovyDegrees() const { return kFovyDegrees; }
    /// Pixels per unit of xc / zc: (canvas height / 2) / tan(fovy / 2).
    double focalPixels() const;
    glm::dvec2 canvasSize() const { return canvasSize_; }
    glm::dvec2 canvasOffset() const { return canvasOffset_; }

    /// The renderer's matrices (the canvas's aspect; near and far planes around the target
    /// at 1/1000 and 1000 times the distance).
    glm::dmat4 viewMatrix() const;
    glm::dmat4 projectionMatrix() const;

    /// The view dump's line: "camera EX EY EZ TX TY TZ UX UY UZ FOVY" (metres, degrees),
    /// every number exact (%.17g).
    std::string dumpLine() const;

private:
    glm::dvec3 target_{0.0};
    double distance_ = 10.0;
    double yaw_ = 0.0;
    double pitch_ = 0.0;
    glm::dvec2 canvasSize_{1024.0, 768.0};
    glm::dvec2 canvasOffset_{0.0};
};

} // namespace pbd::app
