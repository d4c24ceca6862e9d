// The GPU solver's compute kernels: the colored order of the page grid's constraints
// (pbd::clothGridSets), in float or double. The host prepends
//   #version 430 core
//   #define REAL_IS_DOUBLE 0|1
//   #define STAGE 0 (predict) | 1 (project) | 2 (velocity and damping)
//   #define XPBD 0|1          (project: with compliance and a lambda per constraint)
// Every arithmetic result is `precise` (no fused multiply-add, no reassociation), and the
// operations are exactly those of the CPU kernels, in the same order (see CORE_API.md), so
// that the double kernels give the CPU's bits where the GPU rounds as IEEE 754 says.

layout(local_size_x = 256) in;

#if REAL_IS_DOUBLE
#define REAL double
#define REAL2 dvec2
#else
#define REAL float
#define REAL2 vec2
#endif

layout(std430, binding = 0) buffer Positions { REAL2 x[]; };
layout(std430, binding = 1) buffer StepStart { REAL2 x0[]; };
layout(std430, binding = 2) buffer Velocities { REAL2 v[]; };
layout(std430, binding = 3) readonly buffer InverseMasses { REAL w[]; };
#if STAGE == 1 && XPBD
layout(std430, binding = 4) buffer Lambdas { REAL lambda[]; };
#endif

// The invocation's index over a 2D dispatch (the group count per dimension is limited).
uint invocation()
{
    return gl_GlobalInvocationID.y * (gl_NumWorkGroups.x * gl_WorkGroupSize.x) +
           gl_GlobalInvocationID.x;
}

#if STAGE == 0
// Symplectic Euler for movable particles: x0 = x; v.y += h g; x += h v.
layout(location = 0) uniform uint uCount;   // particles
layout(location = 1) uniform REAL uH;       // substep in s
layout(location = 2) uniform REAL uGravity; // m/s^2 along y

void main()
{
    const uint i = invocation();
    if (i >= uCount || w[i] == REAL(0))
        return;
    const REAL2 p = x[i];
    x0[i] = p;
    precise REAL vy = v[i].y + uH * uGravity;
    v[i].y = vy;
    precise REAL px = p.x + uH * v[i].x;
    precise REAL py = p.y + uH * vy;
    x[i] = REAL2(px, py);
}
#endif

#if STAGE == 1
// One grid set: for rows i = firstRow, firstRow + rowStep, ... and k < columnCount, the
// constraint between a = i * width + firstColumn + k * columnStep + aOffset and
// b = (the same) + bOffset. No two constraints of a set share a particle.
layout(location = 0) uniform uint uSet;        // which of the eight sets
layout(location = 1) uniform uint uWidth;      // particles per row
layout(location = 2) uniform REAL uMinLength;  // shorter constraints are skipped, m
layout(location = 3) uniform REAL uAlphaTilde; // compliance / h^2 (XPBD)
layout(location = 4) uniform uvec4 uSetA[8];   // firstRow, rowStep, firstColumn, columnStep
layout(location = 12) uniform uvec4 uSetB[8];  // columnCount, aOffset, bOffset, count
layout(location = 20) uniform REAL uRest[8];   // rest length, m

void main()
{
    const uint t = invocation();
    const uvec4 sa4 = uSetA[uSet];
    const uvec4 sb4 = uSetB[uSet];
    if (t >= sb4.w)
        return;
    const uint row = t / sb4.x;
    const uint column = t - row * sb4.x;
    const uint base = (sa4.x + row * sa4.y) * uWidth + sa4.z + column * sa4.w;
    const uint a = base + sb4.y;
    const uint b = base + sb4.z;
    const REAL2 pa = x[a];
    const REAL2 pb = x[b];
    const REAL wa = w[a];
    const REAL wb = w[b];
    precise REAL dx = pa.x - pb.x;
    precise REAL dy = pa.y - pb.y;
    precise REAL len = sqrt(dx * dx + dy * dy);
    precise REAL wSum = wa + wb;
    if (!(len > uMinLength) || wSum == REAL(0))
        return;
    const REAL rest = uRest[uSet];
#if XPBD
    const REAL lam = lambda[t];
    precise REAL s = ((rest - len) - uAlphaTilde * lam) / (len * (wSum + uAlphaTilde));
    precise REAL newLambda = lam + s * len;
    lambda[t] = newLambda;
#else
    precise REAL s = (rest - len) / (len * wSum);
#endif
    precise REAL sA = wa * s;
    precise REAL sB = wb * s;
    precise REAL ax = pa.x + sA * dx;
    precise REAL ay = pa.y + sA * dy;
    precise REAL bx = pb.x - sB * dx;
    precise REAL by = pb.y - sB * dy;
    x[a] = REAL2(ax, ay);
    x[b] = REAL2(bx, by);
}
#endif

#if STAGE == 2
// v = (1/h) (x - x0) for movable particles, then v *= f when damping is on.
layout(location = 0) uniform uint uCount;      // particles
layout(location = 1) uniform REAL uInvH;       // 1 / h, 1/s
layout(location = 2) uniform REAL uDampFactor; // max(0, 1 - d h)
layout(location = 3) uniform uint uDamp;       // 1 when damping d > 0

void main()
{
    const uint i = invocation();
    if (i >= uCount || w[i] == REAL(0))
        return;
    const REAL2 p = x[i];
    const REAL2 q = x0[i];
    precise REAL vx = uInvH * (p.x - q.x);
    precise REAL vy = uInvH * (p.y - q.y);
    if (uDamp != 0u) {
        vx = vx * uDampFactor;
        vy = vy * uDampFactor;
    }
    v[i] = REAL2(vx, vy);
}
#endif
