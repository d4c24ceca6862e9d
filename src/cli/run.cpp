#include "run.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <cstdio>
#include <iostream>
#include <stdexcept>
#include <string_view>

#include "gpu_support.h"
#include "files/input_text.h"
#include "pbd/settings_table.h"
#include "pbd/drag_script.h"
#include "pbd/scene.h"
#include "pbd/simulation.h"
#include "pbd/state_file.h"
#include "pbd/state_io.h"
#include "common/thread_report.h"

namespace pbd::cli {
namespace {

/// Reads the event script whole. Errors name the file and the system's reason.
std::optional<std::string> readFile(const std::string& path, std::string& text)
{
    if (auto error = readWholeFile(path, text))
        return std::string(error->opened ? "cannot read" : "cannot open") + " event script '" +
               path + "': " + error->reason;
    return std::nullopt;
}

} // namespace

std::optional<std::string> checkRunOptions(const RunOptions& options, Settings& settings,
                                           long long& steps)
{
    Settings next = settings;
    if (auto error = options.flags.applyTo(next))
        return error;
    if (options.stepsText)
        if (auto error = common::parseWholeOption("--steps", *options.stepsText, 0, kMaxRunSteps, steps))
            return error;
    settings = next;
    return std::nullopt;
}

int runCommandMain(const RunOptions& options)
{
    // A scene's settings are the base the settings flags override.
    std::optional<Scene> scene;
    if (auto error = options.obstacles.readScene(scene)) {
        std::cerr << "pbd-sim run: " << *error << "\n";
        return common::kExitUsage;
    }
    if (scene && options.loadFile) {
        std::cerr << "pbd-sim run: --scene: cannot be given with --load; allowed: one of them\n";
        return common::kExitUsage;
    }
    Settings settings = scene ? scene->settings : Settings{};
    long long steps = 1000;
    if (auto error = checkRunOptions(options, settings, steps)) {
        std::cerr << "pbd-sim run: " << *error << "\n";
        return common::kExitUsage;
    }

    std::vector<Obstacle> obstacles;
    if (auto error = options.obstacles.read(obstacles)) {
        std::cerr << "pbd-sim run: " << *error << "\n";
        return common::kExitUsage;
    }
    std::vector<Ball> balls;
    if (auto error = options.balls.read(balls)) {
        std::cerr << "pbd-sim run: " << *error << "\n";
        return common::kExitUsage;
    }
    Simulation simulation(settings);
    if (scene) {
        // The scene with the flags' settings over its own, its obstacles then the flags'.
        scene->settings = settings;
        if (auto error = applyScene(simulation, *scene, obstacles, balls)) {
            std::cerr << "pbd-sim run: --scene: " << *error << "\n";
            return common::kExitUsage;
        }
    } else {
        simulation.setInitialObstacles(obstacles); // checked by read()
        simulation.setInitialBalls(balls);         // likewise
    }
    std::vector<DragEvent> events;
    if (options.loadFile) {
        // The saved state, then the settings flags given on the command line over it. A file
        // that cannot be read is an input/output failure; one that is not a valid state, a
        // refused value.
        if (std::FILE* file = std::fopen(options.loadFile->c_str(), "rb"))
            std::fclose(file);
        else {
            std::cerr << "pbd-sim run: --load: cannot read " << *options.loadFile << ": "
                      << std::strerror(errno) << "\n";
            return common::kExitIo;
        }
        if (auto error = loadStateFile(simulation, *options.loadFile)) {
            std::cerr << "pbd-sim run: --load: " << *error << "\n";
            return common::kExitUsage;
        }
        Settings loaded = simulation.settings();
        if (auto error = options.flags.applyTo(loaded)) {
            std::cerr << "pbd-sim run: " << *error << "\n";
            return common::kExitUsage;
        }
        if (auto error = simulation.apply(loaded)) {
            std::cerr << "pbd-sim run: " << error->message << "\n";
            return common::kExitUsage;
        }
        settings = simulation.settings();
        // The flags' obstacles replace the file's; either are what a restart puts back. The
        // file's stay as saved (a pending move, a held ball) so that the run continues
        // exactly: setInitial* settles what it takes, so they are put back after it.
        SimulationState loadedState = simulation.state();
        std::vector<Obstacle> initial(simulation.obstacles().begin(), simulation.obstacles().end());
        simulation.setInitialObstacles(options.obstacles.given() ? obstacles : initial);
        std::vector<Ball> initialBalls(simulation.balls().begin(), simulation.balls().end());
        simulation.setInitialBalls(options.balls.given() ? balls : initialBalls);
        if (!options.obstacles.given() || !options.balls.given()) {
            if (options.obstacles.given())
                loadedState.obstacles.assign(simulation.obstacles().begin(),
                                             simulation.obstacles().end());
            if (options.balls.given())
                loadedState.balls.assign(simulation.balls().begin(), simulation.balls().end());
            simulation.restore(loadedState); // valid: it was just loaded
        }
    }
    if (options.dragFile) {
        std::string text;
        if (auto error = readFile(*options.dragFile, text)) {
            std::cerr << "pbd-sim run: " << *error << "\n";
            return common::kExitIo;
        }
        std::string_view script = text;
        if (auto warning = dropCutRecordingLine(script))
            std::cerr << "pbd-sim run: " << *options.dragFile << ": warning: " << *warning
                      << "\n";
        try {
            events = parseEventScript(script, simulation.settings(), simulation.obstacles().size(),
                                      simulation.balls().size());
        } catch (const DragScriptError& e) {
            std::cerr << "pbd-sim run: " << *options.dragFile << ": " << e.what() << "\n";
            return common::kExitUsage;
        }
    }
    // A script may choose the GPU solver (an app's recording does): it needs the backend too.
    const bool scriptUsesGpu = std::any_of(events.begin(), events.end(), [](const DragEvent& e) {
        const SettingField* field = findSettingField(e.field);
        if (e.kind != DragEvent::Kind::Set || !field)
            return false;
        Settings after; // the page's sequential solver, unless this event chooses another
        field->set(after, e.value);
        return after.solver == Solver::Gpu;
    });
    if (settings.solver == Solver::Gpu || scriptUsesGpu) {
        std::string why;
        auto factory = gpuBackendFactory(why);
        if (!factory) {
            std::cerr << "pbd-sim run: --solver gpu: " << why << "\n";
            return common::kExitIo;
        }
        simulation.installBackend(std::move(*factory));
    }

    // Without --steps, a script's `end` line says how many steps to run.
    if (!options.stepsText)
        for (const DragEvent& event : events)
            if (event.kind == DragEvent::Kind::End) {
                steps = static_cast<long long>(std::min<std::uint64_t>(event.step, kMaxRunSteps));
                break;
            }
    DragPlayer player(std::move(events));
    const auto start = std::chrono::steady_clock::now();
    try {
        for (long long step = 0; step < steps; ++step) {
            player.applyBefore(static_cast<std::uint64_t>(step), simulation);
            simulation.step();
        }
        // Events at the last step (before the end line) happened after the last step: an
        // app's recording ends with what the user did after its last step (a move while
        // paused), and the final positions include it.
        player.applyBefore(static_cast<std::uint64_t>(steps), simulation);
        simulation.finishBackend();
        simulation.sync(); // the GPU's state, for the output and the summary
    } catch (const std::runtime_error& e) { // the GPU solver could not run this cloth (or world)
        std::cerr << "pbd-sim run: --solver " << solverName(settings.solver) << ": " << e.what()
                  << "\n";
        return common::kExitIo;
    }
    const std::chrono::duration<double, std::milli> elapsed =
        std::chrono::steady_clock::now() - start;

    const auto& positions = simulation.particles().position;
    if (options.outFile) {
        if (auto error = writePositionsFile(*options.outFile, positions)) {
            std::cerr << "pbd-sim run: " << *error << "\n";
            return common::kExitIo;
        }
    } else if (!writePositions(stdout, positions)) {
        std::cerr << "pbd-sim run: cannot write positions to standard output\n";
        return common::kExitIo;
    }

    if (options.saveFile)
        if (auto error = saveStateFile(simulation, *options.saveFile)) {
            std::cerr << "pbd-sim run: --save: " << *error << "\n";
            return common::kExitIo;
        }

    const std::string device = simulation.backendDescription();
    std::fprintf(stderr,
                 "pbd-sim run: %lld steps of %dx%d (%s solver%s%s, %zu chunk%s of rows), threads %s, "
                 "%.4g ms per step, largest constraint violation %.6g m, obstacles %zu, balls %zu, "
                 "constraints %zu, hash %s\n",
                 steps, simulation.settings().width, simulation.settings().height,
                 solverName(simulation.settings().solver),
                 device.empty() ? "" : " on ", device.c_str(),
                 simulation.chunkCount(), simulation.chunkCount() == 1 ? "" : "s",
                 common::threadsText(simulation).c_str(),
                 steps > 0 ? elapsed.count() / static_cast<double>(steps) : 0.0,
                 maxConstraintViolation(simulation), simulation.obstacles().size(),
                 simulation.balls().size(),
                 simulation.liveConstraintCount(),
                 formatHash(positionsHash(positions)).c_str());
    return 0;
}

} // namespace pbd::cli
