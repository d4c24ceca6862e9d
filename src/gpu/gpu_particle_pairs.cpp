// The particles' self-collision pairs found on the GPU (gpu_particle_pairs.h).

#include "gpu_particle_pairs.h"

#include <algorithm>
#include <bit>
#include <iterator>

#include <glad/gl.h>

#include "gpu_kernels.h"

namespace pbd::gpu {
namespace {

constexpr const char* kFile = "particle_pairs.comp.glsl";
/// buffers_' bindings in particle_pairs.comp.glsl, in their order (24 is the scan's; the
/// gate is read as dispatches only: kUnbound).
constexpr GLuint kUnbound = ~0u;
constexpr GLuint kBindings[] = {20, 21, 22, 23, 25, 26, 27, 28, 29, 30, 31, kUnbound};
constexpr GLuint kScanBinding = 24;     // element_pairs.comp.glsl's scan, in place
constexpr GLint kScanCountLocation = 9; // its count
constexpr std::size_t kColourCounts = 8; // words[8, 72): the colours' counts
constexpr std::size_t kOverflowWord = 6; // the last find's overflow

/// (Re)allocates `buffer` for `bytes` (16 at least), its contents zero.
void reserve(GLuint buffer, std::size_t bytes)
{
    const GLuint zero = 0;
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
    glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(std::max<std::size_t>(bytes, 16)),
                 nullptr, GL_DYNAMIC_DRAW);
    glClearBufferData(GL_SHADER_STORAGE_BUFFER, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, &zero);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
}

void readWords(GLuint buffer, std::size_t first, std::size_t count, GLuint* out)
{
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, static_cast<GLintptr>(4 * first),
                       static_cast<GLsizeiptr>(4 * count), out);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
}

} // namespace

std::unique_ptr<GpuParticlePairs> GpuParticlePairs::create(bool doublePrecision, int dimensions,
                                                           std::string& why)
{
    std::unique_ptr<GpuParticlePairs> search(new GpuParticlePairs());
    search->double_ = doublePrecision;
    for (int stage = 0; stage < kStages; ++stage) {
        search->stages_[stage] = buildKernel(doublePrecision, stage, false, why, kFile, dimensions);
        if (search->stages_[stage] == 0)
            return nullptr;
    }
    search->scan_ = buildKernel(doublePrecision, 1, false, why, "element_pairs.comp.glsl", 3);
    if (search->scan_ == 0)
        return nullptr;
    static_assert(std::size(kBindings) == kBuffers);
    glGenBuffers(kBuffers, search->buffers_);
    reserve(search->buffers_[kWords], 4 * kWordCount);
    return search;
}

GpuParticlePairs::~GpuParticlePairs()
{
    for (GLuint program : stages_)
        if (program != 0)
            glDeleteProgram(program);
    if (scan_ != 0)
        glDeleteProgram(scan_);
    if (buffers_[0] != 0)
        glDeleteBuffers(kBuffers, buffers_);
}

std::size_t GpuParticlePairs::capacityFor(std::size_t n)
{
    return std::min(n * (n - std::min<std::size_t>(n, 1)) / 2,
                    std::max<std::size_t>(32 * n + 4096, std::size_t{1} << 20));
}

void GpuParticlePairs::find(unsigned positions, unsigned inverseMasses, std::size_t n, int width,
                            double thickness)
{
    positions_ = positions;
    inverseMasses_ = inverseMasses;
    width_ = width;
    thickness_ = thickness;
    // The CPU's table: a power of two at least twice the particles, 16 at least.
    const std::size_t buckets = std::bit_ceil(std::max<std::size_t>(2 * n, 16));
    if (n != particles_) {
        particles_ = n;
        reserve(buffers_[kCells], 16 * n);
        reserve(buffers_[kSorted], 4 * n);
        reserve(buffers_[kPairStart], 4 * (n + 1));
        reserve(buffers_[kUsed], 8 * n); // zero: no colours yet
        if (buckets != buckets_) {
            buckets_ = buckets;
            reserve(buffers_[kBucketStart], 4 * (buckets + 1));
            reserve(buffers_[kBucketFill], 4 * buckets);
        }
        // The stages' dispatches as dispatchKernel() makes them, twice (the live ones, then
        // the ones to restore them from).
        std::vector<GLuint> gate;
        for (int copy = 0; copy < 2; ++copy)
            for (const std::size_t invocations : {n, buckets, std::size_t{1}}) {
                const std::size_t groups = std::max<std::size_t>((invocations + 255) / 256, 1);
                const std::size_t x = std::min<std::size_t>(groups, 65535);
                gate.insert(gate.end(), {static_cast<GLuint>(x),
                                         static_cast<GLuint>((groups + x - 1) / x), 1u});
            }
        reserve(buffers_[kGate], 4 * gate.size());
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffers_[kGate]);
        glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(4 * gate.size()),
                        gate.data());
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    }
    if (!capacitySet_)
        capacity_ = std::max<std::size_t>(capacityFor(n), 1);
    run();
}

void GpuParticlePairs::run()
{
    const std::size_t n = particles_;
    if (allocated_ != capacity_) {
        allocated_ = capacity_;
        for (int b : {kPairs, kFound, kColourRank})
            reserve(buffers_[b], 8 * capacity_);
        // Each walk's dispatch (x, 1, 1), then stage 7's; stage 5 writes the x.
        walks_ = (capacity_ + kColourWalk - 1) / kColourWalk;
        const std::vector<GLuint> args(3 * (walks_ + 1), 1u);
        reserve(buffers_[kDispatch], 4 * args.size());
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffers_[kDispatch]);
        glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(4 * args.size()),
                        args.data());
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    }
    // The words: the box's corners as none yet (low INT_MAX, high INT_MIN, as ordered uints),
    // no overflow, no colour counted; the rounds' words (7, 72, 73) as they are.
    const GLuint zero = 0;
    const GLuint ones = 0xffffffffu;
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffers_[kWords]);
    glClearBufferSubData(GL_SHADER_STORAGE_BUFFER, GL_R32UI, 0, 12, GL_RED_INTEGER,
                         GL_UNSIGNED_INT, &ones);
    glClearBufferSubData(GL_SHADER_STORAGE_BUFFER, GL_R32UI, 12, 16, GL_RED_INTEGER,
                         GL_UNSIGNED_INT, &zero);
    glClearBufferSubData(GL_SHADER_STORAGE_BUFFER, GL_R32UI, 4 * kColourCounts,
                         4 * (detail::kSelfCollisionSerialColour + 1), GL_RED_INTEGER,
                         GL_UNSIGNED_INT, &zero);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffers_[kBucketStart]);
    glClearBufferData(GL_SHADER_STORAGE_BUFFER, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, &zero);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);

    if (positions_ != 0)
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, positions_);
    if (inverseMasses_ != 0)
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, inverseMasses_);
    for (std::size_t b = 0; b < kBuffers; ++b)
        if (kBindings[b] != kUnbound)
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kBindings[b], buffers_[b]);
    const double reach = detail::kSelfCollisionReach * thickness_;
    for (GLuint program : stages_) {
        auto setUint = [program](const char* name, std::size_t value) {
            setUintUniform(program, name, value);
        };
        auto setReal = [this, program](const char* name, double value) {
            setRealUniform(program, name, double_, value);
        };
        setUint("uParticles", n);
        setUint("uWidth", static_cast<std::size_t>(width_));
        setUint("uBuckets", buckets_);
        setUint("uCapacity", capacity_);
        setUint("uWalk", kColourWalk);
        setUint("uWalks", walks_);
        setReal("uInverseCell", 1.0 / reach);
        setReal("uReachSquared", reach * reach);
    }
    // Every dispatch indirect, from the gate's entries (none once the rounds are over).
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, buffers_[kGate]);
    auto stage = [&](int s, unsigned entry) {
        glUseProgram(stages_[s]);
        glDispatchComputeIndirect(static_cast<GLintptr>(12 * entry));
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    };
    auto scan = [&](GLuint buffer, std::size_t count) {
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kScanBinding, buffer);
        glUseProgram(scan_);
        glUniform1ui(kScanCountLocation, static_cast<GLuint>(count));
        glDispatchComputeIndirect(12 * kGateOne);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
    };
    // The grid and the particles by bucket: cells, numbers and counts, starts, scatter, order.
    stage(0, kGateParticles);
    stage(1, kGateParticles);
    scan(buffers_[kBucketStart], buckets_);
    glBindBuffer(GL_COPY_READ_BUFFER, buffers_[kBucketStart]);
    glBindBuffer(GL_COPY_WRITE_BUFFER, buffers_[kBucketFill]);
    glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0,
                        static_cast<GLsizeiptr>(4 * buckets_));
    glBindBuffer(GL_COPY_READ_BUFFER, 0);
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    stage(2, kGateParticles);
    stage(3, kGateBuckets);
    // The pairs: counted per sorted particle, scanned into starts, written in the CPU's order.
    stage(4, kGateParticles);
    scan(buffers_[kPairStart], n);
    stage(5, kGateParticles);
    glMemoryBarrier(GL_COMMAND_BARRIER_BIT);
    // Coloured in order, a walk per dispatch (indirect: no group past the pairs), then placed
    // by colour (indirect: a group per 256 pairs).
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, buffers_[kDispatch]);
    glUseProgram(stages_[6]);
    for (std::size_t walk = 0; walk < walks_; ++walk) {
        const std::size_t begin = walk * kColourWalk;
        glUniform1ui(glGetUniformLocation(stages_[6], "uBegin"), static_cast<GLuint>(begin));
        glUniform1ui(glGetUniformLocation(stages_[6], "uEnd"),
                     static_cast<GLuint>(std::min(capacity_, begin + kColourWalk)));
        glDispatchComputeIndirect(static_cast<GLintptr>(12 * walk));
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }
    glUseProgram(stages_[7]);
    glDispatchComputeIndirect(static_cast<GLintptr>(12 * walks_));
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
    glUseProgram(0);
}

std::size_t GpuParticlePairs::pairCount()
{
    GLuint total = 0;
    for (int round = 0; round < 2; ++round) {
        GLuint overflow = 0;
        readWords(buffers_[kWords], kOverflowWord, 1, &overflow);
        readWords(buffers_[kPairStart], particles_, 1, &total);
        if (overflow == 0)
            break;
        // Too small: grown to what it needed, and run again.
        capacity_ = total;
        run();
    }
    return total;
}

std::vector<std::size_t> GpuParticlePairs::colourStarts()
{
    pairCount();
    GLuint counts[detail::kSelfCollisionSerialColour + 1] = {};
    readWords(buffers_[kWords], kColourCounts, std::size(counts), counts);
    std::size_t last = 0;
    for (std::size_t c = 0; c < std::size(counts); ++c)
        if (counts[c] != 0)
            last = c + 1;
    std::vector<std::size_t> starts(last + 1, 0);
    for (std::size_t c = 1; c <= last; ++c)
        starts[c] = starts[c - 1] + counts[c - 1];
    return starts;
}

std::vector<detail::SelfCollisionPair> GpuParticlePairs::downloadPairs()
{
    const std::size_t count = pairCount();
    std::vector<detail::SelfCollisionPair> pairs(count);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffers_[kPairs]);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(8 * count),
                       pairs.data());
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    return pairs;
}

} // namespace pbd::gpu
