// The cloth lines pass: the live constraints' lines (all of them, or the decimated grid when
// cells are too small to tell apart), grey or coloured by strain.

#include "render/cloth_lines_pass.h"

#include <array>

#include "render/gl_buffers.h"
#include "render/mesh_renderer.h"

namespace pbd::app {
namespace {

// Constraints #666666, as the page.
constexpr std::array<float, 4> kConstraintColor{0x66 / 255.0f, 0x66 / 255.0f, 0x66 / 255.0f, 1.0f};
constexpr GLuint kPositionAttribute = 0;

} // namespace

ClothLinesPass::ClothLinesPass(ProgramCache& programs, GLuint positions)
    : program_(programs.program("lines.vert.glsl", "lines.frag.glsl"))
{
    view_ = {program_.uniform("uOrigin"), program_.uniform("uZoom"),
             program_.uniform("uWindowSize")};
    color_ = program_.uniform("uColor");
    byStrain_ = program_.uniform("uColorByStrain");
    strains_ = program_.uniform("uStrains");
    colorMap_ = program_.uniform("uColorMap");
    strainScale_ = program_.uniform("uStrainScale");
    // The two samplers on their own units for good: two sampler types on one unit make every
    // draw with the program fail, coloured or not.
    program_.use();
    glUniform1i(strains_, 0);
    glUniform1i(colorMap_, 1);
    glUseProgram(0);

    // The strain colour map as a 1D texture, and a buffer texture for per-line strains.
    strainTable_ = programs.strainTable();
    glGenBuffers(1, &strainBuffer_);
    glBindBuffer(GL_TEXTURE_BUFFER, strainBuffer_);
    glBufferData(GL_TEXTURE_BUFFER, sizeof(float), nullptr, GL_STREAM_DRAW);
    strainCapacity_ = sizeof(float);
    glGenTextures(1, &strainTexture_);
    glBindTexture(GL_TEXTURE_BUFFER, strainTexture_);
    glTexBuffer(GL_TEXTURE_BUFFER, GL_R32F, strainBuffer_);
    glBindTexture(GL_TEXTURE_BUFFER, 0);

    // Two line arrays over the same positions: all constraints, and the ones in view.
    for (auto [vao, indices] : {std::pair{&vao_, &indexBuffer_},
                                std::pair{&culledVao_, &culledIndexBuffer_}}) {
        glGenVertexArrays(1, vao);
        glBindVertexArray(*vao);
        glGenBuffers(1, indices);
        glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, *indices); // recorded in the VAO
        glBindBuffer(GL_ARRAY_BUFFER, positions);
        glEnableVertexAttribArray(kPositionAttribute);
        pointAtPosition(kPositionAttribute, 0);
    }
    glBindVertexArray(0);
}

ClothLinesPass::~ClothLinesPass()
{
    const std::array<GLuint, 2> arrays{vao_, culledVao_};
    glDeleteVertexArrays(static_cast<GLsizei>(arrays.size()), arrays.data());
    const std::array<GLuint, 3> buffers{indexBuffer_, culledIndexBuffer_, strainBuffer_};
    glDeleteBuffers(static_cast<GLsizei>(buffers.size()), buffers.data());
    glDeleteTextures(1, &strainTexture_);
}

void ClothLinesPass::pointAt(GLuint buffer)
{
    glBindBuffer(GL_ARRAY_BUFFER, buffer);
    for (GLuint vao : {vao_, culledVao_}) {
        glBindVertexArray(vao);
        pointAtPosition(kPositionAttribute, 0);
    }
    glBindVertexArray(0);
}

void ClothLinesPass::setConstraints(std::span<const DistanceConstraint> constraints,
                                    std::span<const std::uint8_t> alive)
{
    fullLines_.pairs.clear();
    fullLines_.pairs.reserve(2 * constraints.size());
    fullLines_.constraints.clear();
    fullLines_.constraints.reserve(constraints.size());
    for (std::size_t k = 0; k < constraints.size(); ++k) {
        if (k < alive.size() && alive[k] == 0)
            continue; // torn or cut
        fullLines_.pairs.push_back(constraints[k].a);
        fullLines_.pairs.push_back(constraints[k].b);
        fullLines_.constraints.push_back(static_cast<std::uint32_t>(k));
    }
    useLines(fullLines_, 1); // the renderer decimates again when the zoom asks for it
}

void ClothLinesPass::useStep(int step, MeshRenderer& mesh)
{
    if (step != step_)
        useLines(step > 1 ? mesh.decimatedLines(step) : fullLines_, step);
}

void ClothLinesPass::useLines(const LineSet& lines, int step)
{
    lines_ = &lines;
    step_ = step;
    glBindVertexArray(vao_);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER,
                 static_cast<GLsizeiptr>(lines.pairs.size() * sizeof(GLuint)),
                 lines.pairs.data(), GL_STATIC_DRAW);
    glBindVertexArray(0);
    indexCount_ = static_cast<GLsizei>(lines.pairs.size());
}

void ClothLinesPass::cull(const ClothPositions& positions, const WorldRect& view)
{
    visibleLines(positions.positions(), lines_->pairs, view, culledLines_, &culledLineIds_);
    culledIndexCount_ = static_cast<GLsizei>(culledLines_.size());
    glBindVertexArray(culledVao_);
    std::size_t capacity = culledIndexCapacity_;
    stream(GL_ELEMENT_ARRAY_BUFFER, culledIndexBuffer_, culledLines_.data(),
           culledLines_.size() * sizeof(GLuint), capacity);
    culledIndexCapacity_ = capacity;
    glBindVertexArray(0);
}

void ClothLinesPass::draw(const Camera& camera, const Viewport& viewport,
                          const ClothPositions& positions, bool culled, const WorldRect& view,
                          const LineColoring* coloring)
{
    if (culled)
        cull(positions, view);
    program_.use();
    view_.set(camera, viewport);
    glUniform4fv(color_, 1, kConstraintColor.data());
    glUniform1i(byStrain_, coloring != nullptr ? 1 : 0);
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
        glBindTexture(GL_TEXTURE_1D, strainTable_);
        glActiveTexture(GL_TEXTURE0);
        glUniform1f(strainScale_, static_cast<float>(coloring->scale > 0.0 ? coloring->scale : 1.0));
    }
    glBindVertexArray(culled ? culledVao_ : vao_);
    glDrawElements(GL_LINES, culled ? culledIndexCount_ : indexCount_, GL_UNSIGNED_INT, nullptr);
    if (coloring != nullptr) {
        glActiveTexture(GL_TEXTURE1);
        glBindTexture(GL_TEXTURE_1D, 0);
        glActiveTexture(GL_TEXTURE0);
        glBindTexture(GL_TEXTURE_BUFFER, 0);
    }
}

} // namespace pbd::app
