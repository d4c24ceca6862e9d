#include "gpu_cloth_box.h"

#include <algorithm>
#include <bit>
#include <span>

#include <glad/gl.h>

#include "gpu_kernels.h"

namespace pbd::gpu {
namespace {

constexpr GLuint kPositions = 0; // the kernels' bindings
constexpr GLuint kMeasure = 1;
constexpr GLuint kSamples = 2;
constexpr GLuint kRuns = 3;
constexpr GLuint kRunBoxes = 4;
constexpr std::size_t kMeasureBytes = 176; // the whole Measure block
constexpr std::size_t kGroupSize = 256;    // dispatchKernel's work group
/// The runs of consecutive particles that one invocation walks alone: at least
/// kMinRunLength particles each, at most kMaxRuns runs (llvmpipe runs each work group on
/// one thread: few invocations, long runs, no atomics).
constexpr std::size_t kMinRunLength = 64;
constexpr std::size_t kMaxRuns = 16 * kGroupSize;

/// The double whose key (high word, low word) orders as it does (the kernels' keyOf).
double valueOf(GLuint high, GLuint low)
{
    const std::uint64_t key = (std::uint64_t{high} << 32) | low;
    const std::uint64_t bits = (key >> 63) != 0 ? key & ~(std::uint64_t{1} << 63) : ~key;
    return std::bit_cast<double>(bits);
}

/// (Re)allocates `buffer` to hold at least `bytes` (kept in `size`).
void reserve(GLuint buffer, std::size_t bytes, std::size_t& size)
{
    if (bytes <= size)
        return;
    size = std::max<std::size_t>(bytes, 16);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
    glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(size), nullptr, GL_DYNAMIC_COPY);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
}

} // namespace

std::unique_ptr<GpuClothBox> GpuClothBox::create(int dimensions, bool doublePrecision,
                                                 std::string& why)
{
    std::unique_ptr<GpuClothBox> box(new GpuClothBox());
    box->dimensions_ = dimensions;
    box->double_ = doublePrecision;
    for (std::size_t stage = 0; stage < box->stages_.size(); ++stage) {
        box->stages_[stage] = buildKernel(doublePrecision, static_cast<int>(stage), false, why,
                                          "cloth_box.comp.glsl", dimensions);
        if (box->stages_[stage] == 0)
            return nullptr;
    }
    GLuint buffers[4] = {};
    glGenBuffers(4, buffers);
    box->measure_ = buffers[0];
    box->samples_ = buffers[1];
    box->runs_ = buffers[2];
    box->runBoxes_ = buffers[3];
    std::size_t measureBytes = 0;
    reserve(box->measure_, kMeasureBytes, measureBytes);
    return box;
}

GpuClothBox::~GpuClothBox()
{
    if (fence_ != nullptr)
        glDeleteSync(static_cast<GLsync>(fence_));
    for (GLuint program : stages_)
        if (program != 0)
            glDeleteProgram(program);
    for (GLuint buffer : {measure_, samples_, runs_, runBoxes_})
        if (buffer != 0)
            glDeleteBuffers(1, &buffer);
}

bool GpuClothBox::request(unsigned positions, std::size_t count, const Rule& rule)
{
    if (fence_ != nullptr)
        return false;
    // The answer's fields at their empty values: no key yet.
    std::array<GLuint, kAnswerBytes / 4> start{};
    start[3] = rule.bulk ? 1u : 0u;
    for (std::size_t a = 0; a < 4; ++a) {
        start[4 + a] = 0xFFFFFFFFu; // minHigh
        start[8 + a] = 0xFFFFFFFFu; // minLow
    }
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, measure_);
    glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, kAnswerBytes, start.data());
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    const std::size_t runLength =
        std::max(kMinRunLength, (count + kMaxRuns - 1) / kMaxRuns);
    const std::size_t runs = (count + runLength - 1) / runLength;
    const std::size_t dims = static_cast<std::size_t>(dimensions_);
    if (rule.bulk) {
        reserve(samples_, rule.maxSamples * dims * 8, sampleBytes_);
        reserve(runs_, runs * 4, runBytes_);
    }
    reserve(runBoxes_, runs * dims * 16, runBoxBytes_);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kPositions, positions);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kMeasure, measure_);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kRunBoxes, runBoxes_);
    if (rule.bulk) {
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kSamples, samples_);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kRuns, runs_);
    }
    static constexpr std::array<std::size_t, 9> kBulkOrder{0, 1, 7, 8, 2, 3, 4, 5, 6};
    const std::span<const std::size_t> order =
        rule.bulk ? std::span<const std::size_t>(kBulkOrder)
                  : std::span<const std::size_t>(kBulkOrder).subspan(7);
    for (std::size_t stage : order) {
        const GLuint program = stages_[stage];
        setUintUniform(program, "uCount", count);
        setUintUniform(program, "uRuns", runs);
        setUintUniform(program, "uRunLength", runLength);
        setUintUniform(program, "uMaxSamples", rule.maxSamples);
        setUintUniform(program, "uMinParticles", rule.minParticles);
        setRealUniform(program, "uQuantileLow", true, rule.quantile);
        setRealUniform(program, "uQuantileHigh", true, rule.quantileHigh);
        glUseProgram(program);
        switch (stage) {
        case 1:
        case 6:
        case 8:
            dispatchKernel(kGroupSize); // one work group
            break;
        case 3:
            dispatchKernel(kGroupSize * 2 * dims); // one per axis and side
            break;
        case 4:
            dispatchKernel(1);
            break;
        default: // 0, 2, 5, 7: one invocation per run
            dispatchKernel(runs);
        }
    }
    glUseProgram(0);
    fence_ = queueAnswerFence();
    return true;
}

bool GpuClothBox::poll(Answer& answer, bool wait)
{
    if (fence_ == nullptr || !answerReady(fence_, wait))
        return false; // none in flight, or not done yet
    std::array<GLuint, kAnswerBytes / 4> read{};
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, measure_);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, kAnswerBytes, read.data());
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    ++answers_;
    answer = Answer{};
    answer.candidates = read[0];
    answer.empty = read[4] == 0xFFFFFFFFu; // no smallest key on the first axis
    if (!answer.empty)
        for (std::size_t a = 0; a < static_cast<std::size_t>(dimensions_); ++a) {
            answer.min[a] = valueOf(read[4 + a], read[8 + a]);
            answer.max[a] = valueOf(read[12 + a], read[16 + a]);
        }
    return true;
}

} // namespace pbd::gpu
