#include "gui/canvas_colours.h"

#include "gui/strain_legend.h"
#include "logic/speed_colors.h"
#include "logic/strain_colors.h"
#include "pbd/speed.h"
#include "pbd/strain.h"

namespace pbd::app {

template <glm::length_t D>
void CanvasColours::update(SimulationOf<D>& simulation, const Preferences& preferences,
                           const Viewport& view, float contentScale)
{
    lines_.reset();
    strainLegend_.reset();
    double legendTop = 0.0; // window pixels above the canvas's bottom taken by legends
    strainScale_ = 0.0;
    speedScale_ = 0.0;
    if (preferences.colorBy == ColorBy::Strain) {
        strains_.resize(simulation.constraints().size()); // allocates only for a new cloth
        simulation.sync(); // the strains of the positions now (a whole readback on the GPU)
        signedStrains(simulation, strains_);
        const std::optional<double> userScale = preferences.strainScale;
        strainScale_ = userScale ? *userScale : autoStrainScale(strains_, strainScratch_);
        lines_ = LineColoring{strains_, strainScale_};
        strainLegend_ = drawStrainLegend(view.canvasSize, strainScale_, !userScale, contentScale);
        legendTop = view.canvasSize.y - strainLegend_->min.y;
    }
    particles_.reset();
    speedLegend_.reset();
    if (preferences.particleColorBy == ParticleColorBy::Speed) {
        speeds_.resize(simulation.particles().size()); // allocates only for a new cloth
        simulation.sync(); // the velocities now (a whole readback on the GPU)
        particleSpeeds(simulation, speeds_);
        speedScale_ = autoSpeedScale(speeds_, speedScratch_);
        particles_ = ParticleColoring{speeds_, speedScale_};
        speedLegend_ = drawSpeedLegend(view.canvasSize, speedScale_, contentScale, legendTop);
    }
}

template void CanvasColours::update<2>(Simulation&, const Preferences&, const Viewport&, float);
template void CanvasColours::update<3>(Simulation3&, const Preferences&, const Viewport&, float);

} // namespace pbd::app
