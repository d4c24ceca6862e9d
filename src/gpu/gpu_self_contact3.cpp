// The GPU solver's self-collision phases in 3D (gpu_self_contact3.h): the core's own phases on
// the host, on the positions read back.

#include "gpu_self_contact3.h"

#include <algorithm>

#include "gpu_solver.h"

namespace pbd::gpu {

void GpuSelfContact3::prepare(const GpuSolver& solver, const Settings& settings,
                              std::span<const Obstacle3> obstacles)
{
    if (host_ == nullptr || settings.threads != threads_) {
        host_ = detail::makeHostSelfContact3(settings.threads);
        threads_ = settings.threads;
    }
    const ClothRestLengths rest = clothRestLengths(settings);
    if (topology_.width != solver.width() || topology_.height != solver.height() ||
        rest.horizontal != rest_.horizontal || rest.vertical != rest_.vertical ||
        rest.diagonal != rest_.diagonal) {
        topology_ = clothTopology(solver.width(), solver.height(), rest);
        rest_ = rest;
    }
    settings_ = settings;
    obstacles_ = obstacles;
    if (!massVersion_ || *massVersion_ != solver.inverseMassVersion()) {
        solver.downloadInverseMasses(inverseMass_); // pinned, grabbed or released since
        massVersion_ = solver.inverseMassVersion();
    }
}

void GpuSelfContact3::resolve(GpuSolver& solver, int substep)
{
    solver.downloadPositions(positions_);
    solver.downloadStepStart(stepStart_);
    // The live flags as the CPU solvers pass them: null while every constraint is live.
    const std::uint8_t* alive = nullptr;
    if (solver.mayHaveRemoved()) {
        solver.downloadAlive(alive_);
        if (std::find(alive_.begin(), alive_.end(), std::uint8_t{0}) != alive_.end())
            alive = alive_.data();
    }
    host_->resolve(positions_.data(), stepStart_.data(), inverseMass_.data(), positions_.size(),
                   topology_, alive, settings_, obstacles_, substep);
    solver.writePositions(0, positions_.data(), positions_.size());
}

void GpuSelfContact3::bound(GpuSolver& solver)
{
    solver.downloadPositions(positions_);
    host_->bound(positions_.data(), inverseMass_.data(), positions_.size());
    solver.writePositions(0, positions_.data(), positions_.size());
}

} // namespace pbd::gpu
