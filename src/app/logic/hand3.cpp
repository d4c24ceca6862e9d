#include "logic/hand3.h"

#include <utility>

namespace pbd::app {

Hand3::Hand3(const OrbitCamera& camera, Simulation3& simulation, const Preferences& preferences,
             Stepping::Clock clock, IssueCommandOf<3> issue)
    : camera_(camera), simulation_(simulation), preferences_(preferences),
      clock_(std::move(clock)), issue_(std::move(issue))
{
}

std::optional<MeshHit> Hand3::press(glm::dvec2 point, Modifiers modifiers,
                                    std::span<const std::uint32_t> triangles)
{
    cancel();
    simulation_.sync(); // where the cloth is now
    const std::optional<MeshHit> hit =
        castRay(camera_.ray(point), simulation_.particles().position, triangles);
    if (!hit)
        return hit;
    if (modifiers.shift) {
        if (simulation_.particles().pinned(hit->nearest))
            issue_(UnpinCommand{hit->nearest});
        else
            issue_(PinCommand{hit->nearest});
        return hit;
    }
    const bool held =
        preferences_.grabRadius > 0.0
            ? !issue_(AreaGrabCommandOf<3>{hit->point, preferences_.grabRadius}) &&
                  simulation_.holding()
            : !issue_(GrabCommand{hit->nearest});
    if (held) {
        // The plane through the hit facing the camera: what the pointer drags along.
        plane_ = std::make_pair(hit->point, -camera_.forward());
        trail_.clear();
        trail_.note(clock_(), hit->point);
    }
    return hit;
}

void Hand3::move(glm::dvec2 point)
{
    if (!plane_ || !simulation_.holding())
        return;
    const std::optional<glm::dvec3> onPlane =
        rayPlane(camera_.ray(point), plane_->first, plane_->second);
    if (!onPlane) // the plane seen edge-on or behind the eye (the camera turned meanwhile)
        return;
    issue_(MoveCommandOf<3>{*onPlane});
    trail_.note(clock_(), *onPlane);
}

void Hand3::release()
{
    if (!plane_)
        return;
    plane_.reset();
    if (preferences_.onRelease == OnRelease::Throw)
        issue_(ReleaseCommandOf<3>{trail_.velocity(clock_())});
    else
        issue_(ReleaseCommandOf<3>{});
    trail_.clear();
}

void Hand3::cancel()
{
    if (!plane_)
        return;
    plane_.reset();
    trail_.clear();
    if (simulation_.holding()) // let go where it is, as the 2D hand's Esc
        issue_(ReleaseCommandOf<3>{});
}

void Hand3::clothRebuilt()
{
    plane_.reset();
    trail_.clear();
}

} // namespace pbd::app
