// The 3D self-contact between the cloth's elements on the device: the CPU's
// ElementContact::resolve() (src/pbd/world/element_contact.cpp), in float or double, with
// the edges against capsules' axes and a torn sheet's live surface. The host prepends
//   #version 430 core
//   #define REAL_IS_DOUBLE 0|1
//   #define STAGE 0 (the step starts) | 1 (the common motion, one invocation)
//               | 2 (each particle's motion, pad, box, limit) | 3 (the elements' boxes)
//               | 4 (the patches' maps) | 5 (the flat blocks)
//               | 6 (each query's candidates filtered: counted, or written after the scan)
//               | 7 (the start gaps, bounds and guards) | 8 (the first projection pass)
//               | 9 (the later passes over the pairs found within reach)
//               | 10 (a torn sheet: each element's live flag) | 11 (the edges near the
//               capsules' axes) | 12 (the edges against the axes: four passes)
//   #define XPBD 0
//   #define DIM 3
// and shaders/kernel_common.glsl (REAL, the work group, invocation()).
//
// The candidates come from the device's pair search (element_pairs.comp.glsl, the CPU's set
// in the canonical order) over every element; stage 6 drops those the CPU's filter drops
// (all four particles immovable, both in a flat block of patches, the cloth's own neighbours
// shown apart; with a torn sheet, elements not live), so the pairs are the CPU's, in its order
// (its search by patches gives the same pairs, its surface of a torn sheet is the whole one's
// elements in ascending order, filtered). Stages 7 to 9 are Gauss-Seidel in the CPU's order: one work group whose invocations
// take turns (a barrier between turns), each walking its run of the pairs in order, so one
// dispatch walks them all while no invocation's loops pass llvmpipe's 65535 iterations.
// Every result is `precise` and each min, max and clamp is written as C++ defines it, so that
// double gives the CPU's bits.

#if DIM != 3
#error "the elements' self-contact is 3D only"
#endif

#if REAL_IS_DOUBLE
#define REAL4 dvec4
#else
#define REAL4 vec4
#endif

layout(std430, binding = 0) buffer Positions { REAL x[]; };
layout(std430, binding = 1) readonly buffer StepStart { REAL x0[]; };
layout(std430, binding = 3) readonly buffer InverseMasses { REAL w[]; };
// The bound's inputs (self_contact_bound.comp.glsl): per particle its speed limit, then its
// bound, then the common motion (3).
layout(std430, binding = 16) buffer Limits { REAL limits[]; };
// The bound's guards: per guard v[0..3], split + 1; per guard normal x, y, z, margin, high.
// (Each block is declared only in the stages that use it: llvmpipe counts every block declared
// against its 16 a kernel, used or not.)
#if STAGE == 7
layout(std430, binding = 17) buffer GuardParticles { uint guardParticle[]; };
layout(std430, binding = 18) buffer GuardReals { REAL guardReal[]; };
#endif
// Reals: the starts (3 per particle), pads, motions (each particle's moved_), the motions'
// sum (3), then from uPatchBase 21 per patch (its pad, offsets at the start and now, its maps
// at the start and now: origin, u, v), then from uPairBase 4 per pair (its start normal and
// gap): the point-triangle pairs from 0, the edge-edge pairs from uPairCapacity (the kept
// point-triangle pairs' budget).
layout(std430, binding = 19) buffer Work { REAL work[]; };
// Boxes as the search takes them: 6 reals each.
layout(std430, binding = 20) buffer PointBoxes { REAL pointBox[]; };
layout(std430, binding = 21) buffer TriangleBoxes { REAL triangleBox[]; };
layout(std430, binding = 22) buffer EdgeBoxes { REAL edgeBox[]; };
layout(std430, binding = 23) readonly buffer Triangles { uint triangle[]; }; // a, b, c
layout(std430, binding = 24) readonly buffer Edges { uint edge[]; };         // a, b
// Words: see the k* constants below; from kFlat one per block of patches (1: flat). From
// kStatus the step's status, kept until the host takes it (gpu_self_contact3.h): the overflow
// bits (the candidates of kind k: 2 << k, the kept pairs: 8 << k, the search's table
// entries: 32 << k), then what each budget needed (the largest since it was taken): the
// candidates of kind 0 and 1, the kept pairs of kind 0 and 1, the table entries of kind 0 and
// 1. At kEntriesNeeded + k the host copies search k's table entries (its buckets' total).
layout(std430, binding = 25) buffer Words { uint words[]; };
// The search's candidates (query, table) and each query's first (and the total at the end).
#if STAGE == 6
layout(std430, binding = 26) readonly buffer Candidates { uvec2 candidate[]; };
layout(std430, binding = 27) readonly buffer CandidateStart { uint candidateStart[]; };
#endif
// The point-triangle pairs' list from 0, the edge-edge pairs' from uEdgeList: each per query
// its kept count (scanned into starts by the host, the total at the query count), then from
// the query count + 1 the kept pairs (2 uints each), then from there + 2 keptCapacity() the
// pairs found within reach by the first pass (their places in the kept list).
layout(std430, binding = 28) buffer Lists { uint lists[]; };
#if STAGE == 10
// The solver's live flags, one bit per constraint (read with a torn sheet: uMasked).
layout(std430, binding = 5) readonly buffer Alive { uint alive[]; };
#endif
// The surface's words (setSheet()): the rest lengths present among the live edges (stage 10,
// one bit per entry of uRests), then each edge's constraint, each triangle's three, each
// edge's rest length (its entry of uRests), each edge's and each triangle's live flag (stage
// 10), then the edges near a capsule's axis (stage 11): their count, then (edge, axis) each,
// in the CPU's order. See the surface*() functions.
layout(std430, binding = 30) buffer SurfaceWords { uint surfaceWord[]; };
#if STAGE == 7 || STAGE == 11 || STAGE == 12
// The capsules' axes (setSurface()): 13 reals each (a0, b0, a1, b1, radius), then per edge
// near an axis 5 (its start normal, its guard's margin, 1 when guarded).
layout(std430, binding = 29) buffer AxisReals { REAL axisReal[]; };
#endif

uniform uint uParticles;
uniform uint uWidth;       // particles per row
uniform uint uHeight;      // rows
uniform uint uTriangles;
uniform uint uEdges;
uniform uint uPatchesWide;
uniform uint uPatchesHigh;
uniform uint uPatchBase;
uniform uint uPairBase;
uniform uint uPairCapacity; // kept point-triangle pairs the lists hold
uniform uint uEdgePairCapacity; // kept edge-edge pairs the lists hold
uniform uint uCandidateCapacity; // stage 6: the candidates the search's buffer holds
uniform uint uEntryCapacity; // stage 6: the table entries the search holds
uniform uint uEdgeList;     // where the edge-edge pairs' list starts
uniform uint uKind;         // stage 6: 0 points against triangles, 1 edges against edges
uniform uint uWrite;        // stage 6: 0 count, 1 write
uniform uint uNoAxes;       // 1: no capsule (then a common motion)
uniform uint uAxes;         // the capsules' axes
uniform uint uMasked;       // 1: a sheet that may have lost constraints (its live surface)
uniform REAL uRests[4];     // the edges' rest lengths, each once (surfaceRest())
uniform REAL uAxisReach;    // the thickness as the CPU has it there: its floor / 0.1
uniform REAL uThickness;
uniform REAL uFriction;
uniform REAL uCap;          // the largest pad: the longest rest length plus thickness / 2
uniform REAL uPadScale;     // 1.1 / gamma
uniform REAL uGamma;
uniform REAL uFloor;        // kSelfContactFloor * thickness
uniform REAL uReach;        // 1.25 thickness: the first pass keeps the pairs within it
uniform REAL uFar;          // 1.001 uReach

const uint kMovable = 10u;  // movable particles counted by stage 1
const uint kKeptPT = 1u;    // kept point-triangle pairs
const uint kKeptEE = 2u;    // kept edge-edge pairs
const uint kActivePT = 3u;  // pairs within reach after the first pass
const uint kActiveEE = 4u;
const uint kGuards = 5u;    // the bound's guards
const uint kBoundArgs = 6u; // 3 words: the bound's guard dispatch (groups x, y, z)
const uint kCellBits = 0u;  // the search's smallest cell, a third of the widest box and
                            // 2 % more: a float's bits (atomicMax; the search reads word 0)
const uint kStatus = 16u;   // 7 words: the status (see Words)
const uint kEntriesNeeded = 23u; // 2 words: the searches' table entries (host copies)
const uint kFlat = 32u;
const uint kSide = 4u;      // kSelfContactPatch

// ---- the CPU's arithmetic -------------------------------------------------------------

REAL3 pos(uint i) { return REAL3(x[3u * i], x[3u * i + 1u], x[3u * i + 2u]); }
REAL3 startOf(uint i) { return REAL3(work[3u * i], work[3u * i + 1u], work[3u * i + 2u]); }
REAL padOf(uint i) { return work[3u * uParticles + i]; }
REAL movedOf(uint i) { return work[4u * uParticles + i]; }
void store(uint i, REAL3 p)
{
    x[3u * i] = p.x;
    x[3u * i + 1u] = p.y;
    x[3u * i + 2u] = p.z;
}

// Positions at the start (s) or now.
REAL3 at(bool s, uint i) { return s ? startOf(i) : pos(i); }

// dot(): x, then y, then z.
REAL dot3(REAL3 a, REAL3 b)
{
    precise REAL s = a.x * b.x + a.y * b.y;
    precise REAL t = s + a.z * b.z;
    return t;
}
// glm::cross.
REAL3 cross3(REAL3 a, REAL3 b)
{
    precise REAL3 c = REAL3(a.y * b.z - b.y * a.z, a.z * b.x - b.z * a.x, a.x * b.y - b.x * a.y);
    return c;
}
REAL minR(REAL a, REAL b) { return b < a ? b : a; }      // std::min
REAL maxR(REAL a, REAL b) { return a < b ? b : a; }      // std::max
REAL max3R(REAL a, REAL b, REAL c) { return maxR(maxR(a, b), c); } // std::max({a, b, c})
REAL clampR(REAL v, REAL lo, REAL hi) { return v < lo ? lo : (hi < v ? hi : v); }
REAL3 lowerOf(REAL3 a, REAL3 b)
{
    return REAL3(b.x < a.x ? b.x : a.x, b.y < a.y ? b.y : a.y, b.z < a.z ? b.z : a.z);
}
REAL3 upperOf(REAL3 a, REAL3 b)
{
    return REAL3(a.x < b.x ? b.x : a.x, a.y < b.y ? b.y : a.y, a.z < b.z ? b.z : a.z);
}
REAL3 unitOr(REAL3 d, REAL3 fallback)
{
    precise REAL len = sqrt(dot3(d, d));
    precise REAL3 u = d / len;
    return len > REAL(1e-300LF) ? u : fallback;
}
const REAL3 kUp = REAL3(0.0, 1.0, 0.0);

// closestOnSegment(): the fraction along [a, b] nearest p.
REAL closestOnSegment(REAL3 p, REAL3 a, REAL3 b)
{
    precise REAL3 ab = b - a;
    const REAL len2 = dot3(ab, ab);
    if (!(len2 > REAL(0)))
        return REAL(0);
    precise REAL3 ap = p - a;
    precise REAL f = dot3(ap, ab) / len2;
    return clampR(f, REAL(0), REAL(1));
}

// closestOnTriangle(): the barycentric weights (wa, wb, wc) and the point.
struct TriangleClosest {
    REAL3 weights;
    REAL3 point;
};

void tryEdge(REAL3 p, REAL3 u, REAL3 v, uint iu, uint iv, inout REAL bestD2,
             inout TriangleClosest best)
{
    const REAL t = closestOnSegment(p, u, v);
    precise REAL3 q = u + t * (v - u);
    precise REAL3 pq = p - q;
    const REAL d2 = dot3(pq, pq);
    if (bestD2 < REAL(0) || d2 < bestD2) {
        bestD2 = d2;
        REAL3 wts = REAL3(0.0);
        precise REAL rest = REAL(1) - t;
        wts[iu] = rest;
        wts[iv] = t;
        best.weights = wts;
        best.point = q;
    }
}

TriangleClosest closestOnTriangle(REAL3 p, REAL3 a, REAL3 b, REAL3 c)
{
    precise REAL3 ab = b - a;
    precise REAL3 ac = c - a;
    const REAL3 n = cross3(ab, ac);
    const REAL n2 = dot3(n, n);
    const REAL scale2 = maxR(dot3(ab, ab), dot3(ac, ac));
    precise REAL small = REAL(1e-24LF) * scale2 * scale2;
    if (n2 > small) {
        precise REAL3 ap = p - a;
        precise REAL wb = dot3(cross3(ap, ac), n) / n2;
        precise REAL wc = dot3(cross3(ab, ap), n) / n2;
        precise REAL wa = REAL(1) - wb - wc;
        if (wa >= REAL(0) && wb >= REAL(0) && wc >= REAL(0)) {
            precise REAL3 point = wa * a + wb * b + wc * c;
            return TriangleClosest(REAL3(wa, wb, wc), point);
        }
    }
    TriangleClosest best = TriangleClosest(REAL3(1.0, 0.0, 0.0), REAL3(0.0));
    REAL bestD2 = REAL(-1);
    tryEdge(p, a, b, 0u, 1u, bestD2, best);
    tryEdge(p, b, c, 1u, 2u, bestD2, best);
    tryEdge(p, c, a, 2u, 0u, bestD2, best);
    return best;
}

// closestOnSegments(): s along [p0, p1], t along [q0, q1].
REAL2 closestOnSegments(REAL3 p0, REAL3 p1, REAL3 q0, REAL3 q1)
{
    precise REAL3 u = p1 - p0;
    precise REAL3 v = q1 - q0;
    precise REAL3 r = p0 - q0;
    const REAL uu = dot3(u, u);
    const REAL vv = dot3(v, v);
    const REAL vr = dot3(v, r);
    if (!(uu > REAL(0)) && !(vv > REAL(0)))
        return REAL2(0.0);
    if (!(uu > REAL(0))) {
        precise REAL f = vr / vv;
        return REAL2(0.0, clampR(f, REAL(0), REAL(1)));
    }
    const REAL ur = dot3(u, r);
    if (!(vv > REAL(0))) {
        precise REAL f = -ur / uu;
        return REAL2(clampR(f, REAL(0), REAL(1)), 0.0);
    }
    const REAL uv = dot3(u, v);
    precise REAL denom = uu * vv - uv * uv;
    precise REAL tiny = REAL(1e-14LF) * uu * vv;
    precise REAL sLine = (uv * vr - ur * vv) / denom;
    REAL s = denom > tiny ? clampR(sLine, REAL(0), REAL(1)) : REAL(0);
    precise REAL t = (uv * s + vr) / vv;
    if (t < REAL(0)) {
        t = REAL(0);
        precise REAL f = -ur / uu;
        s = clampR(f, REAL(0), REAL(1));
    } else if (t > REAL(1)) {
        t = REAL(1);
        precise REAL f = (uv - ur) / uu;
        s = clampR(f, REAL(0), REAL(1));
    }
    return REAL2(s, t);
}

// Whether two boxes are farther apart than r along some axis.
bool apartBy(REAL3 lo1, REAL3 hi1, REAL3 lo2, REAL3 hi2, REAL r)
{
    precise REAL3 a = lo1 - hi2;
    precise REAL3 b = lo2 - hi1;
    return a.x >= r || b.x >= r || a.y >= r || b.y >= r || a.z >= r || b.z >= r;
}

uint triangleNode(uint t, uint k) { return triangle[3u * t + k]; }
uint edgeNode(uint e, uint k) { return edge[2u * e + k]; }

// ---- the patches (stages 4 to 6) -------------------------------------------------------

struct GridMap {
    REAL3 origin, u, v;
    REAL ci, cj;
};

// The patch's particles' rows and columns, inclusive.
void patchRange(uint p, out uint i0, out uint i1, out uint j0, out uint j1)
{
    const uint pi = p % uPatchesWide, pj = p / uPatchesWide;
    i0 = pi * kSide;
    i1 = min(i0 + kSide, uWidth - 1u);
    j0 = pj * kSide;
    j1 = min(j0 + kSide, uHeight - 1u);
}

// cornerMap(): through the rectangle's corners.
GridMap cornerMap(bool s, uint i0, uint i1, uint j0, uint j1)
{
    const REAL3 c00 = at(s, i0 + uWidth * j0), c10 = at(s, i1 + uWidth * j0);
    const REAL3 c01 = at(s, i0 + uWidth * j1), c11 = at(s, i1 + uWidth * j1);
    GridMap map;
    precise REAL3 sum = c00 + c10 + c01 + c11;
    precise REAL3 origin = REAL(0.25) * sum;
    precise REAL3 u = ((c10 + c11) - (c00 + c01)) / (REAL(2) * REAL(int(i1) - int(i0)));
    precise REAL3 v = ((c01 + c11) - (c00 + c10)) / (REAL(2) * REAL(int(j1) - int(j0)));
    map.origin = origin;
    map.u = u;
    map.v = v;
    map.ci = REAL(0.5) * REAL(i0 + i1);
    map.cj = REAL(0.5) * REAL(j0 + j1);
    return map;
}

REAL3 mapAt(GridMap map, uint i, uint j)
{
    precise REAL di = REAL(i) - map.ci;
    precise REAL dj = REAL(j) - map.cj;
    precise REAL3 p = map.origin + di * map.u + dj * map.v;
    return p;
}

// A patch's map c (0: at the start, 1: now) as stage 4 stored it.
GridMap patchMap(uint p, uint c)
{
    const uint b = uPatchBase + 21u * p + 3u + 9u * c;
    uint i0, i1, j0, j1;
    patchRange(p, i0, i1, j0, j1);
    GridMap map;
    map.origin = REAL3(work[b], work[b + 1u], work[b + 2u]);
    map.u = REAL3(work[b + 3u], work[b + 4u], work[b + 5u]);
    map.v = REAL3(work[b + 6u], work[b + 7u], work[b + 8u]);
    map.ci = REAL(0.5) * REAL(i0 + i1);
    map.cj = REAL(0.5) * REAL(j0 + j1);
    return map;
}

// An element's patch from its lowest particle.
uint patchOf(uint lowest)
{
    const uint ci = min(lowest % uWidth, uWidth - 2u), cj = min(lowest / uWidth, uHeight - 2u);
    return ci / kSide + uPatchesWide * (cj / kSide);
}

// flatBlockHolds(): a flat block holds both patches.
bool flatPair(uint p, uint q)
{
    const uint wide = uPatchesWide;
    const uint pi = p % wide, pj = p / wide, qi = q % wide, qj = q / wide;
    if (max(pi, qi) - min(pi, qi) > 1u || max(pj, qj) - min(pj, qj) > 1u)
        return false;
    for (uint aj = max(pj, qj) > 0u ? max(pj, qj) - 1u : 0u; aj <= min(pj, qj); ++aj)
        for (uint ai = max(pi, qi) > 0u ? max(pi, qi) - 1u : 0u; ai <= min(pi, qi); ++ai)
            if (words[kFlat + ai + wide * aj] != 0u)
                return true;
    return false;
}

// apartInSheet() of a point and a triangle, at the start (s) or now.
bool apartPT(bool s, uint v, uint a, uint c, uint far, REAL pads)
{
    precise REAL3 af = at(s, a) - at(s, far);
    precise REAL3 cf = at(s, c) - at(s, far);
    precise REAL3 vf = at(s, v) - at(s, far);
    precise REAL reach = pads + sqrt(maxR(dot3(af, af), dot3(cf, cf)));
    precise REAL reach2 = reach * reach;
    return dot3(vf, vf) >= reach2;
}

bool apartInSheet(uint v, uint t)
{
    const uint a = triangleNode(t, 0u), b = triangleNode(t, 1u), c = triangleNode(t, 2u);
    const uint width = uWidth;
    uint far = 0u;
    if (b == a + width + 1u && c == a + 1u && v == a + width)
        far = c;
    else if (b == a + width && c == a + width + 1u && v == a + 1u)
        far = b;
    else
        return false;
    const uint other = far == c ? b : c;
    precise REAL pads = REAL(1.001LF) * (padOf(v) + max3R(padOf(a), padOf(b), padOf(c)));
    return apartPT(true, v, a, other, far, pads) && apartPT(false, v, a, other, far, pads);
}

bool slab(bool s, uint lo, uint hi, uint u, uint v, REAL pads)
{
    precise REAL3 mid = REAL(0.5) * (at(s, lo) + at(s, hi));
    for (uint k = 0u; k < 2u; ++k) {
        const uint corner = k == 0u ? lo + 1u : lo + uWidth;
        precise REAL3 d = at(s, corner) - mid;
        precise REAL3 lm = at(s, lo) - mid;
        precise REAL halfOf = abs(dot3(lm, d));
        precise REAL3 um = at(s, u) - mid;
        precise REAL3 vm = at(s, v) - mid;
        precise REAL gap = minR(dot3(um, d), dot3(vm, d)) - halfOf;
        precise REAL right = pads * pads * dot3(d, d);
        precise REAL gap2 = gap * gap;
        if (gap > REAL(0) && gap2 >= right)
            return true;
    }
    return false;
}

bool apartEE(bool s, uint e0, uint e1, uint f0, uint f1, REAL pads)
{
    const uint e = min(e0, e1), eh = max(e0, e1);
    const uint f = min(f0, f1), fh = max(f0, f1);
    return (eh - e == uWidth + 1u && slab(s, e, eh, f0, f1, pads)) ||
           (fh - f == uWidth + 1u && slab(s, f, fh, e0, e1, pads));
}

bool apartInSheetEE(uint e, uint f)
{
    const uint e0 = edgeNode(e, 0u), e1 = edgeNode(e, 1u);
    const uint f0 = edgeNode(f, 0u), f1 = edgeNode(f, 1u);
    precise REAL pads = REAL(1.001LF) * (maxR(padOf(e0), padOf(e1)) + maxR(padOf(f0), padOf(f1)));
    return apartEE(true, e0, e1, f0, f1, pads) && apartEE(false, e0, e1, f0, f1, pads);
}

bool boxesOverlap(uint kind, uint q, uint t)
{
    bool overlapping = true;
    for (uint a = 0u; a < 3u; ++a) {
        const REAL qlo = kind == 0u ? pointBox[6u * q + a] : edgeBox[6u * q + a];
        const REAL qhi = kind == 0u ? pointBox[6u * q + 3u + a] : edgeBox[6u * q + 3u + a];
        const REAL tlo = kind == 0u ? triangleBox[6u * t + a] : edgeBox[6u * t + a];
        const REAL thi = kind == 0u ? triangleBox[6u * t + 3u + a] : edgeBox[6u * t + 3u + a];
        overlapping = overlapping && qlo <= thi && tlo <= qhi;
    }
    return overlapping;
}

// ---- a torn sheet's live surface (stage 10; read by stages 2, 6 and 11) -----------------

// surfaceWord's layout: see its declaration.
uint surfaceEdgeAt(uint e) { return 1u + e; }
uint surfaceTriangleConstraint(uint t, uint k) { return surfaceWord[1u + uEdges + 3u * t + k]; }
uint surfaceEdgeRestAt(uint e) { return 1u + uEdges + 3u * uTriangles + e; }
uint surfaceEdgeLiveAt(uint e) { return 1u + 2u * uEdges + 3u * uTriangles + e; }
uint surfaceTriangleLiveAt(uint t) { return 1u + 3u * uEdges + 3u * uTriangles + t; }
#if STAGE == 10
bool constraintLive(uint k) { return ((alive[k >> 5u] >> (k & 31u)) & 1u) != 0u; }
#endif
// The edges near an axis: their count at axisListAt(), then (edge, axis) each.
uint axisListAt() { return 1u + 3u * uEdges + 4u * uTriangles; }
uint edgeAxisCount() { return surfaceWord[axisListAt()]; }
bool edgeLive(uint e) { return surfaceWord[surfaceEdgeLiveAt(e)] != 0u; }
bool triangleLive(uint t) { return surfaceWord[surfaceTriangleLiveAt(t)] != 0u; }

// The pads' cap of a torn sheet: the longest rest length of a live edge (the CPU's
// SurfaceMesh::longestRest: its largest, exact in any order) plus half the thickness.
REAL liveCap()
{
    const uint present = surfaceWord[0];
    REAL longest = REAL(0);
    for (uint k = 0u; k < 4u; ++k)
        if ((present & (1u << k)) != 0u)
            longest = maxR(longest, uRests[k]);
    precise REAL cap = longest + REAL(0.5) * uThickness;
    return cap;
}

// The CPU's filter of one candidate (findPairs()).
bool kept(uint kind, uint q, uint t)
{
    if (uMasked != 0u && !(kind == 0u ? triangleLive(t) : edgeLive(q) && edgeLive(t)))
        return false;
    if (kind == 0u) {
        const uint a = triangleNode(t, 0u), b = triangleNode(t, 1u), c = triangleNode(t, 2u);
        if (w[q] == REAL(0) && w[a] == REAL(0) && w[b] == REAL(0) && w[c] == REAL(0))
            return false;
        if (flatPair(patchOf(q), patchOf(a)))
            return false;
        return boxesOverlap(0u, q, t) && !apartInSheet(q, t);
    }
    const uint a = edgeNode(q, 0u), b = edgeNode(q, 1u), c = edgeNode(t, 0u), d = edgeNode(t, 1u);
    if (w[a] == REAL(0) && w[b] == REAL(0) && w[c] == REAL(0) && w[d] == REAL(0))
        return false;
    if (flatPair(patchOf(min(a, b)), patchOf(min(c, d))))
        return false;
    return boxesOverlap(1u, q, t) && !apartInSheetEE(q, t);
}

// ---- the pairs (stages 7 to 9) ---------------------------------------------------------

uint keptCount(uint kind) { return words[kind == 0u ? kKeptPT : kKeptEE]; }
uint listOf(uint kind) { return kind == 0u ? 0u : uEdgeList; }
uint queriesOf(uint kind) { return kind == 0u ? uParticles : uEdges; }
// Kept pair k of a kind: (point, triangle) or (edge, edge).
uvec2 keptPair(uint kind, uint k)
{
    const uint b = listOf(kind) + queriesOf(kind) + 1u + 2u * k;
    return uvec2(lists[b], lists[b + 1u]);
}
// The pair's reals: normal x, y, z, gap.
uint pairReal(uint kind, uint k) { return uPairBase + 4u * (k + kind * uPairCapacity); }
uint keptCapacity(uint kind) { return kind == 0u ? uPairCapacity : uEdgePairCapacity; }
REAL3 normalOf(uint kind, uint k)
{
    const uint b = pairReal(kind, k);
    return REAL3(work[b], work[b + 1u], work[b + 2u]);
}
void setNormal(uint kind, uint k, REAL3 n)
{
    const uint b = pairReal(kind, k);
    work[b] = n.x;
    work[b + 1u] = n.y;
    work[b + 2u] = n.z;
}

// The pair's particles: the first side's, then the second's.
uvec4 particlesOf(uint kind, uvec2 pair)
{
    if (kind == 0u)
        return uvec4(pair.x, triangleNode(pair.y, 0u), triangleNode(pair.y, 1u),
                     triangleNode(pair.y, 2u));
    return uvec4(edgeNode(pair.x, 0u), edgeNode(pair.x, 1u), edgeNode(pair.y, 0u),
                 edgeNode(pair.y, 1u));
}

void limit(uint i, REAL b)
{
    const uint at = uParticles + i;
    limits[at] = minR(limits[at], b);
}

#if STAGE == 7
// The CPU's guard(): the next guard of the bound's list, its particles `v`, its split + 1
// (`kind`: 0 the shares alone), its normal, margin and high.
void appendGuard(uvec4 v, uint kind, REAL3 normal, REAL margin, REAL high)
{
    const uint n = words[kGuards];
    words[kGuards] = n + 1u;
    guardParticle[5u * n] = v.x;
    guardParticle[5u * n + 1u] = v.y;
    guardParticle[5u * n + 2u] = v.z;
    guardParticle[5u * n + 3u] = v.w;
    guardParticle[5u * n + 4u] = kind;
    guardReal[5u * n] = normal.x;
    guardReal[5u * n + 1u] = normal.y;
    guardReal[5u * n + 2u] = normal.z;
    guardReal[5u * n + 3u] = margin;
    guardReal[5u * n + 4u] = high;
}

// computeBounds() of one pair.
void boundPair(uint kind, uint k)
{
    const uvec4 i = particlesOf(kind, keptPair(kind, k));
    const uint g = pairReal(kind, k);
    work[g + 3u] = REAL(-1);
    const REAL3 s0 = startOf(i.x), s1 = startOf(i.y), s2 = startOf(i.z), s3 = startOf(i.w);
    REAL p, q;
    bool far;
    if (kind == 0u) {
        p = padOf(i.x);
        q = max3R(padOf(i.y), padOf(i.z), padOf(i.w));
        precise REAL r = p + q;
        far = apartBy(s0, s0, lowerOf(lowerOf(s1, s2), s3), upperOf(upperOf(s1, s2), s3), r);
    } else {
        p = maxR(padOf(i.x), padOf(i.y));
        q = maxR(padOf(i.z), padOf(i.w));
        precise REAL r = p + q;
        far = apartBy(lowerOf(s0, s1), upperOf(s0, s1), lowerOf(s2, s3), upperOf(s2, s3), r);
    }
    if (far) {
        setNormal(kind, k, REAL3(0.0));
        return;
    }
    precise REAL3 d;
    if (kind == 0u) {
        const TriangleClosest c = closestOnTriangle(s0, s1, s2, s3);
        d = s0 - c.point;
        setNormal(kind, k, unitOr(d, unitOr(cross3(s2 - s1, s3 - s1), kUp)));
    } else {
        const REAL2 cl = closestOnSegments(s0, s1, s2, s3);
        precise REAL3 pp = s0 + cl.x * (s1 - s0);
        precise REAL3 qq = s2 + cl.y * (s3 - s2);
        d = pp - qq;
        setNormal(kind, k, unitOr(d, unitOr(cross3(s1 - s0, s3 - s2), kUp)));
    }
    precise REAL gap = sqrt(dot3(d, d));
    work[g + 3u] = gap;
    precise REAL pq = p + q;
    if (!(gap < pq))
        return;
    precise REAL share = uGamma * maxR(REAL(0), gap - uFloor) / pq;
    precise REAL shareP = share * p;
    precise REAL shareQ = share * q;
    limit(i.x, kind == 0u ? shareP : shareP);
    limit(i.y, kind == 0u ? shareQ : shareP);
    limit(i.z, shareQ);
    limit(i.w, shareQ);
    // guard(): the pair as a separating direction, or the shares alone.
    const bool trusted = gap > REAL(1e-12LF);
    precise REAL3 normal = d / gap;
    precise REAL margin = gap - shareP - shareQ;
    appendGuard(i, trusted ? (kind == 0u ? 2u : 3u) : 0u, trusted ? normal : REAL3(0),
                trusted ? margin : REAL(0), REAL(0));
}

#endif

REAL startGap(uint kind, uint k) { return work[pairReal(kind, k) + 3u]; }

void grow(uint i, REAL by)
{
    precise REAL sum = movedOf(i) + by;
    work[4u * uParticles + i] = sum;
}

// project()'s solve(): particles i with weights g, pushed along `normal` to the thickness,
// then friction.
void solve(uvec4 i, REAL4 g, REAL3 normal, REAL gap)
{
    precise REAL sum = REAL(0);
    for (uint k = 0u; k < 4u; ++k)
        sum = sum + g[k] * g[k] * w[i[k]];
    if (!(sum > REAL(0)))
        return;
    precise REAL push = (uThickness - gap) / sum;
    precise REAL3 slide = REAL3(0.0);
    for (uint k = 0u; k < 4u; ++k) {
        precise REAL by = w[i[k]] * g[k] * push;
        precise REAL3 moved = pos(i[k]) + by * normal;
        store(i[k], moved);
        grow(i[k], abs(by));
        slide = slide + g[k] * (moved - startOf(i[k]));
    }
    if (uFriction <= REAL(0))
        return;
    precise REAL3 across = slide - dot3(slide, normal) * normal;
    precise REAL len = sqrt(dot3(across, across));
    if (!(len > REAL(0)))
        return;
    precise REAL share = minR(REAL(1), uFriction * (uThickness - gap) / len) / sum;
    for (uint k = 0u; k < 4u; ++k) {
        precise REAL by = w[i[k]] * g[k] * share;
        precise REAL3 moved = pos(i[k]) - by * across;
        store(i[k], moved);
        precise REAL more = abs(by) * len;
        grow(i[k], more);
    }
}

// sided(): the signed gap along the pair's normal, the start's side counting.
REAL sided(REAL3 d, REAL3 was, out REAL3 normal)
{
    const REAL along = dot3(d, was);
    precise REAL dist = sqrt(dot3(d, d));
    precise REAL tiny = REAL(1e-12LF) * uThickness;
    const bool sameSide = along > REAL(0) && dist > tiny;
    precise REAL3 unit = d / dist;
    normal = sameSide ? unit : was;
    return sameSide ? dist : along;
}

// startNormal(): the pair's unit direction at the start, from the second side to the first.
REAL3 startNormal(uint kind, uvec4 i)
{
    const REAL3 s0 = startOf(i.x), s1 = startOf(i.y), s2 = startOf(i.z), s3 = startOf(i.w);
    if (kind == 0u) {
        const TriangleClosest c = closestOnTriangle(s0, s1, s2, s3);
        const REAL3 face = unitOr(cross3(s2 - s1, s3 - s1), kUp);
        return unitOr(s0 - c.point, face);
    }
    const REAL2 cl = closestOnSegments(s0, s1, s2, s3);
    precise REAL3 p = s0 + cl.x * (s1 - s0);
    precise REAL3 q = s2 + cl.y * (s3 - s2);
    const REAL3 across = unitOr(cross3(s1 - s0, s3 - s2), kUp);
    return unitOr(p - q, across);
}

// pointTriangle() and edgeEdge(): the pair's gap now, pushed when within the thickness.
REAL contact(uint kind, uint k)
{
    const uvec4 i = particlesOf(kind, keptPair(kind, k));
    const REAL3 p0 = pos(i.x), p1 = pos(i.y), p2 = pos(i.z), p3 = pos(i.w);
    precise REAL3 d;
    REAL4 g;
    if (kind == 0u) {
        const TriangleClosest c = closestOnTriangle(p0, p1, p2, p3);
        d = p0 - c.point;
        g = REAL4(REAL(1), -c.weights.x, -c.weights.y, -c.weights.z);
    } else {
        const REAL2 cl = closestOnSegments(p0, p1, p2, p3);
        d = (p0 + cl.x * (p1 - p0)) - (p2 + cl.y * (p3 - p2));
        precise REAL gs = REAL(1) - cl.x;
        precise REAL gt = REAL(1) - cl.y;
        g = REAL4(gs, cl.x, -gt, -cl.y);
    }
    REAL3 was = normalOf(kind, k);
    if (was == REAL3(0.0)) {
        was = startNormal(kind, i);
        setNormal(kind, k, was);
    }
    REAL3 normal;
    const REAL gap = sided(d, was, normal);
    if (gap < uThickness)
        solve(i, g, normal, gap);
    return gap;
}

// The first pass's visit of a pair: passed over when its start gap less its sides' motions,
// or its boxes now, put it beyond the reach; kept for the later passes when within it.
void firstPass(uint kind, uint k)
{
    const uvec4 i = particlesOf(kind, keptPair(kind, k));
    const REAL m0 = movedOf(i.x), m1 = movedOf(i.y), m2 = movedOf(i.z), m3 = movedOf(i.w);
    precise REAL left = kind == 0u ? startGap(kind, k) - m0 - maxR(maxR(m1, m2), m3)
                                   : startGap(kind, k) - maxR(m0, m1) - maxR(m2, m3);
    if (left >= uFar)
        return;
    const REAL3 p0 = pos(i.x), p1 = pos(i.y), p2 = pos(i.z), p3 = pos(i.w);
    const bool apart = kind == 0u
        ? apartBy(p0, p0, lowerOf(lowerOf(p1, p2), p3), upperOf(upperOf(p1, p2), p3), uReach)
        : apartBy(lowerOf(p0, p1), upperOf(p0, p1), lowerOf(p2, p3), upperOf(p2, p3), uReach);
    if (apart)
        return;
    if (contact(kind, k) < uReach) {
        const uint slot = kind == 0u ? kActivePT : kActiveEE;
        const uint n = words[slot];
        words[slot] = n + 1u;
        lists[listOf(kind) + queriesOf(kind) + 1u + 2u * keptCapacity(kind) + n] = k;
    }
}

uint activePair(uint kind, uint a)
{
    return lists[listOf(kind) + queriesOf(kind) + 1u + 2u * keptCapacity(kind) + a];
}

// Walks items [0, total) in order on one work group: invocation t its run of at least kRun
// items, in turn t (as few turns as the runs need, each ending at a barrier).
const uint kRun = 4096u;
#define RELAY(total, VISIT)                                                                  \
    {                                                                                        \
        const uint t_ = gl_LocalInvocationID.x;                                              \
        const uint run_ = max((total + 255u) / 256u, kRun);                                  \
        const uint turns_ = (total + run_ - 1u) / run_;                                      \
        for (uint turn_ = 0u; turn_ < turns_; ++turn_) {                                     \
            if (turn_ == t_) {                                                               \
                const uint end_ = min(total, (t_ + 1u) * run_);                              \
                for (uint item_ = t_ * run_; item_ < end_; ++item_)                          \
                    VISIT(item_);                                                            \
            }                                                                                \
            memoryBarrierBuffer();                                                           \
            barrier();                                                                       \
        }                                                                                    \
    }

// Item k of the kept pairs in the CPU's order, the points' first: (kind, pair).
uvec2 keptItem(uint item)
{
    const uint pts = keptCount(0u);
    return item < pts ? uvec2(0u, item) : uvec2(1u, item - pts);
}

#if STAGE == 7
void boundItem(uint item)
{
    const uvec2 at = keptItem(item);
    boundPair(at.x, at.y);
}
#endif

void firstItem(uint item)
{
    const uvec2 at = keptItem(item);
    firstPass(at.x, at.y);
}

void laterItem(uint item)
{
    const uint pts = words[kActivePT];
    const uint per = pts + words[kActiveEE];
    const uint a = item % per;
    if (a < pts)
        contact(0u, activePair(0u, a));
    else
        contact(1u, activePair(1u, a - pts));
}

// ---- the edges against the capsules' axes (stages 11, 7 and 12) -------------------------
#if STAGE == 7 || STAGE == 11 || STAGE == 12

// Axis c's ends at the substep's start (a0, b0) and end (a1, b1), and its radius.
REAL3 axisPoint(uint c, uint k)
{
    const uint b = 13u * c + 3u * k;
    return REAL3(axisReal[b], axisReal[b + 1u], axisReal[b + 2u]);
}
REAL axisRadius(uint c) { return axisReal[13u * c + 12u]; }
// How far axis c moves in the substep relative to the common motion (the CPU's `move`).
REAL axisMove(uint c)
{
    const uint m = 2u * uParticles;
    const REAL3 commonMotion = REAL3(limits[m], limits[m + 1u], limits[m + 2u]);
    precise REAL3 d = axisPoint(c, 2u) - axisPoint(c, 0u) - commonMotion;
    precise REAL len = sqrt(dot3(d, d));
    return len;
}
// An edge near an axis: its edge and axis, and its reals (normal, margin, guarded).
uvec2 edgeAxisAt(uint k)
{
    const uint at = axisListAt() + 1u + 2u * k;
    return uvec2(surfaceWord[at], surfaceWord[at + 1u]);
}
uint edgeAxisReal(uint k) { return 13u * uAxes + 5u * k; }

// findEdgeAxes() of item c * edges + e: edge e when its box meets axis c's box (over its start
// and end, grown by its radius, a thickness and its motion), in the CPU's order.
void findEdgeAxis(uint item)
{
    const uint c = item / uEdges, e = item % uEdges;
    if (uMasked != 0u && !edgeLive(e))
        return;
    const uint a = edgeNode(e, 0u), b = edgeNode(e, 1u);
    if (w[a] == REAL(0) && w[b] == REAL(0))
        return;
    precise REAL by = REAL(1.001LF) * (axisRadius(c) + uThickness + axisMove(c));
    const REAL3 a0 = axisPoint(c, 0u), b0 = axisPoint(c, 1u);
    const REAL3 a1 = axisPoint(c, 2u), b1 = axisPoint(c, 3u);
    precise REAL3 lo = lowerOf(lowerOf(a0, b0), lowerOf(a1, b1)) - REAL3(by);
    precise REAL3 hi = upperOf(upperOf(a0, b0), upperOf(a1, b1)) + REAL3(by);
    bool overlapping = true;
    for (uint k = 0u; k < 3u; ++k)
        overlapping = overlapping && edgeBox[6u * e + k] <= hi[k] && lo[k] <= edgeBox[6u * e + 3u + k];
    if (!overlapping)
        return;
    const uint n = edgeAxisCount();
    surfaceWord[axisListAt()] = n + 1u;
    surfaceWord[axisListAt() + 1u + 2u * n] = e;
    surfaceWord[axisListAt() + 2u + 2u * n] = c;
}

#if STAGE == 7
// computeBounds() of edge-axis pair k: its start normal, whether guarded, its particles'
// limits; boundInputs()'s guard after the pairs' (v = a, b, a, b, split 4 or none).
void boundEdgeAxis(uint k)
{
    const uvec2 ea = edgeAxisAt(k);
    const uint a = edgeNode(ea.x, 0u), b = edgeNode(ea.x, 1u), c = ea.y;
    const REAL3 sa = startOf(a), sb = startOf(b);
    const REAL3 a0 = axisPoint(c, 0u), b0 = axisPoint(c, 1u);
    const REAL3 a1 = axisPoint(c, 2u), b1 = axisPoint(c, 3u);
    const REAL radius = axisRadius(c);
    const REAL2 cl = closestOnSegments(sa, sb, a0, b0);
    precise REAL3 p = sa + cl.x * (sb - sa);
    precise REAL3 q = a0 + cl.y * (b0 - a0);
    precise REAL3 d = p - q;
    precise REAL gap = sqrt(dot3(d, d)) - radius;
    const REAL3 normal = unitOr(d, unitOr(cross3(sb - sa, b0 - a0), kUp));
    const REAL move = axisMove(c);
    const REAL pad = maxR(padOf(a), padOf(b));
    precise REAL within = pad + radius + uAxisReach + move;
    const bool guarded = gap < within;
    const uint r = edgeAxisReal(k);
    axisReal[r] = normal.x;
    axisReal[r + 1u] = normal.y;
    axisReal[r + 2u] = normal.z;
    axisReal[r + 4u] = guarded ? REAL(1) : REAL(0);
    if (!guarded)
        return;
    precise REAL left = uGamma * (gap - uFloor) - move;
    const REAL share = maxR(REAL(0), left);
    limit(a, share);
    limit(b, share);
    precise REAL keptBy = radius + gap - share - move;
    const REAL margin = gap > REAL(1e-12LF) ? keptBy : REAL(-1);
    axisReal[r + 3u] = margin;
    appendGuard(uvec4(a, b, a, b), margin >= REAL(0) ? 5u : 0u, normal, margin,
                maxR(dot3(a1, normal), dot3(b1, normal)));
}

#endif

// project()'s edgeAxis() of item pass * pairs + k: the edge kept the axis's radius and half a
// thickness from the axis at the substep's end, on its start side, with friction against the
// axis's motion.
void passEdgeAxis(uint item)
{
    const uint k = item % edgeAxisCount();
    const uvec2 ea = edgeAxisAt(k);
    const uint a = edgeNode(ea.x, 0u), b = edgeNode(ea.x, 1u), c = ea.y;
    const REAL3 a0 = axisPoint(c, 0u), a1 = axisPoint(c, 2u), b1 = axisPoint(c, 3u);
    const REAL3 xa = pos(a), xb = pos(b);
    const REAL2 cl = closestOnSegments(xa, xb, a1, b1);
    precise REAL3 d = (xa + cl.x * (xb - xa)) - (a1 + cl.y * (b1 - a1));
    const uint r = edgeAxisReal(k);
    const REAL3 was = REAL3(axisReal[r], axisReal[r + 1u], axisReal[r + 2u]);
    REAL3 normal;
    const REAL along = sided(d, was, normal);
    precise REAL gap = along - axisRadius(c) + REAL(0.5) * uThickness;
    if (gap >= uThickness)
        return;
    precise REAL ga = REAL(1) - cl.x;
    const REAL gb = cl.x;
    precise REAL sum = ga * ga * w[a] + gb * gb * w[b];
    if (!(sum > REAL(0)))
        return;
    precise REAL push = (uThickness - gap) / sum;
    precise REAL byA = w[a] * ga * push;
    precise REAL byB = w[b] * gb * push;
    precise REAL3 pa = xa + byA * normal;
    store(a, pa);
    precise REAL3 pb = pos(b) + byB * normal;
    store(b, pb);
    if (uFriction <= REAL(0))
        return;
    precise REAL3 slide = ga * (pa - startOf(a)) + gb * (pb - startOf(b)) - (a1 - a0);
    precise REAL3 across = slide - dot3(slide, normal) * normal;
    precise REAL len = sqrt(dot3(across, across));
    if (!(len > REAL(0)))
        return;
    precise REAL share = minR(REAL(1), uFriction * (uThickness - gap) / len) / sum;
    precise REAL shareA = w[a] * ga * share;
    precise REAL shareB = w[b] * gb * share;
    precise REAL3 qa = pos(a) - shareA * across;
    store(a, qa);
    precise REAL3 qb = pos(b) - shareB * across;
    store(b, qb);
}
#endif

void main()
{
    const uint id = invocation();
#if STAGE == 0
    if (id == 0u)
        words[kCellBits] = 0u;
    if (id == 0u && uMasked != 0u)
        surfaceWord[0] = 0u;
    if (id >= uParticles)
        return;
    const REAL3 s = w[id] != REAL(0) ? REAL3(x0[3u * id], x0[3u * id + 1u], x0[3u * id + 2u])
                                     : pos(id);
    work[3u * id] = s.x;
    work[3u * id + 1u] = s.y;
    work[3u * id + 2u] = s.z;
#elif STAGE == 1
    if (id != 0u)
        return;
    precise REAL3 sum = REAL3(0.0);
    uint movable = 0u;
    for (uint i = 0u; i < uParticles; ++i)
        if (w[i] != REAL(0)) {
            sum = sum + (pos(i) - startOf(i));
            ++movable;
        }
    precise REAL3 commonMotion = sum / REAL(movable);
    if (!(movable == uParticles && uParticles > 0u && uNoAxes != 0u))
        commonMotion = REAL3(0.0);
    const uint c = 2u * uParticles;
    limits[c] = commonMotion.x;
    limits[c + 1u] = commonMotion.y;
    limits[c + 2u] = commonMotion.z;
    words[kMovable] = movable;
#elif STAGE == 2
    if (id >= uParticles)
        return;
    const uint c = 2u * uParticles;
    const REAL3 commonMotion = REAL3(limits[c], limits[c + 1u], limits[c + 2u]);
    const REAL3 p = pos(id), s = startOf(id);
    precise REAL3 d = p - s - commonMotion;
    precise REAL moved = sqrt(dot3(d, d));
    precise REAL scaled = uPadScale * moved;
    precise REAL halfOf = REAL(0.5) * uThickness;
    const REAL pad = maxR(halfOf, minR(scaled, uMasked != 0u ? liveCap() : uCap));
    work[3u * uParticles + id] = pad;
    work[4u * uParticles + id] = moved;
    precise REAL speed = uGamma * pad;
    limits[id] = speed;
    limits[uParticles + id] = speed;
    precise REAL by = REAL(1.001LF) * pad;
    precise REAL3 lo = lowerOf(p, s) - REAL3(by);
    precise REAL3 hi = upperOf(p, s) + REAL3(by);
    for (uint a = 0u; a < 3u; ++a) {
        pointBox[6u * id + a] = lo[a];
        pointBox[6u * id + 3u + a] = hi[a];
    }
    precise REAL3 extent = hi - lo;
    atomicMax(words[kCellBits], floatBitsToUint(float(max3R(extent.x, extent.y, extent.z)) * 0.34));
#elif STAGE == 3
    if (id >= uTriangles + uEdges)
        return;
    const bool isTriangle = id < uTriangles;
    const uint e = id - uTriangles;
    const uint a = isTriangle ? triangleNode(id, 0u) : edgeNode(e, 0u);
    const uint b = isTriangle ? triangleNode(id, 1u) : edgeNode(e, 1u);
    const uint c = isTriangle ? triangleNode(id, 2u) : b;
    const REAL3 pa = pos(a), pb = pos(b), pc = pos(c);
    const REAL3 sa = startOf(a), sb = startOf(b), sc = startOf(c);
    REAL3 lo = lowerOf(lowerOf(pa, sa), lowerOf(pb, sb));
    REAL3 hi = upperOf(upperOf(pa, sa), upperOf(pb, sb));
    REAL pad = maxR(padOf(a), padOf(b));
    if (isTriangle) {
        lo = lowerOf(lo, lowerOf(pc, sc));
        hi = upperOf(hi, upperOf(pc, sc));
        pad = max3R(padOf(a), padOf(b), padOf(c));
    }
    precise REAL by = REAL(1.001LF) * pad;
    precise REAL3 low = lo - REAL3(by);
    precise REAL3 high = hi + REAL3(by);
    for (uint k = 0u; k < 3u; ++k) {
        if (isTriangle) {
            triangleBox[6u * id + k] = low[k];
            triangleBox[6u * id + 3u + k] = high[k];
        } else {
            edgeBox[6u * e + k] = low[k];
            edgeBox[6u * e + 3u + k] = high[k];
        }
    }
    precise REAL3 extent = high - low;
    atomicMax(words[kCellBits], floatBitsToUint(float(max3R(extent.x, extent.y, extent.z)) * 0.34));
#elif STAGE == 4
    if (id >= uPatchesWide * uPatchesHigh)
        return;
    uint i0, i1, j0, j1;
    patchRange(id, i0, i1, j0, j1);
    const GridMap map0 = cornerMap(true, i0, i1, j0, j1);
    const GridMap map1 = cornerMap(false, i0, i1, j0, j1);
    REAL pad = REAL(0), off0 = REAL(0), off1 = REAL(0);
    for (uint j = j0; j <= j1; ++j)
        for (uint i = i0; i <= i1; ++i) {
            const uint k = i + uWidth * j;
            pad = maxR(pad, padOf(k));
            precise REAL3 d0 = startOf(k) - mapAt(map0, i, j);
            precise REAL3 d1 = pos(k) - mapAt(map1, i, j);
            off0 = maxR(off0, dot3(d0, d0));
            off1 = maxR(off1, dot3(d1, d1));
        }
    const uint b = uPatchBase + 21u * id;
    work[b] = pad;
    work[b + 1u] = sqrt(off0);
    work[b + 2u] = sqrt(off1);
    const GridMap maps[2] = GridMap[2](map0, map1);
    for (uint c = 0u; c < 2u; ++c) {
        const uint m = b + 3u + 9u * c;
        for (uint a = 0u; a < 3u; ++a) {
            work[m + a] = maps[c].origin[a];
            work[m + 3u + a] = maps[c].u[a];
            work[m + 6u + a] = maps[c].v[a];
        }
    }
#elif STAGE == 5
    const uint wide = uPatchesWide, high = uPatchesHigh;
    if (id >= wide * high)
        return;
    const uint ai = id % wide, aj = id / wide;
    const uint bi = min(ai + 1u, wide - 1u), bj = min(aj + 1u, high - 1u);
    uint fi0, fi1, fj0, fj1, li0, li1, lj0, lj1;
    patchRange(ai + wide * aj, fi0, fi1, fj0, fj1);
    patchRange(bi + wide * bj, li0, li1, lj0, lj1);
    REAL pad = REAL(0);
    for (uint pj = aj; pj <= bj; ++pj)
        for (uint pi = ai; pi <= bi; ++pi)
            pad = maxR(pad, work[uPatchBase + 21u * (pi + wide * pj)]);
    bool isFlat = true;
    for (uint c = 0u; c < 2u && isFlat; ++c) {
        const GridMap map = cornerMap(c == 0u, fi0, li1, fj0, lj1);
        REAL off = REAL(0);
        for (uint pj = aj; pj <= bj; ++pj)
            for (uint pi = ai; pi <= bi; ++pi) {
                const uint q = pi + wide * pj;
                uint qi0, qi1, qj0, qj1;
                patchRange(q, qi0, qi1, qj0, qj1);
                const GridMap own = patchMap(q, c);
                REAL corner = REAL(0);
                for (uint k = 0u; k < 4u; ++k) {
                    const uint i = k < 2u ? qi0 : qi1;
                    const uint j = (k & 1u) == 0u ? qj0 : qj1;
                    precise REAL3 d = mapAt(own, i, j) - mapAt(map, i, j);
                    corner = maxR(corner, dot3(d, d));
                }
                precise REAL sum = work[uPatchBase + 21u * q + 1u + c] + sqrt(corner);
                off = maxR(off, sum);
            }
        const REAL uu = dot3(map.u, map.u), uv = dot3(map.u, map.v), vv = dot3(map.v, map.v);
        precise REAL larger = REAL(0.5) * (uu + vv) +
                              sqrt(REAL(0.25) * (uu - vv) * (uu - vv) + uv * uv);
        const REAL3 cr = cross3(map.u, map.v);
        precise REAL sigma2 = larger > REAL(0) ? dot3(cr, cr) / larger : REAL(0);
        precise REAL reach = REAL(2) * off + (REAL(1.001LF) * REAL(2)) * pad;
        precise REAL left = REAL(0.5) * sigma2;
        precise REAL right = reach * reach;
        isFlat = left >= right;
    }
    words[kFlat + id] = isFlat ? 1u : 0u;
#elif STAGE == 6
    const uint queries = queriesOf(uKind);
    if (id >= queries)
        return;
    const uint list = listOf(uKind);
    uint count = 0u;
    // Past a budget (the search's candidates, the kept pairs) only what fits is taken: the
    // status says so, with what was needed, and the host grows the buffers a step later.
    const uint first = uWrite != 0u ? lists[list + id] : 0u;
    const uint base = list + queries + 1u + 2u * first;
    const uint end = min(candidateStart[id + 1u], uCandidateCapacity);
    for (uint j = candidateStart[id]; j < end; ++j) {
        const uvec2 pair = candidate[j];
        if (!kept(uKind, pair.x, pair.y))
            continue;
        if (uWrite != 0u && first + count < keptCapacity(uKind)) {
            lists[base + 2u * count] = pair.x;
            lists[base + 2u * count + 1u] = pair.y;
        }
        ++count;
    }
    if (uWrite == 0u) {
        lists[list + id] = count;
    } else if (id == 0u) {
        const uint keptTotal = lists[list + queries];
        const uint found = candidateStart[queries];
        words[uKind == 0u ? kKeptPT : kKeptEE] = min(keptTotal, keptCapacity(uKind));
        if (found > uCandidateCapacity) {
            words[kStatus] |= 2u << uKind;
            words[kStatus + 1u + uKind] = max(words[kStatus + 1u + uKind], found);
        }
        if (keptTotal > keptCapacity(uKind)) {
            words[kStatus] |= 8u << uKind;
            words[kStatus + 3u + uKind] = max(words[kStatus + 3u + uKind], keptTotal);
        }
        const uint entries = words[kEntriesNeeded + uKind];
        if (entries > uEntryCapacity) {
            words[kStatus] |= 32u << uKind;
            words[kStatus + 5u + uKind] = max(words[kStatus + 5u + uKind], entries);
        }
    }
#elif STAGE == 7
    const uint total = keptCount(0u) + keptCount(1u);
    if (gl_LocalInvocationID.x == 0u) {
        words[kGuards] = 0u;
        words[kActivePT] = 0u;
        words[kActiveEE] = 0u;
    }
    memoryBarrierBuffer();
    barrier();
    RELAY(total, boundItem)
    const uint axisPairs = uAxes > 0u ? edgeAxisCount() : 0u;
    RELAY(axisPairs, boundEdgeAxis)
    if (gl_LocalInvocationID.x == 0u) {
        words[kBoundArgs] = (words[kGuards] + 255u) / 256u;
        words[kBoundArgs + 1u] = 1u;
        words[kBoundArgs + 2u] = 1u;
    }
#elif STAGE == 8
    const uint total = keptCount(0u) + keptCount(1u);
    RELAY(total, firstItem)
#elif STAGE == 9
    const uint total = 3u * (words[kActivePT] + words[kActiveEE]);
    RELAY(total, laterItem)
#elif STAGE == 10
    if (id >= uTriangles + uEdges)
        return;
    if (id < uTriangles) {
        const bool live = constraintLive(surfaceTriangleConstraint(id, 0u)) &&
                          constraintLive(surfaceTriangleConstraint(id, 1u)) &&
                          constraintLive(surfaceTriangleConstraint(id, 2u));
        surfaceWord[surfaceTriangleLiveAt(id)] = live ? 1u : 0u;
        return;
    }
    const uint e = id - uTriangles;
    const bool live = constraintLive(surfaceWord[surfaceEdgeAt(e)]);
    surfaceWord[surfaceEdgeLiveAt(e)] = live ? 1u : 0u;
    if (live)
        atomicOr(surfaceWord[0], 1u << surfaceWord[surfaceEdgeRestAt(e)]);
#elif STAGE == 11
    if (gl_LocalInvocationID.x == 0u)
        surfaceWord[axisListAt()] = 0u;
    memoryBarrierBuffer();
    barrier();
    const uint items = uAxes * uEdges;
    RELAY(items, findEdgeAxis)
#elif STAGE == 12
    const uint pairs = edgeAxisCount();
    const uint total = 4u * pairs;
    RELAY(total, passEdgeAxis)
#endif
}
