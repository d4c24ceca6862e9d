#include "render/cloth_feed.h"

#include "logic/view_culling.h"
#include "render/gpu_view.h"
#include "render/renderer.h"

namespace pbd::app {

void ClothFeed::start(Renderer& renderer, const Simulation& simulation)
{
    renderer.setConstraints(simulation.constraints(), simulation.alive(),
                            simulation.settings().width, simulation.settings().height);
    constraints_ = simulation.constraintsVersion();
}

void ClothFeed::upload(Renderer& renderer, GpuView* gpu, Simulation& simulation,
                       std::uint64_t clothVersion, DrawMode mode,
                       std::optional<WorldItem> selected)
{
    if (simulation.constraintsVersion() != constraints_ || // rebuilt, torn, cut
        clothVersion != cloth_) {                           // or stepped off the thread
        renderer.setConstraints(simulation.constraints(), simulation.alive(),
                                simulation.settings().width, simulation.settings().height);
        constraints_ = simulation.constraintsVersion();
        cloth_ = clothVersion;
    }
    if (gpu == nullptr || !gpu->draw(simulation, renderer)) {
        simulation.sync(); // nothing to read: the CPU solvers, or a fresh edit made here
        renderer.upload(simulation.particles().position);
    }
    const ClothRestLengths rest = clothRestLengths(simulation.settings());
    renderer.setParticleRadius(discRadius(rest));
    renderer.setCellSize(rest.horizontal, rest.vertical);
    renderer.setDrawMode(mode);
    renderer.setObstacles(simulation.obstacles()); // either solver: kept on the CPU
    renderer.setBalls(simulation.balls(), selected);
    pinned_.clear();
    const Particles& particles = simulation.particles(); // flags are always current
    for (Index i = 0; i < particles.size(); ++i)
        if (particles.pinned(i))
            pinned_.push_back(i);
}

} // namespace pbd::app
