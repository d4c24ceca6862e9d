// Tethers on the GPU against the CPU colored solver, through Simulation: double within
// 1e-9 m, float within 1e-3 m, with pins, drags, cuts, XPBD and tearing (whose tethers the
// CPU recomputes from what the GPU tore).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include <glm/geometric.hpp>

#include "deviation.h"
#include "gpu_backend.h"
#include "pbd/simulation.h"

namespace {

using pbd::test::deviation;

using pbd::Index;
using pbd::Settings;
using pbd::Simulation;

struct TetherScenario {
    std::string name;
    Settings settings;
    /// Between steps: what happens before step k.
    std::function<void(Simulation&, int)> events = [](Simulation&, int) {};
    bool floatNearDouble = true; ///< float stays within 1e-3 m (not so where it tears)
};

std::vector<TetherScenario> tetherScenarios()
{
    std::vector<TetherScenario> list;
    Settings base;
    base.tethers = true;
    base.threads = 1;
    list.push_back({"40 x 30 hanging", base});
    Settings big = base;
    big.width = 60;
    big.height = 45;
    big.fixedCount = 4;
    list.push_back({"60 x 45, four corners, a pin, a drag and a cut", big,
                    [](Simulation& sim, int k) {
                        if (k == 0) {
                            sim.pin(60 * 20 + 30);
                            sim.unpin(60 * 44);
                            sim.grab(60 * 44 + 10);
                        }
                        if (k < 60)
                            sim.moveGrabbed({2.0 + 0.005 * k, -8.8 - 0.004 * k});
                        if (k == 60)
                            sim.release();
                        if (k == 100)
                            sim.cut({1.0, -5.0}, {7.0, -6.0});
                    }});
    Settings soft = base;
    soft.stiffness = 300.0;
    soft.substeps = 2;
    list.push_back({"XPBD 300 N/m, 2 substeps", soft});
    Settings tearing = base;
    tearing.width = 30;
    tearing.height = 20;
    list.push_back({"tearing from a drag", tearing,
                    [](Simulation& sim, int k) {
                        if (k == 50) {
                            Settings s = sim.settings();
                            s.tearStrain = 0.3;
                            sim.apply(s);
                            sim.grab(30 * 19 + 15);
                        }
                        if (k >= 50 && k < 90)
                            sim.moveGrabbed({3.0, -3.8 - 0.1 * (k - 50)});
                        if (k == 90)
                            sim.release();
                    },
                    false});
    return list;
}

std::vector<glm::dvec2> run(const TetherScenario& s, pbd::Solver solver,
                            pbd::GpuPrecision precision, int steps, std::size_t* live = nullptr)
{
    Settings settings = s.settings;
    settings.solver = solver;
    settings.gpuPrecision = precision;
    Simulation sim(settings);
    if (solver == pbd::Solver::Gpu)
        sim.installBackend(pbd::gpu::currentContextBackendFactory("test context"));
    for (int k = 0; k < steps; ++k) {
        s.events(sim, k);
        sim.step();
    }
    sim.sync();
    if (live != nullptr)
        *live = sim.liveConstraintCount();
    return sim.particles().position;
}

} // namespace

TEST_CASE("tethers on the GPU: double within 1e-9 m of the colored CPU solver, float within "
          "1e-3 m")
{
    for (const TetherScenario& s : tetherScenarios()) {
        std::size_t cpuLive = 0;
        std::size_t gpuLive = 0;
        const auto cpu = run(s, pbd::Solver::Colored, pbd::GpuPrecision::Double, 200, &cpuLive);
        const auto gpu = run(s, pbd::Solver::Gpu, pbd::GpuPrecision::Double, 200, &gpuLive);
        const double d = deviation(gpu, cpu);
        // What the tethers did: the same cloth without them ends elsewhere.
        TetherScenario loose = s;
        loose.settings.tethers = false;
        const double effect = deviation(run(loose, pbd::Solver::Colored, pbd::GpuPrecision::Double, 200), cpu);
        std::printf("tethers, double GPU vs colored CPU, %s: %.3g m (tethers moved the cloth "
                    "%.3g m)\n", s.name.c_str(), d, effect);
        INFO(s.name << ": " << d);
        CHECK(d <= 1e-9);
        CHECK(gpuLive == cpuLive);
        if (s.settings.width == 30) // the tearing one tore
            CHECK(cpuLive < pbd::clothConstraintCount(30, 20));
        CHECK(effect > 1e-3);
        if (!s.floatNearDouble)
            continue;
        const auto single = run(s, pbd::Solver::Gpu, pbd::GpuPrecision::Float, 100);
        const double df = deviation(single, run(s, pbd::Solver::Colored, pbd::GpuPrecision::Double, 100));
        std::printf("tethers, float GPU vs colored CPU, %s: %.3g m\n", s.name.c_str(), df);
        INFO("float: " << df);
        CHECK(df <= 1e-3);
    }
}

TEST_CASE("a cloth hung with tethers on the GPU keeps its length as on the CPU", "[slow]")
{
    Settings s;
    s.width = 100;
    s.height = 100;
    s.tethers = true;
    s.solver = pbd::Solver::Gpu;
    for (const pbd::GpuPrecision precision : {pbd::GpuPrecision::Double, pbd::GpuPrecision::Float}) {
        s.gpuPrecision = precision;
        Simulation sim(s);
        sim.installBackend(pbd::gpu::currentContextBackendFactory("test context"));
        for (int k = 0; k < 1000; ++k)
            sim.step();
        sim.sync();
        const pbd::Strain strain = pbd::constraintStrain(sim);
        std::printf("tethers on the GPU, 100 x 100, %s, 1000 steps: strain largest %.3g, rms "
                    "%.3g\n", pbd::gpuPrecisionName(precision), strain.max, strain.rms);
        CHECK(strain.max <= 0.01);
        CHECK(strain.rms <= 0.001);
    }
}
