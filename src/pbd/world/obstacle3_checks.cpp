// The 3D obstacles' values: what a sphere, box, capsule, ground or plane may be, and their
// moves (pbd/obstacle3.h). Their contacts are contacts3.cpp.

#include <cmath>
#include <span>
#include <string_view>
#include <vector>

#include "files/input_text.h"

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

constexpr NameTable<Obstacle3Shape, 5> kShape3Names{{{Obstacle3Shape::Sphere, "sphere"},
                                                     {Obstacle3Shape::Box, "box"},
                                                     {Obstacle3Shape::Capsule, "capsule"},
                                                     {Obstacle3Shape::Ground, "ground"},
                                                     {Obstacle3Shape::Plane, "plane"}}};

constexpr const char* kAllowed3 =
    "allowed: sphere:X,Y,Z,R, box:X,Y,Z,SX,SY,SZ[,AX,AY,AZ], capsule:X1,Y1,Z1,X2,Y2,Z2,R, "
    "ground:Y or plane:X,Y,Z,NX,NY,NZ";

} // namespace

const char* obstacleShapeName(Obstacle3Shape shape) { return nameOf(kShape3Names, shape); }

std::optional<Obstacle3Shape> obstacle3ShapeFromName(std::string_view name)
{
    return valueNamed(kShape3Names, name);
}

std::optional<Obstacle3> parseObstacle3Spec(std::string_view spec, std::string& error)
{
    const std::size_t colon = spec.find(':');
    const std::string_view word = spec.substr(0, colon);
    const auto shape = obstacle3ShapeFromName(word);
    if (!shape || colon == std::string_view::npos) {
        error = "obstacle shape " + quoteInput(word) +
                (word == "circle" ? " is not allowed with dimensions = 3" : " is not allowed") +
                "; " + kAllowed3;
        return std::nullopt;
    }
    const std::vector<std::string_view> texts = detail::splitValues(spec.substr(colon + 1));
    struct Form {
        std::size_t least, most;
        const char* usage;
        const char* names[9];
    };
    static constexpr Form kForms[] = {
        {4, 4, "sphere:X,Y,Z,R", {"x", "y", "z", "radius"}},
        {6, 9, "box:X,Y,Z,SX,SY,SZ[,AX,AY,AZ]", {"x", "y", "z", "sx", "sy", "sz", "ax", "ay", "az"}},
        {7, 7, "capsule:X1,Y1,Z1,X2,Y2,Z2,R", {"x1", "y1", "z1", "x2", "y2", "z2", "radius"}},
        {1, 1, "ground:Y", {"y"}},
        {6, 6, "plane:X,Y,Z,NX,NY,NZ", {"x", "y", "z", "nx", "ny", "nz"}}};
    const Form& form = kForms[static_cast<int>(*shape)];
    const std::string name = obstacleShapeName(*shape);
    const bool count = texts.size() == form.least || texts.size() == form.most;
    if (!count) {
        error = name + " takes " + std::to_string(form.least) +
                (form.most > form.least ? " or " + std::to_string(form.most) : "") +
                " values with dimensions = 3, got " + std::to_string(texts.size()) + " in " +
                quoteInput(spec) + "; allowed: " + form.usage;
        return std::nullopt;
    }
    double v[9] = {};
    for (std::size_t i = 0; i < texts.size(); ++i)
        if (!parseNumber(texts[i], v[i]) || !std::isfinite(v[i])) {
            error = name + " " + form.names[i] + " " + quoteInput(texts[i]) +
                    " is not a finite number; allowed: " + form.usage + " with finite numbers";
            return std::nullopt;
        }
    Obstacle3 o;
    o.shape = *shape;
    switch (*shape) {
    case Obstacle3Shape::Sphere:
        o.a = {v[0], v[1], v[2]};
        o.radius = v[3];
        break;
    case Obstacle3Shape::Box:
        o.a = {v[0], v[1], v[2]};
        o.size = {v[3], v[4], v[5]};
        o.angles = {v[6], v[7], v[8]};
        break;
    case Obstacle3Shape::Capsule:
        o.a = {v[0], v[1], v[2]};
        o.b = {v[3], v[4], v[5]};
        o.radius = v[6];
        break;
    case Obstacle3Shape::Ground:
        o.a = {0.0, v[0], 0.0};
        break;
    case Obstacle3Shape::Plane:
        o.a = {v[0], v[1], v[2]};
        o.normal = {v[3], v[4], v[5]};
        break;
    }
    if (auto e = checkObstacle(o)) {
        error = name + " " + *e;
        return std::nullopt;
    }
    settleObstacle(o);
    return o;
}

std::string formatObstacleSpec(const Obstacle3& o)
{
    auto n = [](double v) { return formatNumber(v); };
    auto point = [&n](const Vec<3>& p) { return n(p.x) + "," + n(p.y) + "," + n(p.z); };
    switch (o.shape) {
    case Obstacle3Shape::Sphere:
        return "sphere:" + point(o.a) + "," + n(o.radius);
    case Obstacle3Shape::Box:
        return "box:" + point(o.a) + "," + point(o.size) + "," + point(o.angles);
    case Obstacle3Shape::Capsule:
        return "capsule:" + point(o.a) + "," + point(o.b) + "," + n(o.radius);
    case Obstacle3Shape::Ground:
        return "ground:" + n(o.a.y);
    case Obstacle3Shape::Plane:
        break;
    }
    return "plane:" + point(o.a) + "," + point(o.normal);
}

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
