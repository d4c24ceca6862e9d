// The particles and pins pass: instanced discs (the page's blue, or by speed), then the
// markers of the pinned, hovered and grabbed particles on top.

#include "render/particles_pass.h"

#include <tuple>

#include "logic/speed_colors.h"
#include "render/gl_buffers.h"

namespace pbd::app {
namespace {

// Particles blue, the grabbed one red (as the page).
constexpr std::array<float, 4> kParticleColor{0.0f, 0.0f, 1.0f, 1.0f};

/// The disc quad as a triangle strip.
constexpr std::array<float, 8> kQuad{-1.0f, -1.0f, 1.0f, -1.0f, -1.0f, 1.0f, 1.0f, 1.0f};

constexpr GLuint kCornerAttribute = 0; // quad corner
constexpr GLuint kCentreAttribute = 1; // per-instance particle position
constexpr GLuint kSpeedAttribute = 2;  // per-instance particle speed (by speed)
constexpr GLint kSpeedMapUnit = 2;     // the speed colour table's texture unit

/// Binds a new vertex array whose corner attribute reads the shared quad.
GLuint quadVertexArray(GLuint quadVbo)
{
    GLuint vao = 0;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    glBindBuffer(GL_ARRAY_BUFFER, quadVbo);
    glEnableVertexAttribArray(kCornerAttribute);
    glVertexAttribPointer(kCornerAttribute, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), nullptr);
    return vao;
}

} // namespace

ParticlesPass::ParticlesPass(ProgramCache& programs, GLuint positions)
    : program_(programs.program("discs.vert.glsl", "discs.frag.glsl"))
{
    view_ = {program_.uniform("uOrigin"), program_.uniform("uZoom"),
             program_.uniform("uWindowSize")};
    color_ = program_.uniform("uColor");
    radiusUniform_ = program_.uniform("uRadius");
    skip_ = program_.uniform("uSkipInstance");
    pixelScale_ = program_.uniform("uPixelScale");
    minRadius_ = program_.uniform("uMinRadius");
    bySpeed_ = program_.uniform("uColorBySpeed");
    speedMap_ = program_.uniform("uSpeedMap");
    speedScale_ = program_.uniform("uSpeedScale");
    program_.use();
    glUniform1i(speedMap_, kSpeedMapUnit);
    glUniform1i(bySpeed_, 0);
    glUseProgram(0);

    // The speed colour map as a 1D texture (sampled by the discs' vertex shader).
    speedTable_ = programs.speedTable();
    glGenBuffers(1, &culledPositionBuffer_);
    glGenBuffers(1, &speedBuffer_);
    glGenBuffers(1, &culledSpeedBuffer_);
    glGenBuffers(1, &quadVbo_);
    glBindBuffer(GL_ARRAY_BUFFER, quadVbo_);
    glBufferData(GL_ARRAY_BUFFER, sizeof(kQuad), kQuad.data(), GL_STATIC_DRAW);
    // Two disc arrays: every particle (instance i = particle i), and the ones in view. The
    // speeds have buffers of their own, so the positions' buffer holds positions only; their
    // attribute is enabled only while drawing coloured by speed.
    for (auto [vao, centres, speeds] :
         {std::tuple{&vao_, positions, speedBuffer_},
          std::tuple{&culledVao_, culledPositionBuffer_, culledSpeedBuffer_}}) {
        *vao = quadVertexArray(quadVbo_);
        glBindBuffer(GL_ARRAY_BUFFER, centres);
        glEnableVertexAttribArray(kCentreAttribute);
        pointAtPosition(kCentreAttribute, 0);
        glVertexAttribDivisor(kCentreAttribute, 1);
        glBindBuffer(GL_ARRAY_BUFFER, speeds);
        glVertexAttribPointer(kSpeedAttribute, 1, GL_FLOAT, GL_FALSE, sizeof(float), nullptr);
        glVertexAttribDivisor(kSpeedAttribute, 1);
        glDisableVertexAttribArray(kSpeedAttribute);
    }
    glBindVertexArray(0);
}

ParticlesPass::~ParticlesPass()
{
    const std::array<GLuint, 2> arrays{vao_, culledVao_};
    glDeleteVertexArrays(static_cast<GLsizei>(arrays.size()), arrays.data());
    const std::array<GLuint, 4> buffers{quadVbo_, culledPositionBuffer_, speedBuffer_,
                                        culledSpeedBuffer_};
    glDeleteBuffers(static_cast<GLsizei>(buffers.size()), buffers.data());
}

void ParticlesPass::pointAt(GLuint buffer)
{
    glBindBuffer(GL_ARRAY_BUFFER, buffer);
    glBindVertexArray(vao_);
    pointAtPosition(kCentreAttribute, 0);
    glBindVertexArray(0);
}

void ParticlesPass::cull(const ClothPositions& positions, const WorldRect& view, bool discs,
                         const Highlights& highlights, const ParticleColoring* coloring)
{
    culledPositions_.clear();
    culledSpeeds_.clear();
    const bool bySpeed = coloring != nullptr && coloring->speeds.size() == positions.count();
    if (discs) {
        visibleParticles(positions.positions(), view, culledDiscs_);
        const std::vector<glm::vec2>& floats = positions.floats();
        for (std::uint32_t i : culledDiscs_)
            if (!highlights.grabbed || i != *highlights.grabbed) {
                culledPositions_.push_back(floats[i]);
                if (bySpeed)
                    culledSpeeds_.push_back(coloring->speeds[i]);
            }
    }
    culledCount_ = static_cast<GLsizei>(culledPositions_.size());
    stream(GL_ARRAY_BUFFER, culledPositionBuffer_, culledPositions_.data(),
           culledPositions_.size() * sizeof(glm::vec2), culledPositionCapacity_);
}

void ParticlesPass::draw(const Camera& camera, const Viewport& viewport,
                         const Highlights& highlights, const ClothPositions& positions,
                         bool culled, const WorldRect& view, bool discs, double pixelScale,
                         const ParticleColoring* coloring)
{
    if (culled)
        cull(positions, view, discs, highlights, coloring);
    program_.use();
    view_.set(camera, viewport);
    const std::size_t count = positions.count();
    if (discs)
        drawDiscs(highlights, count, culled, pixelScale, coloring);
    glUniform1f(pixelScale_, static_cast<float>(pixelScale));
    const auto valid = [&](std::optional<Index> i) { return i && *i < count; };
    const GLuint source = positions.source();
    for (Index pinned : highlights.pinned)
        if (valid(pinned))
            drawMarker(source, pinned, kPinnedScale * radius_, kPinnedMinRadius, kPinnedMarkerColor);
    if (valid(highlights.hovered) && highlights.hovered != highlights.grabbed)
        drawMarker(source, *highlights.hovered, kHoveredScale * radius_, kHoveredMinRadius,
                   kHoveredMarkerColor);
    if (valid(highlights.grabbed)) // the grabbed disc on top
        drawMarker(source, *highlights.grabbed, kGrabbedScale * radius_, kGrabbedMinRadius,
                   kGrabbedMarkerColor);
}

void ParticlesPass::drawDiscs(const Highlights& highlights, std::size_t count, bool culled,
                              double pixelScale, const ParticleColoring* coloring)
{
    glUniform1f(pixelScale_, static_cast<float>(pixelScale));
    glUniform1f(radiusUniform_, static_cast<float>(radius_));
    glUniform1f(minRadius_, 0.0f);
    glUniform4fv(color_, 1, kParticleColor.data());
    const bool hasGrab = highlights.grabbed && *highlights.grabbed < count;
    // By speed only when there is a speed for every particle drawn.
    const bool bySpeed = coloring != nullptr && coloring->speeds.size() == count;
    glBindVertexArray(culled ? culledVao_ : vao_);
    if (bySpeed) {
        if (culled)
            stream(GL_ARRAY_BUFFER, culledSpeedBuffer_, culledSpeeds_.data(),
                   culledSpeeds_.size() * sizeof(float), culledSpeedCapacity_);
        else
            stream(GL_ARRAY_BUFFER, speedBuffer_, coloring->speeds.data(),
                   coloring->speeds.size() * sizeof(float), speedCapacity_);
        glEnableVertexAttribArray(kSpeedAttribute); // recorded in the bound vertex array
        glActiveTexture(GL_TEXTURE0 + kSpeedMapUnit);
        glBindTexture(GL_TEXTURE_1D, speedTable_);
        glActiveTexture(GL_TEXTURE0);
        glUniform1i(bySpeed_, 1);
        glUniform1f(speedScale_,
                    static_cast<float>(coloring->scale > 0.0 ? coloring->scale : kMinSpeedScale));
    }
    if (culled) {
        // Instances are the particles in view, the grabbed one left out of the list.
        glUniform1i(skip_, -1);
        glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, culledCount_);
    } else {
        glUniform1i(skip_, hasGrab ? static_cast<GLint>(*highlights.grabbed) : -1);
        glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(count));
    }
    if (bySpeed) { // the markers drawn next keep their own colours
        glDisableVertexAttribArray(kSpeedAttribute);
        glUniform1i(bySpeed_, 0);
        glActiveTexture(GL_TEXTURE0 + kSpeedMapUnit);
        glBindTexture(GL_TEXTURE_1D, 0);
        glActiveTexture(GL_TEXTURE0);
    }
}

void ParticlesPass::drawMarker(GLuint source, Index index, double radius, double minRadius,
                               const std::array<float, 4>& color)
{
    // One instance read from the particle's slot.
    glBindVertexArray(vao_);
    glBindBuffer(GL_ARRAY_BUFFER, source);
    pointAtPosition(kCentreAttribute, index);
    glUniform1i(skip_, -1);
    glUniform1f(radiusUniform_, static_cast<float>(radius));
    glUniform1f(minRadius_, static_cast<float>(minRadius));
    glUniform4fv(color_, 1, color.data());
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, 1);
    pointAtPosition(kCentreAttribute, 0);
}

} // namespace pbd::app
