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

std::optional<Ball> parseBallSpec(std::string_view spec, std::string& error)
{
    static const char* const kFields[] = {"x", "y", "radius", "mass"};
    double values[4] = {};
    std::size_t count = 0;
    std::string_view rest = spec;
    while (true) {
        const std::size_t comma = rest.find(',');
        const std::string_view text = rest.substr(0, comma);
        if (count == 4) {
            count = 5;
            break;
        }
        if (!parseNumber(text, values[count]) || !std::isfinite(values[count])) {
            error = std::string("ball ") + kFields[count] + " " + quoteInput(text) +
                    " is not allowed; allowed: a finite number (spec 'X,Y,R,MASS')";
            return std::nullopt;
        }
        ++count;
        if (comma == std::string_view::npos)
            break;
        rest = rest.substr(comma + 1);
    }
    if (count != 4) {
        error = "ball " + quoteInput(spec) + " is not allowed; allowed: 'X,Y,R,MASS' (4 values)";
        return std::nullopt;
    }
    Ball ball;
    ball.position = {values[0], values[1]};
    ball.radius = values[2];
    ball.mass = values[3];
    ball.start = ball.position;
    if (auto e = checkBall(ball)) {
        error = "ball " + *e;
        return std::nullopt;
    }
    return ball;
}

std::string formatBallSpec(const Ball& b)
{
    return formatNumber(b.position.x) + "," + formatNumber(b.position.y) + "," +
           formatNumber(b.radius) + "," + formatNumber(b.mass);
}

} // namespace pbd
