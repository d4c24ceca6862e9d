#include "pbd/command.h"

#include <cmath>
#include <sstream>

#include "pbd/simulation.h"

namespace pbd {
namespace {

/// Builds a visitor from one lambda per alternative.
template <class... Fs>
struct Overloaded : Fs... {
    using Fs::operator()...;
};
template <class... Fs>
Overloaded(Fs...) -> Overloaded<Fs...>;

std::string shortest(double value)
{
    std::ostringstream out;
    out.precision(17);
    out << value;
    return out.str();
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
                const std::size_t count = simulation.particles().size();
                if (c.particle >= count)
                    return CommandError{"grab: particle " + std::to_string(c.particle) +
                                        " does not exist; allowed: 0 to " +
                                        std::to_string(count - 1)};
                simulation.grab(c.particle);
                return std::nullopt;
            },
            [&](const MoveCommand& c) -> Result {
                if (!std::isfinite(c.position.x) || !std::isfinite(c.position.y))
                    return CommandError{"move: position (" + shortest(c.position.x) + ", " +
                                        shortest(c.position.y) +
                                        ") is not allowed; allowed: finite coordinates in m"};
                if (!simulation.grabbed())
                    return CommandError{"move: no particle is grabbed; allowed after a grab"};
                simulation.moveGrabbed(c.position);
                return std::nullopt;
            },
            [&](const ReleaseCommand&) -> Result {
                simulation.release();
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
                          [](const SetCommand&) { return "set"; },
                          [](const RestartCommand&) { return "restart"; },
                      },
                      command);
}

} // namespace pbd
