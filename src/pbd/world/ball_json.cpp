#include "world/ball_json.h"

#include <string>
#include <utility>

#include "files/input_text.h"
#include "files/json_fields.h"

namespace pbd::detail {
namespace {

using Json = nlohmann::json;

constexpr JsonNumber<Ball> kNumbers[] = {
    {"x", nullptr, &Ball::position, 0},     {"y", nullptr, &Ball::position, 1},
    {"vx", nullptr, &Ball::velocity, 0},    {"vy", nullptr, &Ball::velocity, 1},
    {"radius", &Ball::radius, nullptr, 0},  {"mass", &Ball::mass, nullptr, 0}};

/// One ball object: its numbers, "held" if there, checked (checkBall()).
std::optional<StateError> ballFromJson(const Json& object, const std::string& field, Ball& b)
{
    if (auto e = checkMemberNames<Ball>(object, field, kNumbers, {"held"}, "ball"))
        return e;
    if (auto e = numbersFromJson<Ball>(object, field, kNumbers, b))
        return e;
    if (const auto held = object.find("held"); held != object.end()) {
        if (!held->is_boolean())
            return fieldError(field + ".held",
                              quoteInput(held->dump()) + " is not allowed; allowed: true or false");
        b.held = held->get<bool>();
    }
    if (auto e = checkBall(b))
        return fieldError(field, *e);
    b.start = b.position;
    return std::nullopt;
}

} // namespace

Json ballsToJson(const std::vector<Ball>& balls)
{
    Json out = Json::array();
    for (const Ball& b : balls) {
        Json object = Json::object();
        numbersToJson<Ball>(b, kNumbers, object);
        if (b.held) // only then, so that files of free balls stay as they were
            object["held"] = true;
        out.push_back(std::move(object));
    }
    return out;
}

std::optional<StateError> ballsFromJson(const Json& in, std::vector<Ball>& out)
{
    return itemsFromJson(
        in, "balls", kMaxBalls,
        "[{\"x\": X, \"y\": Y, \"vx\": VX, \"vy\": VY, \"radius\": R, \"mass\": M}, ...]",
        "{\"x\": X, \"y\": Y, ...}", out, ballFromJson,
        [](const std::vector<Ball>& read) -> std::optional<StateError> {
            if (auto e = checkBalls(read)) // at most one held
                return fieldError("balls", *e);
            return std::nullopt;
        });
}

} // namespace pbd::detail
