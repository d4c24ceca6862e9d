#include "render/frame_capture.h"

#include <cstring>

#include <glad/gl.h>

namespace pbd::app {

FrameCapture::FrameCapture()
{
    for (Slot& slot : slots_)
        glGenBuffers(1, &slot.buffer);
}

FrameCapture::~FrameCapture()
{
    for (Slot& slot : slots_)
        glDeleteBuffers(1, &slot.buffer);
}

std::optional<FrameImage> FrameCapture::capture(glm::ivec2 framebufferSize)
{
    // The slots take turns: this frame goes into one while the other holds the previous
    // frame, whose copy finished while this one was drawn. Each call returns the previous
    // frame, so at most one slot is pending between calls.
    Slot& slot = slots_[next_];
    Slot& previous = slots_[1 - next_];
    next_ = 1 - next_;
    if (framebufferSize.x > 0 && framebufferSize.y > 0) {
        const std::size_t bytes = static_cast<std::size_t>(framebufferSize.x) * 3 *
                                  static_cast<std::size_t>(framebufferSize.y);
        glBindBuffer(GL_PIXEL_PACK_BUFFER, slot.buffer);
        if (bytes != slot.capacity) {
            glBufferData(GL_PIXEL_PACK_BUFFER, static_cast<GLsizeiptr>(bytes), nullptr,
                         GL_STREAM_READ);
            slot.capacity = bytes;
        }
        glReadBuffer(GL_BACK);
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        glReadPixels(0, 0, framebufferSize.x, framebufferSize.y, GL_RGB, GL_UNSIGNED_BYTE,
                     nullptr); // into the bound buffer: returns without waiting
        glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
        slot.size = framebufferSize;
        slot.pending = true;
    }
    return fetch(previous);
}

std::optional<FrameImage> FrameCapture::finish()
{
    for (Slot& slot : slots_)
        if (slot.pending)
            return fetch(slot);
    return std::nullopt;
}

std::optional<FrameImage> FrameCapture::fetch(Slot& slot)
{
    if (!slot.pending)
        return std::nullopt;
    slot.pending = false;
    FrameImage image;
    image.width = slot.size.x;
    image.height = slot.size.y;
    image.rgb.resize(image.rowBytes() * static_cast<std::size_t>(image.height));
    glBindBuffer(GL_PIXEL_PACK_BUFFER, slot.buffer);
    const void* mapped = glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0,
                                          static_cast<GLsizeiptr>(image.rgb.size()),
                                          GL_MAP_READ_BIT);
    if (mapped != nullptr) {
        std::memcpy(image.rgb.data(), mapped, image.rgb.size());
        glUnmapBuffer(GL_PIXEL_PACK_BUFFER);
    }
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    if (mapped == nullptr)
        return std::nullopt;
    return image;
}

} // namespace pbd::app
