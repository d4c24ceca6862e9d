// The GPU solver against the CPU: the core's colored solver (PBD, XPBD, substeps, damping, pins,
// drags, edits) and, for float, a scalar colored reference in float; directly and through
// Simulation's backend; determinism; big buffers; refusal of sizes beyond the GPU's limits.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "colored_reference.h"
#include "gpu_backend.h"
#include "gpu_solver.h"
#include "pbd/simulation.h"

using pbd::Index;
using pbd::GpuPrecision;
using pbd::gpu::GpuSolver;
using pbd::gpu::GpuStepParameters;

namespace {

/// One scripted run: a cloth, its step parameters, extra pins and an optional drag.
struct Scenario {
    std::string name;
    int width = 40;
    int height = 30;
    int fixed = 2;
    GpuStepParameters step;
    std::vector<Index> pins;   ///< extra particles pinned before step 0
    bool drag = false;         ///< grab `dragged` at step 0, pull it for 80 steps, release
    Index dragged = 1180;      ///< bottom middle of the 40 x 30 cloth
    bool edits = false;        ///< pin 600 at step 30, mass 2 kg for 300 at 60, unpin 600 at 90
    /// Float stays within 1e-3 m of double after 100 steps. Not so for soft XPBD with
    /// substeps: a velocity (x - x0) / h rounded to float positions carries ulp(x) / h of
    /// noise, which a soft, barely damped cloth does not forget (5e-3 m at 4 substeps, k 1000,
    /// on the CPU in float too); those runs are checked against the float CPU instead.
    bool floatNearDouble = true;
};

pbd::Settings settingsOf(const Scenario& s, pbd::Solver solver)
{
    pbd::Settings settings;
    settings.width = s.width;
    settings.height = s.height;
    settings.fixedCount = s.fixed;
    settings.timeStep = s.step.settings.timeStep;
    settings.iterations = s.step.settings.iterations;
    settings.gravity = s.step.settings.gravity;
    settings.stiffness = s.step.settings.stiffness;
    settings.substeps = s.step.settings.substeps;
    settings.damping = s.step.settings.damping;
    settings.areaStiffness = s.step.settings.areaStiffness;
    settings.tearStrain = s.step.settings.tearStrain;
    settings.solver = solver;
    settings.threads = 1;
    return settings;
}

/// Where the drag puts the grabbed particle before step `step`: from its rest place
/// (4.0, -5.8) right and up at about 0.9 m/s (a calm drag: a violent one folds the cloth, and
/// a fold amplifies any rounding difference, float against double, beyond 1e-3 m).
glm::dvec2 dragTarget(int step)
{
    return {4.0 + 0.004 * step, -5.8 + 0.002 * step};
}

/// What a scenario does to the cloth between steps, in each runner's own terms.
struct Edits {
    std::function<void(Index)> grab;
    std::function<void(Index, glm::dvec2)> move;
    std::function<void()> release;
    std::function<void(Index)> pin;         ///< stop it where it is, velocity 0
    std::function<void(Index, double)> setInverseMass; ///< unpinned: 1 / mass
};

/// Applies the scenario's events before step `k`.
void events(const Scenario& s, int k, const Edits& e)
{
    if (k == 0)
        for (Index i : s.pins)
            e.pin(i);
    if (s.drag) {
        if (k == 0)
            e.grab(s.dragged);
        if (k < 80)
            e.move(s.dragged, dragTarget(k));
        if (k == 80)
            e.release();
    }
    if (s.edits) {
        if (k == 30)
            e.pin(600);
        if (k == 60)
            e.setInverseMass(300, 1.0 / 2.0);
        if (k == 90)
            e.setInverseMass(600, 1.0 / 0.5);
    }
}

pbd::Particles initialState(const Scenario& s)
{
    const pbd::Simulation simulation(settingsOf(s, pbd::Solver::Colored));
    return simulation.particles();
}

/// The GPU solver driven directly.
pbd::Particles runGpu(const Scenario& s, GpuPrecision precision, int steps)
{
    std::string why;
    auto solver = GpuSolver::create(s.width, s.height, precision, why);
    INFO(why);
    REQUIRE(solver);
    pbd::Particles state = initialState(s);
    solver->upload(state);
    double savedInverseMass = 0.0;
    Index grabbed = 0;
    const Edits edits{[&](Index i) {
                          grabbed = i;
                          savedInverseMass = state.inverseMass[i];
                          solver->setInverseMass(i, 0.0);
                      },
                      [&](Index i, glm::dvec2 x) { solver->setPosition(i, x); },
                      [&] { solver->setInverseMass(grabbed, savedInverseMass); },
                      [&](Index i) {
                          state.inverseMass[i] = 0.0;
                          solver->setInverseMass(i, 0.0);
                          solver->setVelocity(i, glm::dvec2(0.0));
                      },
                      [&](Index i, double w) {
                          state.inverseMass[i] = w;
                          solver->setInverseMass(i, w);
                      }};
    for (int k = 0; k < steps; ++k) {
        events(s, k, edits);
        solver->step(s.step);
    }
    solver->download(state);
    REQUIRE(GpuSolver::glError() == 0);
    return state;
}

/// The scalar colored reference, in double or float.
template <class Real>
pbd::Particles runReference(const Scenario& s, int steps)
{
    pbd::test::ReferenceState<Real> state = pbd::test::toReference<Real>(initialState(s));
    Real savedInverseMass = 0;
    Index grabbed = 0;
    const Edits edits{[&](Index i) {
                          grabbed = i;
                          savedInverseMass = state.inverseMass[i];
                          state.inverseMass[i] = Real(0);
                      },
                      [&](Index i, glm::dvec2 x) { state.position[i] = glm::vec<2, Real>(x); },
                      [&] { state.inverseMass[grabbed] = savedInverseMass; },
                      [&](Index i) {
                          state.inverseMass[i] = Real(0);
                          state.velocity[i] = glm::vec<2, Real>(0);
                      },
                      [&](Index i, double w) { state.inverseMass[i] = static_cast<Real>(w); }};
    for (int k = 0; k < steps; ++k) {
        events(s, k, edits);
        pbd::test::coloredReferenceStep(state, s.width, s.height, s.step);
    }
    return pbd::test::fromReference(state);
}

/// A Simulation with the given solver; Gpu through the backend on the current context.
pbd::Particles runSimulation(const Scenario& s, pbd::Solver solver, int steps,
                             GpuPrecision precision = GpuPrecision::Double)
{
    pbd::Settings settings = settingsOf(s, solver);
    settings.gpuPrecision = precision;
    pbd::Simulation simulation(settings);
    simulation.installBackend(pbd::gpu::currentContextBackendFactory("test context"));
    const Edits edits{[&](Index i) { simulation.grab(i); },
                      [&](Index, glm::dvec2 x) { simulation.moveGrabbed(x); },
                      [&] { simulation.release(); }, [&](Index i) { simulation.pin(i); },
                      [&](Index i, double w) {
                          if (simulation.particles().pinned(i))
                              simulation.unpin(i);
                          simulation.setMass(i, 1.0 / w);
                      }};
    for (int k = 0; k < steps; ++k) {
        events(s, k, edits);
        simulation.step();
    }
    simulation.sync();
    return simulation.particles();
}

/// The state of `simulation`, a GPU's read back first.
pbd::Particles stateOf(pbd::Simulation& simulation)
{
    simulation.sync();
    return simulation.particles();
}

pbd::Particles runCore(const Scenario& s, int steps)
{
    return runSimulation(s, pbd::Solver::Colored, steps);
}

/// Largest coordinate difference of the positions (infinite when one is not finite).
double deviation(const pbd::Particles& a, const pbd::Particles& b)
{
    REQUIRE(a.position.size() == b.position.size());
    double worst = 0.0;
    for (std::size_t i = 0; i < a.position.size(); ++i) {
        if (!std::isfinite(a.position[i].x) || !std::isfinite(a.position[i].y))
            return INFINITY;
        worst = std::max({worst, std::abs(a.position[i].x - b.position[i].x),
                          std::abs(a.position[i].y - b.position[i].y)});
    }
    return worst;
}

double velocityDeviation(const pbd::Particles& a, const pbd::Particles& b)
{
    double worst = 0.0;
    for (std::size_t i = 0; i < a.velocity.size(); ++i)
        worst = std::max({worst, std::abs(a.velocity[i].x - b.velocity[i].x),
                          std::abs(a.velocity[i].y - b.velocity[i].y)});
    return worst;
}

bool sameBits(const pbd::Particles& a, const pbd::Particles& b)
{
    return a.position.size() == b.position.size() &&
           std::memcmp(a.position.data(), b.position.data(),
                       a.position.size() * sizeof(glm::dvec2)) == 0 &&
           std::memcmp(a.velocity.data(), b.velocity.data(),
                       a.velocity.size() * sizeof(glm::dvec2)) == 0;
}

std::vector<Scenario> scenarios()
{
    std::vector<Scenario> list;
    Scenario pbdPage;
    pbdPage.name = "PBD, the page's defaults";
    list.push_back(pbdPage);

    Scenario pins;
    pins.name = "PBD, four corners and six more pins, 5 iterations";
    pins.fixed = 4;
    pins.step.settings.iterations = 5;
    pins.pins = {15, 20, 400, 639, 845, 1100};
    pins.edits = true;
    pins.name += ", pin, mass and unpin during the run";
    list.push_back(pins);

    Scenario drag;
    drag.name = "PBD, a drag and release";
    drag.drag = true;
    list.push_back(drag);

    Scenario xpbd;
    xpbd.name = "XPBD, stiffness 1000, 4 substeps, damping 0.5, a drag";
    xpbd.step.settings.stiffness = 1000.0;
    xpbd.step.settings.substeps = 4;
    xpbd.step.settings.damping = 0.5;
    xpbd.drag = true;
    xpbd.floatNearDouble = false;
    list.push_back(xpbd);

    Scenario xpbdOne = xpbd;
    xpbdOne.name = "XPBD, stiffness 1000, damping 0.5, a drag";
    xpbdOne.step.settings.substeps = 1;
    xpbdOne.floatNearDouble = true;
    list.push_back(xpbdOne);

    Scenario stiff;
    stiff.name = "XPBD, stiffness 1e6, 10 iterations, odd 23 x 17 cloth, 1 pin";
    stiff.width = 23;
    stiff.height = 17;
    stiff.fixed = 1;
    stiff.step.settings.stiffness = 1e6;
    stiff.step.settings.iterations = 10;
    list.push_back(stiff);

    Scenario area;
    area.name = "XPBD, stiffness 1e4, cell areas 1e3, 2 substeps, 3 iterations, a drag";
    area.step.settings.stiffness = 1e4;
    area.step.settings.areaStiffness = 1e3;
    area.step.settings.substeps = 2;
    area.step.settings.iterations = 3;
    area.drag = true;
    list.push_back(area);

    Scenario tear;
    tear.name = "PBD, tearing beyond strain 0.1, a drag";
    tear.step.settings.tearStrain = 0.1;
    tear.drag = true;
    tear.floatNearDouble = false; // a float strain may tear another constraint: not comparable
    list.push_back(tear);

    Scenario corners;
    corners.name = "PBD, tearing beyond strain 0.2: the top corners tear";
    corners.step.settings.tearStrain = 0.2;
    corners.floatNearDouble = false;
    list.push_back(corners);
    return list;
}

} // namespace

TEST_CASE("double-precision GPU steps match the CPU colored solver after 200 steps")
{
    for (const Scenario& s : scenarios()) {
        const pbd::Particles cpu = runCore(s, 200);
        const pbd::Particles gpu = runGpu(s, GpuPrecision::Double, 200);
        const double d = deviation(gpu, cpu);
        const double dv = velocityDeviation(gpu, cpu);
        std::printf("double vs colored CPU, %s: largest position difference %.3g m, velocity "
                    "%.3g m/s (%s)\n",
                    s.name.c_str(), d, dv, sameBits(gpu, cpu) ? "bit-identical" : "not bit-identical");
        INFO(s.name << ": " << d);
        CHECK(d <= 1e-12);
        CHECK(dv <= 1e-9);
    }
}

TEST_CASE("a Simulation with Solver::Gpu steps as Solver::Colored does, through the backend")
{
    // The same scenarios through Simulation's API (grab, moveGrabbed, release, pin, unpin,
    // setMass): the uploads and read-backs around the edits must lose nothing.
    for (const Scenario& s : scenarios()) {
        const pbd::Particles cpu = runCore(s, 200);
        const pbd::Particles gpu = runSimulation(s, pbd::Solver::Gpu, 200);
        const double d = deviation(gpu, cpu);
        INFO(s.name << ": " << d);
        CHECK(d <= 1e-12);
        CHECK(velocityDeviation(gpu, cpu) <= 1e-9);
        if (s.step.settings.tearStrain > 0.0)
            continue; // float and double strains may tear different constraints
        const pbd::Particles single =
            runSimulation(s, pbd::Solver::Gpu, 100, GpuPrecision::Float);
        const double df = deviation(single, runCore(s, 100));
        INFO("float: " << df);
        CHECK(df <= (s.floatNearDouble ? 1e-3 : 1e-2));
    }
}

TEST_CASE("tearing and cutting on the GPU remove the constraints the CPU removes")
{
    Scenario s = scenarios().back(); // tearing beyond strain 0.1, a drag
    REQUIRE(s.step.settings.tearStrain > 0.0);
    for (const int cutStep : {-1, 50}) {
        pbd::Settings settings = settingsOf(s, pbd::Solver::Colored);
        settings.gpuPrecision = GpuPrecision::Double;
        pbd::Simulation colored(settings);
        settings.solver = pbd::Solver::Gpu;
        pbd::Simulation gpu(settings);
        gpu.installBackend(pbd::gpu::currentContextBackendFactory("test context"));
        for (int k = 0; k < 200; ++k) {
            for (pbd::Simulation* sim : {&colored, &gpu}) {
                if (k == 0)
                    sim->grab(s.dragged);
                if (k < 80)
                    sim->moveGrabbed(dragTarget(k));
                if (k == 80)
                    sim->release();
                if (k == cutStep) // a knife across the middle of the cloth
                    CHECK(sim->cut({3.9, 0.5}, {4.1, -8.0}) > 0);
                sim->step();
            }
            if (k == 20 || k == 120) { // read back mid-run: later tears must still arrive
                gpu.syncConstraints();
                CHECK(gpu.liveConstraintCount() == colored.liveConstraintCount());
            }
        }
        gpu.syncConstraints();
        INFO("cut at step " << cutStep);
        CHECK(colored.liveConstraintCount() < colored.constraints().size()); // it did tear
        CHECK(gpu.liveConstraintCount() == colored.liveConstraintCount());
        CHECK(std::equal(gpu.alive().begin(), gpu.alive().end(), colored.alive().begin()));
        CHECK(gpu.constraintsVersion() == colored.constraintsVersion());
        CHECK(deviation(stateOf(gpu), stateOf(colored)) <= 1e-12);
    }
}

TEST_CASE("the GPU counts what it tears, so that the CPU reads the live flags only when "
          "something tore")
{
    Scenario s = scenarios().back(); // the top corners tear beyond strain 0.2
    for (GpuPrecision precision : {GpuPrecision::Double, GpuPrecision::Float}) {
        std::string why;
        auto solver = GpuSolver::create(s.width, s.height, precision, why);
        INFO(why);
        REQUIRE(solver);
        solver->upload(initialState(s));
        GpuStepParameters calm = s.step;
        calm.settings.tearStrain = 1000.0; // nothing stretches that far
        for (int k = 0; k < 20; ++k)
            solver->step(calm);
        std::vector<std::uint8_t> alive(3, 7);
        const std::size_t reads = solver->readbacks();
        const std::size_t flagReads = solver->aliveReadbacks();
        CHECK(solver->tornCount() == 0);
        CHECK_FALSE(solver->downloadAliveIfTorn(alive));
        CHECK(alive == std::vector<std::uint8_t>(3, 7)); // left alone
        CHECK(solver->aliveReadbacks() == flagReads);    // the flags were not read
        int steps = 0;
        while (solver->tornCount() == 0 && steps < 400) {
            solver->step(s.step);
            ++steps;
        }
        const std::size_t torn = solver->tornCount();
        REQUIRE(torn > 0);
        REQUIRE(solver->downloadAliveIfTorn(alive));
        CHECK(solver->aliveReadbacks() == flagReads + 1);
        CHECK(solver->readbacks() == reads); // and never the particle state
        CHECK(alive.size() == pbd::clothConstraintCount(s.width, s.height));
        CHECK(static_cast<std::size_t>(std::count(alive.begin(), alive.end(), 0)) == torn);
        std::vector<std::uint8_t> again;
        CHECK_FALSE(solver->downloadAliveIfTorn(again)); // nothing new since that read
        // An upload of the flags starts the count again.
        solver->uploadAlive(alive.data(), alive.size());
        CHECK(solver->tornCount() == 0);
        CHECK(GpuSolver::glError() == 0);
    }
}

TEST_CASE("a Simulation tearing on the GPU reads only four bytes per check while nothing tears")
{
    Scenario s = scenarios().back();
    pbd::Settings settings = settingsOf(s, pbd::Solver::Gpu);
    settings.tearStrain = 1000.0;
    pbd::Simulation simulation(settings);
    simulation.installBackend(pbd::gpu::currentContextBackendFactory("test context"));
    simulation.step();
    const GpuSolver* solver = pbd::gpu::gpuSolverOf(simulation.backend());
    REQUIRE(solver != nullptr);
    const std::size_t reads = solver->readbacks();
    const std::size_t flagReads = solver->aliveReadbacks();
    for (int k = 0; k < 10; ++k) {
        simulation.step();
        simulation.syncConstraints(); // what the app does each frame
        CHECK(simulation.alive().size() == simulation.constraints().size());
        CHECK(simulation.liveConstraintCount() == simulation.constraints().size());
    }
    CHECK(solver->readbacks() == reads);            // the state was not read
    CHECK(solver->aliveReadbacks() == flagReads);   // nor the flags
    simulation.sync(); // the whole state is read only when asked for
    CHECK(solver->readbacks() == reads + 1);
}

TEST_CASE("switching between Solver::Gpu and Solver::Colored mid-run keeps the state")
{
    const Scenario s = scenarios()[3]; // XPBD, substeps, damping, a drag
    pbd::Settings settings = settingsOf(s, pbd::Solver::Colored);
    settings.gpuPrecision = GpuPrecision::Double;
    pbd::Simulation colored(settings);
    pbd::Simulation mixed(settings);
    mixed.installBackend(pbd::gpu::currentContextBackendFactory("test context"));
    for (int k = 0; k < 150; ++k) {
        if (k == 40 || k == 110) {
            settings.solver = pbd::Solver::Gpu;
            REQUIRE_FALSE(mixed.apply(settings));
        }
        if (k == 80) {
            settings.solver = pbd::Solver::Colored;
            REQUIRE_FALSE(mixed.apply(settings));
        }
        colored.step();
        mixed.step();
    }
    CHECK(mixed.time() == colored.time());
    CHECK(deviation(stateOf(mixed), stateOf(colored)) <= 1e-12);
}

TEST_CASE("without an installed backend a Gpu step says so")
{
    pbd::Settings settings;
    settings.solver = pbd::Solver::Gpu;
    pbd::Simulation simulation(settings);
    CHECK_THROWS_WITH(simulation.step(), Catch::Contains("no GPU backend"));
}

TEST_CASE("the scalar colored reference is the core's colored solver")
{
    // Guards the float reference: in double it gives the core's bits (it has no area
    // constraints).
    for (const Scenario& s : scenarios())
        if (s.step.settings.areaStiffness == 0.0 && s.step.settings.tearStrain == 0.0)
            CHECK(sameBits(runReference<double>(s, 120), runCore(s, 120)));
}

TEST_CASE("single-precision GPU steps stay within 1e-3 m of the double CPU after 100 steps")
{
    for (const Scenario& s : scenarios()) {
        if (!s.floatNearDouble)
            continue;
        const pbd::Particles gpu = runGpu(s, GpuPrecision::Float, 100);
        const pbd::Particles cpu = runCore(s, 100);
        const double d = deviation(gpu, cpu);
        std::printf("float vs colored CPU, %s: largest position difference %.3g m\n",
                    s.name.c_str(), d);
        INFO(s.name << ": " << d);
        CHECK(d <= 1e-3);
    }
}

TEST_CASE("single-precision GPU steps follow the CPU's float arithmetic")
{
    // The same operations in float on the CPU: bit for bit where the GPU rounds float
    // division and square root correctly (llvmpipe); 1e-4 m leaves room for GPUs that do not
    // (1e-2 m for the run that amplifies rounding, see Scenario::floatNearDouble).
    for (const Scenario& s : scenarios()) {
        if (s.step.settings.areaStiffness != 0.0 || s.step.settings.tearStrain != 0.0)
            continue; // the reference has no area constraints and does not tear
        const pbd::Particles gpu = runGpu(s, GpuPrecision::Float, 100);
        const pbd::Particles cpu = runReference<float>(s, 100);
        const double d = deviation(gpu, cpu);
        std::printf("float vs float CPU, %s: largest position difference %.3g m (%s)\n",
                    s.name.c_str(), d, sameBits(gpu, cpu) ? "bit-identical" : "not bit-identical");
        INFO(s.name << ": " << d);
        CHECK(d <= (s.floatNearDouble ? 1e-4 : 1e-2));
    }
}

TEST_CASE("pinned and grabbed particles stay where they are put on the GPU")
{
    Scenario s = scenarios()[1];
    s.drag = true;
    const pbd::Particles start = initialState(s);
    for (GpuPrecision precision : {GpuPrecision::Double, GpuPrecision::Float}) {
        // At step 60 the grabbed particle sits exactly at the last target, pins where they began.
        const pbd::Particles state = runGpu(s, precision, 60);
        const glm::dvec2 target = dragTarget(59);
        const auto rounded = [&](double v) {
            return precision == GpuPrecision::Float ? static_cast<double>(static_cast<float>(v)) : v;
        };
        CHECK(state.position[s.dragged].x == rounded(target.x));
        CHECK(state.position[s.dragged].y == rounded(target.y));
        for (Index i : s.pins) {
            CHECK(state.position[i].x == rounded(start.position[i].x));
            CHECK(state.position[i].y == rounded(start.position[i].y));
        }
        CHECK(state.inverseMass[s.dragged] == 0.0);
    }
}

TEST_CASE("two GPU runs of the same scenario give the same bits")
{
    const Scenario s = scenarios()[3]; // XPBD with substeps, damping and a drag
    for (GpuPrecision precision : {GpuPrecision::Double, GpuPrecision::Float})
        CHECK(sameBits(runGpu(s, precision, 150), runGpu(s, precision, 150)));
}

TEST_CASE("a 2048 x 2048 cloth's GPU buffers are made, filled, read and freed without GL errors")
{
    const int side = 2048;
    Scenario s;
    s.width = side;
    s.height = side;
    const pbd::Particles state = initialState(s);
    for (GpuPrecision precision : {GpuPrecision::Float, GpuPrecision::Double}) {
        REQUIRE(GpuSolver::glError() == 0);
        {
            std::string why;
            auto solver = GpuSolver::create(side, side, precision, why);
            INFO(why);
            REQUIRE(solver);
            CHECK(solver->bufferBytes() >= state.position.size() * 3 * 2 *
                                               (precision == GpuPrecision::Double ? 8 : 4));
            solver->upload(state);
            std::vector<glm::dvec2> back;
            solver->downloadPositions(back);
            REQUIRE(back.size() == state.position.size());
            const auto rounded = [precision](double v) {
                return precision == GpuPrecision::Float ? static_cast<double>(static_cast<float>(v))
                                                        : v;
            };
            for (std::size_t i : {std::size_t{side} + 1, back.size() - 1}) {
                CHECK(back[i].x == rounded(state.position[i].x));
                CHECK(back[i].y == rounded(state.position[i].y));
            }
            CHECK(GpuSolver::glError() == 0);
        }
        CHECK(GpuSolver::glError() == 0);
    }
}

TEST_CASE("a cloth whose buffers exceed the GPU's storage block size is refused, naming the limit")
{
    std::string why;
    // A side whose double positions (16 bytes a particle) are just over the limit.
    const auto limit = GpuSolver::maxStorageBlockBytes();
    REQUIRE(limit > 0);
    const auto side = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(limit) / 16.0))) + 1;
    auto solver = GpuSolver::create(side, side, GpuPrecision::Double, why);
    CHECK_FALSE(solver);
    CHECK(why.find(std::to_string(side) + " x " + std::to_string(side)) != std::string::npos);
    CHECK(why.find("GL_MAX_SHADER_STORAGE_BLOCK_SIZE") != std::string::npos);
    CHECK(why.find(std::to_string(limit)) != std::string::npos);
    CHECK(GpuSolver::glError() == 0);
}
