#pragma once
/// \file
/// The GL resources the renderer's passes share: each program built once from its two
/// embedded shader files and handed to every pass that asks for it, and the strain and speed
/// colour tables as 1D textures (the lines and the mesh sample the one, the discs and the mesh
/// the other). Needs a current OpenGL 3.3 core context for its whole life.

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include <glad/gl.h>

#include "render/gl_program.h"

namespace pbd::app {

class ProgramCache {
public:
    ProgramCache() = default;
    ~ProgramCache();
    ProgramCache(const ProgramCache&) = delete;
    ProgramCache& operator=(const ProgramCache&) = delete;

    /// The program of `vertexFile` and `fragmentFile` (names in shaders/), compiled and
    /// linked at the first request (throws AppError as GlProgram does) and kept.
    const GlProgram& program(std::string_view vertexFile, std::string_view fragmentFile);
    /// strainColorTable() as a linearly filtered 1D texture (made at the first request).
    GLuint strainTable();
    /// speedColorTable() as a linearly filtered 1D texture (made at the first request).
    GLuint speedTable();

private:
    std::map<std::pair<std::string, std::string>, std::unique_ptr<GlProgram>> programs_;
    GLuint strainTable_ = 0, speedTable_ = 0;
};

} // namespace pbd::app
