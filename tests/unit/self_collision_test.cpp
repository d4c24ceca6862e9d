// Self-collision: after every step of a fling, of the 60 x 60 drop on the ground and of the
// heap scene, no two particles that no constraint of the rest cloth joins are closer than 0.99
// thickness, on both CPU solvers; random flings too; the same bits for every thread count;
// the thickness rule.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <numeric>
#include <random>
#include <span>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <glm/geometric.hpp>

#include "pbd/scene.h"
#include "pbd/settings.h"
#include "pbd/simulation.h"
#include "pbd/device/contacts.h"
#include "fling.h"
#include "world/self_collision.h"
#include "sim_builders.h"
#include "solver_loop.h"

using pbd::Settings;
using pbd::Simulation;
using pbd::Solver;

using pbd::test::fling;

namespace {

/// The smallest distance between two particles of a `width`-wide cloth that are not grid
/// neighbours and not both immovable, by a sweep over x (independent of the solver's grid).
double closestUnjoined(const std::vector<glm::dvec2>& x, const std::vector<double>& w, int width)
{
    std::vector<std::size_t> order(x.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return x[a].x < x[b].x || (x[a].x == x[b].x && a < b);
    });
    double best = 1e300;
    const auto wd = static_cast<std::ptrdiff_t>(width);
    for (std::size_t p = 0; p < order.size(); ++p)
        for (std::size_t q = p + 1; q < order.size(); ++q) {
            const std::size_t i = order[p];
            const std::size_t j = order[q];
            if (x[j].x - x[i].x >= best)
                break;
            const auto di = static_cast<std::ptrdiff_t>(i);
            const auto dj = static_cast<std::ptrdiff_t>(j);
            if (std::abs(di / wd - dj / wd) <= 1 && std::abs(di % wd - dj % wd) <= 1)
                continue;
            if (w[i] == 0.0 && w[j] == 0.0)
                continue;
            best = std::min(best, std::hypot(x[i].x - x[j].x, x[i].y - x[j].y));
        }
    return best;
}

double closestUnjoined(const Simulation& simulation)
{
    return closestUnjoined(simulation.particles().position, simulation.particles().inverseMass,
                           simulation.settings().width);
}

Settings flingSettings(Solver solver, double thickness, bool on)
{
    Settings s;
    s.solver = solver;
    s.threads = 2;
    s.thickness = thickness;
    s.selfCollision = on;
    return s;
}

/// The built-in scene `name` on `solver` and `threads`; with `widen` > 1, its cloth that many
/// times as wide at the same spacing (more particles per row: more chunks of rows).
Simulation sceneSimulation(const char* name, Solver solver, int threads, int widen = 1)
{
    const auto scene = pbd::builtInScene(name);
    REQUIRE(scene);
    Settings settings = scene->settings;
    settings.solver = solver;
    settings.threads = threads;
    settings.width *= widen;
    settings.clothWidth *= widen;
    Simulation simulation(settings);
    pbd::Scene copy = *scene;
    copy.settings = settings;
    REQUIRE_FALSE(pbd::applyScene(simulation, copy));
    return simulation;
}

/// A ground's line: through `point` at `degrees`; height() is a point's distance above it.
struct GroundLine {
    glm::dvec2 point;
    glm::dvec2 normal; ///< (-sin, cos) of its angle
    GroundLine(glm::dvec2 through, double degrees)
        : point(through), normal(-std::sin(degrees * std::acos(-1.0) / 180.0),
                                 std::cos(degrees * std::acos(-1.0) / 180.0))
    {
    }
    double height(glm::dvec2 x) const { return glm::dot(x - point, normal); }
};

/// Steps a scene on `ground` `steps` times, failing a check for every step that leaves two
/// unjoined particles closer than 0.99 thickness; returns the closest such pair and the lowest
/// particle's height above the ground over all steps.
struct OnGround {
    double closest = 1e300;
    double lowest = 1e300;
};
OnGround stepOnGround(Simulation& simulation, int steps, const GroundLine& ground)
{
    OnGround seen;
    const double floor = 0.99 * simulation.settings().thickness;
    for (int step = 0; step < steps; ++step) {
        simulation.step();
        const double d = closestUnjoined(simulation);
        seen.closest = std::min(seen.closest, d);
        if (d < floor)
            FAIL_CHECK("step " << step << ": two unjoined particles " << d << " m apart");
        for (const glm::dvec2 x : simulation.particles().position)
            seen.lowest = std::min(seen.lowest, ground.height(x));
    }
    return seen;
}

} // namespace

TEST_CASE("the fling leaves no two unjoined particles closer than 0.99 thickness after any step",
          "[self-collision][slow]")
{
    const double t = 0.1;
    for (Solver solver : {Solver::Sequential, Solver::Colored}) {
        INFO(pbd::solverName(solver));
        Simulation simulation(flingSettings(solver, t, true));
        double worst = 1e300;
        fling(simulation, 29 * 40 + 39, {20.0, -3.0}, 400, 700,
              [&](const Simulation& s, int step) {
                  const double d = closestUnjoined(s);
                  worst = std::min(worst, d);
                  if (d < 0.99 * t)
                      FAIL_CHECK("step " << step << ": two unjoined particles " << d
                                         << " m apart");
              });
        pbd::test::requireSolver(simulation, solver);
        CHECK(worst >= 0.99 * t);
        CHECK(worst < 1.02 * t); // and the cloth did fold onto itself
        CHECK(pbd::test::allFinite(simulation));
    }
}

TEST_CASE("without self-collision the fling brings unjoined particles within the thickness",
          "[self-collision]")
{
    Simulation simulation(flingSettings(Solver::Colored, 0.1, false));
    double worst = 1e300;
    fling(simulation, 29 * 40 + 39, {20.0, -3.0}, 400, 500,
          [&](const Simulation& s, int) { worst = std::min(worst, closestUnjoined(s)); });
    CHECK(worst < 0.5 * 0.1);
}

TEST_CASE("a 60 x 60 cloth dropped on the ground keeps its layers a thickness apart",
          "[self-collision][slow]")
{
    for (Solver solver : {Solver::Sequential, Solver::Colored}) {
        INFO(pbd::solverName(solver));
        Simulation simulation = sceneSimulation("drop", solver, 2);
        const double t = simulation.settings().thickness;
        // The bottom layer lies on the ground (through (0, -4) at -10 degrees), held there by
        // the contacts (they win); the layers on it must still keep 0.99 t from it and from
        // each other (0.9998 t measured on the sequential solver, 0.99998 t on the colored).
        const OnGround seen = stepOnGround(simulation, 800, GroundLine({0.0, -4.0}, -10.0));
        pbd::test::requireSolver(simulation, solver);
        std::printf("drop, %s, 800 steps: closest unjoined pair %.6g thickness\n",
                    pbd::solverName(solver), seen.closest / t);
        CHECK(seen.closest >= 0.99 * t);
        CHECK(seen.closest < 1.01 * t); // its corner curls under it: layers touch
        // And the ground won after every step: every particle at least t / 2 above it.
        CHECK(seen.lowest >= 0.5 * t - 1e-9);
    }
}

TEST_CASE("the heap scene's cloth, seen edge-on, piles up in folds a thickness apart",
          "[self-collision]")
{
    for (Solver solver : {Solver::Sequential, Solver::Colored}) {
        INFO(pbd::solverName(solver));
        Simulation simulation = sceneSimulation("heap", solver, 2);
        const double t = simulation.settings().thickness;
        const double length = simulation.settings().clothHeight;
        const GroundLine ground({0.0, -4.5}, -5.0);
        const OnGround seen = stepOnGround(simulation, 1000, ground);
        pbd::test::requireSolver(simulation, solver);
        // A heap: low and short beside the 4 m it hung, most of it lying on another fold.
        const auto& x = simulation.particles().position;
        double top = -1e300;
        double left = 1e300;
        double right = -1e300;
        int onAFold = 0;
        for (std::size_t i = 0; i < x.size(); ++i) {
            top = std::max(top, ground.height(x[i]));
            left = std::min(left, x[i].x);
            right = std::max(right, x[i].x);
            for (std::size_t j = 0; j < x.size(); ++j)
                if ((j + 1 < i || j > i + 1) && glm::distance(x[i], x[j]) < 1.05 * t) {
                    ++onAFold;
                    break;
                }
        }
        std::printf("heap, %s, 1000 steps: closest unjoined pair %.6g thickness, %.3g m high, "
                    "%.3g m long, %d of %zu particles touch another fold\n",
                    pbd::solverName(solver), seen.closest / t, top, right - left, onAFold, x.size());
        CHECK(seen.closest >= 0.99 * t);
        CHECK(seen.lowest >= 0.5 * t - 1e-9); // the ground won
        CHECK(top < 0.1 * length);
        CHECK(right - left < 0.4 * length);
        CHECK(onAFold > static_cast<int>(x.size()) / 2);
    }
}

TEST_CASE("a particle wedged between two that the ground holds gets out", "[self-collision]")
{
    // Two particles on a level ground, 1.86 thicknesses apart (the contacts hold them), and a
    // third between them a little higher, as the GPU's float heap met at its step 292: the
    // pushes from the two are nearly opposite, and friction undoes the sideways slip each
    // leaves, so while both stay immovable the middle one goes to and fro for ever (0.915 t).
    // After a round that could not settle, the held ones move too, and the contacts put them
    // back on the ground.
    const double t = 0.04;
    const double friction = 0.5;
    const int width = 10;
    const std::size_t n = 30;
    std::vector<glm::dvec2> x(n);
    for (std::size_t i = 0; i < n; ++i) // the rest far apart from each other and from these
        x[i] = {10.0 + static_cast<double>(i), 5.0};
    const std::size_t a = 0;  // column 0, row 0
    const std::size_t b = 2;  // column 2, row 0
    const std::size_t j = 20; // column 0, row 2: no neighbour of either
    x[a] = {0.0, 0.5 * t - 1e-6}; // just inside the ground grown by t / 2: held
    x[b] = {1.86 * t, 0.5 * t - 1e-6};
    x[j] = {0.93 * t, 0.5 * t + 0.15 * t};
    const std::vector<glm::dvec2> x0 = x;
    const std::vector<double> w(n, 1.0);
    pbd::Obstacle ground;
    ground.shape = pbd::ObstacleShape::Ground;
    pbd::settleObstacle(ground);
    pbd::detail::ContactWorld world;
    pbd::detail::prepareContacts(std::span<const pbd::Obstacle>(&ground, 1), t, friction, 0, 1, world);
    pbd::detail::SelfCollision phase;
    phase.resolveWithContacts(world, x.data(), x0.data(), w.data(), n, width, t, friction, 1, {});
    const double da = glm::distance(x[a], x[j]);
    const double db = glm::distance(x[b], x[j]);
    std::printf("wedged particle: %.6g and %.6g thickness from the held ones\n", da / t, db / t);
    CHECK(da >= 0.99 * t);
    CHECK(db >= 0.99 * t);
    CHECK(x[j].y > 0.5 * t + 0.15 * t); // it got out upwards, over them
}

TEST_CASE("random flings keep unjoined particles 0.99 thickness apart", "[self-collision][slow]")
{
    std::mt19937 random(25);
    for (int round = 0; round < 6; ++round) {
        std::uniform_real_distribution<double> unit(0.0, 1.0);
        const double t = 0.05 + 0.15 * unit(random);
        const Solver solver = round % 2 == 0 ? Solver::Sequential : Solver::Colored;
        Settings s = flingSettings(solver, t, true);
        s.width = 20 + static_cast<int>(unit(random) * 20);
        s.height = 15 + static_cast<int>(unit(random) * 15);
        s.friction = unit(random) < 0.5 ? 0.0 : unit(random);
        Simulation simulation(s);
        const auto index = static_cast<pbd::Index>(unit(random) * s.width * s.height);
        const glm::dvec2 target{-10.0 + 20.0 * unit(random), -10.0 + 8.0 * unit(random)};
        const int pull = 50 + static_cast<int>(unit(random) * 250);
        INFO("round " << round << ", " << s.width << " x " << s.height << ", thickness " << t
                      << ", particle " << index << " to (" << target.x << ", " << target.y
                      << ") over " << pull << " steps");
        fling(simulation, index, target, pull, pull + 150, [&](const Simulation& sim, int step) {
            const double d = closestUnjoined(sim);
            if (d < 0.99 * t)
                FAIL_CHECK("step " << step << ": " << d << " m");
        });
        pbd::test::requireSolver(simulation, solver);
    }
}

TEST_CASE("self-collision gives the same bits for every thread count", "[self-collision][slow]")
{
    // The drop twice as wide (120 x 60 particles over 6 m x 3 m): four chunks of rows, so that
    // 2 to 4 threads really share it (the 60 x 60 drop is two chunks: 3 and 4 threads ran 2).
    // 300 steps: landed (after about 90) and folding.
    Simulation reference = sceneSimulation("drop", Solver::Colored, 1, 2);
    pbd::test::run(reference, 300);
    for (int threads : {2, 3, 4}) {
        INFO(threads << " threads");
        Simulation other = sceneSimulation("drop", Solver::Colored, threads, 2);
        pbd::test::run(other, 300);
        pbd::test::requireColoredThreads(other, static_cast<unsigned>(threads));
        CHECK(pbd::test::samePositions(reference, other));
    }
}

TEST_CASE("the self-collision phase gives the same bits on any partition among threads",
          "[self-collision]")
{
    // A dense random cloud (as a 100-wide cloth's particles): enough particles and pairs for
    // the parallel paths; threads run one after the other, last first.
    std::mt19937 random(7);
    std::uniform_real_distribution<double> coordinate(0.0, 6.0);
    const std::size_t n = 10000;
    std::vector<glm::dvec2> start(n);
    for (glm::dvec2& p : start)
        p = {coordinate(random), coordinate(random)};
    std::vector<double> w(n, 1.0);
    w[17] = 0.0;
    const double t = 0.06;
    std::vector<glm::dvec2> reference;
    for (unsigned threads : {1u, 2u, 3u, 7u}) {
        INFO(threads << " threads");
        const pbd::detail::ThreadRun run = [threads](
                                               const std::function<void(unsigned, unsigned)>& job) {
            for (unsigned k = threads; k-- > 0;)
                job(k, threads);
        };
        std::vector<glm::dvec2> x = start;
        pbd::detail::SelfCollision phase;
        phase.resolve(x.data(), start.data(), w.data(), n, 100, t, 0.3, threads, run);
        CHECK(phase.pairs().size() > 2048);
        if (reference.empty())
            reference = x;
        else
            CHECK(pbd::test::sameBits(reference, x));
    }
}

TEST_CASE("self-collision needs 0 < thickness <= the smallest rest length", "[self-collision]")
{
    Settings s;
    s.selfCollision = true;
    auto refusal = [](const Settings& settings) {
        const auto error = pbd::validate(settings);
        REQUIRE(error);
        CHECK(error->field == "selfCollision");
        CHECK_THAT(error->message, Catch::Contains("selfCollision") &&
                                       Catch::Contains("thickness"));
        return error->message;
    };
    CHECK_THAT(refusal(s), Catch::Contains("thickness = 0 m"));          // on with thickness 0
    s.thickness = 0.3;
    CHECK_THAT(refusal(s), Catch::Contains("at most 0.2 m"));            // thicker than 0.2 m
    s.thickness = 0.2;
    CHECK_FALSE(pbd::validate(s));                                       // exactly the spacing
    s.clothWidth = 3.0; // 40 particles across 3 m: 7.7 cm apart, thinner than 0.2 m
    CHECK_THAT(refusal(s), Catch::Contains("0.0769"));
    s.clothWidth = 0.0;
    s.solver = Solver::Gpu; // the GPU solver has it too, under the same rule
    CHECK_FALSE(pbd::validate(s));
    s.thickness = 0.0;
    CHECK_THAT(refusal(s), Catch::Contains("thickness = 0 m"));
    s.thickness = 0.2;
    s.solver = Solver::Colored;
    s.selfCollision = false;
    s.thickness = 0.0;
    CHECK_FALSE(pbd::validate(s)); // off: any thickness
}
