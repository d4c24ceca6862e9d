// The 3D cases: the heavy elastica (a strip clamped level, drooping under its own weight) and
// a flat sheet falling in still air, or in a wind along its plane.

#include <algorithm>
#include <cmath>
#include <string>

#include "case_runs.h"
#include "laws.h"
#include "scene_run.h"

namespace pbd::cli::validate {
namespace {

using laws::ElasticaTip;

constexpr double kG = 9.81; // gravity's magnitude, m/s² (the settings' default, -9.81 along y)

// The strip: L = 0.2 m from the clamp's middle to the tip, 0.02 m wide (3 particles across),
// 0.2 kg/m², bending rigidity B = rho g L³ / gamma; laid flat (the horizontal orientation:
// columns along +x, rows along +z, at y = 0) and clamped level by pinning its first two
// columns, so the clamp's middle lies halfway between them. The setting is 2 L / du (the
// spacing du = L / (along - 1.5)): 19, 39, 79 for 11, 21, 41 particles along. The step keeps
// omega h = 0.5 for the stiffest bend (omega = sqrt(6 B / (rho du⁴))), 20 substeps of 4
// sweeps, and damps the first mode critically (2 omega_1, omega_1 = 3.516 sqrt(B / (rho L⁴)))
// for 15 / omega_1 s: the particles then move at under 2e-6 m/s. The tip (the last column's
// mean) against the law: the droop converges as du² (measured with the test bench:
// -0.55%, -0.12%, -0.021% of the small droop at 11, 21, 41 along).
constexpr double kStripLength = 0.2;
constexpr double kStripRho = 0.2;

ElasticaTip droopedTip(double gamma, int halfSpacings, const RunContext& context)
{
    const int along = (halfSpacings + 3) / 2;
    const double rigidity = kStripRho * kG * std::pow(kStripLength, 3) / gamma;
    const double du = kStripLength / (along - 1.5);
    const double omega = std::sqrt(6.0 * rigidity / (kStripRho * du * du * du * du));
    const int substeps = 20;
    const double h = 0.5 / omega;
    const double first =
        3.516 * std::sqrt(rigidity / (kStripRho * std::pow(kStripLength, 4)));
    constexpr int kAcross = 3;
    std::string pinned;
    for (int row = 0; row < kAcross; ++row)
        pinned += (row ? ", " : "") + std::to_string(row * along) + ", " +
                  std::to_string(row * along + 1);
    const std::string scene =
        R"({"format": "pbd-cloth-scene", "version": 1, "settings": {"dimensions": 3, )"
        R"("orientation": "horizontal", "width": )" + std::to_string(along) +
        R"(, "height": )" + std::to_string(kAcross) + R"(, "clothWidth": )" +
        number(du * (along - 1)) + R"(, "clothHeight": 0.02, "density": )" +
        number(kStripRho) + R"(, "bending": )" + number(rigidity) +
        R"(, "iterations": 4, "substeps": )" + std::to_string(substeps) +
        R"(, "timeStep": )" + number(h * substeps) + R"(, "damping": )" +
        number(2.0 * first) + R"(}, "pinned": [)" + pinned + "]}";
    Simulation3 simulation = sceneSimulation3(scene, context);
    const int steps = static_cast<int>(std::ceil(15.0 / first / (h * substeps)));
    for (int step = 0; step < steps; ++step)
        simulation.step();
    simulation.sync();
    ElasticaTip tip;
    const auto& x = simulation.particles().position;
    for (int row = 0; row < kAcross; ++row) {
        const Vec<3> p = x[static_cast<std::size_t>(row * along + along - 1)];
        tip.drop -= p.y / kAcross;
        tip.reach += (p.x - 0.5 * du) / kAcross;
    }
    return tip;
}

// The sheet: 11 x 11 particles over 1 m x 1 m at 0.2 kg/m², laid flat (horizontal), nothing
// pinned, air drag c = 2 N·s/m², falling from rest. Symplectic Euler's fixed point of
// v += h (g - c A v / m) is the law itself, at every substep count; what is left is the
// approach, as exp(-t c A / m) (after 3 s, 30 times m / (c A): 1e-13 of it), and the rounding
// of x += h v, the same bias every substep while x stays within a binade: a steady offset of
// up to ulp(x) / (2 (c A / m) h²), 2.3e-10 m/s at 16 substeps with |x| < 4 m.
constexpr double kSheetDrag = 2.0;

struct Fall {
    double down = 0.0;   ///< the particles' mean speed down, m/s
    double fastest = 0.0; ///< the largest speed of a particle, m/s
    double mass = 0.0;   ///< kg
};

Fall fall(int substeps, double gravity, double windX, double windZ, int steps,
          const RunContext& context)
{
    const std::string scene =
        R"({"format": "pbd-cloth-scene", "version": 1, "settings": {"dimensions": 3, )"
        R"("orientation": "horizontal", "width": 11, "height": 11, "clothWidth": 1, )"
        R"("clothHeight": 1, "density": 0.2, "gravity": )" + number(gravity) +
        R"(, "airDrag": )" + number(kSheetDrag) +
        R"(, "windX": )" + number(windX) +
        R"(, "windZ": )" + number(windZ) + R"(, "substeps": )" + std::to_string(substeps) +
        R"(}, "pinned": []})";
    Simulation3 simulation = sceneSimulation3(scene, context);
    for (int step = 0; step < steps; ++step)
        simulation.step();
    simulation.sync();
    Fall result;
    const auto& p = simulation.particles();
    for (std::size_t i = 0; i < p.size(); ++i) {
        result.down -= p.velocity[i].y / static_cast<double>(p.size());
        result.fastest = std::max(result.fastest, std::sqrt(squaredLength(p.velocity[i])));
        result.mass += p.mass[i];
    }
    return result;
}

} // namespace

// Small droop (gamma = rho g L³ / B = 0.08: the tip drops 1% of L) against the small-droop
// cantilever, q L⁴ / (8 B). The law's own error (the elastica's nonlinearity) is 8e-5 of the
// droop, below the finest resolution's 2e-4.
Measurement runElasticaSmall(int halfSpacings, const RunContext& context)
{
    const double gamma = 0.08;
    const double rigidity = kStripRho * kG * std::pow(kStripLength, 3) / gamma;
    return {droopedTip(gamma, halfSpacings, context).drop,
            laws::cantileverDroop(kStripLength, kStripRho, kG, rigidity)};
}

// Large droop (gamma = 5: the tip drops about half of L) against the heavy elastica's ODE.
Measurement runElasticaLarge(int halfSpacings, const RunContext& context)
{
    const double gamma = 5.0;
    const double rigidity = kStripRho * kG * std::pow(kStripLength, 3) / gamma;
    return {droopedTip(gamma, halfSpacings, context).drop,
            laws::heavyElasticaTip(kStripLength, kStripRho, kG, rigidity).drop};
}

// Falling sheet: its mean speed down after 3 s (600 steps) against m g / (c A).
Measurement runFallingSheet(int substeps, const RunContext& context)
{
    const Fall f = fall(substeps, -kG, 0.0, 0.0, 600, context);
    return {f.down, laws::sheetTerminalSpeed(f.mass, 1.0, kSheetDrag, kG)};
}

// The same sheet at rest without gravity, in a wind of 10 m/s along x and -6 m/s along z,
// in its plane: the air pushes a sheet only along its normal, so no particle moves (law 0)
// in 1 s. (Falling, the sheet is flat only to about 1e-9 m: its edges' particles carry a
// share of the air unlike their share of the mass. In a wind along it that bend grows:
// a flat sheet in a wind along it is unstable in this drag law, a bump of 1e-6 m growing to
// 0.3 m in 2 s at 4 and 16 substeps alike; docs/physics.md.)
Measurement runSheetPlaneWind(int substeps, const RunContext& context)
{
    return {fall(substeps, 0.0, 10.0, -6.0, 200, context).fastest, 0.0};
}

} // namespace pbd::cli::validate
