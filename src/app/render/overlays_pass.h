#pragma once
/// \file
/// The renderer's overlays pass, over everything else of the canvas: its rounded frame, as
/// the page's CSS draws it (a black border inset from the canvas's edge with rounded corners,
/// white outside it). Only the band the border can touch is drawn (a software renderer's cost
/// is per pixel shaded). The ImGui overlays (badges, legends, the knife's line) are drawn
/// later by the window layer, over the GL picture.

#include <glad/gl.h>

#include "render/program_cache.h"
#include "render/render_types.h"

namespace pbd::app {

/// Needs a current OpenGL 3.3 core context for its whole life.
class OverlaysPass {
public:
    explicit OverlaysPass(ProgramCache& programs);
    ~OverlaysPass();
    OverlaysPass(const OverlaysPass&) = delete;
    OverlaysPass& operator=(const OverlaysPass&) = delete;

    /// Draws the frame around the canvas of `viewport` (`pixelScale`: framebuffer pixels per
    /// window pixel).
    void draw(const Viewport& viewport, double pixelScale);

private:
    const GlProgram& program_;
    struct Uniforms {
        GLint rectMin = -1, rectMax = -1, windowSize = -1, inset = -1, radius = -1, border = -1,
              pixelScale = -1, borderColor = -1, outsideColor = -1;
    } uniforms_;
    GLuint vao_ = 0, vbo_ = 0; ///< the frame's band, window pixels, per frame
};

} // namespace pbd::app
