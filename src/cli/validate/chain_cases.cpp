// The chains: a catenary, a hanging XPBD strip, a rope in wind, a transverse string wave.

#include <cmath>
#include <numbers>

#include "case_runs.h"
#include "laws.h"
#include "scene_run.h"

namespace pbd::cli::validate {
namespace {

constexpr double kG = 9.81; // gravity's magnitude, m/s² (the settings' default, -9.81 along y)

/// Steps for `seconds` of simulated time at the default time step of 0.005 s.
constexpr int stepsFor(double seconds) { return static_cast<int>(seconds / 0.005 + 0.5); }

// Catenary: `links` rigid links (2 m of chain, 0.5 kg per joint) hung between pins 1.6 m
// apart, laid in a V (each half straight, so every link starts at its rest length), settled
// for 20 s under damping 2/s with `substeps` substeps of 20 sweeps; the middle joint's depth.
// The settled chain sags below the rigid chain's law by the sweeps' residual, which grows as
// links² h² / iterations (measured: 2.4e-5 m at 40 links, 16 substeps; 16 times less at 64).
constexpr double kChainLength = 2.0;
constexpr double kChainSpan = 1.6;

double settledChainSag(int links, int substeps, const RunContext& context)
{
    const double link = kChainLength / links;
    const double dx = kChainSpan / links;
    const double dy = std::sqrt(link * link - dx * dx);
    std::vector<double> positions;
    for (int i = 0; i <= links; ++i) {
        positions.push_back(i * dx);
        positions.push_back(-dy * (i <= links / 2 ? i : links - i));
    }
    const std::string scene =
        R"({"format": "pbd-cloth-scene", "version": 1, "settings": {"width": )" +
        std::to_string(links + 1) + R"(, "height": 1, "clothWidth": )" + number(kChainLength) +
        R"(, "substeps": )" + std::to_string(substeps) +
        R"(, "iterations": 20, "damping": 2}, "pinned": [0, )" +
        std::to_string(links) + R"(], "positions": )" + numbers(positions) + "}";
    Simulation simulation = sceneSimulation(scene, context);
    for (int step = 0; step < stepsFor(20.0); ++step)
        simulation.step();
    simulation.sync();
    return -simulation.particles().position[static_cast<std::size_t>(links / 2)].y;
}

} // namespace

// Against the cosh, the discrete chain's own O(1/links²) departure is what converges: the
// substeps grow as links² so that the sweeps' residual (links² h²) shrinks as 1/links², 100
// times below it (16 substeps at 20 links).
Measurement runCatenaryCosh(int links, const RunContext& context)
{
    const int substeps = 16 * (links / 20) * (links / 20);
    return {settledChainSag(links, substeps, context),
            laws::catenarySag(kChainLength, kChainSpan)};
}

// Against the discrete chain of 40 links, the sweeps' residual is what converges, as h².
Measurement runCatenaryDiscrete(int substeps, const RunContext& context)
{
    constexpr int kLinks = 40;
    return {settledChainSag(kLinks, substeps, context),
            laws::discreteChainSag(kLinks, kChainLength / kLinks, kChainSpan)};
}

// Hanging strip: 11 particles of 0.1 kg, one wide, 0.2 m apart, hung from the top one by
// springs of 500 N/m (XPBD, the default 2 sweeps), settled under damping 5/s for 10 s; the
// total extension (the bottom particle's drop less the rest length). Each substep starts the
// multipliers at 0, and `iterations` sweeps leave the settled extension off by a fraction of
// order (k h² / m)^iterations: order 2 x iterations in h (measured: 2 at 1 sweep, 4 at 2, 6 at 3).
Measurement runHangingStrip(int substeps, const RunContext& context)
{
    constexpr int kParticles = 11;
    constexpr double kMass = 0.1;
    constexpr double kStiffness = 500.0;
    const std::string scene =
        R"({"format": "pbd-cloth-scene", "version": 1, "settings": {"width": 1, "height": )" +
        std::to_string(kParticles) + R"(, "fixedCount": 1, "mass": )" + number(kMass) +
        R"(, "stiffness": )" + number(kStiffness) + R"(, "damping": 5, "substeps": )" +
        std::to_string(substeps) + "}}";
    Simulation simulation = sceneSimulation(scene, context);
    for (int step = 0; step < stepsFor(10.0); ++step)
        simulation.step();
    simulation.sync();
    const double drop = -simulation.particles().position.back().y;
    return {drop - 0.2 * (kParticles - 1),
            laws::hangingChainExtension(kParticles, kMass, kStiffness, kG)};
}

// Rope in wind: 21 particles of 0.5 kg, 0.2 m apart, hung from the top one, in a steady wind
// of 10 m/s along x with air drag 1 N·s/m², settled under damping 3/s for 40 s (its bottom
// particle then moves by under 1e-11 m per 5 s); the bottom particle's x. The rigid links'
// sweeps leave a residual of order h² (the gravity and drag of one substep).
Measurement runWindRope(int substeps, const RunContext& context)
{
    constexpr int kParticles = 21;
    const std::string scene =
        R"({"format": "pbd-cloth-scene", "version": 1, "settings": {"width": 1, "height": )" +
        std::to_string(kParticles) +
        R"(, "fixedCount": 1, "airDrag": 1, "windX": 10, "damping": 3, "substeps": )" +
        std::to_string(substeps) + "}}";
    Simulation simulation = sceneSimulation(scene, context);
    for (int step = 0; step < stepsFor(40.0); ++step)
        simulation.step();
    simulation.sync();
    const auto shape = laws::windRopeShape(kParticles, 0.2, 0.5, 1.0, 10.0, kG);
    return {simulation.particles().position.back().x, shape.back().x};
}

// String wave: 20 links of rest length 0.1 m (XPBD, 1000 N/m, 20 sweeps) stretched to 0.11 m
// between pins (tension 10 N), 0.01 kg joints, no gravity, released from rest in its
// fundamental mode with an amplitude of 0.1 mm; the period of the middle joint's motion
// between its first and sixth upward zero crossing, against the discrete dispersion's.
Measurement runStringWave(int substeps, const RunContext& context)
{
    constexpr int kLinks = 20;
    constexpr double kRest = 0.1;
    constexpr double kSpacing = 0.11;
    constexpr double kStiffness = 1000.0;
    constexpr double kMass = 0.01;
    constexpr double kAmplitude = 1e-4;
    std::vector<double> positions;
    for (int i = 0; i <= kLinks; ++i) {
        positions.push_back(i * kSpacing);
        positions.push_back(kAmplitude * std::sin(std::numbers::pi * i / kLinks));
    }
    const std::string scene =
        R"({"format": "pbd-cloth-scene", "version": 1, "settings": {"width": )" +
        std::to_string(kLinks + 1) + R"(, "height": 1, "clothWidth": )" +
        number(kRest * kLinks) + R"(, "gravity": 0, "mass": )" + number(kMass) +
        R"(, "stiffness": )" + number(kStiffness) + R"(, "iterations": 20, "substeps": )" +
        std::to_string(substeps) + R"(}, "pinned": [0, )" + std::to_string(kLinks) +
        R"(], "positions": )" + numbers(positions) + "}";
    Simulation simulation = sceneSimulation(scene, context);
    const std::size_t middle = kLinks / 2;
    const double tension = kStiffness * (kSpacing - kRest);
    const double law =
        2.0 * std::numbers::pi / laws::stringModeFrequency(kLinks, kSpacing, tension, kMass, 1);
    std::vector<double> upward;
    double lastY = simulation.particles().position[middle].y;
    for (int step = 0; step < stepsFor(10.0 * law) && upward.size() < 6; ++step) {
        const double t0 = simulation.time();
        simulation.step();
        simulation.sync();
        const double y = simulation.particles().position[middle].y;
        if (lastY < 0.0 && y >= 0.0)
            upward.push_back(crossingTime(t0, lastY, simulation.time(), y));
        lastY = y;
    }
    const double period = upward.size() == 6 ? (upward[5] - upward[0]) / 5.0 : 0.0;
    return {period, law};
}

} // namespace pbd::cli::validate
