// The GPU solver's self-collision phase (gpu_self_collision.h): the CPU's find() on the host,
// the projection passes in shaders/self_collision.comp.glsl.

#include "gpu_self_collision.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>

#include <glad/gl.h>

#include "gpu_contacts.h"
#include "gpu_kernels.h"
#include "test_hook.h"
#include "gpu_solver.h"

namespace pbd::gpu {
namespace {

constexpr const char* kFile = "self_collision.comp.glsl";
constexpr GLuint kPairsBinding = 17;
constexpr GLuint kMovedBinding = 18;
constexpr GLuint kHeldBinding = 19;

/// Up to this many pairs, every pass runs in one dispatch of one work group (stage 1): on
/// llvmpipe the heap's 25 rounds a step took 740 dispatches of a colour each, 6x the time.
/// Test hook: PBD_GPU_SELF_COLLISION_GROUP_PAIRS=N stands in for it (0: never one group).
std::size_t oneGroupPairs()
{
    if (const char* hook = testHook("PBD_GPU_SELF_COLLISION_GROUP_PAIRS")) {
        char* end = nullptr;
        const unsigned long long value = std::strtoull(hook, &end, 10);
        if (end != hook && *end == '\0')
            return static_cast<std::size_t>(value);
    }
    return 8192;
}

void setReal(GLint location, bool dbl, double value)
{
    if (dbl)
        glUniform1d(location, value);
    else
        glUniform1f(location, static_cast<float>(value));
}

} // namespace

std::unique_ptr<GpuSelfCollision> GpuSelfCollision::create(bool doublePrecision, std::string& why)
{
    std::unique_ptr<GpuSelfCollision> c(new GpuSelfCollision());
    c->double_ = doublePrecision;
    c->oneGroupPairs_ = oneGroupPairs();
    c->kernel_ = buildKernel(doublePrecision, 0, false, why, kFile);
    c->group_ = c->kernel_ != 0 ? buildKernel(doublePrecision, 1, false, why, kFile) : 0;
    if (c->group_ == 0)
        return nullptr;
    glGenBuffers(1, &c->pairs_);
    glGenBuffers(1, &c->moved_);
    glGenBuffers(1, &c->held_buffer_);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, c->held_buffer_); // none held until a round says
    glBufferData(GL_SHADER_STORAGE_BUFFER, 16, nullptr, GL_DYNAMIC_DRAW);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, c->moved_);
    glBufferData(GL_SHADER_STORAGE_BUFFER, kMovedBytes, nullptr, GL_DYNAMIC_DRAW);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    return c;
}

GpuSelfCollision::~GpuSelfCollision()
{
    glDeleteProgram(kernel_);
    glDeleteProgram(group_);
    const GLuint buffers[3] = {pairs_, moved_, held_buffer_};
    glDeleteBuffers(3, buffers);
}

void GpuSelfCollision::prepare(const GpuSolver& solver, double thickness, double friction,
                               int threads)
{
    if (search_ == nullptr || threads != threads_) {
        search_ = detail::makeHostPairSearch(threads);
        threads_ = threads;
    }
    thickness_ = thickness;
    friction_ = friction;
    width_ = solver.width();
    solver.downloadInverseMasses(inverseMass_);
}

void GpuSelfCollision::substep(GpuSolver& solver, GpuContacts* contacts, int substep)
{
    const bool obstacles = contacts != nullptr && contacts->hasObstacles();
    if (!obstacles) {
        resolve(solver, false, false);
        return;
    }
    // As the CPU's SelfCollision::resolveWithContacts (self_contact.cpp): every round starts
    // with the obstacles' contacts, and a particle they moved (its bits changed) is held for
    // the rest of the substep: in a pair with a movable particle not held, it takes its
    // obstacle's side (counts as immovable).
    const std::size_t n = solver.particleCount();
    held_.assign(n, 0u);
    bool jammed = false;
    for (int round = 0; round < detail::kSelfContactRounds; ++round) {
        solver.downloadPositions(before_);
        contacts->resolveObstacles(solver, substep);
        solver.downloadPositions(positions_);
        for (std::size_t i = 0; i < n; ++i)
            if (positions_[i] != before_[i])
                held_[i] = 1u;
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, held_buffer_);
        glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(n * sizeof(std::uint32_t)),
                     held_.data(), GL_STREAM_DRAW);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
        jammed = !resolve(solver, !jammed, true); // as the CPU's: held ones move after a jam
    }
}

bool GpuSelfCollision::resolve(GpuSolver& solver, bool held, bool current)
{
    const std::size_t n = solver.particleCount();
    held_on_ = held;
    // The CPU's margin: a pair not found was kSelfCollisionReach * thickness apart or more.
    const double margin = 0.5 * (detail::kSelfCollisionReach - 1.0) * thickness_;
    for (int round = 0; round < detail::kSelfCollisionRounds; ++round) {
        if (!current)
            solver.downloadPositions(positions_);
        search_->find(positions_.data(), inverseMass_.data(), n, width_, thickness_);
        const std::span<const detail::SelfCollisionPair> pairs = search_->pairs();
        if (pairs.empty()) // settled, nothing moved: as the CPU's solve() says
            return true;
        uploaded_.resize(2 * pairs.size());
        startOf_.resize(2 * pairs.size());
        for (std::size_t k = 0; k < pairs.size(); ++k) {
            uploaded_[2 * k] = pairs[k].i;
            uploaded_[2 * k + 1] = pairs[k].j;
            startOf_[2 * k] = positions_[pairs[k].i];
            startOf_[2 * k + 1] = positions_[pairs[k].j];
        }
        // A new store each round: the last round's kernels may still read the old one.
        pairBytes_ = uploaded_.size() * sizeof(std::uint32_t);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, pairs_);
        glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(pairBytes_),
                     uploaded_.data(), GL_STREAM_DRAW);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
        const bool settled = projectPasses();
        solver.downloadPositions(positions_);
        current = true;
        // The CPU's largest move, in its order: the squares' maximum, then its root.
        double largest = 0.0;
        for (std::size_t k = 0; k < 2 * pairs.size(); ++k) {
            const glm::dvec2 d = positions_[uploaded_[k]] - startOf_[k];
            largest = std::max(largest, d.x * d.x + d.y * d.y);
        }
        if (std::sqrt(largest) <= margin && settled)
            return true;
    }
    return false;
}

bool GpuSelfCollision::projectPasses()
{
    const GLuint zero = 0;
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, moved_);
    glClearBufferData(GL_SHADER_STORAGE_BUFFER, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, &zero);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kPairsBinding, pairs_);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kMovedBinding, moved_);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kHeldBinding, held_buffer_);
    const std::span<const std::size_t> starts = search_->colourStarts();
    const bool oneGroup = starts.back() <= oneGroupPairs_;
    glUseProgram(oneGroup ? group_ : kernel_);
    const double settledBelow = detail::kSelfCollisionSettled * thickness_;
    setReal(4, double_, thickness_);
    setReal(5, double_, thickness_ * thickness_);
    setReal(6, double_, double_ ? settledBelow : std::max(settledBelow, kSelfCollisionFloatSettled));
    setReal(7, double_, friction_);
    glUniform1ui(75, held_on_ ? 1u : 0u);
    constexpr int kPasses = detail::kSelfCollisionPasses;
    GLuint moved[kPasses] = {};
    int queued = 0;
    int batch = 1;
    if (oneGroup) { // every pass in one dispatch, which ends them where the CPU does
        GLuint colourStarts[detail::kSelfCollisionSerialColour + 2] = {};
        for (std::size_t c = 0; c < starts.size(); ++c)
            colourStarts[c] = static_cast<GLuint>(starts[c]);
        glUniform1ui(8, static_cast<GLuint>(starts.size() - 1));
        glUniform1ui(9, static_cast<GLuint>(kPasses));
        glUniform1uiv(10, static_cast<GLsizei>(starts.size()), colourStarts);
        glDispatchCompute(1, 1, 1);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        batch = kPasses; // only read the flags below
    }
    while (queued < kPasses) {
        const int end = std::min(kPasses, queued + batch);
        for (int pass = queued; pass < end && !oneGroup; ++pass) {
            glUniform1ui(2, static_cast<GLuint>(pass));
            for (std::size_t c = 0; c + 1 < starts.size(); ++c) {
                const std::size_t size = starts[c + 1] - starts[c];
                if (size == 0)
                    continue;
                const bool serial = c == detail::kSelfCollisionSerialColour;
                glUniform1ui(0, static_cast<GLuint>(starts[c]));
                glUniform1ui(1, static_cast<GLuint>(size));
                glUniform1ui(3, serial ? 1u : 0u);
                dispatchKernel(serial ? 1 : size);
            }
        }
        batch = end; // 1, 1, 2, 4, ...: twice the passes queued so far
        queued = end;
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, moved_);
        glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(4 * queued), moved);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
        // The first pass that moved nothing ended them, as on the CPU.
        for (int pass = 0; pass < queued; ++pass)
            if (moved[pass] == 0)
                return true;
    }
    return false;
}

} // namespace pbd::gpu
