// The 3D self-contact's candidate pairs found on the GPU (gpu_element_pairs.h).

#include "gpu_element_pairs.h"

#include <algorithm>

#include <glad/gl.h>

#include "gpu_kernels.h"

namespace pbd::gpu {
namespace {

constexpr const char* kFile = "element_pairs.comp.glsl";
enum Binding : GLuint { kQueryBoxes = 20, kTableBoxes = 21, kQueryNodes = 22, kTableNodes = 23,
                        kScan = 24, kBucketStart = 25, kBucketFill = 26, kEntries = 27,
                        kPairStart = 28, kPairs = 29, kOverflow = 30, kCellFloor = 31 };
enum Location : GLint { uQueries = 0, uTable = 1, uQueryNodes = 2, uTableNodes = 3, uSame = 4,
                        uBuckets = 5, uCell = 6, uEntryCapacity = 7, uPairCapacity = 8,
                        uScanCount = 9, uCellFloor = 10 };

/// (Re)allocates `buffer` for `bytes` (16 at least).
void reserve(GLuint& buffer, std::size_t bytes)
{
    if (buffer == 0)
        glGenBuffers(1, &buffer);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
    glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(std::max<std::size_t>(bytes, 16)),
                 nullptr, GL_DYNAMIC_DRAW);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
}

void clearWords(GLuint buffer)
{
    const GLuint zero = 0;
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
    glClearBufferData(GL_SHADER_STORAGE_BUFFER, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, &zero);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
}

GLuint readWord(GLuint buffer, std::size_t index)
{
    GLuint value = 0;
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, static_cast<GLintptr>(4 * index), 4, &value);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    return value;
}

} // namespace

std::unique_ptr<GpuElementPairs> GpuElementPairs::create(bool doublePrecision, std::string& why)
{
    std::unique_ptr<GpuElementPairs> search(new GpuElementPairs());
    search->double_ = doublePrecision;
    for (int stage = 0; stage < 6; ++stage) {
        search->stages_[stage] = buildKernel(doublePrecision, stage, false, why, kFile, 3);
        if (search->stages_[stage] == 0)
            return nullptr;
    }
    reserve(search->overflow_, 4);
    return search;
}

GpuElementPairs::~GpuElementPairs()
{
    for (GLuint program : stages_)
        if (program != 0)
            glDeleteProgram(program);
    const GLuint buffers[] = {bucketStart_, bucketFill_, entries_, pairStart_, pairs_, overflow_};
    for (GLuint buffer : buffers)
        if (buffer != 0)
            glDeleteBuffers(1, &buffer);
}

void GpuElementPairs::reservePairs(std::size_t pairs)
{
    pairsReserved_ = true;
    pairs = std::max<std::size_t>(pairs, 1);
    if (pairCapacity_ != pairs) {
        pairCapacity_ = pairs;
        reserve(pairs_, 8 * pairCapacity_);
    }
}

void GpuElementPairs::scan(unsigned buffer, std::size_t count, std::size_t offset)
{
    if (offset == 0)
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kScan, buffer);
    else
        glBindBufferRange(GL_SHADER_STORAGE_BUFFER, kScan, buffer, static_cast<GLintptr>(offset),
                          static_cast<GLsizeiptr>(4 * (count + 1)));
    glUseProgram(stages_[1]);
    glUniform1ui(uScanCount, static_cast<GLuint>(count));
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
}

void GpuElementPairs::find(const Elements& queries, const Elements& table, bool same, double cell,
                           unsigned cellFloor)
{
    queries_ = queries;
    table_ = table;
    same_ = same;
    cell_ = cell;
    cellFloor_ = cellFloor;
    // Buckets as the CPU's table: a power of two, about twice the entries (an element's box
    // touches a few cells).
    std::size_t buckets = 16;
    while (buckets < 4 * table.count)
        buckets *= 2;
    if (buckets != buckets_) {
        buckets_ = buckets;
        reserve(bucketStart_, 4 * (buckets + 1));
        reserve(bucketFill_, 4 * buckets);
    }
    if (entryCapacity_ < entriesPerElement_ * table.count + 16) {
        entryCapacity_ = entriesPerElement_ * table.count + 16;
        reserve(entries_, 16 * entryCapacity_);
    }
    if (startCapacity_ < queries.count + 1) {
        startCapacity_ = queries.count + 1;
        reserve(pairStart_, 4 * startCapacity_);
    }
    if (!pairsReserved_ && pairCapacity_ < 8 * queries.count + 16) {
        pairCapacity_ = 8 * queries.count + 16;
        reserve(pairs_, 8 * pairCapacity_);
    }
    run();
}

void GpuElementPairs::run()
{
    clearWords(bucketStart_);
    clearWords(overflow_);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kQueryBoxes, queries_.boxes);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kTableBoxes, table_.boxes);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kQueryNodes,
                     queries_.nodes != 0 ? queries_.nodes : table_.nodes);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kTableNodes, table_.nodes);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kBucketStart, bucketStart_);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kBucketFill, bucketFill_);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kEntries, entries_);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kPairStart, pairStart_);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kPairs, pairs_);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kOverflow, overflow_);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kCellFloor, cellFloor_ != 0 ? cellFloor_ : overflow_);
    auto grid = [&](GLuint program) {
        glProgramUniform1ui(program, uBuckets, static_cast<GLuint>(buckets_));
        glProgramUniform1ui(program, uCellFloor, cellFloor_ != 0 ? 1u : 0u);
        if (double_)
            glProgramUniform1d(program, uCell, cell_);
        else
            glProgramUniform1f(program, uCell, static_cast<float>(cell_));
    };
    auto queryUniforms = [&](GLuint program) {
        grid(program);
        glProgramUniform1ui(program, uQueries, static_cast<GLuint>(queries_.count));
        glProgramUniform1ui(program, uQueryNodes, queries_.nodeCount);
        glProgramUniform1ui(program, uTableNodes, table_.nodeCount);
        glProgramUniform1ui(program, uSame, same_ ? 1u : 0u);
        glProgramUniform1ui(program, uEntryCapacity, static_cast<GLuint>(entryCapacity_));
    };
    // The table by bucket: count, scan into starts, scatter.
    grid(stages_[0]);
    glProgramUniform1ui(stages_[0], uTable, static_cast<GLuint>(table_.count));
    glUseProgram(stages_[0]);
    dispatchKernel(table_.count);
    scan(bucketStart_, buckets_);
    glBindBuffer(GL_COPY_READ_BUFFER, bucketStart_);
    glBindBuffer(GL_COPY_WRITE_BUFFER, bucketFill_);
    glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0,
                        static_cast<GLsizeiptr>(4 * buckets_));
    glBindBuffer(GL_COPY_READ_BUFFER, 0);
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
    grid(stages_[2]);
    glProgramUniform1ui(stages_[2], uTable, static_cast<GLuint>(table_.count));
    glProgramUniform1ui(stages_[2], uEntryCapacity, static_cast<GLuint>(entryCapacity_));
    glUseProgram(stages_[2]);
    dispatchKernel(table_.count);
    // Each query's pairs: count, scan into starts, write sorted.
    queryUniforms(stages_[3]);
    glUseProgram(stages_[3]);
    dispatchKernel(queries_.count);
    scan(pairStart_, queries_.count);
    queryUniforms(stages_[4]);
    glProgramUniform1ui(stages_[4], uPairCapacity, static_cast<GLuint>(pairCapacity_));
    glUseProgram(stages_[4]);
    dispatchKernel(queries_.count);
    glProgramUniform1ui(stages_[5], uQueries, static_cast<GLuint>(queries_.count));
    glProgramUniform1ui(stages_[5], uPairCapacity, static_cast<GLuint>(pairCapacity_));
    glUseProgram(stages_[5]);
    dispatchKernel(queries_.count);
    glUseProgram(0);
}

std::size_t GpuElementPairs::pairCount()
{
    // Too small: grown to what the last run needed, and run again (a table cut short also
    // undercounts the pairs, so the pairs may need a second round).
    for (int round = 0; round < 3 && readWord(overflow_, 0) != 0; ++round) {
        const std::size_t entries = readWord(bucketStart_, buckets_);
        const std::size_t pairs = readWord(pairStart_, queries_.count);
        if (entries > entryCapacity_) {
            entryCapacity_ = entries;
            reserve(entries_, 16 * entryCapacity_);
        }
        if (pairs > pairCapacity_) {
            pairCapacity_ = pairs;
            reserve(pairs_, 8 * pairCapacity_);
        }
        run();
    }
    return readWord(pairStart_, queries_.count);
}

std::vector<detail::ElementPair> GpuElementPairs::downloadPairs()
{
    const std::size_t count = pairCount();
    std::vector<detail::ElementPair> pairs(count);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, pairs_);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(8 * count),
                       pairs.data());
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    return pairs;
}

} // namespace pbd::gpu
