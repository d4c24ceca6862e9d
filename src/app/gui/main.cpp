// pbd-cloth: the interactive position-based dynamics cloth in a desktop window.

#include <cstdio>
#include <cstring>
#include <optional>
#include <exception>
#include <string>
#include <string_view>
#include <utility>

#include <CLI/CLI.hpp>

#include "gui/app.h"
#include "gui/app_error.h"
#include "logic/controls_help.h"
#include "io/export_files.h"
#include "input_text.h"
#include "logic/panel_model.h"
#include "io/replayer.h"
#include "common/settings_flags.h"

namespace {

/// Most frames --frames accepts (about 190 days at 60 Hz).
constexpr long long kMaxFrames = 1'000'000'000;

/// The choice that `fromName` finds for the value `text` of the flag `flag`; when there is
/// none, says "pbd-cloth: FLAG: 'TEXT' is not WHAT; allowed: ALLOWED" and gives nothing.
template <typename FromName>
auto readChoice(const char* flag, const std::string& text, FromName fromName, const char* what,
                const char* allowed) -> decltype(fromName(text))
{
    auto choice = fromName(text);
    if (!choice)
        std::fprintf(stderr, "pbd-cloth: %s: %s is not %s; allowed: %s\n", flag,
                     pbd::quoteInput(text).c_str(), what, allowed);
    return choice;
}

/// Whether a released particle is thrown: "throw" yes, "keep" no.
std::optional<bool> throwFromName(std::string_view name)
{
    constexpr pbd::NameTable<bool, 2> kNames{{{true, "throw"}, {false, "keep"}}};
    return pbd::valueNamed(kNames, name);
}

} // namespace

int main(int argc, char** argv)
{
    using namespace pbd;
    CLI::App cli{"pbd-cloth: interactive position-based dynamics cloth: drag it with the mouse, "
                 "change its settings in the panel",
                 "pbd-cloth"};
    cli.footer("Controls:\n" + app::controlsHelpText());
    common::SettingsFlags flags;
    flags.addTo(cli);
    std::string framesText;
    app::AppOptions options;
    cli.add_option("--frames", framesText, "exit after N rendered frames")->type_name("N");
    cli.add_option("--screenshot", options.screenshotFile,
                   "write a PNG of the window after the last frame")
        ->type_name("FILE");
    cli.add_option("--state-out", options.stateOutFile,
                   "on exit, write the positions ('x y' per particle, as pbd-sim run)")
        ->type_name("FILE");
    std::optional<std::string> steppingText, speedText;
    cli.add_option("--stepping", steppingText,
                   "page: 8 steps per frame, as the page (default); realtime: simulated time "
                   "follows the wall clock times --speed")
        ->type_name("MODE");
    cli.add_option("--speed", speedText,
                   "real-time stepping: simulated seconds per wall-clock second (default 1; "
                   "allowed: a finite number from 0.05 to 4)")
        ->type_name("X");
    cli.add_option("--view-out", options.viewOutFile,
                   "on exit, write the view (zoom, origin) and the panel's widget rectangles")
        ->type_name("FILE");

    std::optional<std::string> recordText, replayText;
    auto* recordOption =
        cli.add_option("--record", recordText,
                       "record from the start into FILE, an event script that 'pbd-sim run "
                       "--events FILE' and --replay play back bit for bit (Ctrl+R stops)")
            ->type_name("FILE");
    cli.add_option("--replay", replayText,
                   "play the recording in FILE back in the window (Space, S and the speed work "
                   "during it)")
        ->type_name("FILE")
        ->excludes(recordOption);
    std::optional<std::string> framesDirText;
    cli.add_option("--frames-dir", framesDirText,
                   "write every rendered frame as DIR/frame-000001.png, frame-000002.png, ... "
                   "(DIR is created when missing; existing frame files are overwritten)")
        ->type_name("DIR");

    std::string colorByText = "none";
    cli.add_option("--color-by", colorByText,
                   "colour the constraint lines by: none (the page's grey) or strain")
        ->type_name("none|strain");
    std::string strainScaleText = "auto";
    cli.add_option("--strain-scale", strainScaleText,
                   "the strain at which the strain colours saturate: auto (the 99th percentile "
                   "of |strain|, the default) or a number from 1e-06 to 1000")
        ->type_name("auto|S");
    std::string colorParticlesText = "none";
    cli.add_option("--color-particles", colorParticlesText,
                   "colour the particles by: none (the page's blue) or speed (m/s, dark to "
                   "bright)")
        ->type_name("none|speed");
    cli.add_flag("--paused", options.paused, "start paused (Space resumes)");
    cli.add_flag("--plots", options.plots,
                 "open the panel's Plots section (convergence per iteration, energy, strain, "
                 "ms per step)");

    std::string onReleaseText = "throw";
    cli.add_option("--on-release", onReleaseText,
                   "what a released particle does: throw (takes the pointer's velocity, the "
                   "default) or keep (keeps the velocity it had before the grab, as the page)")
        ->type_name("throw|keep");

    if (auto status = common::parseCommandLine(cli, argc, argv))
        return *status;
    if (auto error = flags.applyTo(options.settings)) {
        std::fprintf(stderr, "pbd-cloth: %s\n", error->c_str());
        return common::kExitUsage;
    }
    if (const auto colorBy = readChoice("--color-by", colorByText, app::colorByFromName,
                                        "a colouring", "none or strain"))
        options.colorBy = *colorBy;
    else
        return common::kExitUsage;
    if (auto error = app::parseStrainScale("--strain-scale", strainScaleText,
                                           options.strainScale)) {
        std::fprintf(stderr, "pbd-cloth: %s\n", error->c_str());
        return common::kExitUsage;
    }
    if (const auto particles = readChoice("--color-particles", colorParticlesText,
                                          app::particleColorByFromName, "a colouring",
                                          "none or speed"))
        options.particleColorBy = *particles;
    else
        return common::kExitUsage;
    if (const auto throws = readChoice("--on-release", onReleaseText, throwFromName,
                                       "a release behaviour", "throw or keep"))
        options.throwOnRelease = *throws;
    else
        return common::kExitUsage;
    if (steppingText) {
        if (const auto mode = readChoice("--stepping", *steppingText, app::steppingFromName,
                                         "a stepping mode", "page or realtime"))
            options.stepping = *mode;
        else
            return common::kExitUsage;
    }
    if (speedText) {
        app::PanelModel probe; // the panel's own check of the Speed field, message and all
        if (!probe.commitSpeed(*speedText) && !probe.speedError().empty()) {
            // "Speed: 'x' ..." becomes "--speed: 'x' ..."
            std::fprintf(stderr, "pbd-cloth: --speed%s\n",
                         probe.speedError().substr(std::strlen("Speed")).c_str());
            return common::kExitUsage;
        }
        options.speed = probe.speed();
    }
    for (auto [flag, text] : {std::pair{"--record", &recordText}, std::pair{"--replay", &replayText}})
        if (*text && (*text)->empty()) {
            std::fprintf(stderr, "pbd-cloth: %s: '' is not a file name; allowed: a file name\n",
                         flag);
            return common::kExitUsage;
        }
    if (recordText)
        options.recordFile = *recordText;
    if (replayText) {
        // Checked before any window opens: unreadable is an input failure (status 1, as
        // pbd-sim run --events), a bad line a refused value (status 2).
        if (auto error = app::readEventScriptFile(*replayText, options.settings,
                                                  options.replayEvents)) {
            std::fprintf(stderr, "pbd-cloth: --replay: %s\n", error->message.c_str());
            return error->unreadable ? common::kExitIo : common::kExitUsage;
        }
        options.replayFile = *replayText;
    }
    if (framesDirText) {
        if (framesDirText->empty()) {
            std::fprintf(stderr, "pbd-cloth: --frames-dir: '' is not a folder; allowed: the path "
                                 "of a folder that exists or can be created\n");
            return common::kExitUsage;
        }
        // Refused now, before a window opens, rather than after the first frame.
        if (auto reason = app::prepareOutputDirectory(*framesDirText)) {
            std::fprintf(stderr, "pbd-cloth: --frames-dir: cannot write frames to '%s': %s\n",
                         framesDirText->c_str(), reason->c_str());
            return common::kExitIo;
        }
        options.framesDirectory = *framesDirText;
    }
    if (!framesText.empty()) {
        long long frames = 0;
        if (auto error = common::parseWholeOption("--frames", framesText, 1, kMaxFrames, frames)) {
            std::fprintf(stderr, "pbd-cloth: %s\n", error->c_str());
            return common::kExitUsage;
        }
        options.frames = frames;
    }

    try {
        app::App application(options);
        return application.run();
    } catch (const app::AppError& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return common::kExitIo;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "pbd-cloth: %s\n", e.what());
        return common::kExitIo;
    }
}
