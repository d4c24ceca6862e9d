#pragma once
/// \file
/// Simulation settings with the page's defaults, their documented limits, and the one
/// function that validates them.

#include <optional>
#include <string>
#include <string_view>

namespace pbd {

/// Largest cloth side in particles. 2048 x 2048 is 4.2 million particles and 16.8 million
/// constraints: about 0.5 GiB in double precision, well within a few GiB.
inline constexpr int kMaxClothSide = 2048;
/// Largest cloth side with Solver::Gpu: 4096 x 4096 = 16.8 million particles, 67 million
/// constraints, about 1.3 GiB of GPU buffers in float (2.1 GiB in double).
inline constexpr int kMaxGpuClothSide = 4096;
/// Largest number of Gauss-Seidel sweeps per step.
inline constexpr int kMaxIterations = 1000;
/// Smallest and largest time step in seconds.
inline constexpr double kMinTimeStep = 1e-6;
inline constexpr double kMaxTimeStep = 1.0;
/// Largest magnitude of the gravitational acceleration in m/s^2.
inline constexpr double kMaxGravity = 1e4;
/// Smallest and largest particle mass in kg.
inline constexpr double kMinMass = 1e-6;
inline constexpr double kMaxMass = 1e6;

/// Largest number of solver threads (Settings::threads, `--threads`).
inline constexpr int kMaxThreads = 64;
/// Largest distance-constraint stiffness in N/m (Settings::stiffness).
inline constexpr double kMaxStiffness = 1e12;
/// Largest number of substeps per step (Settings::substeps).
inline constexpr int kMaxSubsteps = 1000;
/// Largest strain budget (Settings::maxStrain): a stretch of 100%.
inline constexpr double kMaxStrainBudget = 1.0;
/// Most substeps a step may take to keep within Settings::maxStrain (or Settings::substeps
/// when that is larger): the budget's cap. 256 substeps hold a 100 x 100 page cloth, which
/// needs about 19 for 1%, within 0.03%.
inline constexpr int kStrainBudgetSubstepCap = 256;
/// Largest velocity damping rate in 1/s (Settings::damping).
inline constexpr double kMaxDamping = 1000.0;
/// Largest shear stiffness in N/m (Settings::shearStiffness).
inline constexpr double kMaxShearStiffness = 1e12;
/// Largest signed-area stiffness in N/m (Settings::areaStiffness).
inline constexpr double kMaxAreaStiffness = 1e12;
/// Largest bending rigidity per unit width in N m (Settings::bending): some 60 times a 1 cm
/// steel plate's (E t^3 / 12 = 1.7e4 N m); a cloth's is about 1e-6 to 1e-4 N m.
inline constexpr double kMaxBending = 1e6;
/// Largest tearing strain (Settings::tearStrain): 1000 times the rest length.
inline constexpr double kMaxTearStrain = 1000.0;
/// Largest cloth width or height in metres (Settings::clothWidth, clothHeight); the page's
/// largest cloth, 2048 particles at 0.2 m, is 409.4 m.
inline constexpr double kMaxClothSize = 1000.0;
/// Smallest spacing of a sized cloth's particles in metres: twice the 1 mm below which a
/// constraint is skipped as degenerate, so that a cloth at rest is never skipped.
inline constexpr double kMinClothSpacing = 0.002;
/// Largest areal density in kg/m^2 (Settings::density).
inline constexpr double kMaxDensity = 1e4;
/// Largest Chebyshev spectral radius estimate (Settings::chebyshev): nearer 1 the weights
/// approach 2 and the sweeps diverge.
inline constexpr double kMaxChebyshev = 0.99;

/// Largest particle thickness (Settings::thickness), in metres.
inline constexpr double kMaxThickness = 10.0;
/// Largest friction coefficient (Settings::friction).
inline constexpr double kMaxFriction = 100.0;
/// Largest magnitude of each wind component in m/s (Settings::windX, windY).
inline constexpr double kMaxWind = 1000.0;
/// Largest air drag coefficient in N s/m^2 (Settings::airDrag).
inline constexpr double kMaxAirDrag = 1e4;

/// The order in which a step projects the constraints.
enum class Solver {
    /// The page's Gauss-Seidel order: every constraint in array order, each seeing the
    /// corrections of the ones before it, on one thread. Reproduces the page exactly.
    Sequential,
    /// Graph-colored Gauss-Seidel [BMM17]: the constraints grouped into sets in which no two
    /// share a particle (eight for the grid); the sets one after another, the constraints of a
    /// set in parallel on Settings::threads threads. Bit-identical for every thread count; it
    /// converges a little differently per iteration from the page's order.
    Colored,
    /// The colored order on OpenGL 4.3 compute shaders (pbd_gpu), in Settings::gpuPrecision.
    /// Runs only where a program has installed a SolverBackendFactory into the Simulation
    /// (pbd-sim does); the state stays on the GPU between steps.
    Gpu,
};

/// The arithmetic of Solver::Gpu.
enum class GpuPrecision {
    Float,  ///< 32-bit floats: the fastest, within about 1e-3 m of double after 100 steps
    Double, ///< 64-bit: the colored CPU solver's operations, to rounding
};
/// How a 3D cloth is laid out at its start (Settings::orientation).
enum class Orientation {
    /// The page's sheet in the x-y plane at z = 0, rows going down (the 2D cloth's places).
    Vertical,
    /// The same sheet laid flat in the x-z plane at the height of row 0, rows going towards
    /// +z. 3D only.
    Horizontal,
};
/// "vertical" or "horizontal".
const char* orientationName(Orientation orientation);
/// The orientation called `name`, or nothing.
std::optional<Orientation> orientationFromName(std::string_view name);

/// "float" or "double".
const char* gpuPrecisionName(GpuPrecision precision);
/// The precision called `name`, or nothing.
std::optional<GpuPrecision> gpuPrecisionFromName(std::string_view name);

/// "sequential", "colored" or "gpu".
const char* solverName(Solver solver);
/// The solver called `name` ("sequential", "colored" or "gpu"), or nothing.
std::optional<Solver> solverFromName(std::string_view name);

/// Everything that defines a run. Defaults are the page's.
/// width, height, fixedCount, clothWidth and clothHeight define the cloth (changing them
/// rebuilds it); the others apply between steps.
struct Settings {
    /// Particles per row, 1 to kMaxClothSide (kMaxGpuClothSide with Gpu); with a clothWidth,
    /// the cloth's resolution across.
    int width = 40;
    /// Particles per column, 1 to kMaxClothSide (kMaxGpuClothSide with Gpu); with a
    /// clothHeight, the cloth's resolution down.
    int height = 30;
    int fixedCount = 2;      ///< fixed corners: 1, 2 or 4
    double timeStep = 0.005; ///< seconds per step, kMinTimeStep to kMaxTimeStep
    int iterations = 2;      ///< Gauss-Seidel sweeps per step, 0 to kMaxIterations
    double gravity = -9.81;  ///< acceleration along y in m/s^2, -kMaxGravity to kMaxGravity
    double mass = 0.5; ///< mass of every particle in kg, kMinMass to kMaxMass (when density is 0)
    Solver solver = Solver::Sequential; ///< constraint order; not the page's own setting
    /// Threads of the Colored solver: 0 = one per hardware core, else 1 to kMaxThreads.
    /// The result does not depend on it. Sequential always uses one thread.
    int threads = 0;
    /// Stiffness k of every distance constraint in N/m, 0 to kMaxStiffness: XPBD [MMC16] with
    /// compliance 1/k. 0 means infinitely stiff (compliance 0), which is exactly PBD.
    double stiffness = 0.0;
    /// Substeps per step, 1 to kMaxSubsteps: each runs the whole step with dt / substeps
    /// ("Small Steps", Macklin et al. 2019). 1 is the page's step.
    int substeps = 1;
    /// Velocity damping rate d in 1/s, 0 to kMaxDamping: after each substep's velocity update
    /// every movable particle's velocity is scaled by max(0, 1 - d h). 0 changes nothing.
    double damping = 0.0;
    /// Stiffness of the diagonal (shear) constraints alone in N/m, 0 to kMaxShearStiffness:
    /// XPBD with compliance 1/k for them while the others keep `stiffness`. 0 (the page):
    /// the diagonals have the cloth's stiffness, as every constraint.
    double shearStiffness = 0.0;
    /// Stiffness of the signed-area constraints of each cell's two triangles in N/m, 0 to
    /// kMaxAreaStiffness; 0 (the page) adds none. They let a flipped (folded) cell unfold.
    double areaStiffness = 0.0;
    /// Bending rigidity per unit width B in N m (N m^2 per m of width), 0 to kMaxBending: a
    /// material constant, so that a cloth bends alike at any resolution (cloth/bending.h,
    /// docs/physics.md "Bending"). Needs a cloth at least two particles wide and tall; only a
    /// 3D step bends (a 2D step ignores it). 0 (the page): none.
    double bending = 0.0;
    /// Strain |l - r| / r above which a distance constraint tears (is removed until restart)
    /// after a substep, 0 to kMaxTearStrain; 0 (the page) never tears.
    double tearStrain = 0.0;
    /// The cloth's width in metres, 0 to kMaxClothSize: the spacing across becomes
    /// clothWidth / (width - 1) (at least kMinClothSpacing; width must then be 2 or more).
    /// 0 (the page) keeps the page's 0.2 m spacing, so that the width sets the size.
    double clothWidth = 0.0;
    /// The cloth's height in metres, as clothWidth: the spacing down becomes
    /// clothHeight / (height - 1); 0 (the page) keeps 0.2 m.
    double clothHeight = 0.0;
    /// Areal density in kg/m^2, 0 to kMaxDensity: each particle's mass is the density times
    /// the area it represents (a quarter cell at a corner, half a cell along an edge, a whole
    /// cell inside; clothParticleMasses()). 0 (the page) gives every particle `mass`.
    double density = 0.0;
    /// Tethers (long-range attachments [KCM12]): every movable particle is kept within its
    /// rest distance through the cloth of each of its nearest anchors (the pinned particles),
    /// pulled only when farther; projected once per substep after the sweeps, on every
    /// solver, as hard limits also with XPBD stiffness. Off (the page) adds none.
    bool tethers = false;
    /// Chebyshev semi-iterative acceleration of the sweeps [Wang 2015]: the estimated
    /// spectral radius rho of the plain sweeps, 0 to 0.99 (dimensionless); 0 = off (the page).
    /// From the fourth sweep of a substep each sweep's result is weighted with the previous
    /// iterates (chebyshev.h), on every solver; a sweep whose largest correction outgrows the
    /// first weighted one's ends the weighting for the rest of its substep.
    double chebyshev = 0.0;
    /// Arithmetic of Solver::Gpu (float is the GPU's fast default); ignored by the others.
    GpuPrecision gpuPrecision = GpuPrecision::Float;
    /// Diameter of every particle for contacts with obstacles, in metres, 0 to kMaxThickness:
    /// no particle ends a substep closer than thickness / 2 to an obstacle. 0 (the page):
    /// particles are points.
    double thickness = 0.0;
    /// Coulomb friction coefficient mu between particles and obstacles, 0 to kMaxFriction
    /// (static and kinetic alike): a contact holds back the motion along the surface,
    /// relative to the obstacle's own, by up to mu times its normal correction. 0: none.
    double friction = 0.0;
    /// Self-collision: particles are discs of diameter `thickness`; after the sweeps two
    /// movable particles that no constraint of the rest cloth joins (grid neighbours, cut or
    /// not) are pushed apart to `thickness`, with `friction` between them; the obstacles'
    /// contacts run after and win. Needs 0 < thickness <= the smallest rest length
    /// (selfCollisionThicknessLimit()). Off (the page): the cloth passes through itself.
    bool selfCollision = false;
    /// Wind velocity along x in m/s, -kMaxWind to kMaxWind: the air's velocity where gusts
    /// do not change it (air.h). Matters only with airDrag > 0.
    double windX = 0.0;
    /// Wind velocity along y in m/s, -kMaxWind to kMaxWind, as windX.
    double windY = 0.0;
    /// Air drag coefficient c in N s/m^2, 0 to kMaxAirDrag: a constraint of current length l
    /// feels F = c l ((w - v) . n) n from air moving at w relative to its particles' mean
    /// velocity v, n its normal, shared by its two ends (air.h). 0 (the page): no air.
    double airDrag = 0.0;
    /// Gusts, 0 to 1: the wind varies smoothly in time and space by up to this fraction of
    /// its speed (air.h). 0: a steady wind.
    double gusts = 0.0;
    /// Dimensions of the simulated space: 2 (the page's plane) or 3 (x right, y up, z towards
    /// the viewer; gravity along -y). Changing it rebuilds the cloth.
    int dimensions = 2;
    /// Where a 3D cloth starts (Orientation); Vertical in 2D. Changing it rebuilds the cloth.
    Orientation orientation = Orientation::Vertical;
    /// Wind velocity along z in m/s, -kMaxWind to kMaxWind, as windX; 0 in 2D.
    double windZ = 0.0;
    /// Strain budget S, 0 to kMaxStrainBudget (a fraction: 0.01 = 1%); 0 (the default) is off.
    /// When on, each step chooses its substeps between `substeps` and
    /// max(substeps, kStrainBudgetSubstepCap) so that the largest strain |l - r| / r of the
    /// live constraints ends the step within S, and redoes a step that ends beyond it with
    /// more substeps (docs/physics.md "The strain budget"). Deterministic.
    double maxStrain = 0.0;

    bool operator==(const Settings&) const = default;
};

/// Why a settings value was refused.
struct SettingsError {
    std::string field;   ///< the field's name as in Settings, e.g. "width"
    std::string message; ///< names the field, the value and the allowed range
};

/// Checks every field; returns the first violation, or nothing when all are valid.
std::optional<SettingsError> validate(const Settings& settings);

/// The allowed values of a field, e.g. "allowed: a whole number from 1 to 2048", for
/// messages about values that could not even be read. Empty for an unknown field.
std::string allowedValues(const std::string& field);

/// The largest thickness self-collision allows on the settings' cloth: its smallest rest
/// length (the spacing across or down), in metres. The settings' sizes must be valid.
double selfCollisionThicknessLimit(const Settings& settings);

/// True when `a` and `b` describe the same cloth (width, height, fixed count, cloth width
/// and height).
bool sameCloth(const Settings& a, const Settings& b);

} // namespace pbd
