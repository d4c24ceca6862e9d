#include "logic/preferences_table.h"

#include <array>
#include <utility>

#include "pbd/simulation.h"

namespace pbd::app {
namespace {

constexpr auto kSteppingChoices = choiceNames(kSteppingNames);
constexpr auto kColorByChoices = choiceNames(kColorByNames);
constexpr auto kParticleColorByChoices = choiceNames(kParticleColorByNames);
constexpr auto kReleaseChoices = choiceNames(kOnReleaseNames);
constexpr auto kDrawChoices = choiceNames(kDrawModeNames);

// Accessors: one pair per member, so that the table can read and write Preferences by row.
#define PBD_ENUM(member)                                                                    \
    .get = [](const Preferences& p) { return static_cast<double>(static_cast<int>(p.member)); }, \
    .set = [](Preferences& p, double v) {                                                   \
        p.member = static_cast<decltype(p.member)>(static_cast<int>(v));                    \
    }

constexpr PreferenceField kFields[] = {
    {.name = "stepping", .flag = "--stepping", .label = "Stepping",
     .value = choice(kSteppingChoices, "a stepping mode"),
     .brief = "page: 8 steps per frame, as the page; realtime: simulated time follows the wall "
              "clock times --speed",
     PBD_ENUM(stepping)},
    {.name = "speed", .flag = "--speed", .label = "Speed", .labelUnit = "x",
     .value = real(kMinSpeed, kMaxSpeed), .step = 0.05,
     .brief = "real-time stepping: simulated seconds per wall-clock second",
     .help = "Real-time stepping: simulated seconds per second of wall-clock time.",
     .get = [](const Preferences& p) { return p.speed; },
     .set = [](Preferences& p, double v) { p.speed = v; }},
    {.name = "colorBy", .flag = "--color-by", .label = "Colour lines by",
     .value = choice(kColorByChoices, "a colouring"),
     .brief = "colour the constraint lines by: none (the page's grey) or strain",
     PBD_ENUM(colorBy)},
    // 0 stands for "auto" (outside the range): the member's empty optional.
    {.name = "strainScale", .flag = "--strain-scale", .label = "Strain scale",
     .value = {.kind = SettingKind::Real, .lo = kMinUserStrainScale, .hi = kMaxUserStrainScale,
               .autoWord = "auto"},
     .brief = "the strain at which the strain colours saturate: auto (the 99th percentile of "
              "|strain|) or a number",
     .get = [](const Preferences& p) { return p.strainScale.value_or(0.0); },
     .set = [](Preferences& p, double v) {
         p.strainScale = v == 0.0 ? std::nullopt : std::optional<double>(v);
     }},
    {.name = "particleColorBy", .flag = "--color-particles", .label = "Colour particles by",
     .value = choice(kParticleColorByChoices, "a colouring"),
     .brief = "colour the particles by: none (the page's blue) or speed (m/s, dark to bright)",
     PBD_ENUM(particleColorBy)},
    {.name = "plots", .flag = "--plots", .label = "Plots", .value = onOff(),
     .brief = "open the panel's Plots section (convergence per iteration, energy, strain, ms "
              "per step)",
     .bareFlag = true,
     .get = [](const Preferences& p) { return p.plots ? 1.0 : 0.0; },
     .set = [](Preferences& p, double v) { p.plots = v != 0.0; }},
    {.name = "onRelease", .flag = "--on-release", .label = "On release",
     .value = choice(kReleaseChoices, "a release behaviour"),
     .brief = "what a released particle does: throw (takes the pointer's velocity) or keep "
              "(keeps the velocity it had before the grab, as the page)",
     PBD_ENUM(onRelease)},
    // The app's, not the simulation's: the pointer's reach. Scripts and recordings carry it
    // on each `grab X Y R` line, so pbd-sim needs no flag for it.
    {.name = "grabRadius", .flag = "--grab-radius", .label = "Grab radius", .labelUnit = "m",
     .value = real(0.0, kMaxGrabRadius, "m"), .step = 0.1,
     .brief = "a left drag holds every particle within this many metres of the press, each at "
              "its offset; 0: the one particle under the pointer, as the page",
     .help = "A left drag holds every particle, pinned ones too, within this distance of the "
             "press, each keeping its offset from the pointer, and lets them go together with "
             "the throw; with tearing on, pulling opens a rip. 0 holds the one particle under "
             "the pointer, as the page.",
     .get = [](const Preferences& p) { return p.grabRadius; },
     .set = [](Preferences& p, double v) { p.grabRadius = v; }},
    {.name = "draw", .flag = "--draw", .label = "Draw", .value = choice(kDrawChoices, "a draw mode"),
     .brief = "what the canvas draws of the cloth: lines (the constraints, as the page), filled "
              "(the cells as shaded triangles, coloured as the lines) or both; cells under 8 "
              "pixels are drawn decimated",
     PBD_ENUM(draw)},
    {.name = "wireframe", .flag = "--wireframe", .label = "Wireframe", .value = onOff(),
     .brief = "3D: draw the edges of the cloth's triangles over its shaded mesh",
     .bareFlag = true,
     .get = [](const Preferences& p) { return p.wireframe ? 1.0 : 0.0; },
     .set = [](Preferences& p, double v) { p.wireframe = v != 0.0; }},
    {.name = "follow", .flag = "--follow", .label = "Follow the cloth", .value = onOff(),
     .brief = "keep the cloth in view as it moves: the view pans (and zooms out when it must) "
              "so that the bulk of the cloth stays in the canvas",
     .bareFlag = true,
     .get = [](const Preferences& p) { return p.follow ? 1.0 : 0.0; },
     .set = [](Preferences& p, double v) { p.follow = v != 0.0; }},
    {.name = "pngCanvasOnly", .flag = "--png-canvas-only", .label = "PNG: canvas only",
     .value = onOff(),
     .brief = "Save PNG and F12 write the canvas only, without the panel",
     .bareFlag = true,
     .get = [](const Preferences& p) { return p.exports.pngCanvasOnly ? 1.0 : 0.0; },
     .set = [](Preferences& p, double v) { p.exports.pngCanvasOnly = v != 0.0; }},
    {.name = "videoWithPanel", .flag = "--video-with-panel", .label = "Video: with the panel",
     .value = onOff(),
     .brief = "Export video records the whole window; by default it records the canvas only",
     .bareFlag = true,
     .get = [](const Preferences& p) { return p.exports.videoCanvasOnly ? 0.0 : 1.0; },
     .set = [](Preferences& p, double v) { p.exports.videoCanvasOnly = v == 0.0; }},
    {.name = "exportHoverRing", .flag = "--export-hover-ring", .label = "Exports: hover ring",
     .value = onOff(),
     .brief = "draw the hover ring and the grab radius's circle into PNGs and videos too; by "
              "default the frames they read are drawn without them",
     .bareFlag = true,
     .get = [](const Preferences& p) { return p.exports.hoverRing ? 1.0 : 0.0; },
     .set = [](Preferences& p, double v) { p.exports.hoverRing = v != 0.0; }},
};

#undef PBD_ENUM

} // namespace

std::span<const PreferenceField> preferenceFields() { return kFields; }

const PreferenceField* findPreferenceField(std::string_view name)
{
    return findRow(preferenceFields(), name);
}

} // namespace pbd::app
