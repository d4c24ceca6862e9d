#include "common/obstacle_flags.h"

#include <string>

#include "common/spec_flags.h"
#include "pbd/scene.h"

namespace pbd::common {

void ObstacleFlags::addTo(CLI::App& app)
{
    addSpecOption(app, "--obstacle", specs_,
                  "an obstacle, repeatable, indexed from 0 in order: circle:X,Y,R, "
                  "box:X,Y,W,H[,DEG] (centre, size, angle), capsule:X1,Y1,X2,Y2,R or "
                  "ground:Y[,DEG] (the line through (0, Y), solid below it); metres, degrees "
                  "counter-clockwise. With --dimensions 3: sphere:X,Y,Z,R, "
                  "box:X,Y,Z,SX,SY,SZ[,AX,AY,AZ] (centre, full sizes, R = Rz Ry Rx), "
                  "capsule:X1,Y1,Z1,X2,Y2,Z2,R, ground:Y (solid below y = Y) or "
                  "plane:X,Y,Z,NX,NY,NZ (solid opposite the normal)",
                  "SPEC");
    std::string names;
    for (const std::string& name : builtInSceneNames())
        names += (names.empty() ? "" : ", ") + name;
    app.add_option("--scene", scene_,
                   "start from a scene: a built-in name (" + names +
                       ") or a scene file; settings flags given override its settings, "
                       "--obstacle adds to its obstacles")
        ->type_name("NAME|FILE");
}

std::optional<std::string> ObstacleFlags::readScene(std::optional<Scene>& scene) const
{
    if (!scene_)
        return std::nullopt;
    std::string error;
    auto read = loadScene(*scene_, error);
    if (!read)
        return "--scene: " + error;
    scene = std::move(read);
    return std::nullopt;
}

std::optional<std::string> ObstacleFlags::read(std::vector<Obstacle>& obstacles) const
{
    return readSpecs("--obstacle", specs_, kMaxObstacles, "obstacles", parseObstacleSpec,
                     obstacles);
}

std::optional<std::string> ObstacleFlags::read(std::vector<Obstacle3>& obstacles) const
{
    return readSpecs("--obstacle", specs_, kMaxObstacles, "obstacles", parseObstacle3Spec,
                     obstacles);
}

} // namespace pbd::common
