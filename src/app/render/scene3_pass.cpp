#include "render/scene3_pass.h"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/type_ptr.hpp>

#include "logic/cloth_mesh.h"

namespace pbd::app {

SurfaceBuffers::SurfaceBuffers()
{
    glGenVertexArrays(1, &vao_);
    glGenBuffers(1, &positions_);
    glGenBuffers(1, &normals_);
    glGenBuffers(1, &values_);
    glGenBuffers(1, &indices_);
    glBindVertexArray(vao_);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indices_);
    glBindVertexArray(0);
    attach(positions_, normals_, values_);
}

void SurfaceBuffers::attach(GLuint positions, GLuint normals, GLuint values)
{
    glBindVertexArray(vao_);
    glBindBuffer(GL_ARRAY_BUFFER, positions);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, nullptr);
    glEnableVertexAttribArray(0);
    glBindBuffer(GL_ARRAY_BUFFER, normals);
    glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 0, nullptr);
    glEnableVertexAttribArray(1);
    if (values != 0) {
        glBindBuffer(GL_ARRAY_BUFFER, values);
        glVertexAttribPointer(2, 1, GL_FLOAT, GL_FALSE, 0, nullptr);
        glEnableVertexAttribArray(2);
    } else {
        glDisableVertexAttribArray(2);
        glVertexAttrib1f(2, 0.0f); // uncoloured
    }
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glBindVertexArray(0);
}

void SurfaceBuffers::uploadIndices(std::span<const std::uint32_t> indices,
                                   std::uint64_t indicesVersion)
{
    if (indicesVersion != 0 && indicesVersion == indicesVersion_)
        return;
    glBindVertexArray(vao_);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indices_);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(indices.size_bytes()),
                 indices.data(), indicesVersion == 0 ? GL_STREAM_DRAW : GL_STATIC_DRAW);
    glBindVertexArray(0);
    indexCount_ = static_cast<GLsizei>(indices.size());
    indicesVersion_ = indicesVersion;
}

void SurfaceBuffers::pointAt(GLuint positions, GLuint normals,
                             std::span<const std::uint32_t> indices, std::uint64_t indicesVersion)
{
    attach(positions, normals, 0);
    uploadIndices(indices, indicesVersion);
}

SurfaceBuffers::~SurfaceBuffers()
{
    glDeleteBuffers(1, &indices_);
    glDeleteBuffers(1, &values_);
    glDeleteBuffers(1, &normals_);
    glDeleteBuffers(1, &positions_);
    glDeleteVertexArrays(1, &vao_);
}

void SurfaceBuffers::upload(std::span<const glm::vec3> positions,
                            std::span<const glm::vec3> normals, std::span<const float> values,
                            std::span<const std::uint32_t> indices, std::uint64_t indicesVersion)
{
    const auto bytes = [](auto span) { return static_cast<GLsizeiptr>(span.size_bytes()); };
    glBindBuffer(GL_ARRAY_BUFFER, positions_);
    glBufferData(GL_ARRAY_BUFFER, bytes(positions), positions.data(), GL_STREAM_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, normals_);
    glBufferData(GL_ARRAY_BUFFER, bytes(normals), normals.data(), GL_STREAM_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, values_);
    if (values.size() == positions.size()) {
        glBufferData(GL_ARRAY_BUFFER, bytes(values), values.data(), GL_STREAM_DRAW);
    } else {
        // Zeros, once per size: an uncoloured surface reads 0.
        GLint size = 0;
        glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &size);
        const auto wanted = static_cast<GLint>(positions.size() * sizeof(float));
        if (size != wanted) {
            const std::vector<float> zeros(positions.size(), 0.0f);
            glBufferData(GL_ARRAY_BUFFER, wanted, zeros.data(), GL_STREAM_DRAW);
        }
    }
    attach(positions_, normals_, values_); // its own again, after a pointAt()
    uploadIndices(indices, indicesVersion);
}

void SurfaceBuffers::draw() const
{
    if (indexCount_ == 0)
        return;
    glBindVertexArray(vao_);
    glDrawElements(GL_TRIANGLES, indexCount_, GL_UNSIGNED_INT, nullptr);
    glBindVertexArray(0);
}

Scene3Pass::Scene3Pass(ProgramCache& programs, int shadowMapSize)
    : shaded_(programs.program("shaded3d.vert.glsl", "shaded3d.frag.glsl")),
      shadow_(programs.program("shadow3d.vert.glsl", "shadow3d.frag.glsl")),
      shadowMapSize_(std::max(shadowMapSize, 1))
{
    uViewProjection_ = shaded_.uniform("uViewProjection");
    uLightViewProjection_ = shaded_.uniform("uLightViewProjection");
    uFront_ = shaded_.uniform("uFrontColor");
    uBack_ = shaded_.uniform("uBackColor");
    uToLight_ = shaded_.uniform("uToLight");
    uEye_ = shaded_.uniform("uEye");
    uAmbient_ = shaded_.uniform("uAmbient");
    uSpecular_ = shaded_.uniform("uSpecular");
    uShadowMap_ = shaded_.uniform("uShadowMap");
    uMode_ = shaded_.uniform("uMode");
    uColorMap_ = shaded_.uniform("uColorMap");
    uScale_ = shaded_.uniform("uScale");
    uGrid_ = shaded_.uniform("uGrid");
    uShadowLight_ = shadow_.uniform("uLightViewProjection");

    glGenTextures(1, &shadowTexture_);
    glBindTexture(GL_TEXTURE_2D, shadowTexture_);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, shadowMapSize_, shadowMapSize_, 0,
                 GL_DEPTH_COMPONENT, GL_FLOAT, nullptr);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
    const float border[4] = {1.0f, 1.0f, 1.0f, 1.0f};
    glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
    glBindTexture(GL_TEXTURE_2D, 0);
    glGenFramebuffers(1, &shadowFramebuffer_);
    GLint previous = 0;
    glGetIntegerv(GL_FRAMEBUFFER_BINDING, &previous);
    glBindFramebuffer(GL_FRAMEBUFFER, shadowFramebuffer_);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, shadowTexture_, 0);
    glDrawBuffer(GL_NONE);
    glReadBuffer(GL_NONE);
    glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(previous));
}

Scene3Pass::~Scene3Pass()
{
    glDeleteFramebuffers(1, &shadowFramebuffer_);
    glDeleteTextures(1, &shadowTexture_);
}

void Scene3Pass::setCloth(std::span<const glm::dvec3> positions,
                          std::span<const std::uint32_t> triangles,
                          std::uint64_t trianglesVersion, std::span<const float> values)
{
    vertexNormals(positions, triangles, clothNormals_);
    clothPositions_.resize(positions.size());
    std::transform(positions.begin(), positions.end(), clothPositions_.begin(),
                   [](const glm::dvec3& p) { return glm::vec3(p); });
    cloth_.upload(clothPositions_, clothNormals_, values, triangles, trianglesVersion);
}

void Scene3Pass::setGpuCloth(GLuint positions, GLuint normals,
                             std::span<const std::uint32_t> triangles,
                             std::uint64_t trianglesVersion)
{
    cloth_.pointAt(positions, normals, triangles, trianglesVersion);
}

void Scene3Pass::releaseGpuCloth()
{
    cloth_.upload({}, {}, {}, {});
}

void Scene3Pass::setWorld(std::span<const Obstacle3> obstacles, std::span<const BallOf<3>> balls,
                          glm::dvec3 focus, double planeHalfSide)
{
    const bool covered = planeHalfSide_ > 0.0 && planeHalfSide <= planeHalfSide_ &&
                         4.0 * planeHalfSide >= planeHalfSide_ &&
                         glm::length(focus - planeFocus_) <= 0.25 * planeHalfSide_;
    if (covered && std::equal(obstacles.begin(), obstacles.end(), worldObstacles_.begin(),
                              worldObstacles_.end()) &&
        std::equal(balls.begin(), balls.end(), worldBalls_.begin(), worldBalls_.end()))
        return; // as built
    worldObstacles_.assign(obstacles.begin(), obstacles.end());
    worldBalls_.assign(balls.begin(), balls.end());
    if (!covered) {
        planeFocus_ = focus;
        planeHalfSide_ = planeHalfSide;
    }
    ++worldBuilds_;
    world_.clear();
    worldPlanes_.clear();
    for (const Obstacle3& o : obstacles) {
        const bool plane = o.shape == Obstacle3Shape::Ground || o.shape == Obstacle3Shape::Plane;
        appendObstacle(plane ? worldPlanes_ : world_, o, planeFocus_, planeHalfSide_);
    }
    appendBalls(world_, balls);
    solids_.upload(world_.positions, world_.normals, {}, world_.indices);
    planes_.upload(worldPlanes_.positions, worldPlanes_.normals, {}, worldPlanes_.indices);
}

void Scene3Pass::drawShadowMap(const Shading3& shading)
{
    GLint previousFramebuffer = 0;
    glGetIntegerv(GL_FRAMEBUFFER_BINDING, &previousFramebuffer);
    glBindFramebuffer(GL_FRAMEBUFFER, shadowFramebuffer_);
    glViewport(0, 0, shadowMapSize_, shadowMapSize_);
    glClear(GL_DEPTH_BUFFER_BIT);
    if (shading.shadows) {
        shadow_.use();
        glUniformMatrix4fv(uShadowLight_, 1, GL_FALSE, glm::value_ptr(lightViewProjection_));
        cloth_.draw();
        solids_.draw();
    }
    glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(previousFramebuffer));
}

void Scene3Pass::draw(const OrbitCamera& camera, const Viewport& viewport,
                      const Shading3& shading, glm::dvec3 shadowCentre, double shadowRadius)
{
    // The light looks at the shadow sphere from outside it, orthographically.
    const glm::dvec3 toLight = glm::normalize(shading.toLight);
    const double r = std::isfinite(shadowRadius) && shadowRadius > 0.0 ? shadowRadius : 1.0;
    const glm::dvec3 up = std::abs(toLight.y) < 0.99 ? glm::dvec3(0.0, 1.0, 0.0)
                                                     : glm::dvec3(1.0, 0.0, 0.0);
    const glm::dmat4 lightView = glm::lookAt(shadowCentre + 2.0 * r * toLight, shadowCentre, up);
    const glm::dmat4 lightProjection = glm::ortho(-r, r, -r, r, 0.0, 4.0 * r);
    lightViewProjection_ = glm::mat4(lightProjection * lightView);

    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glDisable(GL_CULL_FACE);
    glDisable(GL_BLEND);
    drawShadowMap(shading);

    // The canvas in framebuffer pixels (GL's y up).
    const glm::dvec2 scale = glm::dvec2(viewport.framebufferSize) /
                             glm::max(viewport.windowSize, glm::dvec2(1e-9));
    const int x0 = static_cast<int>(std::lround(viewport.canvasOffset.x * scale.x));
    const int width = static_cast<int>(std::lround(viewport.canvasSize.x * scale.x));
    const int height = static_cast<int>(std::lround(viewport.canvasSize.y * scale.y));
    const int y0 = viewport.framebufferSize.y -
                   static_cast<int>(std::lround(viewport.canvasOffset.y * scale.y)) - height;
    glViewport(x0, y0, width, height);
    glEnable(GL_SCISSOR_TEST);
    glScissor(x0, y0, width, height);
    glClearColor(shading.background.r, shading.background.g, shading.background.b, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);

    shaded_.use();
    const glm::mat4 viewProjection(camera.projectionMatrix() * camera.viewMatrix());
    glUniformMatrix4fv(uViewProjection_, 1, GL_FALSE, glm::value_ptr(viewProjection));
    glUniformMatrix4fv(uLightViewProjection_, 1, GL_FALSE, glm::value_ptr(lightViewProjection_));
    glUniform3f(uToLight_, static_cast<float>(toLight.x), static_cast<float>(toLight.y),
                static_cast<float>(toLight.z));
    const glm::vec3 eye(camera.eye());
    glUniform3f(uEye_, eye.x, eye.y, eye.z);
    glUniform1f(uAmbient_, shading.ambient);
    glUniform1f(uSpecular_, shading.specular);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, shadowTexture_);
    glUniform1i(uShadowMap_, 1);
    glUniform1i(uColorMap_, 2);
    glUniform1f(uScale_, 1.0f);
    glUniform1i(uMode_, 0);

    const auto colours = [&](glm::vec3 front, glm::vec3 back) {
        glUniform3f(uFront_, front.r, front.g, front.b);
        glUniform3f(uBack_, back.r, back.g, back.b);
    };
    // Front to back as far as it goes (the cloth, the solids, then the ground behind them):
    // fragments the depth test rejects before shading cost a software renderer nothing.
    glUniform1i(uGrid_, 0);
    colours(shading.clothFront, shading.clothBack);
    if (shading.coloring && shading.coloring->table != 0) {
        glActiveTexture(GL_TEXTURE2);
        glBindTexture(GL_TEXTURE_1D, shading.coloring->table);
        glUniform1i(uMode_, shading.coloring->map == MeshColoring::Map::Strain ? 1 : 2);
        glUniform1f(uScale_, static_cast<float>(shading.coloring->scale));
    }
    if (shading.wireframe) { // the fill behind the lines drawn on it
        glEnable(GL_POLYGON_OFFSET_FILL);
        glPolygonOffset(1.0f, 1.0f);
    }
    cloth_.draw();
    glUniform1i(uMode_, 0);
    if (shading.wireframe) {
        glDisable(GL_POLYGON_OFFSET_FILL);
        // Unlit: the colour itself (all ambient, no highlight).
        glUniform1f(uAmbient_, 1.0f);
        glUniform1f(uSpecular_, 0.0f);
        colours(shading.wire, shading.wire);
        glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
        cloth_.draw();
        glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
        glUniform1f(uAmbient_, shading.ambient);
        glUniform1f(uSpecular_, shading.specular);
    }
    colours(shading.solid, shading.solid * 0.6f);
    solids_.draw();
    glUniform1i(uGrid_, 1);
    colours(shading.ground, shading.ground * 0.8f);
    planes_.draw();

    glActiveTexture(GL_TEXTURE0);
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_DEPTH_TEST);
    glViewport(0, 0, viewport.framebufferSize.x, viewport.framebufferSize.y);
}

} // namespace pbd::app
