#include "gpu_bending.h"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include <glad/gl.h>

#include "gpu_kernels.h"

namespace pbd::gpu {
namespace {

constexpr int kStage = 9; // shaders/cloth_solver.comp.glsl
enum Binding : GLuint { kParticles = 20, kCompliances = 21, kLambdas = 22 };
constexpr std::size_t kUintsPerEntry = 6; // a, b, c, d, and the two constraints it needs

} // namespace

GpuBending::GpuBending(bool doublePrecision) : double_(doublePrecision)
{
    std::string why;
    kernel_ = buildKernel(doublePrecision, kStage, false, why, "cloth_solver.comp.glsl", 3);
    if (kernel_ == 0)
        throw std::runtime_error(why);
    glGenBuffers(3, buffers_.data());
}

GpuBending::~GpuBending()
{
    glDeleteProgram(kernel_);
    glDeleteBuffers(3, buffers_.data());
}

void GpuBending::prepare(int width, int height, double du, double dv, double rigidity,
                         long long maxBlockBytes)
{
    if (bytes_ > 0 && bending_.matches(width, height, du, dv, rigidity))
        return;
    bending_ = detail::buildBending(width, height, du, dv, rigidity);
    const detail::BendingSetOrder sets = detail::orderBendingSets(bending_);
    const std::size_t entries = sets.order.size();
    const std::size_t real = double_ ? sizeof(double) : sizeof(float);
    const std::size_t largest = std::max(entries * kUintsPerEntry * 4, entries * 3 * real);
    if (maxBlockBytes > 0 && largest > static_cast<std::size_t>(maxBlockBytes))
        throw std::runtime_error("the bending of a " + std::to_string(width) + " x " +
                                 std::to_string(height) + " cloth needs " +
                                 std::to_string(largest) +
                                 " bytes in one shader storage block, the GPU allows " +
                                 std::to_string(maxBlockBytes));
    std::vector<GLuint> particles(entries * kUintsPerEntry, 0u);
    std::vector<double> compliance(entries);
    const std::size_t bends = bending_.bends.size();
    for (std::size_t e = 0; e < entries; ++e) {
        const std::uint32_t k = sets.order[e];
        GLuint* out = particles.data() + e * kUintsPerEntry;
        if (k < bends) {
            const detail::Bend& b = bending_.bends[k];
            out[0] = b.a;
            out[1] = b.b;
            out[2] = b.c;
            out[4] = b.edgeAb;
            out[5] = b.edgeBc;
            compliance[e] = b.compliance;
        } else {
            const detail::Twist& t = bending_.twists[k - bends];
            out[0] = t.a;
            out[1] = t.b;
            out[2] = t.c;
            out[3] = t.d;
            out[4] = t.diagonal;
            out[5] = t.diagonal + 1;
            compliance[e] = t.compliance;
        }
    }
    for (std::size_t s = 0; s < detail::kBendingSets; ++s) {
        first_[s] = s == 0 ? 0 : sets.start[s - 1].back();
        count_[s] = sets.start[s].back() - first_[s];
    }
    auto store = [](GLuint buffer, std::size_t bytes, const void* data) {
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
        glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(std::max<std::size_t>(bytes, 16)),
                     data, GL_DYNAMIC_DRAW);
    };
    glGetError();
    store(buffers_[0], particles.size() * 4, particles.data());
    if (double_) {
        store(buffers_[1], entries * sizeof(double), compliance.data());
    } else {
        const std::vector<float> values(compliance.begin(), compliance.end());
        store(buffers_[1], entries * sizeof(float), values.data());
    }
    store(buffers_[2], entries * 3 * real, nullptr);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    bytes_ = particles.size() * 4 + entries * 4 * real;
    if (glGetError() != GL_NO_ERROR)
        throw std::runtime_error("the bending of a " + std::to_string(width) + " x " +
                                 std::to_string(height) + " cloth does not fit this GPU's memory");
}

void GpuBending::resetMultipliers()
{
    const GLuint zero = 0; // all-zero bits are +0.0 in float and double
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffers_[2]);
    glClearBufferData(GL_SHADER_STORAGE_BUFFER, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, &zero);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

void GpuBending::project(int passes, double h)
{
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kParticles, buffers_[0]);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kCompliances, buffers_[1]);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kLambdas, buffers_[2]);
    glUseProgram(kernel_);
    const double invH2 = 1.0 / (h * h); // the core's projectBending / projectBendingSet
    if (double_)
        glUniform1d(3, invH2);
    else
        glUniform1f(3, static_cast<float>(invH2));
    for (int pass = 0; pass < passes; ++pass)
        for (std::size_t s = 0; s < detail::kBendingSets; ++s) {
            if (count_[s] == 0)
                continue;
            glUniform1ui(0, static_cast<GLuint>(first_[s]));
            glUniform1ui(1, static_cast<GLuint>(count_[s]));
            glUniform1ui(2, s >= 6 ? 1u : 0u);
            dispatchKernel(count_[s]);
        }
}

} // namespace pbd::gpu
