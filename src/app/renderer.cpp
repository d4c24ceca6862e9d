#include "renderer.h"

#include <array>

namespace pbd::app {
namespace {

// Background #EEEEEE, constraints #666666, particles blue, the grabbed one red (as the page).
constexpr std::array<float, 4> kBackground{0xEE / 255.0f, 0xEE / 255.0f, 0xEE / 255.0f, 1.0f};
constexpr std::array<float, 4> kConstraintColor{0x66 / 255.0f, 0x66 / 255.0f, 0x66 / 255.0f, 1.0f};
constexpr std::array<float, 4> kParticleColor{0.0f, 0.0f, 1.0f, 1.0f};
constexpr std::array<float, 4> kGrabbedColor{1.0f, 0.0f, 0.0f, 1.0f};

/// Axes: x red, y green, one metre long from the world origin. x y r g b per vertex.
constexpr std::array<float, 20> kAxes{
    0.0f, 0.0f, 1.0f, 0.0f, 0.0f, 1.0f, 0.0f, 1.0f, 0.0f, 0.0f,
    0.0f, 0.0f, 0.0f, 1.0f, 0.0f, 0.0f, 1.0f, 0.0f, 1.0f, 0.0f,
};
/// The disc quad as a triangle strip.
constexpr std::array<float, 8> kQuad{-1.0f, -1.0f, 1.0f, -1.0f, -1.0f, 1.0f, 1.0f, 1.0f};

constexpr GLuint kPositionAttribute = 0; // lines: vertex; axes: vertex
constexpr GLuint kColorAttribute = 1;    // axes
constexpr GLuint kCornerAttribute = 0;   // discs: quad corner
constexpr GLuint kCentreAttribute = 1;   // discs: per-instance particle position

void pointAtPosition(GLuint attribute, std::size_t firstParticle)
{
    glVertexAttribPointer(attribute, 2, GL_FLOAT, GL_FALSE, sizeof(glm::vec2),
                          reinterpret_cast<const void*>(firstParticle * sizeof(glm::vec2)));
}

} // namespace

Renderer::Renderer()
{
    for (auto [program, view] : {std::pair{&axesProgram_, &axesView_},
                                 std::pair{&linesProgram_, &linesView_},
                                 std::pair{&discsProgram_, &discsView_}}) {
        view->origin = program->uniform("uOrigin");
        view->zoom = program->uniform("uZoom");
        view->windowSize = program->uniform("uWindowSize");
    }
    linesColor_ = linesProgram_.uniform("uColor");
    discsColor_ = discsProgram_.uniform("uColor");
    discsRadius_ = discsProgram_.uniform("uRadius");
    discsSkip_ = discsProgram_.uniform("uSkipInstance");
    discsPixelScale_ = discsProgram_.uniform("uPixelScale");

    glGenBuffers(1, &positionBuffer_);

    glGenVertexArrays(1, &axesVao_);
    glBindVertexArray(axesVao_);
    glGenBuffers(1, &axesVbo_);
    glBindBuffer(GL_ARRAY_BUFFER, axesVbo_);
    glBufferData(GL_ARRAY_BUFFER, sizeof(kAxes), kAxes.data(), GL_STATIC_DRAW);
    glEnableVertexAttribArray(kPositionAttribute);
    glVertexAttribPointer(kPositionAttribute, 2, GL_FLOAT, GL_FALSE, 5 * sizeof(float), nullptr);
    glEnableVertexAttribArray(kColorAttribute);
    glVertexAttribPointer(kColorAttribute, 3, GL_FLOAT, GL_FALSE, 5 * sizeof(float),
                          reinterpret_cast<const void*>(2 * sizeof(float)));

    glGenVertexArrays(1, &linesVao_);
    glBindVertexArray(linesVao_);
    glGenBuffers(1, &indexBuffer_);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indexBuffer_); // recorded in the VAO
    glBindBuffer(GL_ARRAY_BUFFER, positionBuffer_);
    glEnableVertexAttribArray(kPositionAttribute);
    pointAtPosition(kPositionAttribute, 0);

    glGenVertexArrays(1, &discsVao_);
    glBindVertexArray(discsVao_);
    glGenBuffers(1, &quadVbo_);
    glBindBuffer(GL_ARRAY_BUFFER, quadVbo_);
    glBufferData(GL_ARRAY_BUFFER, sizeof(kQuad), kQuad.data(), GL_STATIC_DRAW);
    glEnableVertexAttribArray(kCornerAttribute);
    glVertexAttribPointer(kCornerAttribute, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), nullptr);
    glBindBuffer(GL_ARRAY_BUFFER, positionBuffer_);
    glEnableVertexAttribArray(kCentreAttribute);
    pointAtPosition(kCentreAttribute, 0);
    glVertexAttribDivisor(kCentreAttribute, 1);

    glBindVertexArray(0);
}

Renderer::~Renderer()
{
    const std::array<GLuint, 3> arrays{axesVao_, linesVao_, discsVao_};
    glDeleteVertexArrays(static_cast<GLsizei>(arrays.size()), arrays.data());
    const std::array<GLuint, 4> buffers{axesVbo_, indexBuffer_, quadVbo_, positionBuffer_};
    glDeleteBuffers(static_cast<GLsizei>(buffers.size()), buffers.data());
}

void Renderer::setConstraints(std::span<const DistanceConstraint> constraints)
{
    std::vector<GLuint> indices;
    indices.reserve(2 * constraints.size());
    for (const DistanceConstraint& c : constraints) {
        indices.push_back(c.a);
        indices.push_back(c.b);
    }
    glBindVertexArray(linesVao_);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER,
                 static_cast<GLsizeiptr>(indices.size() * sizeof(GLuint)), indices.data(),
                 GL_STATIC_DRAW);
    glBindVertexArray(0);
    indexCount_ = static_cast<GLsizei>(indices.size());
}

void Renderer::upload(std::span<const glm::dvec2> positions)
{
    if (scratch_.size() != positions.size())
        scratch_.resize(positions.size()); // only after a restart with another cloth size
    for (std::size_t i = 0; i < positions.size(); ++i)
        scratch_[i] = glm::vec2(positions[i]);
    particleCount_ = positions.size();
    const auto bytes = static_cast<GLsizeiptr>(scratch_.size() * sizeof(glm::vec2));
    glBindBuffer(GL_ARRAY_BUFFER, positionBuffer_);
    if (positions.size() > positionCapacity_) {
        glBufferData(GL_ARRAY_BUFFER, bytes, scratch_.data(), GL_STREAM_DRAW);
        positionCapacity_ = positions.size();
    } else {
        glBufferSubData(GL_ARRAY_BUFFER, 0, bytes, scratch_.data());
    }
}

void Renderer::setView(const ViewUniforms& u, const Camera& camera,
                       const Viewport& viewport) const
{
    glUniform2f(u.origin, static_cast<float>(camera.origin().x),
                static_cast<float>(camera.origin().y));
    glUniform1f(u.zoom, static_cast<float>(camera.zoom()));
    glUniform2f(u.windowSize, static_cast<float>(viewport.windowSize.x),
                static_cast<float>(viewport.windowSize.y));
}

void Renderer::draw(std::optional<Index> grabbed, const Camera& camera, const Viewport& viewport)
{
    if (viewport.framebufferSize.x <= 0 || viewport.framebufferSize.y <= 0 ||
        !(viewport.windowSize.x > 0.0 && viewport.windowSize.y > 0.0))
        return; // minimised: no zero viewport, no division by a zero window size
    glViewport(0, 0, viewport.framebufferSize.x, viewport.framebufferSize.y);
    glDisable(GL_SCISSOR_TEST);
    glClearColor(kBackground[0], kBackground[1], kBackground[2], kBackground[3]);
    glClear(GL_COLOR_BUFFER_BIT);

    // Only the canvas: the panel is drawn over the rest. Scissor works in framebuffer pixels
    // with y up.
    const glm::dvec2 scale = glm::dvec2(viewport.framebufferSize) / viewport.windowSize;
    glEnable(GL_SCISSOR_TEST);
    glScissor(static_cast<GLint>(viewport.canvasOffset.x * scale.x),
              static_cast<GLint>((viewport.windowSize.y - viewport.canvasOffset.y -
                                  viewport.canvasSize.y) * scale.y),
              static_cast<GLsizei>(viewport.canvasSize.x * scale.x),
              static_cast<GLsizei>(viewport.canvasSize.y * scale.y));
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);

    // Back to front: axes, constraints, particles.
    axesProgram_.use();
    setView(axesView_, camera, viewport);
    glBindVertexArray(axesVao_);
    glDrawArrays(GL_LINES, 0, 4);

    linesProgram_.use();
    setView(linesView_, camera, viewport);
    glUniform4fv(linesColor_, 1, kConstraintColor.data());
    glBindVertexArray(linesVao_);
    glDrawElements(GL_LINES, indexCount_, GL_UNSIGNED_INT, nullptr);

    discsProgram_.use();
    setView(discsView_, camera, viewport);
    glUniform1f(discsPixelScale_, static_cast<float>(scale.x));
    glUniform1f(discsRadius_, static_cast<float>(kParticleRadius));
    glUniform4fv(discsColor_, 1, kParticleColor.data());
    const bool hasGrab = grabbed && *grabbed < particleCount_;
    glUniform1i(discsSkip_, hasGrab ? static_cast<GLint>(*grabbed) : -1);
    glBindVertexArray(discsVao_);
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(particleCount_));
    if (hasGrab) {
        // The grabbed disc on top: one instance read from the grabbed particle's slot.
        glBindBuffer(GL_ARRAY_BUFFER, positionBuffer_);
        pointAtPosition(kCentreAttribute, *grabbed);
        glUniform1i(discsSkip_, -1);
        glUniform1f(discsRadius_, static_cast<float>(kGrabbedScale * kParticleRadius));
        glUniform4fv(discsColor_, 1, kGrabbedColor.data());
        glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, 1);
        pointAtPosition(kCentreAttribute, 0);
    }
    glBindVertexArray(0);
    glDisable(GL_BLEND);
    glDisable(GL_SCISSOR_TEST);
}

} // namespace pbd::app
