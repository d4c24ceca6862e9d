#pragma once
/// \file
/// Writes what the window shows to a PNG file.

#include <optional>
#include <string>

#include <glm/vec2.hpp>

namespace pbd::app {

/// Reads the back buffer (call after drawing a frame and before swapping) of
/// `framebufferSize` pixels and writes it to `path` as an RGB PNG. Returns an error message on
/// failure.
std::optional<std::string> writeScreenshot(const std::string& path, glm::ivec2 framebufferSize);

} // namespace pbd::app
