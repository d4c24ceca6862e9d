// The 3D hand on the world: the ray under the cursor meets spheres, turned boxes, capsules and
// balls where their surfaces are, and a left drag on a ball or an obstacle moves it in the
// plane through the press facing the camera, through the 2D hand's commands (undo puts it
// back).
#include <catch2/catch.hpp>

#include <cmath>

#include <glm/geometric.hpp>

#include "logic/ray_picking.h"
#include "logic/session3.h"
#include "logic/solid_picking.h"

using namespace pbd;
using namespace pbd::app;

namespace {

Obstacle3 sphere(glm::dvec3 centre, double radius)
{
    Obstacle3 o;
    o.shape = Obstacle3Shape::Sphere;
    o.a = centre;
    o.radius = radius;
    settleObstacle(o);
    return o;
}

/// A paused 6 x 6 3D cloth on a 1000 x 800 canvas with `obstacles` and `balls`, framed.
struct HandRig {
    double now = 100.0;
    Session3 session;
    HandRig(std::vector<Obstacle3> obstacles, std::vector<BallOf<3>> balls)
        : session(settings(), [this] { return now; })
    {
        session.setPaused(true);
        REQUIRE_FALSE(session.simulation().setInitialObstacles(std::move(obstacles)));
        REQUIRE_FALSE(session.simulation().setInitialBalls(std::move(balls)));
        session.simulation().restart();
        session.resize({0.0, 0.0}, {1000.0, 800.0});
    }
    static Settings settings()
    {
        Settings s = Simulation3::defaultSettings();
        s.width = 6;
        s.height = 6;
        return s;
    }
    glm::dvec2 pixel(glm::dvec3 p) const { return *session.camera().worldToScreen(p); }
    /// A left drag from `from` to `to` (window pixels), a moment apart.
    void drag(glm::dvec2 from, glm::dvec2 to)
    {
        session.mouseMove(from);
        session.mouseButton(MouseButton::Left, true, {}, {});
        now += 0.1;
        session.mouseMove(to);
        now += 0.1;
        session.mouseButton(MouseButton::Left, false, {}, {});
    }
};

} // namespace

TEST_CASE("a 3D ray meets spheres, turned boxes, capsules and balls on their surfaces",
          "[3d][picking]")
{
    const Ray3 ray{{0.0, 0.0, 10.0}, {0.0, 0.0, -1.0}};
    Obstacle3 box;
    box.shape = Obstacle3Shape::Box;
    box.a = {0.0, 0.0, 0.0};
    box.size = {2.0, 2.0, 2.0};
    box.angles = {0.0, 45.0, 0.0}; // an edge towards the ray: its corner at z = sqrt 2
    Obstacle3 capsule;
    capsule.shape = Obstacle3Shape::Capsule;
    capsule.a = {-1.0, 0.0, 3.0};
    capsule.b = {1.0, 0.0, 3.0};
    capsule.radius = 0.5;
    BallOf<3> ball;
    ball.position = {0.0, 0.0, 6.0};
    ball.radius = 0.25;
    ball.mass = 1.0;

    const auto hit = [&](std::vector<Obstacle3> o, std::vector<BallOf<3>> b) {
        return castRaySolids(ray, o, b);
    };
    const auto boxHit = hit({box}, {});
    REQUIRE(boxHit);
    CHECK(boxHit->distance == Approx(10.0 - std::sqrt(2.0)).epsilon(1e-5));
    const auto capsuleHit = hit({box, capsule}, {});
    REQUIRE(capsuleHit);
    CHECK(capsuleHit->item == WorldItem{WorldItem::Kind::Obstacle, 1});
    CHECK(capsuleHit->distance == Approx(6.5).epsilon(1e-5));
    const auto ballHit = hit({box, capsule, sphere({0.0, 0.0, -5.0}, 1.0)}, {ball});
    REQUIRE(ballHit);
    CHECK(ballHit->item == WorldItem{WorldItem::Kind::Ball, 0});
    CHECK(ballHit->point.z == Approx(6.25).epsilon(1e-5));
    // Beside them all, and from inside a sphere: nothing.
    CHECK_FALSE(castRaySolids({{5.0, 5.0, 10.0}, {0.0, 0.0, -1.0}}, std::vector{box, capsule},
                              std::vector{ball}));
    CHECK_FALSE(castRaySolids(ray, std::vector{sphere({0.0, 0.0, 10.0}, 1.0)}, {}));
}

TEST_CASE("a 3D left drag on a ball moves it in the camera-facing plane, undo puts it back",
          "[3d][session][hand]")
{
    BallOf<3> ball;
    ball.position = {0.5, -0.5, 1.5}; // in front of the cloth, towards the eye
    ball.radius = 0.3;
    ball.mass = 1.0;
    HandRig rig({}, {ball});
    const glm::dvec3 start = rig.session.simulation().balls()[0].position;
    const glm::dvec2 from = rig.pixel(start);
    const glm::dvec2 to = from + glm::dvec2(80.0, -50.0);
    rig.drag(from, to);
    const glm::dvec3 moved = rig.session.simulation().balls()[0].position;
    const glm::dvec3 forward = rig.session.camera().forward();
    CHECK(glm::length(moved - start) > 0.1);
    CHECK(std::abs(glm::dot(moved - start, forward)) < 1e-9); // in the camera-facing plane
    // The press's ray runs through the centre: it meets the ball |c - eye| - r from the eye;
    // the centre keeps its offset from that point, which follows the pointer in its plane.
    const Ray3 press = rig.session.camera().ray(from);
    const glm::dvec3 hit = press.origin + (glm::length(start - press.origin) - ball.radius) *
                                              press.direction;
    const std::optional<glm::dvec3> onPlane = rayPlane(rig.session.camera().ray(to), hit, -forward);
    REQUIRE(onPlane);
    CHECK(glm::length(moved - (*onPlane + (start - hit))) < 1e-6);
    rig.session.key(Key::Z, false, {.control = true}, {});
    CHECK(glm::length(rig.session.simulation().balls()[0].position - start) < 1e-12);
}

TEST_CASE("a 3D left drag on a sphere obstacle moves it, on the cloth in front of it, the cloth",
          "[3d][session][hand]")
{
    HandRig rig({sphere({0.5, -0.5, -1.0}, 0.3)}, {}); // behind the cloth's upper left part
    const glm::dvec3 centre = rig.session.simulation().obstacles()[0].a;
    // Its pixel is covered by the cloth (hanging in front at z = 0): the cloth is grabbed.
    rig.session.mouseMove(rig.pixel(centre));
    rig.session.mouseButton(MouseButton::Left, true, {}, {});
    CHECK(rig.session.simulation().grabbed().has_value());
    CHECK_FALSE(rig.session.hand().worldDrag().has_value());
    rig.session.mouseButton(MouseButton::Left, false, {}, {});
    // Moved in front of the cloth, it is what a press there drags.
    REQUIRE_FALSE(rig.session.issue(MoveObstacleCommandOf<3>{0, {0.5, -0.5, 1.0}, std::nullopt}));
    rig.session.setPaused(false); // an obstacle travels to its place over a step
    rig.session.driver().requestSingleStep();
    rig.session.advance();
    rig.session.setPaused(true);
    const glm::dvec3 before = rig.session.simulation().obstacles()[0].a;
    const glm::dvec2 from = rig.pixel(before);
    rig.drag(from, from + glm::dvec2(-60.0, 40.0));
    CHECK(rig.session.hand().worldDrag() == std::nullopt); // let go
    const Obstacle3 moved = rig.session.simulation().obstacles()[0];
    // A move-obstacle command: its target is set; it travels there over the next step.
    const glm::dvec3 target = obstaclePose(moved).centre;
    CHECK(glm::length(target - before) > 0.05);
    CHECK(std::abs(glm::dot(target - before, rig.session.camera().forward())) < 1e-9);
}

TEST_CASE("the 3D hover is the particle a left press there grabs, none off the cloth or held",
          "[3d][session][hand]")
{
    HandRig rig({}, {});
    const glm::dvec3 p = rig.session.simulation().particles().position[14];
    const glm::dvec2 at = rig.pixel(p + glm::dvec3(0.03, -0.02, 0.0)); // near particle 14
    rig.session.mouseMove(at);
    rig.session.updateHover({});
    CHECK(rig.session.hovered() == Index{14});
    rig.session.updateHover({.mouse = true}); // over the panel
    CHECK_FALSE(rig.session.hovered());
    rig.session.mouseMove({2.0, 2.0}); // the canvas's corner, off the cloth
    rig.session.updateHover({});
    CHECK_FALSE(rig.session.hovered());
    rig.session.mouseMove(at);
    rig.session.mouseButton(MouseButton::Left, true, {}, {});
    CHECK(rig.session.simulation().grabbed() == Index{14}); // what the hover showed
    rig.session.updateHover({});
    CHECK_FALSE(rig.session.hovered()); // while held: no hover
}

TEST_CASE("a 3D click on a solid selects it, Remove selected removes it, undo brings it back",
          "[3d][session][hand]")
{
    BallOf<3> ball;
    ball.position = {2.0, -0.5, 1.0};
    ball.radius = 0.2;
    ball.mass = 1.0;
    HandRig rig({sphere({0.5, -0.5, 1.0}, 0.3)}, {ball}); // both in front of the cloth
    CHECK_FALSE(rig.session.selected());
    const glm::dvec2 onSphere = rig.pixel({0.5, -0.5, 1.0});
    rig.drag(onSphere, onSphere); // a click: selected, not moved
    CHECK(rig.session.selected() == WorldItem{WorldItem::Kind::Obstacle, 0});
    const glm::dvec2 onBall = rig.pixel(ball.position);
    rig.drag(onBall, onBall);
    CHECK(rig.session.selected() == WorldItem{WorldItem::Kind::Ball, 0});
    rig.drag(rig.pixel({0.5, -0.5, 0.0}) + glm::dvec2(0.0, 60.0), rig.pixel({0.5, -0.5, 0.0}));
    CHECK(rig.session.selected() == WorldItem{WorldItem::Kind::Ball, 0}); // the cloth: kept
    WorldActions remove;
    remove.removeSelected = true;
    rig.session.world(remove);
    CHECK(rig.session.simulation().balls().empty());
    CHECK(rig.session.simulation().obstacles().size() == 1);
    CHECK_FALSE(rig.session.selected());
    rig.session.key(Key::Z, false, {.control = true}, {});
    CHECK(rig.session.simulation().balls().size() == 1);
}

TEST_CASE("the 3D grab radius's circle is around the cloth's point under the cursor, then the "
          "area grab's",
          "[3d][session][hand]")
{
    HandRig rig({}, {});
    const glm::dvec3 p = rig.session.simulation().particles().position[14];
    const glm::dvec2 at = rig.pixel(p + glm::dvec3(0.03, -0.02, 0.0));
    rig.session.mouseMove(at);
    rig.session.updateHover({});
    CHECK_FALSE(rig.session.reachCentre()); // no grab radius: no circle
    Preferences wide = rig.session.preferences();
    wide.grabRadius = 0.25;
    rig.session.setPreferences(wide);
    rig.session.updateHover({});
    const std::optional<MeshHit> hit = castRay(rig.session.camera().ray(at),
                                               rig.session.simulation().particles().position,
                                               rig.session.triangles(rig.session.lodStep()));
    REQUIRE(hit);
    REQUIRE(rig.session.reachCentre());
    CHECK(glm::length(*rig.session.reachCentre() - hit->point) < 1e-12);
    rig.session.mouseButton(MouseButton::Left, true, {}, {});
    REQUIRE(rig.session.simulation().areaGrab());
    CHECK(rig.session.simulation().areaGrab()->particles.size() > 1);
    rig.session.mouseMove(at + glm::dvec2(40.0, 0.0));
    rig.session.updateHover({});
    REQUIRE(rig.session.reachCentre());
    CHECK(*rig.session.reachCentre() == rig.session.simulation().areaGrab()->point);
    CHECK(glm::length(*rig.session.reachCentre() - hit->point) > 0.05); // it moved with it
}

TEST_CASE("in 3D one finger is the hand and two fingers pinch-zoom towards their centre",
          "[3d][session][touch]")
{
    HandRig rig({}, {});
    const glm::dvec3 p = rig.session.simulation().particles().position[14];
    const glm::dvec2 at = rig.pixel(p + glm::dvec3(0.03, -0.02, 0.0));
    using K = TouchEvent::Kind;
    // One finger grabs what the left button would and drags it.
    rig.session.touch({K::Begin, 1, at});
    CHECK(rig.session.simulation().grabbed() == Index{14});
    rig.session.touch({K::Update, 1, at + glm::dvec2(50.0, 0.0)});
    CHECK(glm::length(rig.session.simulation().particles().position[14] - p) > 0.05);
    rig.session.touch({K::End, 1, at + glm::dvec2(50.0, 0.0)});
    CHECK_FALSE(rig.session.simulation().holding());
    // Two fingers 80 px apart, one moved out to 240 px from the other: the camera comes three
    // times closer, and the point at the target's depth under their new centre stays under it.
    const OrbitCamera before = rig.session.camera();
    const glm::dvec2 first(300.0, 380.0), centre(420.0, 380.0);
    const Ray3 ray = before.ray(centre);
    const double depth = before.distance() / glm::dot(ray.direction, before.forward());
    const glm::dvec3 under = ray.origin + depth * ray.direction;
    rig.session.touch({K::Begin, 2, first});
    rig.session.touch({K::Begin, 3, first + glm::dvec2(80.0, 0.0)});
    rig.session.touch({K::Update, 3, first + glm::dvec2(240.0, 0.0)});
    const OrbitCamera& after = rig.session.camera();
    CHECK(after.distance() == Approx(before.distance() / 3.0));
    CHECK(glm::length(*after.worldToScreen(under) - centre) < 1e-6);
    CHECK_FALSE(rig.session.simulation().holding()); // a pinch grabs nothing
    // A touchpad pinch zooms about its point likewise.
    const double distance = after.distance();
    rig.session.touch({K::PinchBegin, 0, centre, 1.0});
    rig.session.touch({K::PinchUpdate, 0, centre, 0.5});
    CHECK(rig.session.camera().distance() == Approx(2.0 * distance));
}
