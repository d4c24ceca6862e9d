// Commands written back as event lines: what a recorder of a History's commands writes, in
// either dimension (the app's Recorder writes its 2D recordings by the same rules).

#include <bit>
#include <cstdint>

#include "pbd/drag_script.h"
#include "pbd/settings_table.h"
#include "pbd/simulation.h"

namespace pbd {
namespace {

bool sameBits(double a, double b)
{
    return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

} // namespace

template <glm::length_t D>
std::vector<DragEventOf<D>> commandEvents(const CommandOf<D>& command, std::uint64_t step,
                                          const SimulationOf<D>& simulation,
                                          const Settings& before)
{
    using Kind = DragEventKind;
    std::vector<DragEventOf<D>> out;
    DragEventOf<D> event;
    event.step = step;
    const auto& positions = simulation.particles().position;
    auto write = [&](Kind kind) {
        event.kind = kind;
        out.push_back(event);
    };
    std::visit(
        Overloaded{
            [](const StepCommand&) {},
            [&](const GrabCommand& c) {
                // A drag to where it is: the grab, and a move that changes nothing.
                if (c.particle >= positions.size())
                    return;
                event.particle = c.particle;
                event.position = positions[c.particle];
                write(Kind::Drag);
            },
            [&](const MoveCommandOf<D>&) {
                if (const auto& area = simulation.areaGrab()) {
                    event.position = area->point; // where the grab point went
                    write(Kind::Move);
                } else if (const auto grabbed = simulation.grabbed()) {
                    // Where the particle was put (a refused coordinate left it where it was).
                    event.particle = *grabbed;
                    event.position = positions[*grabbed];
                    write(Kind::Drag);
                }
            },
            [&](const ReleaseCommandOf<D>& c) {
                event.velocity = c.velocity;
                write(Kind::Release);
            },
            [&](const PinCommand& c) {
                event.particle = c.particle;
                write(Kind::Pin);
            },
            [&](const UnpinCommand& c) {
                event.particle = c.particle;
                write(Kind::Unpin);
            },
            [&](const CutCommandOf<D>& c) {
                event.position = c.from;
                event.to = c.to;
                event.direction = c.direction;
                write(Kind::Cut);
            },
            [&](const SetCommand& c) {
                // One line per field that changed, in the table's order.
                for (const SettingField& field : settingFields())
                    if (!sameBits(field.get(before), field.get(c.settings))) {
                        event.field = field.name;
                        event.value = field.get(c.settings);
                        write(Kind::Set);
                    }
            },
            [&](const RestartCommand&) { write(Kind::Restart); },
            [&](const AreaGrabCommandOf<D>& c) {
                event.position = c.point;
                event.radius = c.radius;
                write(Kind::Grab);
            },
            [&](const UndoCommand&) { write(Kind::Undo); },
            [&](const RedoCommand&) { write(Kind::Redo); },
            [&](const AddObstacleCommandOf<D>& c) {
                event.obstacle = c.obstacle;
                write(Kind::AddObstacle);
            },
            [&](const MoveObstacleCommandOf<D>& c) {
                event.obstacleIndex = c.index;
                event.position = c.position;
                event.angle = c.angle;
                write(Kind::MoveObstacle);
            },
            [&](const RemoveObstacleCommand& c) {
                event.obstacleIndex = c.index;
                write(Kind::RemoveObstacle);
            },
            [&](const BallCommandOf<D>& c) {
                constexpr Kind kinds[] = {Kind::AddBall, Kind::GrabBall, Kind::MoveBall,
                                          Kind::ReleaseBall, Kind::RemoveBall};
                event.ball = c.ball;
                event.ballIndex = c.index;
                event.position = c.position;
                event.velocity = c.velocity;
                write(kinds[static_cast<int>(c.action)]);
            },
            [&](const SceneCommand& c) {
                event.sceneName = c.name;
                event.scene = c.scene;
                write(Kind::Scene);
            },
            [&](const LoadCommandOf<D>& c) {
                event.stateName = c.name;
                event.state = c.state;
                write(Kind::Load);
            },
        },
        command);
    return out;
}

template std::vector<DragEvent> commandEvents<2>(const Command&, std::uint64_t,
                                                 const Simulation&, const Settings&);
template std::vector<DragEvent3> commandEvents<3>(const Command3&, std::uint64_t,
                                                  const Simulation3&, const Settings&);

} // namespace pbd
