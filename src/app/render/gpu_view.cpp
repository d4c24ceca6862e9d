#include "render/gpu_view.h"

#include <cstdio>
#include <vector>

#include <glad/gl.h>
#include <GLFW/glfw3.h>

#include "logic/cloth_bulk.h"

#if defined(PBD_HAVE_GPU)
#include "context_loss.h"
#include "gpu_backend.h"
#include "gpu_cloth_box.h"
#include "gpu_pick.h"
#include "gpu_solver.h"
#endif

namespace pbd::app {

#if defined(PBD_HAVE_GPU)
struct GpuView::Gpu {
    gpu::ResetWatch reset{[](const char* name) {
        return reinterpret_cast<void*>(glfwGetProcAddress(name));
    }};
    bool compute = false;                ///< the context runs compute shaders (4.3)
    std::unique_ptr<gpu::GpuPick> pick;  ///< made on the first hover
    bool pickFailed = false;             ///< its kernels did not compile: CPU picking
    std::unique_ptr<gpu::GpuClothBox> box; ///< for the solver's dimensions and precision
    bool boxFailed = false;              ///< its kernels did not compile: CPU positions
};

namespace {

template <glm::length_t D>
gpu::GpuSolver* solverOf(const SimulationOf<D>& simulation)
{
    if (!simulation.backendCurrent()) // only a device solver is ever current
        return nullptr;
    return gpu::gpuSolverOf(simulation.backend());
}

/// The solver whose buffers the picture draws: the simulation's GPU solver when it holds the
/// state and the window's context runs compute shaders (`compute`), else null.
template <glm::length_t D>
gpu::GpuSolver* drawnSolver(bool compute, const SimulationOf<D>& simulation)
{
    return compute ? solverOf(simulation) : nullptr;
}

} // namespace
#endif

GpuView::GpuView([[maybe_unused]] bool gpuContext)
{
#if defined(PBD_HAVE_GPU)
    gpu_ = std::make_unique<Gpu>();
    gpu_->compute = gpuContext;
#endif
}

GpuView::~GpuView() = default;

std::optional<std::string> GpuView::checkReset()
{
#if defined(PBD_HAVE_GPU)
    return gpu_->reset.check();
#else
    return std::nullopt;
#endif
}

std::string GpuView::resetDescription() const
{
#if defined(PBD_HAVE_GPU)
    return gpu_->reset.describe();
#else
    return "reset notification off (built without pbd_gpu)";
#endif
}

template <glm::length_t D>
bool GpuView::current([[maybe_unused]] const SimulationOf<D>& simulation) const
{
#if defined(PBD_HAVE_GPU)
    return gpu_->compute && solverOf(simulation) != nullptr;
#else
    return false;
#endif
}

bool GpuView::draw([[maybe_unused]] const Simulation& simulation,
                   [[maybe_unused]] Renderer& renderer)
{
#if defined(PBD_HAVE_GPU)
    gpu::GpuSolver* solver = drawnSolver(gpu_->compute, simulation);
    if (solver == nullptr)
        return false;
    renderer.useGpuPositions(solver->renderPositions(), solver->particleCount());
    ++stats_.framesFromGpu;
    return true;
#else
    return false;
#endif
}

template bool GpuView::current<2>(const Simulation&) const;
template bool GpuView::current<3>(const Simulation3&) const;

bool GpuView::draw3([[maybe_unused]] const Simulation3& simulation,
                    [[maybe_unused]] Scene3Pass& scene,
                    [[maybe_unused]] std::span<const std::uint32_t> triangles,
                    [[maybe_unused]] std::uint64_t trianglesVersion)
{
#if defined(PBD_HAVE_GPU)
    gpu::GpuSolver* solver = drawnSolver(gpu_->compute, simulation);
    if (solver == nullptr)
        return false;
    const gpu::GpuSolver::RenderSurface surface = solver->renderSurface3();
    scene.setGpuCloth(surface.positions, surface.normals, triangles, trianglesVersion);
    ++stats_.framesFromGpu;
    return true;
#else
    return false;
#endif
}

std::optional<Index> GpuView::hover([[maybe_unused]] const Simulation& simulation,
                                    [[maybe_unused]] const Camera& camera,
                                    [[maybe_unused]] glm::dvec2 point,
                                    [[maybe_unused]] double radiusPixels)
{
#if defined(PBD_HAVE_GPU)
    gpu::GpuSolver* solver = gpu_->compute ? solverOf(simulation) : nullptr;
    if (solver == nullptr)
        return std::nullopt;
    if (!gpu_->pick && !gpu_->pickFailed) {
        std::string why;
        gpu_->pick = gpu::GpuPick::create(why);
        if (!gpu_->pick) {
            gpu_->pickFailed = true;
            std::fprintf(stderr, "pbd-cloth: the GPU hover search is unavailable: %s\n",
                         why.c_str());
        }
    }
    if (!gpu_->pick)
        return std::nullopt;
    if (gpu_->pick->poll(hovered_))
        ++stats_.picks;
    if (!gpu_->pick->pending())
        gpu_->pick->request(solver->renderPositions(), solver->particleCount(), camera.origin(),
                            camera.zoom(), point, radiusPixels);
    if (hovered_ && *hovered_ >= solver->particleCount())
        hovered_.reset(); // an answer about a cloth since replaced
    return hovered_;
#else
    return std::nullopt;
#endif
}

template <glm::length_t D>
DeviceMeasure<MeasuredCloth> GpuView::measureCloth(
    [[maybe_unused]] const SimulationOf<D>& simulation, [[maybe_unused]] bool following)
{
#if defined(PBD_HAVE_GPU)
    gpu::GpuSolver* solver = gpu_->compute ? solverOf(simulation) : nullptr;
    const bool doublePrecision = solver && solver->precision() == GpuPrecision::Double;
    if (solver && !gpu_->boxFailed &&
        (!gpu_->box || gpu_->box->dimensions() != static_cast<int>(D) ||
         gpu_->box->doublePrecision() != doublePrecision)) {
        std::string why;
        gpu_->box = gpu::GpuClothBox::create(static_cast<int>(D), doublePrecision, why);
        boxAsked_.reset(); // what was in flight went with the old one
        if (!gpu_->box) {
            gpu_->boxFailed = true;
            std::fprintf(stderr,
                         "pbd-cloth: the GPU's measure of the cloth is unavailable (the view "
                         "reads the state back while it follows): %s\n",
                         why.c_str());
        }
    }
    if (solver == nullptr || !gpu_->box) { // the CPU's positions are the state (or must be read)
        boxLatest_.reset();
        boxOf_.reset();
        return {};
    }
    gpu::GpuClothBox::Answer answer;
    if (gpu_->box->poll(answer)) {
        ++stats_.boxes;
        stats_.boxBytes += gpu::GpuClothBox::kAnswerBytes;
        if (boxAsked_) {
            boxOf_ = boxAsked_;
            boxLatest_ = MeasuredCloth{answer.empty,
                                      {answer.min[0], answer.min[1], answer.min[2]},
                                      {answer.max[0], answer.max[1], answer.max[2]},
                                      boxAsked_->time};
        }
    }
    const MeasuredState now{solver->serial(), solver->uploads(), solver->positionsVersion(),
                            simulation.time()};
    // An answer about another solver, or about a state since replaced (undo, load, a change
    // made on the CPU), is dropped: the view waits for one about this state.
    if (boxOf_ && (boxOf_->solver != now.solver || boxOf_->uploads != now.uploads)) {
        boxLatest_.reset();
        boxOf_.reset();
    }
    const bool asked = boxAsked_ && boxAsked_->solver == now.solver &&
                       boxAsked_->uploads == now.uploads &&
                       boxAsked_->positions == now.positions;
    const bool due = following || !boxAsked_ || stats_.frames - boxAskedFrame_ >= kWatchFrames;
    if (!gpu_->box->pending() && !asked && due) {
        gpu::GpuClothBox::Rule rule; // 3D: the box of every finite position (clothBox)
        if constexpr (D == 2) {      // 2D: the bulk (clothBulk)
            rule.bulk = true;
            rule.quantile = kBulkQuantile;
            rule.quantileHigh = 1.0 - kBulkQuantile;
            rule.minParticles = kBulkMinParticles;
            rule.maxSamples = kBulkSamples;
        }
        if (gpu_->box->request(solver->positionsBuffer(), solver->particleCount(), rule)) {
            boxAsked_ = now;
            boxAskedFrame_ = stats_.frames;
        }
    }
    DeviceMeasure<MeasuredCloth> measure;
    measure.measures = true;
    if (boxLatest_)
        measure.latest = MeasuredBox<MeasuredCloth>{*boxLatest_, boxLatest_->time};
    return measure;
#else
    return {};
#endif
}

template DeviceMeasure<MeasuredCloth> GpuView::measureCloth<2>(const Simulation&, bool);
template DeviceMeasure<MeasuredCloth> GpuView::measureCloth<3>(const Simulation3&, bool);

template <glm::length_t D>
void GpuView::endFrame([[maybe_unused]] const SimulationOf<D>& simulation,
                       [[maybe_unused]] bool stepped)
{
#if defined(PBD_HAVE_GPU)
    gpu::GpuSolver* solver = gpu::gpuSolverOf(simulation.backend()); // null: not the GPU's
    if (solver == nullptr)
        return;
    ++stats_.frames;
    stats_.steppedFrames += stepped ? 1 : 0;
    const bool sameSolver = solver == countedSolver_; // a new solver counts from 0
    const std::size_t reads = solver->readbacks();
    const std::size_t before = sameSolver && reads >= countedReadbacks_ ? countedReadbacks_ : 0;
    if (reads > before) {
        stats_.readbacks += reads - before;
        ++stats_.readbackFrames;
    }
    const std::size_t bytes = solver->stateBytesRead();
    stats_.stateBytes += bytes - (sameSolver && bytes >= countedStateBytes_ ? countedStateBytes_ : 0);
    const std::size_t aliveReads = solver->aliveReadbacks();
    if (aliveReads > (sameSolver && aliveReads >= countedAliveReadbacks_ ? countedAliveReadbacks_ : 0))
        ++stats_.aliveFrames;
    countedSolver_ = solver;
    countedReadbacks_ = reads;
    countedAliveReadbacks_ = aliveReads;
    countedStateBytes_ = bytes;
#endif
}

template void GpuView::endFrame<2>(const Simulation&, bool);
template void GpuView::endFrame<3>(const Simulation3&, bool);

std::string GpuView::release(Simulation& simulation, Renderer& renderer)
{
    return freeSolver(simulation, [&renderer] { renderer.releaseGpuPositions(); });
}

std::string GpuView::release(Simulation3& simulation, Scene3Pass& scene)
{
    return freeSolver(simulation, [&scene] { scene.releaseGpuCloth(); });
}

template <glm::length_t D, class LetGo>
std::string GpuView::freeSolver([[maybe_unused]] SimulationOf<D>& simulation,
                                [[maybe_unused]] LetGo letGo)
{
#if defined(PBD_HAVE_GPU)
    gpu_->pick.reset();
    gpu_->box.reset();
    boxAsked_.reset();
    if (gpu::gpuSolverOf(simulation.backend()) == nullptr)
        return "";
    letGo(); // no vertex array keeps a solver buffer alive
    gpu::GpuSolver* solver = gpu::gpuSolverOf(simulation.backend());
    const std::vector<unsigned> buffers = solver->bufferNames();
    const std::size_t bytes = solver->bufferBytes();
    while (glGetError() != GL_NO_ERROR) {
    }
    simulation.installBackend({}); // reads the state back, then frees the solver
    countedSolver_ = nullptr;
    std::size_t left = 0;
    for (unsigned buffer : buffers)
        left += glIsBuffer(buffer) == GL_TRUE ? 1 : 0;
    const GLenum error = glGetError();
    char text[160];
    if (left == 0 && error == GL_NO_ERROR)
        std::snprintf(text, sizeof text, "GPU solver's %zu buffers (%.1f MB) freed, no GL errors",
                      buffers.size(), static_cast<double>(bytes) / 1e6);
    else
        std::snprintf(text, sizeof text,
                      "GPU solver's buffers NOT cleanly freed: %zu of %zu remain, GL error 0x%04x",
                      left, buffers.size(), static_cast<unsigned>(error));
    return text;
#else
    return "";
#endif
}

} // namespace pbd::app
