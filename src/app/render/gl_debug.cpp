#include "render/gl_debug.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <glad/gl.h>

namespace pbd::app {
namespace {

constexpr GLuint kMarkerId = 0x7bd; // our own marker message, to check the callback works
constexpr const char* kMarker = "pbd-cloth: debug output check";

void GLAD_API_PTR onDebugMessage(GLenum, GLenum type, GLuint id, GLenum severity, GLsizei,
                                 const GLchar* message, const void* user)
{
    // The driver hands back the pointer given to glDebugMessageCallback: a non-const GlDebug.
    static_cast<GlDebug*>(const_cast<void*>(user))->report(type, id, severity, message);
}

const char* typeName(GLenum type)
{
    switch (type) {
    case GL_DEBUG_TYPE_ERROR: return "error";
    case GL_DEBUG_TYPE_DEPRECATED_BEHAVIOR: return "deprecated behaviour";
    case GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR: return "undefined behaviour";
    case GL_DEBUG_TYPE_PORTABILITY: return "portability";
    case GL_DEBUG_TYPE_PERFORMANCE: return "performance";
    default: return "message";
    }
}

} // namespace

bool GlDebug::wanted()
{
#ifndef NDEBUG
    return true;
#else
    const char* value = std::getenv("PBD_GL_DEBUG");
    return value != nullptr && std::strcmp(value, "1") == 0;
#endif
}

GlDebug::GlDebug()
{
    if (GLAD_GL_KHR_debug == 0 || glDebugMessageCallback == nullptr)
        return;
    glEnable(GL_DEBUG_OUTPUT);
    glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS); // reported inside the call that failed
    glDebugMessageCallback(onDebugMessage, this);
    glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, nullptr, GL_TRUE);
    glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, kMarkerId,
                         GL_DEBUG_SEVERITY_NOTIFICATION, -1, kMarker);
    active_ = markerSeen_;
    if (!active_) {
        glDebugMessageCallback(nullptr, nullptr);
        glDisable(GL_DEBUG_OUTPUT);
    }
}

GlDebug::~GlDebug()
{
    if (active_) {
        glDebugMessageCallback(nullptr, nullptr);
        glDisable(GL_DEBUG_OUTPUT);
    }
}

void GlDebug::report(unsigned type, unsigned id, unsigned severity, const char* message)
{
    if (type == GL_DEBUG_TYPE_MARKER && id == kMarkerId) {
        markerSeen_ = true;
        return;
    }
    if (type == GL_DEBUG_TYPE_ERROR)
        ++errors_;
    if (type != GL_DEBUG_TYPE_ERROR && severity != GL_DEBUG_SEVERITY_HIGH &&
        severity != GL_DEBUG_SEVERITY_MEDIUM)
        return;
    if (printed_ < kMaxPrinted) {
        std::fprintf(stderr, "pbd-cloth: GL %s: %s\n", typeName(type), message);
        if (++printed_ == kMaxPrinted)
            std::fprintf(stderr, "pbd-cloth: further GL messages are counted, not printed\n");
    }
}

} // namespace pbd::app
