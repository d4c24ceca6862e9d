#pragma once
/// \file
/// The renderer's particles and pins pass: the particles as instanced blue discs (or coloured
/// by speed through the speed table, a per-instance attribute beside the positions), none
/// under 2 pixels across; then, on top, the pinned particles as dark rings, the one under the
/// pointer orange and the grabbed one red and larger. Only the discs in view are drawn when
/// part of the cloth is outside it.

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <glad/gl.h>
#include <glm/vec2.hpp>

#include "logic/view_culling.h"
#include "render/cloth_positions.h"
#include "render/program_cache.h"
#include "render/render_types.h"

namespace pbd::app {

/// The markers' colours (RGBA), the 2D discs' and the 3D view's alike: the grabbed particle
/// red (as the page), the hovered one orange, pinned ones dark slate (apart from the blue
/// free particles and the red grabbed one).
inline constexpr std::array<float, 4> kGrabbedMarkerColor{1.0f, 0.0f, 0.0f, 1.0f};
inline constexpr std::array<float, 4> kHoveredMarkerColor{1.0f, 0.55f, 0.0f, 0.9f};
inline constexpr std::array<float, 4> kPinnedMarkerColor{0.15f, 0.15f, 0.2f, 1.0f};
/// The 3D view's marker radii in CSS pixels (the 2D discs' smallest, a little larger).
inline constexpr float kPinnedMarkerRadius = 4.0f;
inline constexpr float kHoveredMarkerRadius = 6.0f;
inline constexpr float kGrabbedMarkerRadius = 5.0f;

/// Needs a current OpenGL 3.3 core context for its whole life.
class ParticlesPass {
public:
    static constexpr double kParticleRadius = 0.025; ///< metres, as on the page (the default)
    static constexpr double kGrabbedScale = 3.0;     ///< the grabbed disc is this much larger
    /// The grabbed disc's smallest radius in window pixels (6 px across at any zoom).
    static constexpr double kGrabbedMinRadius = 3.0;
    static constexpr double kHoveredScale = 2.0;     ///< the hovered disc is this much larger
    /// The hovered disc's smallest radius in window pixels.
    static constexpr double kHoveredMinRadius = 4.0;
    static constexpr double kPinnedScale = 1.8;      ///< a pinned disc is this much larger
    /// A pinned disc's smallest radius in window pixels.
    static constexpr double kPinnedMinRadius = 3.5;

    /// `positions`: the buffer the discs' instances read at first.
    ParticlesPass(ProgramCache& programs, GLuint positions);
    ~ParticlesPass();
    ParticlesPass(const ParticlesPass&) = delete;
    ParticlesPass& operator=(const ParticlesPass&) = delete;

    /// Points the discs' instance attribute at `buffer` (float x, y pairs).
    void pointAt(GLuint buffer);
    /// The discs' radius in metres (> 0), from which the markers are scaled too.
    void setRadius(double metres) { radius_ = metres; }
    double radius() const { return radius_; }
    /// Draws the discs of `positions` (when `discs`: big enough to see; only those in `view`
    /// when `culled`), then the markers. `pixelScale`: framebuffer pixels per window pixel.
    void draw(const Camera& camera, const Viewport& viewport, const Highlights& highlights,
              const ClothPositions& positions, bool culled, const WorldRect& view, bool discs,
              double pixelScale, const ParticleColoring* coloring);

private:
    void cull(const ClothPositions& positions, const WorldRect& view, bool discs,
              const Highlights& highlights, const ParticleColoring* coloring);
    void drawDiscs(const Highlights& highlights, std::size_t count, bool culled,
                   double pixelScale, const ParticleColoring* coloring);
    /// One disc on top of the others, read from particle `index`'s slot of `source`.
    void drawMarker(GLuint source, Index index, double radius, double minRadius,
                    const std::array<float, 4>& color);

    const GlProgram& program_;
    ViewUniforms view_;
    GLint color_ = -1, radiusUniform_ = -1, skip_ = -1, pixelScale_ = -1, minRadius_ = -1;
    GLint bySpeed_ = -1, speedMap_ = -1, speedScale_ = -1;
    GLuint speedTable_ = 0;                   ///< the cache's speed colour table
    GLuint quadVbo_ = 0;
    GLuint vao_ = 0;                          ///< every particle: instance i = particle i
    GLuint speedBuffer_ = 0;                  ///< per particle, per frame (by speed)
    std::size_t speedCapacity_ = 0;           ///< bytes
    GLuint culledVao_ = 0, culledPositionBuffer_ = 0; ///< the discs in view, per frame
    GLuint culledSpeedBuffer_ = 0;            ///< per disc in view, per frame (by speed)
    std::size_t culledPositionCapacity_ = 0, culledSpeedCapacity_ = 0; ///< bytes
    GLsizei culledCount_ = 0;
    std::vector<std::uint32_t> culledDiscs_;  ///< particles in view, this frame
    std::vector<glm::vec2> culledPositions_;  ///< their positions as float
    std::vector<float> culledSpeeds_;         ///< speeds of the discs in view
    double radius_ = kParticleRadius;         ///< metres (setRadius)
};

} // namespace pbd::app
