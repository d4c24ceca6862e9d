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
#include "trace.h"
#include "files/input_text.h"
#include "pbd/settings_table.h"
#include "pbd/drag_script.h"
#include "pbd/obj_file.h"
#include "pbd/run_start.h"
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

/// Steps the run (applying the script's events), writes the positions, the state and the
/// summary line.
template <glm::length_t D>
int stepAndReport(const RunOptions& options, SimulationOf<D>& simulation,
                  DragPlayerOf<D>* player, long long steps, TraceWriter* trace = nullptr,
                  long long traceEvery = 1)
{
    const auto begun = std::chrono::steady_clock::now();
    try {
        if (trace)
            trace->write(0, simulation);
        for (long long step = 0; step < steps; ++step) {
            player->applyBefore(static_cast<std::uint64_t>(step), simulation);
            simulation.step();
            if (trace && (step + 1) % traceEvery == 0) {
                simulation.sync();
                trace->write(static_cast<std::uint64_t>(step + 1), simulation);
            }
        }
        // Events at the last step (before the end line) happened after the last step: an
        // app's recording ends with what the user did after its last step (a move while
        // paused), and the final positions include it.
        player->applyBefore(static_cast<std::uint64_t>(steps), simulation);
        simulation.finishBackend();
        simulation.sync(); // the GPU's state, for the output and the summary
    } catch (const std::runtime_error& e) { // the GPU solver could not run this cloth (or world)
        std::cerr << "pbd-sim run: --solver " << solverName(simulation.settings().solver) << ": " << e.what()
                  << "\n";
        return common::kExitIo;
    }
    const std::chrono::duration<double, std::milli> elapsed =
        std::chrono::steady_clock::now() - begun;

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

    if (trace)
        if (auto error = trace->close()) {
            std::cerr << "pbd-sim run: --trace: " << *options.traceFile << ": " << *error << "\n";
            return common::kExitIo;
        }
    if (options.saveFile)
        if (auto error = saveStateFile(simulation, *options.saveFile)) {
            std::cerr << "pbd-sim run: --save: " << *error << "\n";
            return common::kExitIo;
        }
    if (options.saveObjFile)
        if (auto error = saveObjFile(simulation, *options.saveObjFile)) {
            std::cerr << "pbd-sim run: --save-obj: " << *error << "\n";
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

namespace {

/// Reads --trace-every and --trace-particle against the simulation's cloth and opens
/// --trace's file. Returns the exit status of a refusal, or nothing.
template <glm::length_t D>
std::optional<int> openTrace(const RunOptions& options, const SimulationOf<D>& simulation,
                             TraceWriter& trace, long long& traceEvery)
{
    std::vector<std::size_t> traced;
    if (options.traceEveryText)
        if (auto error = common::parseWholeOption("--trace-every", *options.traceEveryText, 1,
                                                  kMaxTraceEvery, traceEvery)) {
            std::cerr << "pbd-sim run: " << *error << "\n";
            return common::kExitUsage;
        }
    const long long particleCount = static_cast<long long>(simulation.particles().size());
    for (const std::string& text : options.traceParticleTexts) {
        long long index = 0;
        if (auto error = common::parseWholeOption("--trace-particle", text, 0, particleCount - 1,
                                                  index)) {
            std::cerr << "pbd-sim run: " << *error << " (a particle of the " << particleCount
                      << ")\n";
            return common::kExitUsage;
        }
        traced.push_back(static_cast<std::size_t>(index));
    }
    if ((options.traceEveryText || !traced.empty()) && !options.traceFile) {
        std::cerr << "pbd-sim run: "
                  << (options.traceEveryText ? "--trace-every" : "--trace-particle")
                  << " needs --trace FILE\n";
        return common::kExitUsage;
    }
    if (options.traceFile)
        if (auto error = trace.open(*options.traceFile, traced, static_cast<int>(D))) {
            std::cerr << "pbd-sim run: --trace: '" << *options.traceFile
                      << "' cannot be written (" << *error
                      << "); allowed: a file path in an existing, writable folder\n";
            return common::kExitUsage;
        }
    return std::nullopt;
}

/// Reads --events (if given) for `simulation`'s start, in its dimensions. Returns the exit
/// status of a refusal, or nothing.
template <glm::length_t D>
std::optional<int> readEvents(const RunOptions& options, const SimulationOf<D>& simulation,
                              std::vector<DragEventOf<D>>& events)
{
    if (!options.dragFile)
        return std::nullopt;
    std::string text;
    if (auto error = readFile(*options.dragFile, text)) {
        std::cerr << "pbd-sim run: " << *error << "\n";
        return common::kExitIo;
    }
    std::string_view script = text;
    if (auto warning = dropCutRecordingLine(script))
        std::cerr << "pbd-sim run: " << *options.dragFile << ": warning: " << *warning << "\n";
    try {
        events = parseEventScript<D>(script, simulation.settings(), simulation.obstacles().size(),
                                     simulation.balls().size(), scriptFolder(*options.dragFile));
    } catch (const DragScriptError& e) {
        std::cerr << "pbd-sim run: " << *options.dragFile << ": " << e.what() << "\n";
        return common::kExitUsage;
    }
    return std::nullopt;
}

/// Without --steps, a script's `end` line says how many steps to run.
template <glm::length_t D>
void stepsFromEnd(const RunOptions& options, const std::vector<DragEventOf<D>>& events,
                  long long& steps)
{
    if (!options.stepsText)
        for (const DragEventOf<D>& event : events)
            if (event.kind == DragEventKind::End) {
                steps = static_cast<long long>(std::min<std::uint64_t>(event.step, kMaxRunSteps));
                break;
            }
}

/// The 3D run: settings, a 3D scene, a state file, obstacles, balls and events.
int run3(const RunOptions& options, const RunStart& start, Settings settings, long long steps)
{
    Settings made = settings;
    if (start.stateFile)
        made = Simulation3::defaultSettings(); // the file's come in setUpStart()
    Simulation3 simulation(made);
    if (auto error = setUpStart(simulation, start)) {
        std::cerr << "pbd-sim run: " << error->message << "\n";
        return error->io ? common::kExitIo : common::kExitUsage;
    }
    long long traceEvery = 1;
    TraceWriter trace;
    if (const std::optional<int> refused = openTrace(options, simulation, trace, traceEvery))
        return *refused;
    std::vector<DragEvent3> events;
    if (const std::optional<int> refused = readEvents(options, simulation, events))
        return *refused;
    stepsFromEnd(options, events, steps);
    DragPlayer3 player(std::move(events));
    return stepAndReport<3>(options, simulation, &player, steps,
                            options.traceFile ? &trace : nullptr, traceEvery);
}

} // namespace

int runCommandMain(const RunOptions& options)
{
    // A scene's settings are the base the settings flags override.
    RunStart start;
    if (auto error = options.obstacles.readScene(start.scene)) {
        std::cerr << "pbd-sim run: " << *error << "\n";
        return common::kExitUsage;
    }
    start.stateFile = options.loadFile;
    start.settings = [&options](Settings& settings) { return options.flags.applyTo(settings); };
    Settings settings;
    long long steps = 1000;
    if (auto error = startSettings(start, settings)) {
        std::cerr << "pbd-sim run: " << error->message << "\n";
        return common::kExitUsage;
    }
    if (options.stepsText)
        if (auto error = common::parseWholeOption("--steps", *options.stepsText, 0, kMaxRunSteps,
                                                  steps)) {
            std::cerr << "pbd-sim run: " << *error << "\n";
            return common::kExitUsage;
        }
    if (start.stateFile) { // a 3D state file makes a 3D run
        std::string text;
        if (!readWholeFile(*start.stateFile, text) && stateDimensions(text) == 3)
            settings.dimensions = 3;
    }
    if (settings.dimensions == 3) {
        std::vector<Obstacle3> obstacles3;
        std::vector<BallOf<3>> balls3;
        if (auto error = options.obstacles.read(obstacles3)) {
            std::cerr << "pbd-sim run: " << *error << "\n";
            return common::kExitUsage;
        }
        if (auto error = options.balls.read(balls3)) {
            std::cerr << "pbd-sim run: " << *error << "\n";
            return common::kExitUsage;
        }
        if (options.obstacles.given())
            start.obstacles3 = std::move(obstacles3);
        if (options.balls.given())
            start.balls3 = std::move(balls3);
        return run3(options, start, settings, steps);
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
    if (options.obstacles.given())
        start.obstacles = std::move(obstacles);
    if (options.balls.given())
        start.balls = std::move(balls);
    Simulation simulation(settings);
    if (auto error = setUpStart(simulation, start)) {
        std::cerr << "pbd-sim run: " << error->message << "\n";
        return error->io ? common::kExitIo : common::kExitUsage;
    }
    settings = simulation.settings();
    long long traceEvery = 1;
    TraceWriter trace;
    if (const std::optional<int> refused = openTrace(options, simulation, trace, traceEvery))
        return *refused;
    std::vector<DragEvent> events;
    if (const std::optional<int> refused = readEvents(options, simulation, events))
        return *refused;
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

    stepsFromEnd(options, events, steps);
    DragPlayer player(std::move(events));
    return stepAndReport(options, simulation, &player, steps,
                         options.traceFile ? &trace : nullptr, traceEvery);
}

} // namespace pbd::cli
