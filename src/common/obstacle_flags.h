#pragma once
/// \file
/// The repeatable `--obstacle SPEC` flag of pbd-sim run, pbd-sim bench and pbd-cloth
/// (pbd/obstacle.h: circle:X,Y,R, box:X,Y,W,H[,DEG], capsule:X1,Y1,X2,Y2,R, ground:Y[,DEG]),
/// indexed from 0 in the order given, and `--scene NAME|FILE` (pbd/scene.h): the scene's
/// settings, obstacles and pins first, the settings flags given over them and the --obstacle
/// obstacles after the scene's.

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "pbd/obstacle.h"
#include "pbd/obstacle3.h"
#include "pbd/scene.h"

namespace pbd::common {

class ObstacleFlags {
public:
    /// Registers --obstacle and --scene on `app` (or a subcommand).
    void addTo(CLI::App& app);
    /// Whether any --obstacle was given.
    bool given() const { return !specs_.empty(); }
    /// The obstacles given, in order, into `obstacles`. On error returns a message such as
    /// "--obstacle: circle takes 3 values, got 2 in 'circle:1,2'; allowed: circle:X,Y,R" and
    /// leaves `obstacles` unchanged.
    std::optional<std::string> read(std::vector<Obstacle>& obstacles) const;
    /// The same as 3D shapes (sphere:X,Y,Z,R, ...), for a run with dimensions 3.
    std::optional<std::string> read(std::vector<Obstacle3>& obstacles) const;

    /// Whether --scene was given.
    bool sceneGiven() const { return scene_.has_value(); }
    /// What --scene named (a built-in name or a file), empty without it.
    std::string sceneText() const { return scene_.value_or(""); }
    /// The --scene scene (nothing without --scene) into `scene`. On error returns a message
    /// such as "--scene: scene: 'x' is not a built-in scene or a readable file; allowed: ...".
    std::optional<std::string> readScene(std::optional<Scene>& scene) const;

private:
    std::vector<std::string> specs_;
    std::optional<std::string> scene_;
};

} // namespace pbd::common
