// The 3D view's shaded pass (src/app/render/scene3_pass.h) drawn into an offscreen framebuffer
// on the headless context: the cloth's side facing the camera has the colour its normals say,
// the cloth's shadow darkens the ground where the light's direction puts it and nowhere else,
// and no shadow falls with shadows off; a cloth coloured by strain shows its stretched rows red
// and the rest grey. PBD_RENDER_TEST_PNG=path (and PBD_RENDER_STRAIN_PNG) write the pictures.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <optional>
#include <cstdlib>
#include <string>
#include <vector>

#include <glad/gl.h>
#include <glm/geometric.hpp>

#include "io/frame_image.h"
#include "logic/cloth_mesh.h"
#include "logic/orbit_camera.h"
#include "logic/session3.h"
#include "pbd/strain.h"
#include "pbd/cloth.h"
#include "render/mesh_renderer.h"
#include "render/program_cache.h"
#include "render/scene3_pass.h"
#include "render/screenshot.h"

using namespace pbd;
using namespace pbd::app;

namespace {

constexpr int kWidth = 640, kHeight = 480;

/// An offscreen colour and depth target, bound while it lives.
struct Target {
    GLuint framebuffer = 0, colour = 0, depth = 0;
    Target()
    {
        glGenFramebuffers(1, &framebuffer);
        glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
        glGenRenderbuffers(1, &colour);
        glBindRenderbuffer(GL_RENDERBUFFER, colour);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, kWidth, kHeight);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour);
        glGenRenderbuffers(1, &depth);
        glBindRenderbuffer(GL_RENDERBUFFER, depth);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, kWidth, kHeight);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth);
        REQUIRE(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE);
    }
    ~Target()
    {
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        glDeleteRenderbuffers(1, &depth);
        glDeleteRenderbuffers(1, &colour);
        glDeleteFramebuffers(1, &framebuffer);
    }
    FrameImage read() const
    {
        FrameImage image;
        image.width = kWidth;
        image.height = kHeight;
        image.rgb.resize(image.rowBytes() * kHeight);
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        glReadBuffer(GL_COLOR_ATTACHMENT0);
        glReadPixels(0, 0, kWidth, kHeight, GL_RGB, GL_UNSIGNED_BYTE, image.rgb.data());
        return image;
    }
};

/// The colour at window pixel `at` (y down) of a bottom-up image.
glm::vec3 pixel(const FrameImage& image, glm::dvec2 at)
{
    const int x = static_cast<int>(at.x), y = image.height - 1 - static_cast<int>(at.y);
    const std::uint8_t* p = &image.rgb[static_cast<std::size_t>(y) * image.rowBytes() +
                                       static_cast<std::size_t>(x) * 3];
    return glm::vec3(p[0], p[1], p[2]) / 255.0f;
}

float brightness(glm::vec3 c) { return (c.r + c.g + c.b) / 3.0f; }

} // namespace

TEST_CASE("the 3D view shades the cloth's two sides and casts its shadow where the light says",
          "[scene3]")
{
    // A 2 x 2 m sheet laid flat 1 m above the ground, lit from up and to the right (+x): its
    // shadow on the ground lies 1 m to the left of it, x from -2 to 0.
    const int n = 21;
    const ClothGrid grid = buildClothGrid(n, n);
    std::vector<glm::dvec3> x;
    for (const glm::dvec2 p : grid.positions)
        x.emplace_back(p.x / (0.2 * (n - 1)) * 2.0 - 1.0, 1.0, -p.y / (0.2 * (n - 1)) * 2.0 - 1.0);
    std::vector<std::uint8_t> alive(grid.constraints.size(), 1);
    std::vector<std::uint32_t> triangles;
    meshTriangles(gridEdges(n, n, grid.constraints, alive), 1, triangles);
    std::vector<glm::vec3> normals;
    vertexNormals(x, triangles, normals);
    const bool topIsFront = normals[0].y > 0.0f;

    Obstacle3 ground;
    ground.shape = Obstacle3Shape::Ground;
    ground.a = {0.0, 0.0, 0.0};
    const std::vector<Obstacle3> world{ground};

    Target target;
    ProgramCache programs;
    Scene3Pass pass(programs);
    pass.setCloth(x, triangles);
    pass.setWorld(world, {}, {0.0, 0.5, 0.0}, 20.0);
    CHECK(pass.clothTriangles() == 2 * (n - 1) * (n - 1));
    CHECK(pass.worldTriangles() == 2);

    OrbitCamera camera;
    camera.setCanvas({kWidth, kHeight});
    camera.setAngles(0.0, 0.6);
    camera.lookAt({0.0, 0.5, 0.0}, 7.0);
    Viewport viewport;
    viewport.windowSize = {kWidth, kHeight};
    viewport.framebufferSize = {kWidth, kHeight};
    viewport.canvasSize = {kWidth, kHeight};
    Shading3 shading;
    shading.toLight = {1.0, 1.0, 0.0};

    const auto render = [&](bool shadows) {
        shading.shadows = shadows;
        pass.draw(camera, viewport, shading, {0.0, 0.5, 0.0}, 4.0);
        REQUIRE(glGetError() == GL_NO_ERROR);
        return target.read();
    };
    const FrameImage lit = render(true);
    if (const char* path = std::getenv("PBD_RENDER_TEST_PNG"))
        CHECK_FALSE(writePng(path, lit));

    // The cloth seen from above: the side its normals call front is the front colour.
    const glm::vec3 cloth = pixel(lit, *camera.worldToScreen({0.3, 1.0, 0.3}));
    if (topIsFront)
        CHECK(cloth.r > cloth.b);
    else
        CHECK(cloth.b > cloth.r);
    // The ground beside the cloth, left (in its shadow) and right (in the light).
    const glm::dvec2 left = *camera.worldToScreen({-1.6, 0.0, 0.5});
    const glm::dvec2 right = *camera.worldToScreen({1.6, 0.0, 0.5});
    const glm::dvec2 far = *camera.worldToScreen({-1.6, 0.0, -3.5}); // beyond the shadow
    CHECK(brightness(pixel(lit, left)) < 0.8f * brightness(pixel(lit, right)));
    CHECK(brightness(pixel(lit, far)) == Approx(brightness(pixel(lit, right))).margin(0.03));
    // Shadows off: the ground is lit alike left and right.
    const FrameImage flat = render(false);
    CHECK(brightness(pixel(flat, left)) == Approx(brightness(pixel(flat, right))).margin(0.03));
}

TEST_CASE("the 3D view colours a cloth by strain as the 2D one: stretched rows red, rest grey",
          "[scene3][strain]")
{
    // A 10 x 10 sheet hanging in the x-y plane (facing the camera), its top three rows of
    // cells stretched down to 1.4 times their rest length, the rest at rest: the app's path
    // (the session's live lines, the core's strains, meshColoringOf, the strain table).
    constexpr int n = 10;
    Settings settings = Simulation3::defaultSettings();
    settings.width = n;
    settings.height = n;
    Session3 session(settings, [] { return 0.0; });
    Simulation3& cloth = session.simulation();
    SimulationState3 state = cloth.state();
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            state.position[static_cast<std::size_t>(i * n + j)] = {
                0.2 * j, i <= 3 ? -0.28 * i : -0.84 - 0.2 * (i - 3), 0.0};
    REQUIRE_FALSE(cloth.restore(state));
    std::vector<float> strains(cloth.constraints().size());
    REQUIRE(signedStrains(cloth, std::span<float>(strains)));
    const LineColoring byStrain{strains, 0.2};

    Target target;
    ProgramCache programs;
    std::vector<float> vertexStrains;
    std::vector<std::uint16_t> counts;
    const std::optional<MeshColoring> coloring =
        meshColoringOf(session.liveLines(), cloth.particles().size(), &byStrain, nullptr,
                       programs.strainTable(), programs.speedTable(), vertexStrains, counts);
    REQUIRE(coloring);
    Scene3Pass pass(programs);
    pass.setCloth(cloth.particles().position, session.triangles(), 1, coloring->values);

    OrbitCamera camera;
    camera.setCanvas({kWidth, kHeight});
    camera.setAngles(0.0, 0.0); // from the front, along -z
    camera.lookAt({0.9, -1.2, 0.0}, 6.0);
    Viewport viewport;
    viewport.windowSize = {kWidth, kHeight};
    viewport.framebufferSize = {kWidth, kHeight};
    viewport.canvasSize = {kWidth, kHeight};
    Shading3 shading;
    shading.coloring = &*coloring;
    pass.draw(camera, viewport, shading, {0.9, -1.2, 0.0}, 3.0);
    REQUIRE(glGetError() == GL_NO_ERROR);
    const FrameImage image = target.read();
    if (const char* path = std::getenv("PBD_RENDER_STRAIN_PNG"))
        CHECK_FALSE(writePng(path, image));

    // Row 1.5 (stretched cells) and row 7 (at rest), mid-width.
    const glm::vec3 top = pixel(image, *camera.worldToScreen({0.9, -0.42, 0.0}));
    const glm::vec3 low = pixel(image, *camera.worldToScreen({0.9, -1.64, 0.0}));
    INFO("stretched rows " << top.r << " " << top.g << " " << top.b << ", at rest " << low.r
                           << " " << low.g << " " << low.b);
    CHECK(top.r > top.g + 0.15f);
    CHECK(top.r > top.b + 0.15f);
    // At rest the table's grey, not the front's terracotta.
    CHECK(std::abs(low.r - low.b) < 0.06f);
    CHECK(std::abs(low.r - low.g) < 0.06f);
}
