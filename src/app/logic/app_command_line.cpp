#include "logic/app_command_line.h"

#include <iostream>
#include <string>
#include <utility>

#include <CLI/CLI.hpp>

#include "common/settings_flags.h"
#include "input_text.h"
#include "io/export_files.h"
#include "io/replayer.h"
#include "logic/controls_help.h"

namespace pbd::app {
namespace {

/// Most frames --frames accepts (about 190 days at 60 Hz).
constexpr long long kMaxFrames = 1'000'000'000;

/// The app's own flags as typed, before they are checked.
struct AppFlagTexts {
    std::string frames;
    std::optional<std::string> stepping, speed;
    std::optional<std::string> record, replay, framesDir;
    std::string colorBy = "none";
    std::string strainScale = "auto";
    std::string colorParticles = "none";
    std::string onRelease = "throw";
};

/// Says "pbd-cloth: MESSAGE" and gives the usage status.
int refuse(const std::string& message, int status = common::kExitUsage)
{
    std::cerr << "pbd-cloth: " << message << "\n";
    return status;
}

/// The choice that `fromName` finds for the value `text` of the flag `flag` into `value`;
/// when there is none, says "pbd-cloth: FLAG: 'TEXT' is not WHAT; allowed: ALLOWED".
template <typename T, typename FromName>
bool readChoice(const char* flag, const std::string& text, FromName fromName, const char* what,
                const char* allowed, T& value)
{
    if (auto choice = fromName(text)) {
        value = *choice;
        return true;
    }
    refuse(std::string(flag) + ": " + quoteInput(text) + " is not " + what + "; allowed: " +
           allowed);
    return false;
}

void addAppFlags(CLI::App& cli, AppFlagTexts& texts, AppOptions& options)
{
    cli.add_option("--frames", texts.frames, "exit after N rendered frames")->type_name("N");
    cli.add_option("--screenshot", options.screenshotFile,
                   "write a PNG of the window after the last frame")
        ->type_name("FILE");
    cli.add_option("--state-out", options.stateOutFile,
                   "on exit, write the positions ('x y' per particle, as pbd-sim run)")
        ->type_name("FILE");
    cli.add_option("--stepping", texts.stepping,
                   "page: 8 steps per frame, as the page (default); realtime: simulated time "
                   "follows the wall clock times --speed")
        ->type_name("MODE");
    cli.add_option("--speed", texts.speed,
                   "real-time stepping: simulated seconds per wall-clock second (default 1; "
                   "allowed: a finite number from 0.05 to 4)")
        ->type_name("X");
    cli.add_option("--view-out", options.viewOutFile,
                   "on exit, write the view (zoom, origin) and the panel's widget rectangles")
        ->type_name("FILE");
    auto* recordOption =
        cli.add_option("--record", texts.record,
                       "record from the start into FILE, an event script that 'pbd-sim run "
                       "--events FILE' and --replay play back bit for bit (Ctrl+R stops)")
            ->type_name("FILE");
    cli.add_option("--replay", texts.replay,
                   "play the recording in FILE back in the window (Space, S and the speed work "
                   "during it)")
        ->type_name("FILE")
        ->excludes(recordOption);
    cli.add_option("--frames-dir", texts.framesDir,
                   "write every rendered frame as DIR/frame-000001.png, frame-000002.png, ... "
                   "(DIR is created when missing; existing frame files are overwritten)")
        ->type_name("DIR");
    cli.add_option("--color-by", texts.colorBy,
                   "colour the constraint lines by: none (the page's grey) or strain")
        ->type_name("none|strain");
    cli.add_option("--strain-scale", texts.strainScale,
                   "the strain at which the strain colours saturate: auto (the 99th percentile "
                   "of |strain|, the default) or a number from 1e-06 to 1000")
        ->type_name("auto|S");
    cli.add_option("--color-particles", texts.colorParticles,
                   "colour the particles by: none (the page's blue) or speed (m/s, dark to "
                   "bright)")
        ->type_name("none|speed");
    cli.add_flag("--paused", options.paused, "start paused (Space resumes)");
    cli.add_flag("--plots", options.preferences.plots,
                 "open the panel's Plots section (convergence per iteration, energy, strain, "
                 "ms per step)");
    cli.add_option("--on-release", texts.onRelease,
                   "what a released particle does: throw (takes the pointer's velocity, the "
                   "default) or keep (keeps the velocity it had before the grab, as the page)")
        ->type_name("throw|keep");
}

/// Checks the app's own flags, in this order, and stores them in `options`: the preferences
/// (colour-by, strain scale, particle colour, on-release, stepping, speed), then the files
/// (--record, --replay, --frames-dir) and --frames. Returns the exit status of the first
/// refusal, having said why.
std::optional<int> applyAppFlags(const AppFlagTexts& texts, AppOptions& options)
{
    Preferences& p = options.preferences;
    if (!readChoice("--color-by", texts.colorBy, colorByFromName, "a colouring",
                    "none or strain", p.colorBy))
        return common::kExitUsage;
    if (auto error = parseStrainScale("--strain-scale", texts.strainScale, p.strainScale))
        return refuse(*error);
    if (!readChoice("--color-particles", texts.colorParticles, particleColorByFromName,
                    "a colouring", "none or speed", p.particleColorBy))
        return common::kExitUsage;
    if (!readChoice("--on-release", texts.onRelease, onReleaseFromName, "a release behaviour",
                    "throw or keep", p.onRelease))
        return common::kExitUsage;
    if (texts.stepping && !readChoice("--stepping", *texts.stepping, steppingFromName,
                                      "a stepping mode", "page or realtime", p.stepping))
        return common::kExitUsage;
    if (texts.speed)
        if (auto error = parseSpeed("--speed", *texts.speed, p.speed))
            return refuse(*error);
    for (auto [flag, text] : {std::pair{"--record", &texts.record},
                              std::pair{"--replay", &texts.replay}})
        if (*text && (*text)->empty())
            return refuse(std::string(flag) + ": '' is not a file name; allowed: a file name");
    if (texts.record)
        options.recordFile = *texts.record;
    if (texts.replay) {
        // Checked before any window opens: unreadable is an input failure (status 1, as
        // pbd-sim run --events), a bad line a refused value (status 2).
        if (auto error =
                readEventScriptFile(*texts.replay, options.settings, options.replayEvents))
            return refuse("--replay: " + error->message,
                          error->unreadable ? common::kExitIo : common::kExitUsage);
        options.replayFile = *texts.replay;
    }
    if (texts.framesDir) {
        if (texts.framesDir->empty())
            return refuse("--frames-dir: '' is not a folder; allowed: the path of a folder "
                          "that exists or can be created");
        // Refused now, before a window opens, rather than after the first frame.
        if (auto reason = prepareOutputDirectory(*texts.framesDir))
            return refuse("--frames-dir: cannot write frames to '" + *texts.framesDir +
                              "': " + *reason,
                          common::kExitIo);
        options.framesDirectory = *texts.framesDir;
    }
    if (!texts.frames.empty()) {
        long long frames = 0;
        if (auto error =
                common::parseWholeOption("--frames", texts.frames, 1, kMaxFrames, frames))
            return refuse(*error);
        options.frames = frames;
    }
    return std::nullopt;
}

} // namespace

std::optional<int> readAppCommandLine(int argc, char** argv, AppOptions& options)
{
    CLI::App cli{"pbd-cloth: interactive position-based dynamics cloth: drag it with the mouse, "
                 "change its settings in the panel",
                 "pbd-cloth"};
    cli.footer("Controls:\n" + controlsHelpText());
    common::SettingsFlags flags;
    flags.addTo(cli);
    AppFlagTexts texts;
    addAppFlags(cli, texts, options);
    if (auto status = common::parseCommandLine(cli, argc, argv))
        return status;
    if (auto error = flags.applyTo(options.settings))
        return refuse(*error);
    return applyAppFlags(texts, options);
}

} // namespace pbd::app
