#pragma once
/// \file
/// The app's preferences: how it steps, colours and releases, apart from the simulation's
/// Settings. One plain struct, so that the command line, the panel and the controller's parts
/// read and write the same values; its table (preferences_table.h) gives each member its flag,
/// words, range and help.

#include <array>
#include <optional>
#include <string_view>
#include <utility>

#include "logic/cloth_mesh.h"
#include "logic/export_options.h"
#include "logic/panel_model.h"
#include "logic/speed_colors.h"
#include "logic/strain_colors.h"

namespace pbd::app {

/// What a released particle does.
enum class OnRelease {
    Throw, ///< takes the pointer's velocity over the last moments (the default)
    Keep,  ///< keeps the velocity it had before the grab (the page's behaviour)
};
/// The words of the behaviour (--on-release, the preferences table).
inline constexpr std::array<std::pair<OnRelease, std::string_view>, 2> kOnReleaseNames{
    {{OnRelease::Throw, "throw"}, {OnRelease::Keep, "keep"}}};
/// "throw" or "keep" (the command line's words).
const char* onReleaseName(OnRelease onRelease);
/// The behaviour called `name` ("throw" or "keep"), or nothing.
std::optional<OnRelease> onReleaseFromName(std::string_view name);

/// How the app steps and shows the simulation; the defaults are the page's, except the throw.
struct Preferences {
    SteppingMode stepping = SteppingMode::Page; ///< --stepping page|realtime, the Stepping combo
    double speed = 1.0;              ///< real-time factor, kMinSpeed to kMaxSpeed (--speed)
    ColorBy colorBy = ColorBy::None; ///< what the constraint lines show (--color-by)
    /// The strain colours' saturation strain; empty: auto (the 99th percentile of |strain|)
    std::optional<double> strainScale;
    /// What the particles' discs show (--color-particles)
    ParticleColorBy particleColorBy = ParticleColorBy::None;
    bool plots = false;                    ///< the panel's Plots section is open (--plots)
    OnRelease onRelease = OnRelease::Throw; ///< --on-release throw|keep
    /// Metres around the press that a left drag holds (--grab-radius, the panel's Grab radius
    /// row): 0 holds the one particle under the pointer (the page), more holds every particle
    /// within it (an area grab, pbd::AreaGrabCommand); 0 to pbd::kMaxGrabRadius
    double grabRadius = 0.0;
    /// Keep the cloth's bulk in the canvas as it moves (--follow, the panel's "Follow the
    /// cloth"): see CanvasView::follow
    bool follow = false;
    /// What Save PNG, F12 and Export video take of the window (the Export section)
    ExportOptions exports;
    /// What the canvas draws of the cloth (--draw, the panel's Draw row): lines (the page),
    /// filled triangles or both
    DrawMode draw = DrawMode::Lines;
    /// The 3D view draws the edges of the cloth's triangles over its shaded mesh
    /// (--wireframe, the panel's Wireframe box in 3D)
    bool wireframe = false;

    bool operator==(const Preferences&) const = default;
};

} // namespace pbd::app
