#pragma once
/// \file
/// A headless OpenGL 4.3 core context through EGL: no window, no X display.

#include <memory>
#include <optional>
#include <string>

#include "context_loss.h"

namespace pbd::gpu {

/// An OpenGL 4.3 (or later) core-profile context made current on the calling thread, without
/// any surface. Tries, in order, each hardware EGL device (EGL_EXT_platform_device: NVIDIA's
/// driver, Mesa's DRM devices), then Mesa's software device (llvmpipe), then Mesa's
/// surfaceless platform (EGL_MESA_platform_surfaceless). libEGL is opened at run time, so
/// a machine without it gets a message instead of a loader error. The GL functions are loaded
/// into glad's function pointers; one context per process at a time.
class HeadlessGl {
public:
    /// Makes the context. On failure returns null and sets `why` to a message that says what
    /// was missing (no libEGL, no device or display, the highest GL version found).
    static std::unique_ptr<HeadlessGl> create(std::string& why);
    ~HeadlessGl();
    HeadlessGl(const HeadlessGl&) = delete;
    HeadlessGl& operator=(const HeadlessGl&) = delete;

    /// What the context runs on: "GL_RENDERER (GL_VERSION) via <platform>".
    const std::string& description() const { return description_; }
    /// GL_RENDERER alone, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)" or "NVIDIA H200/PCIe/SSE2".
    const std::string& renderer() const { return renderer_; }

    /// Makes this context current on the calling thread again; false with `why` set when it
    /// cannot (EGL_CONTEXT_LOST after a GPU reset says so).
    bool makeCurrent(std::string& why);
    /// Once per step: a message when the driver reset the GPU and lost this context (reset
    /// notification, where the driver offers robustness, or the test hook of ResetWatch).
    std::optional<std::string> checkReset();
    /// "reset notification on", or off and why.
    std::string resetDescription() const;

private:
    HeadlessGl() = default;
    void* display_ = nullptr;
    void* context_ = nullptr;
    std::string description_;
    std::string renderer_;
    std::optional<ResetWatch> reset_;
};

} // namespace pbd::gpu
