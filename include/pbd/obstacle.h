#pragma once
/// \file
/// Obstacles: fixed or moved shapes the cloth collides with (circle, box, capsule, ground),
/// stored as plain values beside the particles, their command-line spec
/// (`circle:X,Y,R`, `box:X,Y,W,H[,DEG]`, `capsule:X1,Y1,X2,Y2,R`, `ground:Y[,DEG]`) and the
/// checks every source of obstacles shares.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <glm/vec2.hpp>

namespace pbd {

/// Most obstacles a simulation holds.
inline constexpr std::size_t kMaxObstacles = 256;
/// Largest |coordinate| of an obstacle's points, in metres (as a grab's).
inline constexpr double kMaxObstacleCoordinate = 1e6;
/// Largest radius, width or height of an obstacle, in metres.
inline constexpr double kMaxObstacleSize = 1e6;
/// Largest |angle| of a box or ground, in degrees.
inline constexpr double kMaxObstacleAngle = 360.0;
/// Largest |velocity component| of an obstacle's scripted motion, in m/s.
inline constexpr double kMaxObstacleSpeed = 1e3;

/// The shape of an obstacle.
enum class ObstacleShape : std::uint8_t {
    Circle,  ///< a disc: centre `a`, `radius`
    Box,     ///< a rectangle: centre `a`, `width` x `height`, turned by `angle`
    Capsule, ///< the points within `radius` of the segment from `a` to `b`
    Ground,  ///< a half-plane: the line through `a` at `angle`, solid opposite its normal
};

/// Where an obstacle is: the point it turns about (a circle's or box's centre, a capsule's
/// midpoint, the ground's point) in metres, and its angle in degrees, counter-clockwise (a
/// capsule's: the direction from its first end to its second; a circle's: 0).
struct ObstaclePose {
    glm::dvec2 centre{0.0};
    double angle = 0.0;
    bool operator==(const ObstaclePose&) const = default;
};

/// One obstacle, as its spec gives it (so that files and specs read back exactly), plus the
/// pose it had at the start of the coming step: a move (movedObstacle) changes the shape and
/// leaves `start`, so the obstacle travels from `start` to its new place over the next step,
/// which gives its surface the velocity that friction sees. A step ends with start = pose.
struct Obstacle {
    ObstacleShape shape = ObstacleShape::Circle;
    glm::dvec2 a{0.0};    ///< circle, box: centre; capsule: first end; ground: a point (m)
    glm::dvec2 b{0.0};    ///< capsule: second end (m); unused otherwise
    double radius = 0.0;  ///< circle, capsule: m, > 0
    double width = 0.0;   ///< box: m, > 0
    double height = 0.0;  ///< box: m, > 0
    double angle = 0.0;   ///< box, ground: degrees counter-clockwise
    ObstaclePose start;   ///< the pose at the start of the next step
    /// Scripted motion, m/s (scene and state files' "vx", "vy"; 0: it stays): before each
    /// step the obstacle is moved (as movedObstacle) by velocity * dt from where it is, so
    /// that every run, replay and window sees the same motion. A restart puts it back.
    glm::dvec2 velocity{0.0};
    bool operator==(const Obstacle&) const = default;
};

/// The obstacle's pose now (see ObstaclePose).
ObstaclePose obstaclePose(const Obstacle& obstacle);
/// Forgets a pending move: start becomes the pose now (a new obstacle, a step's end).
void settleObstacle(Obstacle& obstacle);

/// "circle", "box", "capsule" or "ground".
const char* obstacleShapeName(ObstacleShape shape);
/// The shape called `name`, or nothing.
std::optional<ObstacleShape> obstacleShapeFromName(std::string_view name);

/// Checks the shape's values: finite coordinates within +-kMaxObstacleCoordinate, radius,
/// width and height more than 0 up to kMaxObstacleSize, angles within +-kMaxObstacleAngle,
/// velocity components within +-kMaxObstacleSpeed.
/// Returns a message naming the field ("radius -1 is not allowed; allowed: ..."), or nothing.
std::optional<std::string> checkObstacle(const Obstacle& obstacle);

/// Checks a whole list: at most kMaxObstacles, each as checkObstacle() (its start pose finite
/// too). Returns "obstacles[I]: MESSAGE" for the first refusal, or nothing.
std::optional<std::string> checkObstacles(std::span<const Obstacle> obstacles);

/// Reads a spec as `--obstacle` and `STEP obstacle` take it: `circle:X,Y,R`,
/// `box:X,Y,W,H[,DEG]`, `capsule:X1,Y1,X2,Y2,R`, `ground:Y[,DEG]` (the line through (0, Y))
/// or `ground:X,Y,DEG` (the line through (X, Y)).
/// On a refusal returns nothing and sets `error` to a message naming the field, the value and
/// what is allowed.
std::optional<Obstacle> parseObstacleSpec(std::string_view spec, std::string& error);
/// The obstacle as a spec that parseObstacleSpec reads back as exactly the same obstacle (a
/// ground whose point is off x = 0 as `ground:X,Y,DEG`).
std::string formatObstacleSpec(const Obstacle& obstacle);

/// `obstacle` moved so that its pose's centre is `centre` and, when given, its angle
/// `angle` degrees (a capsule turns about its midpoint, keeping its length); `start` stays,
/// so the move happens over the next step.
Obstacle movedObstacle(const Obstacle& obstacle, glm::dvec2 centre,
                       std::optional<double> angle);

} // namespace pbd
