// What the renderer draws of the cloth's structure: the live constraints' lines (all of them,
// or the decimated grid when cells are too small to tell apart) and the filled mesh with its
// colours (render/mesh_renderer.h draws it).

#include "logic/speed_colors.h"
#include "render/renderer.h"

namespace pbd::app {

void Renderer::setConstraints(std::span<const DistanceConstraint> constraints,
                              std::span<const std::uint8_t> alive, int width, int height)
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
    mesh_.setGrid(width, height, constraints, alive);
    useLines(fullLines_, 1); // draw() decimates again when the zoom asks for it
}

void Renderer::useLines(const LineSet& lines, int step)
{
    lines_ = &lines;
    lineStep_ = step;
    glBindVertexArray(linesVao_);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER,
                 static_cast<GLsizeiptr>(lines.pairs.size() * sizeof(GLuint)),
                 lines.pairs.data(), GL_STATIC_DRAW);
    glBindVertexArray(0);
    indexCount_ = static_cast<GLsizei>(lines.pairs.size());
}

void Renderer::drawMesh(const Camera& camera, const Viewport& viewport, double cellPixels,
                        const LineColoring* coloring, const ParticleColoring* particleColoring)
{
    MeshColoring meshColoring;
    const MeshColoring* colored = nullptr;
    if (coloring != nullptr) { // as the lines: each vertex the mean strain of its lines
        particleStrains(fullLines_, coloring->strains, particleCount_, vertexStrains_,
                        strainCounts_);
        meshColoring = {MeshColoring::Map::Strain, vertexStrains_, colorMapTexture_,
                        coloring->scale};
        colored = &meshColoring;
    } else if (particleColoring != nullptr && particleColoring->speeds.size() == particleCount_) {
        meshColoring = {MeshColoring::Map::Speed, particleColoring->speeds, speedMapTexture_,
                        particleColoring->scale > 0.0 ? particleColoring->scale : kMinSpeedScale};
        colored = &meshColoring;
    }
    const ViewTransform view{glm::vec2(camera.origin()), static_cast<float>(camera.zoom()),
                             glm::vec2(viewport.windowSize)};
    mesh_.draw(lodStep(cellPixels), view, glm::vec2(cellSpacing_), colored);
}

} // namespace pbd::app
