// The event-script lines of the balls: `ball X Y R MASS`, `grab-ball I X Y`, `move-ball X Y`,
// `release-ball [VX VY]` and `remove-ball I` (X Y Z, VX VY VZ in 3D): parsed, written back and
// applied as commands.

#include <cmath>
#include <cstdint>
#include <sstream>
#include <string>

#include "files/input_text.h"
#include "pbd/simulation.h"
#include "simulation/item_index.h"
#include "simulation/world_events.h"

namespace pbd::detail {
namespace {

template <glm::length_t D>
Vec<D> readCentre(std::size_t line, const std::vector<std::string_view>& fields,
                  std::size_t first)
{
    return readScriptPointOf<D>(line, fields, first, {"X", "Y", "Z"}, kMaxBallCoordinate, "m");
}

} // namespace

bool ballVerb(std::string_view verb)
{
    return verb == "ball" || verb == "grab-ball" || verb == "move-ball" ||
           verb == "release-ball" || verb == "remove-ball";
}

template <glm::length_t D>
void parseBallEvent(std::size_t line, const std::vector<std::string_view>& fields,
                    ScriptItems& balls, DragEventOf<D>& event)
{
    constexpr int kD = static_cast<int>(D);
    const std::string_view verb = fields[1];
    if (verb == "ball") {
        event.kind = DragEvent::Kind::AddBall;
        requireScriptCount(line, fields, D + 2, D + 2, scriptUsage<D>(verb), kD);
        std::string spec(fields[2]);
        for (std::size_t i = 3; i < fields.size(); ++i) {
            spec += ',';
            spec += fields[i];
        }
        event.ball = readScriptAddition(line, spec, parseBallSpecOf<D>, balls, kMaxBalls, "ball");
    } else if (verb == "grab-ball") {
        event.kind = DragEvent::Kind::GrabBall;
        requireScriptCount(line, fields, D + 1, D + 1, scriptUsage<D>(verb), kD);
        event.ballIndex = readScriptIndex(line, fields[2], "ball", balls.bound());
        event.position = readCentre<D>(line, fields, 3);
    } else if (verb == "move-ball") {
        event.kind = DragEvent::Kind::MoveBall;
        requireScriptCount(line, fields, D, D, scriptUsage<D>(verb), kD);
        event.position = readCentre<D>(line, fields, 2);
    } else if (verb == "release-ball") {
        event.kind = DragEvent::Kind::ReleaseBall;
        requireScriptCount(line, fields, 0, D, scriptUsage<D>(verb), kD);
        if (fields.size() == 2 + D) // VX first: a line with both refused names VX
            event.velocity = readScriptPointOf<D>(line, fields, 2, {"VX", "VY", "VZ"},
                                                  kMaxBallSpeed, "m/s");
    } else {
        event.kind = DragEvent::Kind::RemoveBall;
        requireScriptCount(line, fields, 1, 1, "STEP remove-ball I");
        event.ballIndex = readScriptRemoval(line, fields[2], "ball", balls);
    }
}

template void parseBallEvent<2>(std::size_t, const std::vector<std::string_view>&,
                                ScriptItems&, DragEvent&);
template void parseBallEvent<3>(std::size_t, const std::vector<std::string_view>&,
                                ScriptItems&, DragEvent3&);

template <glm::length_t D>
std::string ballEventText(const DragEventOf<D>& e)
{
    // Streamed: GCC 12 warns falsely (-Wrestrict) on some chains of std::string additions.
    std::ostringstream line;
    switch (e.kind) {
    case DragEvent::Kind::AddBall:
        line << "ball " << pointText<D>(e.ball.position) << ' ' << formatNumber(e.ball.radius)
             << ' ' << formatNumber(e.ball.mass);
        break;
    case DragEvent::Kind::GrabBall:
        line << "grab-ball " << e.ballIndex << ' ' << pointText<D>(e.position);
        break;
    case DragEvent::Kind::MoveBall:
        line << "move-ball " << pointText<D>(e.position);
        break;
    case DragEvent::Kind::ReleaseBall:
        line << "release-ball";
        if (e.velocity)
            line << ' ' << pointText<D>(*e.velocity);
        break;
    default:
        line << "remove-ball " << e.ballIndex;
        break;
    }
    return line.str();
}

template std::string ballEventText<2>(const DragEvent& e);
template std::string ballEventText<3>(const DragEvent3& e);

template <glm::length_t D>
CommandOf<D> ballEventCommand(const DragEventOf<D>& e)
{
    BallCommandOf<D> c;
    switch (e.kind) {
    case DragEvent::Kind::AddBall:
        c.action = BallAction::Add;
        c.ball = e.ball;
        break;
    case DragEvent::Kind::GrabBall:
        c.action = BallAction::Grab;
        c.index = e.ballIndex;
        c.position = e.position;
        break;
    case DragEvent::Kind::MoveBall:
        c.action = BallAction::Move;
        c.position = e.position;
        break;
    case DragEvent::Kind::ReleaseBall:
        c.action = BallAction::Release;
        c.velocity = e.velocity;
        break;
    default:
        c.action = BallAction::Remove;
        c.index = e.ballIndex;
        break;
    }
    return c;
}

template Command ballEventCommand<2>(const DragEvent& e);
template Command3 ballEventCommand<3>(const DragEvent3& e);

const char* ballCommandName(BallAction action)
{
    switch (action) {
    case BallAction::Grab:
        return "grab-ball";
    case BallAction::Move:
        return "move-ball";
    case BallAction::Release:
        return "release-ball";
    case BallAction::Remove:
        return "remove-ball";
    case BallAction::Add:
        break;
    }
    return "ball";
}

template <glm::length_t D>
std::optional<std::string> applyBallCommand(SimulationOf<D>& simulation,
                                            const BallCommandOf<D>& c)
{
    switch (c.action) {
    case BallAction::Add:
        return simulation.addBall(c.ball);
    case BallAction::Grab:
        return simulation.grabBall(c.index, c.position);
    case BallAction::Move:
        return simulation.moveBall(c.position);
    case BallAction::Release:
        return simulation.releaseBall(c.velocity);
    case BallAction::Remove:
        if (simulation.removeBall(c.index))
            return std::nullopt;
        return noSuchItem("remove-ball", "ball", c.index, simulation.balls().size());
    }
    return std::nullopt;
}

template std::optional<std::string> applyBallCommand<2>(Simulation&, const BallCommand&);
template std::optional<std::string> applyBallCommand<3>(Simulation3&, const BallCommandOf<3>&);

} // namespace pbd::detail
