// Not a test: a timing tool (target pbd_gpu_readback_timing, built on request). It times what
// the app paid on the CPU per frame with the GPU solver before the positions stayed on the
// GPU (the whole-state read-back that particles() does after a step, the float conversion and
// the upload of the positions) against what it pays now (GpuSolver::renderPositions: a bind;
// in double a conversion pass that a real GPU runs and llvmpipe runs on the CPU); and what a
// frame's tearing check costs: before, the whole-state read (alive() read the particles too),
// now four bytes (the GPU's count of torn constraints) while nothing tears; and what a frame
// of following the cloth costs: before, the whole-state read and clothBulk on the CPU, now the
// bulk measured on the GPU (GpuClothBox: its kernels, then its 80-byte answer; in the app the
// answer is read a frame later, so that nothing waits). The steps' own GPU work is finished
// before each timing.
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <glad/gl.h>

#include "gpu_backend.h"
#include "gpu_cloth_box.h"
#include "gpu_solver.h"
#include "headless_gl.h"
#include "logic/cloth_bulk.h"
#include "pbd/simulation.h"

namespace {

using Clock = std::chrono::steady_clock;

double millisecondsSince(Clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

} // namespace

int main()
{
    std::string why;
    std::shared_ptr<pbd::gpu::HeadlessGl> gl = pbd::gpu::HeadlessGl::create(why);
    if (!gl) {
        std::printf("no OpenGL 4.3 context: %s\n", why.c_str());
        return 1;
    }
    std::printf("on %s\n", gl->description().c_str());
    constexpr int kFrames = 5;
    for (int side : {300, 1000}) {
        for (auto precision : {pbd::GpuPrecision::Float, pbd::GpuPrecision::Double}) {
            pbd::Settings settings;
            settings.width = side;
            settings.height = side;
            settings.iterations = 1;
            settings.solver = pbd::Solver::Gpu;
            settings.gpuPrecision = precision;
            pbd::Simulation simulation(settings);
            simulation.installBackend(pbd::gpu::headlessBackendFactory(gl));
            const std::size_t count = static_cast<std::size_t>(side) * static_cast<std::size_t>(side);
            const auto bytes = static_cast<GLsizeiptr>(count * sizeof(glm::vec2));
            GLuint buffer = 0;
            glGenBuffers(1, &buffer);
            glBindBuffer(GL_ARRAY_BUFFER, buffer);
            glBufferData(GL_ARRAY_BUFFER, bytes, nullptr, GL_STREAM_DRAW);
            std::vector<glm::vec2> scratch(count);
            double before = 0.0;
            double now = 0.0;
            for (int frame = 0; frame < kFrames; ++frame) {
                simulation.step();
                simulation.finishBackend();
                Clock::time_point start = Clock::now();
                simulation.sync(); // read back
                const auto& positions = simulation.particles().position;
                for (std::size_t i = 0; i < count; ++i)
                    scratch[i] = glm::vec2(positions[i]); // convert
                glBufferSubData(GL_ARRAY_BUFFER, 0, bytes, scratch.data()); // upload
                glFinish();
                before += millisecondsSince(start);

                simulation.step();
                simulation.finishBackend();
                start = Clock::now();
                pbd::gpu::gpuSolverOf(simulation.backend())->renderPositions();
                glFinish();
                now += millisecondsSince(start);
            }
            std::printf("%4d x %-4d %-6s  before (read back, convert, upload) %7.3f ms per frame;"
                        "  now (draw from the solver's buffer) %7.3f ms\n",
                        side, side, pbd::gpuPrecisionName(precision), before / kFrames,
                        now / kFrames);
            glDeleteBuffers(1, &buffer);

            pbd::Settings tearing = settings;
            tearing.tearStrain = 1000.0; // tearing on, nothing stretches that far
            pbd::Simulation torn(tearing);
            torn.installBackend(pbd::gpu::headlessBackendFactory(gl));
            double wholeState = 0.0;
            double check = 0.0;
            for (int frame = 0; frame < kFrames; ++frame) {
                torn.step();
                torn.finishBackend();
                Clock::time_point start = Clock::now();
                torn.sync(); // what the check read before
                wholeState += millisecondsSince(start);
                torn.step();
                torn.finishBackend();
                start = Clock::now();
                torn.syncConstraints(); // the check now
                check += millisecondsSince(start);
            }
            std::printf("%4d x %-4d %-6s  tearing check: before (whole state) %7.3f ms per frame;"
                        "  now (torn count) %7.3f ms\n",
                        side, side, pbd::gpuPrecisionName(precision), wholeState / kFrames,
                        check / kFrames);

            auto box = pbd::gpu::GpuClothBox::create(2, precision == pbd::GpuPrecision::Double,
                                                     why);
            if (!box) {
                std::printf("the GPU's box does not compile: %s\n", why.c_str());
                return 1;
            }
            pbd::gpu::GpuClothBox::Rule rule;
            rule.bulk = true;
            rule.quantile = pbd::app::kBulkQuantile;
            rule.quantileHigh = 1.0 - pbd::app::kBulkQuantile;
            rule.minParticles = pbd::app::kBulkMinParticles;
            rule.maxSamples = pbd::app::kBulkSamples;
            double readAndRule = 0.0;
            double measured = 0.0;
            double edges = 0.0; // keeps the CPU's rule from being optimised away
            for (int frame = 0; frame < kFrames; ++frame) {
                simulation.step();
                simulation.finishBackend();
                Clock::time_point start = Clock::now();
                simulation.sync();
                edges += pbd::app::clothBulk(simulation.particles().position).max.x;
                readAndRule += millisecondsSince(start);
                simulation.step();
                simulation.finishBackend();
                pbd::gpu::GpuSolver* solver = pbd::gpu::gpuSolverOf(simulation.backend());
                start = Clock::now();
                box->request(solver->positionsBuffer(), solver->particleCount(), rule);
                pbd::gpu::GpuClothBox::Answer answer;
                box->poll(answer, true);
                measured += millisecondsSince(start);
                edges += answer.max[0];
            }
            std::printf("%4d x %-4d %-6s  following: before (whole state, clothBulk) %7.3f ms "
                        "per frame;  now (measured on the GPU) %7.3f ms  (%g)\n",
                        side, side, pbd::gpuPrecisionName(precision), readAndRule / kFrames,
                        measured / kFrames, edges > 0.0 ? 1.0 : 0.0);
        }
    }
    return 0;
}
