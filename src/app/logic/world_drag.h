#pragma once
/// \file
/// The hand on an obstacle or a ball, written once for both dimensions: the 2D input drags it
/// under the pointer, the 3D hand in the plane through the press facing the camera. An
/// obstacle follows as move-obstacle commands; a ball is held (grab-ball), moved (move-ball)
/// and let go with the pointer's velocity (release-ball), so that a recording replays the drag
/// and undo takes it back, as every command.

#include <optional>

#include "logic/throw_trail.h"
#include "logic/world_picking.h"
#include "pbd/command.h"
#include "pbd/simulation.h"

namespace pbd::app {

template <glm::length_t D>
class WorldDragOf {
public:
    /// Starts dragging `item` of `simulation`, pressed at `at` (m): an obstacle keeps its
    /// centre's offset from the pointer and moves only when the pointer moves; a ball is held
    /// where it is (no jump to the pointer) and `trail` restarts there at clock time `now`.
    /// False, holding nothing, when the ball's grab was refused.
    /// `issue` applies a command (CommandOf<D>), returning its error if refused.
    template <class Issue>
    bool start(const WorldItem& item, Vec<D> at, const SimulationOf<D>& simulation,
               const Issue& issue, ThrowTrailOf<D>& trail, double now)
    {
        trail.clear();
        if (item.kind == WorldItem::Kind::Obstacle) {
            offset_ = obstaclePose(simulation.obstacles()[item.index]).centre - at;
            item_ = item;
            return true;
        }
        const Vec<D> centre = simulation.balls()[item.index].position;
        BallCommandOf<D> grab;
        grab.action = BallAction::Grab;
        grab.index = item.index;
        grab.position = centre;
        if (issue(CommandOf<D>{grab}))
            return false;
        offset_ = centre - at;
        item_ = item;
        trail.note(now, centre);
        return true;
    }
    /// The pointer is at `at` (m): the obstacle or ball goes there, keeping its offset.
    template <class Issue>
    void move(Vec<D> at, const Issue& issue, ThrowTrailOf<D>& trail, double now)
    {
        if (!item_)
            return;
        const Vec<D> target = at + offset_;
        if (item_->kind == WorldItem::Kind::Obstacle) {
            issue(CommandOf<D>{MoveObstacleCommandOf<D>{item_->index, target, std::nullopt}});
            return;
        }
        BallCommandOf<D> move;
        move.action = BallAction::Move;
        move.position = target;
        if (!issue(CommandOf<D>{move}))
            trail.note(now, target);
    }
    /// Lets go: a ball is released, with `velocity` (m/s: a throw) or keeping its own.
    template <class Issue>
    void end(std::optional<Vec<D>> velocity, const Issue& issue)
    {
        if (!item_)
            return;
        const WorldItem item = *item_;
        item_.reset();
        if (item.kind == WorldItem::Kind::Ball) {
            BallCommandOf<D> release;
            release.action = BallAction::Release;
            release.velocity = velocity;
            issue(CommandOf<D>{release});
        }
    }
    /// Forgets the drag without a command (the world was replaced).
    void reset() { item_.reset(); }
    /// What is being dragged.
    const std::optional<WorldItem>& item() const { return item_; }

private:
    std::optional<WorldItem> item_;
    Vec<D> offset_{0.0}; ///< its centre minus the pointer, m
};

} // namespace pbd::app
