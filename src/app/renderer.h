#pragma once
/// \file
/// Draws the canvas: a light grey (#EEEEEE) background, the axes, constraints as grey lines,
/// particles as blue discs, the grabbed particle red and larger (the page's picture). Geometry lives in GPU buffers: constraint
/// indices are uploaded once per restart, positions streamed once per frame, discs instanced.

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include <glad/gl.h>
#include <glm/vec2.hpp>

#include "camera.h"
#include "gl_program.h"
#include "pbd/cloth.h"

namespace pbd::app {

/// Where to draw, in window coordinates (the camera's) and framebuffer pixels (GL's).
struct Viewport {
    glm::dvec2 windowSize{0.0};        ///< window coordinates
    glm::ivec2 framebufferSize{0};     ///< pixels
    glm::dvec2 canvasOffset{0.0};      ///< top-left of the canvas, window coordinates
    glm::dvec2 canvasSize{0.0};        ///< window coordinates
};

/// Owns the programs, vertex arrays and buffers. Needs a current OpenGL 3.3 core context for
/// its whole life; the constructor throws AppError when a shader fails.
class Renderer {
public:
    static constexpr double kParticleRadius = 0.025; ///< metres, as on the page
    static constexpr double kGrabbedScale = 3.0;     ///< the grabbed disc is this much larger

    Renderer();
    ~Renderer();
    Renderer(const Renderer&) = delete;
    Renderer& operator=(const Renderer&) = delete;

    /// Uploads the constraint index pairs (after every restart).
    void setConstraints(std::span<const DistanceConstraint> constraints);
    /// Streams the positions to the GPU, once per frame: converted to float into a buffer kept
    /// from frame to frame (no allocation unless the particle count grows) and uploaded in one
    /// call into storage of the same size.
    void upload(std::span<const glm::dvec2> positions);
    /// Clears the window and draws the canvas with the positions of the last upload. Makes no
    /// GL call at all for an empty window or framebuffer (a minimised window).
    void draw(std::optional<Index> grabbed, const Camera& camera, const Viewport& viewport);

private:
    struct ViewUniforms {
        GLint origin = -1, zoom = -1, windowSize = -1;
    };
    void setView(const ViewUniforms& u, const Camera& camera, const Viewport& viewport) const;

    GlProgram axesProgram_{"axes.vert.glsl", "axes.frag.glsl"};
    GlProgram linesProgram_{"lines.vert.glsl", "lines.frag.glsl"};
    GlProgram discsProgram_{"discs.vert.glsl", "discs.frag.glsl"};
    ViewUniforms axesView_, linesView_, discsView_;
    GLint linesColor_ = -1;
    GLint discsColor_ = -1, discsRadius_ = -1, discsSkip_ = -1, discsPixelScale_ = -1;

    GLuint axesVao_ = 0, axesVbo_ = 0;
    GLuint linesVao_ = 0, indexBuffer_ = 0;
    GLuint discsVao_ = 0, quadVbo_ = 0;
    GLuint positionBuffer_ = 0; ///< shared by lines (vertices) and discs (instances)
    GLsizei indexCount_ = 0;
    std::size_t positionCapacity_ = 0; ///< particles the position buffer can hold
    std::size_t particleCount_ = 0;    ///< particles of the last upload
    std::vector<glm::vec2> scratch_;   ///< positions converted to float for upload
};

} // namespace pbd::app
