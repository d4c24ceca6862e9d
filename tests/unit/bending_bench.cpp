// pbd_bending_bench: the bending phase's cost and the elastica's accuracy against its
// substeps, for docs/physics.md ("Bending"). Not a test: a measuring tool.
//   pbd_bending_bench hinges [W H ROUNDS]
//       ns per bending constraint (projectBending alone) on a W x H sheet
//   pbd_bending_bench steps [W H SUBSTEPS STEPS]
//       ms per 3D sequential step of a W x H sheet, without and with bending
//   pbd_bending_bench elastica GAMMA N C [ACROSS ITERATIONS]
//       the strip of rho g L^3 / B = GAMMA with N particles along at omega h = C
//       (omega^2 = 6 B / (rho du^4)), against the law
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "cloth/bending.h"
#include "elastica.h"

namespace {

int hinges(int w, int h, int rounds)
{
    const double du = 0.01;
    const pbd::detail::BendingConstraints bending =
        pbd::detail::buildBending(w, h, du, du, 1e-3);
    std::vector<pbd::Vec<3>> x;
    std::mt19937_64 random(7);
    std::uniform_real_distribution<double> jitter(-1e-3, 1e-3);
    for (int i = 0; i < h; ++i)
        for (int j = 0; j < w; ++j)
            x.emplace_back(du * j, jitter(random), du * i);
    const std::vector<double> inverseMass(x.size(), 1.0 / (0.2 * du * du));
    std::vector<pbd::Vec<3>> lambda(bending.size(), pbd::Vec<3>(0.0));
    std::vector<double> ns;
    for (int r = 0; r < rounds; ++r) {
        const auto start = std::chrono::steady_clock::now();
        pbd::detail::projectBending(bending, x.data(), inverseMass.data(), 1e-3, nullptr,
                                    lambda.data());
        const auto end = std::chrono::steady_clock::now();
        ns.push_back(std::chrono::duration<double, std::nano>(end - start).count() /
                     static_cast<double>(bending.size()));
    }
    std::sort(ns.begin(), ns.end());
    std::printf("sheet %d x %d: %zu bends, %zu twists, median %.2f ns per constraint "
                "(min %.2f, max %.2f, %d rounds)\n",
                w, h, bending.bends.size(), bending.twists.size(), ns[ns.size() / 2], ns.front(),
                ns.back(), rounds);
    return 0;
}

int elastica(double gamma, int along, double c, int across, int iterations)
{
    const double length = 0.2, rho = 0.2, g = 9.81;
    const double rigidity = rho * g * length * length * length / gamma;
    const double du = length / (along - 1.5);
    const double omega = std::sqrt(6.0 * rigidity / (rho * du * du * du * du));
    const double h = c / omega;
    const double first = 3.516 * std::sqrt(rigidity / (rho * length * length * length * length));
    const int substeps = 20;
    pbd::test::ElasticaStrip strip(along, across, length, 0.02, rho, rigidity, h, substeps,
                                   2.0 * first);
    strip.settings.iterations = iterations;
    const double settle = 15.0 / first;
    const int steps = static_cast<int>(std::ceil(settle / (h * substeps)));
    const auto start = std::chrono::steady_clock::now();
    strip.step(steps);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const pbd::test::ElasticaTip law = pbd::test::elasticaLaw(length, rho, g, rigidity);
    const pbd::test::ElasticaTip sim = strip.tip();
    std::printf("gamma %g N %d omega*h %g iterations %d: substeps %d (h %.3g s), drop %.6g m law %.6g m "
                "error %+.3f%%, reach error %+.3f%%, fastest %.2g m/s, %.2f s\n",
                gamma, along, c, iterations, steps * substeps, h, sim.drop, law.drop,
                100.0 * (sim.drop - law.drop) / law.drop,
                100.0 * (sim.reach - law.reach) / law.reach, strip.fastest(), seconds);
    return 0;
}

/// Median ms per 3D sequential step of a w x h sheet laid flat, clamped along one side, with
/// and without bending, `substeps` substeps and 1 iteration.
int steps(int w, int h, int substeps, int count)
{
    for (const double rigidity : {0.0, 1e-4}) {
        pbd::test::ElasticaStrip sheet(w, h, 0.01 * (w - 1.5), 0.01 * (h - 1), 0.2, rigidity,
                                       0.016 / substeps, substeps, 0.0);
        sheet.step(2);
        std::vector<double> ms;
        for (int i = 0; i < count; ++i) {
            const auto start = std::chrono::steady_clock::now();
            sheet.step(1);
            ms.push_back(std::chrono::duration<double, std::milli>(
                             std::chrono::steady_clock::now() - start)
                             .count());
        }
        std::sort(ms.begin(), ms.end());
        std::printf("3D sequential step, %d x %d, %d substeps, 1 iteration, bending %g: median "
                    "%.2f ms (min %.2f, %d steps)\n",
                    w, h, substeps, rigidity, ms[ms.size() / 2], ms.front(), count);
    }
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "hinges")
        return hinges(argc > 2 ? std::atoi(argv[2]) : 300, argc > 3 ? std::atoi(argv[3]) : 300,
                      argc > 4 ? std::atoi(argv[4]) : 51);
    if (mode == "steps")
        return steps(argc > 2 ? std::atoi(argv[2]) : 300, argc > 3 ? std::atoi(argv[3]) : 300,
                     argc > 4 ? std::atoi(argv[4]) : 15, argc > 5 ? std::atoi(argv[5]) : 21);
    if (mode == "elastica" && argc >= 5)
        return elastica(std::atof(argv[2]), std::atoi(argv[3]), std::atof(argv[4]),
                        argc > 5 ? std::atoi(argv[5]) : 3, argc > 6 ? std::atoi(argv[6]) : 1);
    std::fprintf(stderr, "usage: pbd_bending_bench hinges [W H ROUNDS] | steps [W H SUBSTEPS "
                         "STEPS] | elastica GAMMA N C [ACROSS ITERATIONS]\n");
    return 2;
}
