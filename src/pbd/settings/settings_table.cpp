#include "pbd/settings_table.h"

#include "files/input_text.h"

namespace pbd {
namespace {

bool oneTwoOrFour(double value) { return value == 1 || value == 2 || value == 4; }

// The one name table of each choice of Settings: the rows read and write these words, and
// solverName() and friends below name the values with them.
constexpr NameTable<Solver, 3> kSolverNames{
    {{Solver::Sequential, "sequential"}, {Solver::Colored, "colored"}, {Solver::Gpu, "gpu"}}};
constexpr NameTable<GpuPrecision, 2> kGpuPrecisionNames{
    {{GpuPrecision::Float, "float"}, {GpuPrecision::Double, "double"}}};
constexpr NameTable<Orientation, 2> kOrientationNames{
    {{Orientation::Vertical, "vertical"}, {Orientation::Horizontal, "horizontal"}}};
constexpr auto kOrientationChoices = choiceNames(kOrientationNames);
constexpr auto kSolverChoices = choiceNames(kSolverNames);
constexpr auto kGpuPrecisionChoices = choiceNames(kGpuPrecisionNames);

// Accessors: one pair per member, so that the table can read and write Settings by row.
#define PBD_NUMBER(member)                                                                  \
    .get = [](const Settings& s) { return static_cast<double>(s.member); },                \
    .set = [](Settings& s, double v) { s.member = static_cast<decltype(s.member)>(v); }
#define PBD_ENUM(member)                                                                    \
    .get = [](const Settings& s) { return static_cast<double>(static_cast<int>(s.member)); }, \
    .set = [](Settings& s, double v) {                                                      \
        s.member = static_cast<decltype(s.member)>(static_cast<int>(v));                    \
    }

constexpr SettingField kFields[] = {
    {.name = "width", .flag = "--width", .label = "Width",
     .value = whole(1, kMaxClothSide, "particles"), .brief = "particles per row",
     .help = "Particles per row of the cloth (with a Cloth width, its resolution across). "
             "Committing a new width restarts the cloth.",
     .rebuildsCloth = true, PBD_NUMBER(width)},
    {.name = "height", .flag = "--height", .label = "Height",
     .value = whole(1, kMaxClothSide, "particles"), .brief = "particles per column",
     .help = "Particles per column of the cloth (with a Cloth height, its resolution down). "
             "Committing a new height restarts the cloth.",
     .rebuildsCloth = true, PBD_NUMBER(height)},
    {.name = "fixedCount", .flag = "--fixed", .label = "# fixed particles",
     .value = {.kind = SettingKind::Whole, .lo = 1, .hi = 4, .accepts = oneTwoOrFour,
               .allowedText = "allowed: 1, 2 or 4"},
     .brief = "fixed corners",
     .help = "How many corners are pinned: 1 (top left), 2 (both top corners) or 4 (all "
             "corners). Changing it restarts the cloth.",
     .rebuildsCloth = true, PBD_NUMBER(fixedCount)},
    {.name = "timeStep", .flag = "--dt", .label = "Time step size", .labelUnit = "s",
     .value = real(kMinTimeStep, kMaxTimeStep, "s"), .step = 0.001, .brief = "time step in s",
     .help = "Simulated seconds per step (eight steps per frame when stepping as the page "
             "does). Smaller steps give a stiffer, more accurate cloth but slow the motion "
             "down. Applies at once.",
     PBD_NUMBER(timeStep)},
    {.name = "iterations", .flag = "--iterations", .label = "Iterations",
     .value = whole(0, kMaxIterations),
     .brief = "solver iterations: constraint sweeps per substep",
     .help = "Constraint projection sweeps per step. More sweeps make the cloth stiffer and "
             "less stretchy, and each step costs more. Applies at once.",
     .onBench = true, PBD_NUMBER(iterations)},
    {.name = "stiffness", .flag = "--stiffness", .label = "Stiffness", .labelUnit = "N/m",
     .value = real(0, kMaxStiffness, "N/m"), .step = 10,
     .brief = "distance-constraint stiffness in N/m, 0 = rigid as in PBD",
     .help = "Stiffness k of every distance constraint (XPBD, compliance 1/k). 0 means "
             "infinitely stiff: the page's PBD, where the stiffness comes from the time step "
             "and the iterations. With k > 0 the cloth stretches like springs of stiffness k, "
             "nearly independent of the iterations. Applies at once.",
     .onBench = true, PBD_NUMBER(stiffness)},
    {.name = "gravity", .flag = "--gravity", .label = "Gravity", .labelUnit = "m/s\u00B2",
     .value = real(-kMaxGravity, kMaxGravity, "m/s^2"), .step = 0.01,
     .brief = "gravity along y in m/s^2",
     .help = "Acceleration along y in m/s^2; negative values pull the cloth down. Applies at "
             "once.",
     PBD_NUMBER(gravity)},
    {.name = "mass", .flag = "--mass", .label = "Mass", .labelUnit = "kg",
     .value = real(kMinMass, kMaxMass, "kg"), .step = 0.01, .brief = "particle mass in kg",
     .help = "Mass of every particle in kg. With stiffness 0 (PBD) a uniform mass does not "
             "change the motion: gravity accelerates every mass alike, and each constraint "
             "moves its two particles by the weights w_i/(w_1+w_2) of their inverse masses, so "
             "a common mass cancels. With XPBD (stiffness > 0) the mass matters: the "
             "compliance is not scaled by it, so heavier particles stretch the springs "
             "further. A Density other than 0 replaces it. Applies at once.",
     PBD_NUMBER(mass)},
    {.name = "substeps", .flag = "--substeps", .label = "Substeps",
     .value = whole(1, kMaxSubsteps), .brief = "substeps per step, each of dt / substeps",
     .help = "Substeps per step: each substep predicts, projects and updates the velocities "
             "with dt / substeps (Small Steps, Macklin et al. 2019). More substeps converge "
             "far better than more iterations at the same cost. 1 is the page's step. Applies "
             "at once.",
     .section = PanelSection::BeyondPage, .onBench = true, PBD_NUMBER(substeps)},
    {.name = "damping", .flag = "--damping", .label = "Damping", .labelUnit = "1/s",
     .value = real(0, kMaxDamping, "1/s"), .step = 0.1,
     .brief = "velocity damping rate in 1/s",
     .help = "Velocity damping rate d: after each substep every moving particle's velocity is "
             "scaled by max(0, 1 - d h), h the substep. 0 (the page) damps nothing. Applies at "
             "once.",
     .section = PanelSection::BeyondPage, .onBench = true, PBD_NUMBER(damping)},
    {.name = "shearStiffness", .flag = "--shear-stiffness", .label = "Shear",
     .labelUnit = "N/m", .value = real(0, kMaxShearStiffness, "N/m"), .step = 10,
     .brief = "stiffness of the diagonal constraints alone in N/m, 0 = the cloth's",
     .help = "Stiffness of the two diagonals of each cell alone (XPBD, compliance 1/k), the "
             "cloth's resistance to shear: the other constraints keep Stiffness. The page's "
             "crossed diagonals make every cell rigid; a soft shear lets a cell turn into a "
             "parallelogram, as woven cloth does. 0 (the page): the diagonals have the cloth's "
             "Stiffness. Applies at once.",
     .section = PanelSection::BeyondPage, .onBench = true, PBD_NUMBER(shearStiffness)},
    {.name = "areaStiffness", .flag = "--area-stiffness", .label = "Area stiffness",
     .labelUnit = "N/m", .value = real(0, kMaxAreaStiffness, "N/m"), .step = 10,
     .brief = "signed-area stiffness of each cell in N/m, 0 = off",
     .help = "Stiffness of a signed-area constraint on each cell's two triangles, which lets a "
             "flipped (folded) cell unfold. 0 (the page) adds none. Applies at once.",
     .section = PanelSection::BeyondPage, .onBench = true, PBD_NUMBER(areaStiffness)},
    {.name = "tearStrain", .flag = "--tear-strain", .label = "Tear at strain",
     .value = real(0, kMaxTearStrain), .step = 0.1,
     .brief = "strain |l - r| / r above which a constraint tears, 0 = never",
     .help = "A distance constraint stretched beyond this strain |l - r| / r after a substep "
             "tears: it is removed until the next restart. 0 (the page) never tears. Applies "
             "at once.",
     .section = PanelSection::BeyondPage, .onBench = true, PBD_NUMBER(tearStrain)},
    {.name = "clothWidth", .flag = "--cloth-width", .label = "Cloth width", .labelUnit = "m",
     .value = {.kind = SettingKind::Real, .lo = 0, .hi = kMaxClothSize, .unit = "m",
               .note = "0: the page's 0.2 m spacing"},
     .step = 0.1, .brief = "the cloth's width in m, 0 = 0.2 m per particle",
     .help = "The cloth's width in metres: Width then sets how many particles span it (the "
             "spacing is the cloth width / (Width - 1), at least 2 mm). 0 (the page) keeps "
             "the 0.2 m spacing, so that Width sets the size. Changing it restarts the cloth.",
     .section = PanelSection::BeyondPage, .rebuildsCloth = true, .onBench = true,
     PBD_NUMBER(clothWidth)},
    {.name = "clothHeight", .flag = "--cloth-height", .label = "Cloth height",
     .labelUnit = "m",
     .value = {.kind = SettingKind::Real, .lo = 0, .hi = kMaxClothSize, .unit = "m",
               .note = "0: the page's 0.2 m spacing"},
     .step = 0.1, .brief = "the cloth's height in m, 0 = 0.2 m per particle",
     .help = "The cloth's height in metres: Height then sets how many particles span it (the "
             "spacing is the cloth height / (Height - 1), at least 2 mm). 0 (the page) keeps "
             "the 0.2 m spacing. Changing it restarts the cloth.",
     .section = PanelSection::BeyondPage, .rebuildsCloth = true, .onBench = true,
     PBD_NUMBER(clothHeight)},
    {.name = "density", .flag = "--density", .label = "Density", .labelUnit = "kg/m\u00B2",
     .value = {.kind = SettingKind::Real, .lo = 0, .hi = kMaxDensity, .unit = "kg/m^2",
               .note = "0: every particle has Mass"},
     .step = 0.1, .brief = "areal density in kg/m^2, 0 = Mass per particle",
     .help = "Mass per square metre of cloth: each particle weighs the density times the area "
             "it represents (a quarter cell at a corner, half a cell along an edge, a whole "
             "cell inside), so that the cloth's mass does not depend on its resolution. 0 (the "
             "page) gives every particle Mass. Applies at once.",
     .section = PanelSection::BeyondPage, .onBench = true, PBD_NUMBER(density)},
    {.name = "tethers", .flag = "--tethers", .label = "Tethers", .value = onOff(),
     .brief = "keep every particle within its rest distance of its nearest pins (long-range "
              "attachments)",
     .help = "Long-range attachments: every free particle is kept within its rest distance, "
             "through the cloth, of each of its (up to four) nearest pinned particles, pulled "
             "back only when it is farther. A big cloth then hangs without stretching at the "
             "page's 2 iterations. Recomputed when pins, cuts or tears change the cloth; a "
             "piece cut free falls freely. Off (the page) adds none. Applies at once.",
     .section = PanelSection::BeyondPage, .onBench = true,
     .get = [](const Settings& s) { return s.tethers ? 1.0 : 0.0; },
     .set = [](Settings& s, double v) { s.tethers = v != 0.0; }},
    {.name = "chebyshev", .flag = "--chebyshev", .label = "Chebyshev rho",
     .value = {.kind = SettingKind::Real, .lo = 0, .hi = kMaxChebyshev, .note = "0: off"},
     .step = 0.01,
     .brief = "Chebyshev acceleration of the sweeps: the sweeps' estimated spectral radius, 0 "
              "= off",
     .help = "Chebyshev semi-iterative acceleration [Wang 2015]: from the fourth sweep of a "
             "substep, each sweep's result is pushed further along the last two sweeps' "
             "direction, by weights that grow with rho. 0.95 lowers the strain of a whirled "
             "cloth at 10 iterations about fivefold; too large a rho diverges, and a sweep whose "
             "largest correction grows past the first weighted sweep's ends the weighting for "
             "the rest of its substep. Needs 4 iterations or more. 0 (the page) is off.",
     .section = PanelSection::BeyondPage, .onBench = true, PBD_NUMBER(chebyshev)},
    {.name = "maxStrain", .flag = "--max-strain", .label = "Max strain",
     .value = {.kind = SettingKind::Real, .lo = 0, .hi = kMaxStrainBudget, .note = "0: off"},
     .step = 0.005,
     .brief = "strain budget: the largest strain |l - r| / r a step may end with, as a "
              "fraction; each step takes the substeps it needs, 0 = off",
     .help = "Strain budget S (0.01 = 1%): each step chooses its substeps, from Substeps up "
             "to 256, so that no constraint ends it stretched or squeezed by more than S, and "
             "a step that ends beyond S is done again with more substeps. The Performance "
             "section shows the substeps in use. The same run gives the same steps every "
             "time. 0 (the default) is off: every step takes Substeps.",
     .section = PanelSection::BeyondPage, .onBench = true, PBD_NUMBER(maxStrain)},
    {.name = "bending", .flag = "--bending", .label = "Bending", .labelUnit = "N m",
     .value = {.kind = SettingKind::Real, .lo = 0, .hi = kMaxBending, .unit = "N m",
               .note = "0: none"},
     .step = 1e-4, .brief = "bending rigidity per unit width in N m (3D), 0 = none",
     .help = "Bending rigidity B of the cloth per unit width, a material constant in N m: a "
             "strip clamped at one end droops as the elastica B theta'' = -rho g (L - s) "
             "cos theta says, alike at any resolution. A cotton shirting is about 1e-5 N m, "
             "a stiff card 1e-2. Needs a cloth at least 2 x 2 particles; only a 3D cloth "
             "bends. 0 (the page): none. Applies at once.",
     .section = PanelSection::Space, .onBench = true, PBD_NUMBER(bending)},
    {.name = "solver", .flag = "--solver", .label = "Solver",
     .value = choice(kSolverChoices, "a solver"),
     .brief = "constraint order: sequential (the page's, exact), colored (parallel independent "
              "sets) or gpu (the colored order on OpenGL 4.3 compute shaders)",
     .help = "Order of the constraint projections.", .section = PanelSection::Performance,
     .onBench = true, PBD_ENUM(solver)},
    {.name = "threads", .flag = "--threads", .label = "Threads",
     .value = {.kind = SettingKind::Whole, .lo = 0, .hi = kMaxThreads,
               .note = "0: one per core"},
     .brief = "threads of the colored solver",
     .help = "Threads projecting the constraints of the colored solver; 0 is one per core.",
     .section = PanelSection::Performance, .onBench = true, PBD_NUMBER(threads)},
    {.name = "gpuPrecision", .flag = "--gpu-precision", .label = "GPU precision",
     .value = choice(kGpuPrecisionChoices, "a precision"),
     .brief = "arithmetic of the gpu solver: float (the fastest) or double (the colored CPU "
              "solver's results to rounding)",
     .help = "Arithmetic of the GPU solver: float (fastest) or double (the colored solver's "
             "results to rounding).",
     .section = PanelSection::Performance, .onBench = true, PBD_ENUM(gpuPrecision)},
    // The world's settings; they matter only with obstacles (--obstacle).
    {.name = "thickness", .flag = "--thickness", .label = "Thickness", .labelUnit = "m",
     .value = {.kind = SettingKind::Real, .lo = 0, .hi = kMaxThickness, .unit = "m",
               .note = "0: points"},
     .step = 0.01, .brief = "particle diameter for contacts with obstacles in m, 0 = points",
     .help = "Diameter of every particle where it meets an obstacle: no particle ends a "
             "substep closer than half of it to an obstacle. 0 (the page) treats particles as "
             "points. Applies at once.",
     .section = PanelSection::World, .onBench = true, PBD_NUMBER(thickness)},
    {.name = "friction", .flag = "--friction", .label = "Friction",
     .value = real(0, kMaxFriction), .step = 0.1,
     .brief = "Coulomb friction coefficient between the cloth and obstacles, 0 = none",
     .help = "Coulomb friction mu between particles and obstacles, static and kinetic alike: "
             "a particle pressed onto an obstacle does not slide along it, relative to the "
             "obstacle's own motion, unless pushed along harder than mu times it is pressed "
             "on. 0 (the page) slides freely. Applies at once.",
     .section = PanelSection::World, .onBench = true, PBD_NUMBER(friction)},
    {.name = "selfCollision", .flag = "--self-collision", .label = "Self-collision",
     .value = onOff(),
     .brief = "keep particles not joined by a constraint at least the thickness apart",
     .help = "Self-collision: every particle is a disc of diameter Thickness, and two movable "
             "particles that no constraint of the rest cloth joins are pushed apart to that "
             "distance after the sweeps, before the obstacles' contacts (which win); friction "
             "between the layers is Friction. Needs 0 < Thickness <= the cloth's spacing. "
             "Off (the page) lets the cloth pass through itself. Applies at once.",
     .section = PanelSection::World, .onBench = true,
     .get = [](const Settings& s) { return s.selfCollision ? 1.0 : 0.0; },
     .set = [](Settings& s, double v) { s.selfCollision = v != 0.0; }},
    // The air's settings; they matter only with an air drag (air.h).
    {.name = "windX", .flag = "--wind-x", .label = "Wind x", .labelUnit = "m/s",
     .value = real(-kMaxWind, kMaxWind, "m/s"), .step = 0.5,
     .brief = "wind velocity along x in m/s",
     .help = "The air's velocity along x in m/s (positive: blowing right). It pushes the "
             "cloth only with an Air drag above 0. Applies at once.",
     .section = PanelSection::Air, .onBench = true, PBD_NUMBER(windX)},
    {.name = "windY", .flag = "--wind-y", .label = "Wind y", .labelUnit = "m/s",
     .value = real(-kMaxWind, kMaxWind, "m/s"), .step = 0.5,
     .brief = "wind velocity along y in m/s",
     .help = "The air's velocity along y in m/s (positive: blowing up). It pushes the cloth "
             "only with an Air drag above 0. Applies at once.",
     .section = PanelSection::Air, .onBench = true, PBD_NUMBER(windY)},
    {.name = "windZ", .flag = "--wind-z", .label = "Wind z", .labelUnit = "m/s",
     .value = real(-kMaxWind, kMaxWind, "m/s"), .step = 0.5,
     .brief = "wind velocity along z in m/s (3D)",
     .help = "The air's velocity along z in m/s (positive: blowing towards the viewer), in 3D "
             "only. It pushes the cloth only with an Air drag above 0. Applies at once.",
     .section = PanelSection::Space, .onBench = true, PBD_NUMBER(windZ)},
    {.name = "airDrag", .flag = "--air-drag", .label = "Air drag", .labelUnit = "N s/m\u00B2",
     .value = {.kind = SettingKind::Real, .lo = 0, .hi = kMaxAirDrag, .unit = "N s/m^2",
               .note = "0: no air"},
     .step = 0.1, .brief = "air drag coefficient c in N s/m^2, 0 = no air",
     .help = "Air drag c: each constraint of length l feels c l times the air's velocity "
             "across it, relative to its two particles, shared by them. The wind blows the "
             "cloth, and still air slows its fluttering. 0 (the page) has no air. Applies at "
             "once.",
     .section = PanelSection::Air, .onBench = true, PBD_NUMBER(airDrag)},
    {.name = "gusts", .flag = "--gusts", .label = "Gusts", .value = real(0, 1), .step = 0.1,
     .brief = "gustiness 0 to 1: how far the wind varies in time and space, as a fraction of "
              "its speed",
     .help = "The wind varies smoothly in time and space by up to this fraction of its speed "
             "(along and across it), the same in every run: a replay repeats every gust. 0: a "
             "steady wind. Applies at once.",
     .section = PanelSection::Air, .onBench = true, PBD_NUMBER(gusts)},
    // The space: a plane (the page's) or three dimensions.
    {.name = "dimensions", .flag = "--dimensions", .label = "Dimensions",
     .value = {.kind = SettingKind::Whole, .lo = 2, .hi = 3, .allowedText = "allowed: 2 or 3"},
     .brief = "dimensions of the space: 2 (the page's plane) or 3",
     .help = "2: the page's cloth in its plane. 3: x right, y up, z towards the viewer, "
             "gravity along -y; the cloth can fold, drape and bend out of its plane. Changing "
             "it restarts the cloth.",
     .section = PanelSection::Space, .rebuildsCloth = true, .onBench = true,
     PBD_NUMBER(dimensions)},
    {.name = "orientation", .flag = "--orientation", .label = "Orientation",
     .value = choice(kOrientationChoices, "an orientation"),
     .brief = "where a 3D cloth starts: vertical (the page's sheet in the x-y plane) or "
              "horizontal (laid flat in the x-z plane at the height of its top row)",
     .help = "Where a 3D cloth starts: vertical, the page's sheet in the x-y plane at z = 0; "
             "horizontal, the same sheet laid flat at the height of its first row, rows going "
             "towards +z (3D only). Changing it restarts the cloth.",
     .section = PanelSection::Space, .rebuildsCloth = true, .onBench = true,
     PBD_ENUM(orientation)},
};

#undef PBD_NUMBER
#undef PBD_ENUM

} // namespace

std::span<const SettingField> settingFields() { return kFields; }

const SettingField* findSettingField(std::string_view name)
{
    return findRow(settingFields(), name);
}

const char* solverName(Solver solver) { return nameOf(kSolverNames, solver); }

std::optional<Solver> solverFromName(std::string_view name)
{
    return valueNamed(kSolverNames, name);
}

const char* orientationName(Orientation orientation)
{
    return nameOf(kOrientationNames, orientation);
}

std::optional<Orientation> orientationFromName(std::string_view name)
{
    return valueNamed(kOrientationNames, name);
}

const char* gpuPrecisionName(GpuPrecision precision)
{
    return nameOf(kGpuPrecisionNames, precision);
}

std::optional<GpuPrecision> gpuPrecisionFromName(std::string_view name)
{
    return valueNamed(kGpuPrecisionNames, name);
}

} // namespace pbd
