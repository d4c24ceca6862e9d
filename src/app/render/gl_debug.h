#pragma once
/// \file
/// GL errors reported as they happen, through the KHR_debug callback (core in GL 4.3; an
/// extension Mesa and the big drivers offer on 3.3 contexts too). On in debug builds, or with
/// the environment variable PBD_GL_DEBUG=1 in any build.

namespace pbd::app {

/// Installs the debug-output callback on the current context for its whole life and counts
/// the errors it reports. Errors and other high- or medium-severity messages are printed to
/// stderr as "pbd-cloth: GL <type>: <message>" (the first kMaxPrinted of them); notifications
/// are ignored. Needs a current context with glad loaded; destroy it before the context.
class GlDebug {
public:
    static constexpr int kMaxPrinted = 20; ///< messages printed before going quiet

    /// True in builds without NDEBUG, or when PBD_GL_DEBUG is set to 1.
    static bool wanted();

    /// Installs the callback when the context offers KHR_debug (or GL 4.3) and checks that it
    /// is called, with a marker message; active() tells whether that worked.
    GlDebug();
    ~GlDebug();
    GlDebug(const GlDebug&) = delete;
    GlDebug& operator=(const GlDebug&) = delete;

    /// The callback is installed and was seen to work.
    bool active() const { return active_; }
    /// GL errors reported so far (type GL_DEBUG_TYPE_ERROR).
    long long errors() const { return errors_; }

    /// Called by the GL driver through the C callback; public for that trampoline only.
    void report(unsigned type, unsigned id, unsigned severity, const char* message);

private:
    bool active_ = false;
    bool markerSeen_ = false;
    long long errors_ = 0;
    int printed_ = 0;
};

} // namespace pbd::app
