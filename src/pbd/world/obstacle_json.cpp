#include "world/obstacle_json.h"

#include <cmath>
#include <string>
#include <tuple>
#include <utility>

#include "files/input_text.h"
#include "files/json_fields.h"

namespace pbd::detail {
namespace {

using Json = nlohmann::json;

/// The numbers of each shape's object, in order, and where they go.
std::vector<JsonNumber<Obstacle>> members(ObstacleShape shape)
{
    switch (shape) {
    case ObstacleShape::Circle:
        return {{"x", nullptr, &Obstacle::a, 0}, {"y", nullptr, &Obstacle::a, 1},
                {"radius", &Obstacle::radius, nullptr, 0}};
    case ObstacleShape::Box:
        return {{"x", nullptr, &Obstacle::a, 0},       {"y", nullptr, &Obstacle::a, 1},
                {"width", &Obstacle::width, nullptr, 0}, {"height", &Obstacle::height, nullptr, 0},
                {"angle", &Obstacle::angle, nullptr, 0}};
    case ObstacleShape::Capsule:
        return {{"x1", nullptr, &Obstacle::a, 0}, {"y1", nullptr, &Obstacle::a, 1},
                {"x2", nullptr, &Obstacle::b, 0}, {"y2", nullptr, &Obstacle::b, 1},
                {"radius", &Obstacle::radius, nullptr, 0}};
    case ObstacleShape::Ground:
        break;
    }
    return {{"x", nullptr, &Obstacle::a, 0}, {"y", nullptr, &Obstacle::a, 1},
            {"angle", &Obstacle::angle, nullptr, 0}};
}

/// The optional "start" member: the pose a pending move starts from, {"x", "y", "angle"}.
std::optional<StateError> startFromJson(const Json& object, const std::string& field,
                                        ObstaclePose& start)
{
    const auto it = object.find("start");
    if (it == object.end())
        return std::nullopt;
    const std::string where = field + ".start";
    if (!it->is_object())
        return fieldError(where, "is not an object; allowed: {\"x\": X, \"y\": Y, \"angle\": DEG}");
    ObstaclePose pose;
    for (const auto& [key, value] : it->items())
        if (key != "x" && key != "y" && key != "angle")
            return fieldError(where + "." + key, "is not a member of a start pose; allowed: x, y, angle");
    for (const auto& [key, target, limit] :
         {std::tuple<const char*, double*, double>{"x", &pose.centre.x, kMaxObstacleCoordinate},
          std::tuple<const char*, double*, double>{"y", &pose.centre.y, kMaxObstacleCoordinate},
          std::tuple<const char*, double*, double>{"angle", &pose.angle, kMaxObstacleAngle}}) {
        const auto v = it->find(key);
        if (v == it->end() || !v->is_number())
            return fieldError(where + "." + key, "is missing or not a number");
        *target = v->get<double>();
        if (!std::isfinite(*target) || std::abs(*target) > limit)
            return fieldError(where + "." + key, formatNumber(*target) +
                                                " is not allowed; allowed: a finite number from -" +
                                                formatNumber(limit) + " to " +
                                                formatNumber(limit));
    }
    start = pose;
    return std::nullopt;
}

/// One obstacle object: its shape, that shape's numbers, "vx" and "vy" if there, checked
/// (checkObstacle()) and settled, then "start" if there.
std::optional<StateError> obstacleFromJson(const Json& object, const std::string& field,
                                           Obstacle& o)
{
    const auto shapeIt = object.find("shape");
    const auto shape = shapeIt != object.end() && shapeIt->is_string()
                           ? obstacleShapeFromName(shapeIt->get<std::string>())
                           : std::nullopt;
    if (!shape) {
        // The 3D world's own shapes name the dimensions they need.
        const bool only3 = shapeIt != object.end() &&
                           (*shapeIt == "sphere" || *shapeIt == "plane");
        return fieldError(field + ".shape",
                          (shapeIt == object.end() ? std::string("is missing")
                           : only3 ? quoteInput(shapeIt->dump()) +
                                         " is not allowed with dimensions = 2"
                                   : quoteInput(shapeIt->dump()) + " is not a shape") +
                              "; allowed: \"circle\", \"box\", \"capsule\" or \"ground\"");
    }
    o.shape = *shape;
    const std::vector<JsonNumber<Obstacle>> numbers = members(*shape);
    if (auto e = checkMemberNames<Obstacle>(object, field, numbers, {"shape", "vx", "vy", "start"},
                                            obstacleShapeName(*shape)))
        return e;
    if (auto e = numbersFromJson<Obstacle>(object, field, numbers, o))
        return e;
    if (auto e = velocityFromJson(object, field, o.velocity))
        return e;
    if (auto e = checkObstacle(o))
        return fieldError(field, *e);
    settleObstacle(o);
    return startFromJson(object, field, o.start);
}

} // namespace

Json obstaclesToJson(const std::vector<Obstacle>& obstacles)
{
    Json out = Json::array();
    for (const Obstacle& o : obstacles) {
        Json object = {{"shape", obstacleShapeName(o.shape)}};
        numbersToJson<Obstacle>(o, members(o.shape), object);
        // Only when they say something, so that files of still obstacles stay as they were.
        velocityToJson(o.velocity, object);
        if (!(o.start == obstaclePose(o))) // a move still to happen over the next step
            object["start"] = {{"x", o.start.centre.x},
                               {"y", o.start.centre.y},
                               {"angle", o.start.angle}};
        out.push_back(std::move(object));
    }
    return out;
}

std::optional<StateError> obstaclesFromJson(const Json& in, std::vector<Obstacle>& out)
{
    // Absent: a file from before obstacles, none.
    return itemsFromJson(
        in, "obstacles", kMaxObstacles,
        "[{\"shape\": \"circle\", \"x\": X, \"y\": Y, \"radius\": R}, ...]",
        "{\"shape\": ..., ...}", out, obstacleFromJson,
        [](const std::vector<Obstacle>&) { return std::optional<StateError>{}; });
}

} // namespace pbd::detail
