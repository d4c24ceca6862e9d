// The obstacles' drawn geometry: outlines, the ground clipped to the view, and the triangles
// and lines that draw them.

#include "logic/obstacle_geometry.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include <glm/common.hpp>
#include <glm/geometric.hpp>

namespace pbd::app {
namespace {

constexpr double kDegree = std::numbers::pi / 180.0;

glm::dvec2 direction(double radians) { return {std::cos(radians), std::sin(radians)}; }

/// Points of the arc around `centre` from angle `from` over `sweep` radians, both ends kept.
void appendArc(std::vector<glm::dvec2>& out, glm::dvec2 centre, double radius, double from,
               double sweep, int pieces)
{
    for (int k = 0; k <= pieces; ++k)
        out.push_back(centre + radius * direction(from + sweep * k / pieces));
}

/// The ground's normal (-sin, cos); its solid side is where dot(p - point, normal) <= 0.
glm::dvec2 groundNormal(const Obstacle& g)
{
    const double t = g.angle * kDegree;
    return {-std::sin(t), std::cos(t)};
}

/// The box around an outline or a bounded obstacle, for culling.
WorldRect boundsOfPoints(std::span<const glm::dvec2> points)
{
    WorldRect r{glm::dvec2(INFINITY), glm::dvec2(-INFINITY)};
    for (glm::dvec2 p : points) {
        r.min = glm::min(r.min, p);
        r.max = glm::max(r.max, p);
    }
    return r;
}

bool overlaps(const WorldRect& a, const WorldRect& b)
{
    return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y;
}

ObstacleVertex vertex(glm::dvec2 p, const std::array<float, 3>& c)
{
    return {static_cast<float>(p.x), static_cast<float>(p.y), c[0], c[1], c[2]};
}

/// Fill and outline colours of one drawn item.
struct Colours {
    std::array<float, 3> fill;
    std::array<float, 3> outline;
};
constexpr Colours kObstacleColours{kObstacleFill, kObstacleOutline};

void appendOutline(std::span<const glm::dvec2> polygon, const std::array<float, 3>& colour,
                   ObstacleMesh& mesh)
{
    for (std::size_t k = 0; k < polygon.size(); ++k) {
        mesh.outline.push_back(vertex(polygon[k], colour));
        mesh.outline.push_back(vertex(polygon[(k + 1) % polygon.size()], colour));
    }
}

/// A convex polygon as a fan of triangles and a closed outline.
void appendPolygon(std::span<const glm::dvec2> polygon, bool outlined, ObstacleMesh& mesh,
                   const Colours& colours = kObstacleColours)
{
    if (polygon.size() < 3)
        return;
    for (std::size_t k = 1; k + 1 < polygon.size(); ++k)
        for (glm::dvec2 p : {polygon[0], polygon[k], polygon[k + 1]})
            mesh.fill.push_back(vertex(p, colours.fill));
    if (outlined)
        appendOutline(polygon, colours.outline, mesh);
}

/// The selection's ring: the outline again, drawn inset by 1 and 2 pixels (`pixel` metres)
/// towards the polygon's centre, so that a 1-pixel line reads as a 3-pixel band.
void appendSelectionRing(std::span<const glm::dvec2> polygon, double pixel, ObstacleMesh& mesh)
{
    if (polygon.size() < 3)
        return;
    glm::dvec2 centre(0.0);
    for (glm::dvec2 p : polygon)
        centre += p;
    centre /= static_cast<double>(polygon.size());
    appendOutline(polygon, kSelectedOutline, mesh);
    std::vector<glm::dvec2> inset(polygon.begin(), polygon.end());
    for (int ring = 1; ring <= 2; ++ring) {
        for (std::size_t k = 0; k < polygon.size(); ++k) {
            const glm::dvec2 d = polygon[k] - centre;
            const double length = glm::length(d);
            inset[k] = length > ring * pixel ? polygon[k] - (ring * pixel / length) * d : centre;
        }
        appendOutline(inset, kSelectedOutline, mesh);
    }
}

} // namespace

int circleSegments(double radiusPixels)
{
    if (!(radiusPixels > 0.0) || !std::isfinite(radiusPixels))
        return kMinCircleSegments;
    const double n = std::ceil(2.0 * std::numbers::pi * radiusPixels / kCircleSegmentPixels);
    return static_cast<int>(std::clamp(n, double(kMinCircleSegments), double(kMaxCircleSegments)));
}

std::vector<glm::dvec2> obstacleOutline(const Obstacle& o, int segments)
{
    segments = std::max(segments, 4);
    std::vector<glm::dvec2> out;
    switch (o.shape) {
    case ObstacleShape::Circle:
        for (int k = 0; k < segments; ++k)
            out.push_back(o.a + o.radius * direction(2.0 * std::numbers::pi * k / segments));
        break;
    case ObstacleShape::Box: {
        const glm::dvec2 u = direction(o.angle * kDegree), v(-u.y, u.x);
        const glm::dvec2 hu = 0.5 * o.width * u, hv = 0.5 * o.height * v;
        out = {o.a - hu - hv, o.a + hu - hv, o.a + hu + hv, o.a - hu + hv};
        break;
    }
    case ObstacleShape::Capsule: {
        const glm::dvec2 d = o.b - o.a;
        const double t = d.x == 0.0 && d.y == 0.0 ? 0.0 : std::atan2(d.y, d.x);
        const int half = std::max(segments / 2, 2);
        // Around the second end from -90 to +90 degrees of the axis, then around the first.
        appendArc(out, o.b, o.radius, t - 0.5 * std::numbers::pi, std::numbers::pi, half);
        appendArc(out, o.a, o.radius, t + 0.5 * std::numbers::pi, std::numbers::pi, half);
        break;
    }
    case ObstacleShape::Ground:
        break;
    }
    return out;
}

std::vector<glm::dvec2> groundPolygon(const Obstacle& ground, const WorldRect& view)
{
    // The view's corners, counter-clockwise, clipped by the half-plane (one Sutherland-Hodgman
    // pass): a convex polygon stays convex.
    const std::array<glm::dvec2, 4> corners{view.min, glm::dvec2(view.max.x, view.min.y),
                                            view.max, glm::dvec2(view.min.x, view.max.y)};
    const glm::dvec2 n = groundNormal(ground);
    const auto side = [&](glm::dvec2 p) { return glm::dot(p - ground.a, n); };
    std::vector<glm::dvec2> out;
    for (std::size_t k = 0; k < corners.size(); ++k) {
        const glm::dvec2 p = corners[k], q = corners[(k + 1) % corners.size()];
        const double sp = side(p), sq = side(q);
        if (sp <= 0.0)
            out.push_back(p);
        if ((sp < 0.0 && sq > 0.0) || (sp > 0.0 && sq < 0.0))
            out.push_back(p + (q - p) * (sp / (sp - sq)));
    }
    return out.size() >= 3 ? out : std::vector<glm::dvec2>{};
}

std::optional<std::pair<glm::dvec2, glm::dvec2>> groundSurface(const Obstacle& ground,
                                                               const WorldRect& view)
{
    // The line p(s) = point + s * u clipped to the rectangle (slab by slab).
    const glm::dvec2 n = groundNormal(ground), u(n.y, -n.x);
    double lo = -INFINITY, hi = INFINITY;
    for (int axis = 0; axis < 2; ++axis) {
        const double p = ground.a[axis], d = u[axis];
        if (std::abs(d) < 1e-12) {
            if (p < view.min[axis] || p > view.max[axis])
                return std::nullopt;
            continue;
        }
        double s0 = (view.min[axis] - p) / d, s1 = (view.max[axis] - p) / d;
        if (s0 > s1)
            std::swap(s0, s1);
        lo = std::max(lo, s0);
        hi = std::min(hi, s1);
    }
    if (!(lo <= hi))
        return std::nullopt;
    return std::pair{ground.a + lo * u, ground.a + hi * u};
}

WorldRect obstacleBounds(const Obstacle& o)
{
    switch (o.shape) {
    case ObstacleShape::Circle:
        return {o.a - glm::dvec2(o.radius), o.a + glm::dvec2(o.radius)};
    case ObstacleShape::Capsule:
        return {glm::min(o.a, o.b) - glm::dvec2(o.radius),
                glm::max(o.a, o.b) + glm::dvec2(o.radius)};
    case ObstacleShape::Box: {
        const std::vector<glm::dvec2> corners = obstacleOutline(o, 4);
        return boundsOfPoints(corners);
    }
    case ObstacleShape::Ground:
        break;
    }
    return {glm::dvec2(INFINITY), glm::dvec2(-INFINITY)};
}

WorldRect frameWithObstacles(const WorldRect& cloth, std::span<const Obstacle> obstacles)
{
    if (!(cloth.min.x <= cloth.max.x && cloth.min.y <= cloth.max.y))
        return cloth;
    const glm::dvec2 size = cloth.max - cloth.min;
    const glm::dvec2 reach(kTouchReach * std::max(size.x, size.y));
    const WorldRect near{cloth.min - reach, cloth.max + reach};
    WorldRect out = cloth;
    for (const Obstacle& o : obstacles) {
        const WorldRect box = obstacleBounds(o);
        if (box.min.x <= box.max.x && overlaps(box, near)) { // a ground's box is empty
            out.min = glm::min(out.min, box.min);
            out.max = glm::max(out.max, box.max);
        }
    }
    return out;
}

WorldRect frameWorld(const WorldRect& cloth, std::span<const Obstacle> obstacles)
{
    if (!(cloth.min.x <= cloth.max.x && cloth.min.y <= cloth.max.y))
        return cloth;
    const glm::dvec2 centre = 0.5 * (cloth.min + cloth.max);
    WorldRect out = cloth;
    for (const Obstacle& o : obstacles) {
        WorldRect box = obstacleBounds(o);
        if (o.shape == ObstacleShape::Ground) {
            const glm::dvec2 n = groundNormal(o);
            const glm::dvec2 foot = centre - glm::dot(centre - o.a, n) * n;
            box = {foot, foot};
        }
        if (box.min.x <= box.max.x && std::isfinite(box.min.x) && std::isfinite(box.min.y) &&
            std::isfinite(box.max.x) && std::isfinite(box.max.y)) {
            out.min = glm::min(out.min, box.min);
            out.max = glm::max(out.max, box.max);
        }
    }
    const glm::dvec2 size = out.max - out.min;
    const glm::dvec2 room(kSceneRoom * std::max(size.x, size.y));
    return {out.min - room, out.max + room};
}

void buildObstacleMesh(std::span<const Obstacle> obstacles, const WorldRect& view, double zoom,
                       ObstacleMesh& mesh)
{
    buildWorldMesh(obstacles, {}, std::nullopt, view, zoom, mesh);
}

void buildWorldMesh(std::span<const Obstacle> obstacles, std::span<const Ball> balls,
                    std::optional<WorldItem> selected, const WorldRect& view, double zoom,
                    ObstacleMesh& mesh)
{
    mesh.clear();
    const double pixel = zoom > 0.0 ? 1.0 / zoom : 0.0;
    const auto isSelected = [&](WorldItem::Kind kind, std::size_t index) {
        return selected && selected->kind == kind && selected->index == index;
    };
    for (std::size_t i = 0; i < obstacles.size(); ++i) {
        const Obstacle& o = obstacles[i];
        const bool chosen = isSelected(WorldItem::Kind::Obstacle, i);
        const Colours colours{chosen ? kSelectedFill : kObstacleFill, kObstacleOutline};
        if (o.shape == ObstacleShape::Ground) {
            const std::vector<glm::dvec2> polygon = groundPolygon(o, view);
            // Its edges on the view are not its surface: only the surface line is drawn.
            appendPolygon(polygon, false, mesh, colours);
            if (const auto line = groundSurface(o, view)) {
                const auto& colour = chosen ? kSelectedOutline : kObstacleOutline;
                mesh.outline.push_back(vertex(line->first, colour));
                mesh.outline.push_back(vertex(line->second, colour));
            }
            continue;
        }
        const double radius = o.shape == ObstacleShape::Box ? 0.0 : o.radius;
        const std::vector<glm::dvec2> outline = obstacleOutline(o, circleSegments(radius * zoom));
        if (!overlaps(boundsOfPoints(outline), view))
            continue;
        appendPolygon(outline, true, mesh, colours);
        if (chosen)
            appendSelectionRing(outline, pixel, mesh);
    }
    for (std::size_t i = 0; i < balls.size(); ++i) {
        Obstacle disc; // a ball is drawn as a circle of its own colours
        disc.a = balls[i].position;
        disc.radius = balls[i].radius;
        const std::vector<glm::dvec2> outline =
            obstacleOutline(disc, circleSegments(disc.radius * zoom));
        if (!overlaps(boundsOfPoints(outline), view))
            continue;
        const bool chosen = isSelected(WorldItem::Kind::Ball, i);
        appendPolygon(outline, true, mesh, {chosen ? kSelectedBallFill : kBallFill, kBallOutline});
        if (chosen)
            appendSelectionRing(outline, pixel, mesh);
    }
}

} // namespace pbd::app
