// The air on the GPU against the colored CPU solver, through Simulation: double within
// 1e-12 m (the same operations in the same order), float within 1e-3 m, in steady wind, in
// gusts and in air so thick that every constraint's c l is capped, with substeps, a cut and
// a pinned particle.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include <glm/geometric.hpp>

#include "deviation.h"
#include "gpu_backend.h"
#include "pbd/simulation.h"

namespace {

using pbd::test::deviation;

using pbd::Settings;
using pbd::Simulation;

std::vector<glm::dvec2> blow(Settings settings, pbd::Solver solver, pbd::GpuPrecision precision,
                             int steps)
{
    settings.solver = solver;
    settings.gpuPrecision = precision;
    Simulation sim(settings);
    if (solver == pbd::Solver::Gpu)
        sim.installBackend(pbd::gpu::currentContextBackendFactory("test context"));
    for (int k = 0; k < steps; ++k) {
        if (k == 40) {
            sim.cut({1.0, -2.0}, {3.0, -2.5});
            sim.pin(static_cast<pbd::Index>(settings.width * 10 + 5));
        }
        sim.step();
    }
    sim.sync();
    return sim.particles().position;
}

} // namespace

TEST_CASE("air on the GPU: double within 1e-12 m of the colored CPU solver, float within 1e-3 m")
{
    Settings steady;
    steady.width = 50;
    steady.height = 35;
    steady.threads = 1;
    steady.airDrag = 0.7;
    steady.windX = 6.0;
    steady.windY = 1.5;
    Settings gusty = steady;
    gusty.gusts = 0.8;
    gusty.substeps = 3;
    Settings thick = steady;
    thick.airDrag = pbd::kMaxAirDrag;
    for (const auto& [name, settings] : {std::pair{"steady", steady}, std::pair{"gusty", gusty},
                                         std::pair{"thick", thick}}) {
        const int steps = 300;
        const auto cpu = blow(settings, pbd::Solver::Colored, pbd::GpuPrecision::Double, steps);
        const auto gpu = blow(settings, pbd::Solver::Gpu, pbd::GpuPrecision::Double, steps);
        Settings calm = settings;
        calm.airDrag = 0.0;
        const double effect =
            deviation(blow(calm, pbd::Solver::Colored, pbd::GpuPrecision::Double, steps), cpu);
        const double d = deviation(gpu, cpu);
        std::printf("air, double GPU vs colored CPU, %s, %d steps: %.3g m (the air moved the "
                    "cloth %.3g m)\n", name, steps, d, effect);
        INFO(name << ": " << d);
        CHECK(d <= 1e-12);
        CHECK(effect > 0.01); // the air did something to compare
        const auto single = blow(settings, pbd::Solver::Gpu, pbd::GpuPrecision::Float, 100);
        const double df =
            deviation(single, blow(settings, pbd::Solver::Colored, pbd::GpuPrecision::Double, 100));
        std::printf("air, float GPU vs colored CPU, %s, 100 steps: %.3g m\n", name, df);
        CHECK(df <= 1e-3);
    }
}
