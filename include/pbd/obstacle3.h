#pragma once
/// \file
/// Obstacles in 3D: the shapes a 3D cloth collides with (sphere, box, capsule, ground,
/// plane) as plain values, and which obstacle type each dimension's world holds
/// (ObstacleOf<D>: Obstacle in 2D, Obstacle3 in 3D).

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

#include "pbd/obstacle.h"
#include "pbd/vec.h"

namespace pbd {

/// The shape of a 3D obstacle.
enum class Obstacle3Shape : std::uint8_t {
    Sphere,  ///< centre `a`, `radius`
    Box,     ///< centre `a`, full sizes `size` along its axes, turned by `angles`
    Capsule, ///< the points within `radius` of the segment from `a` to `b`
    Ground,  ///< the half-space below the plane y = a.y
    Plane,   ///< the half-space through `a` on the side opposite `normal`
};

/// Where a 3D obstacle is: the point it turns about (a sphere's or box's centre, a capsule's
/// midpoint, the ground's or plane's point), m, and its angles (AX, AY, AZ) in degrees: it is
/// turned by R = Rz(AZ) Ry(AY) Rx(AX) (a box's; the other shapes' stay 0: they move without
/// turning).
struct Obstacle3Pose {
    Vec<3> centre{0.0};
    Vec<3> angles{0.0};
    bool operator==(const Obstacle3Pose&) const = default;
};

/// One 3D obstacle, plus the pose it had at the start of the coming step (see Obstacle).
struct Obstacle3 {
    Obstacle3Shape shape = Obstacle3Shape::Sphere;
    Vec<3> a{0.0};        ///< sphere, box: centre; capsule: first end; ground, plane: a point
    Vec<3> b{0.0};        ///< capsule: second end (m)
    double radius = 0.0;  ///< sphere, capsule: m, > 0
    Vec<3> size{0.0};     ///< box: its full sizes along its own x, y, z (m, > 0)
    Vec<3> angles{0.0};   ///< box: degrees (R = Rz Ry Rx)
    Vec<3> normal{0.0, 1.0, 0.0}; ///< plane: the free side's direction (any length > 0)
    Obstacle3Pose start;  ///< the pose at the start of the next step
    Vec<3> velocity{0.0}; ///< scripted motion, m/s
    bool operator==(const Obstacle3&) const = default;
};

/// The obstacle's pose now.
Obstacle3Pose obstaclePose(const Obstacle3& obstacle);

/// The rotation R = Rz(az) Ry(ay) Rx(ax) of angles in degrees, as its three columns: the
/// images of the x, y and z axes (a box's own axes).
std::array<Vec<3>, 3> rotationColumns(Vec<3> anglesDegrees);

/// "sphere", "box", "capsule", "ground" or "plane".
const char* obstacleShapeName(Obstacle3Shape shape);
/// The 3D shape called `name`, or nothing.
std::optional<Obstacle3Shape> obstacle3ShapeFromName(std::string_view name);
/// Reads an `--obstacle` spec of the 3D world: sphere:X,Y,Z,R, box:X,Y,Z,SX,SY,SZ[,AX,AY,AZ]
/// (centre, full sizes, degrees), capsule:X1,Y1,Z1,X2,Y2,Z2,R, ground:Y or
/// plane:X,Y,Z,NX,NY,NZ, checked (checkObstacle()) and settled. On a refusal returns nothing
/// and sets `error` naming the shape, the field and what is allowed (a 2D circle names the
/// dimensions).
std::optional<Obstacle3> parseObstacle3Spec(std::string_view spec, std::string& error);
/// The obstacle as the spec parseObstacle3Spec() reads back (17 significant digits).
std::string formatObstacleSpec(const Obstacle3& obstacle);

/// Makes the obstacle's current pose its start pose (it arrives from nowhere).
void settleObstacle(Obstacle3& obstacle);
/// Checks the obstacle's values (finite coordinates within +-kMaxObstacleCoordinate, sizes
/// and radii above 0 up to kMaxObstacleSize, angles within +-kMaxObstacleAngle, a plane's
/// normal not 0, speeds within +-kMaxObstacleSpeed). Returns a message naming the field, the
/// value and what is allowed, or nothing.
std::optional<std::string> checkObstacle(const Obstacle3& obstacle);
/// Checks a whole list: at most kMaxObstacles, each as checkObstacle() (its start pose
/// finite too). Returns "obstacles[I]: MESSAGE" for the first refusal, or nothing.
std::optional<std::string> checkObstacles(std::span<const Obstacle3> obstacles);
/// The obstacle with its pose centre moved to `centre` (m) and, for a box, turned to
/// `angles` (degrees) when given; a capsule keeps its direction, a sphere's, ground's or
/// plane's point moves (a ground keeps only the height).
Obstacle3 movedObstacle(const Obstacle3& obstacle, Vec<3> centre, std::optional<Vec<3>> angles);

/// The obstacle type of the world in D dimensions.
template <glm::length_t D>
struct ObstacleType;
template <>
struct ObstacleType<2> {
    using type = Obstacle;
};
template <>
struct ObstacleType<3> {
    using type = Obstacle3;
};
template <glm::length_t D>
using ObstacleOf = typename ObstacleType<D>::type;

/// How an obstacle is turned: an angle in degrees in 2D, three (R = Rz Ry Rx) in 3D.
template <glm::length_t D>
using ObstacleAngleOf = std::conditional_t<D == 2, double, Vec<3>>;

} // namespace pbd
