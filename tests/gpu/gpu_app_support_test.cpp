// What the app needs from the GPU solver to keep the cloth on the GPU: a float copy of the
// positions to draw from, a pick on the GPU, single-particle writes for a drag (no read-back),
// the refusal of a cloth beyond the storage block limit, and the reset watch's test hook.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include <glad/egl.h>
#include <glad/gl.h>

#include "context_loss.h"
#include "gpu_backend.h"
#include "gpu_pick.h"
#include "gpu_solver.h"
#include "pbd/simulation.h"

using pbd::GpuPrecision;
using pbd::Index;
using pbd::gpu::GpuSolver;

namespace {

/// Sets an environment variable for one scope.
class ScopedVariable {
public:
    ScopedVariable(const char* name, const char* value) : name_(name)
    {
        setenv(name, value, 1);
    }
    ~ScopedVariable() { unsetenv(name_); }
    ScopedVariable(const ScopedVariable&) = delete;
    ScopedVariable& operator=(const ScopedVariable&) = delete;

private:
    const char* name_;
};

pbd::Simulation gpuSimulation(GpuPrecision precision, int width = 40, int height = 30)
{
    pbd::Settings settings;
    settings.width = width;
    settings.height = height;
    settings.solver = pbd::Solver::Gpu;
    settings.gpuPrecision = precision;
    pbd::Simulation simulation(settings);
    simulation.installBackend(pbd::gpu::currentContextBackendFactory("test context"));
    return simulation;
}

std::vector<glm::vec2> readFloatPairs(unsigned buffer, std::size_t count)
{
    std::vector<glm::vec2> values(count);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0,
                       static_cast<GLsizeiptr>(count * sizeof(glm::vec2)), values.data());
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    return values;
}

/// pickParticle's rule in float, as the app's CPU picking does it in double: the nearest
/// strictly within the radius, the lowest index among equals.
std::optional<Index> nearest(const std::vector<glm::vec2>& positions, glm::dvec2 origin,
                             double zoom, glm::dvec2 point, double radius)
{
    std::optional<Index> best;
    float bestDistance = static_cast<float>(radius);
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const float sx = static_cast<float>(origin.x) + static_cast<float>(zoom) * positions[i].x -
                         static_cast<float>(point.x);
        const float sy = static_cast<float>(origin.y) - static_cast<float>(zoom) * positions[i].y -
                         static_cast<float>(point.y);
        const float d = std::sqrt(sx * sx + sy * sy);
        if (d < bestDistance) {
            bestDistance = d;
            best = static_cast<Index>(i);
        }
    }
    return best;
}

} // namespace

TEST_CASE("the GPU solver's positions to draw are its positions in float, up to date after "
          "each step and each write")
{
    for (GpuPrecision precision : {GpuPrecision::Float, GpuPrecision::Double}) {
        pbd::Simulation simulation = gpuSimulation(precision);
        for (int k = 0; k < 30; ++k)
            simulation.step();
        auto* solver = pbd::gpu::gpuSolverOf(simulation.backend());
        REQUIRE(solver != nullptr);
        const std::size_t readsBefore = solver->readbacks();
        const unsigned buffer = solver->renderPositions();
        CHECK(solver->readbacks() == readsBefore); // drawing reads nothing back
        INFO(pbd::gpuPrecisionName(precision));
        const auto differing = [&](const std::vector<glm::vec2>& drawn) {
            simulation.sync();
            const pbd::Particles& p = simulation.particles();
            std::size_t count = 0;
            for (std::size_t i = 0; i < p.size(); ++i)
                count += drawn[i] != glm::vec2(p.position[i]) ? 1 : 0;
            return count;
        };
        CHECK(differing(readFloatPairs(buffer, solver->particleCount())) == 0);
        // Steps later the copy follows (double: the pass runs again), and after a write.
        for (int k = 0; k < 5; ++k)
            simulation.step();
        CHECK(differing(readFloatPairs(solver->renderPositions(), solver->particleCount())) == 0);
        simulation.grab(1180);
        simulation.moveGrabbed({1.25, -3.5});
        const std::vector<glm::vec2> drawn =
            readFloatPairs(solver->renderPositions(), solver->particleCount());
        CHECK(drawn[1180] == glm::vec2(1.25f, -3.5f));
        CHECK(differing(drawn) == 0);
        CHECK(GpuSolver::glError() == 0);
    }
}

TEST_CASE("the GPU pick finds the particle nearest to the pointer within the radius, as the "
          "CPU rule does")
{
    pbd::Simulation simulation = gpuSimulation(GpuPrecision::Float);
    for (int k = 0; k < 40; ++k)
        simulation.step();
    auto* solver = pbd::gpu::gpuSolverOf(simulation.backend());
    REQUIRE(solver != nullptr);
    std::string why;
    auto pick = pbd::gpu::GpuPick::create(why);
    INFO(why);
    REQUIRE(pick);
    const unsigned buffer = solver->renderPositions();
    const std::vector<glm::vec2> positions = readFloatPairs(buffer, solver->particleCount());
    // The page's view (50 px per metre, origin at (10, 10)): the cloth spans about 400 px.
    const glm::dvec2 origin{30.0, 40.0};
    const double zoom = 50.0;
    int found = 0;
    for (int sample = 0; sample < 60; ++sample) {
        const glm::dvec2 point{origin.x + 7.3 * sample, origin.y + 4.9 * sample};
        for (double radius : {10.0, 3.0}) {
            REQUIRE(pick->request(buffer, positions.size(), origin, zoom, point, radius));
            CHECK_FALSE(pick->request(buffer, positions.size(), origin, zoom, point, radius));
            std::optional<Index> answer = 99999;
            REQUIRE(pick->poll(answer, true));
            const auto expected = nearest(positions, origin, zoom, point, radius);
            INFO("point (" << point.x << ", " << point.y << "), radius " << radius);
            CHECK(answer == expected);
            found += expected ? 1 : 0;
        }
    }
    CHECK(found > 20); // the samples cross the cloth: most find a particle
    CHECK(found < 120); // and some do not
    // Two particles at the same place: the lower index wins.
    simulation.grab(5);
    simulation.moveGrabbed(glm::dvec2(positions[700])); // no step: 700 stays where it is
    const unsigned moved = solver->renderPositions();
    const glm::dvec2 at = origin + zoom * glm::dvec2(positions[700].x, -positions[700].y);
    REQUIRE(pick->request(moved, positions.size(), origin, zoom, at, 10.0));
    std::optional<Index> tie;
    REQUIRE(pick->poll(tie, true));
    CHECK(tie == std::optional<Index>(5));
    CHECK(pick->answers() == 121);
    CHECK(GpuSolver::glError() == 0);
}

TEST_CASE("a grab, a drag and a release reach the GPU solver without reading its state back")
{
    pbd::Simulation simulation = gpuSimulation(GpuPrecision::Double);
    simulation.step();
    auto* solver = pbd::gpu::gpuSolverOf(simulation.backend());
    REQUIRE(solver != nullptr);
    const std::size_t reads = solver->readbacks();
    simulation.grab(1180);
    for (int k = 0; k < 20; ++k) {
        simulation.moveGrabbed({4.0 + 0.01 * k, -5.8 + 0.02 * k});
        simulation.step();
    }
    simulation.release(glm::dvec2(0.5, 1.0));
    simulation.step();
    CHECK(solver->readbacks() == reads);
    CHECK(simulation.backendCurrent()); // no whole upload pending either
    CHECK(pbd::gpu::gpuSolverOf(simulation.backend()) == solver);

    // And it moved the cloth exactly as the colored solver does with the same drag.
    pbd::Settings settings = simulation.settings();
    settings.solver = pbd::Solver::Colored;
    settings.threads = 1;
    pbd::Simulation cpu(settings);
    cpu.step();
    cpu.grab(1180);
    for (int k = 0; k < 20; ++k) {
        cpu.moveGrabbed({4.0 + 0.01 * k, -5.8 + 0.02 * k});
        cpu.step();
    }
    cpu.release(glm::dvec2(0.5, 1.0));
    cpu.step();
    simulation.sync();
    const auto& a = simulation.particles().position;
    const auto& b = cpu.particles().position;
    double worst = 0.0;
    for (std::size_t i = 0; i < a.size(); ++i)
        worst = std::max({worst, std::abs(a[i].x - b[i].x), std::abs(a[i].y - b[i].y)});
    CHECK(worst <= 1e-12);
}

TEST_CASE("a cloth beyond the storage block limit (test hook) is refused, naming size and limit")
{
    const ScopedVariable hook("PBD_GPU_MAX_STORAGE_BLOCK_BYTES", "12000");
    CHECK(GpuSolver::maxStorageBlockBytes() == 12000);
    std::string why;
    // 40 x 30 positions: 9600 bytes in float (fits), 19200 in double (does not).
    CHECK(GpuSolver::create(40, 30, GpuPrecision::Float, why) != nullptr);
    CHECK(GpuSolver::create(40, 30, GpuPrecision::Double, why) == nullptr);
    CHECK(why.find("40 x 30") != std::string::npos);
    CHECK(why.find("19200") != std::string::npos);
    CHECK(why.find("12000") != std::string::npos);
    CHECK(why.find("GL_MAX_SHADER_STORAGE_BLOCK_SIZE") != std::string::npos);
    // Through a Simulation the step says so and changes nothing.
    pbd::Simulation simulation = gpuSimulation(GpuPrecision::Double);
    CHECK_THROWS_WITH(simulation.step(), Catch::Matchers::Contains("GL_MAX_SHADER_STORAGE_BLOCK_SIZE"));
    CHECK(simulation.stepCount() == 0);
    CHECK(GpuSolver::glError() == 0);
}

TEST_CASE("the reset watch reports a lost context after the test hook's number of checks")
{
    const auto load = [](const char* name) {
        return reinterpret_cast<void*>(eglGetProcAddress(name));
    };
    {
        pbd::gpu::ResetWatch watch(load); // no hook: a context that is not reset
        for (int k = 0; k < 5; ++k)
            CHECK_FALSE(watch.check());
        CHECK_FALSE(watch.describe().empty());
    }
    const ScopedVariable hook(pbd::gpu::kFakeResetVariable, "3");
    pbd::gpu::ResetWatch watch(load);
    CHECK_FALSE(watch.check());
    CHECK_FALSE(watch.check());
    CHECK_FALSE(watch.check());
    const auto lost = watch.check();
    REQUIRE(lost);
    CHECK(lost->find("context was lost") != std::string::npos);
    CHECK(lost->find(pbd::gpu::kFakeResetVariable) != std::string::npos);
}

TEST_CASE("a GPU step leaves the CPU copy as it was and reads nothing back, sync() reads the "
          "GPU's state into it")
{
    pbd::Simulation simulation = gpuSimulation(GpuPrecision::Double);
    const std::vector<glm::dvec2> start = simulation.particles().position;
    for (int k = 0; k < 10; ++k)
        simulation.step();
    auto* solver = pbd::gpu::gpuSolverOf(simulation.backend());
    REQUIRE(solver != nullptr);
    const std::size_t reads = solver->readbacks();
    // The getters show the CPU's copy (the start), and reading them reads nothing.
    CHECK(simulation.particles().position == start);
    CHECK(simulation.state().position == start);
    CHECK(simulation.liveConstraintCount() == simulation.constraints().size());
    CHECK(solver->readbacks() == reads);

    simulation.sync();
    CHECK(solver->readbacks() == reads + 1);
    CHECK(simulation.particles().position != start);
    std::vector<glm::dvec2> x, x0, v;
    solver->download(x, x0, v); // the GPU's state, read directly
    CHECK(simulation.particles().position == x);
    CHECK(simulation.particles().stepStart == x0);
    CHECK(simulation.particles().velocity == v);
    const std::size_t after = solver->readbacks();
    simulation.sync(); // no step since: nothing to read
    CHECK(solver->readbacks() == after);
    CHECK(GpuSolver::glError() == 0);
}
