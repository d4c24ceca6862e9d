#include "run.h"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "pbd/drag_script.h"
#include "pbd/simulation.h"
#include "pbd/state_io.h"

namespace pbd::cli {
namespace {

std::optional<std::string> readFile(const std::string& path, std::string& text)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return "cannot open drag script '" + path + "'";
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad())
        return "cannot read drag script '" + path + "'";
    text = buffer.str();
    return std::nullopt;
}

} // namespace

int runCommandMain(const RunOptions& options)
{
    Settings settings;
    if (auto error = options.flags.applyTo(settings)) {
        std::cerr << "pbd-sim run: " << *error << "\n";
        return kExitUsage;
    }
    long long steps = 1000;
    if (options.stepsText) {
        if (auto error = parseWholeOption("--steps", *options.stepsText, 0, kMaxRunSteps, steps)) {
            std::cerr << "pbd-sim run: " << *error << "\n";
            return kExitUsage;
        }
    }

    Simulation simulation(settings);
    std::vector<DragEvent> events;
    if (options.dragFile) {
        std::string text;
        if (auto error = readFile(*options.dragFile, text)) {
            std::cerr << "pbd-sim run: " << *error << "\n";
            return kExitIo;
        }
        try {
            events = parseDragScript(text, simulation.particles().size());
        } catch (const DragScriptError& e) {
            std::cerr << "pbd-sim run: " << *options.dragFile << ": " << e.what() << "\n";
            return kExitUsage;
        }
    }

    DragPlayer player(std::move(events));
    const auto start = std::chrono::steady_clock::now();
    for (long long step = 0; step < steps; ++step) {
        player.applyBefore(static_cast<std::uint64_t>(step), simulation);
        simulation.step();
    }
    const std::chrono::duration<double, std::milli> elapsed =
        std::chrono::steady_clock::now() - start;

    const auto& positions = simulation.particles().position;
    if (options.outFile) {
        if (auto error = writePositionsFile(*options.outFile, positions)) {
            std::cerr << "pbd-sim run: " << *error << "\n";
            return kExitIo;
        }
    } else if (!writePositions(stdout, positions)) {
        std::cerr << "pbd-sim run: cannot write positions to standard output\n";
        return kExitIo;
    }

    std::fprintf(stderr,
                 "pbd-sim run: %lld steps of %dx%d (%s solver, %u thread%s), %.4g ms per step, "
                 "largest constraint violation %.6g m\n",
                 steps, settings.width, settings.height, solverName(settings.solver),
                 simulation.threadCount(), simulation.threadCount() == 1 ? "" : "s",
                 steps > 0 ? elapsed.count() / static_cast<double>(steps) : 0.0,
                 maxConstraintViolation(simulation));
    return 0;
}

} // namespace pbd::cli
