// Building and dispatching the GPU solver's compute kernels (gpu_kernels.h).

#include "gpu_kernels.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <vector>

#include <glad/gl.h>

#include "gpu_shaders_embedded.h"
#include "gpu_step_block.h"

namespace pbd::gpu {
namespace {

constexpr std::size_t kGroupSize = 256; // local_size_x of every kernel

/// The embedded text of `files`: one file, or several joined by '+' (a kernel file after the
/// functions it uses), in that order.
std::string kernelSource(const std::string& files)
{
    const std::size_t plus = files.find('+');
    if (plus != std::string::npos)
        return kernelSource(files.substr(0, plus)) + kernelSource(files.substr(plus + 1));
    const std::string file = files;
    for (const auto& shader : kEmbeddedShaders)
        if (std::string(shader.name) == file)
            return shader.source;
    throw std::logic_error(file + " is not embedded");
}

/// The step's uniform block `uStep` (gpu_step_block.h), from shaders/step_block.glsl.
std::string stepBlockSource()
{
    return "#define STEP_REAL(name) REAL name;\n"
           "#define STEP_UINT(name) uint name;\n"
           "layout(std140, binding = " +
           std::to_string(kStepBlockBinding) + ") uniform Step {\n" +
           kernelSource("step_block.glsl") + "} uStep;\n";
}

} // namespace

GLuint buildKernel(bool doublePrecision, int stage, bool xpbd, std::string& why,
                   const char* file, int dimensions)
{
    const std::string source = std::string("#version 430 core\n") +
                               "#define REAL_IS_DOUBLE " + (doublePrecision ? "1" : "0") + "\n" +
                               "#define STAGE " + std::to_string(stage) + "\n" +
                               "#define XPBD " + (xpbd ? "1" : "0") + "\n" +
                               "#define DIM " + std::to_string(dimensions) + "\n" +
                               kernelSource("kernel_common.glsl") + stepBlockSource() +
                               kernelSource(file);
    const char* text = source.c_str();
    const GLuint shader = glCreateShader(GL_COMPUTE_SHADER);
    glShaderSource(shader, 1, &text, nullptr);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    auto log = [](GLuint object, bool isShader) -> std::string {
        GLint length = 0;
        if (isShader)
            glGetShaderiv(object, GL_INFO_LOG_LENGTH, &length);
        else
            glGetProgramiv(object, GL_INFO_LOG_LENGTH, &length);
        std::string text(static_cast<std::size_t>(std::max(length, 1)), '\0');
        if (isShader)
            glGetShaderInfoLog(object, length, nullptr, text.data());
        else
            glGetProgramInfoLog(object, length, nullptr, text.data());
        text.resize(std::strlen(text.c_str()));
        return text;
    };
    if (!ok) {
        why = std::string("the GPU solver's kernel (") + file + ", stage " +
              std::to_string(stage) + ") does not compile: " + log(shader, true);
        glDeleteShader(shader);
        return 0;
    }
    const GLuint program = glCreateProgram();
    glAttachShader(program, shader);
    glLinkProgram(program);
    glDeleteShader(shader);
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (!ok) {
        why = std::string("the GPU solver's kernel (") + file + ", stage " +
              std::to_string(stage) + ") does not link: " + log(program, false);
        glDeleteProgram(program);
        return 0;
    }
    return program;
}

void dispatchKernel(std::size_t invocations)
{
    const std::size_t groups = (invocations + kGroupSize - 1) / kGroupSize;
    const std::size_t x = std::max<std::size_t>(std::min<std::size_t>(groups, 65535), 1);
    const std::size_t y = (groups + x - 1) / x;
    glDispatchCompute(static_cast<GLuint>(x), static_cast<GLuint>(y), 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

void setUintUniform(unsigned program, const char* name, std::size_t value)
{
    glProgramUniform1ui(program, glGetUniformLocation(program, name), static_cast<GLuint>(value));
}

void setRealUniform(unsigned program, const char* name, bool doublePrecision, double value)
{
    const GLint location = glGetUniformLocation(program, name);
    if (doublePrecision)
        glProgramUniform1d(program, location, value);
    else
        glProgramUniform1f(program, location, static_cast<float>(value));
}

void* queueAnswerFence()
{
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT); // the answer is read with glGetBufferSubData
    void* fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    glFlush(); // so that the fence can signal without anyone waiting on it
    return fence;
}

bool answerReady(void*& fence, bool wait)
{
    const GLenum state = glClientWaitSync(static_cast<GLsync>(fence),
                                          wait ? GL_SYNC_FLUSH_COMMANDS_BIT : 0,
                                          wait ? GLuint64{10'000'000'000} : GLuint64{0});
    if (state != GL_ALREADY_SIGNALED && state != GL_CONDITION_SATISFIED)
        return false;
    glDeleteSync(static_cast<GLsync>(fence));
    fence = nullptr;
    return true;
}

void writeReals(unsigned buffer, bool doublePrecision, std::size_t first, const double* source,
                std::size_t count)
{
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
    if (doublePrecision) {
        glBufferSubData(GL_SHADER_STORAGE_BUFFER, static_cast<GLintptr>(first * 8),
                        static_cast<GLsizeiptr>(count * 8), source);
    } else {
        const std::vector<float> values(source, source + count);
        glBufferSubData(GL_SHADER_STORAGE_BUFFER, static_cast<GLintptr>(first * 4),
                        static_cast<GLsizeiptr>(count * 4), values.data());
    }
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
}

} // namespace pbd::gpu
