#pragma once
/// \file
/// Commands: every change to a simulation, from any source (mouse, keys, panel, event script,
/// replay), is one Command value applied by one function, apply(). A recording is then just
/// the list of commands with the steps they took effect at.
///
/// Adding a command is a few lines: a struct here, its alternative in Command, one overload in
/// command.cpp's visitor (the build fails until it exists) and its name in commandName().

#include "pbd/simulation_fwd.h"
#include <memory>
#include <optional>
#include <string>
#include <variant>

#include <glm/vec2.hpp>

#include "pbd/cloth.h"
#include "pbd/ball.h"
#include "pbd/obstacle.h"
#include "pbd/scene.h"
#include "pbd/settings.h"

namespace pbd {


/// Advance the simulation by one time step (Settings::timeStep seconds).
struct StepCommand {
    bool operator==(const StepCommand&) const = default;
};

/// Make `particle` the grabbed one (see Simulation::grab); a particle already grabbed stays
/// grabbed, another one is released first.
struct GrabCommand {
    Index particle = 0; ///< particle index, 0 to particle count - 1
    bool operator==(const GrabCommand&) const = default;
};

/// Hold every particle within `radius` of `point` at its offset from the point (see
/// Simulation::grabArea): an area grab. The current grab is released first; nothing in reach
/// means no grab.
struct AreaGrabCommand {
    glm::dvec2 point{0.0}; ///< metres, finite, |x|, |y| <= kMaxGrabCoordinate
    double radius = 0.0;   ///< metres, more than 0 up to kMaxGrabRadius
    bool operator==(const AreaGrabCommand&) const = default;
};

/// Place the grabbed particle at `position`, or move an area grab's point there.
struct MoveCommand {
    glm::dvec2 position{0.0}; ///< metres, finite
    bool operator==(const MoveCommand&) const = default;
};

/// Let go of the grabbed particle. Without `velocity` it keeps the velocity it had when
/// grabbed (the page's behaviour); with one it takes that velocity (a throw). Without a grab
/// it changes nothing.
struct ReleaseCommand {
    std::optional<glm::dvec2> velocity; ///< m/s, finite
    bool operator==(const ReleaseCommand&) const = default;
};

/// Pin `particle` where it is (see Simulation::pin).
struct PinCommand {
    Index particle = 0; ///< particle index, 0 to particle count - 1
    bool operator==(const PinCommand&) const = default;
};

/// Unpin `particle`, a fixed corner too (see Simulation::unpin).
struct UnpinCommand {
    Index particle = 0; ///< particle index, 0 to particle count - 1
    bool operator==(const UnpinCommand&) const = default;
};

/// Remove every constraint whose segment crosses the segment from `from` to `to` (see
/// Simulation::cut), as a knife.
struct CutCommand {
    glm::dvec2 from{0.0}; ///< metres, finite
    glm::dvec2 to{0.0};   ///< metres, finite
    bool operator==(const CutCommand&) const = default;
};

/// Apply a whole Settings value (see Simulation::apply): a different width, height or fixed
/// count rebuilds the cloth, the other fields take effect from the next step.
struct SetCommand {
    Settings settings;
    bool operator==(const SetCommand&) const = default;
};

/// Rebuild the cloth from the current settings (see Simulation::restart).
struct RestartCommand {
    bool operator==(const RestartCommand&) const = default;
};

/// Go back to the whole state just before the last action (see pbd/history.h). Needs a
/// History: apply() without one refuses it.
struct UndoCommand {
    bool operator==(const UndoCommand&) const = default;
};

/// Go forward to the whole state just after the last undone action (see pbd/history.h).
struct RedoCommand {
    bool operator==(const RedoCommand&) const = default;
};

/// Add an obstacle as the next index (see Simulation::addObstacle).
struct AddObstacleCommand {
    Obstacle obstacle;
    bool operator==(const AddObstacleCommand&) const = default;
};

/// Move obstacle `index` so that its centre (a ground's point) is at `position`, turned to
/// `angle` degrees when given; it travels there over the next step (Simulation::moveObstacle).
struct MoveObstacleCommand {
    std::size_t index = 0;          ///< 0 to obstacle count - 1
    glm::dvec2 position{0.0};       ///< metres
    std::optional<double> angle;    ///< degrees, counter-clockwise
    bool operator==(const MoveObstacleCommand&) const = default;
};

/// Remove obstacle `index`; later ones shift down (Simulation::removeObstacle).
struct RemoveObstacleCommand {
    std::size_t index = 0; ///< 0 to obstacle count - 1
    bool operator==(const RemoveObstacleCommand&) const = default;
};

/// A ball's change (Simulation::addBall, grabBall, moveBall, releaseBall, removeBall).
struct BallCommand {
    enum class Action { Add, Grab, Move, Release, Remove };
    Action action = Action::Add;
    Ball ball;                          ///< Add: the new ball
    std::size_t index = 0;              ///< Grab, Remove: 0 to ball count - 1
    glm::dvec2 position{0.0};           ///< Grab, Move: the centre, metres
    std::optional<glm::dvec2> velocity; ///< Release: m/s, or none (its own)
    bool operator==(const BallCommand&) const = default;
};

/// Replace the cloth, obstacles and balls by a scene's, as `--scene` does (applyScene()):
/// its settings, except the solver, threads and GPU precision, which stay as they are (they
/// choose how the cloth is stepped, not what it is); a restart then brings the scene back.
struct SceneCommand {
    std::string name; ///< the built-in name or file path it was loaded from (for recordings)
    Scene scene;      ///< the scene itself, as loaded
    bool operator==(const SceneCommand&) const = default;
};

/// Replace the whole state by a saved one, as `--load` starts a run from a state file
/// (startFromState()): its obstacles and balls become what a restart puts back, and a
/// restart pins the fixed corners.
struct LoadCommand {
    std::string name; ///< the state file's path as a script names it (for recordings)
    std::shared_ptr<const SimulationState> state; ///< the state itself, as read
    bool operator==(const LoadCommand&) const = default;
};

/// One change to a simulation.
using Command = std::variant<StepCommand, GrabCommand, MoveCommand, ReleaseCommand, PinCommand,
                             UnpinCommand, CutCommand, SetCommand, RestartCommand,
                             AreaGrabCommand, UndoCommand, RedoCommand, AddObstacleCommand,
                             MoveObstacleCommand, RemoveObstacleCommand, BallCommand,
                             SceneCommand, LoadCommand>;

/// A visitor for std::visit built from one lambda per alternative, e.g. of a Command.
template <class... Fs>
struct Overloaded : Fs... {
    using Fs::operator()...;
};
template <class... Fs>
Overloaded(Fs...) -> Overloaded<Fs...>;

/// Why a command was refused.
struct CommandError {
    std::string message; ///< names the command, the offending value and what is allowed
};

/// Applies `command` to `simulation`. A refused command (particle index out of range,
/// non-finite position, velocity or cut, a grab radius out of range, invalid settings) changes
/// nothing and returns the reason; so are undo and redo, which need a History
/// (History::apply).
std::optional<CommandError> apply(Simulation& simulation, const Command& command);

/// The command's name: "step", "grab", "move", "release", "pin", "unpin", "cut", "set",
/// "restart", "grab-area", "undo", "redo", "obstacle", "move-obstacle", "remove-obstacle",
/// "ball", "grab-ball", "move-ball", "release-ball", "remove-ball", "scene", "load" (event scripts
/// write a GrabCommand as "drag" and an
/// AreaGrabCommand as "grab").
const char* commandName(const Command& command);

} // namespace pbd
