#include "render/program_cache.h"

#include <array>

#include <glm/vec3.hpp>

#include "logic/speed_colors.h"
#include "logic/strain_colors.h"

namespace pbd::app {
namespace {

/// A linearly filtered 1D texture of a colour map's RGB entries (clamped at both ends), as
/// the shaders sample the strain and speed maps.
template <std::size_t N>
GLuint colorTableTexture(const std::array<glm::vec3, N>& table)
{
    GLuint texture = 0;
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_1D, texture);
    glTexImage1D(GL_TEXTURE_1D, 0, GL_RGB32F, static_cast<GLsizei>(N), 0, GL_RGB, GL_FLOAT,
                 table.data());
    glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glBindTexture(GL_TEXTURE_1D, 0);
    return texture;
}

} // namespace

ProgramCache::~ProgramCache()
{
    const std::array<GLuint, 2> textures{strainTable_, speedTable_};
    glDeleteTextures(static_cast<GLsizei>(textures.size()), textures.data());
}

const GlProgram& ProgramCache::program(std::string_view vertexFile, std::string_view fragmentFile)
{
    std::unique_ptr<GlProgram>& slot =
        programs_[{std::string(vertexFile), std::string(fragmentFile)}];
    if (!slot)
        slot = std::make_unique<GlProgram>(vertexFile, fragmentFile);
    return *slot;
}

GLuint ProgramCache::strainTable()
{
    if (strainTable_ == 0)
        strainTable_ = colorTableTexture(strainColorTable());
    return strainTable_;
}

GLuint ProgramCache::speedTable()
{
    if (speedTable_ == 0)
        speedTable_ = colorTableTexture(speedColorTable());
    return speedTable_;
}

} // namespace pbd::app
