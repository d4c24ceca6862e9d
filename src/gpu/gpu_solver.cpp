#include "gpu_solver.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <type_traits>

#include <glad/gl.h>

#include "pbd/substep_pipeline.h"
#include "pbd/device/chebyshev.h"
#include "pbd/device/constraint_coloring.h"
#include "pbd/device/substep_params.h"
#include "gpu_air.h"
#include "gpu_bending.h"
#include "gpu_chebyshev.h"
#include "gpu_contacts.h"
#include "gpu_kernels.h"
#include "gpu_self_collision.h"
#include "gpu_self_contact3.h"
#include "gpu_step_block.h"
#include "pbd/distance_constraint.h"
#include "test_hook.h"

namespace pbd::gpu {
namespace {

constexpr unsigned kGroupSize = 256; // local_size_x of every kernel

enum Binding : GLuint { kPositions = 0, kStepStart = 1, kVelocities = 2, kInverseMasses = 3,
                        kLambdas = 4, kAlive = 5, kRenderPositions = 6, kTorn = 7,
                        kTetherAnchors = 8, kTetherLengths = 9, kRenderNormals = 10 };

} // namespace

namespace {

void setReal(GLint location, bool doublePrecision, double value)
{
    if (doublePrecision)
        glUniform1d(location, value);
    else
        glUniform1f(location, static_cast<float>(value));
}

std::size_t setRows(const GridSet& set)
{
    return set.rowEnd > set.firstRow
               ? static_cast<std::size_t>((set.rowEnd - set.firstRow + set.rowStep - 1) /
                                          set.rowStep)
               : 0;
}

} // namespace

unsigned GpuSolver::glError()
{
    const GLenum first = glGetError();
    while (glGetError() != GL_NO_ERROR) {
    }
    return first;
}

long long GpuSolver::maxStorageBlockBytes()
{
    GLint64 bytes = 0;
    glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &bytes);
    if (const char* hook = testHook("PBD_GPU_MAX_STORAGE_BLOCK_BYTES")) {
        char* end = nullptr;
        const long long value = std::strtoll(hook, &end, 10);
        if (end != hook && *end == '\0' && value > 0 && value < bytes)
            bytes = value;
    }
    return static_cast<long long>(bytes);
}

std::unique_ptr<GpuSolver> GpuSolver::create(int width, int height, GpuPrecision precision,
                                             std::string& why)
{
    return create(width, height, clothRestLengths(), precision, why);
}

std::unique_ptr<GpuSolver> GpuSolver::create(int width, int height, const ClothRestLengths& rest,
                                             GpuPrecision precision, std::string& why,
                                             int dimensions)
{
    if (dimensions != 2 && dimensions != 3) {
        why = "the GPU solver steps a cloth in 2 or 3 dimensions, not " +
              std::to_string(dimensions);
        return nullptr;
    }
    if (width < 1 || height < 1) {
        why = "the GPU solver needs at least one particle (width " + std::to_string(width) +
              ", height " + std::to_string(height) + ")";
        return nullptr;
    }
    std::unique_ptr<GpuSolver> solver(new GpuSolver());
    static std::atomic<std::uint64_t> made{0};
    solver->serial_ = ++made;
    solver->width_ = width;
    solver->height_ = height;
    solver->precision_ = precision;
    solver->dimensions_ = dimensions;
    solver->count_ = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    const bool dbl = precision == GpuPrecision::Double;
    solver->realSize_ = dbl ? sizeof(double) : sizeof(float);
    const std::array<GridSet, 8> sets = clothGridSets(width, height, rest);
    for (std::size_t s = 0; s < 8; ++s)
        solver->setCounts_[s] =
            setRows(sets[s]) * static_cast<std::size_t>(sets[s].columnCount);

    // Limits: every buffer is one shader storage block; the grid of groups is 2D.
    const long long maxBlock = maxStorageBlockBytes();
    GLint maxGroups = 0;
    glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 0, &maxGroups);
    const std::size_t vecBytes =
        solver->count_ * static_cast<std::size_t>(dimensions) * solver->realSize_;
    const std::string grid = std::to_string(width) + " x " + std::to_string(height);
    if (maxBlock > 0 && vecBytes > static_cast<std::size_t>(maxBlock)) {
        why = "a " + grid + " cloth does not fit this GPU in " + gpuPrecisionName(precision) +
              ": its positions need " + std::to_string(vecBytes) +
              " bytes in one shader storage block, the GPU allows " +
              std::to_string(maxBlock) + " (GL_MAX_SHADER_STORAGE_BLOCK_SIZE)";
        return nullptr;
    }
    const std::size_t groups = (solver->count_ + kGroupSize - 1) / kGroupSize;
    const auto maxGroups2d = static_cast<std::size_t>(maxGroups) * static_cast<std::size_t>(maxGroups);
    if (groups > maxGroups2d) {
        why = "a " + grid + " cloth needs " + std::to_string(groups) +
              " work groups, more than this GPU dispatches";
        return nullptr;
    }

    constexpr const char* kFile = "cloth_solver.comp.glsl";
    solver->predict_ = buildKernel(dbl, 0, false, why, kFile, dimensions);
    solver->project_ = solver->predict_ ? buildKernel(dbl, 1, false, why, kFile, dimensions) : 0;
    solver->projectXpbd_ =
        solver->project_ ? buildKernel(dbl, 1, true, why, kFile, dimensions) : 0;
    solver->velocity_ =
        solver->projectXpbd_ ? buildKernel(dbl, 2, false, why, kFile, dimensions) : 0;
    if (solver->velocity_ == 0)
        return nullptr;
    solver->tether_ = buildKernel(dbl, 8, false, why, kFile, dimensions);
    solver->tear_ = solver->tether_ ? buildKernel(dbl, 4, false, why, kFile, dimensions) : 0;
    if (solver->tear_ == 0)
        return nullptr;
    const bool plane = dimensions == 2; // the cells' signed areas: 2D only
    if (plane) {
        solver->projectArea_ = buildKernel(dbl, 3, false, why);
        if (solver->projectArea_ == 0)
            return nullptr;
    }
    solver->constraintCount_ = clothConstraintCount(width, height);
    {
        glUseProgram(solver->tear_);
        glUniform1ui(0, static_cast<GLuint>(solver->constraintCount_));
        glUniform1ui(1, static_cast<GLuint>(width));
        glUniform1ui(2, static_cast<GLuint>(height));
        setReal(4, dbl, rest.horizontal);
        setReal(5, dbl, rest.diagonal);
        setReal(6, dbl, rest.vertical);
    }

    // The cell-triangle sets: row parity s >> 2, column parity (s >> 1) & 1, triangle s & 1.
    if (plane && width > 1 && height > 1) {
        glUseProgram(solver->projectArea_);
        glUniform1ui(1, static_cast<GLuint>(width));
        setReal(2, dbl, cellRestArea(rest)); // the core's SubstepParams::cellRestArea
        for (GLint s = 0; s < 8; ++s) {
            const auto rowParity = static_cast<std::size_t>(s >> 2);
            const auto columnParity = static_cast<std::size_t>((s >> 1) & 1);
            const std::size_t cellRows = static_cast<std::size_t>(height - 1);
            const std::size_t cellColumns = static_cast<std::size_t>(width - 1);
            const std::size_t rows = cellRows > rowParity ? (cellRows - rowParity + 1) / 2 : 0;
            const std::size_t columns =
                cellColumns > columnParity ? (cellColumns - columnParity + 1) / 2 : 0;
            solver->areaCounts_[static_cast<std::size_t>(s)] = rows * columns;
            glUniform2ui(4 + s, static_cast<GLuint>(std::max<std::size_t>(columns, 1)),
                         static_cast<GLuint>(rows * columns));
        }
    }

    // The set descriptions and rest lengths never change: set them once in both projectors.
    for (GLuint program : {solver->project_, solver->projectXpbd_}) {
        glUseProgram(program);
        glUniform1ui(1, static_cast<GLuint>(width));
        setReal(2, dbl, kMinConstraintLength);
        glUniform1ui(29, static_cast<GLuint>(height));
        setReal(30, dbl, 0.0);
        for (GLint s = 0; s < 8; ++s) {
            const GridSet& set = sets[static_cast<std::size_t>(s)];
            glUniform4ui(4 + s, static_cast<GLuint>(set.firstRow), static_cast<GLuint>(set.rowStep),
                         static_cast<GLuint>(set.firstColumn),
                         static_cast<GLuint>(set.columnStep));
            glUniform4ui(12 + s, static_cast<GLuint>(std::max(set.columnCount, 1)), set.aOffset,
                         set.bOffset, static_cast<GLuint>(solver->setCounts_[static_cast<std::size_t>(s)]));
            setReal(20 + s, dbl, set.restLength);
        }
    }
    glUseProgram(0);

    auto makeBuffer = [&](GLuint& buffer, std::size_t bytes) {
        glGenBuffers(1, &buffer);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
        glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(std::max<std::size_t>(bytes, 16)),
                     nullptr, GL_DYNAMIC_DRAW);
        solver->bytes_ += bytes;
    };
    glError(); // start clean
    glGenBuffers(1, &solver->stepBlock_); // the step's parameters, filled by each step()
    makeBuffer(solver->positions_, vecBytes);
    makeBuffer(solver->stepStart_, vecBytes);
    makeBuffer(solver->velocities_, vecBytes);
    makeBuffer(solver->inverseMasses_, solver->count_ * solver->realSize_);
    for (std::size_t s = 0; s < 8; ++s)
        makeBuffer(solver->lambdas_[s], solver->setCounts_[s] * solver->realSize_);
    makeBuffer(solver->alive_, (solver->constraintCount_ + 31) / 32 * 4);
    const GLuint allLive = ~0u; // every constraint live until uploadAlive says otherwise
    glClearBufferData(GL_SHADER_STORAGE_BUFFER, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT,
                      &allLive);
    makeBuffer(solver->torn_, 4);
    const GLuint none = 0; // nothing torn yet
    glClearBufferData(GL_SHADER_STORAGE_BUFFER, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT,
                      &none);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    if (const GLenum error = glError(); error != GL_NO_ERROR) {
        why = "a " + grid + " cloth does not fit this GPU's memory in " +
              gpuPrecisionName(precision) + " (" + std::to_string(solver->bytes_) +
              " bytes of buffers; GL error 0x" +
              [&] { char b[16]; std::snprintf(b, sizeof b, "%04x", error); return std::string(b); }() +
              ")";
        return nullptr;
    }
    return solver;
}

std::vector<unsigned> GpuSolver::bufferNames() const
{
    std::vector<unsigned> names{positions_, stepStart_,      velocities_,    inverseMasses_,
                                alive_,     torn_,           renderPositions_, tetherAnchors_,
                                tetherLengths_, stepBlock_, renderNormals_};
    names.insert(names.end(), lambdas_.begin(), lambdas_.end());
    names.insert(names.end(), areaLambdas_.begin(), areaLambdas_.end());
    if (chebyshev_ != nullptr)
        for (std::size_t k = 0; k < 4; ++k)
            names.push_back(chebyshev_->bufferName(k));
    if (air_ != nullptr)
        for (std::size_t k = 0; k < GpuAir::kBuffers; ++k)
            names.push_back(air_->bufferName(k));
    if (bending_ != nullptr)
        for (unsigned name : bending_->bufferNames())
            names.push_back(name);
    names.erase(std::remove(names.begin(), names.end(), 0u), names.end());
    return names;
}

GpuSolver::~GpuSolver()
{
    chebyshev_.reset(); // its own buffers
    air_.reset();
    bending_.reset();
    for (GLuint program :
         {predict_, project_, projectXpbd_, velocity_, projectArea_, tear_, tether_, toFloat_})
        if (program != 0)
            glDeleteProgram(program);
    const std::vector<unsigned> buffers = bufferNames();
    if (!buffers.empty())
        glDeleteBuffers(static_cast<GLsizei>(buffers.size()), buffers.data());
}

unsigned GpuSolver::renderPositions()
{
    if (dimensions_ != 2)
        throw std::runtime_error("the GPU solver draws a 2D cloth's positions only, not a 3D "
                                 "cloth's yet");
    if (precision_ == GpuPrecision::Float) {
        glMemoryBarrier(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT); // the kernels wrote them
        return positions_;
    }
    if (toFloat_ == 0) {
        std::string why;
        toFloat_ = buildKernel(true, 5, false, why);
        if (toFloat_ == 0)
            throw std::runtime_error(why);
        glGenBuffers(1, &renderPositions_);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, renderPositions_);
        glBufferData(GL_SHADER_STORAGE_BUFFER,
                     static_cast<GLsizeiptr>(std::max<std::size_t>(count_ * 8, 16)), nullptr,
                     GL_DYNAMIC_DRAW);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
        bytes_ += count_ * 8;
        renderStale_ = true;
    }
    if (renderStale_) {
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kPositions, positions_);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kRenderPositions, renderPositions_);
        glUseProgram(toFloat_);
        glUniform1ui(0, static_cast<GLuint>(count_));
        dispatchKernel(count_);
        glUseProgram(0);
        renderStale_ = false;
    }
    glMemoryBarrier(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT);
    return renderPositions_;
}

GpuSolver::RenderSurface GpuSolver::renderSurface3()
{
    requireDimensions(3, "renderSurface3");
    if (toFloat_ == 0) {
        std::string why;
        toFloat_ = buildKernel(precision_ == GpuPrecision::Double, 5, false, why,
                               "cloth_solver.comp.glsl", 3);
        if (toFloat_ == 0)
            throw std::runtime_error(why);
        const auto bytes = static_cast<GLsizeiptr>(std::max<std::size_t>(count_ * 12, 16));
        for (GLuint* buffer : {&renderPositions_, &renderNormals_}) {
            glGenBuffers(1, buffer);
            glBindBuffer(GL_SHADER_STORAGE_BUFFER, *buffer);
            glBufferData(GL_SHADER_STORAGE_BUFFER, bytes, nullptr, GL_DYNAMIC_DRAW);
        }
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
        bytes_ += 2 * count_ * 12;
        renderStale_ = true;
    }
    if (renderStale_) {
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kPositions, positions_);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kRenderPositions, renderPositions_);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kRenderNormals, renderNormals_);
        glUseProgram(toFloat_);
        glUniform1ui(0, static_cast<GLuint>(count_));
        glUniform1ui(1, static_cast<GLuint>(width_));
        glUniform1ui(2, static_cast<GLuint>(height_));
        dispatchKernel(count_);
        glUseProgram(0);
        renderStale_ = false;
    }
    glMemoryBarrier(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT);
    return {renderPositions_, renderNormals_};
}

namespace {

/// Writes `count` vectors of D reals (x, y or x, y, z: glm's dvecD holds them packed) from
/// `source` at vector `first` of `buffer`, in the precision.
template <glm::length_t D>
void writeVectors(GLuint buffer, bool dbl, std::size_t first, const glm::vec<D, double>* source,
                  std::size_t count)
{
    static_assert(sizeof(glm::vec<D, double>) == D * sizeof(double));
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
    if (dbl) {
        glBufferSubData(GL_SHADER_STORAGE_BUFFER, static_cast<GLintptr>(first * D * 8),
                        static_cast<GLsizeiptr>(count * D * 8), source);
    } else {
        std::vector<float> values(D * count);
        for (std::size_t i = 0; i < count; ++i)
            for (glm::length_t c = 0; c < D; ++c)
                values[D * i + static_cast<std::size_t>(c)] = static_cast<float>(source[i][c]);
        glBufferSubData(GL_SHADER_STORAGE_BUFFER, static_cast<GLintptr>(first * D * 4),
                        static_cast<GLsizeiptr>(count * D * 4), values.data());
    }
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
}

void writePairs(GLuint buffer, bool dbl, std::size_t first, const glm::dvec2* source,
                std::size_t count)
{
    writeVectors<2>(buffer, dbl, first, source, count);
}

/// The one place that reads a particle-state buffer back; adds the bytes it read to `read`
/// (GpuSolver::stateBytesRead(), counted apart from the logical readbacks()).
void readBuffer(GLuint buffer, std::size_t bytes, void* out, std::size_t& read)
{
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(bytes), out);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    read += bytes;
}

/// Reads `count` vectors of D reals from `buffer` into `out`, as doubles.
template <glm::length_t D>
void readVectors(GLuint buffer, bool dbl, std::vector<glm::vec<D, double>>& out,
                 std::size_t count, std::size_t& read)
{
    out.resize(count);
    if (dbl) {
        readBuffer(buffer, count * D * 8, out.data(), read);
    } else {
        std::vector<float> values(D * count);
        readBuffer(buffer, count * D * 4, values.data(), read);
        for (std::size_t i = 0; i < count; ++i)
            for (glm::length_t c = 0; c < D; ++c)
                out[i][c] = values[D * i + static_cast<std::size_t>(c)];
    }
}

void readPairs(GLuint buffer, bool dbl, std::vector<glm::dvec2>& out, std::size_t count,
               std::size_t& read)
{
    readVectors<2>(buffer, dbl, out, count, read);
}

void readReals(GLuint buffer, bool dbl, std::vector<double>& out, std::size_t count,
               std::size_t& read)
{
    out.resize(count);
    if (dbl) {
        readBuffer(buffer, count * 8, out.data(), read);
    } else {
        std::vector<float> values(count);
        readBuffer(buffer, count * 4, values.data(), read);
        std::copy(values.begin(), values.end(), out.begin());
    }
}

} // namespace

void GpuSolver::upload(const Particles& state)
{
    if (state.position.size() != count_ || state.stepStart.size() != count_ ||
        state.velocity.size() != count_ || state.inverseMass.size() != count_)
        throw std::invalid_argument("GpuSolver::upload: the state does not hold " +
                                    std::to_string(count_) + " particles");
    upload(state.position.data(), state.stepStart.data(), state.velocity.data(),
           state.inverseMass.data());
}

void GpuSolver::requireDimensions(int dimensions, const char* what) const
{
    if (dimensions_ != dimensions)
        throw std::logic_error(std::string("GpuSolver::") + what + ": a " +
                               std::to_string(dimensions) + "D call on a solver of a " +
                               std::to_string(dimensions_) + "D cloth");
}

void GpuSolver::upload(const glm::dvec3* position, const glm::dvec3* stepStart,
                       const glm::dvec3* velocity, const double* inverseMass)
{
    requireDimensions(3, "upload");
    const bool dbl = precision_ == GpuPrecision::Double;
    writeVectors<3>(positions_, dbl, 0, position, count_);
    writeVectors<3>(stepStart_, dbl, 0, stepStart, count_);
    writeVectors<3>(velocities_, dbl, 0, velocity, count_);
    writeReals(inverseMasses_, dbl, 0, inverseMass, count_);
    ++inverseMassVersion_;
    ++uploads_;
    positionsChanged();
}

void GpuSolver::download(std::vector<glm::dvec3>& position, std::vector<glm::dvec3>& stepStart,
                         std::vector<glm::dvec3>& velocity) const
{
    requireDimensions(3, "download");
    ++readbacks_;
    const bool dbl = precision_ == GpuPrecision::Double;
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    readVectors<3>(positions_, dbl, position, count_, stateBytesRead_);
    readVectors<3>(stepStart_, dbl, stepStart, count_, stateBytesRead_);
    readVectors<3>(velocities_, dbl, velocity, count_, stateBytesRead_);
}

void GpuSolver::setPosition(Index index, glm::dvec3 position)
{
    requireDimensions(3, "setPosition");
    if (index >= count_)
        throw std::out_of_range("GpuSolver::setPosition: particle index out of range");
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    writeVectors<3>(positions_, precision_ == GpuPrecision::Double, index, &position, 1);
    positionsChanged();
}

void GpuSolver::setVelocity(Index index, glm::dvec3 velocity)
{
    requireDimensions(3, "setVelocity");
    if (index >= count_)
        throw std::out_of_range("GpuSolver::setVelocity: particle index out of range");
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    writeVectors<3>(velocities_, precision_ == GpuPrecision::Double, index, &velocity, 1);
}

void GpuSolver::upload(const glm::dvec2* position, const glm::dvec2* stepStart,
                       const glm::dvec2* velocity, const double* inverseMass)
{
    requireDimensions(2, "upload");
    const bool dbl = precision_ == GpuPrecision::Double;
    writePairs(positions_, dbl, 0, position, count_);
    writePairs(stepStart_, dbl, 0, stepStart, count_);
    writePairs(velocities_, dbl, 0, velocity, count_);
    writeReals(inverseMasses_, dbl, 0, inverseMass, count_);
    ++inverseMassVersion_;
    ++uploads_;
    positionsChanged();
}

void GpuSolver::download(Particles& state) const
{
    requireDimensions(2, "download");
    ++readbacks_;
    const bool dbl = precision_ == GpuPrecision::Double;
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    readPairs(positions_, dbl, state.position, count_, stateBytesRead_);
    readPairs(stepStart_, dbl, state.stepStart, count_, stateBytesRead_);
    readPairs(velocities_, dbl, state.velocity, count_, stateBytesRead_);
    readReals(inverseMasses_, dbl, state.inverseMass, count_, stateBytesRead_);
}

void GpuSolver::download(std::vector<glm::dvec2>& position, std::vector<glm::dvec2>& stepStart,
                         std::vector<glm::dvec2>& velocity) const
{
    requireDimensions(2, "download");
    ++readbacks_;
    const bool dbl = precision_ == GpuPrecision::Double;
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    readPairs(positions_, dbl, position, count_, stateBytesRead_);
    readPairs(stepStart_, dbl, stepStart, count_, stateBytesRead_);
    readPairs(velocities_, dbl, velocity, count_, stateBytesRead_);
}

template <glm::length_t D>
void GpuSolver::downloadOne(unsigned buffer, std::vector<glm::vec<D, double>>& out,
                            const char* what) const
{
    requireDimensions(D, what);
    ++readbacks_;
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    readVectors<D>(buffer, precision_ == GpuPrecision::Double, out, count_, stateBytesRead_);
}

void GpuSolver::downloadPositions(std::vector<glm::dvec2>& positions) const
{
    downloadOne<2>(positions_, positions, "downloadPositions");
}

void GpuSolver::downloadPositions(std::vector<glm::dvec3>& positions) const
{
    downloadOne<3>(positions_, positions, "downloadPositions");
}

void GpuSolver::downloadStepStart(std::vector<glm::dvec2>& stepStart) const
{
    downloadOne<2>(stepStart_, stepStart, "downloadStepStart");
}

void GpuSolver::downloadStepStart(std::vector<glm::dvec3>& stepStart) const
{
    downloadOne<3>(stepStart_, stepStart, "downloadStepStart");
}

void GpuSolver::downloadInverseMasses(std::vector<double>& inverseMass) const
{
    ++readbacks_;
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    readReals(inverseMasses_, precision_ == GpuPrecision::Double, inverseMass, count_,
              stateBytesRead_);
}

void GpuSolver::uploadAlive(const std::uint8_t* alive, std::size_t count)
{
    if (count != constraintCount_)
        throw std::invalid_argument("GpuSolver::uploadAlive: " + std::to_string(count) +
                                    " flags for " + std::to_string(constraintCount_) +
                                    " constraints");
    std::vector<GLuint> bits((count + 31) / 32, 0u);
    masked_ = false;
    for (std::size_t k = 0; k < count; ++k) {
        if (alive[k] != 0)
            bits[k / 32] |= 1u << (k % 32);
        else
            masked_ = true;
    }
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, alive_);
    glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(bits.size() * 4),
                    bits.data());
    const GLuint none = 0; // what is torn from here on is counted from 0
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, torn_);
    glClearBufferData(GL_SHADER_STORAGE_BUFFER, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT,
                      &none);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    tornRead_ = 0;
}

std::size_t GpuSolver::tornCount() const
{
    GLuint count = 0;
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, torn_);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, 4, &count);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    return count;
}

bool GpuSolver::downloadAliveIfTorn(std::vector<std::uint8_t>& alive) const
{
    const std::size_t torn = tornCount();
    if (torn == tornRead_)
        return false;
    tornRead_ = torn;
    downloadAlive(alive);
    return true;
}

void GpuSolver::downloadAlive(std::vector<std::uint8_t>& alive) const
{
    ++aliveReadbacks_;
    std::vector<GLuint> bits((constraintCount_ + 31) / 32, 0u);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, alive_);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(bits.size() * 4),
                       bits.data());
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    alive.resize(constraintCount_);
    for (std::size_t k = 0; k < constraintCount_; ++k)
        alive[k] = static_cast<std::uint8_t>((bits[k / 32] >> (k % 32)) & 1u);
}

void GpuSolver::setPosition(Index index, glm::dvec2 position)
{
    writePositions(index, &position, 1);
}

template <glm::length_t D>
void GpuSolver::writePositionsOf(Index first, const glm::vec<D, double>* positions,
                                 std::size_t count)
{
    requireDimensions(D, "writePositions");
    if (first >= count_ || count > count_ - first)
        throw std::out_of_range("GpuSolver::writePositions: particle index out of range");
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    writeVectors<D>(positions_, precision_ == GpuPrecision::Double, first, positions, count);
    positionsChanged();
}

void GpuSolver::writePositions(Index first, const glm::dvec2* positions, std::size_t count)
{
    writePositionsOf<2>(first, positions, count);
}

void GpuSolver::writePositions(Index first, const glm::dvec3* positions, std::size_t count)
{
    writePositionsOf<3>(first, positions, count);
}

void GpuSolver::setVelocity(Index index, glm::dvec2 velocity)
{
    requireDimensions(2, "setVelocity");
    if (index >= count_)
        throw std::out_of_range("GpuSolver::setVelocity: particle index out of range");
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    writePairs(velocities_, precision_ == GpuPrecision::Double, index, &velocity, 1);
}

void GpuSolver::setInverseMass(Index index, double inverseMass)
{
    if (index >= count_)
        throw std::out_of_range("GpuSolver::setInverseMass: particle index out of range");
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    writeReals(inverseMasses_, precision_ == GpuPrecision::Double, index, &inverseMass, 1);
    ++inverseMassVersion_;
}

void GpuSolver::uploadTethers(const std::uint32_t* anchor, const double* length, std::size_t slots)
{
    const std::size_t entries = slots * count_;
    const long long maxBlock = maxStorageBlockBytes();
    if (maxBlock > 0 && entries * realSize_ > static_cast<std::size_t>(maxBlock))
        throw std::runtime_error("the tethers of a " + std::to_string(width_) + " x " +
                                 std::to_string(height_) + " cloth (" + std::to_string(slots) +
                                 " per particle) do not fit this GPU's shader storage blocks");
    if (tetherAnchors_ == 0) {
        glGenBuffers(1, &tetherAnchors_);
        glGenBuffers(1, &tetherLengths_);
    }
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glError();
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, tetherAnchors_);
    glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(std::max<std::size_t>(entries * 4, 16)),
                 entries > 0 ? anchor : nullptr, GL_DYNAMIC_DRAW);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, tetherLengths_);
    glBufferData(GL_SHADER_STORAGE_BUFFER,
                 static_cast<GLsizeiptr>(std::max<std::size_t>(entries * realSize_, 16)), nullptr,
                 GL_DYNAMIC_DRAW);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    if (entries > 0)
        writeReals(tetherLengths_, precision_ == GpuPrecision::Double, 0, length, entries);
    bytes_ = bytes_ - tetherBytes_ + entries * (4 + realSize_);
    tetherBytes_ = entries * (4 + realSize_);
    tetherSlots_ = slots;
    if (glError() != GL_NO_ERROR)
        throw std::runtime_error("the tethers of a " + std::to_string(width_) + " x " +
                                 std::to_string(height_) + " cloth do not fit this GPU's memory");
}

void GpuSolver::makeAreaBuffers()
{
    if (areaLambdas_[0] != 0)
        return;
    const long long maxBlock = maxStorageBlockBytes();
    glError();
    std::size_t bytes = 0;
    for (std::size_t s = 0; s < 8; ++s) {
        const std::size_t size = std::max<std::size_t>(areaCounts_[s] * realSize_, 16);
        if (maxBlock > 0 && size > static_cast<std::size_t>(maxBlock))
            throw std::runtime_error("the area constraints of a " + std::to_string(width_) + " x " +
                                     std::to_string(height_) + " cloth do not fit this GPU");
        glGenBuffers(1, &areaLambdas_[s]);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, areaLambdas_[s]);
        glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(size), nullptr,
                     GL_DYNAMIC_DRAW);
        bytes += size;
    }
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    bytes_ += bytes;
    if (glError() != GL_NO_ERROR)
        throw std::runtime_error("the area constraints of a " + std::to_string(width_) + " x " +
                                 std::to_string(height_) + " cloth do not fit this GPU's memory");
}

void GpuSolver::refuseIn3d(const GpuStepParameters& p) const
{
    // What the 3D kernels do not do yet; Settings::validate refuses each first, naming it.
    const Settings& s = p.settings;
    const char* missing = s.selfCollision && p.selfContact3 == nullptr ? "selfCollision"
                          : s.areaStiffness > 0.0                        ? "areaStiffness"
                          : p.selfCollision != nullptr ? "selfCollision (the 2D phase)"
                                                       : nullptr;
    if (missing != nullptr)
        throw std::runtime_error(std::string("the GPU solver does not step a 3D cloth with ") +
                                 missing + " yet");
}

void GpuSolver::step(const GpuStepParameters& p)
{
    positionsChanged();
    const bool dbl = precision_ == GpuPrecision::Double;
    const Settings& settings = p.settings;
    // The step's scalars, computed on the host in double by the CPU step's own function
    // (docs/core-api.md), then rounded once to the kernel's precision.
    const detail::SubstepParams params = detail::substepParams(settings);
    const double h = params.h;
    const double invH = 1.0 / h;
    const double alphaTilde = params.alphaTilde;
    const double dampFactor = std::max(0.0, 1.0 - params.damping * h);
    const bool xpbd = params.compliant();
    const GLuint projector = xpbd ? projectXpbd_ : project_;
    if (dimensions_ == 3)
        refuseIn3d(p);
    const bool area = settings.areaStiffness > 0.0 && width_ > 1 && height_ > 1;
    if (area)
        makeAreaBuffers();

    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kPositions, positions_);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kStepStart, stepStart_);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kVelocities, velocities_);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kInverseMasses, inverseMasses_);
    const bool tearing = settings.tearStrain > 0.0 && constraintCount_ > 0;
    if (tearing) {
        masked_ = true; // from now on some constraint may be torn
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kTorn, torn_);
    }
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kAlive, alive_);
    const bool tethering = settings.tethers && tetherSlots_ > 0;
    if (tethering) {
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kTetherAnchors, tetherAnchors_);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kTetherLengths, tetherLengths_);
        glUseProgram(tether_);
        glUniform1ui(0, static_cast<GLuint>(count_));
        glUniform1ui(1, static_cast<GLuint>(tetherSlots_));
    }
    const bool chebyshev =
        detail::ChebyshevSchedule(params.chebyshev, params.iterations).active();
    if (chebyshev && chebyshev_ == nullptr) {
        std::string why;
        chebyshev_ = GpuChebyshev::create(count_, dbl, maxStorageBlockBytes(), why, dimensions_);
        if (chebyshev_ == nullptr)
            throw std::runtime_error(why);
        bytes_ += chebyshev_->bufferBytes();
    }
    const bool bending = dimensions_ == 3 && settings.bending > 0.0; // gpu_bending.cpp
    if (bending) {
        if (bending_ == nullptr)
            bending_ = std::make_unique<GpuBending>(dbl);
        const std::size_t before = bending_->bufferBytes();
        const ClothRestLengths rest = clothRestLengths(settings);
        bending_->prepare(width_, height_, rest.horizontal, rest.vertical, settings.bending,
                          maxStorageBlockBytes());
        bytes_ = bytes_ - before + bending_->bufferBytes();
    }
    const bool air = settings.airDrag > 0.0; // the air's kernels (gpu_air.cpp), made when first blown
    if (air && air_ == nullptr)
        air_ = GpuAir::make(width_, height_, dbl, maxStorageBlockBytes(), bytes_, dimensions_);
    // The step's parameters, one block (gpu_step_block.h), rounded once to the kernels'
    // precision.
    auto fill = [&](auto& block) {
        using Real = std::remove_reference_t<decltype(block.h)>;
        block.h = static_cast<Real>(h);
        block.invH = static_cast<Real>(invH);
        block.gravity = static_cast<Real>(params.gravity);
        block.alphaTilde = static_cast<Real>(alphaTilde);
        block.edgeAlphaTilde = static_cast<Real>(params.edgeAlphaTilde);
        block.shearAlphaTilde = static_cast<Real>(params.shearAlphaTilde);
        block.shear = params.shear ? 1u : 0u;
        block.areaAlphaTilde = static_cast<Real>(params.areaAlphaTilde);
        block.dampFactor = static_cast<Real>(dampFactor);
        block.tearStrain = static_cast<Real>(settings.tearStrain);
        block.particles = static_cast<std::uint32_t>(count_);
        block.air = air ? 1u : 0u;
        block.damp = params.damping > 0.0 ? 1u : 0u;
        block.masked = masked_ ? 1u : 0u;
        glBindBuffer(GL_UNIFORM_BUFFER, stepBlock_);
        glBufferData(GL_UNIFORM_BUFFER, sizeof block, &block, GL_STREAM_DRAW);
        glBindBuffer(GL_UNIFORM_BUFFER, 0);
    };
    if (dbl) {
        GpuStepBlock<double> block{};
        fill(block);
    } else {
        GpuStepBlock<float> block{};
        fill(block);
    }
    glBindBufferBase(GL_UNIFORM_BUFFER, kStepBlockBinding, stepBlock_);

    // The pipeline's phases (pbd/substep_pipeline.h) as dispatches.
    struct Phases {
        GpuSolver& solver;
        const GpuStepParameters& p;
        double h;
        bool xpbd;
        bool area;
        bool chebyshev;
        bool bending;
        GLuint projector;
        int substep = 0;

        void beginSubstep() {}
        void endSubstep() {}
        void run(SubstepPhase phase)
        {
            GpuSolver& g = solver;
            const GLuint zero = 0;
            switch (phase) {
            case SubstepPhase::Air:
                g.air_->blow({{p.settings.windX, p.settings.windY, p.settings.windZ},
                              p.settings.airDrag,
                              p.settings.gusts, p.time + substep * h, g.masked_, h});
                break;
            case SubstepPhase::Predict:
                glUseProgram(g.predict_);
                dispatchKernel(g.count_);
                if (xpbd) {
                    // lambda = 0 for every constraint: all-zero bits are +0.0 in float and
                    // double.
                    for (std::size_t s = 0; s < 8; ++s)
                        if (g.setCounts_[s] > 0) {
                            glBindBuffer(GL_SHADER_STORAGE_BUFFER, g.lambdas_[s]);
                            glClearBufferData(GL_SHADER_STORAGE_BUFFER, GL_R32UI,
                                              GL_RED_INTEGER, GL_UNSIGNED_INT, &zero);
                        }
                    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
                    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
                }
                if (bending)
                    g.bending_->resetMultipliers();
                if (area) {
                    for (GLuint buffer : g.areaLambdas_) {
                        glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
                        glClearBufferData(GL_SHADER_STORAGE_BUFFER, GL_R32UI, GL_RED_INTEGER,
                                          GL_UNSIGNED_INT, &zero);
                    }
                    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
                    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
                }
                break;
            case SubstepPhase::Sweeps:
                if (chebyshev)
                    g.chebyshev_->startSubstep(p.settings.chebyshev, p.settings.iterations);
                for (int iteration = 0; iteration < p.settings.iterations; ++iteration) {
                    glUseProgram(projector);
                    for (std::size_t s = 0; s < 8; ++s) {
                        if (g.setCounts_[s] == 0)
                            continue;
                        if (xpbd)
                            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kLambdas, g.lambdas_[s]);
                        glUniform1ui(0, static_cast<GLuint>(s));
                        dispatchKernel(g.setCounts_[s]);
                    }
                    if (area) {
                        // Then the cells' signed areas, as the colored CPU solver orders them.
                        glUseProgram(g.projectArea_);
                        for (std::size_t s = 0; s < 8; ++s) {
                            if (g.areaCounts_[s] == 0)
                                continue;
                            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kLambdas,
                                             g.areaLambdas_[s]);
                            glUniform1ui(0, static_cast<GLuint>(s));
                            dispatchKernel(g.areaCounts_[s]);
                        }
                    }
                    if (chebyshev)
                        g.chebyshev_->afterSweep(iteration);
                }
                break;
            case SubstepPhase::Bending: // 3D only: the 2D pipeline never lists it
                // `iterations` passes (at least one), as the CPU solvers.
                g.bending_->project(std::max(1, p.settings.iterations), h);
                break;
            case SubstepPhase::Tethers:
                glUseProgram(g.tether_);
                dispatchKernel(g.count_);
                break;
            case SubstepPhase::SelfCollision: // the cloth against itself, before the contacts
                if (p.selfContact3 != nullptr)
                    p.selfContact3->resolve(g, p.contacts, substep);
                else
                    p.selfCollision->substep(g, p.contacts, substep);
                break;
            case SubstepPhase::Balls: // then the balls and the obstacles: contacts win
                p.contacts->resolveBalls(g, substep);
                break;
            case SubstepPhase::Contacts:
                p.contacts->resolveObstacles(g, substep);
                break;
            case SubstepPhase::SelfContactBound: // 3D only: the 2D pipeline never lists it
                p.selfContact3->bound(g);
                break;
            case SubstepPhase::Velocities:
                glUseProgram(g.velocity_);
                dispatchKernel(g.count_);
                break;
            case SubstepPhase::Tear:
                glUseProgram(g.tear_);
                dispatchKernel(g.constraintCount_);
                break;
            }
        }
    };
    PhaseInputs in;
    in.air = air;
    in.tethers = tethering;
    in.selfCollision = p.selfCollision != nullptr || p.selfContact3 != nullptr;
    in.selfContact = p.selfContact3 != nullptr;
    in.balls = p.contacts != nullptr && p.contacts->hasBalls();
    in.obstacles = p.contacts != nullptr && p.contacts->hasObstacles();
    in.tear = tearing;
    in.bending = bending;
    Phases phases{*this, p, h, xpbd, area, chebyshev, bending, projector};
    const PhaseSet set = substepPhases(in);
    for (int substep = 0; substep < settings.substeps; ++substep) {
        phases.substep = substep;
        runSubstep(phases, set);
    }
    glUseProgram(0);
}

void GpuSolver::finish() const
{
    glFinish();
}

} // namespace pbd::gpu
