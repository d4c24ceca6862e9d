#pragma once
/// \file
/// Balls: dynamic discs that fall, collide with the cloth (two-way), the obstacles and each
/// other, and are damped like particles; they do not rotate. Plain values beside the
/// obstacles, their command-line spec (`X,Y,R,MASS`) and the checks every source shares.

#include <cstddef>
#include <optional>
#include <span>
#include <vector>
#include <string>
#include <string_view>

#include "pbd/vec.h"

namespace pbd {

/// Most balls a simulation holds.
inline constexpr std::size_t kMaxBalls = 256;
/// Smallest radius of a ball, m.
inline constexpr double kMinBallRadius = 0.1;
/// Largest radius of a ball, m.
inline constexpr double kMaxBallRadius = 1e3;
/// Largest |coordinate| of a ball's centre, m (as an obstacle's).
inline constexpr double kMaxBallCoordinate = 1e6;
/// Largest |velocity component| of a ball, m/s.
inline constexpr double kMaxBallSpeed = 1e6;
/// Smallest and largest mass of a ball, kg.
inline constexpr double kMinBallMass = 1e-6;
inline constexpr double kMaxBallMass = 1e6;

/// One ball in D dimensions (a disc in 2D, a sphere in 3D).
template <glm::length_t D>
struct BallOf {
    Vec<D> position{0.0}; ///< centre, m
    Vec<D> velocity{0.0}; ///< m/s
    double radius = 0.1;  ///< m, kMinBallRadius to kMaxBallRadius
    double mass = 1.0;    ///< kg, kMinBallMass to kMaxBallMass
    Vec<D> start{0.0};    ///< the centre at the current substep's start, m
    bool held = false;    ///< grabbed: kinematic (inverse mass 0) until released
    bool operator==(const BallOf&) const = default;
};
/// The balls of the 2D world.
using Ball = BallOf<2>;

/// Checks a ball's values (finite centre within +-kMaxBallCoordinate, velocity within
/// +-kMaxBallSpeed, radius and mass in range). Returns a message naming the field, the value
/// and what is allowed, or nothing.
template <glm::length_t D>
std::optional<std::string> checkBall(const BallOf<D>& ball);
/// Checks a whole list: at most kMaxBalls, each as checkBall(), at most one held. Returns
/// "balls[I]: MESSAGE" for the first refusal, or nothing.
template <glm::length_t D>
std::optional<std::string> checkBalls(std::span<const BallOf<D>> balls);

/// The same for a vector of balls.
template <glm::length_t D>
std::optional<std::string> checkBalls(const std::vector<BallOf<D>>& balls)
{
    return checkBalls(std::span<const BallOf<D>>(balls));
}

/// Reads `X,Y,R,MASS` as `--ball` takes it (at rest). On a refusal returns nothing and sets
/// `error` to a message naming the field, the value and what is allowed.
std::optional<Ball> parseBallSpec(std::string_view spec, std::string& error);
/// The same in D dimensions: `X,Y,R,MASS` in 2D, `X,Y,Z,R,MASS` in 3D.
template <glm::length_t D>
std::optional<BallOf<D>> parseBallSpecOf(std::string_view spec, std::string& error);
/// The ball as `X,Y,R,MASS` (17 significant digits), read back by parseBallSpec.
std::string formatBallSpec(const Ball& ball);

} // namespace pbd
