#include "logic/app_command_line.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <string>
#include <memory>
#include <utility>

#include <CLI/CLI.hpp>

#include "common/ball_flags.h"
#include "common/obstacle_flags.h"
#include "common/settings_flags.h"
#include "common/version.h"
#include "io/autosave_schedule.h"
#include "io/export_files.h"
#include "io/replayer.h"
#include "logic/controls_help.h"
#include "logic/preferences_table.h"
#include "pbd/simulation.h"
#include "test_hook.h"

namespace pbd::app {
namespace {

/// Most frames --frames accepts (about 190 days at 60 Hz).
constexpr long long kMaxFrames = 1'000'000'000;

/// The app's own flags as typed, before they are checked.
struct AppFlagTexts {
    std::string frames;
    std::optional<std::string> record, replay, framesDir;
    bool noAutosave = false;
};

/// Says "pbd-cloth: MESSAGE" and gives the usage status.
int refuse(const std::string& message, int status = common::kExitUsage)
{
    std::cerr << "pbd-cloth: " << message << "\n";
    return status;
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
    cli.add_option("--view-out", options.viewOutFile,
                   "on exit, write the view (zoom, origin) and the panel's widget rectangles")
        ->type_name("FILE");
    auto* recordOption =
        cli.add_option("--record", texts.record,
                       "record from the start into FILE, an event script that 'pbd-sim run "
                       "--events FILE' and --replay play back bit for bit (Ctrl+R stops)")
            ->type_name("FILE");
    auto* replayOption = cli.add_option("--replay", texts.replay,
                   "play the recording in FILE back in the window (Space, S and the speed work "
                   "during it)")
        ->type_name("FILE")
        ->excludes(recordOption);
    cli.add_option("--frames-dir", texts.framesDir,
                   "write every rendered frame as DIR/frame-000001.png, frame-000002.png, ... "
                   "(DIR is created when missing; existing frame files are overwritten)")
        ->type_name("DIR");
    cli.add_flag("--paused", options.paused, "start paused (Space resumes)");
    // A recording and a replay start from a fresh cloth, which would replace the session.
    cli.add_flag("--restore", options.restore,
                 "restore the session a killed or interrupted pbd-cloth left in its autosave "
                 "at once (without it the panel offers it)")
        ->excludes(recordOption)
        ->excludes(replayOption);
    cli.add_flag("--no-autosave", texts.noAutosave,
                 "do not autosave the session (every 30 s while it changes, into "
                 "$XDG_STATE_HOME/pbd-cloth, removed on quitting) and offer none");
}

/// A test hook's environment variable `name`: a number from `lo` to `hi` `unit` into `value`
/// (left as it is when unset). Returns the exit status of a refusal, having said why.
std::optional<int> readEnvironmentNumber(const char* name, double lo, double hi,
                                         const char* unit, double& value)
{
    const char* text = testHook(name);
    if (text == nullptr)
        return std::nullopt;
    char* end = nullptr;
    errno = 0;
    const double number = std::strtod(text, &end);
    const bool read = end != text && *end == '\0' && errno == 0 && std::isfinite(number);
    if (!read || number < lo || number > hi) {
        char allowed[96];
        std::snprintf(allowed, sizeof allowed, "allowed: %s from %g to %g", unit, lo, hi);
        return refuse(std::string(name) + ": '" + text + "' is " +
                      (read ? "out of range" : "not a number") + "; " + allowed);
    }
    value = number;
    return std::nullopt;
}

/// The test hooks: PBD_AUTOSAVE_SECONDS, the autosave's interval (unset: 30 s), and
/// PBD_STEP_BUDGET_MS, the simulation's fixed budget per frame (unset: from the measured
/// frame), so that a test can count on every frame's steps on a loaded machine.
std::optional<int> readTestHooks(AppOptions& options)
{
    if (auto status = readEnvironmentNumber("PBD_AUTOSAVE_SECONDS", AutosaveSchedule::kMinSeconds,
                                            AutosaveSchedule::kMaxSeconds, "seconds",
                                            options.autosaveSeconds))
        return status;
    double budgetMs = 0.0;
    if (auto status =
            readEnvironmentNumber("PBD_STEP_BUDGET_MS", 1.0, 60000.0, "milliseconds", budgetMs))
        return status;
    options.stepBudgetSeconds = 1e-3 * budgetMs;
    return std::nullopt;
}

/// Checks the app's own flags, in this order, and stores them in `options`: the files
/// (--record, --replay, --frames-dir) and --frames (the preferences' flags come from their
/// table). Returns the exit status of the first refusal, having said why.
std::optional<int> applyAppFlags(const AppFlagTexts& texts, AppOptions& options)
{
    for (auto [flag, text] : {std::pair{"--record", &texts.record},
                              std::pair{"--replay", &texts.replay}})
        if (*text && (*text)->empty())
            return refuse(std::string(flag) + ": '' is not a file name; allowed: a file name");
    if (texts.record)
        options.recordFile = *texts.record;
    if (texts.replay) {
        // Checked before any window opens: unreadable is an input failure (status 1, as
        // pbd-sim run --events), a bad line a refused value (status 2).
        std::string warning;
        if (auto error = readEventScriptFile(*texts.replay, options.settings,
                                             options.replayEvents, warning,
                                             options.startObstacles,
                                             options.startBalls))
            return refuse("--replay: " + error->message,
                          error->unreadable ? common::kExitIo : common::kExitUsage);
        if (!warning.empty()) // a recording cut short by a kill plays up to its cut
            std::cerr << "pbd-cloth: --replay: " << warning << "\n";
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
    options.autosave = !texts.noAutosave;
    if (!texts.frames.empty()) {
        long long frames = 0;
        if (auto error =
                common::parseWholeOption("--frames", texts.frames, 1, kMaxFrames, frames))
            return refuse(*error);
        options.frames = frames;
    }
    return std::nullopt;
}

/// Every flag of pbd-cloth registered on one CLI11 app, writing into `options` and the texts
/// here: what readAppCommandLine parses and describeAppCommandLine shows.
struct AppFlags {
    explicit AppFlags(AppOptions& options)
        : cli{"pbd-cloth: interactive position-based dynamics cloth: drag it with the mouse, "
              "change its settings in the panel",
              "pbd-cloth"}
    {
        cli.set_version_flag("--version", common::versionText("pbd-cloth"));
        cli.footer("Controls:\n" + controlsHelpText());
        flags->addTo(cli);
        obstacleFlags.addTo(cli);
        ballFlags.addTo(cli);
        addAppFlags(cli, texts, options);
        // --stepping, --speed, --color-by, --strain-scale, --color-particles, --plots and
        // --on-release: the preferences table's flags, each checked against its row.
        preferenceFlags.addTo(cli);
    }
    CLI::App cli;
    // Shared: the start's settings overlay keeps reading them after readAppCommandLine.
    std::shared_ptr<common::SettingsFlags> flags = std::make_shared<common::SettingsFlags>();
    common::ObstacleFlags obstacleFlags;
    common::BallFlags ballFlags;
    AppFlagTexts texts;
    common::TableFlags<Preferences> preferenceFlags{preferenceFields()};
};

} // namespace

void describeAppCommandLine(const std::function<void(const CLI::App&)>& visit)
{
    AppOptions options;
    const AppFlags all(options);
    visit(all.cli);
}

std::optional<int> readAppCommandLine(int argc, char** argv, AppOptions& options)
{
    AppFlags all(options);
    CLI::App& cli = all.cli;
    common::ObstacleFlags& obstacleFlags = all.obstacleFlags;
    common::BallFlags& ballFlags = all.ballFlags;
    const std::shared_ptr<common::SettingsFlags>& flags = all.flags;
    if (auto status = common::parseCommandLine(cli, argc, argv))
        return status;
    // --scene: its settings under the flags, its obstacles and balls before --obstacle's and
    // --ball's, its pins: composed by the core's setUpStart(), as pbd-sim's.
    RunStart& start = options.start;
    if (auto error = obstacleFlags.readScene(start.scene))
        return refuse(*error);
    options.sceneName = obstacleFlags.sceneText();
    start.settings = [flags](Settings& settings) { return flags->applyTo(settings); };
    if (auto error = startSettings(start, options.settings))
        return refuse(error->message);
    std::vector<Obstacle> obstacles;
    if (auto error = obstacleFlags.read(obstacles))
        return refuse(*error);
    if (obstacleFlags.given())
        start.obstacles = std::move(obstacles);
    std::vector<Ball> balls;
    if (auto error = ballFlags.read(balls))
        return refuse(*error);
    if (ballFlags.given())
        start.balls = std::move(balls);
    // The whole start, checked before any window opens.
    {
        Simulation probe(options.settings);
        if (auto error = setUpStart(probe, start))
            return refuse(error->message, error->io ? common::kExitIo : common::kExitUsage);
        options.startObstacles = probe.obstacles().size();
        options.startBalls = probe.balls().size();
    }
    if (auto error = all.preferenceFlags.applyTo(options.preferences, true))
        return refuse(*error);
    if (auto status = applyAppFlags(all.texts, options))
        return status;
    return readTestHooks(options);
}

} // namespace pbd::app
