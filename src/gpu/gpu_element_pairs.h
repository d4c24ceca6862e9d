#pragma once
/// \file
/// The 3D self-contact's candidate pairs found on the GPU (private to pbd_gpu): the CPU's
/// search (ElementContact, src/pbd/world/element_contact.h) as compute passes in
/// shaders/element_pairs.comp.glsl, giving the same pairs in the canonical order
/// (pbd/device/element_pairs.h) from the same boxes: a spatial hash built by a counting sort,
/// each query's pairs counted, scanned into starts and written sorted. Nothing is read back
/// but pairCount() (one word, with the overflow flag).

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "pbd/device/element_pairs.h"

namespace pbd::gpu {

/// One search's buffers, grown as needed. Needs the OpenGL 4.3 context it was made on.
class GpuElementPairs {
public:
    /// Compiles the six kernels in float or double; null with `why` set when one does not.
    static std::unique_ptr<GpuElementPairs> create(bool doublePrecision, std::string& why);
    ~GpuElementPairs();
    GpuElementPairs(const GpuElementPairs&) = delete;
    GpuElementPairs& operator=(const GpuElementPairs&) = delete;

    /// What a search reads: buffers on the GPU (names), boxes as kElementBoxReals reals per
    /// element in the precision, nodes as uints.
    struct Elements {
        unsigned boxes = 0;
        unsigned nodes = 0;   ///< 0 with nodeCount 1: element k is particle k
        std::size_t count = 0;
        unsigned nodeCount = 1; ///< particles per element: 1, 2 or 3
    };
    /// Queues the search of `queries` against `table` (the same elements when `same`: pairs
    /// of a query and a table element after it) over a grid of cells `cell` m wide. The
    /// pairs land in pairsBuffer(), (query, table) as two uints each, canonical order.
    void find(const Elements& queries, const Elements& table, bool same, double cell,
              unsigned cellFloor = 0);
    /// `cellFloor`, when not 0: a buffer whose word 0 holds a float's bits, a floor of the
    /// cell size that the GPU computed (the larger of it and `cell` is taken).
    /// Holds `pairs` pairs from now on (at least 1), in place of the room find() makes (8 a
    /// query): a search that finds more writes those that fit, sets the overflow flag and
    /// leaves its total in pairStartBuffer() (the caller's budget, grown by the caller).
    void reservePairs(std::size_t pairs);
    /// The pairs pairsBuffer() holds.
    std::size_t pairCapacity() const { return pairCapacity_; }
    /// Makes room for `perElement` table entries (cells) per table element. A table that
    /// needs more writes what fits and sets the overflow flag; it needed
    /// bucketStartBuffer()'s word buckets().
    void reserveEntries(std::size_t perElement) { entriesPerElement_ = perElement; }
    unsigned bucketStartBuffer() const { return bucketStart_; }
    std::size_t buckets() const { return buckets_; }
    std::size_t entryCapacity() const { return entryCapacity_; }
    /// Scans `count` uints of `buffer` from byte `offset` (a multiple of
    /// GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT) in place into exclusive starts, their sum
    /// after them (one work group).
    void scan(unsigned buffer, std::size_t count, std::size_t offset = 0);
    /// Each query's first pair, the total at the query count.
    unsigned pairStartBuffer() const { return pairStart_; }
    /// The last find()'s pair count (reads one word back); when its buffers were too small it
    /// grows them and runs it again first.
    std::size_t pairCount();
    /// The pairs of the last find(), read back (for tests).
    std::vector<detail::ElementPair> downloadPairs();
    unsigned pairsBuffer() const { return pairs_; }

private:
    GpuElementPairs() = default;
    void run();

    bool double_ = false;
    unsigned stages_[6] = {};
    unsigned bucketStart_ = 0, bucketFill_ = 0, entries_ = 0, pairStart_ = 0, pairs_ = 0,
             overflow_ = 0;
    std::size_t buckets_ = 0, entryCapacity_ = 0, pairCapacity_ = 0, startCapacity_ = 0;
    Elements queries_, table_;
    bool same_ = false;
    double cell_ = 1.0;
    unsigned cellFloor_ = 0;
    std::size_t entriesPerElement_ = 8;
    bool pairsReserved_ = false; ///< reservePairs() sets the capacity
};

} // namespace pbd::gpu
