// The air (src/pbd/air/air.h, air.cpp) on the GPU: the same arithmetic in the same order, so
// that double agrees with the colored CPU solver to rounding. Prepended by the host:
//   #version 430 core
//   #define REAL_IS_DOUBLE 0|1
//   #define STAGE 0 (gust wind per particle) | 1 (the air's acceleration per particle)
// and shaders/kernel_common.glsl (REAL, the work group, invocation()).
// Constants that are not exact in float (0.8, 1e-6, 1 / 32767.5) come as uniforms computed
// on the host in double, as the CPU computes them.

layout(std430, binding = 0) readonly buffer Positions { REAL2 x[]; };
layout(std430, binding = 14) buffer WindAt { REAL2 windAt[]; };

layout(location = 0) uniform uint uCount; // particles
layout(location = 1) uniform REAL2 uWind; // m/s

#if STAGE == 0
layout(location = 2) uniform REAL uTime;       // s
layout(location = 3) uniform REAL uInvLength;  // 1 / kGustLength, 1/m
layout(location = 4) uniform REAL uInvPeriod;  // 1 / kGustPeriod, 1/s
layout(location = 5) uniform REAL uAlong;      // gusts * 0.8
layout(location = 6) uniform REAL uAcross;     // gusts * 0.6
layout(location = 7) uniform REAL uNoiseScale; // 1 / 32767.5

REAL held(REAL q)
{
    if (!(q > REAL(-1e9)))
        return REAL(-1e9);
    return q < REAL(1e9) ? q : REAL(1e9);
}

REAL2 latticeValue(uint i, uint j, uint k)
{
    uint h = (i * 0x8da6b343u) ^ (j * 0xd8163841u) ^ (k * 0xcb1ab31fu);
    h ^= h >> 16;
    h *= 0x7feb352du;
    h ^= h >> 15;
    h *= 0x846ca68bu;
    h ^= h >> 16;
    precise REAL a = (REAL(h & 0xffffu) - REAL(32767.5)) * uNoiseScale;
    precise REAL b = (REAL(h >> 16) - REAL(32767.5)) * uNoiseScale;
    return REAL2(a, b);
}

REAL fade(REAL s)
{
    precise REAL r = s * s * s * (s * (s * REAL(6) - REAL(15)) + REAL(10));
    return r;
}

REAL2 mixed(REAL2 a, REAL2 b, REAL s)
{
    precise REAL rx = a.x + (b.x - a.x) * s;
    precise REAL ry = a.y + (b.y - a.y) * s;
    return REAL2(rx, ry);
}

void main()
{
    const uint p = invocation();
    if (p >= uCount)
        return;
    const REAL2 at = x[p];
    precise REAL qx = (at.x - uWind.x * uTime) * uInvLength;
    precise REAL qy = (at.y - uWind.y * uTime) * uInvLength;
    precise REAL qt = uTime * uInvPeriod;
    qx = held(qx);
    qy = held(qy);
    qt = held(qt);
    const REAL fx = floor(qx);
    const REAL fy = floor(qy);
    const REAL ft = floor(qt);
    const uint i = uint(int(fx));
    const uint j = uint(int(fy));
    const uint k = uint(int(ft));
    precise REAL ux = qx - fx;
    precise REAL uy = qy - fy;
    precise REAL ut = qt - ft;
    const REAL sx = fade(ux);
    const REAL sy = fade(uy);
    const REAL st = fade(ut);
    REAL2 plane[2];
    for (uint dk = 0u; dk < 2u; ++dk) {
        const REAL2 bottom = mixed(latticeValue(i, j, k + dk), latticeValue(i + 1u, j, k + dk), sx);
        const REAL2 top = mixed(latticeValue(i, j + 1u, k + dk), latticeValue(i + 1u, j + 1u, k + dk), sx);
        plane[dk] = mixed(bottom, top, sy);
    }
    const REAL2 n = mixed(plane[0], plane[1], st);
    precise REAL along = uAlong * n.x;
    precise REAL across = uAcross * n.y;
    precise REAL wx = uWind.x + along * uWind.x - across * uWind.y;
    precise REAL wy = uWind.y + along * uWind.y + across * uWind.x;
    windAt[p] = REAL2(wx, wy);
}
#endif

#if STAGE == 1
layout(std430, binding = 2) readonly buffer Velocities { REAL2 v[]; };
layout(std430, binding = 3) readonly buffer InverseMasses { REAL w[]; };
layout(std430, binding = 5) readonly buffer Alive { uint alive[]; };
layout(std430, binding = 15) writeonly buffer Accel { REAL2 accel[]; };

layout(location = 2) uniform uint uWidth;
layout(location = 3) uniform uint uHeight;
layout(location = 4) uniform REAL uDrag;          // c, N s/m^2
layout(location = 5) uniform REAL uMinLengthSq;   // 1e-6 m^2
layout(location = 6) uniform uint uGusty;         // 1: windAt per particle, 0: uWind
layout(location = 7) uniform uint uMasked;        // 1 when some constraint may be removed
layout(location = 8) uniform REAL uTwoH;          // 2 h, s: the cap (air.h's AirCap)
layout(location = 9) uniform REAL uLimitSq;       // (1 / (2 h))^2, 1/s^2

bool live(uint k)
{
    return uMasked == 0u || ((alive[k >> 5] >> (k & 31u)) & 1u) != 0u;
}

REAL2 velocityOf(uint p)
{
    return w[p] == REAL(0) ? REAL2(0) : v[p];
}

REAL2 windOf(uint p)
{
    return uGusty != 0u ? windAt[p] : uWind;
}

// The force on constraint a-b (air.h's airForce), capped as there.
REAL2 airForce(uint a, uint b)
{
    const REAL2 xa = x[a];
    const REAL2 xb = x[b];
    precise REAL dx = xb.x - xa.x;
    precise REAL dy = xb.y - xa.y;
    precise REAL lengthSquared = dx * dx + dy * dy;
    if (!(lengthSquared >= uMinLengthSq))
        return REAL2(0);
    const REAL2 va = velocityOf(a);
    const REAL2 vb = velocityOf(b);
    const REAL2 wa = windOf(a);
    const REAL2 wb = windOf(b);
    precise REAL relX = REAL(0.5) * (wa.x + wb.x) - REAL(0.5) * (va.x + vb.x);
    precise REAL relY = REAL(0.5) * (wa.y + wb.y) - REAL(0.5) * (va.y + vb.y);
    precise REAL across = relX * -dy + relY * dx;
    precise REAL wSum = w[a] + w[b];
    precise REAL q = uDrag * wSum;
    precise REAL capTest = q * q * lengthSquared;
    precise REAL s;
    if (capTest > uLimitSq)
        s = across / (uTwoH * wSum * lengthSquared);
    else
        s = uDrag * across / sqrt(lengthSquared);
    precise REAL fx = s * -dy;
    precise REAL fy = s * dx;
    return REAL2(fx, fy);
}

// Each particle's constraints in ascending page order (buildClothGrid): horizontal left and
// right, vertical up and down, then the diagonals of cells (r-1, c-1), (r-1, c), (r, c-1),
// (r, c): the order in which the CPU adds them up.
void main()
{
    const uint p = invocation();
    if (p >= uCount)
        return;
    if (w[p] == REAL(0)) {
        accel[p] = REAL2(0);
        return;
    }
    const uint W = uWidth;
    const uint H = uHeight;
    const uint r = p / W;
    const uint c = p - r * W;
    const uint vBase = H * (W - 1u);
    const uint dBase = vBase + (H - 1u) * W;
    precise REAL sumX = REAL(0);
    precise REAL sumY = REAL(0);
    REAL2 f;
#define ADD(K, A, B)                 \
    if (live(K)) {                   \
        f = airForce(A, B);          \
        sumX = sumX + f.x;           \
        sumY = sumY + f.y;           \
    }
    if (c > 0u)
        ADD(r * (W - 1u) + c - 1u, p - 1u, p)
    if (c + 1u < W)
        ADD(r * (W - 1u) + c, p, p + 1u)
    if (r > 0u)
        ADD(vBase + (r - 1u) * W + c, p - W, p)
    if (r + 1u < H)
        ADD(vBase + r * W + c, p, p + W)
    if (r > 0u && c > 0u)
        ADD(dBase + 2u * ((r - 1u) * (W - 1u) + c - 1u), p - W - 1u, p)
    if (r > 0u && c + 1u < W)
        ADD(dBase + 2u * ((r - 1u) * (W - 1u) + c) + 1u, p - W + 1u, p)
    if (r + 1u < H && c > 0u)
        ADD(dBase + 2u * (r * (W - 1u) + c - 1u) + 1u, p, p + W - 1u)
    if (r + 1u < H && c + 1u < W)
        ADD(dBase + 2u * (r * (W - 1u) + c), p, p + W + 1u)
#undef ADD
    precise REAL share = REAL(0.5) * w[p];
    precise REAL ax = share * sumX;
    precise REAL ay = share * sumY;
    accel[p] = REAL2(ax, ay);
}
#endif
