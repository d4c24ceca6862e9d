#include "run.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <cstdio>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string_view>
#include <variant>

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

/// Steps `simulation` from step `from` to step `to` through `events` (one piece of the
/// script), then applies the events at `to`: those of the run's last step (an app's recording
/// ends with what the user did after its last step, a move while paused, and the final
/// positions include it), or those before the line that changes the dimensions there.
template <glm::length_t D>
void stepPiece(SimulationOf<D>& simulation, std::vector<DragEventOf<D>> events, long long from,
               long long to, TraceWriter* trace, long long traceEvery)
{
    DragPlayerOf<D> player(std::move(events));
    if (trace && from == 0)
        trace->write(0, simulation);
    for (long long step = from; step < to; ++step) {
        player.applyBefore(static_cast<std::uint64_t>(step), simulation);
        simulation.step();
        if (trace && (step + 1) % traceEvery == 0) {
            simulation.sync();
            trace->write(static_cast<std::uint64_t>(step + 1), simulation);
        }
    }
    player.applyBefore(static_cast<std::uint64_t>(to), simulation);
}

/// Writes the positions, the trace, the state, the OBJ file and the summary line of the run's
/// final `simulation`, after `steps` steps that took `elapsed`.
template <glm::length_t D>
int report(const RunOptions& options, const SimulationOf<D>& simulation, long long steps,
           std::chrono::duration<double, std::milli> elapsed, TraceWriter* trace)
{
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

/// The run's cloth: one simulation at a time, 2D or 3D (a script's `set dimensions` line
/// replaces it by one of the other count).
struct RunCloth {
    std::unique_ptr<Simulation> two;
    std::unique_ptr<Simulation3> three;
    std::optional<SolverBackendFactory> gpu; ///< the GPU backend's factory, once made
};

/// Installs the GPU backend on a cloth whose settings or events choose the GPU solver (an
/// app's recording may). Returns the exit status of a failure.
template <glm::length_t D>
std::optional<int> installGpuIfChosen(SimulationOf<D>& simulation,
                                      const std::vector<DragEventOf<D>>& events,
                                      std::optional<SolverBackendFactory>& factory)
{
    const bool scriptUsesGpu =
        std::any_of(events.begin(), events.end(), [](const DragEventOf<D>& e) {
            const SettingField* field = findSettingField(e.field);
            if (e.kind != DragEventOf<D>::Kind::Set || !field)
                return false;
            Settings after; // the page's sequential solver, unless this event chooses another
            field->set(after, e.value);
            return after.solver == Solver::Gpu;
        });
    if (simulation.settings().solver != Solver::Gpu && !scriptUsesGpu)
        return std::nullopt;
    if (!factory) {
        std::string why;
        factory = gpuBackendFactory(why);
        if (!factory) {
            std::cerr << "pbd-sim run: --solver gpu: " << why << "\n";
            return common::kExitIo;
        }
    }
    simulation.installBackend(*factory);
    return std::nullopt;
}

/// The step a piece starts at: 0 for the first, else its `set dimensions` line's.
std::uint64_t pieceStart(const ScriptPiece& piece)
{
    return std::visit([](const auto& p) { return p.start ? p.start->step : 0; }, piece);
}

/// Steps the run through the script's pieces (the cloth given is the first's), then reports
/// the final cloth: its dimensions are those of the last piece the run reached.
int stepAndReport(const RunOptions& options, RunCloth& cloth, std::vector<ScriptPiece>& pieces,
                  long long steps, TraceWriter* trace = nullptr, long long traceEvery = 1)
{
    const auto begun = std::chrono::steady_clock::now();
    const auto endStep = static_cast<std::uint64_t>(steps);
    try {
        for (std::size_t i = 0; i < pieces.size() && pieceStart(pieces[i]) <= endStep; ++i) {
            const auto from = static_cast<long long>(pieceStart(pieces[i]));
            const long long to = i + 1 < pieces.size()
                                     ? static_cast<long long>(std::min(pieceStart(pieces[i + 1]), endStep))
                                     : steps;
            if (auto* piece = std::get_if<ScriptPieceOf<2>>(&pieces[i])) {
                if (piece->start) { // the cloth restarts in 2D from the script's settings
                    cloth.three.reset();
                    cloth.two = std::make_unique<Simulation>(piece->start->settings);
                    if (auto refused = installGpuIfChosen(*cloth.two, piece->events, cloth.gpu))
                        return *refused;
                }
                stepPiece<2>(*cloth.two, std::move(piece->events), from, to, trace, traceEvery);
            } else {
                auto& piece3 = std::get<ScriptPieceOf<3>>(pieces[i]);
                if (piece3.start) { // the cloth restarts in 3D
                    cloth.two.reset();
                    cloth.three = std::make_unique<Simulation3>(piece3.start->settings);
                    if (auto refused = installGpuIfChosen(*cloth.three, piece3.events, cloth.gpu))
                        return *refused;
                }
                stepPiece<3>(*cloth.three, std::move(piece3.events), from, to, trace, traceEvery);
            }
        }
        if (cloth.two) {
            cloth.two->finishBackend();
            cloth.two->sync(); // the GPU's state, for the output and the summary
        } else {
            cloth.three->finishBackend();
            cloth.three->sync();
        }
    } catch (const std::runtime_error& e) { // the GPU solver could not run this cloth (or world)
        const Settings& settings = cloth.two ? cloth.two->settings() : cloth.three->settings();
        std::cerr << "pbd-sim run: --solver " << solverName(settings.solver) << ": " << e.what()
                  << "\n";
        return common::kExitIo;
    }
    const std::chrono::duration<double, std::milli> elapsed =
        std::chrono::steady_clock::now() - begun;
    return cloth.two ? report<2>(options, *cloth.two, steps, elapsed, trace)
                     : report<3>(options, *cloth.three, steps, elapsed, trace);
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
        if (auto error = trace.open(*options.traceFile, traced, static_cast<int>(D),
                                    simulation.settings().maxStrain > 0.0)) {
            std::cerr << "pbd-sim run: --trace: '" << *options.traceFile
                      << "' cannot be written (" << *error
                      << "); allowed: a file path in an existing, writable folder\n";
            return common::kExitUsage;
        }
    return std::nullopt;
}

/// Reads --events (if given) for `simulation`'s start, in its dimensions, cut into pieces at
/// its changes of dimensions; without a script, one piece without events. Returns the exit
/// status of a refusal, or nothing.
template <glm::length_t D>
std::optional<int> readEvents(const RunOptions& options, const SimulationOf<D>& simulation,
                              std::vector<ScriptPiece>& pieces)
{
    pieces.assign(1, ScriptPieceOf<D>{});
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
        pieces = parseScriptPieces(script, simulation.settings(), simulation.obstacles().size(),
                                   simulation.balls().size(), scriptFolder(*options.dragFile));
    } catch (const DragScriptError& e) {
        std::cerr << "pbd-sim run: " << *options.dragFile << ": " << e.what() << "\n";
        return common::kExitUsage;
    }
    // The trace's columns are one dimensions' (com_z, pI_z): a run that changes them has none.
    if (pieces.size() > 1 && options.traceFile) {
        const DimensionsChange& change = *std::visit(
            [](const auto& p) -> const std::optional<DimensionsChange>& { return p.start; },
            pieces[1]);
        std::cerr << "pbd-sim run: --trace: not allowed with an event script that changes the "
                     "dimensions (" << *options.dragFile << " line " << change.line
                  << ": set dimensions " << change.dimensions
                  << "); allowed: --trace with a script that keeps the run's dimensions\n";
        return common::kExitUsage;
    }
    return std::nullopt;
}

/// Without --steps, a script's `end` line (the first, in any piece) says how many steps to
/// run.
void stepsFromEnd(const RunOptions& options, const std::vector<ScriptPiece>& pieces,
                  long long& steps)
{
    if (options.stepsText)
        return;
    for (const ScriptPiece& piece : pieces) {
        const std::optional<std::uint64_t> end = std::visit(
            [](const auto& p) -> std::optional<std::uint64_t> {
                for (const auto& event : p.events)
                    if (event.kind == DragEventKind::End)
                        return event.step;
                return std::nullopt;
            },
            piece);
        if (end) {
            steps = static_cast<long long>(std::min<std::uint64_t>(*end, kMaxRunSteps));
            return;
        }
    }
}

/// The run in D dimensions: the flags' obstacles and balls (of D) after the scene's, the
/// start, the script, the trace, the GPU backend when chosen, then the steps and the report.
template <glm::length_t D>
int runIn(const RunOptions& options, RunStart& start, Settings settings, long long steps)
{
    std::vector<ObstacleOf<D>> obstacles;
    if (auto error = options.obstacles.read(obstacles)) {
        std::cerr << "pbd-sim run: " << *error << "\n";
        return common::kExitUsage;
    }
    std::vector<BallOf<D>> balls;
    if (auto error = options.balls.read(balls)) {
        std::cerr << "pbd-sim run: " << *error << "\n";
        return common::kExitUsage;
    }
    RunCloth cloth;
    if constexpr (D == 3) {
        if (options.obstacles.given())
            start.obstacles3 = std::move(obstacles);
        if (options.balls.given())
            start.balls3 = std::move(balls);
        // A 3D state file's settings come in setUpStart().
        cloth.three = std::make_unique<Simulation3>(start.stateFile ? Simulation3::defaultSettings()
                                                                    : settings);
    } else {
        if (options.obstacles.given())
            start.obstacles = std::move(obstacles);
        if (options.balls.given())
            start.balls = std::move(balls);
        cloth.two = std::make_unique<Simulation>(settings);
    }
    SimulationOf<D>& simulation = [&]() -> SimulationOf<D>& {
        if constexpr (D == 3)
            return *cloth.three;
        else
            return *cloth.two;
    }();
    if (auto error = setUpStart(simulation, start)) {
        std::cerr << "pbd-sim run: " << error->message << "\n";
        return error->io ? common::kExitIo : common::kExitUsage;
    }
    std::vector<ScriptPiece> pieces;
    if (const std::optional<int> refused = readEvents(options, simulation, pieces))
        return *refused;
    long long traceEvery = 1;
    TraceWriter trace;
    if (const std::optional<int> refused = openTrace(options, simulation, trace, traceEvery))
        return *refused;
    if (auto refused = installGpuIfChosen(
            simulation, std::get<ScriptPieceOf<D>>(pieces.front()).events, cloth.gpu))
        return *refused;
    stepsFromEnd(options, pieces, steps);
    return stepAndReport(options, cloth, pieces, steps, options.traceFile ? &trace : nullptr,
                         traceEvery);
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
    readStartFile(start, settings); // a 3D state file makes a 3D run
    return settings.dimensions == 3 ? runIn<3>(options, start, settings, steps)
                                    : runIn<2>(options, start, settings, steps);
}

} // namespace pbd::cli
