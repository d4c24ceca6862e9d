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

std::optional<CommandError> checkAreaGrab(const AreaGrabCommand& c)
{
    for (double v : {c.point.x, c.point.y})
        if (!std::isfinite(v) || std::abs(v) > kMaxGrabCoordinate)
            return CommandError{"grab: point (" + shortest(c.point.x) + ", " +
                                shortest(c.point.y) + ") is not allowed; allowed: finite "
                                "coordinates within +-" + shortest(kMaxGrabCoordinate) + " m"};
    if (!std::isfinite(c.radius) || c.radius <= 0.0 || c.radius > kMaxGrabRadius)
        return CommandError{"grab: radius " + shortest(c.radius) + " is not allowed; allowed: "
                            "more than 0 up to " + shortest(kMaxGrabRadius) + " m"};
    return std::nullopt;
}

} // namespace

std::optional<CommandError> apply(Simulation& simulation, const Command& command)
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
            [&](const MoveCommand& c) -> Result {
                if (!std::isfinite(c.position.x) || !std::isfinite(c.position.y))
                    return CommandError{"move: position (" + shortest(c.position.x) + ", " +
                                        shortest(c.position.y) +
                                        ") is not allowed; allowed: finite coordinates in m"};
                if (!simulation.holding())
                    return CommandError{"move: no particle is grabbed; allowed after a grab"};
                simulation.moveGrabbed(c.position);
                return std::nullopt;
            },
            [&](const ReleaseCommand& c) -> Result {
                if (!c.velocity) {
                    simulation.release();
                    return std::nullopt;
                }
                if (!std::isfinite(c.velocity->x) || !std::isfinite(c.velocity->y))
                    return CommandError{"release: velocity (" + shortest(c.velocity->x) + ", " +
                                        shortest(c.velocity->y) +
                                        ") is not allowed; allowed: finite values in m/s"};
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
            [&](const CutCommand& c) -> Result {
                for (const glm::dvec2 p : {c.from, c.to})
                    if (!std::isfinite(p.x) || !std::isfinite(p.y))
                        return CommandError{"cut: point (" + shortest(p.x) + ", " +
                                            shortest(p.y) +
                                            ") is not allowed; allowed: finite coordinates in m"};
                simulation.cut(c.from, c.to);
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
            [&](const AreaGrabCommand& c) -> Result {
                if (auto error = checkAreaGrab(c))
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
            [&](const AddObstacleCommand& c) -> Result {
                if (auto error = simulation.addObstacle(c.obstacle))
                    return CommandError{*error};
                return std::nullopt;
            },
            [&](const MoveObstacleCommand& c) -> Result {
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
            [&](const BallCommand& c) -> Result {
                if (auto error = detail::applyBallCommand(simulation, c))
                    return CommandError{*error};
                return std::nullopt;
            },
            [&](const SceneCommand& c) -> Result {
                Scene scene = c.scene;
                scene.settings = detail::sceneSettingsOver(scene.settings, simulation.settings());
                if (auto error = applyScene(simulation, scene))
                    return CommandError{*error};
                return std::nullopt;
            },
            [&](const LoadCommand& c) -> Result {
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

const char* commandName(const Command& command)
{
    return std::visit(Overloaded{
                          [](const StepCommand&) { return "step"; },
                          [](const GrabCommand&) { return "grab"; },
                          [](const MoveCommand&) { return "move"; },
                          [](const ReleaseCommand&) { return "release"; },
                          [](const PinCommand&) { return "pin"; },
                          [](const UnpinCommand&) { return "unpin"; },
                          [](const CutCommand&) { return "cut"; },
                          [](const SetCommand&) { return "set"; },
                          [](const RestartCommand&) { return "restart"; },
                          [](const AreaGrabCommand&) { return "grab-area"; },
                          [](const UndoCommand&) { return "undo"; },
                          [](const RedoCommand&) { return "redo"; },
                          [](const AddObstacleCommand&) { return "obstacle"; },
                          [](const MoveObstacleCommand&) { return "move-obstacle"; },
                          [](const RemoveObstacleCommand&) { return "remove-obstacle"; },
                          [](const BallCommand& c) { return detail::ballCommandName(c); },
                          [](const SceneCommand&) { return "scene"; },
                          [](const LoadCommand&) { return "load"; },
                      },
                      command);
}

} // namespace pbd
