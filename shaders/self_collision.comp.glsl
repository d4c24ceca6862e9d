// The GPU solver's self-collision projection: one colour of one pass of the CPU's
// SelfCollision::solve() (src/pbd/world/self_collision.cpp), in float or double. The host prepends
//   #version 430 core
//   #define REAL_IS_DOUBLE 0|1
//   #define STAGE 0 (project one colour's pairs) | 1 (every pass, in one work group)
//               | 2 (a round on the GPU's own pairs, with its test) | 3 (the rounds' end)
//               | 4 (mark the particles the obstacles' contacts moved)
//   #define XPBD 0
//   #define DIM 2|3 (3: positions as x, y, z reals; stages 2 to 4 only)
// and shaders/kernel_common.glsl (REAL, the work group, invocation()).
// The pairs and their colours are the CPU's own find() (on positions read back), uploaded in
// colour order (stages 0 and 1), or the GPU's search of the same pairs (stage 2); the pairs of a colour share no particle, so one invocation per pair gives the
// bits of the CPU's loop. The serial colour (pairs that found no free colour) runs on one
// invocation, in order. Every arithmetic result is `precise` and in the CPU's order, so that
// double gives the CPU's bits where the GPU rounds as IEEE 754 says.
//
// A pass ends the passes early on the CPU when it moves no pair; here the passes are queued
// ahead, each reading the flag of the pass before it and doing nothing when that one moved
// nothing (its own flag then stays 0 too), so the host reads the flags only now and then.

#if DIM == 3
#define VEC REAL3
#define LOAD(a, i) REAL3(a[3u * (i)], a[3u * (i) + 1u], a[3u * (i) + 2u])
#define STORE(a, i, p) { const uint k_ = 3u * (i); const REAL3 q_ = (p); \
                         a[k_] = q_.x; a[k_ + 1u] = q_.y; a[k_ + 2u] = q_.z; }
#define POSITIONS REAL
#else
#define VEC REAL2
#define LOAD(a, i) a[i]
#define STORE(a, i, p) { a[i] = (p); }
#define POSITIONS REAL2
#endif

// Stage 1's and 2's invocations read what others of the work group wrote before its barriers.
layout(std430, binding = 0) coherent buffer Positions { POSITIONS x[]; };
layout(std430, binding = 1) readonly buffer StepStart { POSITIONS x0[]; };
layout(std430, binding = 3) readonly buffer InverseMasses { REAL w[]; };
// The pairs (i, j), i < j, by colour.
layout(std430, binding = 17) readonly buffer Pairs { uvec2 pairs[]; };
// Per pass: 1 when one of its pairs moved.
layout(std430, binding = 18) buffer Moved { uint moved[]; };
// Per particle: 1 when an obstacle's contact holds it (read when uHeld is 1).
layout(std430, binding = 19) buffer Held { uint held[]; };

layout(location = 0) uniform uint uBegin;      // the colour's first pair
layout(location = 1) uniform uint uSize;       // its pairs
layout(location = 2) uniform uint uPass;       // which pass
layout(location = 3) uniform uint uSerial;     // 1: the serial colour, on one invocation
layout(location = 4) uniform REAL uThickness;  // m
layout(location = 5) uniform REAL uThicknessSquared; // m^2, thickness * thickness in double
layout(location = 6) uniform REAL uSettled;    // m: a shorter push does not count as moving
layout(location = 7) uniform REAL uFriction;   // Coulomb coefficient
layout(location = 75) uniform uint uHeld;      // 1: a held particle takes its obstacle's side

// glm's dot: summed from x on.
REAL dotV(VEC a, VEC b)
{
#if DIM == 3
    precise REAL d = (a.x * b.x + a.y * b.y) + a.z * b.z;
#else
    precise REAL d = a.x * b.x + a.y * b.y;
#endif
    return d;
}

// One pair, as the CPU's project(): the distance |xi - xj| >= thickness, then friction on the
// relative motion along the contact since the substep's start. True when it moved. `useHeld`:
// a held particle paired with a free one counts as immovable.
bool project(uint i, uint j, bool useHeld)
{
    const VEC xi = LOAD(x, i);
    const VEC xj = LOAD(x, j);
    precise VEC d = xi - xj;
    precise REAL squared = dotV(d, d);
    if (squared >= uThicknessSquared)
        return false;
    REAL wi = w[i];
    REAL wj = w[j];
    if (useHeld && held[i] != held[j]) { // the held one counts as immovable
        if (held[i] != 0u && wj > REAL(0))
            wi = REAL(0);
        else if (held[j] != 0u && wi > REAL(0))
            wj = REAL(0);
    }
    precise REAL wSum = wi + wj;
    precise REAL len = sqrt(squared);
    precise VEC n;
    if (len > REAL(0)) {
        n = d / len;
    } else { // on top of each other: apart along where they came from, else along x
        precise VEC d0 = LOAD(x0, i) - LOAD(x0, j);
        precise REAL l0 = sqrt(dotV(d0, d0));
        if (l0 > REAL(0)) {
            n = d0 / l0;
        } else {
            n = VEC(REAL(0));
            n.x = REAL(1);
        }
    }
    precise REAL depth = uThickness - len;
    const bool moves = depth > uSettled;
    precise REAL si = wi / wSum * depth;
    precise REAL sj = wj / wSum * depth;
    precise VEC pi = xi + si * n;
    precise VEC pj = xj - sj * n;
    if (uFriction > REAL(0)) {
        precise VEC rel = (pi - LOAD(x0, i)) - (pj - LOAD(x0, j));
        precise REAL along = dotV(rel, n);
        precise VEC t = rel - along * n;
        precise REAL slide = sqrt(dotV(t, t));
        precise REAL hold = uFriction * depth;
        if (slide > REAL(0)) {
            precise VEC u = t;
            if (!(slide <= hold))
                u = (hold / slide) * t;
            precise REAL fi = wi / wSum;
            precise REAL fj = wj / wSum;
            pi = pi - fi * u;
            pj = pj + fj * u;
        }
    }
    STORE(x, i, pi);
    STORE(x, j, pj);
    return moves;
}

#if STAGE == 0
void main()
{
    if (uPass > 0u && moved[uPass - 1u] == 0u)
        return; // the pass before moved nothing: the passes are over
    const uint k = invocation();
    if (uSerial != 0u) {
        if (k != 0u)
            return;
        bool any = false;
        for (uint q = 0u; q < uSize; ++q)
            if (project(pairs[uBegin + q].x, pairs[uBegin + q].y, uHeld != 0u))
                any = true;
        if (any)
            atomicOr(moved[uPass], 1u);
        return;
    }
    if (k >= uSize)
        return;
    const uvec2 p = pairs[uBegin + k];
    if (project(p.x, p.y, uHeld != 0u))
        atomicOr(moved[uPass], 1u);
}
#endif

#if STAGE == 1
// Few pairs: every pass and colour in one dispatch of one work group, the colours parted by
// barriers (one dispatch per colour and pass cost more than the projections). The same
// projections in the same order per particle as stage 0: the same bits.
layout(location = 8) uniform uint uColours;      // colours, the serial one included
layout(location = 9) uniform uint uPasses;       // kSelfCollisionPasses
layout(location = 10) uniform uint uStarts[65];  // colour c's pairs: [uStarts[c], uStarts[c + 1])

shared uint movedShared;

void main()
{
    const uint t = gl_LocalInvocationID.x;
    for (uint pass = 0u; pass < uPasses; ++pass) {
        if (t == 0u)
            movedShared = 0u;
        memoryBarrierShared();
        barrier();
        for (uint c = 0u; c < uColours; ++c) {
            const uint begin = uStarts[c];
            const uint end = uStarts[c + 1u];
            if (c == 63u) { // the serial colour, in order
                if (t == 0u)
                    for (uint q = begin; q < end; ++q)
                        if (project(pairs[q].x, pairs[q].y, uHeld != 0u))
                            atomicOr(movedShared, 1u);
            } else {
                for (uint q = begin + t; q < end; q += gl_WorkGroupSize.x)
                    if (project(pairs[q].x, pairs[q].y, uHeld != 0u))
                        atomicOr(movedShared, 1u);
            }
            memoryBarrierBuffer();
            memoryBarrierShared();
            barrier();
        }
        const uint any = movedShared;
        barrier(); // read by all before the next pass clears it
        if (t == 0u)
            moved[pass] = any;
        if (any == 0u)
            return; // a pass that moved nothing ends them, as on the CPU
    }
}
#endif

#if STAGE == 2
// One round of the CPU's SelfCollision::resolve() on pairs found on the GPU
// (particle_pairs.comp.glsl, its words bound at 21): every pass and colour in one work group
// as stage 1, the colours' starts from the search's counts, then the round's test, the
// CPU's: the passes settled and no particle of a pair moved more than uMargin since the find
// (the positions then, copied at binding 20). When it holds, the rounds are over: words[7] = 1,
// and every search and round queued after it launches nothing (its dispatches set to 0
// groups) or does nothing. Held particles are used when
// uHeldMode is 1 and the last round set's rounds did not run out (words[72]).
layout(std430, binding = 20) readonly buffer RoundStart { POSITIONS start[]; };
layout(std430, binding = 21) buffer Words { uint words[]; };
// The search's indirect dispatches (gpu_particle_pairs.h): its walks' and placing's (x, 1, 1),
// and its gate's, (x, y, 1) each, which are 0 groups from here once the rounds are over.
layout(std430, binding = 22) writeonly buffer WalkArgs { uint walkArgs[]; };
layout(std430, binding = 23) buffer Gate { uint gate[]; };
layout(location = 76) uniform REAL uMargin;    // m: 0.5 (kSelfCollisionReach - 1) thickness
layout(location = 77) uniform uint uHeldMode;  // 1: with obstacles
layout(location = 78) uniform uint uPairCapacity; // pairs the search's buffers hold
layout(location = 79) uniform uint uWalks;     // the search's walks

shared uint startsShared[65];
shared uint coloursShared;
shared uint movedShared;
shared REAL largestShared[256];

void main()
{
    const uint t = gl_LocalInvocationID.x;
    if (words[7] != 0u)
        return; // a round before settled (the same word for every invocation)
    const bool useHeld = uHeldMode != 0u && words[72] == 0u;
    if (t == 0u) {
        uint at = 0u;
        uint colours = 0u;
        for (uint c = 0u; c < 64u; ++c) {
            startsShared[c] = min(at, uPairCapacity);
            at += words[8u + c];
            if (words[8u + c] != 0u)
                colours = c + 1u;
        }
        startsShared[64] = min(at, uPairCapacity);
        coloursShared = colours;
    }
    memoryBarrierShared();
    barrier();
    const uint colours = coloursShared;
    bool settled = false;
    for (uint pass = 0u; pass < 64u; ++pass) {
        if (t == 0u)
            movedShared = 0u;
        memoryBarrierShared();
        barrier();
        for (uint c = 0u; c < colours; ++c) {
            const uint begin = startsShared[c];
            const uint end = startsShared[c + 1u];
            if (c == 63u) { // the serial colour, in order
                if (t == 0u)
                    for (uint q = begin; q < end; ++q)
                        if (project(pairs[q].x, pairs[q].y, useHeld))
                            atomicOr(movedShared, 1u);
            } else {
                for (uint q = begin + t; q < end; q += gl_WorkGroupSize.x)
                    if (project(pairs[q].x, pairs[q].y, useHeld))
                        atomicOr(movedShared, 1u);
            }
            memoryBarrierBuffer();
            memoryBarrierShared();
            barrier();
        }
        const uint any = movedShared;
        barrier(); // read by all before the next pass clears it
        if (any == 0u) { // a pass that moved nothing ends them, as on the CPU
            settled = true;
            break;
        }
    }
    // The farthest a pair's particle moved since the find, squared (the CPU's maximum).
    precise REAL largest = REAL(0);
    for (uint q = t; q < startsShared[colours]; q += gl_WorkGroupSize.x) {
        precise VEC di = LOAD(x, pairs[q].x) - LOAD(start, pairs[q].x);
        precise VEC dj = LOAD(x, pairs[q].y) - LOAD(start, pairs[q].y);
        largest = max(largest, max(dotV(di, di), dotV(dj, dj)));
    }
    largestShared[t] = largest;
    memoryBarrierShared();
    barrier();
    if (t == 0u) {
        for (uint k = 1u; k < gl_WorkGroupSize.x; ++k)
            largest = max(largest, largestShared[k]);
        if (sqrt(largest) <= uMargin && settled) { // over: what is queued launches nothing
            words[7] = 1u;
            for (uint k = 0u; k <= uWalks; ++k)
                walkArgs[3u * k] = 0u;
            for (uint k = 0u; k < 3u; ++k)
                gate[3u * k] = 0u;
        }
    }
}
#endif

#if STAGE == 3
// The end of a set of rounds (one invocation): whether they ran out (no round settled), for
// the next set's held particles, and the searches and rounds open again (the gate's
// dispatches back from their copy after them).
layout(std430, binding = 21) buffer Words { uint words[]; };
layout(std430, binding = 23) buffer Gate { uint gate[]; };

void main()
{
    if (invocation() != 0u)
        return;
    words[72] = words[7] == 0u ? 1u : 0u;
    words[7] = 0u;
    for (uint k = 0u; k < 3u; ++k)
        gate[3u * k] = gate[9u + 3u * k];
}
#endif

#if STAGE == 4
// After the obstacles' contacts: a particle they moved (its bits changed since the copy at
// binding 20) is held for the rest of the substep.
layout(std430, binding = 20) readonly buffer Before { POSITIONS before[]; };
layout(location = 8) uniform uint uParticles;

void main()
{
    const uint i = invocation();
    if (i < uParticles && LOAD(x, i) != LOAD(before, i))
        held[i] = 1u;
}
#endif
