#pragma once
/// \file
/// A picture read back from the framebuffer: what the screenshot, the frame files and the
/// video export share.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace pbd::app {

/// RGB pixels, 3 bytes per pixel, rows packed without padding and stored bottom-up (OpenGL's
/// order: row 0 is the bottom of the window).
struct FrameImage {
    int width = 0;  ///< pixels
    int height = 0; ///< pixels
    std::vector<std::uint8_t> rgb; ///< width * height * 3 bytes

    /// Bytes in one row.
    std::size_t rowBytes() const { return static_cast<std::size_t>(width) * 3; }
};

} // namespace pbd::app
