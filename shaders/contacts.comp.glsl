// The GPU solver's contact phase with the obstacles: the CPU's resolveContacts
// (src/pbd/world/contacts.cpp), one invocation per particle, in float or double. The host prepends
//   #version 430 core
//   #define REAL_IS_DOUBLE 0|1
//   #define STAGE 0 (broad phase: list the particles whose path reaches a shape) | 1 (the
//                 indirect dispatch over that list, one invocation) | 2 (resolve each listed one)
//   #define XPBD 0
//   #define DIM 2|3 (the cloth's dimensions)
// and then shaders/kernel_common.glsl (REAL, the work group, invocation()) and
// shaders/contact_geometry.glsl (the shapes, the geometry) before this file.
// Two passes, so that the long resolution runs only where a shape is near: on hardware that
// runs masked lanes through every branch (llvmpipe), one pass cost every particle all of it.
// The shapes are the CPU's ContactShapes of the substep (prepareContacts, on the host: every
// sine and cosine is the CPU's own), kStride reals each (contact_geometry.glsl). Every
// arithmetic result is `precise` and in the CPU's order, and min, max, clamp and copysign are
// written as the C++ library defines them, so that double gives the CPU's bits where the GPU
// rounds as IEEE 754 says.

// The particles' vectors (VEC, contact_geometry.glsl): in 2D arrays of REAL2, in 3D plain
// arrays of REAL, x, y, z at 3i, 3i + 1, 3i + 2 (as cloth_solver.comp.glsl lays them out).
#if DIM == 3
#define LOAD(a, i) REAL3(a[3u * (i)], a[3u * (i) + 1u], a[3u * (i) + 2u])
#define STORE(a, i, p) { const uint k_ = 3u * (i); const REAL3 q_ = (p); \
                         a[k_] = q_.x; a[k_ + 1u] = q_.y; a[k_ + 2u] = q_.z; }
layout(std430, binding = 0) buffer Positions { REAL x[]; };
layout(std430, binding = 1) readonly buffer StepStart { REAL x0[]; };
#else
#define LOAD(a, i) a[i]
#define STORE(a, i, p) { a[i] = (p); }
layout(std430, binding = 0) buffer Positions { REAL2 x[]; };
layout(std430, binding = 1) readonly buffer StepStart { REAL2 x0[]; };
#endif
layout(std430, binding = 3) readonly buffer InverseMasses { REAL w[]; };
// Per shape, kStride reals laid out as contact_geometry.glsl says (kAt, kBAt, ...).
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

// The vector of DIM reals at shapeData[o].
VEC vectorAt(uint o)
{
    VEC v;
    for (int k = 0; k < DIM; ++k)
        v[k] = shapeData[o + uint(k)];
    return v;
}

Shape shapeAt(uint k)
{
    const uint o = (uFirst + k) * kStride;
    Shape s;
    s.a = vectorAt(o + kAt);
    s.b = vectorAt(o + kBAt);
    for (int j = 0; j < DIM; ++j)
        s.u[j] = vectorAt(o + kAxesAt + uint(DIM * j));
    s.hf = vectorAt(o + kHalfAt);
    s.r = shapeData[o + kRAt];
    s.lo = vectorAt(o + kLoAt);
    s.hi = vectorAt(o + kHiAt);
    s.from = vectorAt(o + kFromAt);
    s.to = vectorAt(o + kToAt);
    for (uint j = 0u; j < TURN_REALS; ++j)
        s.turn[j] = shapeData[o + kTurnAt + j];
    const uint tag = uint(shapeData[o + kTagAt]);
    s.core = tag & 3u;
    s.moving = tag >= 4u;
    return s;
}

// overlaps() reading only what it needs of shape k (the broad phase's loads: a whole shape is
// kStride reals, and most particles meet no shape).
bool overlapsShape(uint k, VEC lo, VEC hi)
{
    const uint o = (uFirst + k) * kStride;
    if ((uint(shapeData[o + kTagAt]) & 3u) != kHalfSpace) {
        for (int j = 0; j < DIM; ++j)
            if (!(lo[j] <= shapeData[o + kHiAt + uint(j)] &&
                  hi[j] >= shapeData[o + kLoAt + uint(j)]))
                return false;
        return true;
    }
    Shape s;
    s.core = kHalfSpace;
    s.a = vectorAt(o + kAt);
    s.u[0] = vectorAt(o + kAxesAt);
    s.r = shapeData[o + kRAt];
    return overlaps(s, lo, hi);
}

bool movingShape(uint k)
{
    return uint(shapeData[(uFirst + k) * kStride + kTagAt]) >= 4u;
}

VEC withFriction(VEC p, VEC carriedStart, VEC n, REAL depth)
{
    const VEC moved = sub(p, carriedStart);
    const VEC tangential = sub(moved, scale(dotV(moved, n), n));
    const REAL length = lengthOf(tangential);
    precise REAL limit = uMu * depth;
    if (length <= limit)
        return sub(p, tangential);
    precise REAL f = limit / length;
    return sub(p, scale(f, tangential));
}

bool inside(uint k, VEC q, out Surface sd)
{
    sd = Surface(REAL(0), upVector());
    if (!overlapsShape(k, q, q))
        return false;
    sd = surfaceDistance(shapeAt(k), q);
    return sd.d < -uTiny;
}

const uint kMaxWays = 16u;
const uint kPairRoom = 6u;

struct Way {
    uint shape;
    VEC n;
    REAL distance;
};

struct PushOut {
    uint shape;
    VEC n;
    REAL distance;
    bool stuck;
};

// contacts.cpp's pushOut: the shortest way found out of the union of the shapes p is in.
PushOut pushOut(VEC p)
{
    const uint count = uShapes;
    Way ways[kMaxWays];
    uint wayCount = 0u;
    for (uint k = 0u; k < count && wayCount < kMaxWays; ++k) {
        Surface sd;
        if (inside(k, p, sd))
            ways[wayCount++] = Way(k, sd.n, -sd.d);
    }
    PushOut best = PushOut(count, VEC(0), REAL(0), false);
    bool paired = false;
    for (uint wi = 0u; wi < wayCount; ++wi) {
        const Way way = ways[wi];
        REAL distance = way.distance;
        bool escaped = false;
        for (uint walk = 0u; walk <= count && finite(distance); ++walk) {
            const VEC q = add(p, scale(distance, way.n));
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
                    const VEC ni = ways[i].n;
                    const VEC nj = ways[j].n;
                    const REAL c = dotV(ni, nj);
                    precise REAL det = REAL(1) - c * c;
                    if (det > uTiny) {
                        precise REAL a = (ways[i].distance - c * ways[j].distance) / det;
                        precise REAL b = (ways[j].distance - c * ways[i].distance) / det;
                        const VEC corner = add(scale(a, ni), scale(b, nj));
                        const REAL length = lengthOf(corner);
                        if (length > REAL(0))
                            ways[wayCount++] = Way(ways[i].shape, divide(corner, length), REAL(0));
                    }
                    const VEC sum = add(ni, nj);
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
bool resolveParticle(VEC start, inout VEC p)
{
    const uint count = uShapes;
    bool touched = false;
    REAL first = REAL(2);
    uint hit = count;
    VEC hitStart = VEC(0);
    for (uint k = 0u; k < count; ++k) {
        // A shape at rest carries nothing: the box of start and p decides before any load.
        if (!movingShape(k) &&
            !overlapsShape(k, lowerOf(start, p), upperOf(start, p)))
            continue;
        const Shape s = shapeAt(k);
        const VEC from = carried(s, start);
        const VEC lo = lowerOf(from, p);
        const VEC hi = upperOf(from, p);
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
        const VEC at = add(hitStart, scale(first, sub(p, hitStart)));
        const VEC n = surfaceDistance(shapeAt(hit), at).n;
        const REAL depth = dotV(sub(at, p), n);
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
    const VEC a = LOAD(x0, i);
    const VEC p = LOAD(x, i);
    // The CPU's broad phase per particle: only a path whose box reaches a shape (or a moving
    // shape) is resolved; any other the resolution would leave alone.
    const VEC pathLo = lowerOf(a, p);
    const VEC pathHi = upperOf(a, p);
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
    VEC p = LOAD(x, i);
    if (resolveParticle(LOAD(x0, i), p))
        STORE(x, i, p);
}
#endif
