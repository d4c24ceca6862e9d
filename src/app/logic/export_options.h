#pragma once
/// \file
/// What the exports (Save PNG / F12, Export video) take of the window: the whole window or the
/// canvas only, and whether the hover ring and the grab radius's circle are drawn into them.
/// GL-free: the app reads the pixels this says.

#include <glm/vec2.hpp>

namespace pbd::app {

/// The Export section's options (the preferences' exports; flags --png-canvas-only,
/// --video-with-panel, --export-hover-ring).
struct ExportOptions {
    bool pngCanvasOnly = false;  ///< Save PNG / F12 write the canvas only (else the window)
    bool videoCanvasOnly = true; ///< Export video records the canvas only (the default)
    /// Frames that an export reads show the hover ring and the grab radius's circle; off
    /// (the default): those frames are drawn without them, on screen too
    bool hoverRing = false;

    bool operator==(const ExportOptions&) const = default;
};

/// The framebuffer pixels an export reads, from the bottom-left corner (glReadPixels' origin;
/// the canvas is the window's left part, full height): the whole framebuffer, or the
/// canvas's columns, `canvasWidth` of `windowWidth` window coordinates scaled to framebuffer
/// pixels (rounded, at least 1, at most the framebuffer's width). Sizes that are not
/// positive or finite give the whole framebuffer.
glm::ivec2 exportedPixels(bool canvasOnly, glm::ivec2 framebufferSize, double canvasWidth,
                          double windowWidth);

/// Whether this frame draws the hover ring and the grab radius's circle: always, unless an
/// export reads this frame (`exported`) and the options leave them out.
inline bool drawsHoverRing(const ExportOptions& options, bool exported)
{
    return options.hoverRing || !exported;
}

} // namespace pbd::app
