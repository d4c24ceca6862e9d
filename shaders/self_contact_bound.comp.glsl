// The GPU solver's SelfContactBound phase in 3D: the CPU's ElementContact::bound()
// (src/pbd/world/element_contact.cpp) on the device, in float or double. The host prepends
//   #version 430 core
//   #define REAL_IS_DOUBLE 0|1
//   #define STAGE 0 (the speed limit) | 1 (find a sweep's first failing guard)
//                 | 2 (walk a range of a sweep's guards) | 3 (the sweeps left, to the end)
//                 | 4 (walk a sweep's guards from the first failing one to the end, one
//                      work group taking turns: element_contact.comp.glsl's RELAY)
//   #define XPBD 0
//   #define DIM 3
// and shaders/kernel_common.glsl (REAL, the work group, invocation()).
// The limits, bounds, common motion and guards are the host resolve()'s
// (pbd/device/self_contact3.h: SelfContactBoundInputs), uploaded in its order.
//
// The CPU clamps every particle to its speed limit, then sweeps the guards in order until a
// sweep sends no particle back; a failing guard sends each of its particles that has not gone
// back yet to its bound, which the guards after it see. That order decides which particles go
// back, so it is kept: stage 1 finds, in parallel, the first guard of a sweep that fails and
// has a particle left to send (the guards before it pass, as on the CPU: nothing moved since
// the sweep began), and stage 2 walks from it in order on one invocation, in ranges of a few
// thousand guards per dispatch (llvmpipe ends an invocation's loops after 65535 iterations in
// all). The host queues kSweeps such sweeps (0: none); stage 3, on one invocation, sweeps on until one
// sends nothing (on llvmpipe that too must stay within the 65535 iterations). Every result is
// `precise` and in the CPU's order, so that double gives the CPU's bits.

#if DIM != 3
#error "the self-contact bound is 3D only"
#endif

layout(std430, binding = 0) buffer Positions { REAL x[]; };
layout(std430, binding = 1) readonly buffer StepStart { REAL x0[]; };
layout(std430, binding = 3) readonly buffer InverseMasses { REAL w[]; };
// Per particle its speed limit, then per particle its bound, then the common motion (3).
layout(std430, binding = 16) readonly buffer Limits { REAL limits[]; };
// Per guard: v[0..3], then split + 1 (0: never apart).
layout(std430, binding = 17) readonly buffer GuardParticles { uint guardParticle[]; };
// Per guard: normal x, y, z, margin, high.
layout(std430, binding = 18) readonly buffer GuardReals { REAL guardReal[]; };
// Per particle: 1 once it went back.
layout(std430, binding = 19) buffer Back { uint back[]; };
// Per sweep the host queues: its first failing guard (kNone: none).
layout(std430, binding = 20) buffer First { uint first[]; };

uniform uint uParticles;
// The guards' count; kNone: the count element_contact.comp.glsl left in its word kGuards
// (the limits, bounds and guards made on the device, nothing read back).
uniform uint uGuards;
layout(std430, binding = 25) readonly buffer Words { uint words[]; };
uniform uint uSweep;  // stages 1 and 2: which of the queued sweeps
uniform uint uSweeps; // stage 0: how many were queued; 3: the last
uniform uint uBegin;  // stage 2: the range of guards walked
uniform uint uEnd;

const uint kNone = 0xffffffffu;

uint guardCount()
{
    return uGuards != kNone ? uGuards : words[5];
}

REAL3 load3(uint i)
{
    return REAL3(x[3u * i], x[3u * i + 1u], x[3u * i + 2u]);
}

// The CPU's dot(): x, then y, then z.
REAL heightOf(uint i, REAL3 n)
{
    const REAL3 p = load3(i);
    precise REAL h = p.x * n.x + p.y * n.y;
    precise REAL hz = h + p.z * n.z;
    return hz;
}

// clampTo(i, limit): a movable particle farther than `limit` from its start plus the common
// motion goes back along its path to it.
void clampTo(uint i, REAL limit)
{
    if (w[i] == REAL(0))
        return;
    const uint c = 2u * uParticles;
    const REAL3 along = REAL3(limits[c], limits[c + 1u], limits[c + 2u]);
    const REAL3 s = REAL3(x0[3u * i], x0[3u * i + 1u], x0[3u * i + 2u]);
    precise REAL3 d = load3(i) - s - along; // (x - start) - common, per component
    precise REAL len2 = d.x * d.x + d.y * d.y;
    precise REAL len2z = len2 + d.z * d.z;
    precise REAL limit2 = limit * limit;
    if (len2z <= limit2)
        return;
    precise REAL scale = limit / sqrt(len2z);
    precise REAL3 to = (s + along) + scale * d;
    x[3u * i] = to.x;
    x[3u * i + 1u] = to.y;
    x[3u * i + 2u] = to.z;
}

// Whether guard g still keeps its sides apart (the CPU's check, its min and max as
// std::min and std::max choose).
bool apart(uint g)
{
    const int split = int(guardParticle[5u * g + 4u]) - 1;
    if (split < 0)
        return false;
    const REAL3 n = REAL3(guardReal[5u * g], guardReal[5u * g + 1u], guardReal[5u * g + 2u]);
    REAL low = heightOf(guardParticle[5u * g], n);
    REAL high = guardReal[5u * g + 4u];
    for (int k = 1; k < 4; ++k) {
        const REAL h = heightOf(guardParticle[5u * g + uint(k)], n);
        if (k < split)
            low = h < low ? h : low;
        else if (k == split)
            high = h;
        else
            high = high < h ? h : high;
    }
    precise REAL gap = low - high;
    return gap >= guardReal[5u * g + 3u];
}

// Whether guard g would send some particle back now.
bool failing(uint g)
{
    bool left = false;
    for (uint k = 0u; k < 4u; ++k)
        left = left || back[guardParticle[5u * g + k]] == 0u;
    return left && !apart(g);
}

// The CPU's sweep body for guard g: true when it sent a particle back.
bool visit(uint g)
{
    if (apart(g))
        return false;
    bool sent = false;
    for (uint k = 0u; k < 4u; ++k) {
        const uint i = guardParticle[5u * g + k];
        if (back[i] == 0u) {
            back[i] = 1u;
            clampTo(i, limits[uParticles + i]);
            sent = true;
        }
    }
    return sent;
}

void main()
{
    const uint id = invocation();
#if STAGE == 0
    if (id < uSweeps)
        first[id] = kNone;
    if (id >= uParticles)
        return;
    back[id] = 0u;
    clampTo(id, limits[id]);
#elif STAGE == 1
    // Sweep 0 always runs; a later one only when the one before sent something.
    if (id >= guardCount() || (uSweep > 0u && first[uSweep - 1u] == kNone))
        return;
    if (failing(id))
        atomicMin(first[uSweep], id);
#elif STAGE == 2
    if (id != 0u || first[uSweep] == kNone)
        return;
    for (uint g = max(first[uSweep], uBegin); g < uEnd; ++g)
        visit(g);
#elif STAGE == 3
    if (id != 0u || (uSweeps > 0u && first[uSweeps - 1u] == kNone))
        return;
    for (bool again = true; again;) {
        again = false;
        for (uint g = 0u; g < guardCount(); ++g)
            again = visit(g) || again;
    }
#elif STAGE == 4
    // Every invocation reads the same first guard: all return, or all take their turns.
    const uint from = first[uSweep];
    if (from == kNone)
        return;
    const uint total = guardCount() - from;
    const uint t = gl_LocalInvocationID.x;
    const uint run = max((total + 255u) / 256u, 4096u);
    const uint turns = (total + run - 1u) / run;
    for (uint turn = 0u; turn < turns; ++turn) {
        if (turn == t)
            for (uint g = from + t * run; g < from + min(total, (t + 1u) * run); ++g)
                visit(g);
        memoryBarrierBuffer();
        barrier();
    }
#endif
}
