#pragma once
/// \file
/// The cloth's colored projection order on OpenGL 4.3 compute shaders.

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "pbd/cloth.h"
#include "pbd/particles.h"
#include "pbd/settings.h"

namespace pbd::gpu {

/// The GPU's arithmetic for positions, velocities, inverse masses and lambdas (the
/// settings' enum: Float, Double).
using pbd::GpuPrecision;

class GpuContacts;
class GpuSelfCollision;
class GpuSelfContact3;

/// What a step needs besides the state, as Settings holds it (same units and meanings).
struct GpuStepParameters {
    /// The step's settings: the scalars come from them through the core's substepParams()
    /// (the CPU solvers' own), the features (tethers, tearing, the air) are read from them.
    Settings settings;
    /// The contact phase run after the tethers of each substep (obstacles, balls), prepared
    /// for this step (GpuContacts::prepare); null: none.
    GpuContacts* contacts = nullptr;
    /// The self-collision phase run after the tethers, before the contact phase, prepared for
    /// this step (GpuSelfCollision::prepare); null: none.
    GpuSelfCollision* selfCollision = nullptr;
    /// The 3D cloth's self-collision phases (SelfCollision and SelfContactBound), prepared
    /// for this step (GpuSelfContact3::prepare); null: none. 3D only, in place of
    /// selfCollision.
    GpuSelfContact3* selfContact3 = nullptr;
    double time = 0.0;    ///< simulated time at the step's start in s: the gusts' clock
};

class GpuChebyshev;
class GpuAir;
class GpuBending;

/// A width x height page grid on the GPU: positions, step-start positions, velocities and
/// inverse masses in shader storage buffers, one lambda buffer per grid set (XPBD). A
/// substep is one dispatch to predict, `iterations` sweeps of eight dispatches (one per
/// clothGridSets() set, in that order, with Chebyshev weights after each: chebyshev.h), with
/// tethers one dispatch over the particles, with self-collision its phase (GpuSelfCollision:
/// the CPU's find on the host, the passes in shaders/self_collision.comp.glsl), with a world
/// the contact phase (GpuContacts:
/// balls on the host, obstacles in shaders/contacts.comp.glsl), and
/// one dispatch for velocities and damping, with the arithmetic of the CPU colored kernel
/// [MHHR06, MMC16]. Needs a current OpenGL 4.3
/// context (HeadlessGl, or the app's window) for its whole life, on the calling thread.
class GpuSolver {
public:
    /// Compiles the kernels and makes the buffers. Returns null and sets `why` when the grid
    /// does not fit the GPU's limits (shader storage block size, work group count, memory) or
    /// a kernel does not compile; the message names the size and the limit.
    static std::unique_ptr<GpuSolver> create(int width, int height, GpuPrecision precision,
                                             std::string& why);
    /// The same for a grid with rest lengths `rest` (a sized cloth's, clothRestLengths()),
    /// in `dimensions` 2 or 3 (Settings::dimensions). In 3D the positions, step starts and
    /// velocities are x, y, z per particle (the 3D overloads below take them), and a step
    /// runs every phase of the 2D step but the cells' areas, and the bending's ten sets
    /// (GpuBending), with self-collision through GpuSelfContact3 (a step with selfCollision
    /// on and no GpuSelfContact3 throws std::runtime_error naming it).
    static std::unique_ptr<GpuSolver> create(int width, int height, const ClothRestLengths& rest,
                                             GpuPrecision precision, std::string& why,
                                             int dimensions = 2);
    ~GpuSolver();
    GpuSolver(const GpuSolver&) = delete;
    GpuSolver& operator=(const GpuSolver&) = delete;

    int width() const { return width_; }
    int height() const { return height_; }
    GpuPrecision precision() const { return precision_; }
    /// 2 or 3: the dimensions of the cloth it steps (the calls of the other dimension's
    /// vectors throw std::logic_error).
    int dimensions() const { return dimensions_; }
    std::size_t particleCount() const { return count_; }
    /// Bytes of GPU memory in the solver's buffers.
    std::size_t bufferBytes() const { return bytes_; }

    /// Replaces the whole state on the GPU with the particles' positions, step starts,
    /// velocities and inverse masses: each must hold particleCount() entries (the masses and
    /// flags are the host's own and not read).
    void upload(const Particles& state);
    /// The same from arrays of particleCount() entries each.
    void upload(const glm::dvec2* position, const glm::dvec2* stepStart,
                const glm::dvec2* velocity, const double* inverseMass);
    /// Reads the whole state back into the particles' positions, step starts, velocities and
    /// inverse masses (their masses and flags left as they are).
    void download(Particles& state) const;
    /// Reads back positions, step-start positions and velocities.
    void download(std::vector<glm::dvec2>& position, std::vector<glm::dvec2>& stepStart,
                  std::vector<glm::dvec2>& velocity) const;
    /// The 3D cloth's upload() and download(): x, y, z per particle.
    void upload(const glm::dvec3* position, const glm::dvec3* stepStart,
                const glm::dvec3* velocity, const double* inverseMass);
    void download(std::vector<glm::dvec3>& position, std::vector<glm::dvec3>& stepStart,
                  std::vector<glm::dvec3>& velocity) const;
    /// Reads back the positions only (m).
    void downloadPositions(std::vector<glm::dvec2>& positions) const;
    /// Reads back the positions at the start of the last substep only (m).
    void downloadStepStart(std::vector<glm::dvec2>& stepStart) const;
    /// The 3D cloth's downloadPositions() and downloadStepStart() (x, y, z per particle).
    void downloadPositions(std::vector<glm::dvec3>& positions) const;
    void downloadStepStart(std::vector<glm::dvec3>& stepStart) const;
    /// Reads back the inverse masses only (1/kg).
    void downloadInverseMasses(std::vector<double>& inverseMass) const;
    /// Changes whenever the inverse masses are written (upload, setInverseMass): a copy read
    /// back at one version is current while it stays.
    std::uint64_t inverseMassVersion() const { return inverseMassVersion_; }

    /// Replaces the constraints' live flags: one per constraint of the page's order
    /// (clothConstraintCount), 1 live, 0 removed (projected with a zero correction).
    void uploadAlive(const std::uint8_t* alive, std::size_t count);
    /// Reads the live flags back (constraints torn on the GPU are 0).
    void downloadAlive(std::vector<std::uint8_t>& alive) const;
    /// Whether some constraint is, or may be, removed (cut, or torn on the GPU): when false
    /// every live flag is 1 without reading them.
    bool mayHaveRemoved() const { return masked_; }
    /// Constraints torn on the GPU since the last uploadAlive (four bytes read back; waits
    /// for the queued steps).
    std::size_t tornCount() const;
    /// downloadAlive() when some constraint was torn since the last upload or read, and true;
    /// else false, reading only tornCount() and leaving `alive` as it is.
    bool downloadAliveIfTorn(std::vector<std::uint8_t>& alive) const;

    /// Replaces the tethers: `slots` per particle, slot s of particle i at s * particleCount()
    /// + i, its anchor's particle index and its length in metres (pbd::kNoTether: none).
    /// Throws std::runtime_error when they do not fit the GPU.
    void uploadTethers(const std::uint32_t* anchor, const double* length, std::size_t slots);

    /// Writes one particle's position (m): how a grabbed particle is moved.
    void setPosition(Index index, glm::dvec2 position);
    /// Writes the positions (m) of particles first .. first + count - 1.
    void writePositions(Index first, const glm::dvec2* positions, std::size_t count);
    /// The same for a 3D cloth (x, y, z per particle).
    void writePositions(Index first, const glm::dvec3* positions, std::size_t count);
    /// Writes one particle's velocity (m/s).
    void setVelocity(Index index, glm::dvec2 velocity);
    /// The 3D cloth's setPosition() and setVelocity().
    void setPosition(Index index, glm::dvec3 position);
    void setVelocity(Index index, glm::dvec3 velocity);
    /// Writes one particle's inverse mass (1/kg; 0 pins it): pin, grab, release.
    void setInverseMass(Index index, double inverseMass);

    /// A buffer of particleCount() float (x, y) pairs holding the current positions, for
    /// drawing them as vertex and instance attributes: the positions buffer itself in float;
    /// in double a float copy that a compute pass writes on the GPU (again only after the
    /// positions changed). Nothing is read back. Issues the barrier that vertex fetches need.
    /// Throws std::runtime_error when the conversion kernel does not compile.
    unsigned renderPositions();
    /// What the 3D picture draws from: float x, y, z per particle (12 bytes each) and each
    /// particle's unit normal (the grid's triangles around it, as the app's vertexNormals()).
    struct RenderSurface {
        unsigned positions = 0; ///< buffer name: the positions as floats
        unsigned normals = 0;   ///< buffer name: the normals as floats
    };
    /// The 3D cloth's renderPositions(): both buffers written by a compute pass on the GPU
    /// (again only after the positions changed), nothing read back, the vertex fetches'
    /// barrier issued. Throws std::logic_error on a 2D cloth, std::runtime_error when the
    /// kernel does not compile.
    RenderSurface renderSurface3();
    /// Reads of the particle state so far (download, downloadPositions): what the app counts
    /// to show that it reads nothing back per frame.
    std::size_t readbacks() const { return readbacks_; }
    /// Reads of the live flags so far (downloadAlive, and downloadAliveIfTorn when something
    /// tore): one bit per constraint.
    std::size_t aliveReadbacks() const { return aliveReadbacks_; }
    /// Bytes of particle state read back so far, counted where glGetBufferSubData reads them,
    /// apart from readbacks(): a check on that count (0 exactly when nothing was read).
    std::size_t stateBytesRead() const { return stateBytesRead_; }
    /// Changes whenever the positions may have changed (a step, an upload, a write): what
    /// was measured from them at one version holds while it stays.
    std::uint64_t positionsVersion() const { return positionsVersion_; }
    /// Which solver this is: a number no other solver made in this process has (a solver
    /// made after one freed may take its address).
    std::uint64_t serial() const { return serial_; }
    /// Whole-state uploads so far (the host replaced the state: undo, load, a change made on
    /// the CPU): what was measured before one describes a state since replaced.
    std::uint64_t uploads() const { return uploads_; }
    /// The positions' buffer (bound at 0 while a step dispatches): for a phase's copies on
    /// the GPU; DIM reals per particle, packed, in the solver's precision.
    unsigned positionsBuffer() const { return positions_; }
    /// The live flags' buffer: one bit per constraint (tearing and cuts clear them).
    unsigned aliveBuffer() const { return alive_; }
    /// The names of every buffer the solver made (to check that they are freed).
    std::vector<unsigned> bufferNames() const;

    /// Queues one step (substeps x (predict, lambda reset, sweeps, velocity, damping)); each
    /// sweep is the eight distance sets, then, with areaStiffness > 0, the eight sets of cell
    /// triangles (whose buffers are made on the first such step: std::runtime_error when they
    /// do not fit). Does not wait for the GPU; call finish() or read back to wait.
    void step(const GpuStepParameters& parameters);
    /// Waits until the GPU has done everything queued.
    void finish() const;

    /// The first GL error since the last call, or 0 (GL_NO_ERROR).
    static unsigned glError();
    /// The current context's GL_MAX_SHADER_STORAGE_BLOCK_SIZE in bytes: the largest buffer
    /// the solver uses (positions, step starts or velocities: 2 reals per particle). Test
    /// hook: the environment variable PBD_GPU_MAX_STORAGE_BLOCK_BYTES=N, when smaller, stands
    /// in for it (to test the refusal of a cloth that does not fit without a huge one).
    static long long maxStorageBlockBytes();

private:
    GpuSolver() = default;
    void makeAreaBuffers();
    /// The positions changed: the float copy is stale, positionsVersion() moves on.
    void positionsChanged()
    {
        renderStale_ = true;
        ++positionsVersion_;
    }
    /// One D-vector buffer (positions or step starts) read back, counted as a readback.
    template <glm::length_t D>
    void downloadOne(unsigned buffer, std::vector<glm::vec<D, double>>& out,
                     const char* what) const;
    /// Positions first .. first + count - 1 of a D-dimensional cloth written.
    template <glm::length_t D>
    void writePositionsOf(Index first, const glm::vec<D, double>* positions, std::size_t count);
    /// Throws std::logic_error unless the solver's cloth has `dimensions`.
    void requireDimensions(int dimensions, const char* what) const;
    /// Throws std::runtime_error naming the first phase of `p` the 3D kernels lack.
    void refuseIn3d(const GpuStepParameters& p) const;

    int width_ = 0;
    int height_ = 0;
    GpuPrecision precision_ = GpuPrecision::Double;
    int dimensions_ = 2;
    std::size_t count_ = 0;
    std::size_t bytes_ = 0;
    std::size_t realSize_ = 8; ///< bytes per REAL
    std::array<std::size_t, 8> setCounts_{};
    unsigned predict_ = 0;
    unsigned project_ = 0;
    unsigned projectXpbd_ = 0;
    unsigned velocity_ = 0;
    unsigned projectArea_ = 0;
    unsigned tear_ = 0;
    unsigned tether_ = 0;          ///< stage 8
    unsigned tetherAnchors_ = 0;   ///< per slot: the anchor's particle index (uint)
    unsigned tetherLengths_ = 0;   ///< per slot: the length (REAL)
    std::size_t tetherSlots_ = 0;  ///< slots per particle uploaded (0: none)
    std::size_t tetherBytes_ = 0;  ///< bytes of the two tether buffers
    unsigned alive_ = 0;           ///< one bit per constraint
    unsigned torn_ = 0;            ///< constraints torn since uploadAlive (one uint)
    mutable std::size_t tornRead_ = 0; ///< tornCount() when the live flags were last read
    std::size_t constraintCount_ = 0;
    bool masked_ = false;          ///< some constraint is, or may be, removed
    std::array<std::size_t, 8> areaCounts_{}; ///< triangles per area set
    std::array<unsigned, 8> areaLambdas_{};   ///< made on the first step with area
    unsigned stepBlock_ = 0;       ///< the uniform block uStep (gpu_step_block.h)
    unsigned positions_ = 0;
    unsigned stepStart_ = 0;
    unsigned velocities_ = 0;
    unsigned inverseMasses_ = 0;
    std::array<unsigned, 8> lambdas_{};
    unsigned toFloat_ = 0;         ///< stage 5, made on the first renderPositions() in double
    unsigned renderPositions_ = 0; ///< float copy of the positions (double only; 3D: both)
    unsigned renderNormals_ = 0;   ///< 3D: the normals per particle, float x, y, z
    bool renderStale_ = true;      ///< the positions changed since the last float copy
    /// The Chebyshev weights' kernels and buffers, made on the first step that needs them.
    std::unique_ptr<GpuChebyshev> chebyshev_;
    std::unique_ptr<GpuAir> air_; ///< the air's kernels and buffers, once air blew
    std::unique_ptr<GpuBending> bending_; ///< the bending's (3D), made on its first step
    std::uint64_t inverseMassVersion_ = 0;
    std::uint64_t positionsVersion_ = 0; ///< positionsVersion()
    std::uint64_t uploads_ = 0;          ///< uploads()
    std::uint64_t serial_ = 0;           ///< serial()
    mutable std::size_t readbacks_ = 0;
    mutable std::size_t aliveReadbacks_ = 0;
    mutable std::size_t stateBytesRead_ = 0;
};

} // namespace pbd::gpu
