// The GPU solver's contact phase with the obstacles: the CPU's resolveContacts
// (src/pbd/world/contacts.cpp), one invocation per particle, in float or double. The host prepends
//   #version 430 core
//   #define REAL_IS_DOUBLE 0|1
//   #define STAGE 0 (broad phase: list the particles whose path reaches a shape) | 1 (the
//                 indirect dispatch over that list, one invocation) | 2 (resolve each listed one)
//   #define XPBD 0
// and then shaders/kernel_common.glsl (REAL, the work group, invocation()) and
// shaders/contact_geometry.glsl (the shapes, the geometry) before this file.
// Two passes, so that the long resolution runs only where a shape is near: on hardware that
// runs masked lanes through every branch (llvmpipe), one pass cost every particle all of it.
// The shapes are the CPU's ContactShapes of the substep (prepareContacts, on the host: every
// sine and cosine is the CPU's own), 20 reals each. Every arithmetic result is `precise` and
// in the CPU's order, and min, max, clamp and copysign are written as the C++ library
// defines them, so that double gives the CPU's bits where the GPU rounds as IEEE 754 says.

layout(std430, binding = 0) buffer Positions { REAL2 x[]; };
layout(std430, binding = 1) readonly buffer StepStart { REAL2 x0[]; };
layout(std430, binding = 3) readonly buffer InverseMasses { REAL w[]; };
// Per shape: a (0, 1), b (2, 3), u (4, 5), half extents (6, 7), r (8), lo (9, 10), hi (11,
// 12), from (13, 14), to (15, 16), cos and sin of the turn (17, 18), core + 4 moving (19).
layout(std430, binding = 14) readonly buffer Shapes { REAL shapeData[]; };
// The broad phase's list: how many, then which particles (in no particular order: each is
// resolved on its own).
layout(std430, binding = 15) buffer Listed { uint listedCount; uint listed[]; };
layout(std430, binding = 16) buffer Groups { uint groups[3]; }; // the indirect dispatch

layout(location = 0) uniform uint uCount;    // particles
layout(location = 1) uniform uint uShapes;   // shapes in this substep
layout(location = 2) uniform uint uFirst;    // this substep's first shape in shapeData
layout(location = 3) uniform REAL uMu;       // Coulomb friction coefficient
layout(location = 4) uniform REAL uTiny;     // kSlop and the wedges' thresholds: 1e-12 (float: 4e-6)

Shape shapeAt(uint k)
{
    const uint o = (uFirst + k) * kStride;
    Shape s;
    s.a = REAL2(shapeData[o], shapeData[o + 1u]);
    s.b = REAL2(shapeData[o + 2u], shapeData[o + 3u]);
    s.u = REAL2(shapeData[o + 4u], shapeData[o + 5u]);
    s.hf = REAL2(shapeData[o + 6u], shapeData[o + 7u]);
    s.r = shapeData[o + 8u];
    s.lo = REAL2(shapeData[o + 9u], shapeData[o + 10u]);
    s.hi = REAL2(shapeData[o + 11u], shapeData[o + 12u]);
    s.from = REAL2(shapeData[o + 13u], shapeData[o + 14u]);
    s.to = REAL2(shapeData[o + 15u], shapeData[o + 16u]);
    s.c = shapeData[o + 17u];
    s.s = shapeData[o + 18u];
    const uint tag = uint(shapeData[o + 19u]);
    s.core = tag & 3u;
    s.moving = tag >= 4u;
    return s;
}

// overlaps() reading only what it needs of shape k (the broad phase's loads: a whole shape is
// 20 reals, and most particles meet no shape).
bool overlapsShape(uint k, REAL2 lo, REAL2 hi)
{
    const uint o = (uFirst + k) * kStride;
    if ((uint(shapeData[o + 19u]) & 3u) != kHalfPlane)
        return lo.x <= shapeData[o + 11u] && hi.x >= shapeData[o + 9u] &&
               lo.y <= shapeData[o + 12u] && hi.y >= shapeData[o + 10u];
    Shape s;
    s.core = kHalfPlane;
    s.a = REAL2(shapeData[o], shapeData[o + 1u]);
    s.u = REAL2(shapeData[o + 4u], shapeData[o + 5u]);
    s.r = shapeData[o + 8u];
    return overlaps(s, lo, hi);
}

bool movingShape(uint k)
{
    return uint(shapeData[(uFirst + k) * kStride + 19u]) >= 4u;
}

REAL2 withFriction(REAL2 p, REAL2 carriedStart, REAL2 n, REAL depth)
{
    const REAL2 moved = sub(p, carriedStart);
    const REAL2 tangential = sub(moved, scale(dot2(moved, n), n));
    const REAL length = lengthOf(tangential);
    precise REAL limit = uMu * depth;
    if (length <= limit)
        return sub(p, tangential);
    precise REAL f = limit / length;
    return sub(p, scale(f, tangential));
}

bool inside(uint k, REAL2 q, out Surface sd)
{
    sd = Surface(REAL(0), REAL2(0, 1));
    if (!overlapsShape(k, q, q))
        return false;
    sd = surfaceDistance(shapeAt(k), q);
    return sd.d < -uTiny;
}

const uint kMaxWays = 16u;
const uint kPairRoom = 6u;

struct Way {
    uint shape;
    REAL2 n;
    REAL distance;
};

struct PushOut {
    uint shape;
    REAL2 n;
    REAL distance;
    bool stuck;
};

// contacts.cpp's pushOut: the shortest way found out of the union of the shapes p is in.
PushOut pushOut(REAL2 p)
{
    const uint count = uShapes;
    Way ways[kMaxWays];
    uint wayCount = 0u;
    for (uint k = 0u; k < count && wayCount < kMaxWays; ++k) {
        Surface sd;
        if (inside(k, p, sd))
            ways[wayCount++] = Way(k, sd.n, -sd.d);
    }
    PushOut best = PushOut(count, REAL2(0), REAL(0), false);
    bool paired = false;
    for (uint wi = 0u; wi < wayCount; ++wi) {
        const Way way = ways[wi];
        REAL distance = way.distance;
        bool escaped = false;
        for (uint walk = 0u; walk <= count && finite(distance); ++walk) {
            const REAL2 q = add(p, scale(distance, way.n));
            uint inShape = count;
            Surface sd;
            for (uint j = 0u; j < count && inShape == count; ++j)
                if (inside(j, q, sd))
                    inShape = j;
            if (inShape == count) {
                escaped = true;
                break;
            }
            if (wayCount + kPairRoom < kMaxWays)
                ways[wayCount++] = Way(inShape, sd.n, REAL(0));
            precise REAL further = distance + exitDistance(shapeAt(inShape), q, way.n);
            distance = further;
        }
        if (escaped && (best.shape == count || distance < best.distance))
            best = PushOut(way.shape, way.n, distance, false);
        if (wi + 1u == wayCount && best.shape == count && !paired) {
            paired = true;
            const uint known = wayCount;
            for (uint i = 0u; i < known; ++i)
                for (uint j = i + 1u; j < known && wayCount + 2u <= kMaxWays; ++j) {
                    const REAL2 ni = ways[i].n;
                    const REAL2 nj = ways[j].n;
                    const REAL c = dot2(ni, nj);
                    precise REAL det = REAL(1) - c * c;
                    if (det > uTiny) {
                        precise REAL a = (ways[i].distance - c * ways[j].distance) / det;
                        precise REAL b = (ways[j].distance - c * ways[i].distance) / det;
                        const REAL2 corner = add(scale(a, ni), scale(b, nj));
                        const REAL length = lengthOf(corner);
                        if (length > REAL(0))
                            ways[wayCount++] = Way(ways[i].shape, divide(corner, length), REAL(0));
                    }
                    const REAL2 sum = add(ni, nj);
                    const REAL length = lengthOf(sum);
                    if (length > uTiny)
                        ways[wayCount++] = Way(ways[i].shape, divide(sum, length), REAL(0));
                }
        }
    }
    best.stuck = best.shape == count && wayCount > 0u;
    return best;
}

// contacts.cpp's resolveParticle: continuous collision, then out of the union (with friction
// in the first round). Returns whether a shape touched the particle; p is where it ends.
bool resolveParticle(REAL2 start, inout REAL2 p)
{
    const uint count = uShapes;
    bool touched = false;
    REAL first = REAL(2);
    uint hit = count;
    REAL2 hitStart = REAL2(0);
    for (uint k = 0u; k < count; ++k) {
        // A shape at rest carries nothing: the box of start and p decides before any load.
        if (!movingShape(k) &&
            !overlapsShape(k, REAL2(minStd(start.x, p.x), minStd(start.y, p.y)),
                           REAL2(maxStd(start.x, p.x), maxStd(start.y, p.y))))
            continue;
        const Shape s = shapeAt(k);
        const REAL2 from = carried(s, start);
        const REAL2 lo = REAL2(minStd(from.x, p.x), minStd(from.y, p.y));
        const REAL2 hi = REAL2(maxStd(from.x, p.x), maxStd(from.y, p.y));
        if (!overlaps(s, lo, hi) || surfaceDistance(s, from).d < -uTiny)
            continue;
        const REAL t = entryFraction(s, from, p);
        if (t >= REAL(0) && t < first) {
            first = t;
            hit = k;
            hitStart = from;
        }
    }
    if (hit != count) {
        const REAL2 at = add(hitStart, scale(first, sub(p, hitStart)));
        const REAL2 n = surfaceDistance(shapeAt(hit), at).n;
        const REAL depth = dot2(sub(at, p), n);
        if (depth > REAL(0)) {
            p = add(p, scale(depth, n));
            if (uMu > REAL(0))
                p = withFriction(p, hitStart, n, depth);
            touched = true;
        }
    }
    for (int round = 0; round < 2; ++round) {
        const PushOut way = pushOut(p);
        if (way.stuck) {
            const PushOut back = pushOut(start);
            if (back.shape == count && !back.stuck) {
                p = start;
                touched = true;
            }
            break;
        }
        if (way.shape == count)
            break;
        p = add(p, scale(way.distance, way.n));
        if (uMu > REAL(0) && round == 0)
            p = withFriction(p, carried(shapeAt(way.shape), start), way.n, way.distance);
        touched = true;
    }
    return touched;
}

#if STAGE == 0
void main()
{
    const uint i = invocation();
    if (i >= uCount || w[i] == REAL(0))
        return;
    const REAL2 a = x0[i];
    const REAL2 p = x[i];
    // The CPU's broad phase per particle: only a path whose box reaches a shape (or a moving
    // shape) is resolved; any other the resolution would leave alone.
    const REAL2 pathLo = REAL2(minStd(a.x, p.x), minStd(a.y, p.y));
    const REAL2 pathHi = REAL2(maxStd(a.x, p.x), maxStd(a.y, p.y));
    bool reaches = false;
    for (uint k = 0u; k < uShapes && !reaches; ++k)
        reaches = movingShape(k) || overlapsShape(k, pathLo, pathHi);
    if (reaches)
        listed[atomicAdd(listedCount, 1u)] = i;
}
#elif STAGE == 1
void main()
{
    // As the host's dispatchKernel lays groups out: at most 65535 along x, rows along y.
    if (gl_GlobalInvocationID.x != 0u)
        return;
    const uint needed = (listedCount + 255u) / 256u;
    const uint across = max(min(needed, 65535u), 1u);
    groups[0] = across;
    groups[1] = needed == 0u ? 0u : (needed + across - 1u) / across;
    groups[2] = 1u;
}
#else
void main()
{
    const uint t = invocation();
    if (t >= listedCount)
        return;
    const uint i = listed[t];
    REAL2 p = x[i];
    if (resolveParticle(x0[i], p))
        x[i] = p;
}
#endif
