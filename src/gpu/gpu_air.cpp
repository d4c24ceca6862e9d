#include "gpu_air.h"

#include <stdexcept>

#include <glad/gl.h>

#include "pbd/device/air_law.h"
#include "gpu_kernels.h"

namespace pbd::gpu {
namespace {

constexpr const char* kFile = "air.comp.glsl";
constexpr GLuint kWindBinding = 14;

void setReal(GLint location, bool doublePrecision, double value)
{
    if (doublePrecision)
        glUniform1d(location, value);
    else
        glUniform1f(location, static_cast<float>(value));
}

} // namespace

std::unique_ptr<GpuAir> GpuAir::create(int width, int height, bool doublePrecision,
                                       long long maxBlockBytes, std::string& why)
{
    std::unique_ptr<GpuAir> air(new GpuAir());
    air->width_ = width;
    air->height_ = height;
    air->count_ = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    air->double_ = doublePrecision;
    const std::size_t bytes =
        2 * (doublePrecision ? sizeof(double) : sizeof(float)) * air->count_;
    if (maxBlockBytes > 0 && bytes > static_cast<std::size_t>(maxBlockBytes)) {
        why = "the air of " + std::to_string(air->count_) + " particles needs " +
              std::to_string(bytes) + " bytes in one shader storage block, the GPU allows " +
              std::to_string(maxBlockBytes);
        return nullptr;
    }
    air->gust_ = buildKernel(doublePrecision, 0, false, why, kFile);
    air->gather_ = air->gust_ != 0 ? buildKernel(doublePrecision, 1, false, why, kFile) : 0;
    if (air->gather_ == 0)
        return nullptr;
    glGenBuffers(2, air->buffers_);
    for (GLuint buffer : air->buffers_) {
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
        glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(bytes), nullptr,
                     GL_DYNAMIC_DRAW);
        air->bytes_ += bytes;
    }
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    if (glGetError() == GL_OUT_OF_MEMORY) {
        why = "the air of " + std::to_string(air->count_) +
              " particles does not fit this GPU's memory";
        return nullptr;
    }
    return air;
}

std::unique_ptr<GpuAir> GpuAir::make(int width, int height, bool doublePrecision,
                                     long long maxBlockBytes, std::size_t& bytes)
{
    std::string why;
    std::unique_ptr<GpuAir> air = create(width, height, doublePrecision, maxBlockBytes, why);
    if (air == nullptr)
        throw std::runtime_error(why);
    bytes += air->bufferBytes();
    return air;
}

GpuAir::~GpuAir()
{
    for (GLuint program : {gust_, gather_})
        if (program != 0)
            glDeleteProgram(program);
    if (buffers_[0] != 0)
        glDeleteBuffers(2, buffers_);
}

void GpuAir::blow(const GpuAirStep& step)
{
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kWindBinding, buffers_[0]);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kAirAccelBinding, buffers_[1]);
    const auto count = static_cast<GLuint>(count_);
    const bool gusty = step.gusts > 0.0;
    auto setWind = [this, &step]() {
        if (double_)
            glUniform2d(1, step.wind.x, step.wind.y);
        else
            glUniform2f(1, static_cast<float>(step.wind.x), static_cast<float>(step.wind.y));
    };
    if (gusty) { // as detail::gustWind(), with its constants rounded once from double
        glUseProgram(gust_);
        glUniform1ui(0, count);
        setWind();
        setReal(2, double_, step.time);
        setReal(3, double_, 1.0 / detail::kGustLength);
        setReal(4, double_, 1.0 / detail::kGustPeriod);
        setReal(5, double_, step.gusts * 0.8);
        setReal(6, double_, step.gusts * 0.6);
        setReal(7, double_, 1.0 / 32767.5);
        dispatchKernel(count_);
    }
    glUseProgram(gather_);
    glUniform1ui(0, count);
    setWind();
    glUniform1ui(2, static_cast<GLuint>(width_));
    glUniform1ui(3, static_cast<GLuint>(height_));
    setReal(4, double_, step.drag);
    setReal(5, double_, 1e-6);
    glUniform1ui(6, gusty ? 1u : 0u);
    glUniform1ui(7, step.masked ? 1u : 0u);
    const detail::AirCap cap = detail::airCap(step.h);
    setReal(8, double_, cap.twoH);
    setReal(9, double_, cap.limitSquared);
    dispatchKernel(count_);
}

} // namespace pbd::gpu
