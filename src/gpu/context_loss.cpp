#include "context_loss.h"

#include <cstdlib>

#include <glad/gl.h>

#include "test_hook.h"

namespace pbd::gpu {
namespace {

// GL_KHR_robustness / OpenGL 4.5 values (the loader is generated for 4.3).
constexpr GLenum kGuiltyContextReset = 0x8253;
constexpr GLenum kInnocentContextReset = 0x8254;
constexpr GLenum kUnknownContextReset = 0x8255;
constexpr GLenum kResetNotificationStrategy = 0x8256;
constexpr GLenum kLoseContextOnReset = 0x8252;

} // namespace

ResetWatch::ResetWatch(const Loader& load)
{
    for (const char* name : {"glGetGraphicsResetStatus", "glGetGraphicsResetStatusKHR",
                             "glGetGraphicsResetStatusARB"}) {
        if (void* function = load(name)) {
            status_ = reinterpret_cast<StatusFunction>(function);
            break;
        }
    }
    if (status_ != nullptr) {
        GLint strategy = 0;
        glGetIntegerv(kResetNotificationStrategy, &strategy);
        glGetError(); // a context without robustness may not know the query
        notifies_ = static_cast<GLenum>(strategy) == kLoseContextOnReset;
    }
    if (const char* hook = testHook(kFakeResetVariable)) {
        char* end = nullptr;
        const long long frames = std::strtoll(hook, &end, 10);
        if (end != hook && *end == '\0' && frames >= 0)
            fakeAfter_ = frames;
    }
}

std::string ResetWatch::describe() const
{
    if (notifies_)
        return "reset notification on";
    return status_ == nullptr ? "reset notification off (no robustness query)"
                              : "reset notification off (the context is not robust)";
}

std::optional<std::string> ResetWatch::check()
{
    ++checks_;
    if (fakeAfter_ >= 0 && checks_ > fakeAfter_)
        return "the OpenGL context was lost: the driver reset the GPU (cause unknown; reported "
               "by the test hook " + std::string(kFakeResetVariable) + "=" +
               std::to_string(fakeAfter_) + ")";
    if (!notifies_)
        return std::nullopt;
    switch (status_()) {
    case kGuiltyContextReset:
        return std::string("the OpenGL context was lost: the driver reset the GPU, and says this "
                           "context caused it");
    case kInnocentContextReset:
        return std::string("the OpenGL context was lost: the driver reset the GPU because of "
                           "another program");
    case kUnknownContextReset:
        return std::string("the OpenGL context was lost: the driver reset the GPU (cause unknown)");
    default:
        return std::nullopt;
    }
}

} // namespace pbd::gpu
