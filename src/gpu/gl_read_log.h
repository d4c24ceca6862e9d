#pragma once
/// \file
/// Test hook PBD_GL_READ_LOG=FILE: counts every call through the GL loader that copies GPU memory
/// to the CPU (glGetBufferSubData, glMapBuffer, glMapBufferRange with the read bit, glReadPixels,
/// glGetTexImage), by entry point and size, and writes the counts to FILE when the program exits:
/// one line "FUNCTION BYTES CALLS" per entry point and size (BYTES -1 where the call does not say
/// its size: glMapBuffer, glReadPixels, glGetTexImage). The counting sits at the loader's function
/// pointers, below every caller, so a test can check what a program says it read back against what
/// GL was asked for (tests/e2e/test_gpu_app.py). Without the hook (and always in the installed
/// programs) nothing is wrapped.

namespace pbd::gpu {

/// Wraps the current context's read entry points when the hook is set. Call after each
/// gladLoadGL (a load replaces the pointers); later calls keep the counts.
void installGlReadLog();

/// Wraps the current context's read entry points as the hook does, whether or not its variable
/// is set (a test counting in its own process; no file is written without the variable).
void countGlReads();

/// The read calls counted so far in this process, and the bytes of those that say their size.
struct GlReadCount {
    long long calls = 0;
    long long bytes = 0;
};
GlReadCount glReadCount();

} // namespace pbd::gpu
