#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <sstream>
#include <string>

#include <glm/geometric.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec4.hpp>

#include "logic/orbit_camera.h"

using pbd::app::OrbitCamera;

namespace {

void checkNear(glm::dvec2 actual, glm::dvec2 expected, double margin = 1e-9)
{
    CHECK(actual.x == Approx(expected.x).margin(margin));
    CHECK(actual.y == Approx(expected.y).margin(margin));
}

void checkNear(glm::dvec3 actual, glm::dvec3 expected, double margin = 1e-9)
{
    CHECK(actual.x == Approx(expected.x).margin(margin));
    CHECK(actual.y == Approx(expected.y).margin(margin));
    CHECK(actual.z == Approx(expected.z).margin(margin));
}

/// A camera over a 1000 x 800 canvas at (20, 30), turned and tilted, looking at (1, -2, 0.5).
OrbitCamera turned()
{
    OrbitCamera camera;
    camera.setCanvas({1000.0, 800.0}, {20.0, 30.0});
    camera.setAngles(0.7, 0.4);
    camera.lookAt({1.0, -2.0, 0.5}, 12.0);
    return camera;
}

/// The pixel of `p` as GL draws it: projection * view, the perspective divide and the
/// viewport over the canvas (y down).
glm::dvec2 glPixel(const OrbitCamera& camera, glm::dvec3 p)
{
    const glm::dvec4 clip = camera.projectionMatrix() * camera.viewMatrix() * glm::dvec4(p, 1.0);
    const glm::dvec2 ndc(clip.x / clip.w, clip.y / clip.w);
    const glm::dvec2 size = camera.canvasSize();
    return camera.canvasOffset() + glm::dvec2((ndc.x + 1.0) * 0.5 * size.x,
                                              (1.0 - ndc.y) * 0.5 * size.y);
}

} // namespace

TEST_CASE("the unturned orbit camera looks along -z with x right and y up", "[orbit-camera]")
{
    OrbitCamera camera;
    camera.setCanvas({800.0, 600.0});
    camera.lookAt({0.0, 0.0, 0.0}, 10.0);
    checkNear(camera.eye(), {0.0, 0.0, 10.0});
    checkNear(camera.forward(), {0.0, 0.0, -1.0});
    checkNear(camera.right(), {1.0, 0.0, 0.0});
    checkNear(camera.up(), {0.0, 1.0, 0.0});
    checkNear(*camera.worldToScreen({0.0, 0.0, 0.0}), {400.0, 300.0});
    // One metre right at 10 m: f / 10 pixels to the right; up is towards the window's top.
    const double f = 300.0 / std::tan(20.0 * 3.14159265358979323846 / 180.0);
    CHECK(camera.focalPixels() == Approx(f));
    checkNear(*camera.worldToScreen({1.0, 1.0, 0.0}), {400.0 + f / 10.0, 300.0 - f / 10.0});
    CHECK_FALSE(camera.worldToScreen({0.0, 0.0, 11.0})); // behind the eye
}

TEST_CASE("pixels, rays and GL's matrices agree", "[orbit-camera]")
{
    const OrbitCamera camera = turned();
    for (const glm::dvec3 p : {glm::dvec3(0.0), glm::dvec3(2.0, -3.0, 1.0),
                               glm::dvec3(-1.5, 0.5, -2.0), glm::dvec3(4.0, -4.0, 3.0)}) {
        const glm::dvec2 pixel = *camera.worldToScreen(p);
        checkNear(glPixel(camera, p), pixel, 1e-6);
        // The ray through that pixel passes through p.
        const pbd::app::Ray3 ray = camera.ray(pixel);
        CHECK(glm::length(ray.direction) == Approx(1.0));
        const double t = glm::dot(p - ray.origin, ray.direction);
        checkNear(ray.origin + t * ray.direction, p, 1e-9);
    }
    // The canvas centre shows the target; the point at the target's depth under a pixel is
    // drawn at that pixel.
    checkNear(*camera.worldToScreen(camera.target()), {520.0, 430.0});
    checkNear(*camera.worldToScreen(camera.pointAtTargetDepth({100.0, 700.0})), {100.0, 700.0},
              1e-9);
}

TEST_CASE("a right-drag turns the eye around the target at the same distance",
          "[orbit-camera]")
{
    OrbitCamera camera = turned();
    const glm::dvec3 eye = camera.eye();
    camera.orbit({40.0, -25.0});
    checkNear(camera.target(), {1.0, -2.0, 0.5});
    CHECK(glm::length(camera.eye() - camera.target()) == Approx(12.0));
    CHECK(glm::length(camera.eye() - eye) > 1.0);
    // Right turns the eye to the left (its component along the old right falls); up lowers
    // it.
    CHECK(camera.yaw() == Approx(0.7 - 0.4));
    CHECK(camera.pitch() == Approx(0.4 - 0.25));
    // The pitch stops short of the poles, so up stays defined.
    camera.orbit({0.0, 1e6});
    CHECK(camera.pitch() == Approx(OrbitCamera::kMaxPitch));
    CHECK(glm::length(camera.up()) == Approx(1.0));
    camera.orbit({std::nan(""), 0.0});
    CHECK(camera.pitch() == Approx(OrbitCamera::kMaxPitch));
}

TEST_CASE("a pan moves a point at the target's depth with the pointer", "[orbit-camera]")
{
    OrbitCamera camera = turned();
    const glm::dvec3 p = camera.pointAtTargetDepth({300.0, 200.0});
    camera.pan({35.0, -12.0});
    checkNear(*camera.worldToScreen(p), {335.0, 188.0}, 1e-6);
    CHECK(camera.distance() == 12.0);
}

TEST_CASE("the wheel zooms towards the point under the pointer, which stays under it",
          "[orbit-camera]")
{
    OrbitCamera camera = turned();
    const glm::dvec2 pointer{250.0, 610.0};
    const glm::dvec3 p = camera.pointAtTargetDepth(pointer);
    camera.zoomAt(1.25, pointer);
    CHECK(camera.distance() == Approx(12.0 / 1.25));
    checkNear(*camera.worldToScreen(p), pointer, 1e-6);
    // Out again: back where it started.
    camera.zoomAt(1.0 / 1.25, pointer);
    checkNear(camera.target(), {1.0, -2.0, 0.5}, 1e-9);
    // Clamped distances, ignored nonsense.
    camera.zoomAt(1e12, pointer);
    CHECK(camera.distance() == OrbitCamera::kMinDistance);
    checkNear(*camera.worldToScreen(p), pointer, 1e-6);
    const glm::dvec3 target = camera.target();
    camera.zoomAt(0.0, pointer);
    camera.zoomAt(std::nan(""), pointer);
    CHECK(camera.target() == target);
}

TEST_CASE("a fit shows the whole box inside the margin, seen from any angle", "[orbit-camera]")
{
    for (const double yaw : {0.0, 0.5, 2.0, -2.5}) {
        for (const double pitch : {-1.2, 0.0, 0.3, 1.5}) {
            OrbitCamera camera;
            camera.setCanvas({1050.0, 960.0}, {0.0, 0.0});
            camera.setAngles(yaw, pitch);
            const glm::dvec3 lo{-0.5, -6.0, -1.0}, hi{7.8, 0.0, 2.0};
            camera.fit(lo, hi, 20.0);
            CHECK(camera.shows(lo, hi, 20.0));
            checkNear(camera.target(), 0.5 * (lo + hi));
            // Not too far either: from half the distance it no longer shows.
            OrbitCamera closer = camera;
            closer.lookAt(camera.target(), 0.5 * camera.distance());
            CHECK_FALSE(closer.shows(lo, hi, 20.0));
        }
    }
    // A point keeps the distance; inverted boxes change nothing.
    OrbitCamera camera = turned();
    camera.fit({3.0, 3.0, 3.0}, {3.0, 3.0, 3.0}, 20.0);
    checkNear(camera.target(), {3.0, 3.0, 3.0});
    CHECK(camera.distance() == 12.0);
    camera.fit({1.0, 0.0, 0.0}, {0.0, 1.0, 1.0}, 20.0);
    checkNear(camera.target(), {3.0, 3.0, 3.0});
}

TEST_CASE("the camera line holds eye, target, up and the field of view exactly",
          "[orbit-camera]")
{
    const OrbitCamera camera = turned();
    std::istringstream line(camera.dumpLine());
    std::string word;
    line >> word;
    CHECK(word == "camera");
    double v[10];
    for (double& x : v)
        line >> x;
    CHECK(line);
    CHECK(glm::dvec3(v[0], v[1], v[2]) == camera.eye());
    CHECK(glm::dvec3(v[3], v[4], v[5]) == camera.target());
    CHECK(glm::dvec3(v[6], v[7], v[8]) == camera.up());
    CHECK(v[9] == 40.0);
}
