// The 3D self-contact between the cloth's elements on the GPU (gpu_element_contact.h).

#include "gpu_element_contact.h"

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <glad/gl.h>

#include "gpu_element_pairs.h"
#include "gpu_kernels.h"

namespace pbd::gpu {
namespace {

constexpr const char* kFile = "element_contact.comp.glsl";
// The kernels' bindings (element_contact.comp.glsl): the bound's three buffers at 16 to 18,
// then buffers_ in its order from 19 but the two lists, the candidates and their starts.
constexpr GLuint kBoundBinding = 16;
constexpr GLuint kWorkBinding = 19;
constexpr GLuint kCandidatesBinding = 26;
constexpr GLuint kCandidateStartBinding = 27;
constexpr GLuint kListsBinding = 28;
// The solver's live flags, and the surface's buffers (element_contact.comp.glsl).
constexpr GLuint kAliveBinding = 5;
constexpr GLuint kAxisRealsBinding = 29;
constexpr GLuint kSurfaceWordsBinding = 30;
/// Reals per capsule's axis (a0, b0, a1, b1, radius) and per edge near one.
constexpr std::size_t kRealsPerAxis = 13;
constexpr std::size_t kRealsPerEdgeAxis = 5;
/// The CPU's kSelfContactPatch, kSelfContactGamma, kSelfContactFloor and project()'s reach.
constexpr int kPatch = 4;
constexpr double kGamma = 0.9;
constexpr double kFloor = 0.1;
constexpr double kActive = 1.25;
constexpr std::size_t kFirstFlat = 32; // element_contact.comp.glsl's kFlat
constexpr std::size_t kEntriesNeededWord = 23; // its kEntriesNeeded (after the status)
/// The cells a box touches at most: the kernels make the cells at least a third of the widest
/// box (and 2 % more), so a box touches at most 4 along each axis.
constexpr std::size_t kCellsPerBox = 64;

std::size_t patchesOf(int width, int height)
{
    return static_cast<std::size_t>((width - 2) / kPatch + 1) *
           static_cast<std::size_t>((height - 2) / kPatch + 1);
}

struct Counts {
    std::size_t particles, triangles, edges, pointTriangles, edgeEdges;
};

Counts countsOf(int width, int height)
{
    const auto w = static_cast<std::size_t>(width), h = static_cast<std::size_t>(height);
    const std::size_t cells = (w - 1) * (h - 1);
    // Each cell's diagonal, and the rows' and columns' edges.
    const std::size_t edges = cells + (w - 1) * h + w * (h - 1);
    return {w * h, 2 * cells, edges, w * h * 2 * cells, edges * (edges - 1) / 2};
}

void reserve(GLuint buffer, std::size_t bytes)
{
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
    glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(std::max<std::size_t>(bytes, 16)),
                 nullptr, GL_DYNAMIC_DRAW);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
}

void upload(GLuint buffer, const std::vector<std::uint32_t>& values)
{
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
    glBufferData(GL_SHADER_STORAGE_BUFFER,
                 static_cast<GLsizeiptr>(std::max<std::size_t>(4 * values.size(), 16)),
                 values.data(), GL_STATIC_DRAW);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
}

/// One work group (the kernels that walk in turns), then the barriers.
void dispatchGroup()
{
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
}

} // namespace

bool GpuElementContact::fits(int width, int height)
{
    if (width < 2 || height < 2)
        return false;
    // The lists' and the work's indices within 32 bits with every budget at its largest.
    const Counts c = countsOf(width, height);
    return 8 * (c.particles + c.edges) < (std::size_t{1} << 32);
}

GpuElementContact::GpuElementContact(bool doublePrecision, std::size_t candidatesPerQuery,
                                     std::size_t keptPerQuery)
    : double_(doublePrecision), candidatesPerQuery_(std::max<std::size_t>(candidatesPerQuery, 1)),
      keptPerQuery_(std::max<std::size_t>(keptPerQuery, 1))
{
    // Budgets set by a test start from them alone, on any sheet.
    if (candidatesPerQuery != kCandidatesPerQuery || keptPerQuery != kKeptPerQuery) {
        floor_ = 1;
        everyPairUpTo_ = 0;
    }
    for (int stage = 0; stage < static_cast<int>(kernels_.size()); ++stage) {
        std::string why;
        kernels_[static_cast<std::size_t>(stage)] = buildKernel(double_, stage, false, why, kFile, 3);
        if (kernels_[static_cast<std::size_t>(stage)] == 0)
            throw std::runtime_error(why);
    }
    std::string why;
    pointTriangles_ = GpuElementPairs::create(double_, why);
    if (pointTriangles_ != nullptr)
        edgeEdges_ = GpuElementPairs::create(double_, why);
    if (edgeEdges_ == nullptr)
        throw std::runtime_error(why);
    glGenBuffers(static_cast<GLsizei>(buffers_.size()), buffers_.data());
    glGenBuffers(static_cast<GLsizei>(surfaceBuffers_.size()), surfaceBuffers_.data());
}

GpuElementContact::~GpuElementContact()
{
    for (unsigned kernel : kernels_)
        glDeleteProgram(kernel);
    glDeleteBuffers(static_cast<GLsizei>(buffers_.size()), buffers_.data());
    glDeleteBuffers(static_cast<GLsizei>(surfaceBuffers_.size()), surfaceBuffers_.data());
}

void GpuElementContact::setSheet(const ClothTopology& topology)
{
    const std::size_t realSize = double_ ? 8 : 4;
    width_ = topology.width;
    height_ = topology.height;
    // The whole sheet's surface as the CPU's buildMesh() lists it: every triangle, and the
    // triangles' edges by constraint, each once.
    std::vector<std::uint32_t> triangles, edges, ids;
    for (std::size_t t = 0; t < 2 * topology.cellCount(); ++t) {
        const Triangle tri = topology.surfaceTriangle(t);
        triangles.insert(triangles.end(), {tri.a, tri.b, tri.c});
    }
    for (const auto& e : surfaceTriangleEdges(topology))
        ids.insert(ids.end(), e.begin(), e.end());
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    longestRest_ = 0.0;
    for (std::uint32_t k : ids) {
        const DistanceConstraint& c = topology.constraints[k];
        edges.insert(edges.end(), {c.a, c.b});
        longestRest_ = std::max(longestRest_, c.restLength);
    }
    upload(buffers_[kTriangles], triangles);
    upload(buffers_[kEdges], edges);
    const Counts c = countsOf(width_, height_);
    particles_ = c.particles;
    triangles_ = triangles.size() / 3;
    edges_ = edges.size() / 2;
    if (triangles_ != c.triangles || edges_ != c.edges)
        throw std::logic_error("GpuElementContact: the sheet's surface is not the grid's");
    patches_ = patchesOf(width_, height_);
    patchBase_ = 5 * particles_ + 4;
    pairBase_ = patchBase_ + 21 * patches_;
    allPairs_ = {c.pointTriangles, c.edgeEdges};
    const std::array<std::size_t, 2> queries{particles_, edges_};
    const std::array<std::size_t, 2> table{triangles_, edges_};
    // A small sheet's buffers hold every pair (nothing can overflow: nothing to read).
    const bool every = allPairs_[0] + allPairs_[1] <= everyPairUpTo_;
    for (int kind = 0; kind < 2; ++kind) {
        candidateCapacity_[kind] =
            every ? allPairs_[kind]
                  : std::min(allPairs_[kind], std::max(floor_, candidatesPerQuery_ * queries[kind]));
        entryCapacity_[kind] =
            every ? kCellsPerBox
                  : std::min(kCellsPerBox, std::max(kEntriesPerElement,
                                                    (floor_ + table[kind] - 1) / table[kind]));
        keptCapacity_[kind] =
            every ? allPairs_[kind]
                  : std::min(candidateCapacity_[kind],
                             std::max(floor_, keptPerQuery_ * queries[kind]));
    }
    reserve(buffers_[kPointBoxes], realSize * 6 * particles_);
    reserve(buffers_[kTriangleBoxes], realSize * 6 * triangles_);
    reserve(buffers_[kEdgeBoxes], realSize * 6 * edges_);
    reserve(buffers_[kWords], 4 * (kFirstFlat + patches_));
    clearStatus();
    allocate();
    setSurfaceWords(topology, ids);
}

void GpuElementContact::allocate()
{
    const std::size_t realSize = double_ ? 8 : 4;
    reserve(buffers_[kWork], realSize * (pairBase_ + 4 * (keptCapacity_[0] + keptCapacity_[1])));
    // The edge-edge pairs' list where a binding may start (the scan binds it there).
    GLint align = 4;
    glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &align);
    const std::size_t words = static_cast<std::size_t>(std::max(align, 4)) / 4;
    edgeList_ = (particles_ + 1 + 3 * keptCapacity_[0] + words - 1) / words * words;
    reserve(buffers_[kLists], 4 * (edgeList_ + edges_ + 1 + 3 * keptCapacity_[1]));
    guardCapacity_ = keptCapacity_[0] + keptCapacity_[1];
    pointTriangles_->reservePairs(candidateCapacity_[0]);
    edgeEdges_->reservePairs(candidateCapacity_[1]);
    // Entries per table element, the table's elements: triangles, resp. edges.
    pointTriangles_->reserveEntries(std::min(entryCapacity_[0], kCellsPerBox));
    edgeEdges_->reserveEntries(std::min(entryCapacity_[1], kCellsPerBox));
}

bool GpuElementContact::canOverflow() const
{
    // The entries can while a table element may touch more cells than its budget.
    return candidateCapacity_[0] < allPairs_[0] || candidateCapacity_[1] < allPairs_[1] ||
           keptCapacity_[0] < candidateCapacity_[0] || keptCapacity_[1] < candidateCapacity_[1] ||
           std::min(entryCapacity_[0], entryCapacity_[1]) < kCellsPerBox;
}

bool GpuElementContact::grow(const std::array<std::uint32_t, kStatusWords - 1>& needed)
{
    // What a step needed and a quarter more, at least twice the room (a sheet still
    // gathering pace needs more the next step), never more than every pair.
    bool any = false;
    auto raise = [&any](std::size_t& capacity, std::size_t need, std::size_t most) {
        if (need <= capacity)
            return;
        const std::size_t was = capacity;
        capacity = std::min(std::max(2 * capacity, need + need / 4), most);
        any = any || capacity != was;
    };
    const std::array<std::size_t, 2> table{triangles_, edges_};
    for (int kind = 0; kind < 2; ++kind) {
        raise(candidateCapacity_[kind], needed[kind], allPairs_[kind]);
        raise(keptCapacity_[kind], needed[2 + kind], allPairs_[kind]);
        // Per table element: the entries needed over the elements, rounded up.
        raise(entryCapacity_[kind], (needed[4 + kind] + table[kind] - 1) / table[kind],
              kCellsPerBox);
    }
    if (any)
        allocate();
    return any;
}

void GpuElementContact::setSurfaceWords(const ClothTopology& topology,
                                        const std::vector<std::uint32_t>& ids)
{
    // The surface's words (element_contact.comp.glsl's SurfaceWords): the rest lengths
    // present (stage 10), each edge's constraint, each triangle's three, each edge's rest
    // length as its entry of rests_, then the live flags (stage 10).
    std::vector<std::uint32_t> words{0u};
    words.insert(words.end(), ids.begin(), ids.end());
    for (const auto& e : surfaceTriangleEdges(topology))
        words.insert(words.end(), e.begin(), e.end());
    std::size_t rests = 0;
    for (std::uint32_t k : ids) {
        const double rest = topology.constraints[k].restLength;
        std::size_t r = 0;
        while (r < rests && rests_[r] != rest)
            ++r;
        if (r == rests) {
            if (rests == rests_.size())
                throw std::logic_error("GpuElementContact: more than 4 rest lengths");
            rests_[rests++] = rest;
        }
        words.push_back(static_cast<std::uint32_t>(r));
    }
    for (std::size_t r = rests; r < rests_.size(); ++r)
        rests_[r] = 0.0;
    // Then the edges near an axis: their count (its list's room: setSurface()).
    words.resize(words.size() + edges_ + triangles_ + 1, 0u);
    surfaceWords_ = std::move(words);
    upload(surfaceBuffers_[kSurfaceWords], surfaceWords_);
    axisCapacity_ = 0;
}

void GpuElementContact::setSurface(unsigned alive, std::span<const detail::CapsuleAxis> axes)
{
    alive_ = alive;
    axes_ = axes.size();
    if (axes_ == 0)
        return;
    // The axes' reals in the kernels' precision, then room for every edge near every axis.
    std::vector<double> reals;
    for (const detail::CapsuleAxis& axis : axes) {
        for (const Vec<3>& p : {axis.a0, axis.b0, axis.a1, axis.b1})
            reals.insert(reals.end(), {p.x, p.y, p.z});
        reals.push_back(axis.radius);
    }
    const std::size_t realSize = double_ ? 8 : 4;
    if (axes_ > axisCapacity_) {
        axisCapacity_ = axes_;
        reserve(surfaceBuffers_[kAxisReals],
                realSize * axisCapacity_ * (kRealsPerAxis + kRealsPerEdgeAxis * edges_));
        // The surface's words with room for every edge near every axis.
        const std::size_t bytes = 4 * (surfaceWords_.size() + 2 * edges_ * axisCapacity_);
        reserve(surfaceBuffers_[kSurfaceWords], bytes);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, surfaceBuffers_[kSurfaceWords]);
        glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0,
                        static_cast<GLsizeiptr>(4 * surfaceWords_.size()), surfaceWords_.data());
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    }
    writeReals(surfaceBuffers_[kAxisReals], double_, 0, reals.data(), reals.size());
}

void GpuElementContact::bind(const std::array<unsigned, 3>& bound) const
{
    for (std::size_t b = 0; b < bound.size(); ++b)
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kBoundBinding + static_cast<GLuint>(b),
                         bound[b]);
    for (std::size_t b = kWork; b <= kWords; ++b)
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kWorkBinding + static_cast<GLuint>(b),
                         buffers_[b]);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kListsBinding, buffers_[kLists]);
    if (alive_ != 0)
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kAliveBinding, alive_);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kSurfaceWordsBinding,
                     surfaceBuffers_[kSurfaceWords]);
    if (axes_ > 0)
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kAxisRealsBinding, surfaceBuffers_[kAxisReals]);
}

void GpuElementContact::clearStatus()
{
    const GLuint zero = 0;
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffers_[kWords]);
    glClearBufferSubData(GL_SHADER_STORAGE_BUFFER, GL_R32UI, 4 * kStatusWord, 4 * kStatusWords,
                         GL_RED_INTEGER, GL_UNSIGNED_INT, &zero);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
}

void GpuElementContact::resolve(const Settings& settings, const std::array<unsigned, 3>& bound)
{
    const double thickness = settings.thickness;
    // The uniforms of every stage, by name (a stage that does not use one has none there).
    for (unsigned program : kernels_) {
        auto u = [program](const char* name, std::size_t value) {
            setUintUniform(program, name, value);
        };
        auto r = [program, this](const char* name, double value) {
            setRealUniform(program, name, double_, value);
        };
        u("uParticles", particles_);
        u("uWidth", static_cast<std::size_t>(width_));
        u("uHeight", static_cast<std::size_t>(height_));
        u("uTriangles", triangles_);
        u("uEdges", edges_);
        u("uPatchesWide", static_cast<std::size_t>((width_ - 2) / kPatch + 1));
        u("uPatchesHigh", static_cast<std::size_t>((height_ - 2) / kPatch + 1));
        u("uPatchBase", patchBase_);
        u("uPairBase", pairBase_);
        u("uPairCapacity", keptCapacity_[0]);
        u("uEdgePairCapacity", keptCapacity_[1]);
        u("uEdgeList", edgeList_);
        u("uNoAxes", axes_ == 0 ? 1 : 0);
        u("uAxes", axes_);
        u("uMasked", alive_ != 0 ? 1 : 0);
        static constexpr const char* kRests[] = {"uRests[0]", "uRests[1]", "uRests[2]",
                                                 "uRests[3]"};
        for (std::size_t k = 0; k < rests_.size(); ++k)
            r(kRests[k], rests_[k]);
        r("uAxisReach", kFloor * thickness / kFloor); // the CPU's floor / kSelfContactFloor
        r("uThickness", thickness);
        r("uFriction", settings.friction);
        r("uCap", longestRest_ + 0.5 * thickness);
        r("uPadScale", 1.1 / kGamma);
        r("uGamma", kGamma);
        r("uFloor", kFloor * thickness);
        const double reach = kActive * thickness;
        r("uReach", reach);
        r("uFar", 1.001 * reach);
    }
    auto stage = [this](int s) {
        glUseProgram(kernels_[static_cast<std::size_t>(s)]);
        return kernels_[static_cast<std::size_t>(s)];
    };
    bind(bound);
    stage(0); // the starts
    dispatchKernel(particles_);
    if (alive_ != 0) {
        stage(10); // each element's live flag
        dispatchKernel(triangles_ + edges_);
    }
    stage(1); // the common motion
    dispatchKernel(1);
    stage(2); // motions, pads, the points' boxes, the speed limits
    dispatchKernel(particles_);
    stage(3); // the elements' boxes
    dispatchKernel(triangles_ + edges_);
    stage(4); // the patches' maps
    dispatchKernel(patches_);
    stage(5); // the flat blocks
    dispatchKernel(patches_);
    // The candidates: every point against the triangles, every edge against the later edges,
    // over cells at least a third as wide as any box (no box in more than 64 cells: the
    // table fits).
    const double cell = std::max(longestRest_, thickness);
    pointTriangles_->find({buffers_[kPointBoxes], 0, particles_, 1},
                          {buffers_[kTriangleBoxes], buffers_[kTriangles], triangles_, 3}, false,
                          cell, buffers_[kWords]);
    const GpuElementPairs::Elements edges{buffers_[kEdgeBoxes], buffers_[kEdges], edges_, 2};
    edgeEdges_->find(edges, edges, true, cell, buffers_[kWords]);
    // Each search's table entries (its buckets' total) where stage 6 compares them with the
    // table's room: copied on the GPU (stage 6 has no binding left for the search's buffer).
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    for (unsigned kind = 0; kind < 2; ++kind) {
        const GpuElementPairs& search = kind == 0 ? *pointTriangles_ : *edgeEdges_;
        glBindBuffer(GL_COPY_READ_BUFFER, search.bucketStartBuffer());
        glBindBuffer(GL_COPY_WRITE_BUFFER, buffers_[kWords]);
        glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER,
                            static_cast<GLintptr>(4 * search.buckets()),
                            static_cast<GLintptr>(4 * (kEntriesNeededWord + kind)), 4);
    }
    glBindBuffer(GL_COPY_READ_BUFFER, 0);
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
    // Filtered as the CPU filters them: each query's kept pairs counted, scanned, written.
    for (unsigned kind = 0; kind < 2; ++kind) {
        GpuElementPairs& search = kind == 0 ? *pointTriangles_ : *edgeEdges_;
        const std::size_t queries = kind == 0 ? particles_ : edges_;
        for (unsigned write = 0; write < 2; ++write) {
            bind(bound);
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kCandidatesBinding, search.pairsBuffer());
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kCandidateStartBinding,
                             search.pairStartBuffer());
            const GLuint program = stage(6);
            glUniform1ui(glGetUniformLocation(program, "uKind"), kind);
            glUniform1ui(glGetUniformLocation(program, "uWrite"), write);
            setUintUniform(program, "uCandidateCapacity", search.pairCapacity());
            setUintUniform(program, "uEntryCapacity", search.entryCapacity());
            dispatchKernel(queries);
            if (write == 0)
                search.scan(buffers_[kLists], queries, kind == 0 ? 0 : 4 * edgeList_);
        }
    }
    bind(bound);
    if (axes_ > 0) {
        stage(11); // the edges near the capsules' axes
        dispatchGroup();
    }
    stage(7); // the start gaps, bounds and guards
    dispatchGroup();
    stage(8); // the first pass
    dispatchGroup();
    stage(9); // the later passes
    dispatchGroup();
    if (axes_ > 0) {
        stage(12); // the edges against the axes
        dispatchGroup();
    }
    glUseProgram(0);
}

} // namespace pbd::gpu
