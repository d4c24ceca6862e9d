#pragma once
/// \file
/// The GLSL sources: embedded into the binary at build time (from shaders/), or read from
/// the folder named by the environment variable PBD_SHADER_DIR when it is set, so that a
/// developer can edit shaders without rebuilding (and a test can feed a broken one).

#include <string>
#include <string_view>

namespace pbd::app {

/// The source of shader file `name` (e.g. "lines.vert.glsl"). Throws AppError when it is
/// neither embedded nor readable from PBD_SHADER_DIR.
std::string shaderSource(std::string_view name);

} // namespace pbd::app
