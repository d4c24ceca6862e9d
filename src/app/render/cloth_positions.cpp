#include "render/cloth_positions.h"

#include <limits>

#include <glm/common.hpp>

#include "render/gl_buffers.h"

namespace pbd::app {

ClothPositions::ClothPositions()
{
    glGenBuffers(1, &buffer_);
    source_ = buffer_;
}

ClothPositions::~ClothPositions()
{
    glDeleteBuffers(1, &buffer_);
}

void ClothPositions::upload(std::span<const glm::dvec2> positions)
{
    source_ = buffer_;
    if (floats_.size() != positions.size())
        floats_.resize(positions.size()); // only after a restart with another cloth size
    constexpr double kInf = std::numeric_limits<double>::infinity();
    glm::dvec2 lo{kInf}, hi{-kInf};
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const glm::dvec2 p = positions[i];
        floats_[i] = glm::vec2(p);
        lo = glm::min(lo, p); // NaN leaves the bounds alone (min/max keep the first operand)
        hi = glm::max(hi, p);
    }
    positions_ = positions;
    boundsMin_ = lo;
    boundsMax_ = hi;
    count_ = positions.size();
    std::size_t bytes = capacity_ * sizeof(glm::vec2);
    stream(GL_ARRAY_BUFFER, buffer_, floats_.data(), floats_.size() * sizeof(glm::vec2), bytes);
    capacity_ = bytes / sizeof(glm::vec2);
}

void ClothPositions::useGpu(GLuint buffer, std::size_t count)
{
    source_ = buffer;
    count_ = count;
    positions_ = {};
}

void ClothPositions::releaseGpu()
{
    source_ = buffer_;
    count_ = 0;
}

} // namespace pbd::app
