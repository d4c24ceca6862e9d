#pragma once
/// \file
/// The step's parameters as the cloth solver's kernels read them: the uniform block `uStep`,
/// declared here and in the kernels from the one list in shaders/step_block.glsl, so that
/// the two sides cannot disagree on a member or its place.

#include <cstdint>

namespace pbd::gpu {

/// The uniform block (std140) with REAL = Real: float or double.
template <typename Real>
struct GpuStepBlock {
#define STEP_REAL(name) Real name;
#define STEP_UINT(name) std::uint32_t name;
#include "step_block.glsl"
#undef STEP_REAL
#undef STEP_UINT
};

/// The uniform-buffer binding of the block.
inline constexpr unsigned kStepBlockBinding = 0;

} // namespace pbd::gpu
