// Area grabs and undo/redo on the GPU solver (issue 22), float and double: an area grab holds
// its particles on the GPU as the colored solver holds them (invMass 0 written per particle,
// the positions of a move written per particle), and an undo gives the GPU the exact state it
// went back to, from which it steps as a fresh GPU run of that state does.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "gpu_backend.h"
#include "gpu_solver.h"
#include "pbd/history.h"
#include "pbd/simulation.h"

using pbd::GpuPrecision;

namespace {

pbd::Settings gpuSettings(GpuPrecision precision)
{
    pbd::Settings settings;
    settings.solver = pbd::Solver::Gpu;
    settings.gpuPrecision = precision;
    settings.tearStrain = 0.3;
    settings.threads = 1;
    return settings;
}

double worstGap(const pbd::Simulation& a, const pbd::Simulation& b)
{
    const auto& x = a.particles().position;
    const auto& y = b.particles().position;
    double worst = 0.0;
    for (std::size_t i = 0; i < x.size(); ++i)
        worst = std::max({worst, std::abs(x[i].x - y[i].x), std::abs(x[i].y - y[i].y)});
    return worst;
}

/// An area grab at the bottom-right corner pulled right for 80 steps, then thrown.
void pull(pbd::History& history, pbd::Simulation& sim)
{
    REQUIRE_FALSE(history.apply(sim, pbd::AreaGrabCommand{{7.6, -5.6}, 0.5}));
    REQUIRE(sim.areaGrab());
    for (int k = 1; k <= 80; ++k) {
        REQUIRE_FALSE(history.apply(sim, pbd::MoveCommand{{7.6 + 0.02 * k, -5.6 + 0.01 * k}}));
        REQUIRE_FALSE(history.apply(sim, pbd::StepCommand{}));
    }
    REQUIRE_FALSE(history.apply(sim, pbd::ReleaseCommand{glm::dvec2(2.0, 1.0)}));
}

} // namespace

TEST_CASE("an area grab on the GPU holds and moves its particles as the colored solver does")
{
    for (GpuPrecision precision : {GpuPrecision::Double, GpuPrecision::Float}) {
        pbd::Simulation gpu(gpuSettings(precision));
        gpu.installBackend(pbd::gpu::currentContextBackendFactory("test context"));
        pbd::Settings cpuSettings = gpuSettings(precision);
        cpuSettings.solver = pbd::Solver::Colored;
        pbd::Simulation cpu(cpuSettings);
        pbd::History gpuHistory;
        pbd::History cpuHistory;
        for (int k = 0; k < 20; ++k) {
            gpu.step();
            cpu.step();
        }
        pull(gpuHistory, gpu);
        pull(cpuHistory, cpu);
        gpu.sync();
        INFO(pbd::gpuPrecisionName(precision));
        // The held particles went exactly where they were put, on the GPU too.
        CHECK(worstGap(gpu, cpu) <= (precision == GpuPrecision::Double ? 1e-12 : 1e-3));
        for (int k = 0; k < 40; ++k) {
            gpu.step();
            cpu.step();
        }
        gpu.sync();
        CHECK(worstGap(gpu, cpu) <= (precision == GpuPrecision::Double ? 1e-12 : 2e-3));
        CHECK(pbd::gpu::GpuSolver::glError() == 0);
    }
}

TEST_CASE("undo and redo on the GPU restore the exact state and carry on as a fresh GPU run "
          "of it")
{
    for (GpuPrecision precision : {GpuPrecision::Double, GpuPrecision::Float}) {
        pbd::Simulation sim(gpuSettings(precision));
        sim.installBackend(pbd::gpu::currentContextBackendFactory("test context"));
        pbd::History history;
        for (int k = 0; k < 30; ++k)
            sim.step();
        sim.sync();
        const pbd::SimulationState before = sim.state();
        pull(history, sim);
        sim.sync();
        const pbd::SimulationState after = sim.state();
        for (int k = 0; k < 50; ++k)
            sim.step();
        REQUIRE_FALSE(history.apply(sim, pbd::UndoCommand{}));
        INFO(pbd::gpuPrecisionName(precision));
        CHECK(sim.state() == before);
        REQUIRE_FALSE(history.apply(sim, pbd::RedoCommand{}));
        CHECK(sim.state() == after);
        pbd::Simulation fresh(gpuSettings(precision));
        fresh.installBackend(pbd::gpu::currentContextBackendFactory("test context"));
        REQUIRE_FALSE(fresh.restore(after));
        for (int k = 0; k < 60; ++k) {
            sim.step();
            fresh.step();
        }
        sim.sync();
        fresh.sync();
        CHECK(worstGap(sim, fresh) == 0.0);
        CHECK(sim.liveConstraintCount() == fresh.liveConstraintCount());
    }
}
