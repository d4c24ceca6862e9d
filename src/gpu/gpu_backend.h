#pragma once
/// \file
/// The GPU solver as the core's SolverBackend, for Simulation::installBackend.

#include <memory>
#include <string>

#include "headless_gl.h"
#include "pbd/solver_backend.h"

namespace pbd::gpu {

class GpuSelfContact3;
class GpuSolver;

/// The GPU solver inside a backend that one of these factories made, or null for any other
/// backend (or null): the app draws from its buffers and picks on it.
GpuSolver* gpuSolverOf(SolverBackend* backend);
/// Its 3D self-collision phases once a step made them, or null (tests: their status reads).
GpuSelfContact3* gpuSelfContact3Of(SolverBackend* backend);

/// A factory whose backends run on `gl`'s headless context (pbd-sim). Each backend keeps the
/// context alive until its buffers are freed. The factory throws std::runtime_error when the
/// cloth does not fit the GPU's limits or a kernel does not compile, and their steps throw it
/// when the context was lost (EGL_CONTEXT_LOST, a reset notification or the test hook
/// PBD_GPU_FAKE_RESET_AFTER_FRAMES, counted per step).
SolverBackendFactory headlessBackendFactory(std::shared_ptr<HeadlessGl> gl);

/// A factory whose backends run on the OpenGL 4.3 context current on the calling thread
/// whenever they are used (the app's window); `renderer` names it in descriptions.
SolverBackendFactory currentContextBackendFactory(std::string renderer);

} // namespace pbd::gpu
