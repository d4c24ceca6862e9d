// The air (src/pbd/air/air.h, air.cpp) on the GPU: the same arithmetic in the same order, so
// that double agrees with the colored CPU solver to rounding. Prepended by the host:
//   #version 430 core
//   #define REAL_IS_DOUBLE 0|1
//   #define STAGE 0 (gust wind per particle) | 1 (the air's acceleration per particle, 2D)
//                 | 2 (the force per surface triangle, 3D) | 3 (each particle's shares of
//                 its triangles' forces, 3D: src/pbd/air/air_triangles.h)
//   #define DIM 2|3 (the cloth's dimensions)
// and shaders/kernel_common.glsl (REAL, the work group, invocation()).
// Constants that are not exact in float (0.8, 1e-6, 1 / 32767.5) come as uniforms computed
// on the host in double, as the CPU computes them.

// VEC, LOAD and STORE as in cloth_solver.comp.glsl: in 3D the particles' vectors are plain
// arrays of REAL (x, y, z at 3i, 3i + 1, 3i + 2), in 2D arrays of REAL2.
#if DIM == 3
#define VEC REAL3
#define LOAD(a, i) REAL3(a[3u * (i)], a[3u * (i) + 1u], a[3u * (i) + 2u])
#define STORE(a, i, p) { const uint k_ = 3u * (i); const REAL3 q_ = (p); \
                         a[k_] = q_.x; a[k_ + 1u] = q_.y; a[k_ + 2u] = q_.z; }
layout(std430, binding = 0) readonly buffer Positions { REAL x[]; };
layout(std430, binding = 14) buffer WindAt { REAL windAt[]; };
#else
#define VEC REAL2
#define LOAD(a, i) a[i]
#define STORE(a, i, p) { a[i] = (p); }
layout(std430, binding = 0) readonly buffer Positions { REAL2 x[]; };
layout(std430, binding = 14) buffer WindAt { REAL2 windAt[]; };
#endif

layout(location = 0) uniform uint uCount; // particles (stage 2: triangles)
layout(location = 1) uniform VEC uWind;   // m/s

#if STAGE == 0
layout(location = 2) uniform REAL uTime;       // s
layout(location = 3) uniform REAL uInvLength;  // 1 / kGustLength, 1/m
layout(location = 4) uniform REAL uInvPeriod;  // 1 / kGustPeriod, 1/s
layout(location = 5) uniform REAL uAlong;      // gusts * 0.8
layout(location = 6) uniform REAL uAcross;     // gusts * 0.6
layout(location = 7) uniform REAL uNoiseScale; // 1 / 32767.5
layout(location = 8) uniform REAL uZero;       // 0 (3D: w' has a y of 0 times the gust)

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
    const VEC at = LOAD(x, p);
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
#if DIM == 3
    // gustWind3: w + along w + across (-w.z, 0, w.x), component by component.
    precise REAL wx = uWind.x + along * uWind.x + across * -uWind.z;
    precise REAL wy = uWind.y + along * uWind.y + across * uZero;
    precise REAL wz = uWind.z + along * uWind.z + across * uWind.x;
    STORE(windAt, p, REAL3(wx, wy, wz));
#else
    precise REAL wx = uWind.x + along * uWind.x - across * uWind.y;
    precise REAL wy = uWind.y + along * uWind.y + across * uWind.x;
    windAt[p] = REAL2(wx, wy);
#endif
}
#endif

#if STAGE >= 1
#if DIM == 3
layout(std430, binding = 2) readonly buffer Velocities { REAL v[]; };
layout(std430, binding = 15) writeonly buffer Accel { REAL accel[]; };
#else
layout(std430, binding = 2) readonly buffer Velocities { REAL2 v[]; };
layout(std430, binding = 15) writeonly buffer Accel { REAL2 accel[]; };
#endif
layout(std430, binding = 3) readonly buffer InverseMasses { REAL w[]; };
layout(std430, binding = 5) readonly buffer Alive { uint alive[]; };

layout(location = 2) uniform uint uWidth;
layout(location = 3) uniform uint uHeight;
layout(location = 4) uniform REAL uDrag;          // c, N s/m^2
layout(location = 5) uniform REAL uMinLengthSq;   // 1e-6 m^2 (3D: the least N^2, 1e-12 m^4)
layout(location = 6) uniform uint uGusty;         // 1: windAt per particle, 0: uWind
layout(location = 7) uniform uint uMasked;        // 1 when some constraint may be removed
layout(location = 8) uniform REAL uTwoH;          // 2 h, s: the cap (air.h's AirCap)
layout(location = 9) uniform REAL uLimitSq;       // (1 / (2 h))^2, 1/s^2

bool live(uint k)
{
    return uMasked == 0u || ((alive[k >> 5] >> (k & 31u)) & 1u) != 0u;
}

VEC velocityOf(uint p)
{
    return w[p] == REAL(0) ? VEC(0) : LOAD(v, p);
}

VEC windOf(uint p)
{
    return uGusty != 0u ? LOAD(windAt, p) : uWind;
}

// air_law.h's airScale: the force's scale s (F = s p), capped where (c wSum)^2 l^2 exceeds
// the limit.
REAL airScale(REAL across, REAL wSum, REAL lengthSquared)
{
    precise REAL q = uDrag * wSum;
    precise REAL capTest = q * q * lengthSquared;
    precise REAL s;
    if (capTest > uLimitSq)
        s = across / (uTwoH * wSum * lengthSquared);
    else
        s = uDrag * across / sqrt(lengthSquared);
    return s;
}
#endif

#if STAGE == 1
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
    const REAL s = airScale(across, wSum, lengthSquared);
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

#if STAGE == 2
// The force on each surface triangle (air_triangles.cpp's airTriangleForce): N = (x_b - x_a) x
// (x_c - x_a) / 2, F = s N with s airScale(c, (w - v) . N, w_a + w_b + w_c, |N|^2) (0 when
// |N|^2 < 1e-12 m^4, or when one of its edges is cut or torn), w and v the corners' means.
layout(std430, binding = 23) readonly buffer Triangles { uint triangle[]; }; // a, b, c, 3 edges
layout(std430, binding = 24) writeonly buffer Forces { REAL force[]; };     // N, 3 per triangle

void main()
{
    const uint t = invocation();
    if (t >= uCount)
        return;
    const uint o = 6u * t;
    if (!live(triangle[o + 3u]) || !live(triangle[o + 4u]) || !live(triangle[o + 5u])) {
        STORE(force, t, REAL3(0));
        return;
    }
    const uint a = triangle[o];
    const uint b = triangle[o + 1u];
    const uint c = triangle[o + 2u];
    const REAL3 xa = LOAD(x, a);
    precise REAL3 e1 = LOAD(x, b) - xa;
    precise REAL3 e2 = LOAD(x, c) - xa;
    // glm::cross, each product rounded, then halved.
    precise REAL nx = REAL(0.5) * (e1.y * e2.z - e2.y * e1.z);
    precise REAL ny = REAL(0.5) * (e1.z * e2.x - e2.z * e1.x);
    precise REAL nz = REAL(0.5) * (e1.x * e2.y - e2.x * e1.y);
    const REAL3 normal = REAL3(nx, ny, nz);
    precise REAL areaSquared = nx * nx + ny * ny + nz * nz;
    if (!(areaSquared >= uMinLengthSq)) {
        STORE(force, t, REAL3(0));
        return;
    }
    precise REAL3 relative = (windOf(a) + windOf(b) + windOf(c)) / REAL(3) -
                             (velocityOf(a) + velocityOf(b) + velocityOf(c)) / REAL(3);
    precise REAL across = relative.x * nx + relative.y * ny + relative.z * nz;
    precise REAL wSum = w[a] + w[b] + w[c];
    const REAL s = airScale(across, wSum, areaSquared);
    precise REAL3 f = s * normal;
    STORE(force, t, f);
}
#endif

#if STAGE == 3
// Each particle's acceleration w_i sum_t s_ti F_t over its triangles in ascending order
// (pbd/device/air_triangles.h's gather; 0 for a particle that does not move).
layout(std430, binding = 24) readonly buffer Forces { REAL force[]; };
layout(std430, binding = 25) readonly buffer GatherStart { uint gatherStart[]; };
layout(std430, binding = 26) readonly buffer GatherEntries { uint gatherEntry[]; };
layout(std430, binding = 27) readonly buffer GatherShares { REAL gatherShare[]; };

void main()
{
    const uint p = invocation();
    if (p >= uCount)
        return;
    if (w[p] == REAL(0)) {
        STORE(accel, p, REAL3(0));
        return;
    }
    REAL3 sum = REAL3(0);
    for (uint e = gatherStart[p]; e < gatherStart[p + 1u]; ++e) {
        precise REAL3 next = sum + gatherShare[e] * LOAD(force, gatherEntry[e]);
        sum = next;
    }
    precise REAL3 a = w[p] * sum;
    STORE(accel, p, a);
}
#endif
