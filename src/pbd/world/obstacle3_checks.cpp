// The 3D obstacles' values: what a sphere, box, capsule, ground or plane may be, and their
// moves (pbd/obstacle3.h). Their contacts are contacts3.cpp.

#include <cmath>
#include <span>

#include "pbd/obstacle3.h"
#include "world/obstacle_checks.h"

namespace pbd {
namespace {

using detail::checkAngle;
using detail::checkCoordinate;
using detail::checkSize;
using detail::checkSpeed;

std::optional<std::string> checkPoint(const char* const (&fields)[3], const Vec<3>& p)
{
    for (glm::length_t c = 0; c < 3; ++c)
        if (auto e = checkCoordinate(fields[c], p[c]))
            return e;
    return std::nullopt;
}

std::optional<std::string> checkShape(const Obstacle3& o)
{
    static const char* const kCentre[] = {"x", "y", "z"};
    static const char* const kFirst[] = {"x1", "y1", "z1"};
    static const char* const kSecond[] = {"x2", "y2", "z2"};
    static const char* const kSizes[] = {"sx", "sy", "sz"};
    static const char* const kAngles[] = {"ax", "ay", "az"};
    static const char* const kNormal[] = {"nx", "ny", "nz"};
    switch (o.shape) {
    case Obstacle3Shape::Sphere:
        if (auto e = checkPoint(kCentre, o.a))
            return e;
        return checkSize("radius", o.radius);
    case Obstacle3Shape::Capsule:
        if (auto e = checkPoint(kFirst, o.a))
            return e;
        if (auto e = checkPoint(kSecond, o.b))
            return e;
        return checkSize("radius", o.radius);
    case Obstacle3Shape::Box:
        if (auto e = checkPoint(kCentre, o.a))
            return e;
        for (glm::length_t c = 0; c < 3; ++c)
            if (auto e = checkSize(kSizes[c], o.size[c]))
                return e;
        for (glm::length_t c = 0; c < 3; ++c)
            if (auto e = checkAngle(o.angles[c], kAngles[c]))
                return e;
        return std::nullopt;
    case Obstacle3Shape::Ground:
        return checkCoordinate("y", o.a.y);
    case Obstacle3Shape::Plane: {
        if (auto e = checkPoint(kCentre, o.a))
            return e;
        for (glm::length_t c = 0; c < 3; ++c)
            if (auto e = checkCoordinate(kNormal[c], o.normal[c]))
                return e;
        if (!(squaredLength(o.normal) > 0.0))
            return std::string("normal (0, 0, 0) is not allowed; allowed: a direction of any "
                               "length above 0");
        return std::nullopt;
    }
    }
    return std::nullopt;
}

} // namespace

void settleObstacle(Obstacle3& obstacle) { obstacle.start = obstaclePose(obstacle); }

std::optional<std::string> checkObstacle(const Obstacle3& o)
{
    if (auto e = checkShape(o))
        return e;
    static const char* const kSpeed[] = {"vx", "vy", "vz"};
    for (glm::length_t c = 0; c < 3; ++c)
        if (auto e = checkSpeed(kSpeed[c], o.velocity[c]))
            return e;
    return std::nullopt;
}

std::optional<std::string> checkObstacles(std::span<const Obstacle3> obstacles)
{
    if (obstacles.size() > kMaxObstacles)
        return "obstacles: " + std::to_string(obstacles.size()) +
               " obstacles are not allowed; allowed: at most " + std::to_string(kMaxObstacles);
    for (std::size_t i = 0; i < obstacles.size(); ++i) {
        const Obstacle3& o = obstacles[i];
        std::optional<std::string> e = checkObstacle(o);
        bool finite = true;
        for (glm::length_t c = 0; c < 3; ++c)
            finite = finite && std::isfinite(o.start.centre[c]) && std::isfinite(o.start.angles[c]);
        if (!e && !finite)
            e = "start pose is not finite; allowed: finite numbers";
        if (e)
            return "obstacles[" + std::to_string(i) + "]: " + *e;
    }
    return std::nullopt;
}

Obstacle3 movedObstacle(const Obstacle3& o, Vec<3> centre, std::optional<Vec<3>> angles)
{
    Obstacle3 moved = o;
    switch (o.shape) {
    case Obstacle3Shape::Capsule: {
        const Vec<3> shift = centre - obstaclePose(o).centre;
        moved.a = o.a + shift;
        moved.b = o.b + shift;
        return moved;
    }
    case Obstacle3Shape::Box:
        moved.a = centre;
        if (angles)
            moved.angles = *angles;
        return moved;
    case Obstacle3Shape::Sphere:
    case Obstacle3Shape::Ground:
    case Obstacle3Shape::Plane:
        break;
    }
    moved.a = centre;
    return moved;
}

} // namespace pbd
