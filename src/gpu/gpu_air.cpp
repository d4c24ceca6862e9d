#include "gpu_air.h"

#include <stdexcept>
#include <vector>

#include <glad/gl.h>

#include "pbd/device/air_law.h"
#include "pbd/device/air_triangles.h"
#include "pbd/topology.h"
#include "gpu_kernels.h"

namespace pbd::gpu {
namespace {

constexpr const char* kFile = "air.comp.glsl";
constexpr GLuint kWindBinding = 14;
// The 3D air's buffers (air.comp.glsl, stages 2 and 3), after the wind and acceleration.
constexpr GLuint kTriangleBindings[5] = {23, 24, 25, 26, 27};

void setReal(GLint location, bool doublePrecision, double value)
{
    if (doublePrecision)
        glUniform1d(location, value);
    else
        glUniform1f(location, static_cast<float>(value));
}

} // namespace

std::unique_ptr<GpuAir> GpuAir::create(int width, int height, bool doublePrecision,
                                       long long maxBlockBytes, std::string& why, int dimensions)
{
    std::unique_ptr<GpuAir> air(new GpuAir());
    air->width_ = width;
    air->height_ = height;
    air->dimensions_ = dimensions;
    air->count_ = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    air->double_ = doublePrecision;
    const std::size_t bytes = static_cast<std::size_t>(dimensions) *
                              (doublePrecision ? sizeof(double) : sizeof(float)) * air->count_;
    if (maxBlockBytes > 0 && bytes > static_cast<std::size_t>(maxBlockBytes)) {
        why = "the air of " + std::to_string(air->count_) + " particles needs " +
              std::to_string(bytes) + " bytes in one shader storage block, the GPU allows " +
              std::to_string(maxBlockBytes);
        return nullptr;
    }
    const bool space = dimensions == 3;
    air->gust_ = buildKernel(doublePrecision, 0, false, why, kFile, dimensions);
    air->gather_ =
        air->gust_ != 0 ? buildKernel(doublePrecision, space ? 3 : 1, false, why, kFile, dimensions)
                        : 0;
    air->force_ = space && air->gather_ != 0
                      ? buildKernel(doublePrecision, 2, false, why, kFile, dimensions)
                      : 0;
    if (air->gather_ == 0 || (space && air->force_ == 0))
        return nullptr;
    glGenBuffers(2, air->buffers_.data());
    for (std::size_t k = 0; k < 2; ++k) {
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, air->buffers_[k]);
        glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(bytes), nullptr,
                     GL_DYNAMIC_DRAW);
        air->bytes_ += bytes;
    }
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    if (space)
        air->makeTriangles(why, maxBlockBytes);
    if (!why.empty())
        return nullptr;
    if (glGetError() == GL_OUT_OF_MEMORY) {
        why = "the air of " + std::to_string(air->count_) +
              " particles does not fit this GPU's memory";
        return nullptr;
    }
    return air;
}

void GpuAir::makeTriangles(std::string& why, long long maxBlockBytes)
{
    // The surface triangles and their edges as the topology gives them, and each
    // particle's gather (the device contract's, as the CPU's AirTriangles).
    const ClothTopology topology = clothTopology(width_, height_, ClothRestLengths{});
    triangles_ = 2 * topology.cellCount();
    const std::vector<std::array<std::uint32_t, 3>> edges = surfaceTriangleEdges(topology);
    std::vector<GLuint> corners(6 * triangles_);
    for (std::size_t t = 0; t < triangles_; ++t) {
        const Triangle tri = topology.surfaceTriangle(t);
        const GLuint values[6] = {tri.a, tri.b, tri.c, edges[t][0], edges[t][1], edges[t][2]};
        std::copy(values, values + 6, corners.begin() + static_cast<std::ptrdiff_t>(6 * t));
    }
    const detail::AirTriangleGather gather = detail::airTriangleGather(topology, count_);
    const std::size_t real = double_ ? sizeof(double) : sizeof(float);
    std::vector<float> shares(gather.shares.begin(), gather.shares.end());
    const std::size_t sizes[5] = {corners.size() * 4, 3 * triangles_ * real,
                                  gather.start.size() * 4, gather.entries.size() * 4,
                                  gather.shares.size() * real};
    const void* data[5] = {corners.data(), nullptr, gather.start.data(), gather.entries.data(),
                           double_ ? static_cast<const void*>(gather.shares.data())
                                   : static_cast<const void*>(shares.data())};
    glGenBuffers(5, buffers_.data() + 2);
    for (std::size_t k = 0; k < 5; ++k) {
        if (maxBlockBytes > 0 && sizes[k] > static_cast<std::size_t>(maxBlockBytes)) {
            why = "the air's triangles of a " + std::to_string(width_) + " x " +
                  std::to_string(height_) + " cloth need " + std::to_string(sizes[k]) +
                  " bytes in one shader storage block, the GPU allows " +
                  std::to_string(maxBlockBytes);
            return;
        }
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffers_[2 + k]);
        glBufferData(GL_SHADER_STORAGE_BUFFER,
                     static_cast<GLsizeiptr>(std::max<std::size_t>(sizes[k], 16)), data[k],
                     GL_DYNAMIC_DRAW);
        bytes_ += sizes[k];
    }
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
}

std::unique_ptr<GpuAir> GpuAir::make(int width, int height, bool doublePrecision,
                                     long long maxBlockBytes, std::size_t& bytes, int dimensions)
{
    std::string why;
    std::unique_ptr<GpuAir> air =
        create(width, height, doublePrecision, maxBlockBytes, why, dimensions);
    if (air == nullptr)
        throw std::runtime_error(why);
    bytes += air->bufferBytes();
    return air;
}

GpuAir::~GpuAir()
{
    for (GLuint program : {gust_, gather_, force_})
        if (program != 0)
            glDeleteProgram(program);
    for (GLuint buffer : buffers_)
        if (buffer != 0)
            glDeleteBuffers(1, &buffer);
}

void GpuAir::blow(const GpuAirStep& step)
{
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kWindBinding, buffers_[0]);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kAirAccelBinding, buffers_[1]);
    const auto count = static_cast<GLuint>(count_);
    const bool gusty = step.gusts > 0.0;
    auto setWind = [this, &step]() {
        if (dimensions_ == 3) {
            if (double_)
                glUniform3d(1, step.wind.x, step.wind.y, step.wind.z);
            else
                glUniform3f(1, static_cast<float>(step.wind.x), static_cast<float>(step.wind.y),
                            static_cast<float>(step.wind.z));
        } else if (double_) {
            glUniform2d(1, step.wind.x, step.wind.y);
        } else {
            glUniform2f(1, static_cast<float>(step.wind.x), static_cast<float>(step.wind.y));
        }
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
        if (dimensions_ == 3)
            setReal(8, double_, 0.0); // uZero (the 2D kernel has none)
        dispatchKernel(count_);
    }
    if (dimensions_ == 3) { // a force per triangle, then each particle's shares of them
        for (std::size_t k = 0; k < 5; ++k)
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kTriangleBindings[k], buffers_[2 + k]);
        const detail::AirCap cap = detail::airTriangleCap(step.h);
        glUseProgram(force_);
        glUniform1ui(0, static_cast<GLuint>(triangles_));
        setWind();
        setReal(4, double_, step.drag);
        setReal(5, double_, 1e-12); // airTriangleForce's least |N|^2, m^4
        glUniform1ui(6, gusty ? 1u : 0u);
        glUniform1ui(7, step.masked ? 1u : 0u);
        setReal(8, double_, cap.twoH);
        setReal(9, double_, cap.limitSquared);
        dispatchKernel(triangles_);
        glUseProgram(gather_);
        glUniform1ui(0, count);
        dispatchKernel(count_);
        return;
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
