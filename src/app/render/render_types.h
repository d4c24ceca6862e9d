#pragma once
/// \file
/// What the renderer's passes share: where to draw (Viewport), which particles are drawn
/// apart (Highlights), the colourings, and the view uniforms every world-space program has.

#include <optional>
#include <span>

#include <glad/gl.h>
#include <glm/vec2.hpp>

#include "logic/camera.h"
#include "pbd/cloth.h"

namespace pbd::app {

/// Where to draw, in window coordinates (the camera's) and framebuffer pixels (GL's).
struct Viewport {
    glm::dvec2 windowSize{0.0};        ///< window coordinates
    glm::ivec2 framebufferSize{0};     ///< pixels
    glm::dvec2 canvasOffset{0.0};      ///< top-left of the canvas, window coordinates
    glm::dvec2 canvasSize{0.0};        ///< window coordinates
    double logicalScale = 1.0;         ///< window pixels per CSS pixel of the page
};

/// The particles drawn apart from the others.
struct Highlights {
    std::optional<Index> grabbed; ///< red, larger, on top
    std::optional<Index> hovered; ///< the particle a left click would grab now
    std::span<const Index> pinned; ///< pinned particles (fixed corners too): dark rings
};

/// Lines coloured by strain (see strain_colors.h).
struct LineColoring {
    std::span<const float> strains; ///< signed strain per constraint (all, in core order)
    double scale = 1.0;             ///< strain at which the colour saturates, > 0
};

/// Particles coloured by speed (see speed_colors.h).
struct ParticleColoring {
    std::span<const float> speeds; ///< speed per particle in m/s (all, in core order)
    double scale = 1.0;            ///< speed at which the colour saturates, m/s, > 0
};

/// The camera's uniforms of a world-space program (uOrigin, uZoom, uWindowSize).
struct ViewUniforms {
    GLint origin = -1, zoom = -1, windowSize = -1;

    /// Sets them for `camera` in `viewport` (the program in use).
    void set(const Camera& camera, const Viewport& viewport) const
    {
        glUniform2f(origin, static_cast<float>(camera.origin().x),
                    static_cast<float>(camera.origin().y));
        glUniform1f(zoom, static_cast<float>(camera.zoom()));
        glUniform2f(windowSize, static_cast<float>(viewport.windowSize.x),
                    static_cast<float>(viewport.windowSize.y));
    }
};

} // namespace pbd::app
