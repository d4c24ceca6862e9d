#include "gpu_support.h"

#if defined(PBD_HAVE_GPU)
#include "gpu_backend.h"
#include "headless_gl.h"
#endif

namespace pbd::cli {

std::optional<SolverBackendFactory> gpuBackendFactory(std::string& why)
{
#if defined(PBD_HAVE_GPU)
    std::shared_ptr<gpu::HeadlessGl> gl = gpu::HeadlessGl::create(why);
    if (!gl)
        return std::nullopt;
    return gpu::headlessBackendFactory(std::move(gl));
#else
    why = "this pbd-sim was built without the GPU solver (PBD_BUILD_GPU=OFF)";
    return std::nullopt;
#endif
}

} // namespace pbd::cli
