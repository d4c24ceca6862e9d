// The pendulum (period, energy decay) and a particle on an incline with friction.

#include <cmath>
#include <numbers>

#include "case_runs.h"
#include "laws.h"
#include "pbd/energy.h"
#include "scene_run.h"

namespace pbd::cli::validate {
namespace {

constexpr double kG = 9.81;         // gravity's magnitude, m/s²
constexpr double kTimeStep = 0.005; // the default time step, s
constexpr double kDegree = std::numbers::pi / 180.0;

/// A rigid pendulum of length 1 m (a cloth of two particles, the first pinned) released from
/// rest `amplitude` radians from the vertical, placed by the scene's positions.
Simulation pendulum(double amplitude, int substeps, const RunContext& context)
{
    const std::vector<double> positions = {0.0, 0.0, std::sin(amplitude), -std::cos(amplitude)};
    const std::string scene =
        R"({"format": "pbd-cloth-scene", "version": 1, "settings": {"width": 2, "height": 1, )"
        R"("clothWidth": 1, "fixedCount": 1, "substeps": )" +
        std::to_string(substeps) + R"(}, "positions": )" + numbers(positions) + "}";
    return sceneSimulation(scene, context);
}

/// A particle on the ground line through the origin descending at `slope` degrees, with
/// friction `mu`, from rest at the origin; after 1 s its velocity down the slope (m/s) and
/// its displacement (m).
struct Slide {
    double velocity = 0.0;
    double displacement = 0.0;
};
Slide slide(double slope, double mu, int substeps, const RunContext& context)
{
    const std::string scene =
        R"({"format": "pbd-cloth-scene", "version": 1, "settings": {"width": 1, "height": 1, )"
        R"("friction": )" + number(mu) + R"(, "substeps": )" + std::to_string(substeps) +
        R"(}, "obstacles": [{"shape": "ground", "x": 0, "y": 0, "angle": )" + number(-slope) +
        R"(}], "pinned": []})";
    Simulation simulation = sceneSimulation(scene, context);
    for (int step = 0; step < 200; ++step)
        simulation.step();
    simulation.sync();
    const glm::dvec2 down(std::cos(slope * kDegree), -std::sin(slope * kDegree));
    const glm::dvec2 x = simulation.particles().position[0];
    const glm::dvec2 v = simulation.particles().velocity[0];
    return {v.x * down.x + v.y * down.y, std::sqrt(x.x * x.x + x.y * x.y)};
}

} // namespace

// Pendulum period: released at 45°, the time from the first to the third crossing of the
// vertical below the pin (one whole period), against 4 sqrt(L/g) K(sin(θ0/2)).
Measurement runPendulumPeriod(int substeps, const RunContext& context)
{
    const double amplitude = 45.0 * kDegree;
    Simulation simulation = pendulum(amplitude, substeps, context);
    std::vector<double> crossings;
    double lastX = simulation.particles().position[1].x;
    for (int step = 0; step < 2000 && crossings.size() < 3; ++step) {
        const double t0 = simulation.time();
        simulation.step();
        simulation.sync();
        const double x = simulation.particles().position[1].x;
        if ((lastX > 0.0) != (x > 0.0))
            crossings.push_back(crossingTime(t0, lastX, simulation.time(), x));
        lastX = x;
    }
    const double period = crossings.size() == 3 ? crossings[2] - crossings[0] : 0.0;
    return {period, laws::pendulumPeriod(1.0, kG, amplitude)};
}

// Pendulum energy decay at damping 0, 16 substeps: E(t) - E(bottom) fitted by least squares
// to E0 exp(-γ t) over 40 s, γ against h g / L (h = dt / substeps). The law is the
// small-amplitude limit (the projection slows the bob by a fraction g h² cos θ / L per
// substep; the rest of the loss grows as θ0²), so the series halves the amplitude:
// θ0 = 8° / divisor. Reported as γ L / (h g): the law is 1.
Measurement runPendulumDecay(int divisor, const RunContext& context)
{
    constexpr int substeps = 16;
    const double amplitude = 8.0 * kDegree / divisor;
    Simulation simulation = pendulum(amplitude, substeps, context);
    const double mass = simulation.particles().mass[1];
    const double bottom = -mass * kG * 1.0; // the gravitational energy hanging at rest
    double st = 0.0, sy = 0.0, stt = 0.0, sty = 0.0;
    int count = 0;
    for (int step = 0; step < 8000; ++step) {
        simulation.step();
        simulation.sync();
        const double t = simulation.time();
        const double y = std::log(clothEnergy(simulation).total() - bottom);
        st += t;
        sy += y;
        stt += t * t;
        sty += t * y;
        ++count;
    }
    const double slope = (count * sty - st * sy) / (count * stt - st * st);
    const double h = kTimeStep / substeps;
    return {-slope / (h * kG / 1.0), 1.0};
}

// Incline, sliding: 30°, μ = 0.3 (tan 30° > μ): after 1 s the velocity down the slope,
// against g (sin α - μ cos α) t. Symplectic Euler integrates a constant acceleration's
// velocity exactly: equal to rounding at every substep count.
Measurement runInclineSliding(int substeps, const RunContext& context)
{
    const double slope = 30.0;
    const double mu = 0.3;
    const double law = kG * (std::sin(slope * kDegree) - mu * std::cos(slope * kDegree)) * 1.0;
    return {slide(slope, mu, substeps, context).velocity, law};
}

// Incline, sticking: 20°, μ = 0.5 (tan 20° = 0.36 < μ): after 1 s the displacement, law 0.
Measurement runInclineSticking(int substeps, const RunContext& context)
{
    return {slide(20.0, 0.5, substeps, context).displacement, 0.0};
}

} // namespace pbd::cli::validate
