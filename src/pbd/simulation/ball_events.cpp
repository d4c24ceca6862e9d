// The event-script lines of the balls: `ball X Y R MASS`, `grab-ball I X Y`, `move-ball X Y`,
// `release-ball [VX VY]` and `remove-ball I`: parsed, written back and applied as commands.

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

glm::dvec2 readCentre(std::size_t line, std::string_view x, std::string_view y)
{
    return readScriptPoint(line, x, y, "X", "Y", kMaxBallCoordinate, "m");
}

} // namespace

bool ballVerb(std::string_view verb)
{
    return verb == "ball" || verb == "grab-ball" || verb == "move-ball" ||
           verb == "release-ball" || verb == "remove-ball";
}

void parseBallEvent(std::size_t line, const std::vector<std::string_view>& fields,
                    ScriptItems& balls, DragEvent& event)
{
    const std::string_view verb = fields[1];
    if (verb == "ball") {
        event.kind = DragEvent::Kind::AddBall;
        requireScriptCount(line, fields, 4, 4, "STEP ball X Y R MASS");
        const std::string spec = std::string(fields[2]) + "," + std::string(fields[3]) + "," +
                                 std::string(fields[4]) + "," + std::string(fields[5]);
        event.ball = readScriptAddition(line, spec, parseBallSpec, balls, kMaxBalls, "ball");
    } else if (verb == "grab-ball") {
        event.kind = DragEvent::Kind::GrabBall;
        requireScriptCount(line, fields, 3, 3, "STEP grab-ball I X Y");
        event.ballIndex = readScriptIndex(line, fields[2], "ball", balls.bound());
        event.position = readCentre(line, fields[3], fields[4]);
    } else if (verb == "move-ball") {
        event.kind = DragEvent::Kind::MoveBall;
        requireScriptCount(line, fields, 2, 2, "STEP move-ball X Y");
        event.position = readCentre(line, fields[2], fields[3]);
    } else if (verb == "release-ball") {
        event.kind = DragEvent::Kind::ReleaseBall;
        requireScriptCount(line, fields, 0, 2, "STEP release-ball [VX VY]");
        if (fields.size() == 4) // VX first: a line with both refused names VX
            event.velocity =
                readScriptPoint(line, fields[2], fields[3], "VX", "VY", kMaxBallSpeed, "m/s");
    } else {
        event.kind = DragEvent::Kind::RemoveBall;
        requireScriptCount(line, fields, 1, 1, "STEP remove-ball I");
        event.ballIndex = readScriptRemoval(line, fields[2], "ball", balls);
    }
}

std::string ballEventText(const DragEvent& e)
{
    auto number = [](double v) { return formatNumber(v); };
    switch (e.kind) {
    case DragEvent::Kind::AddBall:
        return "ball " + number(e.ball.position.x) + " " + number(e.ball.position.y) + " " +
               number(e.ball.radius) + " " + number(e.ball.mass);
    case DragEvent::Kind::GrabBall:
        return "grab-ball " + std::to_string(e.ballIndex) + " " + number(e.position.x) + " " +
               number(e.position.y);
    case DragEvent::Kind::MoveBall:
        return "move-ball " + number(e.position.x) + " " + number(e.position.y);
    case DragEvent::Kind::ReleaseBall:
        return e.velocity ? "release-ball " + number(e.velocity->x) + " " + number(e.velocity->y)
                          : std::string("release-ball");
    default:
        break;
    }
    return "remove-ball " + std::to_string(e.ballIndex);
}

Command ballEventCommand(const DragEvent& e)
{
    BallCommand c;
    switch (e.kind) {
    case DragEvent::Kind::AddBall:
        c.action = BallCommand::Action::Add;
        c.ball = e.ball;
        break;
    case DragEvent::Kind::GrabBall:
        c.action = BallCommand::Action::Grab;
        c.index = e.ballIndex;
        c.position = e.position;
        break;
    case DragEvent::Kind::MoveBall:
        c.action = BallCommand::Action::Move;
        c.position = e.position;
        break;
    case DragEvent::Kind::ReleaseBall:
        c.action = BallCommand::Action::Release;
        c.velocity = e.velocity;
        break;
    default:
        c.action = BallCommand::Action::Remove;
        c.index = e.ballIndex;
        break;
    }
    return c;
}

const char* ballCommandName(const BallCommand& c)
{
    switch (c.action) {
    case BallCommand::Action::Grab:
        return "grab-ball";
    case BallCommand::Action::Move:
        return "move-ball";
    case BallCommand::Action::Release:
        return "release-ball";
    case BallCommand::Action::Remove:
        return "remove-ball";
    case BallCommand::Action::Add:
        break;
    }
    return "ball";
}

std::optional<std::string> applyBallCommand(Simulation& simulation, const BallCommand& c)
{
    switch (c.action) {
    case BallCommand::Action::Add:
        return simulation.addBall(c.ball);
    case BallCommand::Action::Grab:
        return simulation.grabBall(c.index, c.position);
    case BallCommand::Action::Move:
        return simulation.moveBall(c.position);
    case BallCommand::Action::Release:
        return simulation.releaseBall(c.velocity);
    case BallCommand::Action::Remove:
        if (simulation.removeBall(c.index))
            return std::nullopt;
        return noSuchItem("remove-ball", "ball", c.index, simulation.balls().size());
    }
    return std::nullopt;
}

} // namespace pbd::detail
