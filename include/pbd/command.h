#pragma once
/// \file
/// Commands: every change to a simulation, from any source (mouse, keys, panel, event script,
/// replay), is one Command value applied by one function, apply(). A recording is then just
/// the list of commands with the steps they took effect at.
///
/// Adding a command is a few lines: a struct here, its alternative in CommandOf, one overload
/// in command.cpp's visitor (the build fails until it exists) and its name in commandName().
///
/// The commands are written once for D dimensions (CommandOf<D>: Command in 2D, Command3 in
/// 3D): those that carry a point, a velocity, an obstacle, a ball or a state are templates
/// over D (MoveCommandOf<D>, ...; the 2D names are their D = 2 forms), the others are shared.

#include "pbd/simulation_fwd.h"
#include <memory>
#include <optional>
#include <string>
#include <variant>

#include <glm/vec2.hpp>

#include "pbd/obstacle3.h"
#include "pbd/vec.h"

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
template <glm::length_t D>
struct AreaGrabCommandOf {
    Vec<D> point{0.0};   ///< metres, finite, each |coordinate| <= kMaxGrabCoordinate
    double radius = 0.0; ///< metres, more than 0 up to kMaxGrabRadius
    bool operator==(const AreaGrabCommandOf&) const = default;
};
using AreaGrabCommand = AreaGrabCommandOf<2>;

/// Place the grabbed particle at `position`, or move an area grab's point there.
template <glm::length_t D>
struct MoveCommandOf {
    Vec<D> position{0.0}; ///< metres, finite
    bool operator==(const MoveCommandOf&) const = default;
};
using MoveCommand = MoveCommandOf<2>;

/// Let go of the grabbed particle. Without `velocity` it keeps the velocity it had when
/// grabbed (the page's behaviour); with one it takes that velocity (a throw). Without a grab
/// it changes nothing.
template <glm::length_t D>
struct ReleaseCommandOf {
    std::optional<Vec<D>> velocity; ///< m/s, finite
    bool operator==(const ReleaseCommandOf&) const = default;
};
using ReleaseCommand = ReleaseCommandOf<2>;

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
/// Simulation::cut), as a knife. In 3D the knife is the strip of the plane through that
/// segment along `direction`, both ways (Simulation3::cut); 2D has no direction.
template <glm::length_t D>
struct CutCommandOf {
    Vec<D> from{0.0};      ///< metres, finite
    Vec<D> to{0.0};        ///< metres, finite
    Vec<D> direction{0.0}; ///< 3D only: the strip's direction, finite (any length)
    bool operator==(const CutCommandOf&) const = default;
};
using CutCommand = CutCommandOf<2>;

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
template <glm::length_t D>
struct AddObstacleCommandOf {
    ObstacleOf<D> obstacle;
    bool operator==(const AddObstacleCommandOf&) const = default;
};
using AddObstacleCommand = AddObstacleCommandOf<2>;

/// Move obstacle `index` so that its centre (a ground's point) is at `position`, turned to
/// `angle` degrees when given; it travels there over the next step (Simulation::moveObstacle).
/// In 3D the angle is three (AX, AY, AZ: R = Rz Ry Rx), as a box takes them.
template <glm::length_t D>
struct MoveObstacleCommandOf {
    std::size_t index = 0;                   ///< 0 to obstacle count - 1
    Vec<D> position{0.0};                    ///< metres
    std::optional<ObstacleAngleOf<D>> angle; ///< degrees (2D: counter-clockwise)
    bool operator==(const MoveObstacleCommandOf&) const = default;
};
using MoveObstacleCommand = MoveObstacleCommandOf<2>;

/// Remove obstacle `index`; later ones shift down (Simulation::removeObstacle).
struct RemoveObstacleCommand {
    std::size_t index = 0; ///< 0 to obstacle count - 1
    bool operator==(const RemoveObstacleCommand&) const = default;
};

/// A ball's change (Simulation::addBall, grabBall, moveBall, releaseBall, removeBall).
/// The actions a BallCommandOf takes.
enum class BallAction { Add, Grab, Move, Release, Remove };

template <glm::length_t D>
struct BallCommandOf {
    using Action = BallAction;
    Action action = Action::Add;
    BallOf<D> ball;                 ///< Add: the new ball
    std::size_t index = 0;          ///< Grab, Remove: 0 to ball count - 1
    Vec<D> position{0.0};           ///< Grab, Move: the centre, metres
    std::optional<Vec<D>> velocity; ///< Release: m/s, or none (its own)
    bool operator==(const BallCommandOf&) const = default;
};
using BallCommand = BallCommandOf<2>;

/// Replace the cloth, obstacles and balls by a scene's, as `--scene` does (applyScene()), in
/// 2D or 3D (a scene of the other dimensions is refused, naming both):
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
template <glm::length_t D>
struct LoadCommandOf {
    std::string name; ///< the state file's path as a script names it (for recordings)
    std::shared_ptr<const SimulationStateOf<D>> state; ///< the state itself, as read
    bool operator==(const LoadCommandOf&) const = default;
};
using LoadCommand = LoadCommandOf<2>;

/// One change to a simulation in D dimensions.
template <glm::length_t D>
using CommandOf =
    std::variant<StepCommand, GrabCommand, MoveCommandOf<D>, ReleaseCommandOf<D>, PinCommand,
                 UnpinCommand, CutCommandOf<D>, SetCommand, RestartCommand, AreaGrabCommandOf<D>,
                 UndoCommand, RedoCommand, AddObstacleCommandOf<D>, MoveObstacleCommandOf<D>,
                 RemoveObstacleCommand, BallCommandOf<D>, SceneCommand, LoadCommandOf<D>>;
/// One change to the 2D simulation.
using Command = CommandOf<2>;
/// One change to the 3D simulation.
using Command3 = CommandOf<3>;

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
/// The same in 3D (a SceneCommand of a 3D scene).
std::optional<CommandError> apply(Simulation3& simulation, const Command3& command);

/// The command's name: "step", "grab", "move", "release", "pin", "unpin", "cut", "set",
/// "restart", "grab-area", "undo", "redo", "obstacle", "move-obstacle", "remove-obstacle",
/// "ball", "grab-ball", "move-ball", "release-ball", "remove-ball", "scene", "load" (event scripts
/// write a GrabCommand as "drag" and an
/// AreaGrabCommand as "grab").
template <glm::length_t D>
const char* commandName(const CommandOf<D>& command);
/// The 2D form, which a single command converts to (commandName(StepCommand{})).
const char* commandName(const Command& command);

} // namespace pbd
