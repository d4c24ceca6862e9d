#pragma once
/// \file
/// Reads every frame back without waiting for the GPU: each frame's back buffer goes into a
/// pixel buffer object, and the pixels are fetched one frame later, when the copy has long
/// finished (two buffers in turn).

#include <array>
#include <cstddef>
#include <optional>

#include <glm/vec2.hpp>

#include "io/frame_image.h"

namespace pbd::app {

/// Asynchronous read-back of the window's frames through two pixel buffer objects. Needs the
/// window's GL context current; not copyable.
class FrameCapture {
public:
    FrameCapture();
    ~FrameCapture();
    FrameCapture(const FrameCapture&) = delete;
    FrameCapture& operator=(const FrameCapture&) = delete;

    /// Starts copying this frame's back buffer (`framebufferSize` pixels; call after drawing,
    /// before the swap) and returns the frame started by the previous call, if any.
    std::optional<FrameImage> capture(glm::ivec2 framebufferSize);
    /// The frame still being copied (after the last capture), if any.
    std::optional<FrameImage> finish();

private:
    struct Slot {
        unsigned buffer = 0;        ///< GL buffer name
        std::size_t capacity = 0;   ///< bytes allocated
        glm::ivec2 size{0};         ///< the frame in it
        bool pending = false;       ///< holds a frame not yet returned
    };
    std::optional<FrameImage> fetch(Slot& slot);

    std::array<Slot, 2> slots_{};
    std::size_t next_ = 0; ///< the slot the next capture fills
};

} // namespace pbd::app
