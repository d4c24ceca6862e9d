// The box the app's view frames, measured on the GPU from the solver's own positions
// (src/gpu/gpu_cloth_box.h), so that following the cloth reads a few bytes back instead of
// the state. The host prepends what buildKernel() does (REAL: the solver's precision, DIM 2
// or 3) and kernel_common.glsl, and dispatches, in this order:
//   STAGE 0 (finite positions per invocation), 1 (their count, the stride, the samples),
//         7, 8 (only when some position is not finite: each run's first rank), 2 (every
//         stride-th finite position gathered as sortable keys), 3 (the core's quantiles: one
//         work group per axis and side), 4 (the reach)   -- the bulk rule only
//   STAGE 5 (each invocation's box of its finite positions within the reach), 6 (their box)
// Stages 0, 2, 5 and 7 run uRuns invocations, each over uRunLength particles that it walks
// alone: no atomics and no barriers over the particles (llvmpipe, which runs the kernels on
// the CPU, pays dearly for both). Stages 0 and 5 take particles uRuns apart (invocation r:
// r, r + uRuns, ...), so that neighbouring invocations read neighbouring particles; stage 2
// reads the samples straight from their indices when every position is finite, and else
// walks run r (particles r * uRunLength onwards) from its first rank, the runs' counts (stage
// 7) added up (stage 8).
// The rule is the app's clothBulk (src/app/logic/cloth_bulk.h): the candidates are the finite
// positions; with fewer than uMinParticles of them, or without the bulk rule (bulk == 0), the
// box of them all; else per axis the uQuantileLow and uQuantileHigh quantiles (by rank) of
// every stride-th candidate (stride = ceil(candidates / uMaxSamples)), the reach around that
// core, and the box of the candidates inside the reach. Each coordinate is taken as a double
// (a float converts exactly) and compared, selected and reduced as the 64-bit key whose
// unsigned order is the double's order (negative: every bit flipped; else the sign bit set),
// so min, max and the quantiles are the CPU's values exactly; the reach's few operations are
// `precise` doubles in the CPU's order.

// The positions, as the solver keeps them: DIM reals per particle, packed (its binding 0).
layout(std430, binding = 0) readonly buffer Positions { REAL x[]; };
// The measurement. The host writes the first 80 bytes before stage 0 (bulk, the box's keys
// at their empty values) and reads them back after stage 6.
layout(std430, binding = 1) buffer Measure {
    uint finiteCount;  // candidates (stage 1; 0 without the bulk rule)
    uint stride;       // every stride-th candidate is a sample (stage 1)
    uint sampleCount;  // samples (stage 1); 0: no core, the box of every candidate
    uint bulk;         // host: 1 the bulk rule, 0 the box of every candidate
    uint minHigh[4];   // per axis the smallest key's high word (0xFFFFFFFF: none)
    uint minLow[4];    //   and its low word
    uint maxHigh[4];   // per axis the largest key's high word (0: none)
    uint maxLow[4];
    uvec2 quantile[6]; // stage 3: key (high, low) of axis a's low (2a) and high (2a + 1) quantile
    double reachLow[3]; // stage 4
    double reachHigh[3];
};
// Stage 2's samples, sample k's axis a at k * DIM + a, as keys (high, low).
layout(std430, binding = 2) buffer Samples { uvec2 sampleKey[]; };
// The finite count per invocation (stage 0), or per run (stage 7), which stage 8 turns into
// the run's first rank.
layout(std430, binding = 3) buffer Runs { uint runCount[]; };
// Stage 5's box per invocation: invocation r's smallest key of axis a at 2 * (r * DIM + a), its largest
// next to it.
layout(std430, binding = 4) buffer RunBoxes { uvec2 runBox[]; };

layout(location = 0) uniform uint uCount;        // particles
layout(location = 1) uniform uint uRuns;         // runs of stages 0, 2 and 5
layout(location = 6) uniform uint uRunLength;    // particles per run
layout(location = 2) uniform uint uMaxSamples;   // kBulkSamples
layout(location = 3) uniform uint uMinParticles; // kBulkMinParticles
layout(location = 4) uniform double uQuantileLow;  // kBulkQuantile
layout(location = 5) uniform double uQuantileHigh; // 1 - kBulkQuantile, as the host rounds it

uint groupIndex()
{
    return gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
}

// The particles of run r: first .. end - 1.
uint runFirst(uint r)
{
    return min(r * uRunLength, uCount);
}
uint runEnd(uint r)
{
    return min(runFirst(r) + uRunLength, uCount);
}

// Key a < key b.
bool less(uvec2 a, uvec2 b)
{
    return a.x < b.x || (a.x == b.x && a.y < b.y);
}

double coordinate(uint i, uint axis)
{
    return double(x[i * uint(DIM) + axis]);
}

// Finite: the exponent's bits are not all ones (by the bits: no fast-math can drop it).
bool finiteAt(uint i)
{
    bool finite = true;
    for (uint a = 0u; a < uint(DIM); ++a)
        finite = finite && (unpackDouble2x32(coordinate(i, a)).y & 0x7FF00000u) != 0x7FF00000u;
    return finite;
}

// The key (high word, low word) whose unsigned order is the order of the doubles.
uvec2 keyOf(double v)
{
    const uvec2 bits = unpackDouble2x32(v); // (low, high)
    if ((bits.y & 0x80000000u) != 0u)
        return uvec2(~bits.y, ~bits.x);
    return uvec2(bits.y | 0x80000000u, bits.x);
}

double valueOf(uvec2 key)
{
    if ((key.x & 0x80000000u) != 0u)
        return packDouble2x32(uvec2(key.y, key.x & 0x7FFFFFFFu));
    return packDouble2x32(uvec2(~key.y, ~key.x));
}

#if STAGE == 0
void main()
{
    const uint r = invocation();
    if (r >= uRuns)
        return;
    uint count = 0u;
    for (uint i = r; i < uCount; i += uRuns)
        count += finiteAt(i) ? 1u : 0u;
    runCount[r] = count;
}
#endif

#if STAGE == 7
void main()
{
    const uint r = invocation();
    if (r >= uRuns || finiteCount == uCount)
        return;
    uint count = 0u;
    for (uint i = runFirst(r); i < runEnd(r); ++i)
        count += finiteAt(i) ? 1u : 0u;
    runCount[r] = count;
}
#endif

#if STAGE == 1 || STAGE == 8
// One work group: each invocation sums a stretch of the counts, invocation 0 adds up the
// stretches (stage 1: the candidates, the stride, the samples), and stage 8 rewrites each
// stretch as the first rank of each of its runs.
shared uint stretchStart[256];

void main()
{
    const uint t = gl_LocalInvocationIndex;
#if STAGE == 8
    if (finiteCount == uCount) // dynamically uniform: every invocation reads the same
        return;
#endif
    const uint chunk = (uRuns + 255u) / 256u;
    const uint first = min(t * chunk, uRuns);
    const uint last = min(first + chunk, uRuns);
    uint sum = 0u;
    for (uint r = first; r < last; ++r)
        sum += runCount[r];
    stretchStart[t] = sum;
    barrier();
    if (t == 0u) {
        uint total = 0u;
        for (uint k = 0u; k < 256u; ++k) {
            const uint stretch = stretchStart[k];
            stretchStart[k] = total;
            total += stretch;
        }
#if STAGE == 1
        finiteCount = total;
        if (total < uMinParticles || total == 0u) {
            stride = 1u;
            sampleCount = 0u;
        } else {
            stride = (total + uMaxSamples - 1u) / uMaxSamples;
            sampleCount = (total + stride - 1u) / stride;
        }
#endif
    }
#if STAGE == 8
    barrier();
    uint rank = stretchStart[t];
    for (uint r = first; r < last; ++r) {
        const uint count = runCount[r];
        runCount[r] = rank;
        rank += count;
    }
#endif
}
#endif

#if STAGE == 2
// The samples: candidate k * stride for each k. With every position finite, candidate j is
// particle j; else each run's candidates in order, from its first rank.
void main()
{
    const uint r = invocation();
    if (r >= uRuns || sampleCount == 0u)
        return;
    if (finiteCount == uCount) {
        for (uint k = r; k < sampleCount; k += uRuns)
            for (uint a = 0u; a < uint(DIM); ++a)
                sampleKey[k * uint(DIM) + a] = keyOf(coordinate(k * stride, a));
        return;
    }
    uint rank = runCount[r];
    for (uint i = runFirst(r); i < runEnd(r); ++i) {
        if (!finiteAt(i))
            continue;
        if (rank % stride == 0u) {
            const uint k = rank / stride;
            for (uint a = 0u; a < uint(DIM); ++a)
                sampleKey[k * uint(DIM) + a] = keyOf(coordinate(i, a));
        }
        ++rank;
    }
}
#endif

#if STAGE == 3
// Work group g selects axis g / 2's low (g even) or high quantile: the sample of rank
// floor(q * (samples - 1) + 0.5) in the keys' order, a byte of the key per round from the top
// (a histogram of the samples that share the bytes found so far), until at most 256 samples
// share them: those are gathered and each one's rank among them counted.
shared uint histogram[256];
shared uvec2 found;     // the bytes found so far
shared uint remaining;  // the rank among the samples that share them
shared uint sharing;    // how many samples share them
shared uvec2 few[256];  // those samples, once they are at most 256
shared uint fewCount;

// The key's byte of round r (0: the top byte of the high word).
uint byteOf(uvec2 key, uint r)
{
    return r < 4u ? (key.x >> (24u - 8u * r)) & 0xFFu : (key.y >> (24u - 8u * (r - 4u))) & 0xFFu;
}

// The key shares the bytes of rounds before r (r <= 8) with `prefix`.
bool shares(uvec2 key, uvec2 prefix, uint r)
{
    if (r == 0u)
        return true;
    if (r <= 4u)
        return (key.x >> (32u - 8u * r)) == (prefix.x >> (32u - 8u * r));
    return key.x == prefix.x && (key.y >> (64u - 8u * r)) == (prefix.y >> (64u - 8u * r));
}

void main()
{
    const uint t = gl_LocalInvocationIndex;
    const uint g = groupIndex();
    const uint axis = g / 2u;
    const uint samples = sampleCount;
    if (t == 0u) {
        found = uvec2(0u);
        precise double at = ((g & 1u) != 0u ? uQuantileHigh : uQuantileLow) *
                                double(max(samples, 1u) - 1u) + 0.5;
        remaining = uint(floor(at));
        sharing = samples;
    }
    barrier();
    uint rounds = 0u; // the bytes found
    while (rounds < 8u && sharing > 256u) { // dynamically uniform: shared, read after a barrier
        const uint r = rounds;
        histogram[t] = 0u;
        barrier();
        const uvec2 prefix = found;
        for (uint k = t; k < samples; k += 256u) {
            const uvec2 key = sampleKey[k * uint(DIM) + axis];
            if (shares(key, prefix, r))
                atomicAdd(histogram[byteOf(key, r)], 1u);
        }
        barrier();
        if (t == 0u) {
            uint below = 0u;
            uint b = 0u;
            for (; b < 255u; ++b) {
                const uint count = histogram[b];
                if (below + count > remaining)
                    break;
                below += count;
            }
            remaining -= below;
            sharing = histogram[b];
            if (r < 4u)
                found.x |= b << (24u - 8u * r);
            else
                found.y |= b << (24u - 8u * (r - 4u));
        }
        barrier();
        ++rounds;
    }
    if (rounds < 8u) { // at most 256 share the bytes found: the one of rank `remaining`
        if (t == 0u)
            fewCount = 0u;
        barrier();
        const uvec2 prefix = found;
        for (uint k = t; k < samples; k += 256u) {
            const uvec2 key = sampleKey[k * uint(DIM) + axis];
            if (shares(key, prefix, rounds))
                few[atomicAdd(fewCount, 1u)] = key;
        }
        barrier();
        if (t < fewCount) {
            uint lessCount = 0u;
            uint upTo = 0u; // less or equal
            for (uint j = 0u; j < fewCount; ++j) {
                lessCount += less(few[j], few[t]) ? 1u : 0u;
                upTo += less(few[t], few[j]) ? 0u : 1u;
            }
            if (lessCount <= remaining && remaining < upTo)
                found = few[t]; // equal keys write the same
        }
        barrier();
    }
    if (t == 0u && samples > 0u)
        quantile[g] = found;
}
#endif

#if STAGE == 4
// The reach: the core grown on each side by its own extent on that axis, and by at least half
// its larger extent (clothBulk's steps 3 and 4, in its order of operations).
void main()
{
    if (invocation() != 0u || sampleCount == 0u)
        return;
    precise double largest = 0.0;
    for (uint a = 0u; a < uint(DIM); ++a) {
        precise double extent = valueOf(quantile[2u * a + 1u]) - valueOf(quantile[2u * a]);
        largest = a == 0u ? extent : max(largest, extent);
    }
    precise double least = 0.5 * largest;
    for (uint a = 0u; a < uint(DIM); ++a) {
        const double low = valueOf(quantile[2u * a]);
        const double high = valueOf(quantile[2u * a + 1u]);
        precise double extent = high - low;
        precise double grow = max(extent, least);
        precise double lo = low - grow;
        precise double hi = high + grow;
        reachLow[a] = lo;
        reachHigh[a] = hi;
    }
}
#endif

#if STAGE == 5
// Each invocation's box of its candidates within the reach (all of them when there is no
// core).
bool withinReach(uint i)
{
    if (sampleCount == 0u)
        return true;
    bool inside = true;
    for (uint a = 0u; a < uint(DIM); ++a) {
        const double p = coordinate(i, a);
        inside = inside && p >= reachLow[a] && p <= reachHigh[a];
    }
    return inside;
}

void main()
{
    const uint r = invocation();
    if (r >= uRuns)
        return;
    uvec2 low[DIM];
    uvec2 high[DIM];
    for (uint a = 0u; a < uint(DIM); ++a) {
        low[a] = uvec2(0xFFFFFFFFu);
        high[a] = uvec2(0u);
    }
    for (uint i = r; i < uCount; i += uRuns) {
        if (!finiteAt(i) || !withinReach(i))
            continue;
        for (uint a = 0u; a < uint(DIM); ++a) {
            const uvec2 key = keyOf(coordinate(i, a));
            if (less(key, low[a]))
                low[a] = key;
            if (less(high[a], key))
                high[a] = key;
        }
    }
    for (uint a = 0u; a < uint(DIM); ++a) {
        runBox[2u * (r * uint(DIM) + a)] = low[a];
        runBox[2u * (r * uint(DIM) + a) + 1u] = high[a];
    }
}
#endif

#if STAGE == 6
// One work group: stage 5's boxes reduced, each invocation over a stride of them, then the
// invocations' in shared memory, halving.
shared uvec2 lowest[256 * DIM];
shared uvec2 highest[256 * DIM];

void main()
{
    const uint t = gl_LocalInvocationIndex;
    for (uint a = 0u; a < uint(DIM); ++a) {
        uvec2 low = uvec2(0xFFFFFFFFu);
        uvec2 high = uvec2(0u);
        for (uint r = t; r < uRuns; r += 256u) {
            const uvec2 l = runBox[2u * (r * uint(DIM) + a)];
            const uvec2 h = runBox[2u * (r * uint(DIM) + a) + 1u];
            if (less(l, low))
                low = l;
            if (less(high, h))
                high = h;
        }
        lowest[t * uint(DIM) + a] = low;
        highest[t * uint(DIM) + a] = high;
    }
    barrier();
    for (uint width = 128u; width > 0u; width >>= 1u) {
        if (t < width)
            for (uint a = 0u; a < uint(DIM); ++a) {
                const uint k = t * uint(DIM) + a;
                const uint other = (t + width) * uint(DIM) + a;
                if (less(lowest[other], lowest[k]))
                    lowest[k] = lowest[other];
                if (less(highest[k], highest[other]))
                    highest[k] = highest[other];
            }
        barrier();
    }
    if (t < uint(DIM)) {
        minHigh[t] = lowest[t].x;
        minLow[t] = lowest[t].y;
        maxHigh[t] = highest[t].x;
        maxLow[t] = highest[t].y;
    }
}
#endif
