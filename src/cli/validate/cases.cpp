#include "cases.h"

#include "case_runs.h"

namespace pbd::cli::validate {

std::span<const Case> validateCases()
{
    // Floors: what the measurement itself allows. Settling: the last 5 s of the catenary's 20
    // change its sag by under 2e-8 m, the rope's by under 1e-11 m; the hanging strip's
    // extension is steady to 1e-12 m; the zero crossings are interpolated linearly between
    // steps (O(dt³) near a crossing); the decay fit scatters by about 1e-5 (the energy's
    // oscillation within a period); the incline's velocity is a difference of positions over
    // h, each substep's off by about ε |x| / h: at most 3e-9 m/s over 3200 substeps.
    static const std::vector<Case> cases = {
        {"catenary", "chain of 2 m between pins 1.6 m apart: middle sag vs the cosh "
                     "(substeps 16 (links/20)^2)",
         "links", "m", {20, 40, 80}, {20, 40}, 2, 1e-7, runCatenaryCosh},
        {"catenary-discrete",
         "the chain at 40 links, 20 sweeps: middle sag vs the discrete chain's",
         "substeps", "m", {4, 16, 64}, {16, 64}, 2, 1e-7, runCatenaryDiscrete},
        {"hanging-strip",
         "11 x 0.1 kg on 500 N/m springs, 2 sweeps: extension vs sum g m_below / k",
         "substeps", "m", {2, 4, 8}, {2, 4}, 4, 1e-10, runHangingStrip},
        {"pendulum-period", "1 m pendulum from 45 deg: period vs 4 sqrt(L/g) K(sin(th0/2))",
         "substeps", "s", {4, 16, 64}, {4, 16}, 1, 1e-6, runPendulumPeriod},
        {"pendulum-decay", "pendulum at damping 0, 16 substeps, th0 = 8 deg / divisor: "
                           "energy decay rate / (h g / L) vs 1",
         "divisor", "1", {1, 2, 4}, {1, 2}, 2, 1e-5, runPendulumDecay},
        {"incline-sliding", "particle on a 30 deg slope, mu 0.3: velocity after 1 s vs "
                            "g (sin a - mu cos a) t",
         "substeps", "m/s", {1, 4, 16}, {1, 16}, 0, 1e-8, runInclineSliding},
        {"incline-sticking", "particle on a 20 deg slope, mu 0.5: displacement after 1 s vs 0",
         "substeps", "m", {1, 4, 16}, {1, 16}, 0, 1e-12, runInclineSticking},
        {"wind-rope", "21-particle rope in a 10 m/s wind, drag 1, damping 3: bottom x vs the "
                      "force balance",
         "substeps", "m", {4, 16, 64}, {4, 16}, 2, 1e-9, runWindRope},
        {"string-wave", "string of 20 links at 10 N, 0.1 mm fundamental: period vs the "
                        "discrete dispersion",
         "substeps", "s", {1, 4, 16}, {1, 4}, 2, 1e-7, runStringWave},
        // 3D. The elastica settles to particle speeds under 2e-6 m/s: its tip moves by under
        // 1e-9 m over the last 1% of the run. The falling sheet's speed: the rounding of
        // x += h v biases it by up to 2.3e-10 m/s at 16 substeps (sheet_cases.cpp). The sheet
        // at rest: its grid's coordinates (0.1 j) lie off the rest lengths by rounding, about
        // 1e-17 m, which the constraints correct within a substep of h: 1e-17 / h, 3e-14 m/s
        // at 16 substeps.
        {"elastica-small", "strip clamped level, rho g L^3 / B = 0.08: tip droop vs "
                           "rho g L^4 / (8 B)",
         "2L/du", "m", {19, 39, 79}, {19, 39}, 2, 1e-9, runElasticaSmall},
        {"elastica-large", "strip clamped level, rho g L^3 / B = 5: tip droop vs the heavy "
                           "elastica's ODE",
         "2L/du", "m", {19, 39, 79}, {19, 39}, 2, 1e-9, runElasticaLarge},
        {"falling-sheet", "1 m^2 sheet falling flat in still air, drag 2: speed after 3 s "
                          "vs m g / (c A)",
         "substeps", "m/s", {1, 4, 16}, {1, 16}, 0, 1e-9, runFallingSheet},
        {"sheet-plane-wind", "the sheet at rest, no gravity, in a wind along its plane: "
                             "largest particle speed after 1 s vs 0",
         "substeps", "m/s", {1, 4, 16}, {1, 16}, 0, 1e-12, runSheetPlaneWind},
    };
    return cases;
}

} // namespace pbd::cli::validate
