#include "pbd/history.h"

#include <utility>

namespace pbd {
namespace {

/// The whole state now, a device's included.
template <glm::length_t D>
SimulationStateOf<D> capture(SimulationOf<D>& simulation)
{
    simulation.sync();
    return simulation.state();
}

template <glm::length_t D>
bool grabPartCommand(const CommandOf<D>& command)
{
    return std::holds_alternative<GrabCommand>(command) ||
           std::holds_alternative<AreaGrabCommandOf<D>>(command) ||
           std::holds_alternative<MoveCommandOf<D>>(command) ||
           std::holds_alternative<ReleaseCommandOf<D>>(command);
}

template <glm::length_t D>
std::size_t actionBytes(const SimulationStateOf<D>& before,
                        const std::optional<SimulationStateOf<D>>& after)
{
    return snapshotBytes(before) + (after ? snapshotBytes(*after) : 0);
}

} // namespace

template <glm::length_t D>
std::size_t snapshotBytes(const SimulationStateOf<D>& state)
{
    constexpr std::size_t vector = sizeof(Vec<D>); // 16 in 2D, 24 in 3D
    const std::size_t held = state.areaGrab ? state.areaGrab->particles.size() : 0;
    return vector * state.position.size() + vector * state.velocity.size() +
           8 * state.mass.size() + 4 * state.pinned.size() + 8 * state.removed.size() +
           (4 + vector) * held + sizeof(ObstacleOf<D>) * state.obstacles.size() +
           sizeof(BallOf<D>) * state.balls.size();
}

template std::size_t snapshotBytes<2>(const SimulationState& state);
template std::size_t snapshotBytes<3>(const SimulationState3& state);

template <glm::length_t D>
std::optional<CommandError> HistoryOf<D>::apply(SimulationType& simulation,
                                                const CommandType& command)
{
    if (std::holds_alternative<StepCommand>(command))
        return pbd::apply(simulation, command);
    if (std::holds_alternative<UndoCommand>(command))
        return undo(simulation);
    if (std::holds_alternative<RedoCommand>(command))
        return redo(simulation);
    if (grabPartCommand<D>(command))
        return grabPart(simulation, command);
    if (std::holds_alternative<PinCommand>(command))
        return discrete(simulation, command, Kind::Pin);
    if (std::holds_alternative<UnpinCommand>(command))
        return discrete(simulation, command, Kind::Unpin);
    if (std::holds_alternative<CutCommandOf<D>>(command))
        return discrete(simulation, command, Kind::Cut);
    if (std::holds_alternative<SetCommand>(command))
        return discrete(simulation, command, Kind::Set);
    if (const auto* move = std::get_if<MoveObstacleCommandOf<D>>(&command))
        return moveObstacle(simulation, *move);
    if (std::holds_alternative<AddObstacleCommandOf<D>>(command))
        return discrete(simulation, command, Kind::Add);
    if (std::holds_alternative<RemoveObstacleCommand>(command))
        return discrete(simulation, command, Kind::Remove);
    if (const auto* ball = std::get_if<BallCommandOf<D>>(&command)) {
        switch (ball->action) {
        case BallAction::Add:
            return discrete(simulation, command, Kind::Add);
        case BallAction::Remove:
            return discrete(simulation, command, Kind::Remove);
        default:
            return ballGrabPart(simulation, *ball);
        }
    }
    return discrete(simulation, command, Kind::Restart);
}

template <glm::length_t D>
bool HistoryOf<D>::mergesInto(const SimulationType& simulation, Kind kind) const
{
    if (!mergeable_ || done_.empty() || !done_.back().after ||
        done_.back().after->steps != simulation.stepCount() ||
        done_.back().after->time != simulation.time())
        return false; // another action, an undo or a step came between
    const Kind last = done_.back().kind;
    if (last == kind)
        return kind == Kind::Pin || kind == Kind::Unpin || kind == Kind::Set ||
               kind == Kind::Remove;
    if (last == Kind::Set)
        return kind == Kind::Restart; // the scene's settings, then its fresh cloth
    if (last == Kind::Restart) // the scene's world and pins after its fresh cloth
        return kind == Kind::Pin || kind == Kind::Unpin || kind == Kind::Add ||
               kind == Kind::Remove;
    return false;
}

template <glm::length_t D>
std::optional<CommandError> HistoryOf<D>::ballGrabPart(SimulationType& simulation,
                                                       const BallCommandOf<D>& c)
{
    if (c.action == BallAction::Grab) { // takes hold anew: an action of its own
        closeGrab(simulation);
        StateType before = capture(simulation);
        if (auto error = pbd::apply(simulation, CommandType{c}))
            return error;
        push({Kind::Grab, std::move(before), std::nullopt});
        grabOpen_ = true;
        return std::nullopt;
    }
    if (auto error = pbd::apply(simulation, CommandType{c}))
        return error;
    if (c.action == BallAction::Release && grabOpen_)
        closeGrab(simulation);
    return std::nullopt;
}

template <glm::length_t D>
std::optional<CommandError> HistoryOf<D>::moveObstacle(SimulationType& simulation,
                                                       const MoveObstacleCommandOf<D>& c)
{
    closeGrab(simulation);
    // Every move of one obstacle's drag goes into one action, whatever steps come between.
    const bool merges = mergeable_ && !done_.empty() && done_.back().after &&
                        done_.back().kind == Kind::MoveObstacle &&
                        done_.back().obstacle == c.index;
    std::optional<StateType> before;
    if (!merges)
        before = capture(simulation);
    if (auto error = pbd::apply(simulation, CommandType{c}))
        return error;
    if (merges) {
        Action& last = done_.back();
        bytes_ -= snapshotBytes(*last.after);
        last.after = capture(simulation);
        bytes_ += snapshotBytes(*last.after);
        trim();
        return std::nullopt;
    }
    push({Kind::MoveObstacle, std::move(*before), capture(simulation), c.index});
    mergeable_ = true;
    return std::nullopt;
}

template <glm::length_t D>
std::optional<CommandError> HistoryOf<D>::grabPart(SimulationType& simulation,
                                                   const CommandType& command)
{
    const bool wasHolding = simulation.holding();
    const auto* grab = std::get_if<GrabCommand>(&command);
    // Only a grab takes hold anew: moves and releases never start an action, so that an
    // action begins at the same command in the app and in a recording of it (which writes
    // only the last of the moves between two steps).
    const bool starts = std::holds_alternative<AreaGrabCommandOf<D>>(command) ||
                        (grab && simulation.grabbed() != grab->particle);
    std::optional<StateType> before;
    if (starts) {
        closeGrab(simulation);
        before = capture(simulation);
    }
    if (auto error = pbd::apply(simulation, command))
        return error;
    if (starts) {
        if (simulation.holding()) {
            push({Kind::Grab, std::move(*before), std::nullopt});
            grabOpen_ = true;
        } else if (wasHolding) { // let go at once (a release, an area grab reaching nothing)
            push({Kind::Grab, std::move(*before), capture(simulation)});
        }
        return std::nullopt;
    }
    if (grabOpen_ && !simulation.holding())
        closeGrab(simulation);
    return std::nullopt;
}

template <glm::length_t D>
std::optional<CommandError> HistoryOf<D>::discrete(SimulationType& simulation,
                                                   const CommandType& command, Kind kind)
{
    // The grab ends here as an action; a grab this change keeps holds on outside any action.
    closeGrab(simulation);
    const bool merges = mergesInto(simulation, kind);
    std::optional<StateType> before;
    if (!merges)
        before = capture(simulation);
    const Settings settings = simulation.settings();
    const std::size_t live = simulation.liveConstraintCount();
    if (auto error = pbd::apply(simulation, command))
        return error;
    const bool unchanged = (kind == Kind::Set && simulation.settings() == settings) ||
                           (kind == Kind::Cut && simulation.liveConstraintCount() == live);
    if (unchanged)
        return std::nullopt;
    if (merges) {
        Action& last = done_.back();
        if (kind == Kind::Restart)
            last.kind = Kind::Restart; // a set then a restart: the world may follow
        bytes_ -= snapshotBytes(*last.after);
        last.after = capture(simulation);
        bytes_ += snapshotBytes(*last.after);
        trim();
        return std::nullopt;
    }
    push({kind, std::move(*before), capture(simulation)});
    mergeable_ = true;
    return std::nullopt;
}

template <glm::length_t D>
void HistoryOf<D>::changed(const StateType& before, SimulationType& simulation)
{
    closeGrab(simulation);
    push({Kind::Load, before, capture(simulation)});
}

template <glm::length_t D>
std::optional<CommandError> HistoryOf<D>::undo(SimulationType& simulation)
{
    closeGrab(simulation);
    if (done_.empty())
        return CommandError{"undo: nothing to undo"};
    Action action = std::move(done_.back());
    done_.pop_back();
    if (auto error = simulation.restore(action.before)) // a kept state is always valid
        return CommandError{"undo: " + *error};
    undone_.push_back(std::move(action));
    mergeable_ = false;
    return std::nullopt;
}

template <glm::length_t D>
std::optional<CommandError> HistoryOf<D>::redo(SimulationType& simulation)
{
    closeGrab(simulation);
    if (undone_.empty())
        return CommandError{"redo: nothing to redo"};
    Action action = std::move(undone_.back());
    undone_.pop_back();
    if (auto error = simulation.restore(*action.after))
        return CommandError{"redo: " + *error};
    done_.push_back(std::move(action));
    mergeable_ = false;
    return std::nullopt;
}

template <glm::length_t D>
void HistoryOf<D>::closeGrab(SimulationType& simulation)
{
    if (!grabOpen_)
        return;
    grabOpen_ = false;
    done_.back().after = capture(simulation);
    bytes_ += snapshotBytes(*done_.back().after);
    trim();
}

template <glm::length_t D>
void HistoryOf<D>::push(Action action)
{
    for (const Action& a : undone_)
        bytes_ -= actionBytes(a.before, a.after);
    undone_.clear();
    bytes_ += actionBytes(action.before, action.after);
    action.number = ++numbered_;
    done_.push_back(std::move(action));
    mergeable_ = false;
    trim();
}

template <glm::length_t D>
void HistoryOf<D>::trim()
{
    while (done_.size() > 1 &&
           (done_.size() + undone_.size() > kMaxHistoryActions || bytes_ > kHistoryBudgetBytes)) {
        bytes_ -= actionBytes(done_.front().before, done_.front().after);
        forgotten_ = done_.front().number;
        done_.pop_front();
    }
}

template <glm::length_t D>
void HistoryOf<D>::clear()
{
    forgotten_ = position();
    done_.clear();
    undone_.clear();
    grabOpen_ = false;
    mergeable_ = false;
    bytes_ = 0;
}

template class HistoryOf<2>;
template class HistoryOf<3>;

} // namespace pbd
