#include "render/renderer.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <tuple>

#include <glm/common.hpp>

#include "logic/speed_colors.h"
#include "logic/strain_colors.h"
#include "logic/view_culling.h"

namespace pbd::app {
namespace {

// Background #EEEEEE, constraints #666666, particles blue, the grabbed one red (as the page).
constexpr std::array<float, 4> kBackground{0xEE / 255.0f, 0xEE / 255.0f, 0xEE / 255.0f, 1.0f};
constexpr std::array<float, 4> kConstraintColor{0x66 / 255.0f, 0x66 / 255.0f, 0x66 / 255.0f, 1.0f};
constexpr std::array<float, 4> kParticleColor{0.0f, 0.0f, 1.0f, 1.0f};
constexpr std::array<float, 4> kGrabbedColor{1.0f, 0.0f, 0.0f, 1.0f};
constexpr std::array<float, 4> kHoveredColor{1.0f, 0.55f, 0.0f, 0.9f};
/// Pinned particles: dark slate, apart from the blue free ones and the red grabbed one.
constexpr std::array<float, 4> kPinnedColor{0.15f, 0.15f, 0.2f, 1.0f};

/// Window pixels kept around the view when culling: discs and lines partly in view stay.
constexpr double kCullMarginPixels = 16.0;

/// Axes: x red, y green, one metre long from the world origin. x y r g b per vertex.
constexpr std::array<float, 20> kAxes{
    0.0f, 0.0f, 1.0f, 0.0f, 0.0f, 1.0f, 0.0f, 1.0f, 0.0f, 0.0f,
    0.0f, 0.0f, 0.0f, 1.0f, 0.0f, 0.0f, 1.0f, 0.0f, 1.0f, 0.0f,
};
/// The disc quad as a triangle strip.
constexpr std::array<float, 8> kQuad{-1.0f, -1.0f, 1.0f, -1.0f, -1.0f, 1.0f, 1.0f, 1.0f};

constexpr GLuint kPositionAttribute = 0; // lines: vertex; axes: vertex
constexpr GLuint kColorAttribute = 1;    // axes
constexpr GLuint kCornerAttribute = 0;   // discs and frame: quad corner
constexpr GLuint kCentreAttribute = 1;   // discs: per-instance particle position
constexpr GLuint kSpeedAttribute = 2;    // discs: per-instance particle speed (by speed)
constexpr GLint kSpeedMapUnit = 2;       // discs: the speed colour table's texture unit

void pointAtPosition(GLuint attribute, std::size_t firstParticle)
{
    glVertexAttribPointer(attribute, 2, GL_FLOAT, GL_FALSE, sizeof(glm::vec2),
                          reinterpret_cast<const void*>(firstParticle * sizeof(glm::vec2)));
}

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

/// Fills `buffer` (bound to `target`) with `bytes`, reallocating only when it must grow.
void stream(GLenum target, GLuint buffer, const void* data, std::size_t bytes,
            std::size_t& capacity)
{
    glBindBuffer(target, buffer);
    if (bytes > capacity) {
        glBufferData(target, static_cast<GLsizeiptr>(bytes), data, GL_STREAM_DRAW);
        capacity = bytes;
    } else if (bytes > 0) {
        glBufferSubData(target, 0, static_cast<GLsizeiptr>(bytes), data);
    }
}

/// A linearly filtered 1D texture of a colour map's RGB entries (clamped at both ends), as
/// the shaders sample the strain and speed maps.
template <std::size_t N>
GLuint colorTableTexture(const std::array<glm::vec3, N>& table)
{
    GLuint texture = 0;
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_1D, texture);
    glTexImage1D(GL_TEXTURE_1D, 0, GL_RGB32F, static_cast<GLsizei>(N), 0, GL_RGB, GL_FLOAT,
                 table.data());
    glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glBindTexture(GL_TEXTURE_1D, 0);
    return texture;
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
    linesByStrain_ = linesProgram_.uniform("uColorByStrain");
    linesStrains_ = linesProgram_.uniform("uStrains");
    linesColorMap_ = linesProgram_.uniform("uColorMap");
    linesStrainScale_ = linesProgram_.uniform("uStrainScale");
    // The two samplers on their own units for good: two sampler types on one unit make every
    // draw with the program fail, coloured or not.
    linesProgram_.use();
    glUniform1i(linesStrains_, 0);
    glUniform1i(linesColorMap_, 1);
    glUseProgram(0);
    discsColor_ = discsProgram_.uniform("uColor");
    discsRadius_ = discsProgram_.uniform("uRadius");
    discsSkip_ = discsProgram_.uniform("uSkipInstance");
    discsPixelScale_ = discsProgram_.uniform("uPixelScale");
    discsMinRadius_ = discsProgram_.uniform("uMinRadius");
    discsBySpeed_ = discsProgram_.uniform("uColorBySpeed");
    discsSpeedMap_ = discsProgram_.uniform("uSpeedMap");
    discsSpeedScale_ = discsProgram_.uniform("uSpeedScale");
    discsProgram_.use();
    glUniform1i(discsSpeedMap_, kSpeedMapUnit);
    glUniform1i(discsBySpeed_, 0);
    glUseProgram(0);
    frame_ = {frameProgram_.uniform("uRectMin"),    frameProgram_.uniform("uRectMax"),
              frameProgram_.uniform("uWindowSize"), frameProgram_.uniform("uInset"),
              frameProgram_.uniform("uRadius"),     frameProgram_.uniform("uBorder"),
              frameProgram_.uniform("uPixelScale"), frameProgram_.uniform("uBorderColor"),
              frameProgram_.uniform("uOutsideColor")};

    // The strain colour map as a 1D texture, and a buffer texture for per-line strains.
    colorMapTexture_ = colorTableTexture(strainColorTable());
    glGenBuffers(1, &strainBuffer_);
    glBindBuffer(GL_TEXTURE_BUFFER, strainBuffer_);
    glBufferData(GL_TEXTURE_BUFFER, sizeof(float), nullptr, GL_STREAM_DRAW);
    strainCapacity_ = sizeof(float);
    glGenTextures(1, &strainTexture_);
    glBindTexture(GL_TEXTURE_BUFFER, strainTexture_);
    glTexBuffer(GL_TEXTURE_BUFFER, GL_R32F, strainBuffer_);
    glBindTexture(GL_TEXTURE_BUFFER, 0);

    // The speed colour map as a 1D texture (sampled by the discs' vertex shader).
    speedMapTexture_ = colorTableTexture(speedColorTable());

    glGenBuffers(1, &positionBuffer_);
    source_ = positionBuffer_;
    mesh_.pointAt(positionBuffer_);
    glGenBuffers(1, &culledPositionBuffer_);
    glGenBuffers(1, &speedBuffer_);
    glGenBuffers(1, &culledSpeedBuffer_);

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

    // Two line arrays over the same positions: all constraints, and the ones in view.
    for (auto [vao, indices] : {std::pair{&linesVao_, &indexBuffer_},
                                std::pair{&culledLinesVao_, &culledIndexBuffer_}}) {
        glGenVertexArrays(1, vao);
        glBindVertexArray(*vao);
        glGenBuffers(1, indices);
        glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, *indices); // recorded in the VAO
        glBindBuffer(GL_ARRAY_BUFFER, positionBuffer_);
        glEnableVertexAttribArray(kPositionAttribute);
        pointAtPosition(kPositionAttribute, 0);
    }

    glGenBuffers(1, &quadVbo_);
    glBindBuffer(GL_ARRAY_BUFFER, quadVbo_);
    glBufferData(GL_ARRAY_BUFFER, sizeof(kQuad), kQuad.data(), GL_STATIC_DRAW);
    // Two disc arrays: every particle (instance i = particle i), and the ones in view. The
    // speeds have buffers of their own, so the positions' buffer holds positions only; their
    // attribute is enabled only while drawing coloured by speed.
    for (auto [vao, centres, speeds] :
         {std::tuple{&discsVao_, positionBuffer_, speedBuffer_},
          std::tuple{&culledDiscsVao_, culledPositionBuffer_, culledSpeedBuffer_}}) {
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
    glGenVertexArrays(1, &frameVao_);
    glBindVertexArray(frameVao_);
    glGenBuffers(1, &frameVbo_);
    glBindBuffer(GL_ARRAY_BUFFER, frameVbo_);
    glEnableVertexAttribArray(kPositionAttribute);
    glVertexAttribPointer(kPositionAttribute, 2, GL_FLOAT, GL_FALSE, sizeof(glm::vec2), nullptr);

    glBindVertexArray(0);
}

Renderer::~Renderer()
{
    const std::array<GLuint, 7> arrays{axesVao_,  linesVao_,       culledLinesVao_,
                                       discsVao_, culledDiscsVao_, frameVao_, obstaclesVao_};
    glDeleteVertexArrays(static_cast<GLsizei>(arrays.size()), arrays.data());
    const std::array<GLuint, 8> buffers{axesVbo_,        indexBuffer_,          culledIndexBuffer_,
                                        quadVbo_,        positionBuffer_,       culledPositionBuffer_,
                                        frameVbo_, obstaclesVbo_};
    glDeleteBuffers(static_cast<GLsizei>(buffers.size()), buffers.data());
    const std::array<GLuint, 3> textures{colorMapTexture_, strainTexture_, speedMapTexture_};
    glDeleteTextures(static_cast<GLsizei>(textures.size()), textures.data());
    const std::array<GLuint, 3> perFrame{strainBuffer_, speedBuffer_, culledSpeedBuffer_};
    glDeleteBuffers(static_cast<GLsizei>(perFrame.size()), perFrame.data());
}

void Renderer::pointAt(GLuint buffer)
{
    mesh_.pointAt(buffer);
    glBindBuffer(GL_ARRAY_BUFFER, buffer);
    for (GLuint vao : {linesVao_, culledLinesVao_}) {
        glBindVertexArray(vao);
        pointAtPosition(kPositionAttribute, 0);
    }
    glBindVertexArray(discsVao_);
    pointAtPosition(kCentreAttribute, 0);
    glBindVertexArray(0);
    source_ = buffer;
}

void Renderer::useGpuPositions(GLuint buffer, std::size_t count)
{
    if (source_ != buffer)
        pointAt(buffer);
    particleCount_ = count;
    positions_ = {};
}

void Renderer::releaseGpuPositions()
{
    if (source_ != positionBuffer_)
        pointAt(positionBuffer_);
    particleCount_ = 0;
}

void Renderer::upload(std::span<const glm::dvec2> positions)
{
    if (source_ != positionBuffer_)
        pointAt(positionBuffer_);
    if (scratch_.size() != positions.size())
        scratch_.resize(positions.size()); // only after a restart with another cloth size
    constexpr double kInf = std::numeric_limits<double>::infinity();
    glm::dvec2 lo{kInf}, hi{-kInf};
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const glm::dvec2 p = positions[i];
        scratch_[i] = glm::vec2(p);
        lo = glm::min(lo, p); // NaN leaves the bounds alone (min/max keep the first operand)
        hi = glm::max(hi, p);
    }
    positions_ = positions;
    boundsMin_ = lo;
    boundsMax_ = hi;
    particleCount_ = positions.size();
    std::size_t capacity = positionCapacity_ * sizeof(glm::vec2);
    stream(GL_ARRAY_BUFFER, positionBuffer_, scratch_.data(), scratch_.size() * sizeof(glm::vec2),
           capacity);
    positionCapacity_ = capacity / sizeof(glm::vec2);
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

void Renderer::drawMarker(Index index, double radius, double minRadius,
                          const std::array<float, 4>& color)
{
    // One instance read from the particle's slot.
    glBindVertexArray(discsVao_);
    glBindBuffer(GL_ARRAY_BUFFER, source_);
    pointAtPosition(kCentreAttribute, index);
    glUniform1i(discsSkip_, -1);
    glUniform1f(discsRadius_, static_cast<float>(radius));
    glUniform1f(discsMinRadius_, static_cast<float>(minRadius));
    glUniform4fv(discsColor_, 1, color.data());
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, 1);
    pointAtPosition(kCentreAttribute, 0);
}

void Renderer::drawLines(bool culled, const LineColoring* coloring)
{
    glUniform4fv(linesColor_, 1, kConstraintColor.data());
    glUniform1i(linesByStrain_, coloring != nullptr ? 1 : 0);
    if (coloring != nullptr) {
        // Line i of the draw call is gl_PrimitiveID i: its strain goes to slot i.
        const std::size_t lines = culled ? culledLineIds_.size() : lines_->constraints.size();
        lineStrains_.resize(lines);
        for (std::size_t i = 0; i < lines; ++i) {
            const std::uint32_t k = lines_->constraints[culled ? culledLineIds_[i] : i];
            lineStrains_[i] = k < coloring->strains.size() ? coloring->strains[k] : 0.0f;
        }
        stream(GL_TEXTURE_BUFFER, strainBuffer_, lineStrains_.data(),
               lineStrains_.size() * sizeof(float), strainCapacity_);
        glActiveTexture(GL_TEXTURE0);
        glBindTexture(GL_TEXTURE_BUFFER, strainTexture_);
        glActiveTexture(GL_TEXTURE1);
        glBindTexture(GL_TEXTURE_1D, colorMapTexture_);
        glActiveTexture(GL_TEXTURE0);
        glUniform1f(linesStrainScale_, static_cast<float>(coloring->scale > 0.0 ? coloring->scale : 1.0));
    }
    glBindVertexArray(culled ? culledLinesVao_ : linesVao_);
    glDrawElements(GL_LINES, culled ? culledIndexCount_ : indexCount_, GL_UNSIGNED_INT, nullptr);
    if (coloring != nullptr) {
        glActiveTexture(GL_TEXTURE1);
        glBindTexture(GL_TEXTURE_1D, 0);
        glActiveTexture(GL_TEXTURE0);
        glBindTexture(GL_TEXTURE_BUFFER, 0);
    }
}

void Renderer::drawDiscs(const Highlights& highlights, bool culled, double pixelScale,
                         const ParticleColoring* coloring)
{
    glUniform1f(discsPixelScale_, static_cast<float>(pixelScale));
    glUniform1f(discsRadius_, static_cast<float>(particleRadius_));
    glUniform1f(discsMinRadius_, 0.0f);
    glUniform4fv(discsColor_, 1, kParticleColor.data());
    const auto valid = [&](std::optional<Index> i) { return i && *i < particleCount_; };
    const bool hasGrab = valid(highlights.grabbed);
    // By speed only when there is a speed for every particle drawn.
    const bool bySpeed = coloring != nullptr && coloring->speeds.size() == particleCount_;
    glBindVertexArray(culled ? culledDiscsVao_ : discsVao_);
    if (bySpeed) {
        if (culled)
            stream(GL_ARRAY_BUFFER, culledSpeedBuffer_, culledSpeeds_.data(),
                   culledSpeeds_.size() * sizeof(float), culledSpeedCapacity_);
        else
            stream(GL_ARRAY_BUFFER, speedBuffer_, coloring->speeds.data(),
                   coloring->speeds.size() * sizeof(float), speedCapacity_);
        glEnableVertexAttribArray(kSpeedAttribute); // recorded in the bound vertex array
        glActiveTexture(GL_TEXTURE0 + kSpeedMapUnit);
        glBindTexture(GL_TEXTURE_1D, speedMapTexture_);
        glActiveTexture(GL_TEXTURE0);
        glUniform1i(discsBySpeed_, 1);
        glUniform1f(discsSpeedScale_,
                    static_cast<float>(coloring->scale > 0.0 ? coloring->scale : kMinSpeedScale));
    }
    if (culled) {
        // Instances are the particles in view, the grabbed one left out of the list.
        glUniform1i(discsSkip_, -1);
        glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, culledDiscCount_);
    } else {
        glUniform1i(discsSkip_, hasGrab ? static_cast<GLint>(*highlights.grabbed) : -1);
        glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(particleCount_));
    }
    if (bySpeed) { // the markers drawn next keep their own colours
        glDisableVertexAttribArray(kSpeedAttribute);
        glUniform1i(discsBySpeed_, 0);
        glActiveTexture(GL_TEXTURE0 + kSpeedMapUnit);
        glBindTexture(GL_TEXTURE_1D, 0);
        glActiveTexture(GL_TEXTURE0);
    }
}

void Renderer::draw(const Highlights& highlights, const Camera& camera, const Viewport& viewport,
                    const LineColoring* coloring, const ParticleColoring* particleColoring)
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

    // What is in view: everything (the usual case: draw the stored buffers), or a part of a
    // cloth larger than the canvas (draw only that part).
    const WorldRect view = visibleWorld(camera, viewport.canvasSize,
                                        kCullMarginPixels);
    const bool culled = !drawsGpuPositions() &&
                        !(view.contains(boundsMin_) && view.contains(boundsMax_));
    const bool discs = discsVisible(particleRadius_, camera.zoom(), scale.x);
    const bool lines = drawMode_ != DrawMode::Filled;
    // The grid's mesh and level of detail only for a grid of these particles (not between a
    // new cloth's constraints and its first positions).
    const GridEdges& grid = mesh_.edges();
    const bool gridded = !grid.empty() && cellMetres_ > 0.0 &&
                         static_cast<std::size_t>(grid.width) *
                                 static_cast<std::size_t>(grid.height) == particleCount_;
    const double cellPixels = cellMetres_ * camera.zoom() * scale.x;
    if (lines) { // the level of detail: every constraint, or the decimated grid
        const int step = gridded ? lodStep(cellPixels) : 1;
        if (step != lineStep_)
            useLines(step > 1 ? mesh_.decimatedLines(step) : fullLines_, step);
    }
    if (culled) {
        if (lines) // the filled mode draws every triangle: the GPU clips them
            visibleLines(positions_, lines_->pairs, view, culledLines_, &culledLineIds_);
        culledIndexCount_ = static_cast<GLsizei>(culledLines_.size());
        glBindVertexArray(culledLinesVao_);
        std::size_t capacity = culledIndexCapacity_;
        stream(GL_ELEMENT_ARRAY_BUFFER, culledIndexBuffer_, culledLines_.data(),
               culledLines_.size() * sizeof(GLuint), capacity);
        culledIndexCapacity_ = capacity;
        glBindVertexArray(0);
        culledScratch_.clear();
        culledSpeeds_.clear();
        const bool bySpeed = particleColoring != nullptr &&
                             particleColoring->speeds.size() == particleCount_;
        if (discs) {
            visibleParticles(positions_, view, culledDiscs_);
            for (std::uint32_t i : culledDiscs_)
                if (!highlights.grabbed || i != *highlights.grabbed) {
                    culledScratch_.push_back(scratch_[i]);
                    if (bySpeed)
                        culledSpeeds_.push_back(particleColoring->speeds[i]);
                }
        }
        culledDiscCount_ = static_cast<GLsizei>(culledScratch_.size());
        stream(GL_ARRAY_BUFFER, culledPositionBuffer_, culledScratch_.data(),
               culledScratch_.size() * sizeof(glm::vec2), culledPositionCapacity_);
    }

    // Back to front: axes, constraints, particles. Smooth lines (coverage-blended edges),
    // as the page's canvas draws them.
    glEnable(GL_LINE_SMOOTH);
    glHint(GL_LINE_SMOOTH_HINT, GL_NICEST);
    axesProgram_.use();
    setView(axesView_, camera, viewport);
    drawObstacles(camera, view); // beneath the axes and the cloth
    glBindVertexArray(axesVao_);
    glDrawArrays(GL_LINES, 0, 4);

    if (drawMode_ != DrawMode::Lines && gridded) {
        glDisable(GL_BLEND); // opaque cells: no blending, no smoothing, less work
        drawMesh(camera, viewport, cellPixels, coloring, particleColoring);
        glEnable(GL_BLEND);
    }
    if (lines) {
        linesProgram_.use();
        setView(linesView_, camera, viewport);
        drawLines(culled, coloring);
    }
    glDisable(GL_LINE_SMOOTH);

    discsProgram_.use();
    setView(discsView_, camera, viewport);
    if (discs)
        drawDiscs(highlights, culled, scale.x, particleColoring);
    glUniform1f(discsPixelScale_, static_cast<float>(scale.x));
    const auto valid = [&](std::optional<Index> i) { return i && *i < particleCount_; };
    for (Index pinned : highlights.pinned)
        if (valid(pinned))
            drawMarker(pinned, kPinnedScale * particleRadius_, kPinnedMinRadius, kPinnedColor);
    if (valid(highlights.hovered) && highlights.hovered != highlights.grabbed)
        drawMarker(*highlights.hovered, kHoveredScale * particleRadius_, kHoveredMinRadius,
                   kHoveredColor);
    if (valid(highlights.grabbed)) // the grabbed disc on top
        drawMarker(*highlights.grabbed, kGrabbedScale * particleRadius_, kGrabbedMinRadius,
                   kGrabbedColor);

    drawFrame(viewport, scale.x);
    glBindVertexArray(0);
    glDisable(GL_BLEND);
    glDisable(GL_SCISSOR_TEST);
}

} // namespace pbd::app
