#pragma once
/// \file
/// Small GL buffer helpers the renderer's passes share.

#include <cstddef>

#include <glad/gl.h>
#include <glm/vec2.hpp>

namespace pbd::app {

/// Fills `buffer` (bound to `target`) with `bytes`, reallocating only when it must grow.
inline void stream(GLenum target, GLuint buffer, const void* data, std::size_t bytes,
                   std::size_t& capacity)
{
    glBindBuffer(target, buffer);
    if (bytes > capacity) {
        glBufferData(target, static_cast<GLsizeiptr>(bytes), data, GL_STREAM_DRAW);
        capacity = bytes;
    } else if (bytes > 0) {
        glBufferSubData(target, 0, static_cast<GLsizeiptr>(bytes), data);
    }
}

/// Points `attribute` at float (x, y) positions of the bound array buffer, from particle
/// `firstParticle` on.
inline void pointAtPosition(GLuint attribute, std::size_t firstParticle)
{
    glVertexAttribPointer(attribute, 2, GL_FLOAT, GL_FALSE, sizeof(glm::vec2),
                          reinterpret_cast<const void*>(firstParticle * sizeof(glm::vec2)));
}

} // namespace pbd::app
