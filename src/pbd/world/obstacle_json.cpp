#include "world/obstacle_json.h"

#include <cmath>
#include <string>
#include <tuple>
#include <utility>

#include "files/input_text.h"

namespace pbd::detail {
namespace {

using Json = nlohmann::json;

/// The numbers of each shape's object, in order, and where they go.
struct Member {
    const char* key;
    double Obstacle::*scalar;
    glm::dvec2 Obstacle::*point;
    int coordinate;
};

std::vector<Member> members(ObstacleShape shape)
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

double& slot(Obstacle& o, const Member& m)
{
    if (m.scalar)
        return o.*m.scalar;
    return m.coordinate == 0 ? (o.*m.point).x : (o.*m.point).y;
}

StateError error(const std::string& field, const std::string& message)
{
    return {field, field + ": " + message};
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
        return error(where, "is not an object; allowed: {\"x\": X, \"y\": Y, \"angle\": DEG}");
    ObstaclePose pose;
    for (const auto& [key, value] : it->items())
        if (key != "x" && key != "y" && key != "angle")
            return error(where + "." + key, "is not a member of a start pose; allowed: x, y, angle");
    for (const auto& [key, target, limit] :
         {std::tuple<const char*, double*, double>{"x", &pose.centre.x, kMaxObstacleCoordinate},
          std::tuple<const char*, double*, double>{"y", &pose.centre.y, kMaxObstacleCoordinate},
          std::tuple<const char*, double*, double>{"angle", &pose.angle, kMaxObstacleAngle}}) {
        const auto v = it->find(key);
        if (v == it->end() || !v->is_number())
            return error(where + "." + key, "is missing or not a number");
        *target = v->get<double>();
        if (!std::isfinite(*target) || std::abs(*target) > limit)
            return error(where + "." + key, formatNumber(*target) +
                                                " is not allowed; allowed: a finite number from -" +
                                                formatNumber(limit) + " to " +
                                                formatNumber(limit));
    }
    start = pose;
    return std::nullopt;
}

} // namespace

Json obstaclesToJson(const std::vector<Obstacle>& obstacles)
{
    Json out = Json::array();
    for (Obstacle o : obstacles) {
        Json object = {{"shape", obstacleShapeName(o.shape)}};
        for (const Member& m : members(o.shape))
            object[m.key] = slot(o, m);
        // Only when they say something, so that files of still obstacles stay as they were.
        if (o.velocity != glm::dvec2(0.0)) {
            object["vx"] = o.velocity.x;
            object["vy"] = o.velocity.y;
        }
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
    const auto it = in.find("obstacles");
    if (it == in.end())
        return std::nullopt; // a file from before obstacles: none
    if (!it->is_array())
        return error("obstacles", "is not an array; allowed: [{\"shape\": \"circle\", \"x\": X, "
                                  "\"y\": Y, \"radius\": R}, ...]");
    if (it->size() > kMaxObstacles)
        return error("obstacles", std::to_string(it->size()) +
                                      " obstacles are not allowed; allowed: at most " +
                                      std::to_string(kMaxObstacles));
    std::vector<Obstacle> read;
    for (std::size_t i = 0; i < it->size(); ++i) {
        const Json& object = (*it)[i];
        const std::string field = "obstacles[" + std::to_string(i) + "]";
        if (!object.is_object())
            return error(field, "is not an object; allowed: {\"shape\": ..., ...}");
        const auto shapeIt = object.find("shape");
        const auto shape = shapeIt != object.end() && shapeIt->is_string()
                               ? obstacleShapeFromName(shapeIt->get<std::string>())
                               : std::nullopt;
        if (!shape)
            return error(field + ".shape",
                         (shapeIt == object.end() ? std::string("is missing")
                                                  : quoteInput(shapeIt->dump()) + " is not a shape") +
                             "; allowed: \"circle\", \"box\", \"capsule\" or \"ground\"");
        Obstacle o;
        o.shape = *shape;
        const std::vector<Member> wanted = members(*shape);
        for (const auto& [key, value] : object.items()) {
            bool known = key == "shape" || key == "vx" || key == "vy" || key == "start";
            for (const Member& m : wanted)
                known = known || key == m.key;
            if (!known)
                return error(field + "." + key, std::string("is not a member of a ") +
                                                    obstacleShapeName(*shape));
        }
        for (const Member& m : wanted) {
            const auto v = object.find(m.key);
            if (v == object.end() || !v->is_number())
                return error(field + "." + m.key, "is missing or not a number");
            slot(o, m) = v->get<double>();
        }
        for (const auto& [key, speed] : {std::pair<const char*, double*>{"vx", &o.velocity.x},
                                         std::pair<const char*, double*>{"vy", &o.velocity.y}}) {
            const auto v = object.find(key);
            if (v == object.end())
                continue;
            if (!v->is_number())
                return error(field + "." + key, "is not a number");
            *speed = v->get<double>();
        }
        if (auto e = checkObstacle(o))
            return error(field, *e);
        settleObstacle(o);
        if (auto e = startFromJson(object, field, o.start))
            return e;
        read.push_back(o);
    }
    out = std::move(read);
    return std::nullopt;
}

} // namespace pbd::detail
