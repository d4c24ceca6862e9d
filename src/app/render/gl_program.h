#pragma once
/// \file
/// A linked GLSL program built from two embedded shader files, with its uniforms by name.

#include <string_view>

#include <glad/gl.h>

namespace pbd::app {

/// Owns one OpenGL program object. Needs a current context for its whole life.
class GlProgram {
public:
    /// Compiles and links `vertexFile` and `fragmentFile` (names in shaders/). Throws AppError
    /// naming the file and quoting the GL info log when compiling or linking fails.
    GlProgram(std::string_view vertexFile, std::string_view fragmentFile);
    ~GlProgram();
    GlProgram(const GlProgram&) = delete;
    GlProgram& operator=(const GlProgram&) = delete;

    void use() const { glUseProgram(program_); }
    /// The location of a uniform; throws AppError when the program has no such active uniform,
    /// so that a renamed uniform fails loudly at startup instead of drawing nothing.
    GLint uniform(const char* name) const;

private:
    GLuint program_ = 0;
};

} // namespace pbd::app
