#include "bench.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "gpu_support.h"
#include "files/input_text.h"
#include "pbd/run_start.h"
#include "pbd/scene.h"
#include "pbd/simulation.h"
#include "pbd/settings_table.h"
#include "pbd/tethers.h"
#include "common/settings_flags.h"

namespace pbd::cli {
namespace {

struct Size {
    int width;
    int height;
};

/// Parses "WxH[,WxH...]"; every side must be a valid cloth side (1 to maxSide).
std::optional<std::string> parseSizes(const std::string& text, std::vector<Size>& sizes,
                                      int maxSide)
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
        if (auto e = common::parseWholeOption("--sizes width", item.substr(0, x), 1, maxSide, w))
            return e;
        if (auto e = common::parseWholeOption("--sizes height", item.substr(x + 1), 1, maxSide, h))
            return e;
        sizes.push_back({static_cast<int>(w), static_cast<int>(h)});
        start = comma + 1;
    }
    return std::nullopt;
}

struct BenchRow {
    Size size;
    std::size_t particles;
    std::size_t constraints; ///< live ones (all but those --remove took)
    int iterations;          ///< sweeps per substep
    int substeps;            ///< substeps per step
    unsigned threads;          ///< threads a step used
    unsigned requestedThreads; ///< threads asked for
    std::size_t chunks;        ///< the colored solver's chunks of rows (1 for sequential)
    double msPerStep;
    Strain strain;
    std::string device; ///< the GPU and precision, for the gpu solver
};

/// A cloth being measured, in 2D or 3D: what bench asks of its Simulation.
class BenchCloth {
public:
    virtual ~BenchCloth() = default;
    virtual int dimensions() const = 0;
    virtual void step() = 0;
    virtual void sync() = 0;
    virtual void finishBackend() = 0;
    virtual void installBackend(const SolverBackendFactory& gpu) = 0;
    virtual std::size_t constraintCount() const = 0;
    virtual bool removeConstraint(std::size_t index) = 0;
    virtual Strain strain() const = 0;
    virtual std::size_t particleCount() const = 0;
    virtual std::size_t liveConstraintCount() const = 0;
    virtual const Settings& settings() const = 0;
    virtual unsigned threadCount() const = 0;
    virtual unsigned requestedThreadCount() const = 0;
    virtual std::size_t chunkCount() const = 0;
    virtual std::string backendDescription() const = 0;
    virtual std::size_t obstacleCount() const = 0;
    virtual std::size_t ballCount() const = 0;
    virtual TetherCloth tetherCloth() const = 0;
};

template <glm::length_t D>
class BenchClothOf final : public BenchCloth {
public:
    explicit BenchClothOf(const Settings& settings) : simulation_(settings) {}
    SimulationOf<D>& simulation() { return simulation_; }
    int dimensions() const override { return static_cast<int>(D); }
    void step() override { simulation_.step(); }
    void sync() override { simulation_.sync(); }
    void finishBackend() override { simulation_.finishBackend(); }
    void installBackend(const SolverBackendFactory& gpu) override { simulation_.installBackend(gpu); }
    std::size_t constraintCount() const override { return simulation_.constraints().size(); }
    bool removeConstraint(std::size_t index) override { return simulation_.removeConstraint(index); }
    Strain strain() const override { return constraintStrain(simulation_); }
    std::size_t particleCount() const override { return simulation_.particles().size(); }
    std::size_t liveConstraintCount() const override { return simulation_.liveConstraintCount(); }
    const Settings& settings() const override { return simulation_.settings(); }
    unsigned threadCount() const override { return simulation_.threadCount(); }
    unsigned requestedThreadCount() const override { return simulation_.requestedThreadCount(); }
    std::size_t chunkCount() const override { return simulation_.chunkCount(); }
    std::string backendDescription() const override { return simulation_.backendDescription(); }
    std::size_t obstacleCount() const override { return simulation_.obstacles().size(); }
    std::size_t ballCount() const override { return simulation_.balls().size(); }
    TetherCloth tetherCloth() const override
    {
        return tetherClothOf(simulation_.settings(), simulation_.alive(),
                             simulation_.particles().flags);
    }

private:
    SimulationOf<D> simulation_;
};

/// The GPU's median ms per step. A step only queues work, so steps are timed in batches
/// that end by waiting for the GPU (glFinish): each batch is grown until it takes at least
/// 50 ms, then batches are timed until half a second has passed (at least 5 of them), or
/// one batch of fixedSteps when given.
double measureQueued(BenchCloth& simulation, long long fixedSteps)
{
    using Clock = std::chrono::steady_clock;
    auto batch = [&](long long n) {
        simulation.finishBackend();
        const auto t0 = Clock::now();
        for (long long i = 0; i < n; ++i)
            simulation.step();
        simulation.finishBackend();
        return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    };
    if (fixedSteps > 0)
        return batch(fixedSteps) / static_cast<double>(fixedSteps);
    long long n = 1;
    while (n < (1 << 20)) {
        const double ms = batch(n);
        if (ms >= 50.0)
            break;
        n = ms <= 0.0 ? n * 16 : std::max(n * 2, static_cast<long long>(n * 60.0 / ms));
    }
    std::vector<double> samples;
    const auto begin = Clock::now();
    while (samples.size() < 5 ||
           std::chrono::duration<double>(Clock::now() - begin).count() < 0.5)
        samples.push_back(batch(n) / static_cast<double>(n));
    std::nth_element(samples.begin(), samples.begin() + samples.size() / 2, samples.end());
    return samples[samples.size() / 2];
}

/// `text` with JSON's special characters escaped.
std::string jsonText(const std::string& text)
{
    std::string out;
    for (char c : text) {
        if (c == '"' || c == '\\')
            out += '\\';
        if (static_cast<unsigned char>(c) >= 0x20)
            out += c;
    }
    return out;
}

/// Most of the constraints --remove may take away.
constexpr double kMaxRemoveFraction = 0.9;

/// Removes round(fraction * count) constraints, chosen by a fixed pseudo-random shuffle so
/// that removed ones are spread over every row (as tearing spreads them) and every run removes
/// the same ones.
void removeFraction(BenchCloth& simulation, double fraction)
{
    const std::size_t count = simulation.constraintCount();
    const auto target = static_cast<std::size_t>(fraction * static_cast<double>(count) + 0.5);
    std::vector<std::size_t> order(count);
    for (std::size_t i = 0; i < count; ++i)
        order[i] = i;
    std::uint64_t state = 0x9e3779b97f4a7c15ull; // splitmix64, fixed seed
    auto next = [&state] {
        std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    };
    for (std::size_t i = 0; i < target; ++i) // partial Fisher-Yates: the first `target` picked
        std::swap(order[i], order[i + next() % (count - i)]);
    for (std::size_t i = 0; i < target; ++i)
        simulation.removeConstraint(order[i]);
}

/// A cloth made ready for timing: built, less `remove` of its constraints, settled, its
/// strain measured, warmed up.
struct Prepared {
    std::unique_ptr<BenchCloth> simulation;
    Strain strain;
    double remove;
};

/// One cloth of a size and solver: the --remove fraction, whether it has tethers, and whether
/// it has the world (the --scene and --obstacle obstacles, the --scene and --ball balls).
struct Variant {
    double remove;
    bool tethers;
    bool obstacles;
    int dimensions = 2; ///< with --dimensions 3, the same cloth in 2D and in 3D
};

/// The settings as the 2D cloth: its twin of a 3D cloth (vertical, no wind along z, no
/// bending).
Settings planeSettings(Settings settings)
{
    settings.dimensions = 2;
    settings.orientation = Orientation::Vertical;
    settings.windZ = 0.0;
    settings.bending = 0.0;
    return settings;
}

/// The world a cloth is measured with: none, or the plan's (2D shapes and balls for the 2D
/// cloth, 3D ones for the 3D cloth).
struct BenchWorld {
    const std::vector<Obstacle>* obstacles = nullptr;
    const std::vector<Ball>* balls = nullptr;
    const std::vector<Obstacle3>* obstacles3 = nullptr;
    const std::vector<BallOf<3>>* balls3 = nullptr;
};

std::unique_ptr<BenchCloth> build(const Settings& base, Size size, Solver solver, int threads,
                                  Variant variant,
                                  const std::optional<SolverBackendFactory>& gpu,
                                  const BenchWorld& world)
{
    Settings settings = variant.dimensions == 2 ? planeSettings(base) : base;
    settings.tethers = variant.tethers;
    settings.width = size.width;
    settings.height = size.height;
    settings.solver = solver;
    settings.threads = threads;
    std::unique_ptr<BenchCloth> cloth;
    if (variant.dimensions == 3) {
        auto space = std::make_unique<BenchClothOf<3>>(settings);
        if (world.obstacles3) // checked by readPlan
            space->simulation().setInitialObstacles(*world.obstacles3);
        if (world.balls3) // likewise
            space->simulation().setInitialBalls(*world.balls3);
        cloth = std::move(space);
    } else {
        auto plane = std::make_unique<BenchClothOf<2>>(settings);
        if (world.obstacles) // checked by readPlan
            plane->simulation().setInitialObstacles(*world.obstacles);
        if (world.balls) // likewise
            plane->simulation().setInitialBalls(*world.balls);
        cloth = std::move(plane);
    }
    if (solver == Solver::Gpu && gpu)
        cloth->installBackend(*gpu);
    return cloth;
}

Prepared prepare(std::unique_ptr<BenchCloth> simulation, long long settleSteps, double remove)
{
    if (remove > 0.0)
        removeFraction(*simulation, remove);
    for (long long i = 0; i < settleSteps; ++i)
        simulation->step();
    simulation->sync(); // the GPU's positions, for the strain
    const Strain strain = simulation->strain();
    for (int i = 0; i < 3; ++i) // warm-up: caches, page faults, branch predictors, workers
        simulation->step();
    return {std::move(simulation), strain, remove};
}

/// How long recomputing the tethers takes, in ms (the median of three): for the cloth as it
/// is (settled, less what --remove took), and for the same cloth at rest cut by a knife
/// across half its width at mid-height (the shortest paths around the cut).
struct TetherTimes {
    double asIs = 0.0;
    double cut = 0.0;
};

TetherTimes tetherTimes(const BenchCloth& simulation)
{
    using Clock = std::chrono::steady_clock;
    const Settings settings = planeSettings(simulation.settings()); // the tethers' cloth alike
    TetherCloth cloth = simulation.tetherCloth();
    auto median = [&cloth] {
        std::vector<double> ms;
        for (int k = 0; k < 3; ++k) {
            const auto t0 = Clock::now();
            const Tethers tethers = computeTethers(cloth);
            ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
        }
        std::sort(ms.begin(), ms.end());
        return ms[1];
    };
    TetherTimes times;
    times.asIs = median();
    Settings rest = settings;
    rest.solver = Solver::Sequential;
    Simulation knife(rest);
    const auto& x = knife.particles().position;
    const auto w = static_cast<std::size_t>(settings.width);
    const std::size_t row = static_cast<std::size_t>(settings.height - 1) / 2 * w;
    const double y = settings.height > 1 ? 0.5 * (x[row].y + x[row + w].y) : x[0].y;
    knife.cut({x[0].x - 1.0, y}, {x[w / 2].x, y});
    cloth.alive = knife.alive();
    cloth.flags = knife.particles().flags;
    times.cut = median();
    return times;
}

BenchRow rowOf(const Prepared& prepared, Size size, double msPerStep)
{
    const BenchCloth& simulation = *prepared.simulation;
    return {size,
            simulation.particleCount(),
            simulation.liveConstraintCount(),
            simulation.settings().iterations,
            simulation.settings().substeps,
            simulation.threadCount(),
            simulation.requestedThreadCount(),
            simulation.chunkCount(),
            msPerStep,
            prepared.strain,
            simulation.backendDescription()};
}

/// Median wall-clock ms of single steps of each simulation. The simulations take turns, one
/// step each per round and each round begun by the next one, so that all of them meet the
/// same moments of a shared, noisy machine and their medians compare: `fixedSteps` rounds, or (0) at least 10 and half a second per
/// simulation.
std::vector<double> medianStepMilliseconds(const std::vector<Prepared>& cloths,
                                           long long fixedSteps)
{
    using Clock = std::chrono::steady_clock;
    std::vector<std::vector<double>> samples(cloths.size());
    const auto begin = Clock::now();
    const double seconds = 0.5 * static_cast<double>(cloths.size());
    for (long long n = 1;; ++n) {
        // Each round starts with the next cloth, so that none is always stepped first or
        // right after another (whose worker threads may still be spinning down).
        for (std::size_t i = 0; i < cloths.size(); ++i) {
            const std::size_t c = (i + static_cast<std::size_t>(n)) % cloths.size();
            const auto t0 = Clock::now();
            cloths[c].simulation->step();
            samples[c].push_back(
                std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
        }
        if (fixedSteps > 0 ? n >= fixedSteps
                           : n >= 10 && std::chrono::duration<double>(Clock::now() - begin)
                                                .count() > seconds)
            break;
    }
    std::vector<double> medians;
    for (std::vector<double>& s : samples) {
        std::nth_element(s.begin(), s.begin() + s.size() / 2, s.end());
        medians.push_back(s[s.size() / 2]);
    }
    return medians;
}

/// What to measure, read from the options.
struct BenchPlan {
    std::vector<Size> sizes;
    long long steps = 0; ///< 0: at least 10 steps and half a second
    long long settle = kDefaultSettleSteps;
    std::vector<double> removes{0.0}; ///< --remove: fractions of the constraints taken away first
    std::vector<Solver> solvers{Solver::Sequential, Solver::Colored};
    int threads = 0; ///< 0: one per core
    /// The table's flags (iterations, stiffness, substeps, ...) over the scene's settings or
    /// the defaults.
    Settings base;
    std::vector<Obstacle> obstacles; ///< --scene's, then --obstacle's
    std::vector<Ball> balls;         ///< --scene's, then --ball's
    std::vector<Obstacle3> obstacles3; ///< the same in 3D (dimensions 3)
    std::vector<BallOf<3>> balls3;     ///< likewise
    /// Whether a world was given (a scene's or the flags' obstacles or balls).
    bool world() const
    {
        return !obstacles.empty() || !balls.empty() || !obstacles3.empty() || !balls3.empty();
    }
    std::optional<SolverBackendFactory> gpu; ///< for --solver gpu
};

/// The world of one dimension: --obstacle's shapes after the scene's (null: no scene), then
/// --ball's after the scene's, each list checked again as a whole once the scene's come
/// first.
template <class Shape, class Body>
std::optional<std::string> readWorld(const BenchOptions& options,
                                     const std::vector<Shape>* sceneObstacles,
                                     const std::vector<Body>* sceneBalls,
                                     std::vector<Shape>& obstacles, std::vector<Body>& balls)
{
    if (auto error = options.obstacles.read(obstacles))
        return error;
    if (sceneObstacles) {
        obstacles.insert(obstacles.begin(), sceneObstacles->begin(), sceneObstacles->end());
        if (auto error = checkObstacles(obstacles))
            return "--scene: " + *error;
    }
    if (auto error = options.balls.read(balls))
        return error;
    if (sceneBalls) {
        balls.insert(balls.begin(), sceneBalls->begin(), sceneBalls->end());
        if (auto error = checkBalls(balls))
            return "--scene: " + *error;
    }
    return std::nullopt;
}

/// Reads and checks every option; returns the first error's message.
std::optional<std::string> readPlan(const BenchOptions& options, BenchPlan& plan)
{
    // The table's flags first (--solver decides the largest size), then bench's own.
    // --scene: its settings under the flags, its obstacles before --obstacle's (its pins are
    // not taken: they are indices of its own size).
    std::optional<Scene> scene;
    if (auto error = options.obstacles.readScene(scene))
        return error;
    // A scene's world is of its dimensions: other dimensions are refused naming both, as
    // pbd-sim run refuses them (startSettings()).
    RunStart start;
    start.scene = scene;
    start.settings = [&options](Settings& settings) {
        return options.physicsFlags.applyTo(settings);
    };
    if (auto error = startSettings(start, plan.base))
        return error->message;
    const bool space = plan.base.dimensions == 3;
    if (auto error = space ? readWorld(options, scene ? &scene->obstacles3 : nullptr,
                                       scene ? &scene->balls3 : nullptr, plan.obstacles3,
                                       plan.balls3)
                           : readWorld(options, scene ? &scene->obstacles : nullptr,
                                       scene ? &scene->balls : nullptr, plan.obstacles,
                                       plan.balls))
        return error;
    const bool gpuOnly = options.physicsFlags.given("solver") && plan.base.solver == Solver::Gpu;
    if (auto error = parseSizes(options.sizesText.value_or("40x30,100x100,300x300,1000x1000"),
                                plan.sizes, gpuOnly ? kMaxGpuClothSide : kMaxClothSide))
        return error;
    // A cloth size or density may not suit every size (a size needs two particles across).
    for (const Size& size : plan.sizes) {
        Settings settings = plan.base;
        settings.width = size.width;
        settings.height = size.height;
        if (auto error = validate(settings)) {
            const SettingField* field = findSettingField(error->field);
            return std::string(field ? field->flag : error->field.c_str()) + " with --sizes " +
                   std::to_string(size.width) + "x" + std::to_string(size.height) + ": " +
                   error->message;
        }
    }
    if (options.stepsText)
        if (auto error = common::parseWholeOption("--steps", *options.stepsText, 1, 1'000'000, plan.steps))
            return error;
    if (options.settleText)
        if (auto error = common::parseWholeOption("--settle", *options.settleText, 0, 1'000'000,
                                          plan.settle))
            return error;
    if (options.removeText) {
        plan.removes.clear();
        const std::string& text = *options.removeText;
        for (std::size_t start = 0; start <= text.size();) {
            const std::size_t comma = std::min(text.find(',', start), text.size());
            const std::string item = text.substr(start, comma - start);
            double fraction = 0.0;
            if (!parseNumber(item, fraction) || !(fraction >= 0.0) ||
                !(fraction <= kMaxRemoveFraction))
                return "--remove: " + quoteInput(item) +
                       " is not a fraction we remove; allowed: a number from 0 to " +
                       formatNumber(kMaxRemoveFraction) + ", or a list of them such as 0,0.3";
            plan.removes.push_back(fraction);
            start = comma + 1;
        }
    }
    if (options.physicsFlags.given("solver"))
        plan.solvers = {plan.base.solver};
    if (plan.base.dimensions == 3 && !options.physicsFlags.given("solver"))
        plan.solvers = {Solver::Sequential}; // the one 3D solver for now
    plan.threads = plan.base.threads;
    return std::nullopt;
}

/// The air's keys of a JSON row (", \"air_drag\": 1, \"wind_x\": 5, ..."), or "" without
/// air drag.
std::string airJson(const Settings& s)
{
    if (s.airDrag <= 0.0)
        return "";
    return ", \"air_drag\": " + formatNumber(s.airDrag) + ", \"wind_x\": " +
           formatNumber(s.windX) + ", \"wind_y\": " + formatNumber(s.windY) +
           ", \"gusts\": " + formatNumber(s.gusts);
}

/// Prints one measured row, as a table line or (json) a JSON object.
void printRow(const BenchRow& row, Solver solverKind, Variant variant, const Settings& base,
              const TetherTimes& recompute, bool json, int obstacles, int balls)
{
    const bool space = base.dimensions == 3; // both cloths, 2D and 3D, were asked for
    const Size size = row.size;
    const char* solver = solverName(solverKind);
    // Every live constraint is projected once per sweep, `iterations` sweeps per substep:
    // the step's time over all of them (tethers, contacts, air and the rest included).
    const double projections =
        static_cast<double>(row.constraints) * row.substeps * row.iterations;
    // None (--iterations 0, a cloth without constraints): no time per projection, null in
    // JSON and "-" in the table.
    char nsJson[32] = "null";
    char nsTable[32] = "-";
    if (projections > 0.0) {
        const double nsPerProjection = row.msPerStep * 1e6 / projections;
        std::snprintf(nsJson, sizeof nsJson, "%.6g", nsPerProjection);
        std::snprintf(nsTable, sizeof nsTable, "%.2f", nsPerProjection);
    }
    const double stepsPerSecond = 1000.0 / row.msPerStep;
    if (json) {
        std::printf("{\"width\": %d, \"height\": %d, \"particles\": %zu, \"constraints\": %zu, "
                    "\"iterations\": %d, \"stiffness\": %s, \"substeps\": %d, \"removed\": %s, "
                    "\"tethers\": %s, \"chebyshev\": %s, \"solver\": \"%s\", \"threads\": %u, "
                    "\"threads_requested\": %u, \"chunks\": %zu, "
                    "\"ms_per_step\": %.6g, \"ns_per_projection\": %s, "
                    "\"steps_per_s\": %.6g, \"strain_max\": %.6g, \"strain_rms\": %.6g%s%s%s%s%s%s%s}\n",
                    size.width, size.height, row.particles, row.constraints, row.iterations,
                    formatNumber(base.stiffness).c_str(), row.substeps,
                    formatNumber(variant.remove).c_str(), variant.tethers ? "true" : "false",
                    formatNumber(base.chebyshev).c_str(), solver,
                    row.threads, row.requestedThreads, row.chunks, row.msPerStep, nsJson,
                    stepsPerSecond, row.strain.max, row.strain.rms,
                    variant.tethers ? (", \"tethers_ms\": " + formatNumber(recompute.asIs) +
                                       ", \"tethers_cut_ms\": " + formatNumber(recompute.cut))
                                          .c_str()
                                    : "",
                    row.device.empty()
                        ? ""
                        : (", \"gpu_precision\": \"" +
                           std::string(gpuPrecisionName(base.gpuPrecision)) +
                           "\", \"device\": \"" + jsonText(row.device) + "\"")
                              .c_str(),
                    obstacles < 0 ? "" : (", \"obstacles\": " + std::to_string(obstacles)).c_str(),
                    balls < 0 ? "" : (", \"balls\": " + std::to_string(balls)).c_str(),
                    base.selfCollision ? (", \"self_collision\": true, \"thickness\": " +
                                          formatNumber(base.thickness))
                                             .c_str()
                                       : "",
                    airJson(base).c_str(),
                    space ? (", \"dimensions\": " + std::to_string(variant.dimensions) +
                             ", \"orientation\": \"" +
                             orientationName(variant.dimensions == 3 ? base.orientation
                                                                     : Orientation::Vertical) +
                             "\"" + (variant.dimensions == 3 && base.airDrag > 0.0
                                         ? ", \"wind_z\": " + formatNumber(base.windZ)
                                         : std::string()))
                                .c_str()
                          : "");
    } else {
        const std::string label = std::to_string(size.width) + "x" + std::to_string(size.height);
        // Threads used, "1/2" when fewer than the 2 requested (the cloth has fewer chunks).
        std::string threads = std::to_string(row.threads);
        if (row.threads != row.requestedThreads)
            threads += "/" + std::to_string(row.requestedThreads);
        // The tethers column (and their recompute times, as is / cut) only when --tethers on
        // asked for cloths with them.
        char times[64] = "";
        if (variant.tethers)
            std::snprintf(times, sizeof times, "  %.3g/%.3g", recompute.asIs, recompute.cut);
        const std::string tethers = base.tethers ? (variant.tethers ? "      on" : "     off") +
                                                       std::string(times)
                                                 : "";
        // The obstacles and balls columns only when a world was asked for.
        char world[32] = "";
        if (obstacles >= 0)
            std::snprintf(world, sizeof world, "  %9d  %5d", obstacles, balls);
        char dims[40] = "";
        if (space)
            std::snprintf(dims, sizeof dims, "  %4d  %-11s", variant.dimensions,
                          orientationName(variant.dimensions == 3 ? base.orientation
                                                                  : Orientation::Vertical));
        std::printf("%-11s %10zu %12zu %5d %-10s %7s %6zu %12.4f %10s %10.1f %11.3e %11.3e %8s%s%s%s%s%s\n",
                    label.c_str(), row.particles, row.constraints, row.iterations, solver,
                    threads.c_str(), row.chunks, row.msPerStep, nsTable,
                    stepsPerSecond, row.strain.max, row.strain.rms,
                    formatNumber(variant.remove).c_str(), tethers.c_str(), world, dims,
                    row.device.empty() ? "" : "  ", row.device.c_str());
    }
    std::fflush(stdout);
}

} // namespace

int benchCommandMain(const BenchOptions& options)
{
    BenchPlan plan;
    if (auto error = readPlan(options, plan)) {
        std::cerr << "pbd-sim bench: " << *error << "\n";
        return common::kExitUsage;
    }
    if (plan.solvers == std::vector<Solver>{Solver::Gpu}) {
        std::string why;
        plan.gpu = gpuBackendFactory(why);
        if (!plan.gpu) {
            std::cerr << "pbd-sim bench: --solver gpu: " << why << "\n";
            return common::kExitIo;
        }
    }

    // With --tethers on each cloth is measured with tethers and without, in turns, so that
    // the two compare under the same load.
    // With --obstacle or --ball likewise without and with them: the cost of the contacts.
    // With --dimensions 3 the same cloth in 2D and in 3D: the third dimension's cost; a 3D
    // world (a 3D scene's, 3D --obstacle and --ball) only on the 3D cloth.
    std::vector<Variant> variants;
    const bool world = plan.world();
    const bool space = plan.base.dimensions == 3;
    for (const double remove : plan.removes)
        for (const bool obstacles : {false, true}) {
            if (obstacles && !world)
                continue;
            for (const int dimensions : {2, 3}) {
                if (dimensions == 3 && !space)
                    continue;
                if (obstacles && space && dimensions == 2)
                    continue;
                if (plan.base.tethers)
                    variants.push_back({remove, false, obstacles, dimensions});
                variants.push_back({remove, plan.base.tethers, obstacles, dimensions});
            }
        }
    if (!options.json)
        std::printf("%-11s %10s %12s %5s %-10s %7s %6s %12s %10s %10s %11s %11s %8s%s%s%s\n", "size",
                    "particles", "constraints", "iter", "solver", "threads", "chunks", "ms/step",
                    "ns/proj", "steps/s", "strain_max", "strain_rms", "removed",
                    plan.base.tethers ? "  tethers  recompute_ms" : "",
                    world ? "  obstacles  balls" : "", space ? "  dims  orientation" : "");
    for (const Size& size : plan.sizes) {
        for (const Solver solverKind : plan.solvers) {
            std::vector<Prepared> cloths;
            std::vector<double> ms;
            try {
                // Every cloth is built before any loses constraints: the removal's large
                // temporary, once freed, raises glibc's mmap threshold, so that a cloth built
                // after it had its arrays on the heap, the others each in a mapping of their
                // own, and here a cloth on the heap steps a few % faster than one in mappings:
                // the construction order biased the comparison.
                std::vector<std::unique_ptr<BenchCloth>> built;
                for (const Variant& variant : variants)
                    built.push_back(build(plan.base, size, solverKind, plan.threads,
                                          variant, plan.gpu,
                                          variant.obstacles
                                              ? BenchWorld{&plan.obstacles, &plan.balls,
                                                           &plan.obstacles3, &plan.balls3}
                                              : BenchWorld{}));
                for (std::size_t c = 0; c < variants.size(); ++c)
                    cloths.push_back(prepare(std::move(built[c]), plan.settle, variants[c].remove));
                if (solverKind == Solver::Gpu) // steps only queue work: batches, one cloth at a time
                    for (const Prepared& cloth : cloths)
                        ms.push_back(measureQueued(*cloth.simulation, plan.steps));
                else
                    ms = medianStepMilliseconds(cloths, plan.steps);
            } catch (const std::runtime_error& e) { // a cloth beyond the GPU's limits
                std::cerr << "pbd-sim bench: --solver " << solverName(solverKind) << ", "
                          << size.width << "x" << size.height << ": " << e.what() << "\n";
                return common::kExitIo;
            }
            for (std::size_t c = 0; c < cloths.size(); ++c) {
                cloths[c].simulation->sync(); // what the GPU tore, for the count; its pins
                const TetherTimes recompute = variants[c].tethers
                                                  ? tetherTimes(*cloths[c].simulation)
                                                  : TetherTimes{};
                printRow(rowOf(cloths[c], size, ms[c]),
                         solverKind, variants[c], plan.base, recompute, options.json,
                         world ? static_cast<int>(cloths[c].simulation->obstacleCount()) : -1,
                         world ? static_cast<int>(cloths[c].simulation->ballCount()) : -1);
            }
        }
    }
    return 0;
}

} // namespace pbd::cli
