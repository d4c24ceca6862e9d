#include "bench.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <vector>

#include "pbd/input_text.h"
#include "pbd/simulation.h"
#include "settings_flags.h"

namespace pbd::cli {
namespace {

struct Size {
    int width;
    int height;
};

/// Parses "WxH[,WxH...]"; every side must be a valid cloth side.
std::optional<std::string> parseSizes(const std::string& text, std::vector<Size>& sizes)
{
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string item = text.substr(start, comma - start);
        const std::size_t x = item.find('x');
        if (x == std::string::npos)
            return "--sizes: '" + item + "' is not WxH; allowed: sizes such as 40x30,300x300";
        long long w = 0;
        long long h = 0;
        if (auto e = parseWholeOption("--sizes width", item.substr(0, x), 1, kMaxClothSide, w))
            return e;
        if (auto e = parseWholeOption("--sizes height", item.substr(x + 1), 1, kMaxClothSide, h))
            return e;
        sizes.push_back({static_cast<int>(w), static_cast<int>(h)});
        start = comma + 1;
    }
    return std::nullopt;
}

struct BenchRow {
    Size size;
    std::size_t particles;
    std::size_t constraints;
    int iterations;
    unsigned threads;
    double msPerStep;
    Strain strain;
};

BenchRow measure(const Settings& base, Size size, int iterations, Solver solver, int threads,
                 long long settleSteps, long long fixedSteps)
{
    using Clock = std::chrono::steady_clock;
    Settings settings = base;
    settings.width = size.width;
    settings.height = size.height;
    settings.iterations = iterations;
    settings.solver = solver;
    settings.threads = threads;
    Simulation simulation(settings);
    for (long long i = 0; i < settleSteps; ++i)
        simulation.step();
    const Strain strain = constraintStrain(simulation);
    for (int i = 0; i < 3; ++i) // warm-up: caches, page faults, branch predictors, workers
        simulation.step();

    std::vector<double> samples;
    const auto begin = Clock::now();
    for (;;) {
        const auto t0 = Clock::now();
        simulation.step();
        const auto t1 = Clock::now();
        samples.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
        const long long n = static_cast<long long>(samples.size());
        if (fixedSteps > 0 ? n >= fixedSteps
                           : n >= 10 && std::chrono::duration<double>(t1 - begin).count() > 0.5)
            break;
    }
    std::nth_element(samples.begin(), samples.begin() + samples.size() / 2, samples.end());
    return {size,       simulation.particles().size(), simulation.constraints().size(),
            iterations, simulation.threadCount(),      samples[samples.size() / 2],
            strain};
}

} // namespace

int benchCommandMain(const BenchOptions& options)
{
    std::vector<Size> sizes;
    if (auto error = parseSizes(options.sizesText.value_or("40x30,100x100,300x300,1000x1000"),
                                sizes)) {
        std::cerr << "pbd-sim bench: " << *error << "\n";
        return kExitUsage;
    }
    long long steps = 0;
    if (options.stepsText)
        if (auto error = parseWholeOption("--steps", *options.stepsText, 1, 1'000'000, steps)) {
            std::cerr << "pbd-sim bench: " << *error << "\n";
            return kExitUsage;
        }
    long long iterations = Settings{}.iterations;
    if (options.iterationsText)
        if (auto error = parseWholeOption("--iterations", *options.iterationsText, 1,
                                          kMaxIterations, iterations)) {
            std::cerr << "pbd-sim bench: " << *error << "\n";
            return kExitUsage;
        }

    long long settle = kDefaultSettleSteps;
    if (options.settleText)
        if (auto error = parseWholeOption("--settle", *options.settleText, 0, 1'000'000, settle)) {
            std::cerr << "pbd-sim bench: " << *error << "\n";
            return kExitUsage;
        }
    Settings base;
    if (auto error = options.physicsFlags.applyTo(base)) {
        std::cerr << "pbd-sim bench: " << *error << "\n";
        return kExitUsage;
    }
    if (auto error = options.solverFlags.check()) {
        std::cerr << "pbd-sim bench: " << *error << "\n";
        return kExitUsage;
    }
    std::vector<Solver> solvers{Solver::Sequential, Solver::Colored};
    if (auto solver = options.solverFlags.solver())
        solvers = {*solver};
    const int threads = options.solverFlags.threads().value_or(0);

    if (!options.json)
        std::printf("%-11s %10s %12s %5s %-10s %7s %12s %10s %10s %11s %11s\n", "size",
                    "particles", "constraints", "iter", "solver", "threads", "ms/step", "ns/proj",
                    "steps/s", "strain_max", "strain_rms");
    for (const Size& size : sizes) {
        for (const Solver solverKind : solvers) {
            const BenchRow row =
                measure(base, size, static_cast<int>(iterations), solverKind, threads, settle,
                        steps);
            const char* solver = solverName(solverKind);
            const double projections = static_cast<double>(row.constraints) * row.iterations;
            const double nsPerProjection = row.msPerStep * 1e6 / projections;
            const double stepsPerSecond = 1000.0 / row.msPerStep;
            if (options.json) {
                std::printf("{\"width\": %d, \"height\": %d, \"particles\": %zu, \"constraints\": %zu, "
                            "\"iterations\": %d, \"stiffness\": %s, \"substeps\": %d, "
                            "\"solver\": \"%s\", \"threads\": %u, "
                            "\"ms_per_step\": %.6g, \"ns_per_projection\": %.6g, "
                            "\"steps_per_s\": %.6g, \"strain_max\": %.6g, \"strain_rms\": %.6g}\n",
                            size.width, size.height, row.particles, row.constraints, row.iterations,
                            formatNumber(base.stiffness).c_str(), base.substeps, solver,
                            row.threads, row.msPerStep, nsPerProjection, stepsPerSecond,
                            row.strain.max, row.strain.rms);
            } else {
                const std::string label = std::to_string(size.width) + "x" + std::to_string(size.height);
                std::printf("%-11s %10zu %12zu %5d %-10s %7u %12.4f %10.2f %10.1f %11.3e %11.3e\n",
                            label.c_str(), row.particles, row.constraints, row.iterations, solver,
                            row.threads, row.msPerStep, nsPerProjection, stepsPerSecond,
                            row.strain.max, row.strain.rms);
            }
            std::fflush(stdout);
        }
    }
    return 0;
}

} // namespace pbd::cli
