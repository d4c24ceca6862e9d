#pragma once
/// \file
/// Reads what the window shows and writes it to PNG files: --screenshot, F12 and
/// --frames-dir all go through writePng.

#include <optional>
#include <string>

#include <glm/vec2.hpp>

#include "io/frame_image.h"

namespace pbd::app {

/// Reads the back buffer (call after drawing a frame and before swapping) of
/// `framebufferSize` pixels, waiting for the GPU. Empty for an empty size.
FrameImage readBackBuffer(glm::ivec2 framebufferSize);

/// Writes `image` to `path` as an RGB PNG, top row first (stb_image_write). Returns the
/// reason on failure, naming the path ("cannot create /ro/x.png: Read-only file system").
std::optional<std::string> writePng(const std::string& path, const FrameImage& image);

/// readBackBuffer, then writePng.
std::optional<std::string> writeScreenshot(const std::string& path, glm::ivec2 framebufferSize);

} // namespace pbd::app
