#pragma once
/// \file
/// The 3D view's hand, GL-free: the left button grabs the particle nearest the point where
/// the ray under the cursor first meets the cloth (a fold's front layer, never one hidden
/// behind it) and drags it in the plane through that point facing the camera, where the
/// pointer's ray meets that plane (as a 2D grab sits under the pointer); the release throws
/// with the pointer's velocity in that plane; Shift+click pins or unpins; Ctrl+drag is the
/// knife, which cuts every layer under its stroke. A press whose ray meets a sphere, box or
/// capsule obstacle or a ball before the cloth drags that solid in the same camera-facing
/// plane (logic/world_drag.h: the 2D hand's commands, so it records and undoes alike). Every change is a command through the path
/// it is given (the session's history: undo and redo).

#include <cstdint>
#include <optional>
#include <span>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "logic/input.h"
#include "logic/keys.h"
#include "logic/orbit_camera.h"
#include "logic/preferences.h"
#include "logic/ray_picking.h"
#include "logic/stepping.h"
#include "logic/throw_trail.h"
#include "logic/world_drag.h"
#include "pbd/simulation.h"

namespace pbd::app {

class Hand3 {
public:
    /// `camera`, `simulation` and `preferences` must outlive the hand; `clock` (monotonic
    /// seconds) times the throw; `issue` applies the commands. The simulation is only read
    /// (and synced before a pick); every change goes through `issue`.
    Hand3(const OrbitCamera& camera, Simulation3& simulation, const Preferences& preferences,
          Stepping::Clock clock, IssueCommandOf<3> issue);

    /// Left press at `point` (window coordinates) over the cloth's `triangles` (three
    /// particle indices each): the ray's first hit grabs its triangle's particle nearest the
    /// hit (with a grab radius, every particle within it of the hit: an area grab); with Shift
    /// it pins that particle, or unpins it. When the ray meets an obstacle or a ball first
    /// (castRaySolids), that is dragged instead. Returns the cloth's hit, if the ray met the
    /// cloth before anything else.
    std::optional<MeshHit> press(glm::dvec2 point, Modifiers modifiers,
                                 std::span<const std::uint32_t> triangles);
    /// Ctrl+left press at `point`: a knife's stroke starts there (cuts on release).
    void startKnife(glm::dvec2 point);
    /// The pointer moved to `point`: a held grab goes where the pointer's ray meets the
    /// drag's plane; a knife's stroke ends there for now.
    void move(glm::dvec2 point);
    /// The left button went up: lets go, thrown with the pointer's velocity (the preferences'
    /// on-release: throw) or keeping its own (keep); a knife cuts (knifeCut()).
    void release();
    /// Esc or the focus lost: lets go where it is, without a throw.
    void cancel();
    /// The window system's events of a frame were all handled (see Input::eventsPolled).
    void eventsPolled() { trail_.polled(clock_()); }
    /// The cloth was rebuilt or replaced: the core dropped the grab.
    void clothRebuilt();

    /// A drag holds particles, an obstacle or a ball.
    bool holding() const { return plane_.has_value(); }
    /// The obstacle or ball being dragged, if any.
    const std::optional<WorldItem>& worldDrag() const { return world_.item(); }
    /// The obstacle or ball the last press met before the cloth (what a click selects, as
    /// in 2D), dragged or not; none when it met the cloth first, or nothing.
    const std::optional<WorldItem>& pressedSolid() const { return pressedSolid_; }
    /// The knife's stroke in window coordinates while it is drawn.
    std::optional<std::pair<glm::dvec2, glm::dvec2>> knife() const { return knife_; }
    /// The drag's plane: a point of it (the press's hit) and its normal (towards the eye).
    std::optional<std::pair<glm::dvec3, glm::dvec3>> plane() const { return plane_; }

private:
    const OrbitCamera& camera_;
    Simulation3& simulation_;
    const Preferences& preferences_;
    Stepping::Clock clock_;
    IssueCommandOf<3> issue_;
    std::optional<std::pair<glm::dvec3, glm::dvec3>> plane_;
    ThrowTrailOf<3> trail_;
    std::optional<std::pair<glm::dvec2, glm::dvec2>> knife_;
    WorldDragOf<3> world_; ///< an obstacle or ball dragged (plane_ is its plane)
    std::optional<WorldItem> pressedSolid_; ///< pressedSolid()
};

/// The 3D knife's cut for a stroke from window point `from` to `to`: the segment where the
/// rays under its ends meet the plane through `depth` facing the camera (the cloth's centre),
/// and the direction of the ray under its middle, along which the cut's strip runs both ways
/// (Simulation3::cut): every layer under the stroke. Nothing when an end's ray misses that
/// plane.
std::optional<CutCommandOf<3>> knifeCut(const OrbitCamera& camera, glm::dvec2 from,
                                        glm::dvec2 to, glm::dvec3 depth);

} // namespace pbd::app
