#pragma once
/// \file
/// The compute kernels of shaders/cloth_solver.comp.glsl, for the GPU solver and its helpers
/// (private to pbd_gpu).

#include <cstddef>
#include <string>

namespace pbd::gpu {

/// Compiles and links one variant of the kernel file: STAGE `stage` (0 predict, 1 project,
/// 2 velocity, 3 areas, 4 tearing, 5 positions to float, 6 and 7 picking, 8 tethers, 9
/// bending), REAL double or float, XPBD on or off; or a STAGE of another kernel file in
/// shaders/ (chebyshev.comp.glsl, air.comp.glsl),
/// or of several joined by '+' in that order ("contact_geometry.glsl+contacts.comp.glsl"),
/// always after shaders/kernel_common.glsl (REAL, the work group, invocation()).
/// `dimensions` (2 or 3) is the kernel's DIM: the cloth solver's stages 0 to 2, 4, 8 and 9
/// (9, bending, in 3 only), the contacts', the Chebyshev weights' and the air's kernels exist
/// in both (the air's stage 1 in 2 only, its stages 2 and 3 in 3 only); the cells' areas
/// (stage 3), the float copy and picking (5 to 7) in 2 only.
/// Returns the program, or 0 with `why` set (the info log).
unsigned buildKernel(bool doublePrecision, int stage, bool xpbd, std::string& why,
                     const char* file = "cloth_solver.comp.glsl", int dimensions = 2);

/// Dispatches `invocations` invocations of the bound kernel (groups of 256, over a 2D grid of
/// groups when there are more than 65535), then a shader-storage barrier.
void dispatchKernel(std::size_t invocations);

/// Sets `program`'s uniform `name` (none there: nothing) to a uint, or to a real in the
/// kernel's precision (double when `doublePrecision`, else float).
void setUintUniform(unsigned program, const char* name, std::size_t value);
void setRealUniform(unsigned program, const char* name, bool doublePrecision, double value);

/// A small answer read later without waiting (GpuPick, GpuClothBox): after the passes that
/// write it, makes it readable with glGetBufferSubData, sets a fence and flushes, so that the
/// fence can signal without anyone waiting on it. Returns the fence (a GLsync).
void* queueAnswerFence();
/// Whether the passes before `fence` (queueAnswerFence) are done, waiting for them (up to
/// 10 s) with `wait`: when they are, deletes the fence, sets it null and returns true; false
/// while they are not (or on a lost context: ask again).
bool answerReady(void*& fence, bool wait);

/// Writes `count` reals from `source` into `buffer` (a shader storage buffer large enough)
/// from real `first` on, in the kernels' precision (doubles as they are, else floats).
void writeReals(unsigned buffer, bool doublePrecision, std::size_t first, const double* source,
                std::size_t count);

} // namespace pbd::gpu
