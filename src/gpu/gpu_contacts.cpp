#include "gpu_contacts.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>

#include <glad/gl.h>

#include "pbd/device/ball_contacts.h"
#include "gpu_kernels.h"
#include "gpu_solver.h"

namespace pbd::gpu {
namespace {

constexpr const char* kFile = "contact_geometry.glsl+contacts.comp.glsl"; // in that order
constexpr GLuint kShapesBinding = 14;
constexpr GLuint kListedBinding = 15;
constexpr GLuint kGroupsBinding = 16;
constexpr double kFloatSlop = 4e-6;  // m

void setReal(GLint location, bool dbl, double value)
{
    if (dbl)
        glUniform1d(location, value);
    else
        glUniform1f(location, static_cast<float>(value));
}

/// Reals per shape as the kernel reads them (contact_geometry.glsl's kStride): a, b, the D
/// axes, the half extents, r, lo, hi, from, to, the turn (2D: cosine and sine; 3D: its
/// rows) and the tag.
template <glm::length_t D>
constexpr std::size_t strideOf()
{
    return static_cast<std::size_t>(7 * D + D * D + 1 + (D == 3 ? 9 : 2) + 1);
}

/// The shape as the kernel's strideOf<D>() reals. Axis 0 of a half-space is its normal.
template <glm::length_t D>
void pack(const detail::ContactShapeOf<D>& s, double* out)
{
    using Core = typename detail::ContactShapeOf<D>::Core;
    auto put = [&out](const Vec<D>& v) {
        for (glm::length_t k = 0; k < D; ++k)
            *out++ = v[k];
    };
    put(s.a);
    put(s.b);
    for (glm::length_t k = 0; k < D; ++k)
        put(k == 0 && s.core == Core::HalfSpace ? s.normal : s.axis[static_cast<std::size_t>(k)]);
    put(s.half);
    *out++ = s.r;
    put(s.lo);
    put(s.hi);
    put(s.from);
    put(s.to);
    if constexpr (D == 3) {
        for (const Vec<3>& row : s.turn.row)
            put(row);
    } else {
        *out++ = s.turn.cos;
        *out++ = s.turn.sin;
    }
    *out = static_cast<double>(static_cast<int>(s.core) + (s.moving ? 4 : 0));
}

} // namespace

std::unique_ptr<GpuContacts> GpuContacts::create(bool doublePrecision, std::string& why,
                                                 int dimensions)
{
    std::unique_ptr<GpuContacts> c(new GpuContacts());
    c->double_ = doublePrecision;
    c->dimensions_ = dimensions;
    for (int stage = 0; stage < 3; ++stage) {
        c->kernels_[stage] = buildKernel(doublePrecision, stage, false, why, kFile, dimensions);
        if (c->kernels_[stage] == 0)
            return nullptr;
    }
    glGenBuffers(1, &c->shapes_);
    glGenBuffers(1, &c->listed_);
    glGenBuffers(1, &c->groups_);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, c->groups_);
    glBufferData(GL_SHADER_STORAGE_BUFFER, 16, nullptr, GL_DYNAMIC_DRAW);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    return c;
}

GpuContacts::~GpuContacts()
{
    for (GLuint kernel : kernels_)
        glDeleteProgram(kernel);
    const GLuint buffers[3] = {shapes_, listed_, groups_};
    glDeleteBuffers(3, buffers);
}

void GpuContacts::prepare(const Settings& settings, std::span<const Obstacle> obstacles,
                          std::span<Ball> balls, std::span<const double> inverseMass)
{
    prepareIn<2>(plane_, settings, obstacles, balls, inverseMass);
}

void GpuContacts::prepare(const Settings& settings, std::span<const Obstacle3> obstacles,
                          std::span<BallOf<3>> balls, std::span<const double> inverseMass)
{
    prepareIn<3>(space_, settings, obstacles, balls, inverseMass);
}

template <glm::length_t D>
void GpuContacts::prepareIn(WorldOf<D>& world, const Settings& settings,
                            std::span<const ObstacleOf<D>> obstacles, std::span<BallOf<D>> balls,
                            std::span<const double> inverseMass)
{
    if (D != dimensions_)
        throw std::logic_error("GpuContacts::prepare: a " + std::to_string(D) +
                               "D world for kernels of a " + std::to_string(dimensions_) +
                               "D cloth");
    constexpr std::size_t kStride = strideOf<D>();
    const int substeps = settings.substeps;
    friction_ = settings.friction;
    thickness_ = settings.thickness;
    h_ = substeps == 1 ? settings.timeStep : settings.timeStep / substeps;
    gravity_ = settings.gravity;
    damping_ = settings.damping;
    world.balls = balls;
    inverseMass_ = inverseMass;
    shapeCount_ = obstacles.size();
    world.worlds.resize(static_cast<std::size_t>(substeps));
    data_.resize(static_cast<std::size_t>(substeps) * shapeCount_ * kStride);
    for (int k = 0; k < substeps; ++k) {
        detail::ContactWorldOf<D>& at = world.worlds[static_cast<std::size_t>(k)];
        detail::prepareContacts(obstacles, settings.thickness, settings.friction, k, substeps,
                                at);
        for (std::size_t s = 0; s < shapeCount_; ++s)
            pack<D>(at.shapes[s],
                    data_.data() + (static_cast<std::size_t>(k) * shapeCount_ + s) * kStride);
    }
    if (shapeCount_ == 0)
        return;
    // A new store each step: the last step's kernels may still read the old one.
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, shapes_);
    if (double_) {
        shapeBytes_ = data_.size() * sizeof(double);
        glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(shapeBytes_), data_.data(),
                     GL_STREAM_DRAW);
    } else {
        const std::vector<float> values(data_.begin(), data_.end());
        shapeBytes_ = values.size() * sizeof(float);
        glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(shapeBytes_), values.data(),
                     GL_STREAM_DRAW);
    }
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
}

void GpuContacts::substep(GpuSolver& solver, int substep)
{
    resolveBalls(solver, substep);
    resolveObstacles(solver, substep);
}

void GpuContacts::resolveObstacles(GpuSolver& solver, int substep)
{
    if (shapeCount_ == 0)
        return;
    const std::size_t n = solver.particleCount();
    if (listedBytes_ < 4 * (n + 1)) {
        listedBytes_ = 4 * (n + 1);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, listed_);
        glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(listedBytes_), nullptr,
                     GL_DYNAMIC_DRAW);
    }
    const GLuint zero = 0;
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, listed_);
    glClearBufferSubData(GL_SHADER_STORAGE_BUFFER, GL_R32UI, 0, 4, GL_RED_INTEGER,
                         GL_UNSIGNED_INT, &zero);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kShapesBinding, shapes_);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kListedBinding, listed_);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kGroupsBinding, groups_);
    for (GLuint kernel : kernels_) {
        glUseProgram(kernel);
        glUniform1ui(0, static_cast<GLuint>(n));
        glUniform1ui(1, static_cast<GLuint>(shapeCount_));
        glUniform1ui(2, static_cast<GLuint>(static_cast<std::size_t>(substep) * shapeCount_));
        setReal(3, double_, friction_);
        // contacts.cpp's kSlop and the wedges' thresholds; in float what rounding leaves of a
        // particle just put on a surface is some 1e-6 m, not 1e-12 (a particle 1e-7 m inside
        // after its push would count as stuck), so float counts 4e-6 m as on the surface.
        setReal(4, double_, double_ ? 1e-12 : kFloatSlop);
        setReal(5, double_, std::numeric_limits<double>::infinity());
    }
    // The broad phase lists the particles near a shape, one invocation sizes the dispatch
    // over that list, and only those are resolved.
    glUseProgram(kernels_[0]);
    dispatchKernel(n);
    glUseProgram(kernels_[1]);
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_COMMAND_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);
    glUseProgram(kernels_[2]);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, groups_);
    glDispatchComputeIndirect(0);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

void GpuContacts::resolveBalls(GpuSolver& solver, int substep)
{
    if (dimensions_ == 3)
        resolveBallsIn<3>(space_, solver, substep);
    else
        resolveBallsIn<2>(plane_, solver, substep);
}

template <glm::length_t D>
void GpuContacts::resolveBallsIn(WorldOf<D>& world, GpuSolver& solver, int substep)
{
    if (world.balls.empty())
        return;
    // The balls' part of the substep as the CPU solvers run it: their prediction (which no
    // particle sees), their contacts with the particles, each other and the obstacles, and
    // their velocities (which depend on the balls alone).
    detail::predictBalls(world.balls, h_, gravity_);
    solver.downloadPositions(world.positions);
    solver.downloadStepStart(world.stepStart); // the particles' motion that ball friction opposes
    world.before = world.positions;
    const std::size_t n = world.positions.size();
    detail::resolveBallContacts(world.balls, world.positions.data(), world.stepStart.data(),
                                inverseMass_.data(), n, thickness_, friction_,
                                shapeCount_ > 0 ? &world.worlds[static_cast<std::size_t>(substep)]
                                                : nullptr);
    detail::updateBallVelocities(world.balls, h_, damping_);
    // Write back the range of particles that moved (their bits, signed zeros included).
    std::size_t first = n;
    std::size_t last = 0;
    for (std::size_t i = 0; i < n; ++i)
        if (std::memcmp(&world.positions[i], &world.before[i], sizeof(Vec<D>)) != 0) {
            first = std::min(first, i);
            last = i;
        }
    if (first < n)
        solver.writePositions(static_cast<Index>(first), world.positions.data() + first,
                              last + 1 - first);
}

} // namespace pbd::gpu
