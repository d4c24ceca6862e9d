// The device's search for the particles' self-collision pairs (src/gpu/gpu_particle_pairs.h):
// the CPU's SelfCollision::find() (src/pbd/world/self_collision.cpp) as compute passes, with
// the same grid, the same bucket order, the same pairs in the same order and the same greedy
// colours, in 2D and 3D (DIM). The host prepends
//   #version 430 core
//   #define REAL_IS_DOUBLE 0|1
//   #define DIM 2|3
//   #define STAGE 0 (each particle's cell; the cells' box)
//               | 1 (each particle's cell number and bucket; the buckets' counts)
//               | 2 (scatter the particles into their buckets)
//               | 3 (each bucket's particles in index order)
//               | 4 (count each sorted particle's pairs) | 5 (write them)
//               | 6 (colour the pairs greedily, in order, on one invocation)
//               | 7 (place the pairs in colour order)
// and shaders/kernel_common.glsl (REAL, the work group, invocation()). The counts are scanned
// into starts by element_pairs.comp.glsl's stage 1 (binding 24).
//
// The CPU numbers cells in 64-bit unsigned arithmetic (modulo 2^64 in a wrapped 3D grid);
// here a number is a uvec2 (low, high word), with the same wrap. The cell of a coordinate is
// floor(c * inverse cell) as the CPU's cellOf(), so double places every particle where the
// CPU does; the distance test is the CPU's squaredLength() in its order, `precise`.

#if DIM == 3
#define VEC REAL3
#define LOAD(a, i) REAL3(a[3u * (i)], a[3u * (i) + 1u], a[3u * (i) + 2u])
#define POSITIONS REAL
#else
#define VEC REAL2
#define LOAD(a, i) a[i]
#define POSITIONS REAL2
#endif

layout(std430, binding = 0) readonly buffer Positions { POSITIONS x[]; };
layout(std430, binding = 3) readonly buffer InverseMasses { REAL w[]; };
// Per particle: stage 0 its cell (ints as bits, .w 0: in no cell), stage 1 on its cell number
// (low, high word) and bucket (uBuckets: in no cell).
layout(std430, binding = 20) buffer ParticleCell { uvec4 particleCell[]; };
// [0, DIM) the cells' low corner, [3, 3 + DIM) the high one (ints as bits; the host clears
// them to INT_MAX and INT_MIN); [6] 1 when the pairs did not fit (and [73], kept until the
// host clears it); [7] 1: the rounds are over (self_collision.comp.glsl sets it), every stage
// does nothing; [8, 72) the colours' counts; [72] the self-collision's rounds ran out.
layout(std430, binding = 21) buffer Words { uint words[]; };
// Stage 5 writes the indirect dispatches of stages 6 (one per walk: 1 or 0 groups) and 7.
layout(std430, binding = 23) writeonly buffer Dispatch { uint dispatchArgs[]; };
// The pairs in colour order (stage 7).
layout(std430, binding = 22) buffer Pairs { uvec2 pairs[]; };
layout(std430, binding = 25) buffer BucketStart { uint bucketStart[]; };
layout(std430, binding = 26) buffer BucketFill { uint bucketFill[]; };
layout(std430, binding = 27) buffer Sorted { uint sortedIndex[]; };
// Each sorted particle's pairs: [pairStart[k], pairStart[k + 1]).
layout(std430, binding = 28) buffer PairStart { uint pairStart[]; };
// The pairs in the CPU's search order, and each one's colour and its rank within the colour.
layout(std430, binding = 29) buffer Found { uvec2 found[]; };
layout(std430, binding = 30) buffer ColourRank { uvec2 colourRank[]; };
// Per particle: the colours of its pairs so far (low, high 32 of 64), zero between searches.
layout(std430, binding = 31) buffer Used { uvec2 used[]; };

layout(location = 0) uniform uint uParticles;
layout(location = 1) uniform uint uWidth;        // particles per row
layout(location = 2) uniform uint uBuckets;      // a power of two, >= 2 particles, >= 16
layout(location = 3) uniform REAL uInverseCell;  // 1 / (kSelfCollisionReach thickness), 1/m
layout(location = 4) uniform REAL uReachSquared; // m^2, as the CPU's reach * reach
layout(location = 5) uniform uint uCapacity;     // pairs the buffers hold
layout(location = 6) uniform uint uBegin;        // stage 6: the walk's first pair
layout(location = 7) uniform uint uEnd;          // and its end
layout(location = 8) uniform uint uWalk;         // stage 5: pairs a walk of stage 6 colours
layout(location = 9) uniform uint uWalks;        // stage 5: the walks queued

const uint kSerialColour = 63u;
const int kNoCell = -2147483647 - 1;

// Once the rounds are over (words[7]), a queued search does nothing.
#define GATE()                                                                              \
    if (words[7] != 0u)                                                                     \
        return;

// 64-bit unsigned arithmetic on (low, high) words, modulo 2^64.
uvec2 add64(uvec2 a, uvec2 b)
{
    uint carry;
    const uint low = uaddCarry(a.x, b.x, carry);
    return uvec2(low, a.y + b.y + carry);
}

uvec2 mul64(uvec2 a, uint b)
{
    uint high, low;
    umulExtended(a.x, b, high, low);
    return uvec2(low, high + a.y * b);
}

uvec2 neg64(uvec2 a)
{
    return add64(~a, uvec2(1u, 0u));
}

#if STAGE == 0
void main()
{
    GATE()
    const uint i = invocation();
    if (i >= uParticles)
        return;
    const VEC p = LOAD(x, i);
    ivec3 cell = ivec3(0);
    bool inGrid = true;
    for (int k = 0; k < DIM; ++k) {
        precise REAL c = floor(p[k] * uInverseCell);
        inGrid = inGrid && abs(c) < REAL(1e9); // false for NaN too
        cell[k] = inGrid ? int(c) : 0;
    }
    particleCell[i] = uvec4(uvec3(cell), inGrid ? 1u : 0u);
    if (!inGrid)
        return;
    for (int k = 0; k < DIM; ++k) {
        atomicMin(words[k], uint(cell[k]) ^ 0x80000000u); // ints ordered as uints
        atomicMax(words[3 + k], uint(cell[k]) ^ 0x80000000u);
    }
}
#endif

#if STAGE != 0
// The grid as the CPU's find() sets it up from the cells' box: the box's low corner, the
// cells along x (pitch) and y (rows) with a border of one, and whether it is dense (each cell
// number its own bucket, so buckets need no cell numbers to tell cells apart).
struct Grid {
    ivec3 lo;
    uint pitch;
    uint rows;
    uvec2 layer; // pitch * rows
    bool dense;
};

Grid grid()
{
    Grid g;
    const bool any = int(words[3] ^ 0x80000000u) >= int(words[0] ^ 0x80000000u);
    uint extent[3] = uint[3](1u, 1u, 1u);
    for (int k = 0; k < DIM; ++k) {
        g.lo[k] = int(words[k] ^ 0x80000000u);
        if (any)
            extent[k] = uint(int(words[3 + k] ^ 0x80000000u) - g.lo[k]) + 3u;
    }
    g.pitch = extent[0];
    g.rows = extent[1];
    uint high, low;
    umulExtended(g.pitch, g.rows, high, low);
    g.layer = uvec2(low, high);
    g.dense = g.rows <= uBuckets / g.pitch;
#if DIM == 3
    g.dense = g.dense && extent[2] <= uBuckets / g.pitch / g.rows;
#endif
    return g;
}
#endif

#if STAGE == 1
void main()
{
    GATE()
    const uint i = invocation();
    if (i >= uParticles)
        return;
    const uvec4 c = particleCell[i];
    if (c.w == 0u) {
        particleCell[i] = uvec4(0u, 0u, uBuckets, 0u);
        return;
    }
    const Grid g = grid();
    // Along each axis from the border's 0: < 2^31, as the cells are within 1e9 of 0.
    const uvec3 at = uvec3(ivec3(c.xyz) - g.lo + 1);
    uint high, low;
    umulExtended(at.y, g.pitch, high, low);
    uvec2 cell = add64(uvec2(low, high), uvec2(at.x, 0u));
#if DIM == 3
    cell = add64(cell, mul64(g.layer, at.z));
#endif
    const uint bucket = cell.x & (uBuckets - 1u);
    particleCell[i] = uvec4(cell, bucket, 0u);
    atomicAdd(bucketStart[bucket], 1u);
}
#endif

#if STAGE == 2
void main()
{
    GATE()
    const uint i = invocation();
    if (i >= uParticles)
        return;
    const uint bucket = particleCell[i].z;
    if (bucket < uBuckets)
        sortedIndex[atomicAdd(bucketFill[bucket], 1u)] = i;
}
#endif

#if STAGE == 3
// Each bucket's particles in index order, as the CPU's counting sort places them (a Shell
// sort, one invocation per bucket: few iterations for llvmpipe's limit on them).
void main()
{
    GATE()
    const uint b = invocation();
    if (b >= uBuckets)
        return;
    const uint begin = bucketStart[b];
    const uint end = bucketStart[b + 1u];
    const uint gaps[6] = uint[6](132u, 57u, 23u, 10u, 4u, 1u);
    for (uint g = 0u; g < 6u; ++g) {
        const uint gap = gaps[g];
        for (uint i = begin + gap; i < end; ++i) {
            const uint v = sortedIndex[i];
            uint j = i;
            while (j >= begin + gap && sortedIndex[j - gap] > v) {
                sortedIndex[j] = sortedIndex[j - gap];
                j -= gap;
            }
            sortedIndex[j] = v;
        }
    }
}
#endif

#if STAGE == 4 || STAGE == 5
// Calls KEEP(j) for each pair (i, j) of the particle at sorted place k, in the CPU's order:
// the rows of three cells around its own (dy, then dz, from -1), each row's buckets' entries
// in order.
#define FOR_PAIRS(k, KEEP)                                                                  \
    {                                                                                       \
        const Grid g_ = grid();                                                             \
        const uint i_ = sortedIndex[k];                                                     \
        const VEC p_ = LOAD(x, i_);                                                         \
        const uvec2 cellI_ = particleCell[i_].xy;                                           \
        const bool fixedI_ = w[i_] == REAL(0);                                              \
        const int rowI_ = int(i_ / uWidth);                                                 \
        const int colI_ = int(i_ % uWidth);                                                 \
        const uint mask_ = uBuckets - 1u;                                                   \
        for (int row_ = 0; row_ < (DIM == 3 ? 9 : 3); ++row_) {                             \
            const int dy_ = row_ % 3 - 1;                                                   \
            uvec2 first_ = add64(cellI_, uvec2(0xffffffffu, 0xffffffffu)); /* - 1 */       \
            if (dy_ != 0)                                                                   \
                first_ = add64(first_, dy_ > 0 ? uvec2(g_.pitch, 0u)                        \
                                               : neg64(uvec2(g_.pitch, 0u)));               \
            const int dz_ = row_ / 3 - 1;                                                   \
            if (DIM == 3 && dz_ != 0)                                                       \
                first_ = add64(first_, dz_ > 0 ? g_.layer : neg64(g_.layer));               \
            const uint b_ = first_.x & mask_;                                               \
            const bool joined_ = b_ + 2u <= mask_;                                          \
            for (uint c_ = 0u; c_ < (joined_ ? 1u : 3u); ++c_) {                            \
                const uint bc_ = (first_.x + c_) & mask_;                                   \
                const uint to_ = bucketStart[joined_ ? b_ + 3u : bc_ + 1u];                 \
                for (uint q_ = bucketStart[joined_ ? b_ : bc_]; q_ < to_; ++q_) {           \
                    const uint j_ = sortedIndex[q_];                                        \
                    if (j_ <= i_)                                                           \
                        continue;                                                           \
                    if (!g_.dense) {                                                        \
                        const uvec2 off_ = add64(particleCell[j_].xy, neg64(first_));       \
                        if (off_.y != 0u || off_.x > 2u)                                    \
                            continue;                                                       \
                    }                                                                       \
                    const VEC d_ = p_ - LOAD(x, j_);                                        \
                    precise REAL squared_ = d_.x * d_.x + d_.y * d_.y;                      \
                    if (DIM == 3)                                                           \
                        squared_ = squared_ + d_[DIM - 1] * d_[DIM - 1];                    \
                    if (squared_ >= uReachSquared)                                          \
                        continue;                                                           \
                    if (fixedI_ && w[j_] == REAL(0))                                        \
                        continue;                                                           \
                    if (abs(int(j_ / uWidth) - rowI_) <= 1 && abs(int(j_ % uWidth) - colI_) <= 1) \
                        continue; /* joined by a constraint of the rest cloth */            \
                    KEEP(j_);                                                               \
                }                                                                           \
            }                                                                               \
        }                                                                                   \
    }
#endif

#if STAGE == 4
void main()
{
    GATE()
    const uint k = invocation();
    if (k >= uParticles)
        return;
    uint count = 0u;
    if (k < bucketStart[uBuckets]) {
#define COUNT(j) ++count
        FOR_PAIRS(k, COUNT)
    }
    pairStart[k] = count;
}
#endif

#if STAGE == 5
void main()
{
    const uint k = invocation();
    if (k == 0u) { // the dispatches of the stages after: none once the rounds are over
        const uint pairs = words[7] != 0u ? 0u : min(pairStart[uParticles], uCapacity);
        for (uint walk = 0u; walk < uWalks; ++walk)
            dispatchArgs[3u * walk] = walk * uWalk < pairs ? 1u : 0u;
        dispatchArgs[3u * uWalks] = (pairs + 255u) / 256u;
    }
    GATE()
    if (k >= uParticles || k >= bucketStart[uBuckets])
        return;
    uint at = pairStart[k];
    const uint i = sortedIndex[k];
#define WRITE(j)                                                                            \
    {                                                                                       \
        if (at < uCapacity)                                                                 \
            found[at] = uvec2(i, j);                                                        \
        else {                                                                              \
            words[6] = 1u;                                                                  \
            words[73] = 1u;                                                                 \
        }                                                                                   \
        ++at;                                                                               \
    }
    FOR_PAIRS(k, WRITE)
}
#endif

#if STAGE == 6
// The CPU's colour(): each pair in order takes the smallest colour that neither of its
// particles has yet (the serial colour when none of the 63 is free). Serial by nature: one
// invocation walks the pairs [uBegin, uEnd) (dispatches of a few thousand, for llvmpipe's
// limit on an invocation's loop iterations, indirect: none past the pairs), after the walks
// before it.
void main()
{
    GATE()
    if (invocation() != 0u)
        return;
    const uint end = min(min(uEnd, pairStart[uParticles]), uCapacity);
    for (uint k = uBegin; k < end; ++k) {
        const uvec2 p = found[k];
        const uvec2 taken = used[p.x] | used[p.y];
        // The trailing ones of the 64 bits: the first zero bit of ~taken's complement.
        const uint free = ~taken.x != 0u ? uint(findLSB(~taken.x))
                          : (~taken.y != 0u ? 32u + uint(findLSB(~taken.y)) : 64u);
        const uint c = min(free, kSerialColour);
        if (c < kSerialColour) {
            const uvec2 bit = c < 32u ? uvec2(1u << c, 0u) : uvec2(0u, 1u << (c - 32u));
            used[p.x] |= bit;
            used[p.y] |= bit;
        }
        colourRank[k] = uvec2(c, words[8u + c]);
        words[8u + c] += 1u;
    }
}
#endif

#if STAGE == 7
// Each pair to its colour's place, in the search's order within the colour; its particles'
// colours cleared for the next search.
void main()
{
    GATE()
    const uint k = invocation();
    if (k >= min(pairStart[uParticles], uCapacity))
        return;
    const uvec2 cr = colourRank[k];
    uint start = 0u;
    for (uint c = 0u; c < cr.x; ++c)
        start += words[8u + c];
    const uvec2 p = found[k];
    pairs[start + cr.y] = p;
    used[p.x] = uvec2(0u);
    used[p.y] = uvec2(0u);
}
#endif
