#pragma once
/// \file
/// Scenes: a cloth and the world around it, by name (built-in) or from a scene file.
///
/// A scene file is JSON in the state file's style (pbd/state_file.h), its particle arrays
/// left out:
///   {"format": "pbd-cloth-scene", "version": 1,
///    "description": "one line" (optional), "notes": "text" or ["lines", ...] (optional):
///                   for the reader, they do not change the scene,
///    "settings": {any subset of the state file's settings, over the defaults},
///    "obstacles": [obstacle objects as state files write them; "vx", "vy" ("vz") give one
///                  a scripted motion (pbd/obstacle.h, pbd/obstacle3.h)],
///    "balls": [ball objects as state files write them],
///    "pinned": [particle indices] (optional: pinned instead of the fixed corners),
///    "positions": [x0, y0, x1, y1, ...] (optional: where the particles start, metres),
///    "velocities": [vx0, vy0, ...] (optional: their starting velocities, m/s)}
/// A scene whose settings hold "dimensions": 3 is a 3D scene: its obstacles are the 3D
/// shapes (sphere, box, capsule, ground, plane) and its balls have x, y, z, as 3D state files
/// write them, and its positions and velocities give 3 numbers per particle; the other
/// dimension's shapes are refused naming the shape and the dimensions.
/// A scene applied to a simulation rebuilds its cloth from the settings, makes the obstacles
/// and balls the initial ones and the pins what restart() pins, so that a restart brings the
/// scene back.

#include "pbd/simulation_fwd.h"
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pbd/ball.h"
#include "pbd/cloth.h"
#include "pbd/obstacle.h"
#include "pbd/obstacle3.h"
#include "pbd/settings.h"
#include "pbd/state_file.h"

namespace pbd {


/// A cloth and its world, in 2D or 3D (settings.dimensions): a 2D scene holds `obstacles`
/// and `balls`, a 3D one `obstacles3` and `balls3` (the other pair stays empty).
struct Scene {
    Settings settings;                       ///< the defaults with the scene's subset over them
    std::vector<Obstacle> obstacles;         ///< 2D: at most kMaxObstacles
    std::vector<Ball> balls;                 ///< 2D: at most kMaxBalls, none held
    std::vector<Obstacle3> obstacles3;       ///< 3D: at most kMaxObstacles
    std::vector<BallOf<3>> balls3;           ///< 3D: at most kMaxBalls, none held
    std::optional<std::vector<Index>> pinned; ///< ascending; nothing = the fixed corners
    /// Where the particles start, settings.dimensions finite numbers (metres) per particle in
    /// index order; nothing = on the cloth's grid (3D: as the orientation lays it).
    std::optional<std::vector<double>> positions;
    /// Their starting velocities (m/s), as positions; nothing = at rest. Pinned particles
    /// start at rest whatever is given.
    std::optional<std::vector<double>> velocities;
    bool operator==(const Scene&) const = default;
};

/// A built-in scene as the binary holds it: a scene file of src/pbd/files/scenes, embedded at
/// build time (scenes.cmake lists them in order).
struct BuiltInScene {
    std::string_view name;        ///< the file's name without ".json": "pegs"
    std::string_view description; ///< the file's "description": one line
    std::string_view text;        ///< the whole scene file, as sceneFromJson() reads it
    int dimensions = 2;           ///< the file's settings.dimensions: 2 or 3
};

/// The registry of built-in scenes, "page" (the default cloth, nothing else) first: the 2D
/// page, curtain-over-ball, pegs, table, slope, bar, hammock, sweep, drop, heap, flag, the
/// validation scenes catenary, hanging-strip, wind-rope, pendulum, incline, then the 3D
/// drape-3d, tablecloth-3d, flag-3d, curtain-3d, cantilever-3d, drop-3d (pbd-sim's
/// --scene help and `pbd-sim scenes` list them in this order; the 2D app's Scene combo lists
/// the 2D ones).
std::span<const BuiltInScene> builtInScenes();
/// The built-in scenes' names, in the registry's order.
const std::vector<std::string>& builtInSceneNames();
/// The built-in scene called `name` (its file parsed), or nothing. Throws std::logic_error if
/// an embedded file does not parse (a build error the unit tests catch).
std::optional<Scene> builtInScene(std::string_view name);

/// The scene as a scene file's JSON text (every setting written).
std::string sceneToJson(const Scene& scene);

/// Reads a scene file's text. Everything is checked (format, version, settings as a whole,
/// obstacles, balls (none held), pinned indices within the cloth and ascending, positions and
/// velocities of settings.dimensions finite numbers per particle, the obstacles and balls of
/// that dimension); a refusal names the field, the value (by its particle index) and what is
/// allowed.
struct SceneParse {
    std::optional<Scene> scene;
    std::optional<StateError> error;
};
SceneParse sceneFromJson(std::string_view text);

/// The scene NAME_OR_FILE names: a built-in name, else a scene file's path. On a refusal
/// returns nothing and sets `error` ("scene: 'x' is not a built-in scene or a readable file;
/// allowed: page, ... or a scene file", or the file's path and the field refused).
std::optional<Scene> loadScene(std::string_view nameOrFile, std::string& error);

/// Rebuilds `simulation` as the scene: its settings applied, the cloth restarted, the
/// obstacles (then `extra`, appended: the --obstacle flags) and the balls (then
/// `extraBalls`: the --ball flags) made the initial ones and the pins what restart() pins;
/// then the scene's positions and velocities, if any, given to the particles. Returns why it
/// was refused, changing nothing.
/// A scene of the other dimension is refused naming both.
std::optional<std::string> applyScene(Simulation& simulation, const Scene& scene,
                                      const std::vector<Obstacle>& extra = {},
                                      const std::vector<Ball>& extraBalls = {});
/// The same for a 3D simulation and a 3D scene (`extra`, `extraBalls`: the 3D --obstacle
/// and --ball flags).
std::optional<std::string> applyScene(Simulation3& simulation, const Scene& scene,
                                      const std::vector<Obstacle3>& extra = {},
                                      const std::vector<BallOf<3>>& extraBalls = {});

} // namespace pbd
