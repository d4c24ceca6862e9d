#include "world/ball_json.h"

#include <span>
#include <string>
#include <utility>

#include "files/input_text.h"
#include "files/json_fields.h"

namespace pbd::detail {
namespace {

using Json = nlohmann::json;

constexpr JsonNumber<Ball> kNumbers2[] = {
    {"x", nullptr, &Ball::position, 0},     {"y", nullptr, &Ball::position, 1},
    {"vx", nullptr, &Ball::velocity, 0},    {"vy", nullptr, &Ball::velocity, 1},
    {"radius", &Ball::radius, nullptr, 0},  {"mass", &Ball::mass, nullptr, 0}};

using Ball3 = BallOf<3>;
constexpr JsonNumber<Ball3> kNumbers3[] = {
    {"x", nullptr, &Ball3::position, 0},  {"y", nullptr, &Ball3::position, 1},
    {"z", nullptr, &Ball3::position, 2},  {"vx", nullptr, &Ball3::velocity, 0},
    {"vy", nullptr, &Ball3::velocity, 1}, {"vz", nullptr, &Ball3::velocity, 2},
    {"radius", &Ball3::radius, nullptr, 0}, {"mass", &Ball3::mass, nullptr, 0}};

/// A ball's numbers in D dimensions.
template <glm::length_t D>
std::span<const JsonNumber<BallOf<D>>> numbersOf()
{
    if constexpr (D == 2)
        return kNumbers2;
    else
        return kNumbers3;
}

/// One ball object: its numbers, "held" if there, checked (checkBall()).
template <glm::length_t D>
std::optional<StateError> ballFromJson(const Json& object, const std::string& field,
                                       BallOf<D>& b)
{
    if (auto e = checkMemberNames<BallOf<D>>(object, field, numbersOf<D>(), {"held"}, "ball"))
        return e;
    if (auto e = numbersFromJson<BallOf<D>>(object, field, numbersOf<D>(), b))
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

template <glm::length_t D>
Json ballsToJson(const std::vector<BallOf<D>>& balls)
{
    Json out = Json::array();
    for (const BallOf<D>& b : balls) {
        Json object = Json::object();
        numbersToJson<BallOf<D>>(b, numbersOf<D>(), object);
        if (b.held) // only then, so that files of free balls stay as they were
            object["held"] = true;
        out.push_back(std::move(object));
    }
    return out;
}

template <glm::length_t D>
std::optional<StateError> ballsFromJson(const Json& in, std::vector<BallOf<D>>& out)
{
    return itemsFromJson(
        in, "balls", kMaxBalls,
        D == 2 ? "[{\"x\": X, \"y\": Y, \"vx\": VX, \"vy\": VY, \"radius\": R, \"mass\": M}, ...]"
               : "[{\"x\": X, \"y\": Y, \"z\": Z, \"vx\": VX, \"vy\": VY, \"vz\": VZ, "
                 "\"radius\": R, \"mass\": M}, ...]",
        D == 2 ? "{\"x\": X, \"y\": Y, ...}" : "{\"x\": X, \"y\": Y, \"z\": Z, ...}", out,
        ballFromJson<D>,
        [](const std::vector<BallOf<D>>& read) -> std::optional<StateError> {
            if (auto e = checkBalls(read)) // at most one held
                return fieldError("balls", *e);
            return std::nullopt;
        });
}

} // namespace

Json ballsToJson(const std::vector<Ball>& balls) { return ballsToJson<2>(balls); }
Json ballsToJson(const std::vector<BallOf<3>>& balls) { return ballsToJson<3>(balls); }

std::optional<StateError> ballsFromJson(const Json& in, std::vector<Ball>& out)
{
    return ballsFromJson<2>(in, out);
}

std::optional<StateError> ballsFromJson(const Json& in, std::vector<BallOf<3>>& out)
{
    return ballsFromJson<3>(in, out);
}

} // namespace pbd::detail
