#include "render/mesh_renderer.h"

#include <array>

#include "logic/speed_colors.h"

namespace pbd::app {
namespace {

constexpr GLuint kPositionAttribute = 0;
constexpr GLuint kValueAttribute = 1;
constexpr GLint kMapUnit = 3; // apart from the lines' (0, 1) and the discs' (2) units
/// A cloth blue-grey, darker than the page's #EEEEEE background and apart from its #666666
/// lines, so that lines drawn on top still show.
constexpr std::array<float, 3> kClothColor{0.62f, 0.70f, 0.82f};
/// The back of the cloth (folded over) at this brightness.
constexpr float kBackShade = 0.6f;
/// Brightness change per unit of area change: 10% stretched is 5% darker.
constexpr float kStretchShade = 0.5f;

} // namespace

MeshRenderer::MeshRenderer(ProgramCache& programs)
    : program_(programs.program("mesh.vert.glsl", "mesh.frag.glsl")),
      strainTable_(programs.strainTable()), speedTable_(programs.speedTable())
{
    origin_ = program_.uniform("uOrigin");
    zoom_ = program_.uniform("uZoom");
    windowSize_ = program_.uniform("uWindowSize");
    mode_ = program_.uniform("uMode");
    color_ = program_.uniform("uColor");
    map_ = program_.uniform("uColorMap");
    scale_ = program_.uniform("uScale");
    backShade_ = program_.uniform("uBackShade");
    gridWidth_ = program_.uniform("uGridWidth");
    spacing_ = program_.uniform("uSpacing");
    stretchShade_ = program_.uniform("uStretchShade");
    program_.use();
    glUniform1i(map_, kMapUnit);
    glUseProgram(0);
    glGenVertexArrays(1, &vao_);
    glGenBuffers(1, &indexBuffer_);
    glGenBuffers(1, &valueBuffer_);
    glBindVertexArray(vao_);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indexBuffer_); // recorded in the vertex array
    glEnableVertexAttribArray(kPositionAttribute);
    glVertexAttrib1f(kValueAttribute, 0.0f); // not coloured: the attribute's constant
    glBindVertexArray(0);
}

MeshRenderer::~MeshRenderer()
{
    glDeleteVertexArrays(1, &vao_);
    const std::array<GLuint, 2> buffers{indexBuffer_, valueBuffer_};
    glDeleteBuffers(static_cast<GLsizei>(buffers.size()), buffers.data());
}

void MeshRenderer::pointAt(GLuint buffer)
{
    glBindVertexArray(vao_);
    glBindBuffer(GL_ARRAY_BUFFER, buffer);
    glVertexAttribPointer(kPositionAttribute, 2, GL_FLOAT, GL_FALSE, sizeof(glm::vec2), nullptr);
    glBindVertexArray(0);
}

void MeshRenderer::drawCloth(const Camera& camera, const Viewport& viewport, int step,
                             glm::dvec2 spacing, const LineSet& lines, std::size_t particles,
                             const LineColoring* coloring,
                             const ParticleColoring* particleColoring)
{
    const std::optional<MeshColoring> colored =
        meshColoringOf(lines, particles, coloring, particleColoring, strainTable_, speedTable_,
                       vertexStrains_, strainCounts_);
    const ViewTransform view{glm::vec2(camera.origin()), static_cast<float>(camera.zoom()),
                             glm::vec2(viewport.windowSize)};
    draw(step, view, glm::vec2(spacing), colored ? &*colored : nullptr);
}

std::optional<MeshColoring> meshColoringOf(const LineSet& lines, std::size_t particles,
                                           const LineColoring* coloring,
                                           const ParticleColoring* particleColoring,
                                           GLuint strainTable, GLuint speedTable,
                                           std::vector<float>& vertexStrains,
                                           std::vector<std::uint16_t>& counts)
{
    if (coloring != nullptr) { // as the lines: each vertex the mean strain of its lines
        particleStrains(lines, coloring->strains, particles, vertexStrains, counts);
        return MeshColoring{MeshColoring::Map::Strain, vertexStrains, strainTable,
                            coloring->scale};
    }
    if (particleColoring != nullptr && particleColoring->speeds.size() == particles)
        return MeshColoring{MeshColoring::Map::Speed, particleColoring->speeds, speedTable,
                            particleColoring->scale > 0.0 ? particleColoring->scale
                                                          : kMinSpeedScale};
    return std::nullopt;
}

void MeshRenderer::setGrid(int width, int height, std::span<const DistanceConstraint> constraints,
                           std::span<const std::uint8_t> alive)
{
    edges_ = gridEdges(width, height, constraints, alive);
    ++gridVersion_;
}

const LineSet& MeshRenderer::decimatedLines(int step)
{
    if (linesVersion_ != gridVersion_ || linesStep_ != step) {
        pbd::app::decimatedLines(edges_, step, lines_);
        linesVersion_ = gridVersion_;
        linesStep_ = step;
    }
    return lines_;
}

void MeshRenderer::draw(int step, const ViewTransform& view, glm::vec2 spacing,
                        const MeshColoring* coloring)
{
    glBindVertexArray(vao_);
    if (trianglesVersion_ != gridVersion_ || trianglesStep_ != step) {
        meshTriangles(edges_, step, triangles_);
        glBufferData(GL_ELEMENT_ARRAY_BUFFER,
                     static_cast<GLsizeiptr>(triangles_.size() * sizeof(std::uint32_t)),
                     triangles_.data(), GL_STATIC_DRAW);
        trianglesVersion_ = gridVersion_;
        trianglesStep_ = step;
    }
    program_.use();
    glUniform2f(origin_, view.origin.x, view.origin.y);
    glUniform1f(zoom_, view.zoom);
    glUniform2f(windowSize_, view.windowSize.x, view.windowSize.y);
    glUniform3fv(color_, 1, kClothColor.data());
    glUniform1f(backShade_, kBackShade);
    glUniform1f(stretchShade_, kStretchShade);
    glUniform1i(gridWidth_, edges_.width > 0 ? edges_.width : 1);
    glUniform2f(spacing_, spacing.x, spacing.y);
    const bool mapped = coloring != nullptr && !coloring->values.empty();
    glUniform1i(mode_, mapped ? (coloring->map == MeshColoring::Map::Strain ? 1 : 2) : 0);
    if (mapped) {
        const std::size_t bytes = coloring->values.size() * sizeof(float);
        glBindBuffer(GL_ARRAY_BUFFER, valueBuffer_);
        if (bytes > valueCapacity_) {
            glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(bytes), coloring->values.data(),
                         GL_STREAM_DRAW);
            valueCapacity_ = bytes;
        } else {
            glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(bytes),
                            coloring->values.data());
        }
        glVertexAttribPointer(kValueAttribute, 1, GL_FLOAT, GL_FALSE, sizeof(float), nullptr);
        glEnableVertexAttribArray(kValueAttribute);
        glActiveTexture(GL_TEXTURE0 + kMapUnit);
        glBindTexture(GL_TEXTURE_1D, coloring->table);
        glActiveTexture(GL_TEXTURE0);
        glUniform1f(scale_, static_cast<float>(coloring->scale > 0.0 ? coloring->scale : 1.0));
    }
    glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(triangles_.size()), GL_UNSIGNED_INT,
                   nullptr);
    if (mapped) {
        glDisableVertexAttribArray(kValueAttribute);
        glActiveTexture(GL_TEXTURE0 + kMapUnit);
        glBindTexture(GL_TEXTURE_1D, 0);
        glActiveTexture(GL_TEXTURE0);
    }
    glBindVertexArray(0);
}

} // namespace pbd::app
