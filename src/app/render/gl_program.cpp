#include "render/gl_program.h"

#include <string>
#include <vector>

#include "logic/app_error.h"
#include "render/shader_sources.h"

namespace pbd::app {
namespace {

std::string infoLog(GLuint object, bool isProgram)
{
    GLint length = 0;
    if (isProgram)
        glGetProgramiv(object, GL_INFO_LOG_LENGTH, &length);
    else
        glGetShaderiv(object, GL_INFO_LOG_LENGTH, &length);
    std::vector<char> log(static_cast<std::size_t>(length > 1 ? length : 1), '\0');
    if (isProgram)
        glGetProgramInfoLog(object, length, nullptr, log.data());
    else
        glGetShaderInfoLog(object, length, nullptr, log.data());
    std::string text(log.data());
    while (!text.empty() && (text.back() == '\n' || text.back() == '\0'))
        text.pop_back();
    return text.empty() ? "(empty info log)" : text;
}

GLuint compile(GLenum type, std::string_view file)
{
    const std::string source = shaderSource(file);
    const GLuint shader = glCreateShader(type);
    const char* text = source.c_str();
    glShaderSource(shader, 1, &text, nullptr);
    glCompileShader(shader);
    GLint ok = GL_FALSE;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (ok != GL_TRUE) {
        const std::string log = infoLog(shader, false);
        glDeleteShader(shader);
        throw AppError("pbd-cloth: shader " + std::string(file) + " failed to compile:\n" + log);
    }
    return shader;
}

} // namespace

GlProgram::GlProgram(std::string_view vertexFile, std::string_view fragmentFile)
{
    const GLuint vertex = compile(GL_VERTEX_SHADER, vertexFile);
    GLuint fragment = 0;
    try {
        fragment = compile(GL_FRAGMENT_SHADER, fragmentFile);
    } catch (...) {
        glDeleteShader(vertex);
        throw;
    }
    program_ = glCreateProgram();
    glAttachShader(program_, vertex);
    glAttachShader(program_, fragment);
    glLinkProgram(program_);
    glDeleteShader(vertex); // flagged for deletion; freed with the program
    glDeleteShader(fragment);
    GLint ok = GL_FALSE;
    glGetProgramiv(program_, GL_LINK_STATUS, &ok);
    if (ok != GL_TRUE) {
        const std::string log = infoLog(program_, true);
        glDeleteProgram(program_);
        throw AppError("pbd-cloth: shaders " + std::string(vertexFile) + " + " +
                       std::string(fragmentFile) + " failed to link:\n" + log);
    }
}

GlProgram::~GlProgram()
{
    glDeleteProgram(program_);
}

GLint GlProgram::uniform(const char* name) const
{
    const GLint location = glGetUniformLocation(program_, name);
    if (location < 0)
        throw AppError(std::string("pbd-cloth: shader program has no active uniform ") + name);
    return location;
}

} // namespace pbd::app
