#pragma once
/// \file
/// The renderer's cloth lines pass: the live constraints as smooth grey lines, or coloured by
/// strain (a per-line strain in a buffer texture, mapped through the strain table). Draws
/// every live constraint, or the decimated grid when cells are too small to tell apart
/// (useStep), and only the lines in view when part of the cloth is outside it (culled).

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include <glad/gl.h>

#include "logic/cloth_mesh.h"
#include "logic/view_culling.h"
#include "pbd/cloth.h"
#include "render/cloth_positions.h"
#include "render/program_cache.h"
#include "render/render_types.h"

namespace pbd::app {

class MeshRenderer;

/// Needs a current OpenGL 3.3 core context for its whole life.
class ClothLinesPass {
public:
    /// `positions`: the buffer its vertex attribute reads at first.
    ClothLinesPass(ProgramCache& programs, GLuint positions);
    ~ClothLinesPass();
    ClothLinesPass(const ClothLinesPass&) = delete;
    ClothLinesPass& operator=(const ClothLinesPass&) = delete;

    /// Points the lines' vertex attribute at `buffer` (float x, y pairs).
    void pointAt(GLuint buffer);
    /// Uploads the index pairs of the live constraints (alive[k] != 0) and draws them all.
    void setConstraints(std::span<const DistanceConstraint> constraints,
                        std::span<const std::uint8_t> alive);
    /// Every live constraint, in core order.
    const LineSet& fullLines() const { return fullLines_; }
    /// The level-of-detail step of the lines drawn (1: every constraint).
    int step() const { return step_; }
    /// Draws every `step`-th row and column (`mesh`'s decimated grid) from now on, or every
    /// constraint for 1; uploads only when the step changed.
    void useStep(int step, MeshRenderer& mesh);
    /// Draws the lines of `positions`: only those in `view` when `culled` (the CPU's
    /// positions), coloured by strain when `coloring`.
    void draw(const Camera& camera, const Viewport& viewport, const ClothPositions& positions,
              bool culled, const WorldRect& view, const LineColoring* coloring);

private:
    /// Uploads `lines` as the lines drawn (full or decimated).
    void useLines(const LineSet& lines, int step);
    void cull(const ClothPositions& positions, const WorldRect& view);

    const GlProgram& program_;
    ViewUniforms view_;
    GLint color_ = -1, byStrain_ = -1, strains_ = -1, colorMap_ = -1, strainScale_ = -1;
    GLuint strainTable_ = 0;                    ///< the cache's strain colour table
    GLuint strainBuffer_ = 0, strainTexture_ = 0; ///< per drawn line, per frame
    std::size_t strainCapacity_ = 0;            ///< bytes
    LineSet fullLines_;
    const LineSet* lines_ = &fullLines_; ///< the lines uploaded: full or decimated
    int step_ = 1;                       ///< the level of detail of lines_
    GLuint vao_ = 0, indexBuffer_ = 0;
    GLsizei indexCount_ = 0;
    GLuint culledVao_ = 0, culledIndexBuffer_ = 0; ///< the lines in view, per frame
    GLsizei culledIndexCount_ = 0;
    std::size_t culledIndexCapacity_ = 0;      ///< bytes
    std::vector<std::uint32_t> culledLines_;   ///< pairs in view, this frame
    std::vector<std::uint32_t> culledLineIds_; ///< uploaded line of each culled line
    std::vector<float> lineStrains_;           ///< strain of each drawn line, this frame
};

} // namespace pbd::app
