#include <catch2/catch.hpp>

#include <vector>

#include "logic/canvas_layout.h"
#include "logic/picking.h"
#include "page_camera.h"

using pbd::app::Camera;
using pbd::app::test::pageCamera;
using pbd::app::pickParticle;

TEST_CASE("the nearest particle within 10 pixels is picked, not the first one", "[picking]")
{
    // Screen positions (525, 280) and (530, 280).
    const std::vector<glm::dvec2> positions{{0.0, 0.0}, {0.1, 0.0}};
    const Camera camera = pageCamera();
    CHECK(pickParticle(camera, positions, {531.0, 280.0}) == 1u); // 6 px vs 1 px
    CHECK(pickParticle(camera, positions, {524.0, 281.0}) == 0u); // 1.4 px vs 6.1 px
}

TEST_CASE("a particle exactly 10 pixels away or farther is not picked", "[picking]")
{
    const std::vector<glm::dvec2> positions{{0.25, 0.0}}; // at (537.5, 280)
    const Camera camera = pageCamera();
    CHECK_FALSE(pickParticle(camera, positions, {527.5, 280.0}).has_value()); // exactly 10
    CHECK_FALSE(pickParticle(camera, positions, {537.5, 300.0}).has_value()); // 20 below
    CHECK_FALSE(pickParticle(camera, positions, {545.5, 286.0}).has_value()); // 8-6: exactly 10
    CHECK(pickParticle(camera, positions, {528.0, 280.0}) == 0u);             // 9.5
    CHECK(pickParticle(camera, positions, {545.0, 286.0}) == 0u);             // 9.6
}

TEST_CASE("picking honours a custom radius", "[picking]")
{
    const std::vector<glm::dvec2> positions{{0.25, 0.0}}; // at (537.5, 280)
    const Camera camera = pageCamera();
    CHECK_FALSE(pickParticle(camera, positions, {552.5, 280.0}).has_value());
    CHECK(pickParticle(camera, positions, {552.5, 280.0}, 15.5) == 0u);
    CHECK_FALSE(pickParticle(camera, positions, {537.5, 283.0}, 2.0).has_value());
}

TEST_CASE("equally near particles pick the lower index", "[picking]")
{
    // Screen (520, 280) and (530, 280), both 5 px from (525, 280); a far one first.
    const std::vector<glm::dvec2> positions{{5.0, 5.0}, {-0.1, 0.0}, {0.1, 0.0}};
    const Camera camera = pageCamera();
    CHECK(pickParticle(camera, positions, {525.0, 280.0}) == 1u);
    // Two particles at the same place: the lower index wins.
    const std::vector<glm::dvec2> stacked{{1.0, 1.0}, {0.0, 0.0}, {0.0, 0.0}};
    CHECK(pickParticle(camera, stacked, {526.0, 281.0}) == 1u);
}

TEST_CASE("nothing is picked with no particle nearby or no particles at all", "[picking]")
{
    const Camera camera = pageCamera();
    const std::vector<glm::dvec2> positions{{0.0, 0.0}, {1.0, -1.0}};
    CHECK_FALSE(pickParticle(camera, positions, {100.0, 100.0}).has_value());
    CHECK_FALSE(pickParticle(camera, std::vector<glm::dvec2>{}, {525.0, 280.0}).has_value());
}

TEST_CASE("picking flips y: a particle below the origin is found below it on screen",
          "[picking]")
{
    const std::vector<glm::dvec2> positions{{0.0, -0.5}}; // at (525, 305)
    const Camera camera = pageCamera();
    CHECK(pickParticle(camera, positions, {525.0, 300.0}) == 0u);
    CHECK_FALSE(pickParticle(camera, positions, {525.0, 255.0}).has_value());
}

TEST_CASE("picking follows the camera's zoom and pan", "[picking]")
{
    const std::vector<glm::dvec2> positions{{0.1, 0.0}}; // page view: (530, 280)
    Camera camera = pageCamera();
    CHECK(pickParticle(camera, positions, {539.0, 280.0}) == 0u); // 9 px
    camera.zoomAt(2.0, {525.0, 280.0});                           // now at (535, 280)
    CHECK_FALSE(pickParticle(camera, positions, {546.0, 280.0}).has_value()); // 11 px
    CHECK(pickParticle(camera, positions, {544.0, 280.0}) == 0u);             // 9 px
    camera.pan({100.0, 0.0}); // now at (635, 280)
    CHECK_FALSE(pickParticle(camera, positions, {535.0, 280.0}).has_value());
    CHECK(pickParticle(camera, positions, {635.0, 280.0}) == 0u);
}

TEST_CASE("at logical scale 2 the page's 10 CSS pixels are 20 window pixels", "[picking]")
{
    Camera camera;
    camera.resetToPage({2100.0, 1920.0}, {0.0, 0.0}, 2.0); // origin (1050, 560), zoom 100
    const std::vector<glm::dvec2> positions{{0.0, 0.0}};
    const double radius =
        pbd::app::kPickRadiusPixels * pbd::app::logicalPixelScale(2.0, 2800.0, 2800.0);
    CHECK(radius == 20.0);
    CHECK_FALSE(pickParticle(camera, positions, {1050.0 + 15.0, 560.0}).has_value());
    CHECK(pickParticle(camera, positions, {1050.0 + 15.0, 560.0}, radius) == 0u);
    CHECK_FALSE(pickParticle(camera, positions, {1050.0, 560.0 + 20.0}, radius).has_value());
}
