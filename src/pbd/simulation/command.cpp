#include "pbd/command.h"

#include <cmath>
#include <sstream>

#include "pbd/run_start.h"
#include "pbd/simulation.h"
#include "simulation/item_index.h"
#include "simulation/world_events.h"

namespace pbd {
namespace {

/// Refuses an index past the last particle, naming the command.
std::optional<CommandError> checkIndex(const char* name, Index index, std::size_t count)
{
    if (index < count)
        return std::nullopt;
    return CommandError{std::string(name) + ": particle " + std::to_string(index) +
                        " does not exist; allowed: 0 to " + std::to_string(count - 1)};
}

std::string shortest(double value)
{
    std::ostringstream out;
    out.precision(17);
    out << value;
    return out.str();
}

/// "(x, y)" or "(x, y, z)", each coordinate in shortest round-trip form.
template <glm::length_t D>
std::string pointText(const Vec<D>& p)
{
    // Streamed: GCC 12 warns falsely (-Wrestrict) on some chains of std::string additions.
    std::ostringstream out;
    out << '(' << shortest(p.x) << ", " << shortest(p.y);
    if constexpr (D == 3)
        out << ", " << shortest(p.z);
    out << ')';
    return out.str();
}

template <glm::length_t D>
bool finitePoint(const Vec<D>& p)
{
    for (glm::length_t c = 0; c < D; ++c)
        if (!std::isfinite(p[c]))
            return false;
    return true;
}

template <glm::length_t D>
std::optional<CommandError> checkAreaGrab(const AreaGrabCommandOf<D>& c)
{
    for (glm::length_t i = 0; i < D; ++i)
        if (!std::isfinite(c.point[i]) || std::abs(c.point[i]) > kMaxGrabCoordinate)
            return CommandError{"grab: point " + pointText<D>(c.point) + " is not allowed; "
                                "allowed: finite coordinates within +-" +
                                shortest(kMaxGrabCoordinate) + " m"};
    if (!std::isfinite(c.radius) || c.radius <= 0.0 || c.radius > kMaxGrabRadius)
        return CommandError{"grab: radius " + shortest(c.radius) + " is not allowed; allowed: "
                            "more than 0 up to " + shortest(kMaxGrabRadius) + " m"};
    return std::nullopt;
}

template <glm::length_t D>
std::optional<CommandError> applyOf(SimulationOf<D>& simulation, const CommandOf<D>& command)
{
    using Result = std::optional<CommandError>;
    return std::visit(
        Overloaded{
            [&](const StepCommand&) -> Result {
                simulation.step();
                return std::nullopt;
            },
            [&](const GrabCommand& c) -> Result {
                if (auto error = checkIndex("grab", c.particle, simulation.particles().size()))
                    return error;
                simulation.grab(c.particle);
                return std::nullopt;
            },
            [&](const MoveCommandOf<D>& c) -> Result {
                if (!finitePoint<D>(c.position))
                    return CommandError{"move: position " + pointText<D>(c.position) +
                                        " is not allowed; allowed: finite coordinates in m"};
                if (!simulation.holding())
                    return CommandError{"move: no particle is grabbed; allowed after a grab"};
                simulation.moveGrabbed(c.position);
                return std::nullopt;
            },
            [&](const ReleaseCommandOf<D>& c) -> Result {
                if (!c.velocity) {
                    simulation.release();
                    return std::nullopt;
                }
                if (!finitePoint<D>(*c.velocity))
                    return CommandError{"release: velocity " + pointText<D>(*c.velocity) +
                                        " is not allowed; allowed: finite values in m/s"};
                simulation.release(*c.velocity);
                return std::nullopt;
            },
            [&](const PinCommand& c) -> Result {
                if (auto error = checkIndex("pin", c.particle, simulation.particles().size()))
                    return error;
                simulation.pin(c.particle);
                return std::nullopt;
            },
            [&](const UnpinCommand& c) -> Result {
                if (auto error = checkIndex("unpin", c.particle, simulation.particles().size()))
                    return error;
                simulation.unpin(c.particle);
                return std::nullopt;
            },
            [&](const CutCommandOf<D>& c) -> Result {
                for (const Vec<D> p : {c.from, c.to})
                    if (!finitePoint<D>(p))
                        return CommandError{"cut: point " + pointText<D>(p) +
                                            " is not allowed; allowed: finite coordinates in m"};
                if constexpr (D == 2) {
                    simulation.cut(c.from, c.to);
                } else {
                    if (!finitePoint<D>(c.direction))
                        return CommandError{"cut: direction " + pointText<D>(c.direction) +
                                            " is not allowed; allowed: finite components"};
                    simulation.cut(c.from, c.to, c.direction);
                }
                return std::nullopt;
            },
            [&](const SetCommand& c) -> Result {
                if (auto error = simulation.apply(c.settings))
                    return CommandError{"set: " + error->message};
                return std::nullopt;
            },
            [&](const RestartCommand&) -> Result {
                simulation.restart();
                return std::nullopt;
            },
            [&](const AreaGrabCommandOf<D>& c) -> Result {
                if (auto error = checkAreaGrab<D>(c))
                    return error;
                simulation.grabArea(c.point, c.radius);
                return std::nullopt;
            },
            [&](const UndoCommand&) -> Result {
                return CommandError{"undo: this simulation keeps no history; allowed where "
                                    "one is kept (the app, event scripts)"};
            },
            [&](const RedoCommand&) -> Result {
                return CommandError{"redo: this simulation keeps no history; allowed where "
                                    "one is kept (the app, event scripts)"};
            },
            [&](const AddObstacleCommandOf<D>& c) -> Result {
                if (auto error = simulation.addObstacle(c.obstacle))
                    return CommandError{*error};
                return std::nullopt;
            },
            [&](const MoveObstacleCommandOf<D>& c) -> Result {
                if (auto error = simulation.moveObstacle(c.index, c.position, c.angle))
                    return CommandError{*error};
                return std::nullopt;
            },
            [&](const RemoveObstacleCommand& c) -> Result {
                if (simulation.removeObstacle(c.index))
                    return std::nullopt;
                return CommandError{detail::noSuchItem("remove-obstacle", "obstacle", c.index,
                                                       simulation.obstacles().size())};
            },
            [&](const BallCommandOf<D>& c) -> Result {
                if (auto error = detail::applyBallCommand(simulation, c))
                    return CommandError{*error};
                return std::nullopt;
            },
            [&](const SceneCommand& c) -> Result {
                // A scene of the other dimensions is refused by applyScene(), naming both.
                Scene scene = c.scene;
                scene.settings = detail::sceneSettingsOver(scene.settings, simulation.settings());
                if (auto error = applyScene(simulation, scene))
                    return CommandError{*error};
                return std::nullopt;
            },
            [&](const LoadCommandOf<D>& c) -> Result {
                if (!c.state)
                    return CommandError{"load: " + c.name + ": no state; allowed: a state read "
                                        "from a state file"};
                if (auto error = startFromState(simulation, *c.state))
                    return CommandError{"load: " + c.name + ": " + *error};
                return std::nullopt;
            },
        },
        command);
}

} // namespace

std::optional<CommandError> apply(Simulation& simulation, const Command& command)
{
    return applyOf<2>(simulation, command);
}

std::optional<CommandError> apply(Simulation3& simulation, const Command3& command)
{
    return applyOf<3>(simulation, command);
}

template <glm::length_t D>
const char* commandName(const CommandOf<D>& command)
{
    return std::visit(Overloaded{
                          [](const StepCommand&) { return "step"; },
                          [](const GrabCommand&) { return "grab"; },
                          [](const MoveCommandOf<D>&) { return "move"; },
                          [](const ReleaseCommandOf<D>&) { return "release"; },
                          [](const PinCommand&) { return "pin"; },
                          [](const UnpinCommand&) { return "unpin"; },
                          [](const CutCommandOf<D>&) { return "cut"; },
                          [](const SetCommand&) { return "set"; },
                          [](const RestartCommand&) { return "restart"; },
                          [](const AreaGrabCommandOf<D>&) { return "grab-area"; },
                          [](const UndoCommand&) { return "undo"; },
                          [](const RedoCommand&) { return "redo"; },
                          [](const AddObstacleCommandOf<D>&) { return "obstacle"; },
                          [](const MoveObstacleCommandOf<D>&) { return "move-obstacle"; },
                          [](const RemoveObstacleCommand&) { return "remove-obstacle"; },
                          [](const BallCommandOf<D>& c) { return detail::ballCommandName(c.action); },
                          [](const SceneCommand&) { return "scene"; },
                          [](const LoadCommandOf<D>&) { return "load"; },
                      },
                      command);
}

template const char* commandName<2>(const Command& command);
template const char* commandName<3>(const Command3& command);

const char* commandName(const Command& command) { return commandName<2>(command); }

} // namespace pbd
