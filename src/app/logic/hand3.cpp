#include "logic/hand3.h"

#include <utility>
#include <vector>

#include "logic/solid_picking.h"

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
    pressedSolid_.reset();
    simulation_.sync(); // where the cloth is now
    const Ray3 ray = camera_.ray(point);
    const std::optional<MeshHit> hit =
        castRay(ray, simulation_.particles().position, triangles);
    if (!modifiers.shift) { // a solid in front of the cloth (or without it) is what moves
        const std::optional<SolidHit> solid =
            castRaySolids(ray, simulation_.obstacles(), simulation_.balls());
        if (solid && (!hit || solid->distance < hit->distance)) {
            pressedSolid_ = solid->item;
            if (world_.start(solid->item, solid->point, simulation_, issue_, trail_, clock_()))
                plane_ = std::make_pair(solid->point, -camera_.forward());
            return std::nullopt;
        }
    }
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

void Hand3::startKnife(glm::dvec2 point)
{
    cancel();
    knife_ = std::make_pair(point, point);
}

void Hand3::move(glm::dvec2 point)
{
    if (knife_)
        knife_->second = point;
    if (!plane_ || (!world_.item() && !simulation_.holding()))
        return;
    const std::optional<glm::dvec3> onPlane =
        rayPlane(camera_.ray(point), plane_->first, plane_->second);
    if (!onPlane) // the plane seen edge-on or behind the eye (the camera turned meanwhile)
        return;
    if (world_.item()) {
        world_.move(*onPlane, issue_, trail_, clock_());
        return;
    }
    issue_(MoveCommandOf<3>{*onPlane});
    trail_.note(clock_(), *onPlane);
}

void Hand3::release()
{
    if (knife_) {
        const auto [from, to] = *std::exchange(knife_, std::nullopt);
        simulation_.sync(); // where the cloth is now
        const std::vector<glm::dvec3>& x = simulation_.particles().position;
        glm::dvec3 centre(0.0);
        for (const glm::dvec3& p : x)
            centre += p / static_cast<double>(x.size());
        if (from != to)
            if (const std::optional<CutCommandOf<3>> cut = knifeCut(camera_, from, to, centre))
                issue_(*cut);
        return;
    }
    if (!plane_)
        return;
    plane_.reset();
    const bool thrown = preferences_.onRelease == OnRelease::Throw;
    if (world_.item()) {
        world_.end(thrown ? std::optional<glm::dvec3>(trail_.velocity(clock_())) : std::nullopt,
                   issue_);
        trail_.clear();
        return;
    }
    if (thrown)
        issue_(ReleaseCommandOf<3>{trail_.velocity(clock_())});
    else
        issue_(ReleaseCommandOf<3>{});
    trail_.clear();
}

void Hand3::cancel()
{
    knife_.reset();
    if (!plane_)
        return;
    plane_.reset();
    trail_.clear();
    if (world_.item()) {
        world_.end(std::nullopt, issue_);
        return;
    }
    if (simulation_.holding()) // let go where it is, as the 2D hand's Esc
        issue_(ReleaseCommandOf<3>{});
}

void Hand3::clothRebuilt()
{
    knife_.reset();
    plane_.reset();
    trail_.clear();
    world_.reset(); // a restart's world holds no ball, its indices may differ
}

std::optional<CutCommandOf<3>> knifeCut(const OrbitCamera& camera, glm::dvec2 from,
                                        glm::dvec2 to, glm::dvec3 depth)
{
    const glm::dvec3 facing = -camera.forward();
    const std::optional<glm::dvec3> a = rayPlane(camera.ray(from), depth, facing);
    const std::optional<glm::dvec3> b = rayPlane(camera.ray(to), depth, facing);
    if (!a || !b)
        return std::nullopt;
    return CutCommandOf<3>{*a, *b, camera.ray(0.5 * (from + to)).direction};
}

} // namespace pbd::app
