#include "pbd/ball.h"

#include <cmath>
#include <vector>

#include "files/input_text.h"

namespace pbd {
namespace {

std::optional<std::string> checkRange(const char* field, double value, double lo, double hi,
                                      const char* unit)
{
    if (std::isfinite(value) && value >= lo && value <= hi)
        return std::nullopt;
    return std::string(field) + " " + formatNumber(value) + " is not allowed; allowed: " +
           formatNumber(lo) + " to " + formatNumber(hi) + " " + unit;
}

} // namespace

template <glm::length_t D>
std::optional<std::string> checkBall(const BallOf<D>& b)
{
    static const char* const kPlace[] = {"x", "y", "z"};
    static const char* const kSpeed[] = {"vx", "vy", "vz"};
    for (glm::length_t c = 0; c < D; ++c)
        if (auto e = checkRange(kPlace[c], b.position[c], -kMaxBallCoordinate,
                                kMaxBallCoordinate, "m"))
            return e;
    if (auto e = checkRange("radius", b.radius, kMinBallRadius, kMaxBallRadius, "m"))
        return e;
    if (auto e = checkRange("mass", b.mass, kMinBallMass, kMaxBallMass, "kg"))
        return e;
    for (glm::length_t c = 0; c < D; ++c)
        if (auto e = checkRange(kSpeed[c], b.velocity[c], -kMaxBallSpeed, kMaxBallSpeed, "m/s"))
            return e;
    return std::nullopt;
}

template <glm::length_t D>
std::optional<std::string> checkBalls(std::span<const BallOf<D>> balls)
{
    if (balls.size() > kMaxBalls)
        return "balls: " + std::to_string(balls.size()) +
               " balls are not allowed; allowed: at most " + std::to_string(kMaxBalls);
    std::size_t held = 0;
    for (std::size_t i = 0; i < balls.size(); ++i) {
        if (auto e = checkBall(balls[i]))
            return "balls[" + std::to_string(i) + "]: " + *e;
        if (balls[i].held && ++held > 1)
            return "balls[" + std::to_string(i) +
                   "]: held true is not allowed; allowed: at most one held ball";
    }
    return std::nullopt;
}

template std::optional<std::string> checkBall(const BallOf<2>&);
template std::optional<std::string> checkBall(const BallOf<3>&);
template std::optional<std::string> checkBalls(std::span<const BallOf<2>>);
template std::optional<std::string> checkBalls(std::span<const BallOf<3>>);

template <glm::length_t D>
std::optional<BallOf<D>> parseBallSpecOf(std::string_view spec, std::string& error)
{
    constexpr std::size_t kCount = D + 2;
    static const char* const kFields2[] = {"x", "y", "radius", "mass"};
    static const char* const kFields3[] = {"x", "y", "z", "radius", "mass"};
    const char* const* fields = D == 2 ? kFields2 : kFields3;
    const char* form = D == 2 ? "'X,Y,R,MASS'" : "'X,Y,Z,R,MASS'";
    double values[kCount] = {};
    std::size_t count = 0;
    std::string_view rest = spec;
    while (true) {
        const std::size_t comma = rest.find(',');
        const std::string_view text = rest.substr(0, comma);
        if (count == kCount) {
            count = kCount + 1;
            break;
        }
        if (!parseNumber(text, values[count]) || !std::isfinite(values[count])) {
            error = std::string("ball ") + fields[count] + " " + quoteInput(text) +
                    " is not allowed; allowed: a finite number (spec " + form + ")";
            return std::nullopt;
        }
        ++count;
        if (comma == std::string_view::npos)
            break;
        rest = rest.substr(comma + 1);
    }
    if (count != kCount) {
        error = "ball " + quoteInput(spec) + " is not allowed; allowed: " + form + " (" +
                std::to_string(kCount) + " values)";
        return std::nullopt;
    }
    BallOf<D> ball;
    for (glm::length_t c = 0; c < D; ++c)
        ball.position[c] = values[c];
    ball.radius = values[D];
    ball.mass = values[D + 1];
    ball.start = ball.position;
    if (auto e = checkBall(ball)) {
        error = "ball " + *e;
        return std::nullopt;
    }
    return ball;
}

template std::optional<BallOf<2>> parseBallSpecOf<2>(std::string_view, std::string&);
template std::optional<BallOf<3>> parseBallSpecOf<3>(std::string_view, std::string&);

std::optional<Ball> parseBallSpec(std::string_view spec, std::string& error)
{
    return parseBallSpecOf<2>(spec, error);
}

std::string formatBallSpec(const Ball& b)
{
    return formatNumber(b.position.x) + "," + formatNumber(b.position.y) + "," +
           formatNumber(b.radius) + "," + formatNumber(b.mass);
}

} // namespace pbd
