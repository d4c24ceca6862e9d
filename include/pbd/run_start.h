#pragma once
/// \file
/// The one place that composes what a run starts from: a scene, a saved state, the settings
/// given over them, the obstacles and balls given beside them, and the pins. `pbd-sim run`
/// and `pbd-cloth` both start through it, so that a start made in one can be rebuilt in the
/// other; startScene() writes a start back out.

#include "pbd/simulation_fwd.h"
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "pbd/ball.h"
#include "pbd/obstacle.h"
#include "pbd/obstacle3.h"
#include "pbd/scene.h"
#include "pbd/settings.h"

namespace pbd {


/// Writes the settings given on top of a run's base (its settings flags) into `settings` and
/// validates the whole; returns the message of a refusal ("--width: '0' is out of range; ...").
using SettingsOverlay = std::function<std::optional<std::string>(Settings&)>;

/// What a run starts from, as its command line gave it (already read: the scene parsed, the
/// obstacles and balls checked one by one).
struct RunStart {
    /// --scene: its settings are the base the overlay writes over, its obstacles and balls
    /// come first, its pins replace the fixed corners.
    std::optional<Scene> scene;
    /// --load: a state file to continue from (not with a scene); the overlay writes over its
    /// settings.
    std::optional<std::string> stateFile;
    /// The state file's text, read once by readStartFile(); nothing: setUpStart() reads the
    /// file (and says why it cannot).
    std::optional<std::string> stateText;
    /// The settings flags, over the scene's, the file's or the defaults; null: none.
    SettingsOverlay settings;
    /// --obstacle: after the scene's; with a state file, instead of the file's. Nothing: none
    /// given.
    std::optional<std::vector<Obstacle>> obstacles;
    /// --ball: likewise.
    std::optional<std::vector<Ball>> balls;
    /// --obstacle and --ball of a 3D run (dimensions 3): the 3D shapes and balls.
    std::optional<std::vector<Obstacle3>> obstacles3;
    std::optional<std::vector<BallOf<3>>> balls3;
};

/// Why a start was refused: the message (naming the option, the value and what is allowed)
/// and whether it is an input/output failure (a state file that cannot be read) rather than
/// a refused value.
struct StartError {
    std::string message;
    bool io = false;
};

/// The settings a run's Simulation is made with: the scene's (else the defaults) with
/// start.settings over them; dimensions other than the scene's are refused naming
/// --dimensions and --scene. A state file's settings come in setUpStart().
std::optional<StartError> startSettings(const RunStart& start, Settings& settings);

/// Reads start.stateFile, when given, once into start.stateText, which setUpStart() then
/// loads, and makes `settings` those of a 3D run when the file holds a 3D state (a state's
/// dimensions are its own). A file that cannot be read, or is too long, is left to
/// setUpStart(), whose message says why.
void readStartFile(RunStart& start, Settings& settings);

/// Sets `simulation` (made with startSettings()) up as `start` says: the scene's cloth, its
/// obstacles then the given ones, its balls then the given ones and its pins, all of them what
/// restart() brings back; or the state file with the overlay's settings over its own and the
/// given obstacles and balls instead of the file's (the file's stay exactly as saved, a
/// pending move or a held ball included, when none are given). Messages start with the option
/// they concern ("--scene: ", "--load: ").
std::optional<StartError> setUpStart(Simulation& simulation, const RunStart& start);
/// The same for a 3D cloth: a 3D scene with obstacles3 and balls3 after its own, or its
/// settings with obstacles3 and balls3, or a state file with them instead of the file's.
std::optional<StartError> setUpStart(Simulation3& simulation, const RunStart& start);

/// The start `simulation` restarts to, as a scene: its settings, the obstacles, balls and pins
/// that restart() puts back. What a recording needs to rebuild its start (a loaded state's
/// particles are saved apart, with saveStateFile()).
Scene startScene(const Simulation& simulation);
/// The same for a 3D cloth: a 3D scene (its obstacles3 and balls3).
Scene startScene(const Simulation3& simulation);

/// Makes `simulation` continue from `state` as `--load` makes a run start from a state file
/// (setUpStart()): the state restored exactly, its obstacles and balls what restart() puts
/// back, and restart()'s pins the fixed corners. What a recording's `load` line does. Returns
/// why the state was refused (naming the field); nothing changes then.
std::optional<std::string> startFromState(Simulation& simulation, const SimulationState& state);
/// The same for a 3D cloth (a 3D script's `load` line).
std::optional<std::string> startFromState(Simulation3& simulation, const SimulationState3& state);

/// Makes the world as it is now (its obstacles, balls and pins) what restart() puts back:
/// pins equal to the fixed corners stay "the fixed corners". The app places a scene chosen in
/// its panel by commands; a recording started there starts from that scene (startScene()).
void keepWorldAsStart(Simulation& simulation);

} // namespace pbd
