#include "gpu_pick.h"

#include <array>

#include <glad/gl.h>

#include "gpu_kernels.h"

namespace pbd::gpu {
namespace {

constexpr GLuint kRenderPositions = 6; // the kernels' bindings
constexpr GLuint kPick = 7;
constexpr std::array<GLuint, 2> kNothing{0xFFFFFFFFu, 0xFFFFFFFFu};

} // namespace

std::unique_ptr<GpuPick> GpuPick::create(std::string& why)
{
    std::unique_ptr<GpuPick> pick(new GpuPick());
    pick->nearest_ = buildKernel(false, 6, false, why);
    pick->lowest_ = pick->nearest_ != 0 ? buildKernel(false, 7, false, why) : 0;
    if (pick->lowest_ == 0)
        return nullptr;
    glGenBuffers(1, &pick->result_);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, pick->result_);
    glBufferData(GL_SHADER_STORAGE_BUFFER, sizeof kNothing, kNothing.data(), GL_DYNAMIC_READ);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    return pick;
}

GpuPick::~GpuPick()
{
    if (fence_ != nullptr)
        glDeleteSync(static_cast<GLsync>(fence_));
    for (GLuint program : {nearest_, lowest_})
        if (program != 0)
            glDeleteProgram(program);
    if (result_ != 0)
        glDeleteBuffers(1, &result_);
}

bool GpuPick::request(unsigned positions, std::size_t count, glm::dvec2 origin, double zoom,
                      glm::dvec2 point, double radiusPixels)
{
    if (fence_ != nullptr)
        return false;
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, result_);
    glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof kNothing, kNothing.data());
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kRenderPositions, positions);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kPick, result_);
    for (GLuint program : {nearest_, lowest_}) {
        glUseProgram(program);
        glUniform1ui(0, static_cast<GLuint>(count));
        glUniform2f(1, static_cast<float>(origin.x), static_cast<float>(origin.y));
        glUniform1f(2, static_cast<float>(zoom));
        glUniform2f(3, static_cast<float>(point.x), static_cast<float>(point.y));
        glUniform1f(4, static_cast<float>(radiusPixels));
        dispatchKernel(count);
    }
    glUseProgram(0);
    fence_ = queueAnswerFence();
    return true;
}

bool GpuPick::poll(std::optional<Index>& particle, bool wait)
{
    if (fence_ == nullptr || !answerReady(fence_, wait))
        return false; // none in flight, or not done yet
    std::array<GLuint, 2> answer = kNothing;
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, result_);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof answer, answer.data());
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    ++answers_;
    particle.reset();
    if (answer[1] != kNothing[1])
        particle = static_cast<Index>(answer[1]);
    return true;
}

} // namespace pbd::gpu
