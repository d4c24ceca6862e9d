// The GPU solver in 3D (issue 39, its core): prediction with gravity, the distance sets (PBD,
// XPBD, shear), substeps, damping, the velocity update, pins and a drag, through the
// Simulation's backend, against the colored solver in 3D: double gives its bits (the run's
// hash over x, y and z, and the velocities), float stays within 1e-3 m. Self-collision too
// (its phases on the GPU, nothing read back: gpu_self_contact3.h).
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "gl_read_log.h"
#include "gpu_backend.h"
#include "gpu_element_contact.h"
#include "gpu_self_contact3.h"
#include "gpu_solver.h"
#include "pbd/scene.h"
#include "pbd/simulation.h"
#include "pbd/state_io.h"

using pbd::GpuPrecision;
using pbd::Index;

namespace {

struct Run3 {
    std::vector<glm::dvec3> position;
    std::vector<glm::dvec3> velocity;
    std::size_t liveConstraints = 0;
};

/// A horizontal sheet (laid in x-z, draping under gravity from its two fixed corners): PBD.
pbd::Settings horizontalSheet()
{
    pbd::Settings s = pbd::Simulation3::defaultSettings();
    s.width = 24;
    s.height = 20;
    s.orientation = pbd::Orientation::Horizontal;
    s.threads = 1;
    return s;
}

/// A vertical sheet with four fixed corners: XPBD with a soft shear, substeps and damping,
/// a particle pinned and one dragged out of the plane (along z) and released with a throw.
pbd::Settings verticalSheet()
{
    pbd::Settings s = pbd::Simulation3::defaultSettings();
    s.width = 22;
    s.height = 18;
    s.fixedCount = 4;
    s.stiffness = 3000.0;
    s.shearStiffness = 200.0;
    s.substeps = 3;
    s.damping = 0.4;
    s.threads = 1;
    return s;
}

/// `steps` steps of `settings` with `solver` (Gpu: on the test's context in `precision`); with
/// `drag`, particle 5 is pinned and the middle of the bottom row grabbed at step 10, pulled
/// towards the viewer and up until step 60, then released with a throw.
/// `world` (if any) adds obstacles and balls to the new cloth, and `each` (if any) runs before
/// each step k (moving an obstacle, say).
using World3 = std::function<void(pbd::Simulation3&)>;
using EachStep = std::function<void(pbd::Simulation3&, int)>;

Run3 run(pbd::Settings settings, pbd::Solver solver, int steps, bool drag,
         GpuPrecision precision = GpuPrecision::Double, const World3& world = {},
         const EachStep& each = {})
{
    settings.solver = solver;
    settings.gpuPrecision = precision;
    pbd::Simulation3 simulation(settings);
    if (world)
        world(simulation);
    simulation.installBackend(pbd::gpu::currentContextBackendFactory("test context"));
    simulation.step(); // step 0: the GPU's runs must be the GPU's
    CHECK(simulation.backendDescription().empty() == (solver != pbd::Solver::Gpu));
    const auto dragged = static_cast<Index>((settings.height - 1) * settings.width +
                                            settings.width / 2);
    glm::dvec3 start(0.0);
    for (int k = 1; k < steps; ++k) {
        if (drag && k == 10) {
            simulation.pin(5);
            start = simulation.particles().position[dragged];
            simulation.grab(dragged);
        }
        if (drag && k >= 10 && k < 60)
            simulation.moveGrabbed(start + glm::dvec3(0.002, 0.004, 0.01) * double(k - 10));
        if (drag && k == 60)
            simulation.release(glm::dvec3(0.0, 0.5, -1.0));
        if (each)
            each(simulation, k);
        simulation.step();
    }
    simulation.sync();
    return {simulation.particles().position, simulation.particles().velocity,
            simulation.liveConstraintCount()};
}

double largestDeviation(const std::vector<glm::dvec3>& a, const std::vector<glm::dvec3>& b)
{
    double largest = 0.0;
    for (std::size_t i = 0; i < a.size(); ++i)
        for (int c = 0; c < 3; ++c)
            largest = std::max(largest, std::abs(a[i][c] - b[i][c]));
    return largest;
}

bool sameBits(const std::vector<glm::dvec3>& a, const std::vector<glm::dvec3>& b)
{
    return a.size() == b.size() &&
           std::memcmp(a.data(), b.data(), a.size() * sizeof(glm::dvec3)) == 0;
}

/// The run's hash over x, y, z is the reference's, and so are its positions' and velocities'
/// bits.
void checkSameBits(const Run3& run, const Run3& reference)
{
    CHECK(pbd::formatHash(pbd::positionsHash(run.position)) ==
          pbd::formatHash(pbd::positionsHash(reference.position)));
    CHECK(sameBits(run.position, reference.position));
    CHECK(sameBits(run.velocity, reference.velocity));
}

/// The largest |z| of a run: how far it left the x-y plane.
double largestZ(const std::vector<glm::dvec3>& x)
{
    double largest = 0.0;
    for (const glm::dvec3& p : x)
        largest = std::max(largest, std::abs(p.z));
    return largest;
}

} // namespace

TEST_CASE("GPU 3D: double gives the colored solver's bits (hash over x, y, z)", "[gpu3d]")
{
    SECTION("a horizontal sheet draping, PBD, 120 steps")
    {
        const pbd::Settings s = horizontalSheet();
        const Run3 colored = run(s, pbd::Solver::Colored, 120, false);
        const Run3 gpu = run(s, pbd::Solver::Gpu, 120, false);
        // It draped: the free corner fell well below the fixed ones' plane.
        const auto corner = static_cast<std::size_t>(s.width * s.height - 1);
        CHECK(colored.position[corner].y < pbd::Simulation3(s).particles().position[0].y - 0.5);
        checkSameBits(gpu, colored);
    }
    SECTION("a horizontal sheet with bending (the ten sets), XPBD, shear, substeps, 120 steps")
    {
        pbd::Settings s = horizontalSheet();
        s.bending = 5.0;
        s.stiffness = 3000.0;
        s.shearStiffness = 200.0;
        s.substeps = 3;
        const Run3 colored = run(s, pbd::Solver::Colored, 120, false);
        const Run3 gpu = run(s, pbd::Solver::Gpu, 120, false);
        // The bending acted: the sheet drapes otherwise than without it.
        pbd::Settings limp = s;
        limp.bending = 0.0;
        const Run3 unbent = run(limp, pbd::Solver::Colored, 120, false);
        CHECK(largestDeviation(colored.position, unbent.position) > 0.03);
        checkSameBits(gpu, colored);
    }
    SECTION("a vertical sheet: XPBD, shear, substeps, damping, a pin, a drag along z, 120 steps")
    {
        const pbd::Settings s = verticalSheet();
        const Run3 colored = run(s, pbd::Solver::Colored, 120, true);
        const Run3 gpu = run(s, pbd::Solver::Gpu, 120, true);
        CHECK(largestZ(colored.position) > 0.1); // the drag took it out of its plane
        checkSameBits(gpu, colored);
    }
}

/// A 2 m square sheet laid flat (21 x 21, one corner fixed), 3 substeps, particles 2 cm thick.
pbd::Settings droppedSheet()
{
    pbd::Settings s = horizontalSheet();
    s.width = s.height = 21;
    s.clothWidth = s.clothHeight = 2.0;
    s.fixedCount = 1;
    s.substeps = 3;
    s.thickness = 0.02;
    return s;
}

pbd::Obstacle3 obstacle(const char* spec)
{
    std::string error;
    const auto o = pbd::parseObstacle3Spec(spec, error);
    INFO(error);
    REQUIRE(o.has_value());
    return *o;
}

TEST_CASE("GPU 3D: the world (every 3D shape, a ball, friction, a moving box): double gives "
          "the colored solver's bits", "[gpu3d]")
{
    SECTION("a sphere over the ground, friction 0.3, 150 steps: nothing ends inside")
    {
        pbd::Settings s = droppedSheet();
        s.friction = 0.3;
        const World3 world = [](pbd::Simulation3& sim) {
            REQUIRE_FALSE(sim.addObstacle(obstacle("sphere:1,-0.8,1,0.5")));
            REQUIRE_FALSE(sim.addObstacle(obstacle("ground:-2")));
        };
        const Run3 colored = run(s, pbd::Solver::Colored, 150, false, GpuPrecision::Double, world);
        const Run3 gpu = run(s, pbd::Solver::Gpu, 150, false, GpuPrecision::Double, world);
        checkSameBits(gpu, colored);
        // It fell onto the sphere (its middle came down, and stays above the centre), and no
        // particle is inside it grown by half the thickness, nor below the ground.
        const glm::dvec3 centre(1.0, -0.8, 1.0);
        CHECK(gpu.position[220].y < -0.2);
        CHECK(gpu.position[220].y > centre.y);
        for (std::size_t i = 1; i < gpu.position.size(); ++i) {
            const glm::dvec3 d = gpu.position[i] - centre;
            CHECK(std::sqrt(pbd::dot(d, d)) >= 0.51 - 1e-9);
            CHECK(gpu.position[i].y >= -2.0 + 0.01 - 1e-9);
        }
    }
    SECTION("a turned box, a capsule, a plane, a ball, friction 0.5, the box moved and "
            "turned, 120 steps")
    {
        pbd::Settings s = droppedSheet();
        s.friction = 0.5;
        const World3 world = [](pbd::Simulation3& sim) {
            REQUIRE_FALSE(sim.addObstacle(obstacle("box:1,-1,1,1,0.4,1.2,10,20,30")));
            REQUIRE_FALSE(sim.addObstacle(obstacle("capsule:0,-0.5,0,2,-0.7,2,0.2")));
            REQUIRE_FALSE(sim.addObstacle(obstacle("plane:0,-1.5,0,0.2,1,0.1")));
            pbd::BallOf<3> ball;
            ball.position = glm::dvec3(0.3, 1.0, 0.4);
            ball.start = ball.position;
            ball.radius = 0.2;
            ball.mass = 1.0;
            REQUIRE_FALSE(sim.addBall(ball));
        };
        const EachStep each = [](pbd::Simulation3& sim, int k) {
            if (k >= 40 && k < 80) // the box rises and turns under the cloth
                REQUIRE_FALSE(sim.moveObstacle(0, glm::dvec3(1.0, -1.0 + 0.005 * (k - 40), 1.0),
                                               glm::dvec3(10.0, 20.0 + k - 40, 30.0)));
        };
        const Run3 colored =
            run(s, pbd::Solver::Colored, 120, false, GpuPrecision::Double, world, each);
        const Run3 gpu = run(s, pbd::Solver::Gpu, 120, false, GpuPrecision::Double, world, each);
        checkSameBits(gpu, colored);
    }
}

namespace {

/// 100 steps of `s` (tearing on) with the drag, colored and GPU double: the sheet tore, the
/// same constraints are gone, and the GPU ends 0 m from colored, positions and velocities (as
/// the 2D contract for a torn cloth: a removed constraint's zero correction may leave a fixed
/// particle's 0 with another sign than the CPU's lanes do). Returns the colored run.
Run3 checkTornAsColored(const pbd::Settings& s)
{
    const Run3 colored = run(s, pbd::Solver::Colored, 100, true);
    const Run3 gpu = run(s, pbd::Solver::Gpu, 100, true);
    const std::size_t all = pbd::clothConstraintCount(s.width, s.height);
    INFO("constraints left: colored " << colored.liveConstraints << ", gpu "
                                      << gpu.liveConstraints << " of " << all);
    CHECK(colored.liveConstraints < all); // it tore
    CHECK(gpu.liveConstraints == colored.liveConstraints);
    CHECK(largestDeviation(gpu.position, colored.position) == 0.0);
    CHECK(largestDeviation(gpu.velocity, colored.velocity) == 0.0);
    return colored;
}

} // namespace

TEST_CASE("GPU 3D: tearing (a drag along z tears the sheet): double is 0 m from the colored "
          "solver, with the same constraints torn", "[gpu3d]")
{
    pbd::Settings s = verticalSheet();
    s.tearStrain = 0.3;
    checkTornAsColored(s);
}

/// Issue 39's scene: a 2 m sheet (21 x 21) held by its four corners, sagging onto a sphere and
/// the ground below it, with bending, XPBD, friction 0.3, particles 2 cm thick and the air
/// blowing along z.
pbd::Settings issueScene()
{
    pbd::Settings s = droppedSheet();
    s.fixedCount = 4;
    using pbd::Settings;
    const std::pair<double Settings::*, double> values[] = {
        {&Settings::stiffness, 3000.0}, {&Settings::bending, 0.05}, {&Settings::friction, 0.3},
        {&Settings::airDrag, 0.5},      {&Settings::windZ, 2.0}};
    for (const auto& [field, value] : values)
        s.*field = value;
    return s;
}

const World3 kIssueWorld = [](pbd::Simulation3& sim) {
    REQUIRE_FALSE(sim.addObstacle(obstacle("sphere:1,-0.5,1,0.35")));
    REQUIRE_FALSE(sim.addObstacle(obstacle("ground:-0.6")));
};

TEST_CASE("GPU 3D, issue 39: a sheet with bending on a sphere and the ground, friction, a z "
          "wind: double gives the colored hash over 300 steps, float stays within 1e-3 m over "
          "100 and repeats itself", "[gpu3d]")
{
    const pbd::Settings s = issueScene();
    const Run3 colored = run(s, pbd::Solver::Colored, 300, false, GpuPrecision::Double, kIssueWorld);
    const Run3 gpu = run(s, pbd::Solver::Gpu, 300, false, GpuPrecision::Double, kIssueWorld);
    checkSameBits(gpu, colored);
    // The world acted: particles rest on the sphere and on the ground, none inside either
    // (grown by half the thickness).
    const glm::dvec3 centre(1.0, -0.5, 1.0);
    int onSphere = 0;
    int onGround = 0;
    for (const glm::dvec3& p : gpu.position) {
        const glm::dvec3 d = p - centre;
        const double r = std::sqrt(pbd::dot(d, d));
        CHECK(r >= 0.36 - 1e-9);
        CHECK(p.y >= -0.59 - 1e-9);
        onSphere += r < 0.365 ? 1 : 0;
        onGround += p.y < -0.585 ? 1 : 0;
    }
    CHECK(onSphere > 5);
    CHECK(onGround > 5);
    // The wind acted: without it the sheet ends elsewhere.
    pbd::Settings still = s;
    still.windZ = 0.0;
    const Run3 calm = run(still, pbd::Solver::Colored, 300, false, GpuPrecision::Double, kIssueWorld);
    CHECK(largestDeviation(calm.position, colored.position) > 1e-3);

    const Run3 colored100 = run(s, pbd::Solver::Colored, 100, false, GpuPrecision::Double, kIssueWorld);
    const Run3 a = run(s, pbd::Solver::Gpu, 100, false, GpuPrecision::Float, kIssueWorld);
    const Run3 b = run(s, pbd::Solver::Gpu, 100, false, GpuPrecision::Float, kIssueWorld);
    const double deviation = largestDeviation(a.position, colored100.position);
    INFO("float " << deviation << " m from colored after 100 steps");
    CHECK(deviation <= 1e-3);
    CHECK(deviation > 0.0); // it is float: not the double bits
    CHECK(sameBits(a.position, b.position));
    CHECK(sameBits(a.velocity, b.velocity));
}

/// Issue 39's scene with self-collision: a free 1 m sheet (20 x 20, 2 cm thick) dropped flat
/// onto a sphere above the ground, with bending, friction 0.3 and the air blowing along z: it
/// drapes over the sphere and its sides fold onto themselves.
pbd::Settings foldingScene()
{
    pbd::Settings s = horizontalSheet();
    s.width = s.height = 20;
    s.clothWidth = s.clothHeight = 1.0;
    s.fixedCount = 1; // unpinned by kFoldingWorld: free
    s.bending = 0.0005;
    s.friction = 0.3;
    s.airDrag = 0.05;
    s.windZ = 2.0;
    s.thickness = 0.02;
    s.selfCollision = true;
    return s;
}

const World3 kFoldingWorld = [](pbd::Simulation3& sim) {
    REQUIRE_FALSE(sim.addObstacle(obstacle("sphere:0.5,-0.4,0.5,0.25")));
    REQUIRE_FALSE(sim.addObstacle(obstacle("ground:-0.8")));
    REQUIRE(sim.unpin(0));
};

/// The folding world and the GPU backend installed on `simulation`; GL's reads counted from
/// here (gl_read_log.h).
void startOnGpu(pbd::Simulation3& simulation)
{
    kFoldingWorld(simulation);
    simulation.installBackend(pbd::gpu::currentContextBackendFactory("test context"));
    pbd::gpu::countGlReads();
}

/// Pairs of particles that are not grid neighbours (no constraint of the rest cloth joins
/// them) closer than `within` m, and the closest such pair's distance.
std::pair<int, double> closePairs(const std::vector<glm::dvec3>& x,
                                  const pbd::ClothTopology& topology, double within)
{
    int count = 0;
    double closest = 1e300;
    for (std::size_t i = 0; i < x.size(); ++i)
        for (std::size_t j = i + 1; j < x.size(); ++j) {
            if (topology.neighbours(static_cast<Index>(i), static_cast<Index>(j)))
                continue;
            const double r = std::sqrt(pbd::squaredLength(glm::dvec3(x[i] - x[j])));
            closest = std::min(closest, r);
            count += r < within ? 1 : 0;
        }
    return {count, closest};
}

TEST_CASE("GPU 3D, issue 39: a sheet folding onto itself over a sphere with bending, the "
          "ground, friction, a z wind and self-collision: double gives the colored hash over "
          "300 steps", "[gpu3d][gpu3d-self]")
{
    const pbd::Settings s = foldingScene();
    const Run3 colored = run(s, pbd::Solver::Colored, 300, false, GpuPrecision::Double,
                             kFoldingWorld);
    const Run3 gpu = run(s, pbd::Solver::Gpu, 300, false, GpuPrecision::Double, kFoldingWorld);
    checkSameBits(gpu, colored);
    // It folded onto itself: particles that no constraint joins lie within two thicknesses of
    // each other, and none closer than 0.9 thicknesses (the layers stay apart).
    const pbd::ClothTopology topology =
        pbd::clothTopology(s.width, s.height, pbd::clothRestLengths(s));
    const auto [close, closest] = closePairs(gpu.position, topology, 2.0 * s.thickness);
    INFO(close << " pairs within two thicknesses, the closest " << closest << " m apart");
    CHECK(close > 10);
    CHECK(closest >= 0.9 * s.thickness);
    // Self-collision acted: without it the sheet ends elsewhere.
    pbd::Settings apart = s;
    apart.selfCollision = false;
    const Run3 without = run(apart, pbd::Solver::Colored, 300, false, GpuPrecision::Double,
                             kFoldingWorld);
    CHECK(largestDeviation(without.position, colored.position) > 1e-3);
}

TEST_CASE("GPU 3D: a sheet hanging by one corner, 5 cm thick, squeezed in its plane as it "
          "swings onto the ground: double gives the colored bits over 150 steps (the "
          "particles' self-collision rounds on the GPU, held particles, rounds that settle)",
          "[gpu3d][gpu3d-self]")
{
    // Its particles come within the thickness of others in the sheet's own plane from the
    // first steps, each substep's rounds settling after a few (a second round where a pass
    // moved a particle more than the margin), the bottom row held by the ground.
    pbd::Settings s = pbd::Simulation3::defaultSettings();
    s.width = s.height = 20;
    s.clothWidth = s.clothHeight = 1.0;
    s.fixedCount = 1;
    s.thickness = 0.05;
    s.selfCollision = true;
    s.threads = 1;
    const World3 ground = [](pbd::Simulation3& sim) {
        REQUIRE_FALSE(sim.addObstacle(obstacle("ground:-1")));
    };
    const Run3 colored = run(s, pbd::Solver::Colored, 150, false, GpuPrecision::Double, ground);
    const Run3 gpu = run(s, pbd::Solver::Gpu, 150, false, GpuPrecision::Double, ground);
    checkSameBits(gpu, colored);
    // The particles' self-collision acted: without it the sheet ends elsewhere.
    pbd::Settings apart = s;
    apart.selfCollision = false;
    const Run3 without = run(apart, pbd::Solver::Colored, 150, false, GpuPrecision::Double,
                             ground);
    CHECK(largestDeviation(without.position, colored.position) > 1e-3);
    // Float (the particles' part in float on the GPU): two runs the same, the layers apart.
    const Run3 a = run(s, pbd::Solver::Gpu, 150, false, GpuPrecision::Float, ground);
    const Run3 b = run(s, pbd::Solver::Gpu, 150, false, GpuPrecision::Float, ground);
    CHECK(sameBits(a.position, b.position));
    const pbd::ClothTopology topology =
        pbd::clothTopology(s.width, s.height, pbd::clothRestLengths(s));
    const auto [close, closest] = closePairs(a.position, topology, 1.5 * s.thickness);
    INFO(close << " pairs within 1.5 thicknesses in float, the closest " << closest << " m");
    CHECK(closest >= 0.9 * s.thickness);
}

TEST_CASE("GPU 3D: with self-collision float repeats itself, and a step reads nothing back",
          "[gpu3d][gpu3d-self]")
{
    pbd::Settings s = foldingScene();
    const Run3 a = run(s, pbd::Solver::Gpu, 60, false, GpuPrecision::Float, kFoldingWorld);
    const Run3 b = run(s, pbd::Solver::Gpu, 60, false, GpuPrecision::Float, kFoldingWorld);
    CHECK(sameBits(a.position, b.position));
    CHECK(sameBits(a.velocity, b.velocity));

    // The reads of one step, counted by the solver and, apart, by GL's read calls and bytes
    // (gl_read_log.h): none. The particles' self-collision, the elements' contacts and the
    // bound all run on the GPU (docs/gpu.md), so not even a pin (an inverse mass written)
    // makes a step read.
    s.substeps = 2;
    s.solver = pbd::Solver::Gpu;
    s.gpuPrecision = GpuPrecision::Double;
    pbd::Simulation3 simulation(s);
    startOnGpu(simulation);
    for (int k = 0; k < 40; ++k) // until the sheet lies on the sphere, folding: guards to check
        simulation.step();
    pbd::gpu::GpuSolver* solver = pbd::gpu::gpuSolverOf(simulation.backend());
    REQUIRE(solver != nullptr);
    const std::size_t reads = solver->readbacks();
    const std::size_t bytes = solver->stateBytesRead();
    const pbd::gpu::GlReadCount gl = pbd::gpu::glReadCount();
    simulation.step();
    CHECK(solver->readbacks() - reads == 0);
    CHECK(solver->stateBytesRead() - bytes == 0);
    CHECK(pbd::gpu::glReadCount().calls - gl.calls == 0);
    CHECK(pbd::gpu::glReadCount().bytes - gl.bytes == 0);
    REQUIRE(simulation.pin(5));
    const std::size_t pinned = solver->readbacks();
    const long long pinnedCalls = pbd::gpu::glReadCount().calls;
    simulation.step();
    CHECK(solver->readbacks() - pinned == 0);
    CHECK(pbd::gpu::glReadCount().calls - pinnedCalls == 0);
}

TEST_CASE("GPU 3D: a 40 x 40 sheet folding over a sphere (past every pair's buffers) stays on "
          "the device: no state read, 8 bytes of status a step, no budget exceeded",
          "[gpu3d][gpu3d-self][gpu3d-big]")
{
    // The folding scene at 40 x 40: 1600 particles, 3042 triangles, 4641 edges; every pair of
    // its elements (15.6 million) would take some 2 GB, and the particles' pairs' buffers
    // (2^20) can overflow too, so each step reads the status of an earlier one (8 bytes).
    pbd::Settings s = foldingScene();
    s.width = s.height = 40;
    s.clothWidth = s.clothHeight = 1.2; // 3.1 cm a cell: diagonal neighbours 2.2 cm apart
    const int steps = 70;
    s.solver = pbd::Solver::Gpu;
    s.gpuPrecision = GpuPrecision::Double;
    pbd::Simulation3 simulation(s);
    startOnGpu(simulation);
    simulation.step();
    pbd::gpu::GpuSolver* solver = pbd::gpu::gpuSolverOf(simulation.backend());
    const pbd::gpu::GpuSelfContact3* phases = pbd::gpu::gpuSelfContact3Of(simulation.backend());
    REQUIRE(solver != nullptr);
    REQUIRE(phases != nullptr);
    REQUIRE(phases->elements() != nullptr);
    // The elements' contacts ran on the device (no read of the state), from budgets far
    // below every pair.
    const std::size_t particles = 1600, triangles = 2 * 39 * 39;
    CHECK(phases->elements()->candidateCapacity(0) < particles * triangles / 16);
    const std::size_t reads = solver->readbacks();
    const std::size_t bytes = solver->stateBytesRead();
    const pbd::gpu::GlReadCount gl = pbd::gpu::glReadCount();
    const std::size_t words = phases->status().reads;
    for (int k = 1; k < steps; ++k)
        simulation.step();
    CHECK(solver->readbacks() - reads == 0);
    CHECK(solver->stateBytesRead() - bytes == 0);
    const std::size_t read = phases->status().reads - words;
    INFO("status bits " << phases->status().bits << ", candidates "
                        << phases->elements()->candidateCapacity(0) << " and "
                        << phases->elements()->candidateCapacity(1) << ", kept "
                        << phases->elements()->keptCapacity(0) << " and "
                        << phases->elements()->keptCapacity(1) << ", needed kept "
                        << phases->status().needed[2] << " and " << phases->status().needed[3]);
    CHECK(read <= static_cast<std::size_t>(steps - 1));
    CHECK(phases->status().overflows == 0);
    CHECK(pbd::gpu::glReadCount().calls - gl.calls == static_cast<long long>(read));
    CHECK(pbd::gpu::glReadCount().bytes - gl.bytes == static_cast<long long>(8 * read));
    // Exact: the colored solver's bits (no budget was exceeded).
    simulation.sync();
    const Run3 gpu{simulation.particles().position, simulation.particles().velocity, 0};
    const Run3 colored =
        run(s, pbd::Solver::Colored, steps, false, GpuPrecision::Double, kFoldingWorld);
    checkSameBits(gpu, colored);
    // It folded onto itself: particles that no constraint joins within two thicknesses.
    const pbd::ClothTopology topology =
        pbd::clothTopology(s.width, s.height, pbd::clothRestLengths(s));
    CHECK(closePairs(gpu.position, topology, 2.0 * s.thickness).first > 10);
}

namespace {
/// Sets an environment variable (a test hook) for the scope.
class ScopedHook {
public:
    ScopedHook(const char* name, const char* value) : name_(name) { setenv(name, value, 1); }
    ~ScopedHook() { unsetenv(name_); }
    ScopedHook(const ScopedHook&) = delete;
    ScopedHook& operator=(const ScopedHook&) = delete;

private:
    const char* name_;
};
} // namespace

TEST_CASE("GPU 3D: the elements' budgets exceeded (one candidate and one kept pair a "
          "query): the status says so a step late, the buffers grow to what was needed, and "
          "the reads are counted", "[gpu3d][gpu3d-self][gpu3d-budget]")
{
    pbd::Settings s = foldingScene();
    s.solver = pbd::Solver::Gpu;
    s.gpuPrecision = GpuPrecision::Double;
    const ScopedHook budget("PBD_GPU_ELEMENT_BUDGET", "1,1");
    pbd::Simulation3 simulation(s);
    startOnGpu(simulation);
    simulation.step();
    const pbd::gpu::GpuSelfContact3* phases = pbd::gpu::gpuSelfContact3Of(simulation.backend());
    REQUIRE(phases != nullptr);
    const pbd::gpu::GpuElementContact* elements = phases->elements();
    REQUIRE(elements != nullptr);
    const std::size_t edges = 2 * 19 * 20 + 19 * 19;
    // The hook's budgets: one a query (the test's sheet would otherwise hold every pair).
    CHECK(elements->candidateCapacity(0) == 400);
    CHECK(elements->candidateCapacity(1) == edges);
    CHECK(elements->keptCapacity(0) == 400);
    CHECK(elements->keptCapacity(1) == edges);
    const pbd::gpu::GlReadCount gl = pbd::gpu::glReadCount();
    const pbd::gpu::GpuSelfContact3::Status before = phases->status();
    // The sheet falls, drapes and folds onto itself (the folding test's first 80 steps): its
    // candidates and then its kept pairs exceed the budgets.
    const int steps = 80;
    for (int k = 1; k < steps; ++k)
        simulation.step();
    const pbd::gpu::GpuSelfContact3::Status after = phases->status();
    INFO(after.reads << " status reads, " << after.overflows << " overflows, grown "
                     << after.grown << " times, bits " << after.bits);
    // A status read a step (each past its fence: a step late or so).
    CHECK(after.reads - before.reads >= static_cast<std::size_t>(steps - 3));
    CHECK(after.overflows >= 1);
    CHECK(after.grown >= 1);
    CHECK((after.bits & (2u | 4u)) != 0); // candidates
    CHECK((after.bits & (8u | 16u)) != 0); // kept pairs
    // Grown to at least what the steps needed.
    for (int kind = 0; kind < 2; ++kind) {
        INFO("kind " << kind);
        CHECK(elements->candidateCapacity(kind) >= after.needed[kind]);
        CHECK(elements->keptCapacity(kind) >= after.needed[2 + kind]);
    }
    CHECK(elements->keptCapacity(0) + elements->keptCapacity(1) > 400 + edges);
    // The bytes read: 8 each status read (the particles' word and the elements' bits), 24
    // (the six counts needed) after each elements' overflow; nothing else.
    const long long reads = static_cast<long long>(after.reads - before.reads);
    const long long countReads = static_cast<long long>(after.countReads - before.countReads);
    CHECK(countReads == static_cast<long long>(after.overflows - before.overflows));
    CHECK(pbd::gpu::glReadCount().bytes - gl.bytes == 8 * reads + 24 * countReads);
    CHECK(pbd::gpu::glReadCount().calls - gl.calls == reads + countReads);
}

TEST_CASE("GPU 3D: after the elements' budgets overflowed and grew, the steps are the "
          "every-pair buffers' bits again", "[gpu3d][gpu3d-self][gpu3d-budget]")
{
    // Budgets of one a query overflow as the sheet folds and grow; from the state they then
    // reached, the grown buffers step as buffers holding every pair do (the sheet's default at
    // 20 x 20), bit for bit, while nothing overflows.
    pbd::Settings s = foldingScene();
    s.solver = pbd::Solver::Gpu;
    s.gpuPrecision = GpuPrecision::Double;
    std::optional<ScopedHook> budget(std::in_place, "PBD_GPU_ELEMENT_BUDGET", "1,1");
    pbd::Simulation3 grown(s);
    kFoldingWorld(grown);
    grown.installBackend(pbd::gpu::currentContextBackendFactory("test context"));
    grown.step(); // the phase is made, the hook read
    budget.reset();
    for (int k = 1; k < 80; ++k)
        grown.step();
    const pbd::gpu::GpuSelfContact3* phases = pbd::gpu::gpuSelfContact3Of(grown.backend());
    REQUIRE(phases != nullptr);
    REQUIRE(phases->elements() != nullptr);
    CHECK(phases->status().grown >= 2);
    grown.sync();
    pbd::Simulation3 every(s);
    every.installBackend(pbd::gpu::currentContextBackendFactory("test context"));
    REQUIRE_FALSE(every.restore(grown.state()));
    const std::size_t overflows = phases->status().overflows;
    for (int k = 0; k < 40; ++k) {
        grown.step();
        every.step();
    }
    // The status of the last steps is read a step or two late: a few steps more.
    for (int k = 0; k < 3; ++k)
        grown.step();
    REQUIRE(phases->status().overflows == overflows);
    for (int k = 0; k < 3; ++k)
        every.step();
    grown.sync();
    every.sync();
    CHECK(pbd::formatHash(pbd::positionsHash(grown.particles().position)) ==
          pbd::formatHash(pbd::positionsHash(every.particles().position)));
    CHECK(sameBits(grown.particles().position, every.particles().position));
    CHECK(sameBits(grown.particles().velocity, every.particles().velocity));
}

TEST_CASE("GPU 3D: float stays within 1e-3 m of the colored solver over 100 steps, "
          "and repeats itself", "[gpu3d]")
{
    for (const bool vertical : {false, true}) {
        const pbd::Settings s = vertical ? verticalSheet() : horizontalSheet();
        const Run3 colored = run(s, pbd::Solver::Colored, 100, vertical);
        const Run3 a = run(s, pbd::Solver::Gpu, 100, vertical, GpuPrecision::Float);
        const Run3 b = run(s, pbd::Solver::Gpu, 100, vertical, GpuPrecision::Float);
        const double deviation = largestDeviation(a.position, colored.position);
        INFO((vertical ? "vertical" : "horizontal") << ": float " << deviation << " m from colored");
        CHECK(deviation <= 1e-3);
        CHECK(deviation > 0.0); // it is float: not the double bits
        CHECK(sameBits(a.position, b.position));
    }
}

TEST_CASE("GPU 3D: every phase is allowed, the solver refuses a self-collision step without "
          "its phase, and the other dimension's calls", "[gpu3d]")
{
    pbd::Settings s = horizontalSheet();
    s.solver = pbd::Solver::Gpu;
    CHECK_FALSE(pbd::validate(s).has_value()); // the core itself is allowed
    // What was refused before and runs on the GPU now, each on its own.
    auto allowed = [&](auto change) {
        pbd::Settings t = s;
        change(t);
        const auto error = pbd::validate(t);
        CHECK_FALSE(error.has_value());
    };
    allowed([](pbd::Settings& t) { t.bending = 0.01; });
    allowed([](pbd::Settings& t) { t.airDrag = 0.5; });
    allowed([](pbd::Settings& t) { t.tethers = true; });
    allowed([](pbd::Settings& t) { t.tearStrain = 0.5; });
    allowed([](pbd::Settings& t) { t.chebyshev = 0.9; });
    allowed([](pbd::Settings& t) {
        t.selfCollision = true;
        t.thickness = 0.01;
    });

    // The solver itself refuses them too, and the other dimension's calls.
    std::string why;
    auto solver = pbd::gpu::GpuSolver::create(4, 3, pbd::clothRestLengths(s),
                                              GpuPrecision::Double, why, 3);
    REQUIRE(solver != nullptr);
    CHECK(solver->dimensions() == 3);
    pbd::gpu::GpuStepParameters p;
    p.settings = s;
    p.settings.selfCollision = true;
    p.settings.thickness = 0.01;
    CHECK_THROWS_WITH(solver->step(p), Catch::Contains("selfCollision"));
    std::vector<glm::dvec2> flat;
    CHECK_THROWS_AS(solver->downloadPositions(flat), std::logic_error);
    CHECK_THROWS_AS(solver->renderPositions(), std::runtime_error);
}

namespace {

/// A built-in 3D scene's run with self-collision (thickness 2 cm where the scene has none),
/// and, on the GPU, the reads of its last step: by the solver and by GL's own read calls.
struct SceneRun {
    Run3 run;
    std::size_t reads = 0;
    long long glCalls = 0;
    long long glBytes = 0;
};

SceneRun runScene(const std::string& name, pbd::Solver solver, GpuPrecision precision, int steps)
{
    auto scene = pbd::builtInScene(name);
    REQUIRE(scene);
    pbd::Settings& s = scene->settings;
    s.selfCollision = true;
    s.thickness = s.thickness > 0.0 ? s.thickness : 0.02;
    s.solver = solver;
    s.gpuPrecision = precision;
    s.threads = 1;
    pbd::Simulation3 simulation(s);
    const auto error = pbd::applyScene(simulation, *scene);
    INFO((error ? *error : std::string()));
    REQUIRE_FALSE(error);
    simulation.installBackend(pbd::gpu::currentContextBackendFactory("test context"));
    pbd::gpu::countGlReads();
    for (int k = 0; k + 1 < steps; ++k)
        simulation.step();
    SceneRun out;
    pbd::gpu::GpuSolver* gpu = pbd::gpu::gpuSolverOf(simulation.backend());
    CHECK((gpu != nullptr) == (solver == pbd::Solver::Gpu));
    const std::size_t reads = gpu != nullptr ? gpu->readbacks() : 0;
    const pbd::gpu::GlReadCount gl = pbd::gpu::glReadCount();
    simulation.step();
    out.reads = gpu != nullptr ? gpu->readbacks() - reads : 0;
    out.glCalls = pbd::gpu::glReadCount().calls - gl.calls;
    out.glBytes = pbd::gpu::glReadCount().bytes - gl.bytes;
    simulation.sync();
    out.run = {simulation.particles().position, simulation.particles().velocity,
               simulation.liveConstraintCount()};
    return out;
}

} // namespace

TEST_CASE("GPU 3D: capsules among the obstacles (tablecloth-3d's bar, flag-3d's pole) with "
          "self-collision: double gives the colored hash, a step reads nothing back",
          "[gpu3d][gpu3d-self][gpu3d-capsule]")
{
    // The edges against the capsules' axes run on the GPU (element_contact.comp.glsl stages
    // 11, 7 and 12): no read-back of positions in a step, by the solver's count or GL's.
    // tablecloth-3d: the bar meets the cloth at step 44 and carries it off, the edges draped
    // over it pushed out (120 steps); flag-3d: the flag's edges by its pole from the start.
    for (const auto& [name, steps] : {std::pair<const char*, int>{"tablecloth-3d", 120},
                                      std::pair<const char*, int>{"flag-3d", 40}}) {
        INFO(name << ", " << steps << " steps");
        const SceneRun colored = runScene(name, pbd::Solver::Colored, GpuPrecision::Double, steps);
        const SceneRun gpu = runScene(name, pbd::Solver::Gpu, GpuPrecision::Double, steps);
        checkSameBits(gpu.run, colored.run);
        CHECK(gpu.reads == 0);
        CHECK(gpu.glCalls == 0);
        CHECK(gpu.glBytes == 0);
        if (steps > 60)
            continue;
        // Float: two runs the same.
        const SceneRun a = runScene(name, pbd::Solver::Gpu, GpuPrecision::Float, steps);
        const SceneRun b = runScene(name, pbd::Solver::Gpu, GpuPrecision::Float, steps);
        CHECK(sameBits(a.run.position, b.run.position));
        CHECK(sameBits(a.run.velocity, b.run.velocity));
    }
}

TEST_CASE("GPU 3D: a torn sheet with self-collision (its live surface on the GPU): double is "
          "0 m from the colored solver, and a step reads nothing but tearing's own count",
          "[gpu3d][gpu3d-self][gpu3d-torn]")
{
    // The vertical sheet dragged out of its plane tears; self-collision (2 cm thick) keeps its
    // torn flaps from passing through each other.
    pbd::Settings s = verticalSheet();
    s.tearStrain = 0.3;
    s.selfCollision = true;
    s.thickness = 0.02;
    const Run3 colored = checkTornAsColored(s);
    const std::size_t all = pbd::clothConstraintCount(s.width, s.height);
    // Self-collision acted on the torn sheet.
    pbd::Settings apart = s;
    apart.selfCollision = false;
    const Run3 without = run(apart, pbd::Solver::Colored, 100, true);
    CHECK(largestDeviation(without.position, colored.position) > 1e-3);
    // Float: two runs the same.
    const Run3 a = run(s, pbd::Solver::Gpu, 100, true, GpuPrecision::Float);
    const Run3 b = run(s, pbd::Solver::Gpu, 100, true, GpuPrecision::Float);
    CHECK(a.liveConstraints < all);
    CHECK(sameBits(a.position, b.position));
    CHECK(sameBits(a.velocity, b.velocity));

    // The reads of a step of the torn sheet, with self-collision and without: the same (the
    // tearing's count), by the solver's count and GL's own.
    auto stepReads = [](pbd::Settings t) {
        t.solver = pbd::Solver::Gpu;
        t.gpuPrecision = GpuPrecision::Double;
        pbd::Simulation3 simulation(t);
        simulation.installBackend(pbd::gpu::currentContextBackendFactory("test context"));
        simulation.step();
        // A cut down the middle, seen along z: the sheet in two flaps from now on.
        const std::vector<glm::dvec3>& x = simulation.particles().position;
        const auto middle = static_cast<std::size_t>(t.width / 2);
        const double at = 0.5 * (x[middle - 1].x + x[middle].x);
        REQUIRE(simulation.cut(glm::dvec3(at, 10.0, 0.0), glm::dvec3(at, -10.0, 0.0),
                               glm::dvec3(0.0, 0.0, 1.0)) > 0);
        pbd::gpu::countGlReads();
        for (int k = 0; k < 5; ++k)
            simulation.step();
        pbd::gpu::GpuSolver* solver = pbd::gpu::gpuSolverOf(simulation.backend());
        REQUIRE(solver != nullptr);
        REQUIRE(solver->mayHaveRemoved());
        const std::size_t reads = solver->readbacks();
        const pbd::gpu::GlReadCount gl = pbd::gpu::glReadCount();
        simulation.step();
        return std::array<long long, 3>{static_cast<long long>(solver->readbacks() - reads),
                                        pbd::gpu::glReadCount().calls - gl.calls,
                                        pbd::gpu::glReadCount().bytes - gl.bytes};
    };
    const auto with = stepReads(s);
    const auto alone = stepReads(apart);
    INFO("a step's reads (solver, GL calls, GL bytes): with self-collision " << with[0] << ", "
         << with[1] << ", " << with[2] << "; without " << alone[0] << ", " << alone[1] << ", "
         << alone[2]);
    CHECK(with == alone);
}
