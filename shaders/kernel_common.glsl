// What every compute kernel of the GPU solver starts with: buildKernel() (src/gpu/
// gpu_kernels.cpp) puts this file after the #version and #defines it prepends and before the
// kernel's own files. The real type of the precision chosen (REAL_IS_DOUBLE), the work group
// of 256 invocations that dispatchKernel() counts on, and each invocation's index.

layout(local_size_x = 256) in;

#if REAL_IS_DOUBLE
#define REAL double
#define REAL2 dvec2
#define REAL3 dvec3
#else
#define REAL float
#define REAL2 vec2
#define REAL3 vec3
#endif

// The invocation's index over a 2D dispatch (the group count per dimension is limited).
uint invocation()
{
    return gl_GlobalInvocationID.y * (gl_NumWorkGroups.x * gl_WorkGroupSize.x) +
           gl_GlobalInvocationID.x;
}
