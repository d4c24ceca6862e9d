#pragma once
/// \file
/// This frame's strain and speed colours of the canvas, as the preferences ask: the core
/// computes the strains and speeds, this picks the scales (set, or automatic), hands the
/// renderer its colourings and draws the legends (ImGui), stacked above the canvas's bottom.
/// Owns the per-constraint and per-particle buffers, which allocate only for a new cloth.

#include <optional>
#include <vector>

#include "gui/panel.h"
#include "logic/preferences.h"
#include "pbd/simulation.h"
#include "render/renderer.h"

namespace pbd::app {

class CanvasColours {
public:
    /// Between ImGui's NewFrame and Render: the colours of `simulation` now (synced: a whole
    /// read-back with the GPU solver) and their legends on the canvas of `view`; the 2D
    /// cloth's or the 3D one's, with the same scales and legends.
    template <glm::length_t D>
    void update(SimulationOf<D>& simulation, const Preferences& preferences,
                const Viewport& view, float contentScale);

    /// The lines' colouring by strain this frame, or null (the page's grey).
    const LineColoring* lines() const { return lines_ ? &*lines_ : nullptr; }
    /// The discs' colouring by speed this frame, or null (the page's blue).
    const ParticleColoring* particles() const { return particles_ ? &*particles_ : nullptr; }
    /// The strain at which the colours saturate this frame (0: not by strain).
    double strainScale() const { return strainScale_; }
    /// The speed at which the discs' colours saturate this frame, m/s (0: not by speed).
    double speedScale() const { return speedScale_; }
    /// The strain legend as drawn this frame.
    const std::optional<WidgetRect>& strainLegend() const { return strainLegend_; }
    /// The speed legend as drawn this frame.
    const std::optional<WidgetRect>& speedLegend() const { return speedLegend_; }

private:
    std::vector<float> strains_;      ///< signed strain per constraint
    std::vector<float> strainScratch_; ///< autoStrainScale's workspace
    double strainScale_ = 0.0;
    std::optional<LineColoring> lines_;
    std::optional<WidgetRect> strainLegend_;
    std::vector<float> speeds_;       ///< speed per particle, m/s
    std::vector<float> speedScratch_; ///< autoSpeedScale's workspace
    double speedScale_ = 0.0;
    std::optional<ParticleColoring> particles_;
    std::optional<WidgetRect> speedLegend_;
};

} // namespace pbd::app
