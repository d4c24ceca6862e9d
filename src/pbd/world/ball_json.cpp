#include "world/ball_json.h"

#include <string>
#include <utility>

#include "files/input_text.h"

namespace pbd::detail {
namespace {

using Json = nlohmann::json;

struct Member {
    const char* key;
    double Ball::*scalar;
    glm::dvec2 Ball::*point;
    int coordinate;
};

constexpr Member kMembers[] = {
    {"x", nullptr, &Ball::position, 0},     {"y", nullptr, &Ball::position, 1},
    {"vx", nullptr, &Ball::velocity, 0},    {"vy", nullptr, &Ball::velocity, 1},
    {"radius", &Ball::radius, nullptr, 0},  {"mass", &Ball::mass, nullptr, 0}};

double& slot(Ball& b, const Member& m)
{
    if (m.scalar)
        return b.*m.scalar;
    return m.coordinate == 0 ? (b.*m.point).x : (b.*m.point).y;
}

StateError error(const std::string& field, const std::string& message)
{
    return {field, field + ": " + message};
}

} // namespace

Json ballsToJson(const std::vector<Ball>& balls)
{
    Json out = Json::array();
    for (Ball b : balls) {
        Json object = Json::object();
        for (const Member& m : kMembers)
            object[m.key] = slot(b, m);
        if (b.held) // only then, so that files of free balls stay as they were
            object["held"] = true;
        out.push_back(std::move(object));
    }
    return out;
}

std::optional<StateError> ballsFromJson(const Json& in, std::vector<Ball>& out)
{
    const auto it = in.find("balls");
    if (it == in.end())
        return std::nullopt; // a file from before balls: none
    if (!it->is_array())
        return error("balls", "is not an array; allowed: [{\"x\": X, \"y\": Y, \"vx\": VX, "
                              "\"vy\": VY, \"radius\": R, \"mass\": M}, ...]");
    if (it->size() > kMaxBalls)
        return error("balls", std::to_string(it->size()) +
                                  " balls are not allowed; allowed: at most " +
                                  std::to_string(kMaxBalls));
    std::vector<Ball> read;
    for (std::size_t i = 0; i < it->size(); ++i) {
        const Json& object = (*it)[i];
        const std::string field = "balls[" + std::to_string(i) + "]";
        if (!object.is_object())
            return error(field, "is not an object; allowed: {\"x\": X, \"y\": Y, ...}");
        for (const auto& [key, value] : object.items()) {
            bool known = key == "held";
            for (const Member& m : kMembers)
                known = known || key == m.key;
            if (!known)
                return error(field + "." + key, "is not a member of a ball");
        }
        Ball b;
        for (const Member& m : kMembers) {
            const auto v = object.find(m.key);
            if (v == object.end() || !v->is_number())
                return error(field + "." + m.key, "is missing or not a number");
            slot(b, m) = v->get<double>();
        }
        if (const auto held = object.find("held"); held != object.end()) {
            if (!held->is_boolean())
                return error(field + ".held", quoteInput(held->dump()) +
                                                  " is not allowed; allowed: true or false");
            b.held = held->get<bool>();
        }
        if (auto e = checkBall(b))
            return error(field, *e);
        b.start = b.position;
        read.push_back(b);
    }
    if (auto e = checkBalls(read)) // at most one held
        return error("balls", *e);
    out = std::move(read);
    return std::nullopt;
}

} // namespace pbd::detail
