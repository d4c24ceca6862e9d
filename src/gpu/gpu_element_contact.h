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
/// read back: every buffer holds all it can be asked to (the pairs' buffers every pair of
/// every element), which fits() bounds.

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
    /// Whether a width x height sheet's every pair fits the buffers (at most kMaxPairs
    /// point-triangle and edge-edge pairs together).
    static bool fits(int width, int height);
    static constexpr std::size_t kMaxPairs = std::size_t{1} << 22;

    /// Builds the kernels in float or double; throws std::runtime_error when one does not.
    explicit GpuElementContact(bool doublePrecision);
    ~GpuElementContact();
    GpuElementContact(const GpuElementContact&) = delete;
    GpuElementContact& operator=(const GpuElementContact&) = delete;

    /// Takes the sheet of `topology` (the whole one: setSurface() says which of its elements
    /// are live): uploads its triangles, edges and their constraints and sizes the buffers.
    void setSheet(const ClothTopology& topology);
    /// The next resolve()'s surface and thin obstacles: `alive` the solver's live flags (one
    /// bit per constraint) where the sheet may have lost constraints, else 0 (the whole
    /// sheet); `axes` the capsules' axes in the substep (uploaded: a few reals each).
    void setSurface(unsigned alive, std::span<const detail::CapsuleAxis> axes);
    /// The guards the bound's buffers must hold for the sheet and the axes.
    std::size_t guardCapacity() const { return guardCapacity_ + edges_ * axes_; }
    /// Queues the elements' contacts of a substep on the GPU solver's state (its positions,
    /// step starts and inverse masses bound at 0, 1 and 3) of the sheet; writes the
    /// bound's limits, bounds and common motion to `bound[0]`, its guards to `bound[1]` and
    /// `bound[2]` (in the bound kernel's layout, each large enough: guardCapacity()).
    void resolve(const Settings& settings, const std::array<unsigned, 3>& bound);
    /// The words buffer: the guards' count at word 5, the bound's guard dispatch at 6 to 8.
    unsigned wordsBuffer() const { return buffers_[kWords]; }
    static constexpr std::size_t kGuardsWord = 5;
    static constexpr std::size_t kBoundArgsWord = 6;

private:
    void bind(const std::array<unsigned, 3>& bound) const;
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
    std::size_t pairCapacity_ = 0; ///< kept pairs of each kind the lists hold
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
