#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <tuple>
#include <vector>

#include <catch2/catch.hpp>
#include <glm/geometric.hpp>

#include "pbd/cloth.h"
#include "pbd/device/constraint_coloring.h"
#include "pbd/simulation.h"
#include "colored/colored_solver.h"
#include "grid_set_builders.h"
#include "sim_builders.h"

using pbd::ConstraintSets;
using pbd::DistanceConstraint;
using pbd::Index;
using pbd::Settings;
using pbd::Simulation;
using pbd::Solver;

namespace {

using pbd::test::sameBits;

Settings coloredSettings(int width, int height, int threads, int fixedCount = 2,
                         int iterations = 2)
{
    Settings s = pbd::test::clothSettings(width, height, fixedCount, iterations);
    s.solver = Solver::Colored;
    s.threads = threads;
    return s;
}

/// True when no two constraints of any set share a particle.
bool setsAreIndependent(const ConstraintSets& sets, std::size_t particleCount)
{
    std::vector<std::size_t> lastSet(particleCount, SIZE_MAX);
    for (std::size_t s = 0; s < sets.setCount(); ++s) {
        for (const DistanceConstraint& c : sets.set(s)) {
            if (lastSet[c.a] == s || lastSet[c.b] == s)
                return false;
            lastSet[c.a] = s;
            lastSet[c.b] = s;
        }
    }
    return true;
}

using Key = std::tuple<Index, Index, double>;

std::vector<Key> sortedKeys(std::span<const DistanceConstraint> constraints)
{
    std::vector<Key> keys;
    for (const DistanceConstraint& c : constraints)
        keys.emplace_back(c.a, c.b, c.restLength);
    std::sort(keys.begin(), keys.end());
    return keys;
}

/// True when the sets hold exactly the given constraints, each once.
bool coversExactlyOnce(const ConstraintSets& sets, std::span<const DistanceConstraint> all)
{
    return sets.offsets.back() == sets.constraints.size() &&
           sortedKeys(sets.constraints) == sortedKeys(all);
}

using pbd::test::expandGridSets;

/// Runs `steps` steps with a scripted grab: particle `grabbed` is taken at step 20, pulled
/// down and sideways until step 120, and released at step 150.
void runWithGrab(Simulation& simulation, int steps, Index grabbed)
{
    const glm::dvec2 start = simulation.particles().position[grabbed];
    for (int step = 0; step < steps; ++step) {
        if (step == 20)
            simulation.grab(grabbed);
        if (step >= 20 && step < 120)
            simulation.moveGrabbed(start + glm::dvec2(0.01, -0.02) * double(step - 20));
        if (step == 150)
            simulation.release();
        simulation.step();
    }
}

} // namespace

TEST_CASE("the grid's eight implicit sets are independent and hold every constraint once",
          "[colored]")
{
    for (auto [w, h] : {std::pair{1, 1}, {1, 6}, {6, 1}, {2, 2}, {7, 5}, {8, 9}, {40, 30}}) {
        CAPTURE(w, h);
        const pbd::ClothGrid grid = pbd::buildClothGrid(w, h);
        const ConstraintSets sets = expandGridSets(w, h);
        CHECK(sets.setCount() == 8);
        CHECK(setsAreIndependent(sets, grid.positions.size()));
        // Same particles a and b, same orientation, and the page's rest lengths to the bit.
        CHECK(coversExactlyOnce(sets, grid.constraints));
    }
}

TEST_CASE("the grid's sets are horizontal, vertical, diagonal and anti-diagonal", "[colored]")
{
    const int w = 5;
    const ConstraintSets sets = expandGridSets(w, 4);
    auto all = [&](std::size_t s, auto predicate) {
        const auto set = sets.set(s);
        return !set.empty() && std::all_of(set.begin(), set.end(), predicate);
    };
    CHECK(all(0, [](const DistanceConstraint& c) { return c.b == c.a + 1 && c.a % w % 2 == 0; }));
    CHECK(all(1, [](const DistanceConstraint& c) { return c.b == c.a + 1 && c.a % w % 2 == 1; }));
    CHECK(all(2, [](const DistanceConstraint& c) { return c.b == c.a + w && c.a / w % 2 == 0; }));
    CHECK(all(3, [](const DistanceConstraint& c) { return c.b == c.a + w && c.a / w % 2 == 1; }));
    CHECK(all(4, [](const DistanceConstraint& c) { return c.b == c.a + w + 1 && c.a / w % 2 == 0; }));
    CHECK(all(5, [](const DistanceConstraint& c) { return c.b == c.a + w + 1 && c.a / w % 2 == 1; }));
    CHECK(all(6, [](const DistanceConstraint& c) { return c.b + 1 == c.a + w && c.a / w % 2 == 0; }));
    CHECK(all(7, [](const DistanceConstraint& c) { return c.b + 1 == c.a + w && c.a / w % 2 == 1; }));
    const pbd::ClothRestLengths rest = pbd::clothRestLengths();
    CHECK(rest.horizontal == 0.1 * 2.0);
    CHECK(rest.vertical == 0.1 * 2.0);
    CHECK(rest.diagonal == 0.1 * std::sqrt(8.0));
}

TEST_CASE("greedy coloring of an arbitrary list gives independent sets covering it once",
          "[colored]")
{
    // A fixed pseudo-random graph: hubs of high degree, repeated pairs and reversed pairs.
    const std::size_t particles = 300;
    std::vector<DistanceConstraint> constraints;
    std::uint64_t state = 12345;
    auto next = [&state] {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<Index>(state >> 33);
    };
    for (int k = 0; k < 2000; ++k) {
        const Index a = next() % (k % 7 == 0 ? 5 : particles); // some hubs
        Index b = next() % particles;
        if (b == a)
            b = (a + 1) % particles;
        constraints.push_back({a, b, 0.1 + 0.001 * k});
    }
    constraints.push_back(constraints[3]);                                  // duplicate
    constraints.push_back({constraints[4].b, constraints[4].a, 0.5});       // reversed

    const ConstraintSets sets = pbd::colorGreedy(constraints, particles);
    CHECK(setsAreIndependent(sets, particles));
    CHECK(coversExactlyOnce(sets, constraints));
    std::vector<std::size_t> degree(particles, 0);
    for (const DistanceConstraint& c : constraints) {
        ++degree[c.a];
        ++degree[c.b];
    }
    CHECK(sets.setCount() <= 2 * *std::max_element(degree.begin(), degree.end()) - 1);

    SECTION("on the page's grid it needs few sets")
    {
        const pbd::ClothGrid grid = pbd::buildClothGrid(20, 15);
        const ConstraintSets gridSets = pbd::colorGreedy(grid.constraints, grid.positions.size());
        CHECK(setsAreIndependent(gridSets, grid.positions.size()));
        CHECK(coversExactlyOnce(gridSets, grid.constraints));
        CHECK(gridSets.setCount() <= 15); // 2 * 8 - 1
    }
}

TEST_CASE("the colored solver gives bit-identical results for 1, 2 and 3 threads",
          "[colored]")
{
    const int w = 95; // odd sizes make uneven partitions; big enough for several chunks
    const int h = 67;
    std::vector<std::vector<glm::dvec2>> positions;
    std::vector<std::vector<glm::dvec2>> velocities;
    for (int threads : {1, 2, 3}) {
        Simulation simulation(coloredSettings(w, h, threads, 2, 5));
        // Several chunks of rows, so that the threads really share the cloth.
        REQUIRE(simulation.chunkCount() > 1);
        REQUIRE(simulation.threadCount() == unsigned(threads));
        runWithGrab(simulation, 400, Index(h / 2 * w + w / 2));
        REQUIRE(pbd::test::allFinite(simulation));
        positions.push_back(simulation.particles().position);
        velocities.push_back(simulation.particles().velocity);
    }
    // The cloth really moved, and the grab mattered.
    CHECK(glm::distance(positions[0][h * w - 1],
                        pbd::buildClothGrid(w, h).positions[h * w - 1]) > 0.05);
    CHECK(sameBits(positions[0], positions[1]));
    CHECK(sameBits(positions[0], positions[2]));
    CHECK(sameBits(velocities[0], velocities[1]));
    CHECK(sameBits(velocities[0], velocities[2]));
}

namespace {

struct SettledShapes {
    double difference;    ///< largest distance between the two orders' particles, metres
    double sequentialSag; ///< largest distance of the page order's particles from the grid
    double coloredSag;    ///< the same for the colored order
};

/// Lets the page's hanging cloth settle under both orders and compares the shapes. With its
/// triangulated cells the cloth is a rigid truss, so its exact equilibrium is the rest grid;
/// the sag is what the iterations leave unsolved.
SettledShapes settleBothOrders(int width, int height, int iterations, int steps)
{
    Simulation sequential(pbd::test::clothSettings(width, height, 2, iterations));
    Simulation colored(coloredSettings(width, height, 2, 2, iterations));
    pbd::test::run(sequential, steps);
    pbd::test::run(colored, steps);
    for (const auto& v : colored.particles().velocity)
        REQUIRE(glm::length(v) < 1e-6); // at rest
    const auto rest = pbd::buildClothGrid(width, height).positions;
    SettledShapes result{0.0, 0.0, 0.0};
    for (std::size_t i = 0; i < rest.size(); ++i) {
        const glm::dvec2 x = sequential.particles().position[i];
        const glm::dvec2 y = colored.particles().position[i];
        result.difference = std::max(result.difference, glm::distance(x, y));
        result.sequentialSag = std::max(result.sequentialSag, glm::distance(x, rest[i]));
        result.coloredSag = std::max(result.coloredSag, glm::distance(y, rest[i]));
    }
    return result;
}

} // namespace

TEST_CASE("the colored solver settles to the page order's shape and converges like it",
          "[colored]")
{
    // Both orders are Gauss-Seidel sweeps over the same constraints towards the same
    // equilibrium (the rest grid), differing only in the order of the projections. So:
    // - each leaves a sag that shrinks as the sweeps grow (four times the sweeps at least
    //   halves it), which a sweep that skipped or mis-projected a set would not;
    // - the colored order's sag is of the page order's size (within a factor of two either
    //   way), as the README says ("converges a little less far" per iteration);
    // - the two shapes differ by less than the smaller sag: they sag alike, not just both
    //   somewhere near the grid.
    const int w = 12;
    const int h = 10;
    const SettledShapes few = settleBothOrders(w, h, 10, 600);
    const SettledShapes many = settleBothOrders(w, h, 40, 600);
    for (const SettledShapes& s : {few, many}) {
        INFO("difference " << s.difference << " m, sag: sequential " << s.sequentialSag
                           << " m, colored " << s.coloredSag << " m");
        CHECK(s.coloredSag < 2.0 * s.sequentialSag);
        CHECK(s.sequentialSag < 2.0 * s.coloredSag);
        CHECK(s.difference < std::min(s.sequentialSag, s.coloredSag));
    }
    INFO("sag at 10 and 40 iterations: sequential " << few.sequentialSag << ", "
                                                     << many.sequentialSag << " m; colored "
                                                     << few.coloredSag << ", " << many.coloredSag
                                                     << " m");
    CHECK(many.sequentialSag < 0.5 * few.sequentialSag);
    CHECK(many.coloredSag < 0.5 * few.coloredSag);
}

TEST_CASE("fixed and grabbed particles never move under the colored solver", "[colored]")
{
    const int w = 9;
    const int h = 7;
    Simulation simulation(coloredSettings(w, h, 2, 4, 3));
    const auto start = simulation.particles().position;
    const Index grabbed = Index(3 * w + 4);
    const glm::dvec2 target(0.5, -2.5);
    simulation.grab(grabbed);
    simulation.moveGrabbed(target);
    for (int step = 0; step < 300; ++step) {
        simulation.step();
        for (Index corner : pbd::fixedCorners(w, h, 4))
            REQUIRE(simulation.particles().position[corner] == start[corner]);
        REQUIRE(simulation.particles().position[grabbed] == target);
    }
    // Its neighbour was pulled towards it.
    CHECK(glm::distance(simulation.particles().position[grabbed + 1], target) <
          glm::distance(start[grabbed + 1], target) - 0.5);
}

TEST_CASE("switching solvers and thread counts between steps keeps the state", "[colored]")
{
    Settings settings = pbd::test::clothSettings(10, 8);
    Simulation simulation(settings);
    pbd::test::run(simulation, 50);
    CHECK(simulation.threadCount() == 1);
    settings.solver = Solver::Colored;
    settings.threads = 3;
    REQUIRE_FALSE(simulation.apply(settings));
    CHECK(simulation.requestedThreadCount() == 3);
    CHECK(simulation.threadCount() == 1); // 80 particles: one chunk, on the calling thread
    CHECK(simulation.stepCount() == 50);
    pbd::test::run(simulation, 50);
    settings.threads = 1;
    REQUIRE_FALSE(simulation.apply(settings));
    pbd::test::run(simulation, 50);
    settings.solver = Solver::Sequential;
    REQUIRE_FALSE(simulation.apply(settings));
    pbd::test::run(simulation, 50);
    CHECK(simulation.stepCount() == 200);
    CHECK(pbd::test::allFinite(simulation));
    CHECK(pbd::maxConstraintViolation(simulation) < 0.05);
}

TEST_CASE("the thread count is the threads a colored step really uses", "[colored]")
{
    struct Case {
        int width, height, threads;
        unsigned used;
        std::size_t chunks;
    };
    // Chunks hold at least 2048 particles (whole rows), and no more threads work than there
    // are chunks: 40 x 30 = 1200 particles is one chunk; 64 x 128 = 8192 is four.
    for (const Case& c : {Case{40, 30, 2, 1, 1}, Case{64, 128, 1, 1, 4}, Case{64, 128, 3, 3, 4},
                          Case{64, 128, 8, 4, 4}, Case{2048, 1, 2, 1, 1}}) {
        CAPTURE(c.width, c.height, c.threads);
        Simulation simulation(coloredSettings(c.width, c.height, c.threads));
        CHECK(simulation.requestedThreadCount() == unsigned(c.threads));
        CHECK(simulation.chunkCount() == c.chunks);
        CHECK(simulation.threadCount() == c.used);
        // The solver that steps starts exactly that many threads (the caller and its workers).
        const pbd::ColoredSolver solver(c.width, c.height, unsigned(c.threads));
        CHECK(solver.threadCount() == c.used);
        CHECK(solver.chunkCount() == c.chunks);
    }
    Settings sequential = coloredSettings(64, 128, 3);
    sequential.solver = Solver::Sequential;
    CHECK(Simulation(sequential).threadCount() == 1);
    CHECK(Simulation(sequential).requestedThreadCount() == 1);
}

TEST_CASE("a copied colored simulation continues exactly like the original", "[colored]")
{
    Simulation original(coloredSettings(12, 9, 2));
    pbd::test::run(original, 30);
    Simulation copy(original);
    pbd::test::run(original, 40);
    pbd::test::run(copy, 40);
    CHECK(sameBits(original.particles().position, copy.particles().position));
    Simulation assigned;
    assigned = copy;
    pbd::test::run(assigned, 5);
    pbd::test::run(copy, 5);
    CHECK(sameBits(assigned.particles().position, copy.particles().position));
}

TEST_CASE("strain is zero at rest and measures relative stretch", "[strain]")
{
    Simulation simulation(pbd::test::clothSettings(6, 5));
    const pbd::Strain atRest = pbd::constraintStrain(simulation);
    CHECK(atRest.max == Approx(0.0).margin(1e-12));
    CHECK(atRest.rms == Approx(0.0).margin(1e-12));
    // Pull one free corner 0.1 m away: only its three constraints stretch.
    const Index corner = Index(5 * 6 - 1);
    simulation.grab(corner);
    simulation.moveGrabbed(simulation.particles().position[corner] + glm::dvec2(0.0, -0.1));
    const pbd::Strain pulled = pbd::constraintStrain(simulation);
    // The corner (1.0, -0.8) moves to (1.0, -0.9). Its vertical constraint (rest 0.2 m) is
    // now 0.3 m long, its horizontal one sqrt(0.2^2 + 0.1^2), its diagonal (rest
    // sqrt(0.08)) sqrt(0.2^2 + 0.3^2); the other 86 of the 89 constraints keep their length.
    REQUIRE(simulation.constraints().size() == 5 * 5 + 4 * 6 + 2 * 5 * 4);
    const double vertical = 0.3 / 0.2 - 1.0;
    const double horizontal = std::sqrt(0.05) / 0.2 - 1.0;
    const double diagonal = std::sqrt(0.13) / std::sqrt(0.08) - 1.0;
    CHECK(pulled.max == Approx(vertical));
    CHECK(pulled.rms ==
          Approx(std::sqrt((vertical * vertical + horizontal * horizontal + diagonal * diagonal) /
                           89.0)));
}

TEST_CASE("the solver defaults to the page's order and its settings are validated",
          "[colored][settings]")
{
    using Catch::Matchers::Contains;
    const Settings defaults;
    CHECK(defaults.solver == Solver::Sequential);
    CHECK(defaults.threads == 0);
    CHECK(Simulation(defaults).threadCount() == 1);

    Settings s;
    s.threads = pbd::kMaxThreads;
    s.solver = Solver::Colored;
    CHECK_FALSE(pbd::validate(s));
    s.threads = -1;
    auto error = pbd::validate(s);
    REQUIRE(error);
    CHECK(error->field == "threads");
    CHECK_THAT(error->message, Contains("threads = -1") && Contains("0 to 64"));
    s.threads = pbd::kMaxThreads + 1;
    CHECK(pbd::validate(s));
    s.threads = 2;
    s.solver = static_cast<Solver>(7);
    error = pbd::validate(s);
    REQUIRE(error);
    CHECK(error->field == "solver");
    CHECK_THAT(error->message, Contains("solver = 7") && Contains("sequential") &&
                                   Contains("colored"));

    CHECK(pbd::solverFromName("colored") == Solver::Colored);
    CHECK(pbd::solverFromName("sequential") == Solver::Sequential);
    CHECK_FALSE(pbd::solverFromName("Colored"));
    CHECK(std::string(pbd::solverName(Solver::Colored)) == "colored");
}
