// The 3D window's GL-free logic: the ray cast against the cloth's triangles (a fold's front
// layer first), the camera's gestures (orbit, pan, wheel), and the 3D session's hand (grab
// through the ray, drag in the camera-facing plane, throw, Shift+click pins, undo), its
// first frame's framing, F and Home.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

#include <glm/geometric.hpp>

#include "logic/cloth_mesh.h"
#include "logic/orbit_gestures.h"
#include "logic/ray_picking.h"
#include "logic/session3.h"
#include "pbd/cloth.h"

using namespace pbd;
using namespace pbd::app;

namespace {

constexpr int kSide = 10; ///< a 10 x 10 cloth, 0.2 m apart

/// Settings of a 3D cloth of kSide x kSide particles, nothing pinned (it stays where a test
/// puts it while paused).
Settings cloth3(int fixed = 1)
{
    Settings s = Simulation3::defaultSettings();
    s.width = kSide;
    s.height = kSide;
    s.fixedCount = fixed;
    return s;
}

/// Every triangle of a whole kSide x kSide grid (cloth_mesh.h, as the session draws it).
std::vector<std::uint32_t> gridTriangles()
{
    const ClothGrid grid = buildClothGrid(kSide, kSide);
    const std::vector<std::uint8_t> alive(grid.constraints.size(), 1);
    std::vector<std::uint32_t> triangles;
    meshTriangles(gridEdges(kSide, kSide, grid.constraints, alive), 1, triangles);
    return triangles;
}

/// The grid folded along the row between 4 and 5: rows 0-4 hang at z = 0 (the front layer),
/// rows 5-9 come back up 0.3 m behind them (z = -0.3), row 9 level with row 0.
std::vector<glm::dvec3> folded()
{
    std::vector<glm::dvec3> x;
    for (int i = 0; i < kSide; ++i)
        for (int j = 0; j < kSide; ++j)
            x.emplace_back(0.2 * j, i < 5 ? -0.2 * i : -0.2 * (9 - i), i < 5 ? 0.0 : -0.3);
    return x;
}

/// A session with its canvas, paused, a clock the test moves.
struct SessionRig {
    double now = 100.0;
    Session3 session;
    explicit SessionRig(const Settings& settings = cloth3())
        : session(settings, [this] { return now; })
    {
        session.setPaused(true);
        session.resize({0.0, 0.0}, {1000.0, 800.0});
    }
    void press(glm::dvec2 at, Modifiers modifiers = {})
    {
        session.mouseMove(at);
        session.mouseButton(MouseButton::Left, true, modifiers, {});
    }
    void release() { session.mouseButton(MouseButton::Left, false, {}, {}); }
    glm::dvec2 pixel(glm::dvec3 p) const { return *session.camera().worldToScreen(p); }
};

/// The fold above as the session's state.
void foldSheet(Session3& session)
{
    SimulationState3 state = session.simulation().state();
    state.position = folded();
    REQUIRE_FALSE(session.simulation().restore(state));
}

} // namespace

TEST_CASE("a ray meets the fold's front layer first, and the back one from behind",
          "[3d][picking]")
{
    const std::vector<glm::dvec3> x = folded();
    const std::vector<std::uint32_t> triangles = gridTriangles();
    const glm::dvec3 spot{0.9, -0.5, 0.0}; // over both layers
    const Ray3 fromFront{{0.9, -0.5, 10.0}, {0.0, 0.0, -1.0}};
    const std::optional<MeshHit> front = castRay(fromFront, x, triangles);
    REQUIRE(front);
    CHECK(front->distance == Approx(10.0));
    CHECK(glm::length(front->point - spot) < 1e-12);
    CHECK(x[front->nearest].z == 0.0);                   // a particle of the front layer
    CHECK(glm::length(x[front->nearest] - spot) <= 0.1 * std::sqrt(2.0) + 1e-12);

    const Ray3 fromBehind{{0.9, -0.5, -10.0}, {0.0, 0.0, 1.0}};
    const std::optional<MeshHit> back = castRay(fromBehind, x, triangles);
    REQUIRE(back);
    CHECK(back->distance == Approx(9.7));
    CHECK(x[back->nearest].z == -0.3);

    // Beside the cloth, and pointing away from it: no hit.
    CHECK_FALSE(castRay({{3.0, -0.5, 10.0}, {0.0, 0.0, -1.0}}, x, triangles));
    CHECK_FALSE(castRay({{0.9, -0.5, 10.0}, {0.0, 0.0, 1.0}}, x, triangles));
}

TEST_CASE("a ray meets a plane where the line does, never behind or along it", "[3d][picking]")
{
    const Ray3 ray{{1.0, 2.0, 3.0}, glm::normalize(glm::dvec3(1.0, -1.0, -2.0))};
    const std::optional<glm::dvec3> hit = rayPlane(ray, {0.0, 0.0, 0.0}, {0.0, 0.0, 2.0});
    REQUIRE(hit);
    CHECK(hit->z == Approx(0.0).margin(1e-12));
    CHECK(hit->x == Approx(2.5));
    CHECK(hit->y == Approx(0.5));
    CHECK_FALSE(rayPlane(ray, {0.0, 0.0, 5.0}, {0.0, 0.0, 1.0}));  // behind the origin
    CHECK_FALSE(rayPlane({{0.0, 0.0, 1.0}, {1.0, 0.0, 0.0}}, {0.0, 0.0, 0.0}, {0.0, 0.0, 1.0}));
}

TEST_CASE("right-drag orbits about the target, Shift+right and middle pan, the wheel zooms",
          "[3d][camera]")
{
    OrbitCamera camera;
    camera.setCanvas({1000.0, 800.0});
    camera.setAngles(0.5, 0.35);
    camera.lookAt({1.0, -1.0, 0.0}, 8.0);
    OrbitGestures gestures(camera);
    const glm::dvec3 eye = camera.eye();

    REQUIRE(gestures.press(MouseButton::Right, {}, {500.0, 400.0}));
    CHECK(gestures.move({600.0, 350.0}));
    gestures.release(MouseButton::Right);
    CHECK(glm::length(camera.eye() - eye) > 0.5);                // the eye went round
    CHECK(glm::length(camera.target() - glm::dvec3(1.0, -1.0, 0.0)) < 1e-12); // not the target
    CHECK(camera.distance() == Approx(8.0));
    CHECK(camera.yaw() == Approx(0.5 - 100.0 * OrbitCamera::kOrbitRadiansPerPixel));
    CHECK_FALSE(gestures.move({700.0, 350.0})); // the drag has ended

    for (const auto& [button, modifiers] :
         {std::pair{MouseButton::Right, Modifiers{true, false, false}},
          std::pair{MouseButton::Middle, Modifiers{}}}) {
        const glm::dvec3 target = camera.target();
        const glm::dvec3 under = camera.pointAtTargetDepth({500.0, 400.0});
        REQUIRE(gestures.press(button, modifiers, {500.0, 400.0}));
        gestures.move({560.0, 430.0});
        gestures.release(button);
        // The point that was under the pointer at the target's depth follows it.
        CHECK(glm::length(*camera.worldToScreen(under) - glm::dvec2(560.0, 430.0)) < 1e-9);
        CHECK(glm::length(camera.target() - target) > 0.1);
        CHECK(camera.distance() == Approx(8.0));
    }

    const glm::dvec2 at{300.0, 250.0};
    const glm::dvec3 under = camera.pointAtTargetDepth(at);
    gestures.wheel(2.0, at);
    CHECK(camera.distance() == Approx(8.0 / (1.1 * 1.1)));
    CHECK(glm::length(*camera.worldToScreen(under) - at) < 1e-9); // it stays under the pointer
}

TEST_CASE("the 3D session frames the cloth on its first canvas, F fits, Home resets",
          "[3d][session]")
{
    Settings settings = cloth3();
    settings.orientation = Orientation::Horizontal;
    SessionRig rig(settings);
    const Box3 box = rig.session.clothBox();
    CHECK(box.max.z - box.min.z == Approx(1.8)); // laid flat, rows towards +z
    CHECK(rig.session.camera().shows(box.min, box.max, Session3::kFitMarginPixels - 1e-6));
    CHECK(rig.session.camera().yaw() == Approx(Session3::kStartYaw));

    // Turned and pushed away, F brings the whole cloth back into view at the same angles.
    rig.session.mouseMove({500.0, 400.0});
    rig.session.mouseButton(MouseButton::Right, true, {}, {});
    rig.session.mouseMove({800.0, 300.0});
    rig.session.mouseButton(MouseButton::Right, false, {}, {});
    rig.session.scroll(-20.0, {});
    const double yaw = rig.session.camera().yaw();
    CHECK(yaw != Approx(Session3::kStartYaw));
    rig.session.key(Key::F, false, {}, {});
    CHECK(rig.session.camera().yaw() == Approx(yaw));
    CHECK(rig.session.camera().shows(box.min, box.max, Session3::kFitMarginPixels - 1e-6));
    rig.session.key(Key::Home, false, {}, {});
    CHECK(rig.session.camera().yaw() == Approx(Session3::kStartYaw));
    CHECK(rig.session.camera().pitch() == Approx(Session3::kStartPitch));
}

TEST_CASE("a 3D left press grabs the particle under the cursor and drags it in the plane "
          "facing the camera",
          "[3d][session][hand]")
{
    SessionRig rig;
    const Simulation3& cloth = rig.session.simulation();
    const Index target = 3 * kSide + 4;
    const glm::dvec3 start = cloth.particles().position[target];
    rig.press(rig.pixel(start));
    REQUIRE(cloth.grabbed());
    CHECK(*cloth.grabbed() == target);
    REQUIRE(rig.session.hand().plane());
    const auto [point, normal] = *rig.session.hand().plane();
    CHECK(glm::length(point - start) < 1e-9); // the hit is the particle itself
    CHECK(glm::length(normal + rig.session.camera().forward()) < 1e-12);

    // The pointer moves 120 px right and 80 px up over 40 ms: the particle goes where the
    // pointer's ray meets the plane, on the plane and under the pointer.
    const glm::dvec2 to = rig.pixel(start) + glm::dvec2(120.0, -80.0);
    rig.now += 0.04;
    rig.session.mouseMove(to);
    const glm::dvec3 moved = cloth.particles().position[target];
    CHECK(glm::dot(moved - point, normal) == Approx(0.0).margin(1e-12));
    CHECK(glm::length(rig.pixel(moved) - to) < 1e-6);
    CHECK(glm::length(moved - start) > 0.1);

    // Released at once: thrown with the pointer's velocity over those 40 ms, in the plane.
    rig.release();
    CHECK_FALSE(cloth.grabbed());
    const glm::dvec3 v = cloth.particles().velocity[target];
    CHECK(glm::length(v - (moved - start) / 0.04) < 1e-6);
    CHECK(glm::dot(v, normal) == Approx(0.0).margin(1e-9));

    // One action: undo puts the particle back where it was before the grab.
    REQUIRE(rig.session.history().undoCount() == 1);
    rig.session.key(Key::Z, false, {false, true, false}, {});
    CHECK(cloth.particles().position[target] == start);
}

TEST_CASE("a 3D press where a fold hides another layer grabs the front one", "[3d][session][hand]")
{
    SessionRig rig;
    foldSheet(rig.session);
    const std::vector<glm::dvec3> x = folded();
    const glm::dvec3 spot{0.9, -0.5, 0.0};
    const glm::dvec2 at = rig.pixel(spot);
    // The back layer lies under that pixel too: alone, the ray would meet it.
    std::vector<std::uint32_t> backOnly;
    const std::vector<std::uint32_t> all = gridTriangles();
    for (std::size_t k = 0; k < all.size(); k += 3)
        if (all[k] >= 5 * kSide && all[k + 1] >= 5 * kSide && all[k + 2] >= 5 * kSide)
            backOnly.insert(backOnly.end(), all.begin() + k, all.begin() + k + 3);
    REQUIRE(castRay(rig.session.camera().ray(at), x, backOnly));

    rig.press(at);
    REQUIRE(rig.session.simulation().grabbed());
    const Index grabbed = *rig.session.simulation().grabbed();
    CHECK(grabbed < 5 * kSide); // rows 0-4: the front layer
    CHECK(glm::length(x[grabbed] - spot) <= 0.1 * std::sqrt(2.0) + 1e-12);
}

TEST_CASE("Shift+click pins and unpins the particle under the cursor in 3D",
          "[3d][session][hand]")
{
    SessionRig rig;
    const Simulation3& cloth = rig.session.simulation();
    const Index target = 6 * kSide + 2;
    const glm::dvec2 at = rig.pixel(cloth.particles().position[target]);
    REQUIRE_FALSE(cloth.particles().pinned(target));
    rig.press(at, {true, false, false});
    rig.release();
    CHECK(cloth.particles().pinned(target));
    CHECK_FALSE(cloth.grabbed());
    rig.press(at, {true, false, false});
    rig.release();
    CHECK_FALSE(cloth.particles().pinned(target));
    // A press beside the cloth grabs nothing.
    rig.press({5.0, 5.0});
    CHECK_FALSE(cloth.holding());
}

TEST_CASE("a 3D knife stroke across the cloth cuts every constraint under it and no other",
          "[3d][session][knife]")
{
    SessionRig rig;
    const Simulation3& cloth = rig.session.simulation();
    const std::size_t before = cloth.liveConstraintCount();
    // From beyond the left edge to beyond the right one, half-way between rows 4 and 5.
    const glm::dvec2 from = rig.pixel({-0.5, -0.9, 0.0});
    const glm::dvec2 to = rig.pixel({2.3, -0.9, 0.0});
    rig.session.mouseMove(from);
    rig.session.mouseButton(MouseButton::Left, true, {false, true, false}, {});
    rig.session.mouseMove(0.5 * (from + to));
    rig.session.mouseMove(to);
    CHECK_FALSE(cloth.holding()); // a knife, not a grab
    rig.session.mouseButton(MouseButton::Left, false, {}, {});
    // Every constraint between the rows is cut: W verticals and 2 (W - 1) diagonals; the
    // rest is whole, so the cloth is in two pieces.
    CHECK(cloth.liveConstraintCount() == before - (kSide + 2 * (kSide - 1)));
    const auto constraints = cloth.constraints();
    for (std::size_t k = 0; k < constraints.size(); ++k) {
        const bool upper = constraints[k].a < 5 * kSide, lower = constraints[k].b >= 5 * kSide;
        if (upper && lower)
            CHECK(cloth.alive()[k] == 0);
        else
            CHECK(cloth.alive()[k] == 1);
    }
    // One action: undo joins it again.
    rig.session.key(Key::Z, false, {false, true, false}, {});
    CHECK(cloth.liveConstraintCount() == before);
}
