// The 2D obstacles: their specs, checks and poses, and their shapes in each substep's
// contact phase (pbd/device/contacts.h; the 3D obstacles' are in contacts3.cpp).

#include "pbd/obstacle.h"
#include "world/obstacle_checks.h"

#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include "files/input_text.h"
#include "pbd/device/contacts.h"
#include "world/obstacle_motion.h"

namespace pbd {
namespace {

using detail::checkAngle;
using detail::checkCoordinate;
using detail::checkSize;
using detail::checkSpeed;
using detail::splitValues;

constexpr NameTable<ObstacleShape, 4> kShapeNames{{{ObstacleShape::Circle, "circle"},
                                                   {ObstacleShape::Box, "box"},
                                                   {ObstacleShape::Capsule, "capsule"},
                                                   {ObstacleShape::Ground, "ground"}}};

constexpr double kDegree = std::numbers::pi / 180.0;

/// The unit vector at `degrees` counter-clockwise from +x.
glm::dvec2 unit(double degrees) { return {std::cos(degrees * kDegree), std::sin(degrees * kDegree)}; }

} // namespace

ObstaclePose obstaclePose(const Obstacle& o)
{
    switch (o.shape) {
    case ObstacleShape::Circle:
        return {o.a, 0.0};
    case ObstacleShape::Capsule: {
        const glm::dvec2 d = o.b - o.a;
        const double angle = d.x == 0.0 && d.y == 0.0 ? 0.0 : std::atan2(d.y, d.x) / kDegree;
        return {0.5 * (o.a + o.b), angle};
    }
    case ObstacleShape::Box:
    case ObstacleShape::Ground:
        break;
    }
    return {o.a, o.angle};
}

void settleObstacle(Obstacle& obstacle) { obstacle.start = obstaclePose(obstacle); }

const char* obstacleShapeName(ObstacleShape shape) { return nameOf(kShapeNames, shape); }

std::optional<ObstacleShape> obstacleShapeFromName(std::string_view name)
{
    return valueNamed(kShapeNames, name);
}

namespace {

std::optional<std::string> checkShape(const Obstacle& o)
{
    const bool capsule = o.shape == ObstacleShape::Capsule;
    if (auto e = checkCoordinate(capsule ? "x1" : "x", o.a.x))
        return e;
    if (auto e = checkCoordinate(capsule ? "y1" : "y", o.a.y))
        return e;
    switch (o.shape) {
    case ObstacleShape::Capsule:
        if (auto e = checkCoordinate("x2", o.b.x))
            return e;
        if (auto e = checkCoordinate("y2", o.b.y))
            return e;
        [[fallthrough]];
    case ObstacleShape::Circle:
        return checkSize("radius", o.radius);
    case ObstacleShape::Box:
        if (auto e = checkSize("width", o.width))
            return e;
        if (auto e = checkSize("height", o.height))
            return e;
        return checkAngle(o.angle);
    case ObstacleShape::Ground:
        return checkAngle(o.angle);
    }
    return std::nullopt;
}

} // namespace

std::optional<std::string> checkObstacle(const Obstacle& o)
{
    if (auto e = checkShape(o))
        return e;
    if (auto e = checkSpeed("vx", o.velocity.x))
        return e;
    return checkSpeed("vy", o.velocity.y);
}

std::optional<std::string> checkObstacles(std::span<const Obstacle> obstacles)
{
    if (obstacles.size() > kMaxObstacles)
        return "obstacles: " + std::to_string(obstacles.size()) +
               " obstacles are not allowed; allowed: at most " + std::to_string(kMaxObstacles);
    for (std::size_t i = 0; i < obstacles.size(); ++i) {
        const Obstacle& o = obstacles[i];
        std::optional<std::string> e = checkObstacle(o);
        if (!e && !(std::isfinite(o.start.centre.x) && std::isfinite(o.start.centre.y) &&
                    std::isfinite(o.start.angle)))
            e = "start pose is not finite; allowed: finite numbers";
        if (e)
            return "obstacles[" + std::to_string(i) + "]: " + *e;
    }
    return std::nullopt;
}

std::optional<Obstacle> parseObstacleSpec(std::string_view spec, std::string& error)
{
    constexpr const char* kAllowed =
        "allowed: circle:X,Y,R, box:X,Y,W,H[,DEG], capsule:X1,Y1,X2,Y2,R or ground:Y[,DEG] "
        "(or ground:X,Y,DEG)";
    const std::size_t colon = spec.find(':');
    const auto shape = obstacleShapeFromName(spec.substr(0, colon));
    if (!shape || colon == std::string_view::npos) {
        const std::string_view word = spec.substr(0, colon);
        error = "obstacle shape " + quoteInput(word) +
                (word == "sphere" || word == "plane" ? " is not allowed with dimensions = 2; "
                                                     : " is not allowed; ") +
                kAllowed;
        return std::nullopt;
    }
    const std::vector<std::string_view> texts = splitValues(spec.substr(colon + 1));
    struct Form {
        std::size_t least, most;
        const char* names[5];
    };
    static constexpr Form kForms[] = {{3, 3, {"x", "y", "radius"}},
                                      {4, 5, {"x", "y", "width", "height", "angle"}},
                                      {5, 5, {"x1", "y1", "x2", "y2", "radius"}},
                                      {1, 3, {"y", "angle"}}};
    const Form& form = kForms[static_cast<int>(*shape)];
    static constexpr const char* kUsageOf[] = {"circle:X,Y,R", "box:X,Y,W,H[,DEG]",
                                               "capsule:X1,Y1,X2,Y2,R",
                                               "ground:Y[,DEG] or ground:X,Y,DEG"};
    const char* name = obstacleShapeName(*shape);
    if (texts.size() < form.least || texts.size() > form.most) {
        error = std::string(name) + " takes " + std::to_string(form.least) +
                (form.most > form.least
                     ? (form.most > form.least + 1 ? " to " : " or ") + std::to_string(form.most)
                     : "") +
                " values, got " + std::to_string(texts.size()) + " in " + quoteInput(spec) +
                "; allowed: " + kUsageOf[static_cast<int>(*shape)];
        return std::nullopt;
    }
    // A ground's third form names its point: ground:X,Y,DEG (what a moved ground needs to be
    // written back exactly).
    static constexpr const char* kGroundPoint[] = {"x", "y", "angle"};
    const bool groundPoint = *shape == ObstacleShape::Ground && texts.size() == 3;
    double v[5] = {0, 0, 0, 0, 0};
    for (std::size_t i = 0; i < texts.size(); ++i)
        if (!parseNumber(texts[i], v[i]) || !std::isfinite(v[i])) {
            error = std::string(name) + " " + (groundPoint ? kGroundPoint[i] : form.names[i]) +
                    " " + quoteInput(texts[i]) +
                    " is not a finite number; allowed: " + kUsageOf[static_cast<int>(*shape)] +
                    " with finite numbers";
            return std::nullopt;
        }
    Obstacle o;
    o.shape = *shape;
    switch (*shape) {
    case ObstacleShape::Circle:
        o.a = {v[0], v[1]};
        o.radius = v[2];
        break;
    case ObstacleShape::Box:
        o.a = {v[0], v[1]};
        o.width = v[2];
        o.height = v[3];
        o.angle = v[4];
        break;
    case ObstacleShape::Capsule:
        o.a = {v[0], v[1]};
        o.b = {v[2], v[3]};
        o.radius = v[4];
        break;
    case ObstacleShape::Ground:
        o.a = groundPoint ? glm::dvec2(v[0], v[1]) : glm::dvec2(0.0, v[0]);
        o.angle = groundPoint ? v[2] : v[1];
        break;
    }
    if (auto e = checkObstacle(o)) {
        error = std::string(name) + " " + *e;
        return std::nullopt;
    }
    settleObstacle(o);
    return o;
}

std::string formatObstacleSpec(const Obstacle& o)
{
    auto n = [](double v) { return formatNumber(v); };
    switch (o.shape) {
    case ObstacleShape::Circle:
        return "circle:" + n(o.a.x) + "," + n(o.a.y) + "," + n(o.radius);
    case ObstacleShape::Box:
        return "box:" + n(o.a.x) + "," + n(o.a.y) + "," + n(o.width) + "," + n(o.height) + "," +
               n(o.angle);
    case ObstacleShape::Capsule:
        return "capsule:" + n(o.a.x) + "," + n(o.a.y) + "," + n(o.b.x) + "," + n(o.b.y) + "," +
               n(o.radius);
    case ObstacleShape::Ground:
        break;
    }
    // Its point as it is: moving the point along the line to x = 0 would round it (and
    // cannot be done for a vertical ground). The short form only for a point at +0.
    if (o.a.x == 0.0 && !std::signbit(o.a.x))
        return "ground:" + n(o.a.y) + "," + n(o.angle);
    return "ground:" + n(o.a.x) + "," + n(o.a.y) + "," + n(o.angle);
}

Obstacle movedObstacle(const Obstacle& o, glm::dvec2 centre, std::optional<double> angle)
{
    Obstacle moved = o;
    if (o.shape == ObstacleShape::Capsule) {
        const ObstaclePose pose = obstaclePose(o);
        if (angle) {
            const glm::dvec2 d = o.b - o.a;
            const double half = 0.5 * std::sqrt(d.x * d.x + d.y * d.y);
            const glm::dvec2 u = unit(*angle);
            moved.a = centre - half * u;
            moved.b = centre + half * u;
        } else {
            moved.a = o.a + (centre - pose.centre);
            moved.b = o.b + (centre - pose.centre);
        }
        return moved;
    }
    moved.a = centre;
    if (angle && o.shape != ObstacleShape::Circle)
        moved.angle = *angle;
    return moved;
}

namespace detail {
namespace {

/// The pose at fraction f of the step, on the way from `start` to `end`.
ObstaclePose poseAt(const ObstaclePose& start, const ObstaclePose& end, double f)
{
    if (f >= 1.0)
        return end;
    return {start.centre + f * (end.centre - start.centre),
            start.angle + f * shorterTurn(end.angle - start.angle)};
}

/// The obstacle's core and radius at `pose` (its own when `own`, exactly as given).
ContactShape shapeAt(const Obstacle& o, const ObstaclePose& pose, bool own, double grow)
{
    using Core = ContactShape::Core;
    ContactShape s;
    switch (o.shape) {
    case ObstacleShape::Circle:
        setPointShape(s, pose.centre, o.radius + grow);
        break;
    case ObstacleShape::Capsule: {
        if (own) {
            setSegmentShape(s, o.a, o.b, o.radius + grow);
        } else {
            const glm::dvec2 d = o.b - o.a;
            const glm::dvec2 half = 0.5 * std::sqrt(dot(d, d)) * unit(pose.angle);
            setSegmentShape(s, pose.centre - half, pose.centre + half, o.radius + grow);
        }
        break;
    }
    case ObstacleShape::Box: {
        s.core = Core::Box;
        s.a = pose.centre;
        const glm::dvec2 u = unit(pose.angle);
        s.axis = {u, glm::dvec2(-u.y, u.x)};
        s.half = {0.5 * o.width, 0.5 * o.height};
        s.r = grow;
        const glm::dvec2 extent(std::abs(u.x) * s.half.x + std::abs(u.y) * s.half.y,
                                std::abs(u.y) * s.half.x + std::abs(u.x) * s.half.y);
        s.lo = s.a - extent - s.r;
        s.hi = s.a + extent + s.r;
        break;
    }
    case ObstacleShape::Ground: {
        s.core = Core::HalfSpace;
        s.a = pose.centre;
        const glm::dvec2 along = unit(pose.angle);
        s.normal = {-along.y, along.x};
        s.r = grow;
        s.lo = glm::dvec2(-std::numeric_limits<double>::infinity());
        s.hi = glm::dvec2(std::numeric_limits<double>::infinity());
        break;
    }
    }
    return s;
}

} // namespace

void prepareContacts(std::span<const Obstacle> obstacles, double thickness, double friction,
                     int substep, int substeps, ContactWorld& world)
{
    auto turn = [](const ObstaclePose& before, const ObstaclePose& at) {
        const double radians = shorterTurn(at.angle - before.angle) * kDegree;
        return Turn<2>{std::cos(radians), std::sin(radians)};
    };
    prepareShapes<2>(obstacles, thickness, friction, substep, substeps, world, poseAt, shapeAt,
                     turn);
}

} // namespace detail

} // namespace pbd
