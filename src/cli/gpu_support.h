#pragma once
/// \file
/// pbd-sim's access to the GPU solver: a headless OpenGL 4.3 context through EGL and the
/// backend factory that Simulation::installBackend takes. Built without pbd_gpu
/// (PBD_BUILD_GPU=OFF) it says so instead.

#include <optional>
#include <string>

#include "pbd/solver_backend.h"

namespace pbd::cli {

/// Makes the headless context (once per call) and returns a factory for it, or nothing with
/// `why` saying what is missing (no EGL, no device, the OpenGL version found).
std::optional<SolverBackendFactory> gpuBackendFactory(std::string& why);

} // namespace pbd::cli
