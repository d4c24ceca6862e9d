#pragma once
/// \file
/// The particle under the pointer, found on the GPU: the app's hover while the positions live
/// in the GPU solver's buffers, read back a frame later as two numbers instead of the cloth.

#include <memory>
#include <optional>
#include <string>

#include <glm/vec2.hpp>

#include "pbd/cloth.h"

namespace pbd::gpu {

/// A search queued on the GPU and read when done, without waiting: request() dispatches two
/// small compute passes over a buffer of float (x, y) positions (GpuSolver::renderPositions)
/// and sets a fence; poll() reads the 8-byte answer once the fence has signalled (a frame or
/// so later). One search is in flight at a time. Needs the OpenGL 4.3 context it was made on.
class GpuPick {
public:
    /// Compiles the two kernels; null and `why` set when they do not compile.
    static std::unique_ptr<GpuPick> create(std::string& why);
    ~GpuPick();
    GpuPick(const GpuPick&) = delete;
    GpuPick& operator=(const GpuPick&) = delete;

    /// Queues a search for the particle nearest to `point` (window pixels) strictly within
    /// `radiusPixels`, where particle i of `positions` (a buffer of `count` float pairs, world
    /// metres) appears at origin + zoom * (x, -y) (Camera::worldToScreen); the lowest index
    /// among equals, as pickParticle. Does nothing while an earlier search is in flight
    /// (returns false then).
    bool request(unsigned positions, std::size_t count, glm::dvec2 origin, double zoom,
                 glm::dvec2 point, double radiusPixels);
    /// True while a search is queued and not yet read.
    bool pending() const { return fence_ != nullptr; }
    /// Reads the answer of the search in flight once the GPU has done it: returns true and
    /// sets `particle` (none when no particle is near enough); returns false, leaving
    /// `particle` alone, while it is not done yet or when none is in flight. With `wait`,
    /// waits for it (tests).
    bool poll(std::optional<Index>& particle, bool wait = false);
    /// Searches read so far.
    std::size_t answers() const { return answers_; }

private:
    GpuPick() = default;
    unsigned nearest_ = 0;  ///< stage 6
    unsigned lowest_ = 0;   ///< stage 7
    unsigned result_ = 0;   ///< {distance bits, index}
    void* fence_ = nullptr; ///< GLsync of the search in flight
    std::size_t answers_ = 0;
};

} // namespace pbd::gpu
