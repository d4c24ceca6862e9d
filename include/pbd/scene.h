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
///    "obstacles": [obstacle objects as state files write them; "vx", "vy" give one a
///                  scripted motion (pbd/obstacle.h)],
///    "balls": [ball objects as state files write them],
///    "pinned": [particle indices] (optional: pinned instead of the fixed corners),
///    "positions": [x0, y0, x1, y1, ...] (optional: where the particles start, metres),
///    "velocities": [vx0, vy0, ...] (optional: their starting velocities, m/s)}
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
#include "pbd/settings.h"
#include "pbd/state_file.h"

namespace pbd {


/// Coordinates per particle in a scene's flat "positions" and "velocities" arrays: the
/// dimension of the cloth (x, y).
inline constexpr std::size_t kSceneCoordinates = 2;

/// A cloth and its world.
struct Scene {
    Settings settings;                       ///< the defaults with the scene's subset over them
    std::vector<Obstacle> obstacles;         ///< at most kMaxObstacles
    std::vector<Ball> balls;                 ///< at most kMaxBalls, none held
    std::optional<std::vector<Index>> pinned; ///< ascending; nothing = the fixed corners
    /// Where the particles start, kSceneCoordinates finite numbers (metres) per particle in
    /// index order; nothing = on the cloth's grid.
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
};

/// The registry of built-in scenes, "page" (the default cloth, nothing else) first: page,
/// curtain-over-ball, pegs, table, slope, bar, hammock, sweep, drop, heap, flag (the app's
/// Scene combo, pbd-sim's --scene help and `pbd-sim scenes` list them in this order).
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
/// velocities of kSceneCoordinates finite numbers per particle); a refusal names the field,
/// the value (by its particle index) and what is allowed.
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
std::optional<std::string> applyScene(Simulation& simulation, const Scene& scene,
                                      const std::vector<Obstacle>& extra = {},
                                      const std::vector<Ball>& extraBalls = {});

} // namespace pbd
