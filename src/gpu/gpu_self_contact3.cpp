// The GPU solver's self-collision phases in 3D (gpu_self_contact3.h): the particles' self-
// collision on the GPU, the elements' contacts on the GPU or the core's own on the host (on
// the positions read back); the bound on the GPU.

#include "gpu_self_contact3.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include <glad/gl.h>

#include "gpu_contacts.h"
#include "gpu_element_contact.h"
#include "gpu_kernels.h"
#include "gpu_particle_pairs.h"
#include "gpu_self_collision.h"
#include "gpu_solver.h"
#include "test_hook.h"

namespace pbd::gpu {
namespace {

constexpr const char* kBoundFile = "self_contact_bound.comp.glsl";
constexpr GLuint kFirstBinding = 16; // the buffers' bindings: 16, 17, ... in buffers_ order
constexpr const char* kParticlesFile = "self_collision.comp.glsl";
// self_collision.comp.glsl's bindings and uniform locations (stages 2 to 4).
enum ParticleBinding : GLuint { kPairsBinding = 17, kHeldBinding = 19, kCopyBinding = 20,
                                kWordsBinding = 21, kWalksBinding = 22, kGateBinding = 23 };
enum ParticleLocation : GLint { uThickness = 4, uThicknessSquared = 5, uSettled = 6,
                                uFriction = 7, uParticles = 8, uMargin = 76, uHeldMode = 77,
                                uPairCapacity = 78, uWalks = 79 };

void setReal(GLuint program, GLint location, bool dbl, double value)
{
    if (dbl)
        glProgramUniform1d(program, location, value);
    else
        glProgramUniform1f(program, location, static_cast<float>(value));
}

/// Sets words [first, first + count) of `buffer` to 0.
void clearWords(GLuint buffer, std::size_t first, std::size_t count)
{
    const GLuint zero = 0;
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
    glClearBufferSubData(GL_SHADER_STORAGE_BUFFER, GL_R32UI, static_cast<GLintptr>(4 * first),
                         static_cast<GLsizeiptr>(4 * count), GL_RED_INTEGER, GL_UNSIGNED_INT,
                         &zero);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
}

/// Writes `bytes` bytes to `buffer`, grown (never shrunk) to hold them.
void writeBuffer(GLuint buffer, std::size_t& capacity, const void* data, std::size_t bytes)
{
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
    if (bytes > capacity || capacity == 0) {
        capacity = std::max<std::size_t>({bytes, 2 * capacity, 64});
        glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(capacity), nullptr,
                     GL_DYNAMIC_DRAW);
    }
    if (data != nullptr && bytes > 0)
        glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(bytes), data);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
}

/// The test hook `name` when set to "A,B" (two decimal numbers): true, with them in `a`, `b`.
bool hookPair(const char* name, unsigned long long& a, unsigned long long& b)
{
    const char* hook = testHook(name);
    if (hook == nullptr)
        return false;
    char* end = nullptr;
    a = std::strtoull(hook, &end, 10);
    if (end == hook || *end != ',')
        return false;
    const char* second = end + 1;
    b = std::strtoull(second, &end, 10);
    return end != second && *end == '\0';
}

} // namespace

GpuSelfContact3::GpuSelfContact3()
    : candidatesPerQuery_(GpuElementContact::kCandidatesPerQuery),
      keptPerQuery_(GpuElementContact::kKeptPerQuery)
{
    if (const char* hook = testHook("PBD_GPU_ELEMENTS_ON_HOST"))
        elementsOnHost_ = std::string(hook) == "1";
    unsigned long long a = 0, b = 0;
    if (hookPair("PBD_GPU_ELEMENT_BUDGET", a, b) && a >= 1 && b >= 1) {
        candidatesPerQuery_ = static_cast<std::size_t>(a);
        keptPerQuery_ = static_cast<std::size_t>(b);
    }
    if (hookPair("PBD_GPU_SELF_CONTACT_BOUND", a, b) && b >= 1 && a <= 64) {
        sweeps_ = static_cast<unsigned>(a);
        walk_ = static_cast<std::size_t>(b);
    }
}

GpuSelfContact3::~GpuSelfContact3()
{
    for (unsigned kernel : kernels_)
        glDeleteProgram(kernel);
    for (unsigned kernel : particleKernels_)
        glDeleteProgram(kernel);
    if (buffers_[0] != 0)
        glDeleteBuffers(static_cast<GLsizei>(buffers_.size()), buffers_.data());
    for (unsigned buffer : {copy_, held_, snapshot_})
        if (buffer != 0)
            glDeleteBuffers(1, &buffer);
    if (fence_ != nullptr)
        glDeleteSync(static_cast<GLsync>(fence_));
}

void GpuSelfContact3::prepare(const GpuSolver& solver, const Settings& settings,
                              std::span<const Obstacle3> obstacles)
{
    if (host_ == nullptr || settings.threads != threads_) {
        host_ = detail::makeHostSelfContact3(settings.threads);
        threads_ = settings.threads;
    }
    const ClothRestLengths rest = clothRestLengths(settings);
    if (topology_.width != solver.width() || topology_.height != solver.height() ||
        rest.horizontal != rest_.horizontal || rest.vertical != rest_.vertical ||
        rest.diagonal != rest_.diagonal) {
        topology_ = clothTopology(solver.width(), solver.height(), rest);
        rest_ = rest;
        sheetStale_ = true;
    }
    settings_ = settings;
    obstacles_ = obstacles;
    const bool dbl = solver.precision() == GpuPrecision::Double;
    if (kernels_[0] == 0 || dbl != double_) {
        for (unsigned& kernel : kernels_) {
            glDeleteProgram(kernel);
            kernel = 0;
        }
        for (int stage = 0; stage < static_cast<int>(kernels_.size()); ++stage) {
            std::string why;
            kernels_[static_cast<std::size_t>(stage)] =
                buildKernel(dbl, stage, false, why, kBoundFile, 3);
            if (kernels_[static_cast<std::size_t>(stage)] == 0)
                throw std::runtime_error(why);
        }
        for (unsigned& kernel : particleKernels_) {
            glDeleteProgram(kernel);
            kernel = 0;
        }
        for (int stage = 2; stage <= 4; ++stage) {
            std::string why;
            const GLuint kernel = buildKernel(dbl, stage, false, why, kParticlesFile, 3);
            if (kernel == 0)
                throw std::runtime_error(why);
            particleKernels_[static_cast<std::size_t>(stage - 2)] = kernel;
        }
        std::string why;
        pairs_ = GpuParticlePairs::create(dbl, 3, why);
        if (pairs_ == nullptr)
            throw std::runtime_error(why);
        elements_ = std::make_unique<GpuElementContact>(dbl, candidatesPerQuery_,
                                                        keptPerQuery_);
        elementsRan_ = false;
        sheetStale_ = true;
        double_ = dbl;
        if (buffers_[0] == 0)
            glGenBuffers(static_cast<GLsizei>(buffers_.size()), buffers_.data());
    }
    pollStatus();
}

void GpuSelfContact3::pollStatus()
{
    // The snapshot: the particles' status word, then the elements' status words.
    constexpr std::size_t kElementWords = GpuElementContact::kStatusWords;
    constexpr std::size_t kWords = 1 + kElementWords;
    if (snapshot_ == 0) {
        glGenBuffers(1, &snapshot_);
        glBindBuffer(GL_COPY_WRITE_BUFFER, snapshot_);
        glBufferData(GL_COPY_WRITE_BUFFER, 4 * kWords, nullptr, GL_STREAM_READ);
        glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
    }
    if (fence_ != nullptr) {
        if (!answerReady(fence_, false))
            return; // the GPU has not passed it yet: asked again at the next step
        std::array<std::uint32_t, kWords> words{};
        glBindBuffer(GL_COPY_READ_BUFFER, snapshot_);
        glGetBufferSubData(GL_COPY_READ_BUFFER, 0, 8, words.data());
        ++status_.reads;
        const unsigned bits = (words[0] != 0 ? 1u : 0u) | words[1];
        status_.lastBits = bits;
        status_.bits |= bits;
        if ((bits & GpuElementContact::kOverflowBits) != 0) {
            glGetBufferSubData(GL_COPY_READ_BUFFER, 8, 4 * (kWords - 2), words.data() + 2);
            ++status_.countReads;
        }
        glBindBuffer(GL_COPY_READ_BUFFER, 0);
        if (bits != 0)
            ++status_.overflows;
        // The particles' pairs: twice the room. The elements': what the steps needed.
        if ((bits & 1u) != 0) {
            pairs_->setCapacity(2 * pairs_->capacity());
            ++status_.grown;
        }
        std::array<std::uint32_t, kElementWords - 1> needed{};
        std::copy(words.begin() + 2, words.end(), needed.begin());
        for (std::size_t k = 0; k < needed.size(); ++k)
            status_.needed[k] = std::max(status_.needed[k], needed[k]);
        if ((bits & GpuElementContact::kOverflowBits) != 0 && elements_->grow(needed))
            ++status_.grown;
    }
    const bool elements = elementsRan_ && elements_->canOverflow();
    if (!pairs_->canOverflow() && !elements)
        return; // nothing to read: no budget can be exceeded
    // The words of the steps so far copied and cleared for the steps after, then the fence.
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);
    glBindBuffer(GL_COPY_WRITE_BUFFER, snapshot_);
    glBindBuffer(GL_COPY_READ_BUFFER, pairs_->wordsBuffer());
    glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER,
                        4 * GpuParticlePairs::kStatusWord, 0, 4);
    if (elements) {
        glBindBuffer(GL_COPY_READ_BUFFER, elements_->wordsBuffer());
        glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER,
                            4 * GpuElementContact::kStatusWord, 4, 4 * kElementWords);
    } else {
        const GLuint zero = 0;
        glClearBufferSubData(GL_COPY_WRITE_BUFFER, GL_R32UI, 4, 4 * kElementWords, GL_RED_INTEGER,
                             GL_UNSIGNED_INT, &zero);
    }
    glBindBuffer(GL_COPY_READ_BUFFER, 0);
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
    clearWords(pairs_->wordsBuffer(), GpuParticlePairs::kStatusWord, 1);
    if (elements)
        elements_->clearStatus();
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    fence_ = queueAnswerFence();
    elementsRan_ = false;
}

bool GpuSelfContact3::elementsOnDevice(const GpuSolver& solver) const
{
    return !elementsOnHost_ && GpuElementContact::fits(solver.width(), solver.height());
}

void GpuSelfContact3::copyPositions(const GpuSolver& solver)
{
    const std::size_t bytes = 3 * solver.particleCount() * (double_ ? 8 : 4);
    if (copy_ == 0)
        glGenBuffers(1, &copy_);
    writeBuffer(copy_, copyBytes_, nullptr, bytes); // grown when too small
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);
    glBindBuffer(GL_COPY_READ_BUFFER, solver.positionsBuffer());
    glBindBuffer(GL_COPY_WRITE_BUFFER, copy_);
    glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0,
                        static_cast<GLsizeiptr>(bytes));
    glBindBuffer(GL_COPY_READ_BUFFER, 0);
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

void GpuSelfContact3::resolveParticles(GpuSolver& solver, GpuContacts* contacts, int substep)
{
    const std::size_t n = solver.particleCount();
    // The rounds open, and (as the CPU's `jammed` starts) not run out.
    clearWords(pairs_->wordsBuffer(), GpuParticlePairs::kOverWord, 1);
    clearWords(pairs_->wordsBuffer(), GpuParticlePairs::kRanOutWord, 1);
    if (contacts == nullptr || !contacts->hasObstacles()) {
        particleRounds(solver, false);
        return;
    }
    // As the CPU's SelfCollision::resolveWithContacts (self_contact.cpp): every round starts
    // with the obstacles' contacts, and a particle they moved (its bits changed) is held for
    // the rest of the substep, in a pair with a movable particle not held taking its
    // obstacle's side, except in the rounds after a set that ran out.
    if (held_ == 0)
        glGenBuffers(1, &held_);
    writeBuffer(held_, heldBytes_, nullptr, 4 * n); // grown when too small
    clearWords(held_, 0, n);
    const GLuint mark = particleKernels_[2];
    glProgramUniform1ui(mark, uParticles, static_cast<GLuint>(n));
    for (int round = 0; round < detail::kSelfContactRounds; ++round) {
        copyPositions(solver);
        contacts->resolveObstacles(solver, substep);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kHeldBinding, held_);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kCopyBinding, copy_);
        glUseProgram(mark);
        dispatchKernel(n);
        particleRounds(solver, true);
    }
}

void GpuSelfContact3::particleRounds(const GpuSolver& solver, bool held)
{
    const std::size_t n = solver.particleCount();
    const double thickness = settings_.thickness;
    const GLuint round = particleKernels_[0];
    const double settledBelow = detail::kSelfCollisionSettled * thickness;
    setReal(round, uThickness, double_, thickness);
    setReal(round, uThicknessSquared, double_, thickness * thickness);
    setReal(round, uSettled, double_,
            double_ ? settledBelow : std::max(settledBelow, kSelfCollisionFloatSettled));
    setReal(round, uFriction, double_, settings_.friction);
    // The CPU's margin: a pair not found was kSelfCollisionReach * thickness apart or more.
    setReal(round, uMargin, double_, 0.5 * (detail::kSelfCollisionReach - 1.0) * thickness);
    glProgramUniform1ui(round, uHeldMode, held ? 1u : 0u);
    for (int r = 0; r < detail::kSelfCollisionRounds; ++r) {
        pairs_->find(0, 0, n, solver.width(), thickness); // the solver's, bound at 0 and 3
        copyPositions(solver);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kPairsBinding, pairs_->pairsBuffer());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kHeldBinding, held_);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kCopyBinding, copy_);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kWordsBinding, pairs_->wordsBuffer());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kWalksBinding, pairs_->walkBuffer());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kGateBinding, pairs_->gateBuffer());
        glProgramUniform1ui(round, uPairCapacity, static_cast<GLuint>(pairs_->capacity()));
        glProgramUniform1ui(round, uWalks, static_cast<GLuint>(pairs_->walks()));
        glUseProgram(round);
        // One work group, none once a round before settled.
        glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, pairs_->gateBuffer());
        glDispatchComputeIndirect(12 * GpuParticlePairs::kGateOne);
        glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT |
                        GL_COMMAND_BARRIER_BIT);
    }
    glUseProgram(particleKernels_[1]); // the rounds' end: whether they ran out; open again
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kWordsBinding, pairs_->wordsBuffer());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kGateBinding, pairs_->gateBuffer());
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
}

void GpuSelfContact3::resolve(GpuSolver& solver, GpuContacts* contacts, int substep)
{
    resolveParticles(solver, contacts, substep);
    if (!elementsOnDevice(solver)) {
        resolveOnHost(solver, substep);
        return;
    }
    if (sheetStale_) {
        elements_->setSheet(topology_);
        sheetStale_ = false;
    }
    // The capsules' axes in this substep (the host's own obstacle poses: an upload), and the
    // live flags where a constraint may be gone (on the GPU already).
    detail::capsuleAxes(obstacles_, substep, settings_.substeps, axes_);
    elements_->setSurface(solver.mayHaveRemoved() ? solver.aliveBuffer() : 0u, axes_);
    // The bound's buffers as large as the elements' kernels may fill them.
    const std::size_t n = solver.particleCount();
    const std::size_t real = double_ ? 8 : 4;
    const std::size_t guards = elements_->guardCapacity();
    writeBuffer(buffers_[kLimits], capacity_[kLimits], nullptr, real * (2 * n + 3));
    writeBuffer(buffers_[kGuardParticles], capacity_[kGuardParticles], nullptr, 20 * guards);
    writeBuffer(buffers_[kGuardReals], capacity_[kGuardReals], nullptr, 5 * real * guards);
    if (capacity_[kBack] < n * sizeof(std::uint32_t))
        writeBuffer(buffers_[kBack], capacity_[kBack], nullptr, n * sizeof(std::uint32_t));
    const std::size_t firstBytes = std::max(sweeps_, 1u) * sizeof(std::uint32_t);
    if (capacity_[kFirst] < firstBytes)
        writeBuffer(buffers_[kFirst], capacity_[kFirst], nullptr, firstBytes);
    elements_->resolve(settings_,
                       {buffers_[kLimits], buffers_[kGuardParticles], buffers_[kGuardReals]});
    elementsRan_ = true;
    boundActive_ = true;
    guardsOnDevice_ = true;
}

void GpuSelfContact3::resolveOnHost(GpuSolver& solver, int substep)
{
    guardsOnDevice_ = false;
    if (!massVersion_ || *massVersion_ != solver.inverseMassVersion()) {
        solver.downloadInverseMasses(inverseMass_); // pinned, grabbed or released since
        massVersion_ = solver.inverseMassVersion();
    }
    solver.downloadPositions(positions_);
    solver.downloadStepStart(stepStart_);
    // The live flags as the CPU solvers pass them: null while every constraint is live.
    const std::uint8_t* alive = nullptr;
    if (solver.mayHaveRemoved()) {
        solver.downloadAlive(alive_);
        if (std::find(alive_.begin(), alive_.end(), std::uint8_t{0}) != alive_.end())
            alive = alive_.data();
    }
    host_->resolveElements(positions_.data(), stepStart_.data(), inverseMass_.data(),
                           positions_.size(), topology_, alive, settings_, obstacles_, substep);
    solver.writePositions(0, positions_.data(), positions_.size());
    uploadBound(solver);
}

void GpuSelfContact3::uploadBound(const GpuSolver& solver)
{
    const std::size_t n = solver.particleCount();
    const detail::SelfContactBoundInputs in = host_->boundInputs(n);
    boundActive_ = in.active;
    if (!in.active)
        return;
    guards_ = in.guards.size();
    // The reals in the kernels' precision: per particle its limit, then its bound, then the
    // common motion; per guard its normal, margin and high.
    std::vector<double>& reals = realScratch_;
    reals.assign(in.speedLimit.begin(), in.speedLimit.end());
    reals.insert(reals.end(), in.bound.begin(), in.bound.end());
    reals.insert(reals.end(), {in.common.x, in.common.y, in.common.z});
    auto writeReals = [&](std::size_t buffer) {
        if (double_) {
            writeBuffer(buffers_[buffer], capacity_[buffer], reals.data(),
                        reals.size() * sizeof(double));
            return;
        }
        floatScratch_.assign(reals.begin(), reals.end());
        writeBuffer(buffers_[buffer], capacity_[buffer], floatScratch_.data(),
                    floatScratch_.size() * sizeof(float));
    };
    writeReals(kLimits);
    reals.clear();
    guardScratch_.clear();
    for (const detail::SelfContactGuard& g : in.guards) {
        guardScratch_.insert(guardScratch_.end(), g.v.begin(), g.v.end());
        guardScratch_.push_back(static_cast<std::uint32_t>(g.split + 1));
        reals.insert(reals.end(), {g.normal.x, g.normal.y, g.normal.z, g.margin, g.high});
    }
    writeReals(kGuardReals);
    writeBuffer(buffers_[kGuardParticles], capacity_[kGuardParticles], guardScratch_.data(),
                guardScratch_.size() * sizeof(std::uint32_t));
    if (capacity_[kBack] < n * sizeof(std::uint32_t))
        writeBuffer(buffers_[kBack], capacity_[kBack], nullptr, n * sizeof(std::uint32_t));
    const std::size_t firstBytes = std::max(sweeps_, 1u) * sizeof(std::uint32_t);
    if (capacity_[kFirst] < firstBytes)
        writeBuffer(buffers_[kFirst], capacity_[kFirst], nullptr, firstBytes);
}

void GpuSelfContact3::bound(GpuSolver& solver)
{
    if (!boundActive_)
        return;
    const std::size_t n = solver.particleCount();
    for (std::size_t b = 0; b < buffers_.size(); ++b)
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kFirstBinding + static_cast<GLuint>(b),
                         buffers_[b]);
    // Each stage's uniforms by name: a stage that does not use one has none there.
    GLuint program = 0;
    auto set = [&program](const char* name, std::size_t value) {
        glUniform1ui(glGetUniformLocation(program, name), static_cast<GLuint>(value));
    };
    constexpr std::size_t kFromWord = 0xffffffffu; // the kernels' kNone: the device's count
    auto use = [&](int stage) {
        program = kernels_[static_cast<std::size_t>(stage)];
        glUseProgram(program);
        set("uParticles", n);
        set("uGuards", guardsOnDevice_ ? kFromWord : guards_);
        set("uSweeps", sweeps_);
    };
    use(0); // the speed limit (and the sweeps' words reset)
    dispatchKernel(std::max<std::size_t>(n, sweeps_));
    if (guardsOnDevice_) {
        // The guards' count is the device's: the first failing guard over as many
        // invocations as guards (an indirect dispatch), the walk in turns on one work group.
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 25, elements_->wordsBuffer());
        glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, elements_->wordsBuffer());
        for (unsigned sweep = 0; sweep < sweeps_; ++sweep) {
            use(1);
            set("uSweep", sweep);
            glDispatchComputeIndirect(
                static_cast<GLintptr>(4 * GpuElementContact::kBoundArgsWord));
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
            use(4);
            set("uSweep", sweep);
            glDispatchCompute(1, 1, 1);
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        }
        glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
        use(3); // the sweeps left, if any
        dispatchKernel(1);
        return;
    }
    if (guards_ == 0)
        return;
    for (unsigned sweep = 0; sweep < sweeps_; ++sweep) {
        use(1); // the sweep's first failing guard
        set("uSweep", sweep);
        dispatchKernel(guards_);
        use(2); // walked from there in order
        set("uSweep", sweep);
        for (std::size_t begin = 0; begin < guards_; begin += walk_) {
            set("uBegin", begin);
            set("uEnd", std::min(guards_, begin + walk_));
            dispatchKernel(1);
        }
    }
    use(3); // the sweeps left, if any
    dispatchKernel(1);
}

} // namespace pbd::gpu
