#include "gpu_chebyshev.h"

#include <algorithm>

#include <glad/gl.h>

#include "pbd/device/chebyshev.h"
#include "gpu_kernels.h"

namespace pbd::gpu {
namespace {

constexpr const char* kFile = "chebyshev.comp.glsl";
constexpr GLuint kBindingBase = 10; // previous, current, group largest, guard: 10 to 13
constexpr std::size_t kGroupSize = 256;

} // namespace

std::unique_ptr<GpuChebyshev> GpuChebyshev::create(std::size_t count, bool doublePrecision,
                                                   long long maxBlockBytes, std::string& why,
                                                   int dimensions)
{
    std::unique_ptr<GpuChebyshev> c(new GpuChebyshev());
    c->count_ = count;
    c->double_ = doublePrecision;
    // As dispatchKernel() lays the groups out: at most 65535 along x, rows of them along y.
    const std::size_t groups = std::max<std::size_t>((count + kGroupSize - 1) / kGroupSize, 1);
    const std::size_t across = std::min<std::size_t>(groups, 65535);
    c->groups_ = across * ((groups + across - 1) / across);
    const std::size_t real = doublePrecision ? sizeof(double) : sizeof(float);
    const std::size_t vector = static_cast<std::size_t>(dimensions) * real;
    const std::size_t sizes[4] = {vector * count, vector * count, real * c->groups_, 16};
    if (maxBlockBytes > 0 && sizes[0] > static_cast<std::size_t>(maxBlockBytes)) {
        why = "the Chebyshev iterates of " + std::to_string(count) + " particles need " +
              std::to_string(sizes[0]) + " bytes in one shader storage block, the GPU allows " +
              std::to_string(maxBlockBytes);
        return nullptr;
    }
    c->measure_ = buildKernel(doublePrecision, 0, false, why, kFile, dimensions);
    c->decide_ =
        c->measure_ != 0 ? buildKernel(doublePrecision, 1, false, why, kFile, dimensions) : 0;
    c->weigh_ =
        c->decide_ != 0 ? buildKernel(doublePrecision, 2, false, why, kFile, dimensions) : 0;
    if (c->weigh_ == 0)
        return nullptr;
    glGenBuffers(4, c->buffers_);
    for (std::size_t k = 0; k < 4; ++k) {
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, c->buffers_[k]);
        glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(sizes[k]), nullptr,
                     GL_DYNAMIC_DRAW);
        c->bytes_ += sizes[k];
    }
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    if (glGetError() == GL_OUT_OF_MEMORY) {
        why = "the Chebyshev iterates of " + std::to_string(count) +
              " particles do not fit this GPU's memory";
        return nullptr;
    }
    return c;
}

GpuChebyshev::~GpuChebyshev()
{
    for (GLuint program : {measure_, decide_, weigh_})
        if (program != 0)
            glDeleteProgram(program);
    if (buffers_[0] != 0)
        glDeleteBuffers(4, buffers_);
}

void GpuChebyshev::startSubstep(double rho, int iterations)
{
    rho_ = rho;
    iterations_ = iterations;
    omega_ = 1.0;
}

void GpuChebyshev::afterSweep(int iteration)
{
    // The host follows ChebyshevSchedule as if the guard never fired; once it fires, the
    // kernels leave every later sweep of the substep alone.
    const detail::ChebyshevSchedule schedule(rho_, iterations_);
    const bool weighs = schedule.weighs(iteration);
    const bool keeps = schedule.keeps(iteration);
    if (!weighs && !keeps)
        return;
    for (GLuint k = 0; k < 4; ++k)
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kBindingBase + k, buffers_[k]);
    const auto count = static_cast<GLuint>(count_);
    if (weighs) {
        const bool first = iteration == detail::kChebyshevPlainSweeps;
        glUseProgram(measure_);
        glUniform1ui(0, count);
        dispatchKernel(count_);
        glUseProgram(decide_);
        glUniform1ui(0, static_cast<GLuint>(groups_));
        glUniform1ui(1, first ? 1u : 0u);
        dispatchKernel(1);
        omega_ = detail::chebyshevOmega(first, rho_, omega_);
    }
    glUseProgram(weigh_);
    glUniform1ui(0, count);
    if (double_)
        glUniform1d(1, weighs ? omega_ : 1.0);
    else
        glUniform1f(1, static_cast<float>(weighs ? omega_ : 1.0));
    glUniform1ui(2, weighs ? 1u : 0u);
    glUniform1ui(3, keeps ? 1u : 0u);
    dispatchKernel(count_);
}

} // namespace pbd::gpu
