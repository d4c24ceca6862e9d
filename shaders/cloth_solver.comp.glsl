// The GPU solver's compute kernels: the colored order of the page grid's constraints
// (pbd::clothGridSets), in float or double. The host prepends
//   #version 430 core
//   #define REAL_IS_DOUBLE 0|1
//   #define STAGE 0 (predict) | 1 (project) | 2 (velocity and damping) | 3 (cell areas)
//                 | 4 (tearing) | 5 (positions to float for drawing; in 3D with normals)
//                 | 6, 7 (picking: nearest distance, then its lowest index) | 8 (tethers)
//                 | 9 (bending, 3D only)
//   #define XPBD 0|1          (project: with compliance and a lambda per constraint)
//   #define DIM 2|3           (the cloth's dimensions: stages 0 to 2, 4 and 8 exist in both)
// and shaders/kernel_common.glsl (REAL, the work group, invocation()).
// Every arithmetic result is `precise` (no fused multiply-add, no reassociation), and the
// operations are exactly those of the CPU kernels, in the same order (docs/core-api.md, the
// colored form), so that the double kernels give the CPU's bits where the GPU rounds as
// IEEE 754 says.

// VEC is a particle's position or velocity (REAL2 or REAL3), LOAD(a, i) and STORE(a, i, p)
// read and write particle i's in buffer a. In 2D the buffers are arrays of REAL2 (std430: a
// two-component vector's stride is its size, on every driver). In 3D they are plain arrays
// of REAL, particle i's x, y, z at 3i, 3i + 1, 3i + 2: std430 gives an array of scalars the
// scalar's own stride (8 bytes in double, 4 in float) with no padding, whereas an array of
// dvec3 would take 32 bytes per element (std430 aligns a three-component vector as four).
// Each component is its own double, loaded and stored whole, so nothing is packed or fused.
#if DIM == 3
#if STAGE == 3 || STAGE == 6 || STAGE == 7
#error "only stages 0 (predict), 1 (project), 2 (velocity), 4 (tearing), 5 (drawing), 8 (tethers) and 9 (bending) exist in 3D"
#endif
#define VEC REAL3
#define LOAD(a, i) REAL3(a[3u * (i)], a[3u * (i) + 1u], a[3u * (i) + 2u])
#define STORE(a, i, p) { const uint k_ = 3u * (i); const REAL3 q_ = (p); \
                         a[k_] = q_.x; a[k_ + 1u] = q_.y; a[k_ + 2u] = q_.z; }
layout(std430, binding = 0) buffer Positions { REAL x[]; };
layout(std430, binding = 1) buffer StepStart { REAL x0[]; };
layout(std430, binding = 2) buffer Velocities { REAL v[]; };
#else
#define VEC REAL2
#define LOAD(a, i) a[i]
#define STORE(a, i, p) { a[i] = (p); }
layout(std430, binding = 0) buffer Positions { REAL2 x[]; };
layout(std430, binding = 1) buffer StepStart { REAL2 x0[]; };
layout(std430, binding = 2) buffer Velocities { REAL2 v[]; };
#endif
layout(std430, binding = 3) readonly buffer InverseMasses { REAL w[]; };
#if (STAGE == 1 && XPBD) || STAGE == 3
layout(std430, binding = 4) buffer Lambdas { REAL lambda[]; };
#endif

#if STAGE == 1 || STAGE == 4 || STAGE == 9
// One bit per constraint in the page's order (buildClothGrid): 1 live, 0 removed.
layout(std430, binding = 5) buffer Alive { uint alive[]; };

bool isAlive(uint k)
{
    return ((alive[k >> 5] >> (k & 31u)) & 1u) != 0u;
}
#endif

#if STAGE == 0
// Symplectic Euler for movable particles: x0 = x; v.y += h g; x += h v.
// uStep (step_block.glsl): particles, h, gravity along y, air (1: add the air's
// accelerations, air.comp.glsl).
// In 3D as in 2D, z as x (step_phases.h's predict over D), the air's acceleration too.
#if DIM == 3
layout(std430, binding = 15) readonly buffer AirAccel { REAL airAccel[]; };
#else
layout(std430, binding = 15) readonly buffer AirAccel { REAL2 airAccel[]; };
#endif

void main()
{
    const uint i = invocation();
    if (i >= uStep.particles || w[i] == REAL(0))
        return;
    const VEC p = LOAD(x, i);
    STORE(x0, i, p);
    if (uStep.air != 0u) { // v += h (g + a), as step_phases.h's predict
        const VEC a = LOAD(airAccel, i);
        const VEC u = LOAD(v, i);
        precise REAL ax = u.x + uStep.h * a.x;
        precise REAL ay = u.y + uStep.h * (uStep.gravity + a.y);
#if DIM == 3
        precise REAL az = u.z + uStep.h * a.z;
        const VEC un = VEC(ax, ay, az);
#else
        const VEC un = VEC(ax, ay);
#endif
        STORE(v, i, un);
        precise VEC q = p + uStep.h * un; // each component x + h v
        STORE(x, i, q);
        return;
    }
    VEC u = LOAD(v, i);
    precise REAL vy = u.y + uStep.h * uStep.gravity;
    u.y = vy;
    precise VEC q = p + uStep.h * u; // each component x + h v
    STORE(v, i, u);
    STORE(x, i, q);
}
#endif

#if STAGE == 1
// One grid set: for rows i = firstRow, firstRow + rowStep, ... and k < columnCount, the
// constraint between a = i * width + firstColumn + k * columnStep + aOffset and
// b = (the same) + bOffset. No two constraints of a set share a particle.
layout(location = 0) uniform uint uSet;        // which of the eight sets
layout(location = 1) uniform uint uWidth;      // particles per row
layout(location = 2) uniform REAL uMinLength;  // shorter constraints are skipped, m
layout(location = 4) uniform uvec4 uSetA[8];   // firstRow, rowStep, firstColumn, columnStep
layout(location = 12) uniform uvec4 uSetB[8];  // columnCount, aOffset, bOffset, count
layout(location = 20) uniform REAL uRest[8];   // rest length, m
layout(location = 29) uniform uint uHeight;    // particles per column
layout(location = 30) uniform REAL uZero;      // 0
// From uStep (step_block.glsl): alphaTilde, the compliance / h^2 (XPBD); masked, 1 when some
// constraint may be removed; edgeAlphaTilde, the edge springs' compliance / h^2 on a sized
// cloth (pbd::halvesEdgeSprings: twice alphaTilde), 0 when they have alphaTilde: the
// horizontals of the first and last rows, the verticals of the first and last columns
// (pbd::isEdgeSpring); shearAlphaTilde, the diagonals' when shear is 1
// (Settings::shearStiffness).

#if XPBD
// The compliance / h^2 of the constraint of set uSet at row i, column j.
REAL alphaTildeAt(uint i, uint j)
{
    if (uStep.shear != 0u && uSet >= 4u)
        return uStep.shearAlphaTilde;
    if (uStep.edgeAlphaTilde != REAL(0)) {
        if (uSet < 2u && uHeight > 1u && (i == 0u || i == uHeight - 1u))
            return uStep.edgeAlphaTilde;
        if (uSet >= 2u && uSet < 4u && uWidth > 1u && (j == 0u || j == uWidth - 1u))
            return uStep.edgeAlphaTilde;
    }
    return uStep.alphaTilde;
}
#endif

// The page-order index (buildClothGrid) of the constraint of set uSet at row i, column j.
uint constraintIndex(uint i, uint j)
{
    const uint verticalBase = uHeight * (uWidth - 1u);
    if (uSet < 2u)
        return i * (uWidth - 1u) + j;
    if (uSet < 4u)
        return verticalBase + i * uWidth + j;
    return verticalBase + (uHeight - 1u) * uWidth + 2u * (i * (uWidth - 1u) + j) +
           (uSet < 6u ? 0u : 1u);
}

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
    const VEC pa = LOAD(x, a);
    const VEC pb = LOAD(x, b);
    const REAL wa = w[a];
    const REAL wb = w[b];
    precise VEC d = pa - pb;
#if DIM == 3
    precise REAL len = sqrt(d.x * d.x + d.y * d.y + d.z * d.z); // (x + y) + z, as the CPU
#else
    precise REAL len = sqrt(d.x * d.x + d.y * d.y);
#endif
    precise REAL wSum = wa + wb;
    if (!(len > uMinLength) || wSum == REAL(0))
        return;
    const REAL rest = uRest[uSet];
    const bool removed = uStep.masked != 0u &&
                         !isAlive(constraintIndex(sa4.x + row * sa4.y, sa4.z + column * sa4.w));
#if XPBD
    const REAL lam = lambda[t];
    const REAL at = alphaTildeAt(sa4.x + row * sa4.y, sa4.z + column * sa4.w);
    precise REAL numerator = (rest - len) - at * lam;
    precise REAL denominator = len * (wSum + at);
#else
    precise REAL numerator = rest - len;
    precise REAL denominator = len * wSum;
#endif
#if DIM == 3
    // As the CPU's 3D kernels (colored_kernels_3d.h): a removed constraint's numerator is
    // masked to +0 (a uniform 0, so that nothing folds), so s = +0.
    if (removed)
        numerator = uZero;
#endif
    precise REAL s = numerator / denominator;
#if DIM == 2
    // As the CPU's 2D masked kernel: a removed constraint's correction times 0 (a uniform 0,
    // so that no compiler folds s * 0 into +0: the product keeps the sign of s, as on the CPU).
    if (removed)
        s = s * uZero;
#endif
#if XPBD
    precise REAL newLambda = lam + s * len;
    lambda[t] = newLambda;
#endif
    precise REAL sA = wa * s;
    precise REAL sB = wb * s;
    precise VEC na = pa + sA * d; // each component a + sA d
    precise VEC nb = pb - sB * d;
    STORE(x, a, na);
    STORE(x, b, nb);
}
#endif

#if STAGE == 2
// v = (1/h) (x - x0) for movable particles, then v *= f when damping is on.
// uStep (step_block.glsl): particles, invH (1 / h, 1/s), dampFactor (max(0, 1 - d h)),
// damp (1 when damping d > 0).

void main()
{
    const uint i = invocation();
    if (i >= uStep.particles || w[i] == REAL(0))
        return;
    const VEC p = LOAD(x, i);
    const VEC q = LOAD(x0, i);
    precise VEC u = uStep.invH * (p - q);
    if (uStep.damp != 0u)
        u = u * uStep.dampFactor;
    STORE(v, i, u);
}
#endif

#if STAGE == 3
// One set of cell triangles with signed-area constraints (XPBD [MMC16]): the cells (i, j) of
// row parity uSet >> 2 and column parity (uSet >> 1) & 1, triangle uSet & 1:
//   t = 0: (i, j), (i+1, j), (i, j+1);   t = 1: (i, j+1), (i+1, j), (i+1, j+1).
// No two triangles of a set share a particle. The operations of the CPU's projectArea.
layout(location = 0) uniform uint uSet;         // 0 .. 7
layout(location = 1) uniform uint uWidth;       // particles per row
layout(location = 2) uniform REAL uRestArea;    // m^2
// uStep.areaAlphaTilde (step_block.glsl): the cells' compliance / h^2.
layout(location = 4) uniform uvec2 uCounts[8];  // cells per row of the set, cells in the set

void main()
{
    const uint t = invocation();
    const uvec2 counts = uCounts[uSet];
    if (t >= counts.y)
        return;
    const uint rowIndex = t / counts.x;
    const uint i = (uSet >> 2) + 2u * rowIndex;
    const uint j = ((uSet >> 1) & 1u) + 2u * (t - rowIndex * counts.x);
    const uint base = i * uWidth + j;
    uint i0, i1, i2;
    if ((uSet & 1u) == 0u) {
        i0 = base;
        i1 = base + uWidth;
        i2 = base + 1u;
    } else {
        i0 = base + 1u;
        i1 = base + uWidth;
        i2 = base + uWidth + 1u;
    }
    const REAL2 p0 = x[i0];
    const REAL2 p1 = x[i1];
    const REAL2 p2 = x[i2];
    const REAL w0 = w[i0];
    const REAL w1 = w[i1];
    const REAL w2 = w[i2];
    const REAL oneHalf = REAL(0.5);
    precise REAL g1x = oneHalf * (p2.y - p0.y);
    precise REAL g1y = oneHalf * (p0.x - p2.x);
    precise REAL g2x = oneHalf * (p0.y - p1.y);
    precise REAL g2y = oneHalf * (p1.x - p0.x);
    precise REAL g0x = -(g1x + g2x);
    precise REAL g0y = -(g1y + g2y);
    precise REAL weight = w0 * (g0x * g0x + g0y * g0y) + w1 * (g1x * g1x + g1y * g1y) +
                          w2 * (g2x * g2x + g2y * g2y);
    if (!(weight > REAL(0)))
        return;
    precise REAL c =
        oneHalf * ((p1.x - p0.x) * (p2.y - p0.y) - (p1.y - p0.y) * (p2.x - p0.x)) - uRestArea;
    const REAL lam = lambda[t];
    precise REAL dl = -(c + uStep.areaAlphaTilde * lam) / (weight + uStep.areaAlphaTilde);
    precise REAL newLambda = lam + dl;
    lambda[t] = newLambda;
    precise REAL s0 = w0 * dl;
    precise REAL s1 = w1 * dl;
    precise REAL s2 = w2 * dl;
    precise REAL ax = p0.x + s0 * g0x;
    precise REAL ay = p0.y + s0 * g0y;
    precise REAL bx = p1.x + s1 * g1x;
    precise REAL by = p1.y + s1 * g1y;
    precise REAL cx = p2.x + s2 * g2x;
    precise REAL cy = p2.y + s2 * g2y;
    x[i0] = REAL2(ax, ay);
    x[i1] = REAL2(bx, by);
    x[i2] = REAL2(cx, cy);
}
#endif

#if STAGE == 4
// Tearing after a substep: every live constraint whose strain |L - rest| / rest exceeds
// uStep.tearStrain is removed, all judged on the same positions (the CPU's tear()), and counted in
// tornCount, so that the CPU reads four bytes to learn whether anything tore.
layout(std430, binding = 7) buffer Torn { uint tornCount; };
layout(location = 0) uniform uint uCount;        // constraints
layout(location = 1) uniform uint uWidth;        // particles per row
layout(location = 2) uniform uint uHeight;       // particles per column
// uStep.tearStrain (step_block.glsl): dimensionless.
layout(location = 4) uniform REAL uRestHorizontal; // m
layout(location = 5) uniform REAL uRestDiagonal;   // m
layout(location = 6) uniform REAL uRestVertical;   // m

void main()
{
    const uint k = invocation();
    if (k >= uCount || !isAlive(k))
        return;
    const uint horizontal = uHeight * (uWidth - 1u);
    const uint vertical = (uHeight - 1u) * uWidth;
    uint a, b;
    REAL rest = uRestHorizontal;
    if (k < horizontal) {
        const uint i = k / (uWidth - 1u);
        a = i * uWidth + (k - i * (uWidth - 1u));
        b = a + 1u;
    } else if (k < horizontal + vertical) {
        rest = uRestVertical;
        a = k - horizontal;
        b = a + uWidth;
    } else {
        const uint q = k - horizontal - vertical;
        const uint cell = q >> 1;
        const uint i = cell / (uWidth - 1u);
        const uint j = cell - i * (uWidth - 1u);
        rest = uRestDiagonal;
        if ((q & 1u) == 0u) {
            a = i * uWidth + j;
            b = a + uWidth + 1u;
        } else {
            a = i * uWidth + j + 1u;
            b = (i + 1u) * uWidth + j;
        }
    }
    precise VEC d = LOAD(x, a) - LOAD(x, b);
#if DIM == 3
    precise REAL len = sqrt(d.x * d.x + d.y * d.y + d.z * d.z); // (x + y) + z, as the CPU's tear()
#else
    precise REAL len = sqrt(d.x * d.x + d.y * d.y);
#endif
    precise REAL strain = abs(len - rest) / rest;
    if (strain > uStep.tearStrain) {
        atomicAnd(alive[k >> 5], ~(1u << (k & 31u)));
        atomicAdd(tornCount, 1u);
    }
}
#endif

#if STAGE == 5 && DIM == 3
// The 3D picture's vertices, on the GPU: the positions as float x, y, z (a plain float array,
// 12 bytes per particle, as the renderer's vertex attribute reads them; round to nearest, as
// the CPU's conversion) and each particle's unit normal: the sum of the cross products of the
// grid's triangles that hold it, each cell split along its falling diagonal as the app's
// meshTriangles() splits a whole cell, (a, d, b) and (a, c, d), faces in REAL, sums in float,
// as the app's vertexNormals(); +z where they cancel. Torn cells count as whole here.
layout(std430, binding = 6) writeonly buffer RenderPositions { float renderPosition[]; };
layout(std430, binding = 10) writeonly buffer RenderNormals { float renderNormal[]; };
layout(location = 0) uniform uint uCount;  // particles
layout(location = 1) uniform uint uWidth;  // particles per row
layout(location = 2) uniform uint uHeight; // rows

vec3 face(uint a, uint b, uint c)
{
    const REAL3 pa = LOAD(x, a);
    return vec3(cross(LOAD(x, b) - pa, LOAD(x, c) - pa));
}

void main()
{
    const uint i = invocation();
    if (i >= uCount)
        return;
    const vec3 p = vec3(LOAD(x, i));
    renderPosition[3u * i] = p.x;
    renderPosition[3u * i + 1u] = p.y;
    renderPosition[3u * i + 2u] = p.z;
    const uint row = i / uWidth;
    const uint column = i - row * uWidth;
    vec3 n = vec3(0.0);
    for (uint r = max(row, 1u) - 1u; r <= row && r + 1u < uHeight; ++r)
        for (uint c = max(column, 1u) - 1u; c <= column && c + 1u < uWidth; ++c) {
            const uint a = r * uWidth + c;
            const uint b = a + 1u;
            const uint cc = a + uWidth;
            const uint d = cc + 1u;
            if (i != cc)
                n += face(a, d, b);
            if (i != b)
                n += face(a, cc, d);
        }
    const float len = length(n);
    n = len > 0.0 && !isinf(len) && !isnan(len) ? n / len : vec3(0.0, 0.0, 1.0);
    renderNormal[3u * i] = n.x;
    renderNormal[3u * i + 1u] = n.y;
    renderNormal[3u * i + 2u] = n.z;
}
#endif

#if STAGE == 5 && DIM == 2
// The positions as float (x, y) pairs for the renderer's vertex and instance attributes, on
// the GPU (double precision: the renderer cannot read doubles as floats). Round to nearest,
// as the CPU's static_cast<float>.
layout(std430, binding = 6) writeonly buffer RenderPositions { vec2 renderPosition[]; };
layout(location = 0) uniform uint uCount; // particles

void main()
{
    const uint i = invocation();
    if (i < uCount)
        renderPosition[i] = vec2(x[i]);
}
#endif

#if STAGE == 8
// Tethers [KCM12], the CPU's projectTethersScalar: for a movable particle, its slots in order
// (slot s at s * uCount + i), each a unilateral limit |x - a| <= L towards an immovable anchor
// a: when |d| > L with d = x - a, x = a + d (L / |d|); |d|^2 against L^2 first. An anchor is
// pinned (w = 0), so no invocation writes the position another one reads.
layout(std430, binding = 8) readonly buffer TetherAnchors { uint tetherAnchor[]; };
layout(std430, binding = 9) readonly buffer TetherLengths { REAL tetherLength[]; };
layout(location = 0) uniform uint uCount; // particles
layout(location = 1) uniform uint uSlots; // tethers per particle

void main()
{
    const uint i = invocation();
    if (i >= uCount || w[i] == REAL(0))
        return;
    VEC p = LOAD(x, i);
    for (uint s = 0u; s < uSlots; ++s) {
        const uint k = s * uCount + i;
        const VEC a = LOAD(x, tetherAnchor[k]);
        const REAL l = tetherLength[k];
        precise VEC d = p - a;
#if DIM == 3
        precise REAL d2 = d.x * d.x + d.y * d.y + d.z * d.z; // (x + y) + z, as the CPU's dot
#else
        precise REAL d2 = d.x * d.x + d.y * d.y;
#endif
        precise REAL l2 = l * l;
        if (!(d2 > l2))
            continue;
        precise REAL dl = sqrt(d2);
        if (!(dl > l))
            continue;
        precise REAL f = l / dl;
        precise VEC q = a + d * f; // each component a + d f
        p = q;
    }
    STORE(x, i, p);
}
#endif

#if STAGE == 9
// Bending [BWH+06] in 3D (src/pbd/cloth/bending.h): one of the ten sets of
// pbd/device/bending.h, no two of whose constraints share a particle; each invocation
// projects one, with the operations of the core's projectBend (sets 0 to 5: C = x_a - 2 x_b
// + x_c) or projectTwist (sets 6 to 9: C = (x_a - x_b) - (x_c - x_d)) in their order:
//   dlambda = -(C + alpha~ lambda) / (sum w k^2 + alpha~),  lambda += dlambda,
//   x_i += w_i k_i dlambda,  alpha~ = alpha / h^2.
// A constraint whose edge (a bend) or diagonal (a twist) was cut or torn is skipped.
// Per entry (the sets one after another): six uints (a, b, c, d, then the two constraints
// whose removal skips it; a bend's d is unused), its compliance alpha (1/(N m)), and its
// multiplier, three reals (an array of scalars: see LOAD).
layout(std430, binding = 20) readonly buffer BendParticles { uint bendParticle[]; };
layout(std430, binding = 21) readonly buffer BendCompliances { REAL bendCompliance[]; };
layout(std430, binding = 22) buffer BendLambdas { REAL bendLambda[]; };
layout(location = 0) uniform uint uFirst;  // the set's first entry
layout(location = 1) uniform uint uCount;  // its entries
layout(location = 2) uniform uint uTwists; // 1: a set of twists (6 to 9)
layout(location = 3) uniform REAL uInvH2;  // 1 / h^2, 1/s^2 (the host's double, rounded once)

void main()
{
    const uint t = invocation();
    if (t >= uCount)
        return;
    const uint e = uFirst + t;
    const uint o = 6u * e;
    if (uStep.masked != 0u && (!isAlive(bendParticle[o + 4u]) || !isAlive(bendParticle[o + 5u])))
        return;
    const uint ia = bendParticle[o];
    const uint ib = bendParticle[o + 1u];
    const uint ic = bendParticle[o + 2u];
    const REAL wa = w[ia];
    const REAL wb = w[ib];
    const REAL wc = w[ic];
    const VEC xa = LOAD(x, ia);
    const VEC xb = LOAD(x, ib);
    const VEC xc = LOAD(x, ic);
    const VEC l = LOAD(bendLambda, e);
    precise REAL at = bendCompliance[e] * uInvH2;
    // The stencil's sum of w k^2, C, and the weights w_i k_i that move b and c (a's is w_a,
    // d's w_d): x - y dl written as x + (-y) dl, the same IEEE operation.
    REAL s;
    VEC c;
    REAL kb;
    REAL kc;
    const uint id = bendParticle[o + 3u];
    REAL wd = REAL(0);
    VEC xd = VEC(0);
    if (uTwists == 0u) {
        precise REAL sum = wa + REAL(4) * wb + wc;
        precise VEC stencil = xa - REAL(2) * xb + xc;
        precise REAL twoWb = -(REAL(2) * wb);
        s = sum;
        c = stencil;
        kb = twoWb;
        kc = wc;
    } else {
        wd = w[id];
        xd = LOAD(x, id);
        precise REAL sum = wa + wb + wc + wd;
        precise VEC stencil = (xa - xb) - (xc - xd);
        s = sum;
        c = stencil;
        kb = -wb;
        kc = -wc;
    }
    if (s == REAL(0))
        return;
    precise REAL q = REAL(-1) / (s + at);
    precise VEC dl = (c + at * l) * q;
    precise VEC nl = l + dl;
    precise VEC na = xa + wa * dl;
    precise VEC nb = xb + kb * dl;
    precise VEC nc = xc + kc * dl;
    STORE(bendLambda, e, nl);
    STORE(x, ia, na);
    STORE(x, ib, nb);
    STORE(x, ic, nc);
    if (uTwists != 0u) {
        precise VEC nd = xd + wd * dl;
        STORE(x, id, nd);
    }
}
#endif

#if STAGE == 6 || STAGE == 7
// The particle under the pointer (the app's hover): the one nearest to uPoint strictly within
// uRadius window pixels, the lowest index among equals (pickParticle's rule), in two passes
// over float positions: 6 keeps the smallest distance (the bits of a positive float order as
// the float does), 7 the lowest index at that distance. pick = {distance bits, index}, both
// 0xFFFFFFFF before pass 6; the index stays 0xFFFFFFFF when no particle is near enough.
layout(std430, binding = 6) readonly buffer RenderPositions { vec2 renderPosition[]; };
layout(std430, binding = 7) buffer Pick { uint pickDistance; uint pickIndex; };
layout(location = 0) uniform uint uCount;   // particles
layout(location = 1) uniform vec2 uOrigin;  // window pixels (Camera::origin)
layout(location = 2) uniform float uZoom;   // window pixels per metre
layout(location = 3) uniform vec2 uPoint;   // the pointer, window pixels
layout(location = 4) uniform float uRadius; // window pixels

void main()
{
    const uint i = invocation();
    if (i >= uCount)
        return;
    const vec2 p = renderPosition[i];
    precise float sx = uOrigin.x + uZoom * p.x - uPoint.x;
    precise float sy = uOrigin.y - uZoom * p.y - uPoint.y;
    precise float d = sqrt(sx * sx + sy * sy);
    if (!(d < uRadius))
        return;
#if STAGE == 6
    atomicMin(pickDistance, floatBitsToUint(d));
#else
    if (floatBitsToUint(d) == pickDistance)
        atomicMin(pickIndex, i);
#endif
}
#endif
