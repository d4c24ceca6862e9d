#pragma once
/// \file
/// The 3D self-contact between the cloth's elements on the GPU (private to pbd_gpu): the
/// CPU's ElementContact::resolve() (src/pbd/world/element_contact.h), in
/// shaders/element_contact.comp.glsl, with the capsules' axes and a torn sheet's surface
/// (setSurface()): the substep's starts, common
/// motion, pads and boxes, the patches' flat blocks, the candidates of the device's pair
/// search (gpu_element_pairs.h) filtered as the CPU filters them, then the start gaps,
/// bounds and guards and the four Gauss-Seidel passes over the pairs in the CPU's order. It
/// leaves the SelfContactBound phase's inputs in the bound's buffers
/// (shaders/self_contact_bound.comp.glsl), the guards' count in a word of its own. Nothing is
/// read back. The buffers hold a budget of pairs, not every pair of the sheet: the search's
/// candidates (8 bytes each) and the kept pairs (their lists, start normals and gaps, guards)
/// each have their own, grown by grow(); a step that finds more takes what fits (in the
/// canonical order: the queries after the budget lose their pairs) and says so in the status
/// words that resolve() is given, which the caller reads a step later (gpu_self_contact3.h).

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "pbd/device/self_contact3.h"
#include "pbd/settings.h"
#include "pbd/topology.h"

namespace pbd::gpu {

class GpuElementPairs;

class GpuElementContact {
public:
    /// Whether the kernels take a width x height sheet (2 x 2 at least, every index within 32
    /// bits).
    static bool fits(int width, int height);
    /// The budgets a sheet starts with, per query element (the point-triangle search's per
    /// particle, the edge-edge search's per edge): candidates and kept pairs; the searches'
    /// table entries (cells) per table element; each at least kBudgetFloor in all (a small
    /// sheet's dense contacts fit from the start), never more than every pair of the sheet (64
    /// entries an element).
    static constexpr std::size_t kCandidatesPerQuery = 24;
    static constexpr std::size_t kKeptPerQuery = 16;
    static constexpr std::size_t kEntriesPerElement = 12;
    static constexpr std::size_t kBudgetFloor = std::size_t{1} << 16;
    /// A sheet with at most this many point-triangle and edge-edge pairs together (about
    /// 25 x 25 particles) has buffers for every pair instead: it never overflows, so nothing
    /// is read (some 130 bytes a pair in double: 120 MB at 20 x 20).
    static constexpr std::size_t kEveryPairUpTo = std::size_t{1} << 22;
    /// The status words resolve() adds to (wordsBuffer()'s from kStatusWord): the overflow
    /// bits (candidates of kind k: 2 << k, kept pairs: 8 << k, the search's table entries:
    /// 32 << k; bit 0 is left to the particles' search), then what each budget needed, the
    /// largest since clearStatus(): the candidates of kind 0 and 1, the kept pairs of kind 0
    /// and 1, the entries of kind 0 and 1.
    static constexpr std::size_t kStatusWords = 7;
    static constexpr unsigned kOverflowBits = 0x7eu;

    /// Builds the kernels in float or double; throws std::runtime_error when one does not.
    /// `candidatesPerQuery` and `keptPerQuery` stand in for the budgets (tests: then without
    /// the floor, and the entries' budget kEntriesPerElement alone).
    explicit GpuElementContact(bool doublePrecision,
                               std::size_t candidatesPerQuery = kCandidatesPerQuery,
                               std::size_t keptPerQuery = kKeptPerQuery);
    ~GpuElementContact();
    GpuElementContact(const GpuElementContact&) = delete;
    GpuElementContact& operator=(const GpuElementContact&) = delete;

    /// Takes the sheet of `topology` (the whole one: setSurface() says which of its elements
    /// are live): uploads its triangles, edges and their constraints and sizes the buffers for
    /// its budgets.
    void setSheet(const ClothTopology& topology);
    /// The next resolve()'s surface and thin obstacles: `alive` the solver's live flags (one
    /// bit per constraint) where the sheet may have lost constraints, else 0 (the whole
    /// sheet); `axes` the capsules' axes in the substep (uploaded: a few reals each).
    void setSurface(unsigned alive, std::span<const detail::CapsuleAxis> axes);
    /// Whether a step can find more than the buffers hold (false when they hold every pair).
    bool canOverflow() const;
    /// Grows the budgets to what the status words after the bits (`needed`, kStatusWords - 1
    /// of them) say a step needed, and some more; whether any grew.
    bool grow(const std::array<std::uint32_t, kStatusWords - 1>& needed);
    /// The candidates each search holds and the kept pairs of each kind (0: points against
    /// triangles, 1: edges against edges).
    std::size_t candidateCapacity(int kind) const { return candidateCapacity_[kind]; }
    std::size_t keptCapacity(int kind) const { return keptCapacity_[kind]; }
    /// The guards the bound's buffers must hold for the sheet and the axes.
    std::size_t guardCapacity() const { return guardCapacity_ + edges_ * axes_; }
    /// Queues the elements' contacts of a substep on the GPU solver's state (its positions,
    /// step starts and inverse masses bound at 0, 1 and 3) of the sheet; writes the
    /// bound's limits, bounds and common motion to `bound[0]`, its guards to `bound[1]` and
    /// `bound[2]` (in the bound kernel's layout, each large enough: guardCapacity()).
    /// Adds to the status words (wordsBuffer()'s from kStatusWord) what the step exceeded.
    void resolve(const Settings& settings, const std::array<unsigned, 3>& bound);
    /// The words buffer: the guards' count at word 5, the bound's guard dispatch at 6 to 8,
    /// the status from kStatusWord (kStatusWords of them, kept until clearStatus()).
    unsigned wordsBuffer() const { return buffers_[kWords]; }
    static constexpr std::size_t kGuardsWord = 5;
    static constexpr std::size_t kBoundArgsWord = 6;
    static constexpr std::size_t kStatusWord = 16;
    /// Zeroes the status words (queued on the GPU).
    void clearStatus();

private:
    void bind(const std::array<unsigned, 3>& bound) const;
    /// Sizes the buffers for the capacities.
    void allocate();
    /// setSheet()'s surface words, `ids` the edges' constraints.
    void setSurfaceWords(const ClothTopology& topology, const std::vector<std::uint32_t>& ids);

    bool double_ = false;
    std::array<unsigned, 13> kernels_{};
    std::unique_ptr<GpuElementPairs> pointTriangles_, edgeEdges_;
    enum { kWork, kPointBoxes, kTriangleBoxes, kEdgeBoxes, kTriangles, kEdges, kWords, kLists,
           kBuffers };
    std::array<unsigned, kBuffers> buffers_{};
    int width_ = 0, height_ = 0;
    std::size_t particles_ = 0, triangles_ = 0, edges_ = 0, patches_ = 0;
    std::array<std::size_t, 2> keptCapacity_{};      ///< kept pairs of each kind
    std::array<std::size_t, 2> candidateCapacity_{}; ///< each search's candidates
    std::array<std::size_t, 2> allPairs_{};          ///< every pair of each kind
    std::array<std::size_t, 2> entryCapacity_{};     ///< each search's table entries
    std::size_t candidatesPerQuery_ = kCandidatesPerQuery, keptPerQuery_ = kKeptPerQuery;
    std::size_t floor_ = kBudgetFloor; ///< 1 where a test set the budgets
    std::size_t everyPairUpTo_ = kEveryPairUpTo; ///< 0 where a test set the budgets
    std::size_t patchBase_ = 0, pairBase_ = 0;
    std::size_t edgeList_ = 0; ///< where the edge-edge pairs' list starts (words)
    double longestRest_ = 0.0;
    std::size_t guardCapacity_ = 0;
    // The surface and the capsules (setSurface()): the surface's words (its constraints, rest
    // lengths, live flags and the edges near an axis) and the axes' reals.
    enum { kSurfaceWords, kAxisReals, kSurfaceBuffers };
    std::array<unsigned, kSurfaceBuffers> surfaceBuffers_{};
    std::vector<std::uint32_t> surfaceWords_; ///< setSheet()'s, less the edges near an axis
    std::array<double, 4> rests_{}; ///< the edges' rest lengths, each once
    unsigned alive_ = 0;            ///< the solver's live flags; 0: the whole sheet
    std::size_t axes_ = 0;
    std::size_t axisCapacity_ = 0;  ///< axes the axes' buffers hold
};

} // namespace pbd::gpu
