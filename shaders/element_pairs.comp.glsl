// The device's search for the 3D self-contact's candidate pairs (src/gpu/gpu_element_pairs.h):
// every pair of a query element and a table element whose boxes overlap and that share no
// particle, in the canonical order (query ascending, then table element ascending), as the
// CPU's ElementContact lists its candidates (pbd/device/element_pairs.h). The host prepends
//   #version 430 core
//   #define REAL_IS_DOUBLE 0|1
//   #define STAGE 0 (count the table's cells per bucket) | 1 (exclusive scan, one work group)
//               | 2 (scatter the table into its buckets) | 3 (count each query's pairs)
//               | 4 (write each query's pairs) | 5 (sort each query's by table element)
// and shaders/kernel_common.glsl (REAL, the work group, invocation()).
// A uniform grid of cells `uCell` wide hashed into uBuckets (a power of two) buckets, the
// table's (element, cell) entries sorted by bucket with a counting sort (stages 0 to 2); each
// query then looks in the buckets of the cells its box touches and keeps a pair only in the
// cell that holds the low corner of the two boxes' overlap, so once. Each query's pairs are
// counted (3), the counts scanned into starts (1), written (4) and sorted in place (5): the
// pairs come out sorted without a global sort. No comparison but the boxes' is in REAL, and
// min, max and floor are exact, so double finds the CPU's set from the CPU's boxes.

// Boxes: 6 REALs per element, low x, y, z then high x, y, z (m).
layout(std430, binding = 20) readonly buffer QueryBoxes { REAL queryBox[]; };
layout(std430, binding = 21) readonly buffer TableBoxes { REAL tableBox[]; };
// Particles of each element: uQueryNodes (1: the query's own index, no buffer read) and
// uTableNodes per element.
layout(std430, binding = 22) readonly buffer QueryNodes { uint queryNode[]; };
layout(std430, binding = 23) readonly buffer TableNodes { uint tableNode[]; };
// Stage 1 scans this one in place: uScanCount values, then their sum at uScanCount.
layout(std430, binding = 24) buffer Scan { uint scanValue[]; };
// The buckets' starts (uBuckets + 1) and their next free slots (stage 2).
layout(std430, binding = 25) buffer BucketStart { uint bucketStart[]; };
layout(std430, binding = 26) buffer BucketFill { uint bucketFill[]; };
// The table's entries by bucket: element, then the cell's three coordinates (ints as bits).
layout(std430, binding = 27) buffer Entries { uvec4 entry[]; };
// Each query's pairs: [pairStart[q], pairStart[q + 1]).
layout(std430, binding = 28) buffer PairStart { uint pairStart[]; };
layout(std430, binding = 29) buffer Pairs { uvec2 pairs[]; };
// [0]: 1 when the entries or the pairs did not fit their buffers (the host grows them).
layout(std430, binding = 30) buffer Overflow { uint overflow[]; };

layout(location = 0) uniform uint uQueries;
layout(location = 1) uniform uint uTable;       // table elements
layout(location = 2) uniform uint uQueryNodes;  // 1 (points) or 2 (edges)
layout(location = 3) uniform uint uTableNodes;  // 3 (triangles) or 2 (edges)
layout(location = 4) uniform uint uSame;        // 1: the table is the queries (pairs e < f)
layout(location = 5) uniform uint uBuckets;     // a power of two
layout(location = 6) uniform REAL uCell;        // m
layout(location = 7) uniform uint uEntryCapacity;
layout(location = 8) uniform uint uPairCapacity;
layout(location = 9) uniform uint uScanCount;
// 1: the cells are at least uintBitsToFloat(cellFloor[0]) wide (a float's bits that the
// device computed, so that no box touches more than two cells along an axis).
layout(location = 10) uniform uint uCellFloor;
layout(std430, binding = 31) readonly buffer CellFloor { uint cellFloor[]; };

REAL cellSize()
{
    return uCellFloor == 0u ? uCell : max(uCell, REAL(uintBitsToFloat(cellFloor[0])));
}

// The CPU's cellOf(): floor(c / size), clamped.
int cellOf(REAL c)
{
    precise REAL f = floor(c / cellSize());
    return int(clamp(f, REAL(-4e6), REAL(4e6)));
}

uint bucketOf(ivec3 c)
{
    const uvec3 u = uvec3(c);
    return ((u.x * 73856093u) ^ (u.y * 19349663u) ^ (u.z * 83492791u)) & (uBuckets - 1u);
}

void tableCells(uint k, out ivec3 lo, out ivec3 hi)
{
    lo = ivec3(cellOf(tableBox[6u * k]), cellOf(tableBox[6u * k + 1u]),
               cellOf(tableBox[6u * k + 2u]));
    hi = ivec3(cellOf(tableBox[6u * k + 3u]), cellOf(tableBox[6u * k + 4u]),
               cellOf(tableBox[6u * k + 5u]));
}

#if STAGE == 1
// One work group: each invocation sums its run of values, one invocation scans the 256 sums,
// then each rewrites its run as exclusive starts.
shared uint partial[256];

void main()
{
    const uint t = gl_LocalInvocationID.x;
    const uint run = (uScanCount + 255u) / 256u;
    const uint begin = min(t * run, uScanCount);
    const uint end = min(begin + run, uScanCount);
    uint sum = 0u;
    for (uint i = begin; i < end; ++i)
        sum += scanValue[i];
    partial[t] = sum;
    memoryBarrierShared();
    barrier();
    if (t == 0u) {
        uint total = 0u;
        for (uint i = 0u; i < 256u; ++i) {
            const uint v = partial[i];
            partial[i] = total;
            total += v;
        }
        scanValue[uScanCount] = total;
    }
    memoryBarrierShared();
    barrier();
    uint at = partial[t];
    for (uint i = begin; i < end; ++i) {
        const uint v = scanValue[i];
        scanValue[i] = at;
        at += v;
    }
}
#endif

#if STAGE == 0 || STAGE == 2
// Stage 0 counts the entries of each bucket; stage 2, with the buckets' starts, writes them.
void main()
{
    const uint k = invocation();
    if (k >= uTable)
        return;
    ivec3 lo, hi;
    tableCells(k, lo, hi);
    for (int z = lo.z; z <= hi.z; ++z)
        for (int y = lo.y; y <= hi.y; ++y)
            for (int x = lo.x; x <= hi.x; ++x) {
#if STAGE == 0
                atomicAdd(bucketStart[bucketOf(ivec3(x, y, z))], 1u);
#else
                const uint slot = atomicAdd(bucketFill[bucketOf(ivec3(x, y, z))], 1u);
                if (slot < uEntryCapacity)
                    entry[slot] = uvec4(k, uint(x), uint(y), uint(z));
                else
                    overflow[0] = 1u;
#endif
            }
}
#endif

#if STAGE == 3 || STAGE == 4
// No loops in the tests below: llvmpipe counts every loop iteration of an invocation against
// one limit of 65535 (LP_MAX_TGSI_LOOP_ITERATIONS), after which its loops end early, and a
// big box's query visits thousands of entries.
bool overlaps(uint q, uint k)
{
    const uint a = 6u * q;
    const uint b = 6u * k;
    return queryBox[a] <= tableBox[b + 3u] && tableBox[b] <= queryBox[a + 3u] &&
           queryBox[a + 1u] <= tableBox[b + 4u] && tableBox[b + 1u] <= queryBox[a + 4u] &&
           queryBox[a + 2u] <= tableBox[b + 5u] && tableBox[b + 2u] <= queryBox[a + 5u];
}

// The cell of the overlap's low corner is `cell`: the pair is kept there only.
bool owns(uint q, uint k, ivec3 cell)
{
    const ivec3 low = ivec3(cellOf(max(queryBox[6u * q], tableBox[6u * k])),
                            cellOf(max(queryBox[6u * q + 1u], tableBox[6u * k + 1u])),
                            cellOf(max(queryBox[6u * q + 2u], tableBox[6u * k + 2u])));
    return low == cell;
}

// Whether particle p is one of table element k's.
bool inTable(uint p, uint k)
{
    const uint base = uTableNodes * k;
    return tableNode[base] == p || tableNode[base + 1u] == p ||
           (uTableNodes == 3u && tableNode[base + 2u] == p);
}

bool shares(uint q, uint k)
{
    if (uQueryNodes == 1u)
        return inTable(q, k);
    return inTable(queryNode[2u * q], k) || inTable(queryNode[2u * q + 1u], k);
}

// Calls KEEP(k) for every table element k that pairs with query q, once each: one loop over
// the cells of its box and their buckets' entries.
#define FOR_PAIRS(q, KEEP)                                                                  \
    {                                                                                       \
        const ivec3 lo_ = ivec3(cellOf(queryBox[6u * q]), cellOf(queryBox[6u * q + 1u]),    \
                                cellOf(queryBox[6u * q + 2u]));                             \
        const ivec3 hi_ = ivec3(cellOf(queryBox[6u * q + 3u]), cellOf(queryBox[6u * q + 4u]),\
                                cellOf(queryBox[6u * q + 5u]));                             \
        const uvec3 n_ = uvec3(hi_ - lo_) + 1u;                                             \
        const uint cells_ = n_.x * n_.y * n_.z;                                             \
        uint cell_ = 0u;                                                                    \
        uint s_ = 0u;                                                                       \
        uint end_ = 0u;                                                                     \
        ivec3 c_ = lo_;                                                                     \
        bool open_ = false;                                                                 \
        while (cell_ < cells_) {                                                            \
            if (!open_) {                                                                   \
                c_ = lo_ + ivec3(cell_ % n_.x, (cell_ / n_.x) % n_.y, cell_ / (n_.x * n_.y)); \
                const uint b_ = bucketOf(c_);                                               \
                s_ = bucketStart[b_];                                                       \
                end_ = min(bucketStart[b_ + 1u], uEntryCapacity);                           \
                open_ = true;                                                               \
            }                                                                               \
            if (s_ < end_) {                                                                \
                const uvec4 e_ = entry[s_];                                                 \
                const uint k_ = e_.x;                                                       \
                if (ivec3(e_.yzw) == c_ && (uSame == 0u || k_ > q) && !shares(q, k_) &&     \
                    overlaps(q, k_) && owns(q, k_, c_))                                     \
                    KEEP(k_);                                                               \
                ++s_;                                                                       \
            } else {                                                                        \
                open_ = false;                                                              \
                ++cell_;                                                                    \
            }                                                                               \
        }                                                                                   \
    }
#endif

#if STAGE == 3
void main()
{
    const uint q = invocation();
    if (q >= uQueries)
        return;
    uint count = 0u;
#define COUNT(k) ++count
    FOR_PAIRS(q, COUNT)
    pairStart[q] = count;
}
#endif

#if STAGE == 4 || STAGE == 5
// This invocation's query and the start of its pairs; false past the last query.
bool queryStart(out uint q, out uint begin)
{
    q = invocation();
    begin = q < uQueries ? pairStart[q] : 0u;
    return q < uQueries;
}
#endif

#if STAGE == 4
void main()
{
    uint q, at;
    if (!queryStart(q, at))
        return;
#define WRITE(k)                                                                            \
    {                                                                                       \
        if (at < uPairCapacity)                                                             \
            pairs[at] = uvec2(q, k);                                                        \
        else                                                                                \
            overflow[0] = 1u;                                                               \
        ++at;                                                                               \
    }
    FOR_PAIRS(q, WRITE)
}
#endif

#if STAGE == 5
// The canonical order within each query's pairs: table elements ascending (a Shell sort, in
// an invocation of its own: few iterations for llvmpipe's limit on them).
void main()
{
    uint q, begin;
    if (!queryStart(q, begin))
        return;
    const uint end = min(pairStart[q + 1u], uPairCapacity);
    const uint gaps[8] = uint[8](701u, 301u, 132u, 57u, 23u, 10u, 4u, 1u);
    for (uint g = 0u; g < 8u; ++g) {
        const uint gap = gaps[g];
        for (uint i = begin + gap; i < end; ++i) {
            const uvec2 p = pairs[i];
            uint j = i;
            while (j >= begin + gap && pairs[j - gap].y > p.y) {
                pairs[j] = pairs[j - gap];
                j -= gap;
            }
            pairs[j] = p;
        }
    }
}
#endif
