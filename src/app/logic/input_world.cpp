// The input part's world gestures: an obstacle or ball picked by a left press (Input::
// pointerDown) is selected and dragged; an obstacle follows the cursor as move-obstacle
// commands, a ball is held, moved and thrown with the pointer's velocity.

#include "logic/input.h"

namespace pbd::app {

std::optional<WorldItem> Input::selected() const
{
    if (selected_ && exists(*selected_, simulation_.obstacles(), simulation_.balls()))
        return selected_;
    return std::nullopt;
}

bool Input::startWorldDrag(const WorldItem& item, glm::dvec2 world)
{
    trail_.clear();
    if (item.kind == WorldItem::Kind::Obstacle) {
        worldOffset_ = obstaclePose(simulation_.obstacles()[item.index]).centre - world;
        worldDrag_ = item; // moves only when the pointer moves
        return true;
    }
    const glm::dvec2 centre = simulation_.balls()[item.index].position;
    BallCommand grab;
    grab.action = BallCommand::Action::Grab;
    grab.index = item.index;
    grab.position = centre; // held where it is: no jump to the pointer
    if (issue_(grab))
        return false;
    worldOffset_ = centre - world;
    worldDrag_ = item;
    noteTrail(centre);
    return true;
}

void Input::moveWorldDrag(glm::dvec2 world)
{
    const glm::dvec2 target = world + worldOffset_;
    if (worldDrag_->kind == WorldItem::Kind::Obstacle) {
        issue_(MoveObstacleCommand{worldDrag_->index, target, std::nullopt});
        return;
    }
    BallCommand move;
    move.action = BallCommand::Action::Move;
    move.position = target;
    if (!issue_(move))
        noteTrail(target);
}

void Input::endWorldDrag(bool thrown)
{
    if (!worldDrag_)
        return;
    const WorldItem item = *worldDrag_;
    worldDrag_.reset();
    if (item.kind == WorldItem::Kind::Ball) {
        BallCommand release;
        release.action = BallCommand::Action::Release;
        if (thrown)
            release.velocity = throwVelocity();
        issue_(release);
    }
    trail_.clear();
}

} // namespace pbd::app
