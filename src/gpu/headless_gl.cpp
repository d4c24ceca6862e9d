#include "headless_gl.h"

#include <array>
#include <cstdio>
#include <cstring>
#include <vector>

#include <glad/egl.h>
#include <glad/gl.h>

#include "gl_read_log.h"

namespace pbd::gpu {
namespace {

GLADapiproc loadGlFunction(const char* name)
{
    return reinterpret_cast<GLADapiproc>(eglGetProcAddress(name));
}

struct Candidate {
    EGLDisplay display;
    std::string platform;
};

std::string versionText(int major, int minor)
{
    return std::to_string(major) + "." + std::to_string(minor);
}

/// The displays to try: every EGL device, then Mesa's surfaceless platform.
std::vector<Candidate> candidateDisplays()
{
    std::vector<Candidate> candidates;
    if (GLAD_EGL_EXT_platform_device && GLAD_EGL_EXT_device_enumeration &&
        eglQueryDevicesEXT != nullptr && eglGetPlatformDisplayEXT != nullptr) {
        std::array<EGLDeviceEXT, 16> devices{};
        EGLint count = 0;
        if (eglQueryDevicesEXT(static_cast<EGLint>(devices.size()), devices.data(), &count)) {
            // Hardware devices first, Mesa's software device (llvmpipe) after them.
            auto software = [](EGLDeviceEXT device) {
                const char* extensions = eglQueryDeviceStringEXT != nullptr
                                             ? eglQueryDeviceStringEXT(device, EGL_EXTENSIONS)
                                             : nullptr;
                return extensions != nullptr &&
                       std::strstr(extensions, "EGL_MESA_device_software") != nullptr;
            };
            for (const bool wantSoftware : {false, true})
                for (EGLint i = 0; i < count; ++i) {
                    if (software(devices[i]) != wantSoftware)
                        continue;
                    EGLDisplay display =
                        eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT, devices[i], nullptr);
                    if (display != EGL_NO_DISPLAY)
                        candidates.push_back(
                            {display, std::string(wantSoftware ? "software " : "") +
                                          "EGL device " + std::to_string(i)});
                }
        }
    }
    if (GLAD_EGL_MESA_platform_surfaceless && eglGetPlatformDisplayEXT != nullptr) {
        EGLDisplay display = eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA,
                                                      EGL_DEFAULT_DISPLAY, nullptr);
        if (display != EGL_NO_DISPLAY)
            candidates.push_back({display, "Mesa surfaceless platform"});
    }
    return candidates;
}

} // namespace

std::unique_ptr<HeadlessGl> HeadlessGl::create(std::string& why)
{
    if (gladLoaderLoadEGL(EGL_NO_DISPLAY) == 0) {
        why = "no EGL: libEGL.so.1 could not be loaded (install libegl1 and a driver, e.g. "
              "libegl-mesa0)";
        return nullptr;
    }
    const std::vector<Candidate> candidates = candidateDisplays();
    if (candidates.empty()) {
        why = "no EGL device and no surfaceless platform: this EGL offers neither "
              "EGL_EXT_platform_device nor EGL_MESA_platform_surfaceless";
        return nullptr;
    }
    std::string found;
    for (const Candidate& candidate : candidates) {
        EGLDisplay display = candidate.display;
        EGLint eglMajor = 0;
        EGLint eglMinor = 0;
        if (!eglInitialize(display, &eglMajor, &eglMinor)) {
            found += "; " + candidate.platform + ": eglInitialize failed";
            continue;
        }
        gladLoaderLoadEGL(display); // the display's extensions
        auto fail = [&](const std::string& what) {
            found += "; " + candidate.platform + ": " + what;
            eglTerminate(display);
        };
        if (!GLAD_EGL_KHR_surfaceless_context) {
            fail("no EGL_KHR_surfaceless_context");
            continue;
        }
        if (!eglBindAPI(EGL_OPENGL_API)) {
            fail("no desktop OpenGL (eglBindAPI)");
            continue;
        }
        EGLConfig config = EGL_NO_CONFIG_KHR;
        if (!GLAD_EGL_KHR_no_config_context) {
            const EGLint attributes[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_SURFACE_TYPE,
                                         0, EGL_NONE};
            EGLint count = 0;
            if (!eglChooseConfig(display, attributes, &config, 1, &count) || count < 1) {
                fail("no OpenGL config");
                continue;
            }
        }
        // With reset notification where the driver offers it (EGL 1.5's robustness
        // attribute), so that a GPU reset ends pbd-sim with a message; without, elsewhere.
        const EGLint robustAttributes[] = {EGL_CONTEXT_MAJOR_VERSION, 4,
                                           EGL_CONTEXT_MINOR_VERSION, 3,
                                           EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                           EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                           EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY,
                                           EGL_LOSE_CONTEXT_ON_RESET, EGL_NONE};
        const EGLint contextAttributes[] = {EGL_CONTEXT_MAJOR_VERSION, 4,
                                            EGL_CONTEXT_MINOR_VERSION, 3,
                                            EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                            EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
        EGLContext context = EGL_NO_CONTEXT;
        if (eglMajor > 1 || eglMinor >= 5)
            context = eglCreateContext(display, config, EGL_NO_CONTEXT, robustAttributes);
        if (context == EGL_NO_CONTEXT)
            context = eglCreateContext(display, config, EGL_NO_CONTEXT, contextAttributes);
        if (context == EGL_NO_CONTEXT) {
            // Say which version the driver does offer.
            std::string offered = "no OpenGL context at all";
            EGLContext any = eglCreateContext(display, config, EGL_NO_CONTEXT, nullptr);
            if (any != EGL_NO_CONTEXT) {
                if (eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, any)) {
                    const int version = gladLoadGL(loadGlFunction);
                    offered = "OpenGL " + versionText(GLAD_VERSION_MAJOR(version),
                                                      GLAD_VERSION_MINOR(version)) +
                              " only";
                    eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
                }
                eglDestroyContext(display, any);
            }
            fail("no OpenGL 4.3 core context (" + offered + ")");
            continue;
        }
        if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
            eglDestroyContext(display, context);
            fail("eglMakeCurrent failed");
            continue;
        }
        const int version = gladLoadGL(loadGlFunction);
        installGlReadLog(); // test hook PBD_GL_READ_LOG
        if (version < GLAD_MAKE_VERSION(4, 3)) {
            eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
            eglDestroyContext(display, context);
            fail("the context offers OpenGL " +
                 versionText(GLAD_VERSION_MAJOR(version), GLAD_VERSION_MINOR(version)) +
                 ", 4.3 is needed");
            continue;
        }
        std::unique_ptr<HeadlessGl> gl(new HeadlessGl());
        gl->display_ = display;
        gl->context_ = context;
        const auto text = [](GLenum name) {
            const auto* s = reinterpret_cast<const char*>(glGetString(name));
            return std::string(s != nullptr ? s : "?");
        };
        gl->reset_.emplace([](const char* name) {
            return reinterpret_cast<void*>(eglGetProcAddress(name));
        });
        gl->renderer_ = text(GL_RENDERER);
        gl->description_ = gl->renderer_ + " (OpenGL " + text(GL_VERSION) + ") via " +
                           candidate.platform + ", EGL " + versionText(eglMajor, eglMinor);
        return gl;
    }
    why = "no usable OpenGL 4.3 context through EGL" + found;
    return nullptr;
}

HeadlessGl::~HeadlessGl()
{
    auto display = static_cast<EGLDisplay>(display_);
    eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(display, static_cast<EGLContext>(context_));
    eglTerminate(display);
}

bool HeadlessGl::makeCurrent(std::string& why)
{
    if (eglMakeCurrent(static_cast<EGLDisplay>(display_), EGL_NO_SURFACE, EGL_NO_SURFACE,
                       static_cast<EGLContext>(context_)) == EGL_TRUE)
        return true;
    const EGLint error = eglGetError();
    char code[16];
    std::snprintf(code, sizeof code, "0x%04x", static_cast<unsigned>(error));
    why = error == EGL_CONTEXT_LOST
              ? "the OpenGL context was lost (EGL_CONTEXT_LOST from eglMakeCurrent: the driver "
                "reset the GPU)"
              : std::string("the headless OpenGL context cannot be made current (EGL error ") +
                    code + ")";
    return false;
}

std::optional<std::string> HeadlessGl::checkReset()
{
    return reset_ ? reset_->check() : std::nullopt;
}

std::string HeadlessGl::resetDescription() const
{
    return reset_ ? reset_->describe() : std::string("reset notification off");
}

} // namespace pbd::gpu
