#pragma once
/// \file
/// The cloth's positions as every pass reads them, from one of two sources: streamed from the
/// CPU once per frame into a float buffer kept from frame to frame (upload), or read where
/// they already are on the GPU (useGpu: the GPU solver's buffer, nothing copied). Keeps the
/// CPU's positions of the last upload and the box around them, for culling.

#include <cstddef>
#include <span>
#include <vector>

#include <glad/gl.h>
#include <glm/vec2.hpp>

namespace pbd::app {

/// Needs a current OpenGL 3.3 core context for its whole life.
class ClothPositions {
public:
    ClothPositions();
    ~ClothPositions();
    ClothPositions(const ClothPositions&) = delete;
    ClothPositions& operator=(const ClothPositions&) = delete;

    /// Converts `positions` to float and uploads them in one call into the own buffer (no
    /// allocation unless the particle count grows); they must stay unchanged until drawn.
    /// The source must be the own buffer (the renderer points the passes back first).
    void upload(std::span<const glm::dvec2> positions);
    /// Reads `count` particles from `buffer` (on this context) from now on.
    void useGpu(GLuint buffer, std::size_t count);
    /// Stops reading the GPU buffer; the next draw needs upload().
    void releaseGpu();

    /// The own buffer, which upload() fills.
    GLuint buffer() const { return buffer_; }
    /// What the passes' attributes read: buffer() or a GPU buffer.
    GLuint source() const { return source_; }
    /// True while reading a GPU buffer.
    bool onGpu() const { return source_ != buffer_; }
    /// Particles of the last upload, or of the GPU buffer.
    std::size_t count() const { return count_; }
    /// The CPU's positions of the last upload (empty while on the GPU).
    std::span<const glm::dvec2> positions() const { return positions_; }
    /// Those positions as float, as uploaded.
    const std::vector<glm::vec2>& floats() const { return floats_; }
    /// The box around the finite positions of the last upload.
    glm::dvec2 boundsMin() const { return boundsMin_; }
    glm::dvec2 boundsMax() const { return boundsMax_; }

private:
    GLuint buffer_ = 0;
    GLuint source_ = 0;
    std::size_t capacity_ = 0; ///< particles the buffer can hold
    std::size_t count_ = 0;
    std::vector<glm::vec2> floats_;
    std::span<const glm::dvec2> positions_;
    glm::dvec2 boundsMin_{0.0}, boundsMax_{0.0};
};

} // namespace pbd::app
