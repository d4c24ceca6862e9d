#include "logic/app_command_line.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <string>
#include <string_view>
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
#include "files/input_text.h"
#include "logic/preferences_table.h"
#include "pbd/scene.h"
#include "pbd/simulation.h"
#include "pbd/state_file.h"
#include "test_hook.h"

namespace pbd::app {
namespace {

/// Most frames --frames accepts (about 190 days at 60 Hz).
constexpr long long kMaxFrames = 1'000'000'000;

/// The app's own flags as typed, before they are checked.
struct AppFlagTexts {
    std::string frames;
    std::string samples;
    std::optional<std::string> record, replay, framesDir, load, file;
    bool noAutosave = false;
};

/// The "format" member's string of a JSON object's text, or nothing.
std::optional<std::string> jsonFormat(std::string_view text)
{
    const std::size_t key = text.find("\"format\"");
    if (key == std::string_view::npos)
        return std::nullopt;
    std::size_t i = key + 8;
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' ||
                               text[i] == '\r' || text[i] == ':'))
        ++i;
    if (i >= text.size() || text[i] != '"')
        return std::nullopt;
    const std::size_t end = text.find('"', i + 1);
    if (end == std::string_view::npos)
        return std::nullopt;
    return std::string(text.substr(i + 1, end - i - 1));
}

/// Says "pbd-cloth: MESSAGE" and gives the usage status.
int refuse(const std::string& message, int status = common::kExitUsage)
{
    std::cerr << "pbd-cloth: " << message << "\n";
    return status;
}

/// --obstacle and --ball, read as shapes and balls of the run's dimensions into the start's
/// (left as they are when not given).
template <class ObstacleType, class BallType>
std::optional<std::string> readWorld(const common::ObstacleFlags& obstacleFlags,
                                     const common::BallFlags& ballFlags,
                                     std::optional<std::vector<ObstacleType>>& obstacles,
                                     std::optional<std::vector<BallType>>& balls)
{
    std::vector<ObstacleType> given;
    if (auto error = obstacleFlags.read(given))
        return error;
    if (obstacleFlags.given())
        obstacles = std::move(given);
    std::vector<BallType> givenBalls;
    if (auto error = ballFlags.read(givenBalls))
        return error;
    if (ballFlags.given())
        balls = std::move(givenBalls);
    return std::nullopt;
}

/// Sets a cloth of the run's dimensions up as the window will (setUpStart), so that the
/// whole start is checked before any window opens; keeps what the window needs of it.
template <class SimulationType>
std::optional<int> probeStart(AppOptions& options)
{
    SimulationType probe(options.settings);
    if (auto error = setUpStart(probe, options.start))
        return refuse(error->message, error->io ? common::kExitIo : common::kExitUsage);
    options.startObstacles = probe.obstacles().size();
    options.startBalls = probe.balls().size();
    options.startedSettings = probe.settings(); // a loaded state's, with the flags over
    return std::nullopt;
}

void addAppFlags(CLI::App& cli, AppFlagTexts& texts, AppOptions& options)
{
    cli.add_option("--frames", texts.frames, "exit after N rendered frames")->type_name("N");
    cli.add_option("--samples", texts.samples,
                   "3D: multisample the view's edges with N samples a pixel (0 to 16; 0, the "
                   "default: none; under llvmpipe 4 about halves the frame rate)")
        ->type_name("N");
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
    cli.add_option("--load", texts.load,
                   "start from a saved state (a state file, as pbd-sim run --load; the "
                   "settings flags apply over its own, --obstacle and --ball replace its)")
        ->type_name("FILE");
    cli.add_option("file", texts.file,
                   "a state, scene or recording file, opened as what it is (--load, --scene "
                   "or --replay): what the desktop entry passes")
        ->type_name("FILE");
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

/// The file given as the only argument, as the flag its content calls for: --load,
/// --scene (into `sceneText`) or --replay. Returns the exit status of a refusal.
std::optional<int> openGivenFile(AppFlagTexts& texts, std::optional<std::string>& sceneText,
                                 bool restore)
{
    const std::string& path = *texts.file;
    for (auto [flag, given] : {std::pair{"--scene", sceneText.has_value()},
                               std::pair{"--load", texts.load.has_value()},
                               std::pair{"--replay", texts.replay.has_value()},
                               std::pair{"--record", texts.record.has_value()},
                               std::pair{"--restore", restore}})
        if (given)
            return refuse("FILE: '" + path + "' cannot be given with " + flag +
                          "; allowed: a file alone (opened as what it is) or the flag");
    OpenedFile kind = OpenedFile::Recording;
    if (auto error = classifyOpenedFile(path, kind))
        return refuse(error->message, error->unreadable ? common::kExitIo : common::kExitUsage);
    switch (kind) {
    case OpenedFile::State:
        texts.load = path;
        break;
    case OpenedFile::Scene:
        sceneText = path;
        break;
    case OpenedFile::Recording:
        texts.replay = path;
        break;
    }
    return std::nullopt;
}

/// --replay of a recording made in 3D (readEventScriptFile3): the window opens in 3D with the
/// cloth the recording starts from (the settings flags in them; no other world, as `pbd-sim
/// run` makes it) and plays its events. Nothing for a 2D recording (applyAppFlags reads it).
/// Returns the exit status of a refusal, having said why.
std::optional<int> readReplay3(const AppFlagTexts& texts, AppOptions& options)
{
    if (!texts.replay || texts.replay->empty())
        return std::nullopt; // (an empty name is refused with the other files' flags)
    Settings settings;
    std::string warning;
    bool notThreeD = false;
    if (auto error = readEventScriptFile3(*texts.replay, options.settings, settings,
                                          options.replayEvents3, warning, notThreeD))
        return refuse("--replay: " + error->message,
                      error->unreadable ? common::kExitIo : common::kExitUsage);
    if (notThreeD)
        return std::nullopt;
    if (options.replayEvents3.empty()) // (parsed scripts hold at least their end)
        return refuse("--replay: " + *texts.replay + " holds no event; allowed: a recording");
    if (!warning.empty()) // a recording cut short by a kill plays up to its cut
        std::cerr << "pbd-cloth: --replay: " << warning << "\n";
    options.settings = settings;
    options.start = RunStart{};
    options.replayFile = *texts.replay;
    return std::nullopt;
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
    if (texts.replay && options.replayEvents3.empty()) { // (a 3D one is read: readReplay3)
        // Checked before any window opens: unreadable is an input failure (status 1, as
        // pbd-sim run --events), a bad line a refused value (status 2).
        std::string warning;
        if (auto error = readEventScriptFile(*texts.replay, options.startedSettings,
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
    if (!texts.samples.empty()) {
        long long samples = 0;
        if (auto error = common::parseWholeOption("--samples", texts.samples, 0,
                                                  AppOptions::kMaxSamples, samples))
            return refuse(*error);
        options.samples = static_cast<int>(samples);
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

std::optional<OpenedFileError> classifyOpenedFile(const std::string& path, OpenedFile& kind)
{
    // The start is enough: both JSON formats write "format" first, and a script is not JSON.
    std::string text;
    if (auto error = readWholeFile(path, text, 1 << 16))
        return OpenedFileError{"FILE: cannot read '" + path + "': " + error->reason, true};
    const std::size_t first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos || text[first] != '{') {
        kind = OpenedFile::Recording;
        return std::nullopt;
    }
    const std::optional<std::string> format = jsonFormat(text);
    if (format == "pbd-cloth-state") {
        kind = OpenedFile::State;
        return std::nullopt;
    }
    if (format == "pbd-cloth-scene") {
        kind = OpenedFile::Scene;
        return std::nullopt;
    }
    return OpenedFileError{"FILE: '" + path + "': format " + quoteInput(format.value_or("")) +
                           " is not one pbd-cloth opens; allowed: a state file "
                           "(pbd-cloth-state), a scene file (pbd-cloth-scene) or a recording "
                           "(an event script)"};
}

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
    AppFlagTexts& texts = all.texts;
    if (auto status = common::parseCommandLine(cli, argc, argv))
        return status;
    // A file as the only argument: a state, a scene or a recording, opened as what it is.
    std::optional<std::string> sceneText;
    if (obstacleFlags.sceneGiven())
        sceneText = obstacleFlags.sceneText();
    if (texts.file)
        if (auto status = openGivenFile(texts, sceneText, options.restore))
            return status;
    // --scene: its settings under the flags, its obstacles and balls before --obstacle's and
    // --ball's, its pins: composed by the core's setUpStart(), as pbd-sim's.
    RunStart& start = options.start;
    if (sceneText && !obstacleFlags.sceneGiven()) {
        std::string error;
        start.scene = loadScene(*sceneText, error);
        if (!start.scene)
            return refuse("FILE: " + error);
    } else if (auto error = obstacleFlags.readScene(start.scene)) {
        return refuse(*error);
    }
    options.sceneName = sceneText.value_or("");
    if (texts.load) {
        if (texts.load->empty())
            return refuse("--load: '' is not a file name; allowed: the path of a state file");
        start.stateFile = *texts.load;
    }
    start.settings = [flags](Settings& settings) { return flags->applyTo(settings); };
    if (auto error = startSettings(start, options.settings))
        return refuse(error->message);
    // A 3D start (--dimensions 3, a 3D scene or state) opens the 3D window (Session3).
    readStartFile(start, options.settings); // a 3D state opens the 3D window
    if (start.stateText && flags->given("dimensions")) {
        // A state's dimensions are its own: --dimensions may only say them again (as with a
        // scene), rather than the state being refused by the cloth it was not made for.
        const int own = stateDimensions(*start.stateText);
        Settings asked;
        if (!flags->applyTo(asked) && asked.dimensions != own)
            return refuse("--dimensions: '" + std::to_string(asked.dimensions) +
                          "' is not allowed with --load " + *start.stateFile +
                          " (a state of dimensions = " + std::to_string(own) + "); allowed: " +
                          std::to_string(own) + " (or leave --dimensions out)");
    }
    if (auto status = readReplay3(texts, options))
        return status;
    const bool threeD = options.settings.dimensions == 3;
    const bool replay3 = !options.replayEvents3.empty();
    if (auto error = replay3  ? std::nullopt // the recording's cloth starts bare, as in pbd-sim
                     : threeD ? readWorld(obstacleFlags, ballFlags, start.obstacles3, start.balls3)
                              : readWorld(obstacleFlags, ballFlags, start.obstacles, start.balls))
        return refuse(*error);
    // The whole start, checked before any window opens.
    if (auto status = threeD ? probeStart<Simulation3>(options) : probeStart<Simulation>(options))
        return status;
    if (auto error = all.preferenceFlags.applyTo(options.preferences, true))
        return refuse(*error);
    if (auto status = applyAppFlags(all.texts, options))
        return status;
    return readTestHooks(options);
}

} // namespace pbd::app
