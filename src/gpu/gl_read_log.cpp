#include "gl_read_log.h"

#include <cstdio>
#include <map>
#include <mutex>
#include <string>
#include <utility>

#include <glad/gl.h>

#include "test_hook.h"

namespace pbd::gpu {
namespace {

constexpr const char* kVariable = "PBD_GL_READ_LOG";

/// The counts, written to the hook's file when the program ends (static destruction).
class ReadLog {
public:
    void count(const char* function, long long bytes)
    {
        const std::lock_guard lock(mutex_);
        ++calls_[{function, bytes}];
        ++total_.calls;
        total_.bytes += bytes > 0 ? bytes : 0;
    }
    GlReadCount total()
    {
        const std::lock_guard lock(mutex_);
        return total_;
    }
    void open(const char* path)
    {
        const std::lock_guard lock(mutex_);
        path_ = path;
    }
    ~ReadLog()
    {
        if (path_.empty())
            return;
        std::FILE* file = std::fopen(path_.c_str(), "w");
        if (file == nullptr) {
            std::fprintf(stderr, "%s: cannot write '%s'\n", kVariable, path_.c_str());
            return;
        }
        for (const auto& [key, calls] : calls_)
            std::fprintf(file, "%s %lld %lld\n", key.first.c_str(), key.second, calls);
        std::fclose(file);
    }

private:
    std::mutex mutex_;
    std::string path_;
    std::map<std::pair<std::string, long long>, long long> calls_;
    GlReadCount total_;
};

ReadLog& readLog()
{
    static ReadLog log;
    return log;
}

// The loader's own pointers, which the wrappers call.
PFNGLGETBUFFERSUBDATAPROC realGetBufferSubData = nullptr;
PFNGLMAPBUFFERPROC realMapBuffer = nullptr;
PFNGLMAPBUFFERRANGEPROC realMapBufferRange = nullptr;
PFNGLREADPIXELSPROC realReadPixels = nullptr;
PFNGLGETTEXIMAGEPROC realGetTexImage = nullptr;

void GLAD_API_PTR getBufferSubData(GLenum target, GLintptr offset, GLsizeiptr size, void* data)
{
    readLog().count("glGetBufferSubData", static_cast<long long>(size));
    realGetBufferSubData(target, offset, size, data);
}

void* GLAD_API_PTR mapBuffer(GLenum target, GLenum access)
{
    readLog().count("glMapBuffer", -1);
    return realMapBuffer(target, access);
}

void* GLAD_API_PTR mapBufferRange(GLenum target, GLintptr offset, GLsizeiptr length,
                                  GLbitfield access)
{
    if ((access & GL_MAP_READ_BIT) != 0)
        readLog().count("glMapBufferRange", static_cast<long long>(length));
    return realMapBufferRange(target, offset, length, access);
}

void GLAD_API_PTR readPixels(GLint x, GLint y, GLsizei width, GLsizei height, GLenum format,
                             GLenum type, void* pixels)
{
    readLog().count("glReadPixels", -1);
    realReadPixels(x, y, width, height, format, type, pixels);
}

void GLAD_API_PTR getTexImage(GLenum target, GLint level, GLenum format, GLenum type,
                              void* pixels)
{
    readLog().count("glGetTexImage", -1);
    realGetTexImage(target, level, format, type, pixels);
}

/// Replaces `pointer` by `wrapper`, keeping the loaded function in `real` (a pointer that
/// already is the wrapper, from an earlier call with no load between, stays as it is).
template <typename Function>
void wrap(Function& pointer, Function& real, Function wrapper)
{
    if (pointer == nullptr || pointer == wrapper)
        return;
    real = pointer;
    pointer = wrapper;
}

} // namespace

void installGlReadLog()
{
    const char* path = testHook(kVariable);
    if (path == nullptr || *path == '\0')
        return;
    readLog().open(path);
    countGlReads();
}

void countGlReads()
{
    wrap(glad_glGetBufferSubData, realGetBufferSubData, &getBufferSubData);
    wrap(glad_glMapBuffer, realMapBuffer, &mapBuffer);
    wrap(glad_glMapBufferRange, realMapBufferRange, &mapBufferRange);
    wrap(glad_glReadPixels, realReadPixels, &readPixels);
    wrap(glad_glGetTexImage, realGetTexImage, &getTexImage);
}

GlReadCount glReadCount()
{
    return readLog().total();
}

} // namespace pbd::gpu
