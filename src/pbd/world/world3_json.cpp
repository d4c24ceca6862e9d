// The 3D world's items in state and scene files (DESIGN.md's object forms):
// {"shape": "sphere", "x", "y", "z", "radius"}, {"shape": "box", "x", "y", "z", "sx", "sy",
// "sz", "ax", "ay", "az"}, {"shape": "capsule", "x1", "y1", "z1", "x2", "y2", "z2",
// "radius"}, {"shape": "ground", "y"}, {"shape": "plane", "x", "y", "z", "nx", "ny", "nz"},
// with "vx", "vy", "vz" for a scripted motion and "start" for a pending move. (The 3D balls'
// {"x", "y", "z", "vx", "vy", "vz", "radius", "mass"} are ball_json.cpp's.)

#include <string>
#include <utility>

#include "files/input_text.h"
#include "files/json_fields.h"
#include "world/obstacle_json.h"

namespace pbd::detail {
namespace {

using Json = nlohmann::json;
using O = Obstacle3;

std::vector<JsonNumber<O>> members(Obstacle3Shape shape)
{
    switch (shape) {
    case Obstacle3Shape::Sphere:
        return {{"x", nullptr, &O::a, 0}, {"y", nullptr, &O::a, 1}, {"z", nullptr, &O::a, 2},
                {"radius", &O::radius, nullptr, 0}};
    case Obstacle3Shape::Box:
        return {{"x", nullptr, &O::a, 0},       {"y", nullptr, &O::a, 1},
                {"z", nullptr, &O::a, 2},       {"sx", nullptr, &O::size, 0},
                {"sy", nullptr, &O::size, 1},   {"sz", nullptr, &O::size, 2},
                {"ax", nullptr, &O::angles, 0}, {"ay", nullptr, &O::angles, 1},
                {"az", nullptr, &O::angles, 2}};
    case Obstacle3Shape::Capsule:
        return {{"x1", nullptr, &O::a, 0}, {"y1", nullptr, &O::a, 1}, {"z1", nullptr, &O::a, 2},
                {"x2", nullptr, &O::b, 0}, {"y2", nullptr, &O::b, 1}, {"z2", nullptr, &O::b, 2},
                {"radius", &O::radius, nullptr, 0}};
    case Obstacle3Shape::Ground:
        return {{"y", nullptr, &O::a, 1}};
    case Obstacle3Shape::Plane:
        break;
    }
    return {{"x", nullptr, &O::a, 0},      {"y", nullptr, &O::a, 1},
            {"z", nullptr, &O::a, 2},      {"nx", nullptr, &O::normal, 0},
            {"ny", nullptr, &O::normal, 1}, {"nz", nullptr, &O::normal, 2}};
}

constexpr const char* kPoint[] = {"x", "y", "z"};
constexpr const char* kAngle[] = {"ax", "ay", "az"};

std::optional<StateError> startFromJson(const Json& object, const std::string& field,
                                        Obstacle3Pose& start)
{
    const auto it = object.find("start");
    if (it == object.end())
        return std::nullopt;
    const std::string where = field + ".start";
    const char* form = "allowed: {\"x\", \"y\", \"z\", \"ax\", \"ay\", \"az\"}";
    if (!it->is_object())
        return fieldError(where, std::string("is not an object; ") + form);
    Obstacle3Pose pose;
    for (const auto& [key, value] : it->items()) {
        bool known = false;
        for (int c = 0; c < 3; ++c)
            known = known || key == kPoint[c] || key == kAngle[c];
        if (!known)
            return fieldError(where + "." + key, std::string("is not a member of a start pose; ") + form);
    }
    for (int c = 0; c < 3; ++c)
        for (const auto& [key, target, limit] :
             {std::tuple<const char*, double*, double>{kPoint[c], &pose.centre[c], kMaxObstacleCoordinate},
              std::tuple<const char*, double*, double>{kAngle[c], &pose.angles[c], kMaxObstacleAngle}}) {
            const auto v = it->find(key);
            if (v == it->end() || !v->is_number())
                return fieldError(where + "." + key, "is missing or not a number");
            *target = v->get<double>();
            if (!std::isfinite(*target) || std::abs(*target) > limit)
                return fieldError(where + "." + key,
                                  formatNumber(*target) + " is not allowed; allowed: a finite "
                                  "number from -" + formatNumber(limit) + " to " + formatNumber(limit));
        }
    start = pose;
    return std::nullopt;
}

std::optional<StateError> obstacleFromJson(const Json& object, const std::string& field, O& o)
{
    const auto shapeIt = object.find("shape");
    const std::string word = shapeIt != object.end() && shapeIt->is_string()
                                 ? shapeIt->get<std::string>()
                                 : std::string();
    const auto shape = obstacle3ShapeFromName(word);
    if (!shape)
        return fieldError(field + ".shape",
                          (shapeIt == object.end() ? std::string("is missing")
                                                   : quoteInput(shapeIt->dump()) +
                                                         (word == "circle"
                                                              ? " is not allowed with dimensions = 3"
                                                              : " is not a shape")) +
                              "; allowed: \"sphere\", \"box\", \"capsule\", \"ground\" or "
                              "\"plane\"");
    o.shape = *shape;
    const std::vector<JsonNumber<O>> numbers = members(*shape);
    if (auto e = checkMemberNames<O>(object, field, numbers, {"shape", "vx", "vy", "vz", "start"},
                                     obstacleShapeName(*shape)))
        return e;
    if (auto e = numbersFromJson<O>(object, field, numbers, o))
        return e;
    if (auto e = velocityFromJson(object, field, o.velocity))
        return e;
    if (auto e = checkObstacle(o))
        return fieldError(field, *e);
    settleObstacle(o);
    return startFromJson(object, field, o.start);
}

} // namespace

Json obstaclesToJson(const std::vector<Obstacle3>& obstacles)
{
    Json out = Json::array();
    for (const O& o : obstacles) {
        Json object = {{"shape", obstacleShapeName(o.shape)}};
        numbersToJson<O>(o, members(o.shape), object);
        velocityToJson(o.velocity, object);
        if (!(o.start == obstaclePose(o))) {
            Json start = Json::object();
            for (int c = 0; c < 3; ++c) {
                start[kPoint[c]] = o.start.centre[c];
                start[kAngle[c]] = o.start.angles[c];
            }
            object["start"] = std::move(start);
        }
        out.push_back(std::move(object));
    }
    return out;
}

std::optional<StateError> obstaclesFromJson(const Json& in, std::vector<Obstacle3>& out)
{
    return itemsFromJson(
        in, "obstacles", kMaxObstacles,
        "[{\"shape\": \"sphere\", \"x\": X, \"y\": Y, \"z\": Z, \"radius\": R}, ...]",
        "{\"shape\": ..., ...}", out, obstacleFromJson,
        [](const std::vector<O>&) { return std::optional<StateError>{}; });
}

} // namespace pbd::detail
