// The input part's world gestures: an obstacle or ball picked by a left press (Input::
// pointerDown) is selected and dragged (logic/world_drag.h, shared with the 3D hand); an
// obstacle follows the cursor as move-obstacle commands, a ball is held, moved and thrown
// with the pointer's velocity.

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
    return worldDrag_.start(item, world, simulation_, issue_, trail_, clock_());
}

void Input::moveWorldDrag(glm::dvec2 world)
{
    worldDrag_.move(world, issue_, trail_, clock_());
}

void Input::endWorldDrag(bool thrown)
{
    if (!worldDrag_.item())
        return;
    worldDrag_.end(thrown ? std::optional<glm::dvec2>(throwVelocity()) : std::nullopt, issue_);
    trail_.clear();
}

} // namespace pbd::app
