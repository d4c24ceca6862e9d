#pragma once
/// \file
/// What the renderer is fed of the cloth and its world each frame: the constraints' lines when
/// they changed (rebuilt, torn, cut, or stepped off the window's thread), the positions
/// (unless the GPU solver's buffer is drawn), the disc and cell sizes, the draw mode, the
/// obstacles and balls, and the pinned particles drawn apart.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "logic/cloth_mesh.h"
#include "logic/obstacle_geometry.h"
#include "pbd/cloth.h"
#include "pbd/simulation.h"

namespace pbd::app {

class GpuView;
class Renderer;

class ClothFeed {
public:
    /// The first lines, as the window opens.
    void start(Renderer& renderer, const Simulation& simulation);
    /// Once per frame before drawing. `clothVersion`: the step driver's (it changes when a
    /// step made off the thread replaced the cloth); `gpu`: null without a GPU view.
    void upload(Renderer& renderer, GpuView* gpu, Simulation& simulation,
                std::uint64_t clothVersion, DrawMode mode, std::optional<WorldItem> selected);
    /// The pinned particles of this frame.
    std::span<const Index> pinned() const { return pinned_; }

private:
    std::uint64_t constraints_ = 0; ///< constraintsVersion() of the renderer's lines
    std::uint64_t cloth_ = 0;       ///< the step driver's clothVersion() of those lines
    std::vector<Index> pinned_;
};

} // namespace pbd::app
