#pragma once
/// \file
/// The particles' self-collision pairs found on the GPU (private to pbd_gpu): the CPU's
/// SelfCollision::find() (src/pbd/world/self_collision.h) as compute passes in
/// shaders/particle_pairs.comp.glsl, in 2D and 3D: the same grid over the cells' box, the
/// same buckets sorted by a counting sort with each bucket's particles in index order, the
/// pairs in the CPU's search order and coloured greedily in that order (one invocation walks
/// them), then placed in colour order. In double the pairs, their order and the colour starts
/// are the CPU's (pbd/device/self_collision_pairs.h's makeHostPairSearch()). A find() reads
/// nothing back (the colouring's and the placing's dispatches are indirect, sized on the GPU);
/// pairCount() and colourStarts() read a few words. The self-collision's rounds on the GPU
/// (gpu_self_contact3.h) share its words: once they set "over", a queued find does nothing.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "pbd/device/self_collision_pairs.h"

namespace pbd::gpu {

/// One search's buffers, grown as needed. Needs the OpenGL 4.3 context it was made on.
class GpuParticlePairs {
public:
    /// Compiles the kernels in float or double for `dimensions` (2 or 3); null with `why` set
    /// when one does not compile.
    static std::unique_ptr<GpuParticlePairs> create(bool doublePrecision, int dimensions,
                                                    std::string& why);
    ~GpuParticlePairs();
    GpuParticlePairs(const GpuParticlePairs&) = delete;
    GpuParticlePairs& operator=(const GpuParticlePairs&) = delete;

    /// Queues the search over `n` particles: positions in `positions` (the solver's layout,
    /// reals in the precision: DIM per particle) and inverse masses in `inverseMasses` (GL
    /// buffer names; 0: the buffer bound at 0, resp. 3, as GpuSolver::step binds its own), a
    /// cloth `width` particles wide, `thickness` m thick (> 0). The pairs land in
    /// pairsBuffer() in colour order, (i, j) as two uints each; the colours' counts in
    /// wordsBuffer() (words 8 to 71).
    void find(unsigned positions, unsigned inverseMasses, std::size_t n, int width,
              double thickness);
    /// The last find()'s pair count (reads two words back); when its buffers were too small it
    /// grows them and runs it again first.
    std::size_t pairCount();
    /// The last find()'s colour starts as the CPU's colourStarts(): colour c's pairs are
    /// [start c, start c + 1), up to the last colour with a pair (reads the counts back).
    std::vector<std::size_t> colourStarts();
    /// The pairs of the last find(), in colour order, read back (for tests).
    std::vector<detail::SelfCollisionPair> downloadPairs();
    unsigned pairsBuffer() const { return buffers_[kPairs]; }
    unsigned wordsBuffer() const { return buffers_[kWords]; }
    /// The indirect dispatches (x, y, 1) of the search's stages, kGateEntries of them, then
    /// the same again as they were made: the self-collision's rounds set the first ones' x to
    /// 0 once they are over (so a queued search launches nothing) and copy them back at their
    /// end. Entry kGateOne is one work group (the rounds' own dispatch uses it too).
    unsigned gateBuffer() const { return buffers_[kGate]; }
    static constexpr unsigned kGateParticles = 0, kGateBuckets = 1, kGateOne = 2,
                              kGateEntries = 3;
    /// The colouring walks' and the placing's indirect dispatches (x, 1, 1), walks() + 1 of
    /// them, which the rounds set to 0 once they are over.
    unsigned walkBuffer() const { return buffers_[kDispatch]; }
    std::size_t walks() const { return walks_; }
    /// Word kStatusWord of wordsBuffer(): 1 once a find() found more pairs than its buffers
    /// held (those past them left out), kept until its owner clears it (gpu_self_contact3.h
    /// takes it a step later, past a fence). Never set when pairs() of `n` particles cannot
    /// exceed the capacity (canOverflow()).
    static constexpr std::size_t kStatusWord = 73;
    static constexpr std::size_t kWordCount = 74;
    std::size_t capacity() const { return capacity_; }
    bool canOverflow() const { return capacity_ < particles_ * (particles_ - 1) / 2; }
    /// Pairs the buffers hold for `n` particles: every pair up to 1448 particles (2^20
    /// pairs), else 32 per particle and 4096 more.
    static std::size_t capacityFor(std::size_t n);
    /// Holds `pairs` pairs from the next find() on (tests: the growth in pairCount()).
    void setCapacity(std::size_t pairs)
    {
        capacity_ = pairs;
        capacitySet_ = true;
    }

    /// Pairs one invocation colours per dispatch (within llvmpipe's 65535 loop iterations).
    static constexpr std::size_t kColourWalk = 32768;
    /// Words of wordsBuffer(): 1 when the self-collision's rounds are over (every stage does
    /// nothing until cleared), 1 when they ran out (set and read by the rounds' kernels).
    static constexpr std::size_t kOverWord = 7;
    static constexpr std::size_t kRanOutWord = 72;

private:
    GpuParticlePairs() = default;
    void run();

    bool double_ = false;
    static constexpr int kStages = 8;
    unsigned stages_[kStages] = {};
    unsigned scan_ = 0; ///< element_pairs.comp.glsl's scan
    enum { kCells, kWords, kPairs, kDispatch, kBucketStart, kBucketFill, kSorted, kPairStart,
           kFound, kColourRank, kUsed, kGate, kBuffers };
    unsigned buffers_[kBuffers] = {};
    std::size_t particles_ = 0, buckets_ = 0, capacity_ = 0, allocated_ = 0, walks_ = 0;
    bool capacitySet_ = false;
    unsigned positions_ = 0, inverseMasses_ = 0;
    int width_ = 1;
    double thickness_ = 0.0;
};

} // namespace pbd::gpu
