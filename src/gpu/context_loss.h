#pragma once
/// \file
/// Noticing that the driver reset the GPU and lost the OpenGL context (GL_KHR_robustness,
/// GL_ARB_robustness, core in 4.5), for the app's window and pbd-sim's headless context.

#include <functional>
#include <optional>
#include <string>

namespace pbd::gpu {

/// The test hook's environment variable: PBD_GPU_FAKE_RESET_AFTER_FRAMES=N makes the N+1-th
/// check (the app checks once per frame, pbd-sim once per step) report a reset, through the
/// same path as a real one. A real reset cannot be caused on purpose; this is for tests only.
inline constexpr const char* kFakeResetVariable = "PBD_GPU_FAKE_RESET_AFTER_FRAMES";

/// Asks the current context whether it was reset, once per check().
class ResetWatch {
public:
    /// Looks a GL function up by name in the current context (glfwGetProcAddress,
    /// eglGetProcAddress), or null.
    using Loader = std::function<void*(const char*)>;
    /// Loads glGetGraphicsResetStatus (or its KHR / ARB form) from the current context and
    /// reads the test hook.
    explicit ResetWatch(const Loader& load);

    /// Whether a reset would be noticed: the query exists and the context was made with the
    /// reset notification strategy GL_LOSE_CONTEXT_ON_RESET (robustness).
    bool notifies() const { return notifies_; }
    /// A short text for summaries: "reset notification on" or "... off (why)".
    std::string describe() const;

    /// Checks once: a message saying that the context was lost and what the driver said
    /// (this context caused the reset, another one did, unknown), or nothing.
    std::optional<std::string> check();

private:
    using StatusFunction = unsigned (*)();
    StatusFunction status_ = nullptr;
    bool notifies_ = false;
    long long checks_ = 0;
    long long fakeAfter_ = -1; ///< the hook's N, or -1
};

} // namespace pbd::gpu
