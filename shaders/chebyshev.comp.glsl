// The GPU solver's Chebyshev weights over the sweeps (Settings::chebyshev; the CPU's
// include/pbd/device/chebyshev.h, whose comment gives the method [Wang 2015] and its guard), in three
// kernels run after a sweep. The host prepends
//   #version 430 core
//   #define REAL_IS_DOUBLE 0|1
//   #define STAGE 0 (each work group's largest squared correction) | 1 (the guard's
//                 decision, one invocation) | 2 (weigh, and keep the iterates)
// and shaders/kernel_common.glsl (REAL, the work group, invocation()).
// Every arithmetic result is `precise`, in the CPU's order, so that double gives its bits.

// VEC, LOAD and STORE as in cloth_solver.comp.glsl: in 3D plain arrays of REAL (x, y, z at
// 3i, 3i + 1, 3i + 2), in 2D arrays of REAL2.
#if DIM == 3
#define VEC REAL3
#define LOAD(a, i) REAL3(a[3u * (i)], a[3u * (i) + 1u], a[3u * (i) + 2u])
#define STORE(a, i, p) { const uint k_ = 3u * (i); const REAL3 q_ = (p); \
                         a[k_] = q_.x; a[k_ + 1u] = q_.y; a[k_ + 2u] = q_.z; }
#define VECTORS REAL
#else
#define VEC REAL2
#define LOAD(a, i) a[i]
#define STORE(a, i, p) { a[i] = (p); }
#define VECTORS REAL2
#endif
layout(std430, binding = 0) buffer Positions { VECTORS x[]; };
layout(std430, binding = 3) readonly buffer InverseMasses { REAL w[]; };
layout(std430, binding = 10) buffer Previous { VECTORS previous[]; }; // x^(k-1)
layout(std430, binding = 11) buffer Current { VECTORS current[]; };   // before the sweep
layout(std430, binding = 12) buffer GroupLargest { REAL groupLargest[]; };
// The guard: the first weighted sweep's largest squared correction, and whether a later one
// exceeded it in this substep (then the rest of the substep is plain).
layout(std430, binding = 13) buffer Guard { REAL firstLargest; uint fired; };

// The larger of two squared corrections, NaN if either is (chebyshev.h, largerCorrection).
REAL larger(REAL a, REAL b)
{
    if (isnan(a))
        return a;
    return (b > a || isnan(b)) ? b : a;
}

#if STAGE == 0
layout(location = 0) uniform uint uCount; // particles
shared REAL largest[256];

void main()
{
    const uint i = invocation();
    REAL d2 = REAL(0);
    if (i < uCount && w[i] != REAL(0)) {
        precise VEC d = LOAD(x, i) - LOAD(current, i);
#if DIM == 3
        precise REAL s = d.x * d.x + d.y * d.y + d.z * d.z; // (x + y) + z, as the CPU's dot
#else
        precise REAL s = d.x * d.x + d.y * d.y;
#endif
        d2 = s;
    }
    const uint l = gl_LocalInvocationIndex;
    largest[l] = d2;
    barrier();
    for (uint stride = 128u; stride > 0u; stride >>= 1) {
        if (l < stride)
            largest[l] = larger(largest[l], largest[l + stride]);
        barrier();
    }
    if (l == 0u)
        groupLargest[gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x] = largest[0];
}
#endif

#if STAGE == 1
layout(location = 0) uniform uint uGroups; // work groups of stage 0
layout(location = 1) uniform uint uFirst;  // 1 at the substep's first weighted sweep

void main()
{
    if (gl_GlobalInvocationID.x != 0u || gl_GlobalInvocationID.y != 0u)
        return;
    REAL m = REAL(0);
    for (uint g = 0u; g < uGroups; ++g)
        m = larger(m, groupLargest[g]);
    if (uFirst != 0u) {
        firstLargest = m;
        fired = 0u;
    } else if (fired == 0u && !(m <= firstLargest)) {
        fired = 1u;
    }
}
#endif

#if STAGE == 2
layout(location = 0) uniform uint uCount; // particles
layout(location = 1) uniform REAL uOmega; // this sweep's weight (1: none)
layout(location = 2) uniform uint uWeigh; // 1 when the sweep is weighted (the guard applies)
layout(location = 3) uniform uint uKeep;  // 1: previous = current, current = x afterwards

void main()
{
    const uint i = invocation();
    if (i >= uCount || (uWeigh != 0u && fired != 0u))
        return;
    VEC xi = LOAD(x, i);
    if (uWeigh != 0u && w[i] != REAL(0)) {
        const VEC p = LOAD(previous, i);
        precise VEC n = p + uOmega * (xi - p); // each component p + omega (x - p)
        xi = n;
        STORE(x, i, xi);
    }
    if (uKeep != 0u) {
        STORE(previous, i, LOAD(current, i));
        STORE(current, i, xi);
    }
}
#endif
