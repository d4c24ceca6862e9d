#include "logic/orbit_camera.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>

namespace pbd::app {

namespace {

bool finite(glm::dvec2 v) { return std::isfinite(v.x) && std::isfinite(v.y); }
bool finite(glm::dvec3 v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

constexpr double kPi = 3.14159265358979323846;

double halfFovy() { return 0.5 * OrbitCamera::kFovyDegrees * kPi / 180.0; }

} // namespace

void OrbitCamera::setCanvas(glm::dvec2 canvasSize, glm::dvec2 canvasOffset)
{
    if (!finite(canvasSize) || !finite(canvasOffset) || canvasSize.x <= 0.0 ||
        canvasSize.y <= 0.0)
        return;
    canvasSize_ = canvasSize;
    canvasOffset_ = canvasOffset;
}

void OrbitCamera::setAngles(double yaw, double pitch)
{
    if (!std::isfinite(yaw) || !std::isfinite(pitch))
        return;
    yaw_ = std::remainder(yaw, 2.0 * kPi);
    pitch_ = std::clamp(pitch, -kMaxPitch, kMaxPitch);
}

void OrbitCamera::lookAt(glm::dvec3 target, double distance)
{
    if (!finite(target) || !std::isfinite(distance))
        return;
    target_ = target;
    distance_ = std::clamp(distance, kMinDistance, kMaxDistance);
}

glm::dvec3 OrbitCamera::eye() const
{
    return target_ - distance_ * forward();
}

glm::dvec3 OrbitCamera::forward() const
{
    const double c = std::cos(pitch_);
    return -glm::dvec3(c * std::sin(yaw_), std::sin(pitch_), c * std::cos(yaw_));
}

glm::dvec3 OrbitCamera::right() const
{
    // forward x world up, normalised: (cos a, 0, -sin a) for every pitch within +-89 degrees.
    return {std::cos(yaw_), 0.0, -std::sin(yaw_)};
}

glm::dvec3 OrbitCamera::up() const
{
    return glm::cross(right(), forward());
}

double OrbitCamera::focalPixels() const
{
    return 0.5 * canvasSize_.y / std::tan(halfFovy());
}

void OrbitCamera::orbit(glm::dvec2 screenDelta)
{
    if (!finite(screenDelta))
        return;
    setAngles(yaw_ - screenDelta.x * kOrbitRadiansPerPixel,
              pitch_ + screenDelta.y * kOrbitRadiansPerPixel);
}

void OrbitCamera::pan(glm::dvec2 screenDelta)
{
    if (!finite(screenDelta))
        return;
    const double metresPerPixel = distance_ / focalPixels();
    target_ += metresPerPixel * (-screenDelta.x * right() + screenDelta.y * up());
}

void OrbitCamera::zoomAt(double factor, glm::dvec2 screenPoint)
{
    if (!std::isfinite(factor) || factor <= 0.0 || !finite(screenPoint))
        return;
    const double distance = std::clamp(distance_ / factor, kMinDistance, kMaxDistance);
    const double scale = distance / distance_; // 1 / factor unless clamped
    const glm::dvec3 anchor = pointAtTargetDepth(screenPoint);
    target_ = anchor + (target_ - anchor) * scale;
    distance_ = distance;
}

void OrbitCamera::fit(glm::dvec3 worldMin, glm::dvec3 worldMax, double marginPixels)
{
    if (!finite(worldMin) || !finite(worldMax) || !std::isfinite(marginPixels) ||
        worldMax.x < worldMin.x || worldMax.y < worldMin.y || worldMax.z < worldMin.z)
        return;
    const double radius = 0.5 * glm::length(worldMax - worldMin);
    target_ = 0.5 * (worldMin + worldMax);
    if (radius <= 0.0)
        return;
    // The sphere fits when its angular radius is the smaller half field of view, shrunk by
    // the margin (a quarter of the smaller side at most).
    const double halfSide = 0.5 * std::min(canvasSize_.x, canvasSize_.y);
    const double margin = std::clamp(marginPixels, 0.0, 0.5 * halfSide);
    const double tanHalf = (halfSide - margin) / focalPixels();
    const double sinHalf = tanHalf / std::sqrt(1.0 + tanHalf * tanHalf);
    distance_ = std::clamp(radius / sinHalf, kMinDistance, kMaxDistance);
}

bool OrbitCamera::shows(glm::dvec3 worldMin, glm::dvec3 worldMax, double marginPixels) const
{
    const auto rect = screenRect(worldMin, worldMax);
    if (!rect)
        return false;
    const glm::dvec2 low = rect->first - canvasOffset_;
    const glm::dvec2 high = rect->second - canvasOffset_;
    return low.x >= marginPixels && low.y >= marginPixels &&
           high.x <= canvasSize_.x - marginPixels && high.y <= canvasSize_.y - marginPixels;
}

std::optional<std::pair<glm::dvec2, glm::dvec2>> OrbitCamera::screenRect(glm::dvec3 worldMin,
                                                                         glm::dvec3 worldMax) const
{
    std::optional<std::pair<glm::dvec2, glm::dvec2>> rect;
    for (int corner = 0; corner < 8; ++corner) {
        const glm::dvec3 p{corner & 1 ? worldMax.x : worldMin.x,
                           corner & 2 ? worldMax.y : worldMin.y,
                           corner & 4 ? worldMax.z : worldMin.z};
        const std::optional<glm::dvec2> s = worldToScreen(p);
        if (!s)
            return std::nullopt;
        rect = rect ? std::pair{glm::min(rect->first, *s), glm::max(rect->second, *s)}
                    : std::pair{*s, *s};
    }
    return rect;
}

std::optional<glm::dvec2> OrbitCamera::worldToScreen(glm::dvec3 world) const
{
    const glm::dvec3 d = world - eye();
    const double zc = glm::dot(d, forward());
    if (!(zc > 0.0))
        return std::nullopt;
    const double f = focalPixels() / zc;
    return canvasOffset_ + 0.5 * canvasSize_ +
           glm::dvec2(f * glm::dot(d, right()), -f * glm::dot(d, up()));
}

Ray3 OrbitCamera::ray(glm::dvec2 screen) const
{
    const glm::dvec2 q = (screen - canvasOffset_ - 0.5 * canvasSize_) / focalPixels();
    return {eye(), glm::normalize(forward() + q.x * right() - q.y * up())};
}

glm::dvec3 OrbitCamera::pointAtTargetDepth(glm::dvec2 screen) const
{
    const glm::dvec2 q = (screen - canvasOffset_ - 0.5 * canvasSize_) / focalPixels();
    return target_ + distance_ * (q.x * right() - q.y * up());
}

glm::dmat4 OrbitCamera::viewMatrix() const
{
    return glm::lookAt(eye(), target_, up());
}

glm::dmat4 OrbitCamera::projectionMatrix() const
{
    return glm::perspective(2.0 * halfFovy(), canvasSize_.x / canvasSize_.y, 1e-3 * distance_,
                            1e3 * distance_);
}

std::string OrbitCamera::dumpLine() const
{
    const glm::dvec3 e = eye(), t = target_, u = up();
    const std::array<double, 10> v{e.x, e.y, e.z, t.x, t.y, t.z, u.x, u.y, u.z, kFovyDegrees};
    std::string line = "camera";
    for (double x : v) {
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, " %.17g", x);
        line += buffer;
    }
    return line;
}

} // namespace pbd::app
