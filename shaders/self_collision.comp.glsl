// The GPU solver's self-collision projection: one colour of one pass of the CPU's
// SelfCollision::solve() (src/pbd/world/self_collision.cpp), in float or double. The host prepends
//   #version 430 core
//   #define REAL_IS_DOUBLE 0|1
//   #define STAGE 0 (project one colour's pairs) | 1 (every pass, in one work group)
//   #define XPBD 0
// and shaders/kernel_common.glsl (REAL, the work group, invocation()).
// The pairs and their colours are the CPU's own find() (on positions read back), uploaded in
// colour order; the pairs of a colour share no particle, so one invocation per pair gives the
// bits of the CPU's loop. The serial colour (pairs that found no free colour) runs on one
// invocation, in order. Every arithmetic result is `precise` and in the CPU's order, so that
// double gives the CPU's bits where the GPU rounds as IEEE 754 says.
//
// A pass ends the passes early on the CPU when it moves no pair; here the passes are queued
// ahead, each reading the flag of the pass before it and doing nothing when that one moved
// nothing (its own flag then stays 0 too), so the host reads the flags only now and then.

// Stage 1's invocations read what others of the work group wrote before its barriers.
layout(std430, binding = 0) coherent buffer Positions { REAL2 x[]; };
layout(std430, binding = 1) readonly buffer StepStart { REAL2 x0[]; };
layout(std430, binding = 3) readonly buffer InverseMasses { REAL w[]; };
// The pairs (i, j), i < j, by colour.
layout(std430, binding = 17) readonly buffer Pairs { uvec2 pairs[]; };
// Per pass: 1 when one of its pairs moved.
layout(std430, binding = 18) buffer Moved { uint moved[]; };
// Per particle: 1 when an obstacle's contact holds it (read when uHeld is 1).
layout(std430, binding = 19) readonly buffer Held { uint held[]; };

layout(location = 0) uniform uint uBegin;      // the colour's first pair
layout(location = 1) uniform uint uSize;       // its pairs
layout(location = 2) uniform uint uPass;       // which pass
layout(location = 3) uniform uint uSerial;     // 1: the serial colour, on one invocation
layout(location = 4) uniform REAL uThickness;  // m
layout(location = 5) uniform REAL uThicknessSquared; // m^2, thickness * thickness in double
layout(location = 6) uniform REAL uSettled;    // m: a shorter push does not count as moving
layout(location = 7) uniform REAL uFriction;   // Coulomb coefficient
layout(location = 75) uniform uint uHeld;      // 1: a held particle takes its obstacle's side

// One pair, as the CPU's project(): the distance |xi - xj| >= thickness, then friction on the
// relative motion along the contact since the substep's start. True when it moved.
bool project(uint i, uint j)
{
    const REAL2 xi = x[i];
    const REAL2 xj = x[j];
    precise REAL dx = xi.x - xj.x;
    precise REAL dy = xi.y - xj.y;
    precise REAL squared = dx * dx + dy * dy;
    if (squared >= uThicknessSquared)
        return false;
    REAL wi = w[i];
    REAL wj = w[j];
    if (uHeld != 0u && held[i] != held[j]) { // the held one counts as immovable
        if (held[i] != 0u && wj > REAL(0))
            wi = REAL(0);
        else if (held[j] != 0u && wi > REAL(0))
            wj = REAL(0);
    }
    precise REAL wSum = wi + wj;
    precise REAL len = sqrt(squared);
    precise REAL nx;
    precise REAL ny;
    if (len > REAL(0)) {
        nx = dx / len;
        ny = dy / len;
    } else { // on top of each other: apart along where they came from, else along x
        precise REAL d0x = x0[i].x - x0[j].x;
        precise REAL d0y = x0[i].y - x0[j].y;
        precise REAL l0 = sqrt(d0x * d0x + d0y * d0y);
        if (l0 > REAL(0)) {
            nx = d0x / l0;
            ny = d0y / l0;
        } else {
            nx = REAL(1);
            ny = REAL(0);
        }
    }
    precise REAL depth = uThickness - len;
    const bool moves = depth > uSettled;
    precise REAL si = wi / wSum * depth;
    precise REAL sj = wj / wSum * depth;
    precise REAL pix = xi.x + si * nx;
    precise REAL piy = xi.y + si * ny;
    precise REAL pjx = xj.x - sj * nx;
    precise REAL pjy = xj.y - sj * ny;
    if (uFriction > REAL(0)) {
        precise REAL relx = (pix - x0[i].x) - (pjx - x0[j].x);
        precise REAL rely = (piy - x0[i].y) - (pjy - x0[j].y);
        precise REAL along = relx * nx + rely * ny;
        precise REAL tx = relx - along * nx;
        precise REAL ty = rely - along * ny;
        precise REAL slide = sqrt(tx * tx + ty * ty);
        precise REAL hold = uFriction * depth;
        if (slide > REAL(0)) {
            precise REAL ux = tx;
            precise REAL uy = ty;
            if (!(slide <= hold)) {
                precise REAL f = hold / slide;
                ux = f * tx;
                uy = f * ty;
            }
            precise REAL fi = wi / wSum;
            precise REAL fj = wj / wSum;
            pix = pix - fi * ux;
            piy = piy - fi * uy;
            pjx = pjx + fj * ux;
            pjy = pjy + fj * uy;
        }
    }
    x[i] = REAL2(pix, piy);
    x[j] = REAL2(pjx, pjy);
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
            if (project(pairs[uBegin + q].x, pairs[uBegin + q].y))
                any = true;
        if (any)
            atomicOr(moved[uPass], 1u);
        return;
    }
    if (k >= uSize)
        return;
    const uvec2 p = pairs[uBegin + k];
    if (project(p.x, p.y))
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
                        if (project(pairs[q].x, pairs[q].y))
                            atomicOr(movedShared, 1u);
            } else {
                for (uint q = begin + t; q < end; q += gl_WorkGroupSize.x)
                    if (project(pairs[q].x, pairs[q].y))
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
