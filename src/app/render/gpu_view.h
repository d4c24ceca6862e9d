#pragma once
/// \file
/// The app's side of the GPU solver, on the window's OpenGL context: the renderer draws the
/// solver's own position buffer, the hover is searched on the GPU and read a frame later,
/// resets of the context are noticed once per frame, and the solver's buffers are freed while
/// the context still exists. Built without pbd_gpu, it does nothing and says so.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include <glm/vec2.hpp>

#include "logic/camera.h"
#include "logic/view_follow.h"
#include "pbd/simulation.h"
#include "render/renderer.h"
#include "render/scene3_pass.h"

namespace pbd::app {

/// What the GPU view did over a run, for the exit summary and the tests.
struct GpuViewStats {
    long long frames = 0;          ///< frames drawn with the GPU solver's state current
    long long framesFromGpu = 0;   ///< of them, drawn straight from its buffer
    long long steppedFrames = 0;   ///< of them, frames that took a step (the GPU got ahead)
    long long readbackFrames = 0;  ///< of them, frames that read the whole state back
    std::size_t readbacks = 0;     ///< whole-state reads (positions, velocities)
    std::size_t stateBytes = 0;    ///< bytes those reads took, counted at the GL read itself
    long long aliveFrames = 0;     ///< frames that read the live flags (something tore)
    std::size_t picks = 0;         ///< hover searches answered by the GPU
    std::size_t boxes = 0;         ///< the view's boxes of the cloth measured on the GPU
    std::size_t boxBytes = 0;      ///< bytes their answers took (GpuClothBox::kAnswerBytes each)
};

/// The view's box of the cloth as the GPU measured it (GpuView::measureCloth), by the rule of
/// the dimension: 2D the bulk (clothBulk), 3D the box of every finite position.
struct MeasuredCloth {
    bool empty = true;         ///< no finite position
    glm::dvec3 min{0.0};       ///< metres (z 0 in 2D)
    glm::dvec3 max{0.0};
    double time = 0.0;         ///< the simulated time of the state measured, s
};

/// Needs the window's context current for its whole life (OpenGL 4.3 for any of its work).
class GpuView {
public:
    /// `gpuContext`: the window's context is 4.3 and the GPU solver may run on it.
    explicit GpuView(bool gpuContext);
    ~GpuView();
    GpuView(const GpuView&) = delete;
    GpuView& operator=(const GpuView&) = delete;

    /// Once per frame: a message when the driver reset the GPU and the context is lost (or the
    /// test hook PBD_GPU_FAKE_RESET_AFTER_FRAMES says so); nothing otherwise.
    std::optional<std::string> checkReset();
    /// "reset notification on", or off and why.
    std::string resetDescription() const;

    /// True when the GPU solver holds the simulation's current state (it stepped since the
    /// last change made on the CPU): the picture and the hover can come from its buffers.
    template <glm::length_t D>
    bool current(const SimulationOf<D>& simulation) const;
    /// Points the renderer at the solver's positions (a float copy made on the GPU in double)
    /// when current(); returns false when the CPU's positions must be uploaded instead.
    bool draw(const Simulation& simulation, Renderer& renderer);
    /// The 3D picture's draw(): points the scene's cloth at the solver's float positions and
    /// normals, made on the GPU (GpuSolver::renderSurface3), with `triangles` (the session's
    /// live triangles) when current(); false when the CPU's positions must be given instead.
    bool draw3(const Simulation3& simulation, Scene3Pass& scene,
               std::span<const std::uint32_t> triangles, std::uint64_t trianglesVersion = 0);
    /// The particle under `point` (window pixels) within `radiusPixels`, from the GPU: the
    /// answer of the search queued in an earlier frame (none before the first), and the next
    /// search queued for this point. Only when current().
    std::optional<Index> hover(const Simulation& simulation, const Camera& camera,
                               glm::dvec2 point, double radiusPixels);
    /// Once a frame after the steps, while the view reads the cloth's box: the answer of the
    /// measurement queued in an earlier frame (GpuClothBox: the rule of clothBulk in 2D, the
    /// box of the finite positions in 3D, 80 bytes read once its fence has signalled), and the
    /// next measurement queued when the positions changed since the last: at once while
    /// `following`, else (only the out-of-view watch reads it) kWatchFrames frames after the
    /// last one was queued, at the earliest. `measures` is false
    /// (and nothing is queued) unless current(): the CPU's positions are the state then.
    /// `latest` holds the last answer about the current state (none before the first, nor
    /// after a whole state was uploaded until an answer about it arrives).
    template <glm::length_t D>
    DeviceMeasure<MeasuredCloth> measureCloth(const SimulationOf<D>& simulation, bool following);
    /// Frames between measurements while the view does not follow the cloth.
    static constexpr long long kWatchFrames = 10;
    /// At the end of each frame: counts the frame, whether it `stepped` and whether it read
    /// the state back.
    template <glm::length_t D>
    void endFrame(const SimulationOf<D>& simulation, bool stepped);
    const GpuViewStats& stats() const { return stats_; }

    /// Frees the GPU solver's buffers (the renderer lets go of them first) and checks that
    /// they are gone without GL errors. Returns what happened, for the exit summary, or ""
    /// when there was no GPU solver. Call while the context is current, before it goes.
    std::string release(Simulation& simulation, Renderer& renderer);
    /// The same for the 3D cloth's solver and picture.
    std::string release(Simulation3& simulation, Scene3Pass& scene);
    /// release() the first time only (also from the app's destructor after an exception);
    /// what it found stays in released().
    template <class Cloth, class Picture>
    void releaseOnce(Cloth& simulation, Picture& renderer)
    {
        if (releasedOnce_)
            return;
        releasedOnce_ = true; // not again, even when this one throws
        released_ = release(simulation, renderer);
    }
    /// What releaseOnce() found ("" before it, or without a GPU solver).
    const std::string& released() const { return released_; }

private:
    /// release()'s work: `letGo()` makes the picture let go of the solver's buffers.
    template <glm::length_t D, class LetGo>
    std::string freeSolver(SimulationOf<D>& simulation, LetGo letGo);
    struct Gpu;
    std::unique_ptr<Gpu> gpu_; ///< null without pbd_gpu or a 4.3 context
    GpuViewStats stats_;
    const void* countedSolver_ = nullptr; ///< the solver whose reads were counted last
    std::size_t countedReadbacks_ = 0;
    std::size_t countedAliveReadbacks_ = 0;
    std::size_t countedStateBytes_ = 0;
    std::optional<Index> hovered_; ///< the last answer of the GPU's search
    /// Which state a measurement describes: the solver (GpuSolver::serial), its uploads and
    /// positions version, and the simulated time.
    struct MeasuredState {
        std::uint64_t solver = 0;
        std::uint64_t uploads = 0;
        std::uint64_t positions = 0;
        double time = 0.0;
    };
    std::optional<MeasuredState> boxAsked_;   ///< the measurement queued last
    long long boxAskedFrame_ = 0;             ///< stats_.frames then
    std::optional<MeasuredState> boxOf_;      ///< the state boxLatest_ describes
    std::optional<MeasuredCloth> boxLatest_;  ///< measureCloth()'s latest answer
    bool releasedOnce_ = false;    ///< releaseOnce() ran
    std::string released_;         ///< what it found
};

} // namespace pbd::app
